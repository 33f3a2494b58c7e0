// lightseekers' table: every hero in turn order (health, Victory Points, Elements and
// their levels, power and armor, target and enemy, hand, deck and discard counts, the
// buffs in play with their active corner, the items and their weight), the timed
// effects, a combo being paid for, a defeat's reward being chosen, and the seat's own
// hand with the card texts. Another seat's hand is a count: the view holds nothing more.
// The cards are reconstructed (our design) and labelled so.
//
// Clickable things carry data-ref: a card in hand (its id: play, combo, pay), the own
// hero ("hero": its Ability), an item ("item:<id>"), a buff ("buff:<id>@<n>", the n-th
// copy from the left: `ability whirlwind@2`), a card of the own discard pile
// ("discard:<id>": return it).
import { h } from "/static/js/api.js";

const STYLE = `
.ls { display: flex; flex-direction: column; gap: 10px; }
.ls .ls-top span { margin-right: 14px; }
.ls .heroes { display: flex; gap: 10px; flex-wrap: wrap; }
.ls .ls-hero { border: 2px solid #999; border-radius: 8px; padding: 8px; width: 330px; background: #fff; font-size: 13px; }
.ls .ls-hero.to-act { border-color: #c60; } .ls .ls-hero.mine { background: #f4f9ff; }
.ls .ls-hero.out { opacity: 0.5; }
.ls .who { font-weight: bold; } .ls .name { font-weight: bold; }
.ls .health { font-size: 18px; color: #a00; } .ls .vp { font-size: 18px; color: #06a; margin-left: 10px; }
.ls .element { display: inline-block; border-radius: 4px; padding: 0 5px; margin: 1px; font-size: 12px; }
.ls .element.superior { background: #f3d36b; } .ls .element.basic { background: #ddd; }
.ls .element.used { text-decoration: line-through; }
.ls .ls-card { border: 1px solid #999; border-radius: 6px; padding: 4px; background: #fffdf6; font-size: 12px; width: 190px; display: inline-block; vertical-align: top; margin: 2px; }
.ls .ls-card.attack { background: #fff0f0; } .ls .ls-card.defend { background: #eef8ee; } .ls .ls-card.buff { background: #eef4ff; } .ls .ls-card.item { background: #f6efff; }
.ls .ls-card.combo { border-width: 2px; border-color: #a70; }
.ls .ls-card .meta { color: #555; } .ls .recon { color: #777; font-size: 10px; }
.ls .ls-card.inactive { opacity: 0.6; }
.ls .corner { font-weight: bold; color: #06a; }
.ls .panel { border: 2px solid #a70; border-radius: 8px; padding: 8px; background: #fff8ea; }
.ls .discards { font-size: 11px; color: #555; }
`;

function styleOnce() {
  if (document.getElementById("ls-style")) return;
  document.head.append(h("style", { id: "ls-style" }, STYLE));
}

const cap = w => (w ? w[0].toUpperCase() + w.slice(1) : w);

// A card id the view does not describe (a card in a discard pile): its words.
function cardName(view, id) { return (view.cards[id] || {}).name || id.split("-").map(cap).join(" "); }

function cardBox(view, id, ref, extra) {
  const c = view.cards[id];
  if (!c) return h("div", { class: "ls-card", "data-ref": ref, "data-card": id }, cardName(view, id), extra || "");
  const needs = c.combo ? `combo: ${(c.elements || []).map(cap).join(" + ")}` : cap(c.element || "unaligned");
  const meta = `${c.type}${c.weight ? ` · weight ${c.weight}` : ""} · ${needs}`;
  return h("div", { class: `ls-card ${c.type}${c.combo ? " combo" : ""}`, "data-ref": ref, "data-card": id, title: c.text },
    h("div", { class: "name" }, c.name, extra || ""), h("div", { class: "meta" }, meta),
    h("div", { class: "text" }, c.text), c.reconstructed ? h("div", { class: "recon" }, "reconstructed") : null);
}

function buffBox(view, b, copy) {
  const corner = b.corner === undefined ? "indefinite" : `active corner ${b.corner} (turned ${b.turns}×)`;
  const box = cardBox(view, b.card, `buff:${b.card}@${copy}`,
    h("span", { class: "corner", "data-testid": "corner" }, ` · #${b.slot} ${corner}`));
  box.dataset.slot = String(b.slot);
  if (!b.active) box.classList.add("inactive");
  return box;
}

function elements(view, p) {
  const used = p.seat === view.active ? new Set(view.used) : new Set();
  return Object.entries(p.elements).map(([e, lv]) =>
    h("span", { class: `element ${lv}${used.has(e) ? " used" : ""}`, title: `${lv}${used.has(e) ? ", used this turn" : ""}` }, cap(e)));
}

