// lightseekers' table (TABLE-DESIGN.md, "Lightseekers TCG"): the heroes around the table
// in turn order (the others across the top, mine at the bottom), each with its health,
// Victory Points, Elements (superior ones ringed, used ones struck) and armour and power;
// an arrow from each hero to its target; the buffs in a row, each turned so that its
// active corner is on top (a rotation turns the card); the items beside the hero; a
// combo's payment as the paid cards on their way into the deck; a defeat's reward; my hand
// along the bottom. The cards are reconstructed (our design) and marked so.
//
// Clickable things carry data-ref: a card in hand (its id: play, combo, pay), the own hero
// ("hero": its Ability), an item ("item:<id>"), a buff ("buff:<id>@<n>", the n-th copy
// from the left), a card of the own discard pile ("discard:<id>": return it).
import { h } from "/static/js/api.js";
import { afterLayout, arrows, cap, dmg, either, gain, heal, icon, loss, nameTag, recon, seatTag, stat, useCss, verbs } from "/static/tables/kit.js";

const MAX_HEALTH = 35;
const ELEMENT_COLOURS = { fire: "#c8471b", water: "#1f6fb8", earth: "#7a5a2f", air: "#3d6a7a", lightning: "#8a6d00", crystal: "#7b3fa8",
  nature: "#2e7d32", shadow: "#3b3b55", light: "#7a5c00", astral: "#4b3f9a" };
const seatOf = ctx => (ctx.seat === null || ctx.seat === undefined ? 0 : ctx.seat);

// A card id the view does not describe (in a discard pile): its words.
function cardName(view, id) { return (view.cards[id] || {}).name || id.split("-").map(cap).join(" "); }

function cardZoom(c) {
  const needs = c.combo ? `Combo: ${(c.elements || []).map(cap).join(" + ")}` : `Element: ${cap(c.element || "unaligned")}`;
  return `${c.name} — ${cap(c.type)}${c.weight ? `, weight ${c.weight}` : ""}. ${needs}.\n${c.text}`;
}

export function elementChip(e, extra = "") {
  return h("span", { class: `el ${extra}`.trim(), style: `--el:${ELEMENT_COLOURS[e] || "#555"}`, title: cap(e) }, cap(e));
}

// A card: its type as the frame's colour, the element(s) it needs, its text.
export function cardBox(view, id, ref, extra) {
  const c = view.cards[id];
  if (!c) return h("div", { class: "ls-card unknown", "data-ref": ref, "data-card": id }, nameTag(cardName(view, id)), extra || "");
  return h("div", { class: `ls-card ${c.type}${c.combo ? " combo" : ""}`, "data-ref": ref, "data-card": id, "data-zoom": cardZoom(c) },
    h("div", { class: "card-head" }, nameTag(c.name), c.weight ? h("span", { class: "weight", title: `weight ${c.weight}` }, `⚖${c.weight}`) : null),
    h("div", { class: "meta" }, h("span", { class: "type" }, cap(c.type)), c.combo ? (c.elements || []).map(e => elementChip(e, "small")) : c.element ? elementChip(c.element, "small") : null),
    h("div", { class: "text" }, c.text), extra || null, c.reconstructed ? recon() : null);
}

// A buff, turned so its active corner is on top-left: corners in order TL, TR, BR, BL;
// each anticlockwise turn brings the next one to the top-left.
function buffCard(view, b, copy, mine) {
  const c = view.cards[b.card] || { name: cardName(view, b.card), text: "" };
  const corners = c.corners || null;
  const turns = b.turns || 0;
  const ref = mine ? `buff:${b.card}@${copy}` : `buff:${b.card}@${copy}:${b.slot}`;
  // Only the corners turn (a rotation turns the card's corners): the name stays level and
  // each corner's number upright, so the buff reads across at any turn.
  const face = h("div", { class: "buff-face" },
    corners ? h("div", { class: "buff-corners", "data-turns": String(turns % 4), style: `transform: rotate(${-90 * turns}deg)` },
      corners.map((v, i) => h("span", { class: `corner c${i}${i === turns % 4 ? " active" : ""}` },
        h("span", { class: "corner-num", style: `transform: rotate(${90 * turns}deg)` }, String(v))))) : null,
    nameTag(c.name, "buff-name"));
  return h("div", { class: `buff-slot${b.active ? "" : " inactive"}${corners ? " rotating" : ""}`, "data-ref": ref, "data-card": b.card, "data-slot": String(b.slot),
    "data-zoom": `${c.name} — buff #${b.slot}${corners ? `, active corner ${b.corner} (turned ${turns}×)` : ""}${b.active ? "" : ", inactive"}.\n${c.text}` },
    face, h("span", { class: "corner-now", "data-testid": "corner" }, corners ? `${b.corner}` : "∞"), c.reconstructed ? recon() : null);
}

function healthBar(p) {
  const pct = Math.max(0, Math.min(100, Math.round(100 * p.health / MAX_HEALTH)));
  return h("div", { class: "health-row" }, h("span", { class: "health", "data-testid": `health-${p.seat}` }, `♥ ${p.health}/${MAX_HEALTH}`),
    h("span", { class: "hbar", "aria-hidden": "true" }, h("span", { class: "hfill", style: `width:${pct}%` })));
}

function heroPanel(view, ctx, p, mine, compact) {
  const copies = {};
  const buffs = p.buffs.map(b => { copies[b.card] = (copies[b.card] || 0) + 1; return buffCard(view, b, copies[b.card], mine); });
  const used = p.seat === view.active ? new Set(view.used) : new Set();
  const top = p.discard.length ? cardName(view, p.discard[p.discard.length - 1]) : null;
  const toAct = view.to_act === p.seat;
  const returning = view.returning && view.returning.seat === p.seat && mine;
  const classes = ["ls-hero", toAct ? "to-act" : "", mine ? "mine" : "", p.in_game ? "" : "out", compact ? "compact" : ""];
  return h("div", { class: classes.filter(Boolean).join(" "), "data-seat": p.seat, "data-ref": `hero:${p.seat}` },
    h("div", { class: "hero-main" },
      h("div", { class: "hero-card", "data-ref": mine ? "hero" : null, "data-zoom": `${p.name}\n${p.trait}` },
        h("div", { class: "who" }, seatTag(p.seat, ctx.label(p.seat), { me: mine }), toAct ? h("span", { class: "turn-flag" }, "to act") : null),
        h("div", { class: "name" }, p.name, p.in_game ? null : h("span", { class: "defeated" }, " — defeated")),
        h("div", { class: "trait" }, p.trait),
        healthBar(p),
        h("div", { class: "hero-stats" }, h("span", { class: "vp", "data-testid": `vp-${p.seat}`, title: "Victory Points" }, icon("vp"), `${p.vp} VP`),
          stat("attack", p.power, "power"), stat("armor", p.armor, "armor")),
        h("div", { class: "elements" }, Object.entries(p.elements).map(([e, lv]) => elementChip(e, `${lv}${used.has(e) ? " used" : ""}`))),
        recon()),
      p.items.length ? h("div", { class: "items", title: `items: weight ${p.weight} of 2` }, h("span", { class: "zone-name" }, `Items ⚖${p.weight}/2`),
        p.items.map(id => (compact && view.cards[id] ? h("span", { class: "mini-card item-chip", "data-ref": `item:${id}`, "data-zoom": cardZoom(view.cards[id]) }, cardName(view, id)) : cardBox(view, id, `item:${id}`)))) : null),
    h("div", { class: "hero-side" },
      h("div", { class: "counts", "data-testid": `counts-${p.seat}` },
        h("span", { title: "cards in hand" }, icon("hand"), `hand ${p.hand}`), h("span", { title: "deck" }, icon("deck"), `deck ${p.deck}`),
        h("span", { title: top ? `top: ${top}` : "empty" }, icon("discard"), `discard ${p.discard.length}`),
        p.empty_checks ? h("span", {}, `empty deck checks ${p.empty_checks}`) : null,
        p.in_game && p.target !== null && p.target !== undefined ? h("span", { class: "target" }, "→ ", ctx.label(p.target)) : null),
      buffs.length ? h("div", { class: "buffs", "aria-label": "buffs" }, buffs) : null,
      returning ? h("div", { class: "discards" }, h("span", { class: "zone-name" }, "Return to the deck:"),
        p.discard.map(id => h("span", { class: "mini-card", "data-ref": `discard:${id}` }, cardName(view, id)))) : null));
}