function heroBox(view, ctx, p) {
  const mine = ctx.seat === p.seat;
  const copies = {};
  const buffs = p.buffs.map(b => { copies[b.card] = (copies[b.card] || 0) + 1; return buffBox(view, b, copies[b.card]); });
  const top = p.discard.length ? ` (top: ${cardName(view, p.discard[p.discard.length - 1])})` : "";
  const returning = view.returning && view.returning.seat === p.seat && mine;
  const classes = ["ls-hero", view.to_act === p.seat ? "to-act" : "", mine ? "mine" : "", p.in_game ? "" : "out"];
  return h("div", { class: classes.join(" "), "data-seat": p.seat },
    h("div", { class: "who" }, `${ctx.label(p.seat)}${view.to_act === p.seat ? " ◀" : ""}${mine ? " (you)" : ""}${p.in_game ? "" : " — defeated"}`),
    h("div", { class: "name", "data-ref": mine ? "hero" : null, title: p.trait }, p.name),
    h("div", { class: "trait" }, p.trait),
    h("div", {}, h("span", { class: "health", "data-testid": `health-${p.seat}` }, `♥ ${p.health}/35`),
      h("span", { class: "vp", "data-testid": `vp-${p.seat}` }, `${p.vp} VP`)),
    h("div", {}, elements(view, p)),
    h("div", {}, `power ${p.power} · armor ${p.armor}`,
      p.in_game ? ` · target ${ctx.label(p.target)} · enemy ${ctx.label(p.enemy)}` : ""),
    h("div", { "data-testid": `counts-${p.seat}` }, `hand ${p.hand} · deck ${p.deck} · discard ${p.discard.length}${top}`,
      p.empty_checks ? ` · empty deck checks ${p.empty_checks}` : ""),
    p.items.length ? h("div", {}, `Items (weight ${p.weight} of 2): `, p.items.map(id => cardBox(view, id, `item:${id}`))) : null,
    buffs.length ? h("div", {}, "Buffs: ", buffs) : null,
    returning ? h("div", { class: "discards" }, "Discard pile: ",
      p.discard.map(id => h("span", { class: "ls-card", "data-ref": `discard:${id}` }, cardName(view, id)))) : null);
}

function timedText(view, ctx, t) {
  const until = t.until === "turn" ? "until the end of the turn" : "until the start of its next turn";
  return `${ctx.label(t.seat)} ${t.change > 0 ? "+" : ""}${t.change} ${t.stat} ${until}`;
}

export default {
  render(root, ctx) {
    styleOnce();
    const v = ctx.view;
    const byTurn = v.order.map(s => v.heroes[s]);
    const top = h("div", { class: "ls-top" }, h("span", {}, `Turn ${v.turn}`), h("span", {}, v.step === "over" ? "the game is over" : `${ctx.label(v.active)}'s ${v.step} phase`),
      h("span", {}, v.combo_played ? "a combo played" : `actions ${v.actions} of 2`), v.passed ? h("span", {}, "passed") : null);
    let paying = null;
    if (v.paying) {
      paying = h("div", { class: "panel", "data-testid": "paying" },
        `${ctx.label(v.paying.seat)} pays for ${cardName(v, v.paying.combo)}: ${v.paying.symbols.map(cap).join(" + ")}`,
        v.paying.paid.length ? ` — paid with ${v.paying.paid.map(id => cardName(v, id)).join(", ")}` : "");
    }
    const returning = v.returning ? h("div", { class: "panel", "data-testid": "returning" },
      `${ctx.label(v.returning.seat)} moves ${v.returning.left} more discarded card${v.returning.left === 1 ? "" : "s"} back into the deck (a defeat's reward)`) : null;
    const timed = v.timed.length ? h("div", { class: "note" }, "Timed effects: ", v.timed.map(t => timedText(v, ctx, t)).join("; ")) : null;
    const hand = v.hand ? h("div", { class: "hand mine", "data-testid": "hand" }, h("h3", {}, "Your hand"),
      v.hand.map(id => cardBox(v, id, id))) : null;
    const out = v.outcome ? h("div", { class: "panel" }, `Game over: ${v.outcome.winners.map(ctx.label).join(" & ")} (${v.outcome.reason})`) : null;
    root.replaceChildren(h("div", { class: "ls" }, top, paying, returning,
      h("div", { class: "heroes" }, byTurn.map(p => heroBox(v, ctx, p))), timed, hand, out, h("p", { class: "note" }, v.note)));
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

  // A defeat and its reward (and the end of the game) show beside the table.
  scoring(e, which) {
    if (which === "end") return e.kind === "reward" || e.kind === "game_over";
    return e.kind === "defeat" || e.kind === "reward" || e.kind === "return";
  },
};