// A combo being paid: the combo card, the symbols, the paid cards going into the deck.
function payingPanel(view, ctx) {
  const pay = view.paying;
  if (!pay) return null;
  return h("div", { class: "panel paying", "data-testid": "paying" },
    h("div", { class: "panel-title" }, `${ctx.label(pay.seat)} pays for a combo`),
    h("div", { class: "pay-row" }, cardBox(view, pay.combo, `combo:${pay.combo}`),
      h("div", { class: "symbols" }, pay.symbols.map(e => elementChip(e))),
      h("span", { class: "into" }, "→"),
      h("div", { class: "paid" }, pay.paid.length ? pay.paid.map(id => h("span", { class: "mini-card moving" }, cardName(view, id))) : h("span", { class: "muted" }, "nothing paid yet")),
      h("span", { class: "into" }, "→"), h("span", { class: "deck-pile" }, icon("deck"), "deck")));
}

export default {
  async render(root, ctx) {
    await useCss("lightseekers");
    const v = ctx.view;
    const me = seatOf(ctx);
    root.classList.add("ls-root");
    const n = v.order.length;
    const at = v.order.indexOf(me);
    const others = v.order.filter(s => s !== me);
    // the others in turn order after me, across the top
    const around = at < 0 ? others : [...v.order.slice(at + 1), ...v.order.slice(0, at)];
    const mine = v.heroes[me];
    const status = h("div", { class: "ls-top" }, h("span", { class: "turn" }, `Turn ${v.turn}`),
      h("span", {}, v.step === "over" ? "The game is over" : `${ctx.label(v.active)}: ${v.step} phase`),
      h("span", { class: "actions-left" }, v.combo_played ? "a combo played" : `actions ${v.actions} of 2`), v.passed ? h("span", {}, "passed") : null);
    const timed = v.timed.length ? h("div", { class: "timed" }, h("span", { class: "zone-name" }, "Until later:"),
      v.timed.map(t => h("span", { class: "timed-chip" }, `${ctx.label(t.seat)} ${t.change > 0 ? "+" : ""}${t.change} ${t.stat} (${t.until === "turn" ? "this turn" : "until its next turn"})`))) : null;
    const returning = v.returning ? h("div", { class: "panel", "data-testid": "returning" },
      `${ctx.label(v.returning.seat)} moves ${v.returning.left} more discarded card${v.returning.left === 1 ? "" : "s"} back into the deck (a defeat's reward)`) : null;
    const hand = v.hand ? h("div", { class: "ls-root ls-handwrap" }, h("div", { class: "ls-hand hand mine", "data-testid": "hand", "aria-label": "your hand" },
      v.hand.length ? v.hand.map(id => cardBox(v, id, id)) : h("span", { class: "muted" }, "Your hand is empty"))) : null;
    const table = h("div", { class: `ls-table players-${n}` },
      status,
      h("div", { class: "around" }, around.map(s => heroPanel(v, ctx, v.heroes[s], false, n > 2))),
      h("div", { class: "centre" }, payingPanel(v, ctx), returning, timed),
      mine && at >= 0 ? h("div", { class: "my-seat" }, heroPanel(v, ctx, mine, ctx.seat !== null && ctx.seat !== undefined)) : null,
      ctx.hand ? null : hand,
      h("span", { class: "table-recon", title: v.note }, recon("cards")));
    if (ctx.hand) ctx.hand.replaceChildren(...(hand ? [hand] : []));
    root.replaceChildren(table);
    afterLayout(() => {
      const panel = s => root.querySelector(`.ls-hero[data-seat="${s}"] .hero-card`);
      arrows(table, v.order.map(s => v.heroes[s]).filter(p => p.in_game && p.target !== null && p.target !== undefined && p.target !== p.seat)
        .map(p => [panel(p.seat), panel(p.target)]), "target-arrow");
    });
  },

  phases(view) {
    const names = ["Start", "Action", "Draw", "End"];
    const at = { start: 0, rotate: 0, expire: 0, instant: 1, action: 1, draw: 2, end: 3, check: 3 }[view.step];
    return at === undefined ? null : { names, current: at };
  },

  prompt(ctx) {
    const v = ctx.view, can = verbs(ctx.legal);
    if (can.has("pay") && v.paying) return `Pay for ${cardName(v, v.paying.combo)}: choose a card of your hand (${v.paying.symbols.map(cap).join(" + ")}).`;
    if (can.has("return") && v.returning) return `Move a discarded card back into your deck (${v.returning.left} more).`;
    const acts = [can.has("play") && "play a card", can.has("combo") && "play a combo", can.has("ability") && "use an Ability", can.has("pass") && "end your action phase"];
    const left = 2 - v.actions;
    return `Action phase — ${v.combo_played ? "a combo played" : `${left} action${left === 1 ? "" : "s"} left`}. ${cap(either(acts.filter(Boolean)))}.`;
  },

  refs(action) {
    const w = action.split(" ");
    switch (w[0]) {
      case "play": case "combo": case "pay": return [w[1]];
      case "return": return [`discard:${w[1]}`];
      case "ability": {
        if (w[1] === "hero") return ["hero"];
        const [id, n] = w[1].split("@");
        return [`item:${id}`, `buff:${id}@${n || 1}`];
      }
      default: return [];
    }
  },

  eventRefs(e) {
    const f = e.fields || {};
    const hero = s => `hero:${s}`;
    switch (e.kind) {
      case "play": return [hero(f.seat), ...(f.target !== null && f.target !== undefined ? [hero(f.target)] : [])];
      case "damage": return [hero(f.seat), ...(f.by !== null && f.by !== undefined ? [hero(f.by)] : [])];
      case "ability": case "combo": case "pay": case "heal": case "lose_health": case "reduce": case "buff": case "rotate": case "expire":
      case "equip": case "modifier": case "pass": case "empty_deck": case "defeat": case "reward": case "return": case "shuffle": case "draw": case "discard":
        return [hero(f.seat)];
      case "turn": return [hero(f.seat)];
      default: return [];
    }
  },

  floaters(e) {
    const f = e.fields || {};
    const hero = s => `hero:${s}`;
    switch (e.kind) {
      case "damage": return f.amount ? [dmg(hero(f.seat), f.amount)] : [{ ref: hero(f.seat), text: "0", kind: "damage" }];
      case "lose_health": return f.amount ? [loss(hero(f.seat), f.amount)] : [];
      case "empty_deck": return f.loss ? [loss(hero(f.seat), f.loss)] : [];
      case "heal": return f.amount ? [heal(hero(f.seat), f.amount)] : [];
      case "reward": return [gain(hero(f.seat), 1, " VP"), heal(hero(f.seat), 5)];
      case "reduce": return f.before > f.after ? [{ ref: hero(f.seat), text: `−${f.before - f.after} prevented`, kind: "heal" }] : [];
      default: return [];
    }
  },

  // A defeat and its reward (and the end of the game) show beside the table.
  scoring(e, which) {
    if (which === "end") return e.kind === "reward" || e.kind === "game_over";
    return e.kind === "defeat" || e.kind === "reward" || e.kind === "return";
  },
};
