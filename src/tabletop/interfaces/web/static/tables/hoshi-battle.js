// hoshi-battle's table (TABLE-DESIGN.md, "Hoshi Battle"): the two duelists face each
// other across a dice tray (the opponent above, me below); each Hero card carries its
// Hoshi Stones as gems (filled: left, hollow: lost of its full health), its die and
// Swift / Elusive; the Duel cards in play lie beside each duelist and the face-down ones
// as backs (those I looked at carry their names, for me alone: my view's hand.known, which
// no other seat's view nor a spectator's holds; docs/rules/hoshi-battle.md, "Looking");
// the effects in force are a short ordered list, the latest (which has priority) on top;
// with three to five players the waiting line is at the side (king of the hill). My hand
// (Heroes and Duel cards) runs along the bottom. Reconstructed cards carry the small mark.
//
// The real-time strike (docs/web.md) is not drawn here: the shared panel of
// /static/js/strike.js (mounted by social.js over the whole table) takes it over, with
// its Ready/Steady countdown, GO in full colour with a sound, the press (Space or a tap)
// and the result. This table only lights the two duelists from the strike's events.
//
// Clickable things carry data-ref: a card id (a Hero to choose or discard, a Duel card to
// play or discard).
import { h } from "/static/js/api.js";
import { back, cap, dmg, either, gain, heal, nameTag, recon, seatTag, useCss, verbs } from "/static/tables/kit.js";

const GLYPH = { strike: "✦", moon: "☾", sun: "☀", blank: "·" };
const FACE_NAMES = { strike: "the symbol", moon: "a Moon", sun: "a Sun", blank: "a blank" };
const WINDOW = { duel_start: "the beginning of the Duel", round_start: "the beginning of the round", round_end: "the end of the round" };
const KIND_NAMES = { hero: "Hero", artifact: "Artifact", power: "Power", legend: "Legend" };
const seatOf = ctx => (ctx.seat === null || ctx.seat === undefined ? 0 : ctx.seat);

function cardName(view, id) { return (view.cards[id] || {}).name || id.split("-").map(cap).join(" "); }

// A card: a Hero (its die and cost) or a Duel card (its kind, cost and timing).
function cardBox(view, id, attrs = {}, extra = null) {
  const c = view.cards[id];
  if (!c) return h("div", { class: "hb-card", "data-ref": id, ...attrs }, cardName(view, id));
  const head = c.kind === "hero" ? `d${c.die} · cost ${c.cost}` : `${KIND_NAMES[c.kind] || c.kind} · cost ${c.cost}`;
  return h("div", { class: `hb-card ${c.kind}`, "data-ref": id, "data-card": id, "data-zoom": `${c.name} — ${head}\n${c.text}${c.known ? "\n(printed text)" : ""}`, ...attrs },
    h("div", { class: "card-head" }, nameTag(c.name), c.kind === "hero" ? h("span", { class: `die-badge d${c.die}` }, `d${c.die}`) : h("span", { class: "cost" }, String(c.cost))),
    h("div", { class: "meta" }, head), h("div", { class: "text" }, c.text), extra,
    c.known ? h("span", { class: "known-mark", title: "the printed text" }, "printed") : recon());
}

function gems(p, seat) {
  const full = p.full_health || 2;
  return h("div", { class: "gems", "data-ref": `stones:${seat}`, title: `${p.stones} of ${full} Hoshi Stones`, "aria-label": `${p.stones} of ${full} Hoshi Stones` },
    Array.from({ length: Math.max(full, p.stones) }, (_, i) => h("span", { class: "gem" + (i < p.stones ? " full" : " lost"), "aria-hidden": "true" })));
}

function dice(p, seat) {
  const faces = p.faces && p.faces.length ? p.faces : null;
  const n = Math.max(1, p.dice || 1);
  return h("div", { class: "dice", "data-ref": `dice:${seat}`, "data-testid": `faces-${seat}`, "aria-label": faces ? `rolled ${faces.map(f => FACE_NAMES[f] || f).join(", ")}` : "not rolled yet" },
    (faces || Array.from({ length: n }, () => null)).map(f => h("span", { class: `die d${p.die}${f ? ` face-${f}` : " unrolled"}`, "data-die": f || "", title: f ? FACE_NAMES[f] : `a d${p.die}` }, f ? GLYPH[f] || f : `d${p.die}`)));
}

// The face-down Duel cards of ``seat`` that I looked at and that are still there (my view
// only: docs/rules/hoshi-battle.md, "Looking"), one id a copy.
function seenOf(view, seat) {
  return ((view.hand && view.hand.known) || []).filter(k => k.owner === seat).map(k => k.card);
}

// A face-down card of another's that I saw: still face down, its face shown to me alone.
function seenBack(view, id) {
  const c = view.cards[id] || {};
  const name = cardName(view, id);
  return h("div", { class: "card-back duel-back seen", "data-card": id, "data-testid": "seen-card", title: `${name}: face down (you looked at it)`,
    "aria-label": `${name}, face down: you looked at it`, "data-zoom": `${name} — face down, you looked at it\n${c.text || ""}` },
    h("span", { class: "seen-tag", "aria-hidden": "true" }, "seen"), h("span", { class: "seen-name" }, name));
}

// A duelist: the Hero card with its gems, the cards in play beside it, the backs.
function duelist(view, ctx, seat, mine) {
  const p = view.players[seat];
  const toAct = view.to_act === seat;
  const seen = seenOf(view, seat);
  const heroCard = p.hero ? cardBox(view, p.hero, { "data-ref": `hero:${seat}`, class: `hb-card hero in-duel${p.stones === 0 ? " exiled" : ""}` },
    h("div", { class: "hero-extras" }, gems(p, seat),
      h("span", { class: "die-count" }, `${p.dice > 1 ? `${p.dice}× ` : ""}d${p.die}`),
      p.swift ? h("span", { class: "kw" }, "Swift") : null, p.elusive ? h("span", { class: "kw" }, "Elusive") : null))
    : p.chosen ? back("a Hero chosen face down", { class: "card-back hero-back" }) : h("div", { class: "no-hero" }, "No Hero in the arena yet");  // the count is in the corner
  return h("div", { class: `duelist${toAct ? " to-act" : ""}${mine ? " mine" : ""}`, "data-seat": seat, "data-ref": `duelist:${seat}` },
    h("div", { class: "who" }, seatTag(seat, ctx.label(seat), { me: mine }), toAct ? h("span", { class: "turn-flag" }, "to decide") : null,
      h("span", { class: "hand-count" }, `${p.heroes} Hero${p.heroes === 1 ? "" : "es"} in hand`)),
    h("div", { class: "duelist-row" }, heroCard,
      h("div", { class: "in-play" }, h("span", { class: "zone-name" }, "In play"),
        p.in_play.length ? p.in_play.map(id => cardBox(view, id, { "data-ref": `inplay:${id}`, class: "hb-card small" })) : h("span", { class: "empty" }, "—")),
      h("div", { class: "face-down" }, h("span", { class: "zone-name" }, "Face down"),
        h("div", { class: "backs" }, seen.map(id => seenBack(view, id)), Array.from({ length: Math.max(0, p.face_down - seen.length) }, () => back("a Duel card, face down", { class: "card-back duel-back" })), p.face_down ? null : h("span", { class: "empty" }, "—")))),
    p.exiled.length ? h("div", { class: "exiled" }, "Exiled: ", p.exiled.map(id => cardName(view, id)).join(", ")) : null);
}

// A seat not in the Duel (three to five players): its place in line, or out.
function waiter(view, ctx, seat) {
  const p = view.players[seat];
  const place = (view.line || []).indexOf(seat);
  const out = place < 0 && !p.heroes && !p.chosen;
  const status = out ? "out: no Heroes left" : place >= 0 ? `waits: ${place + 1} in line` : "";
  return h("div", { class: "waiter" + (out ? " out" : ""), "data-seat": seat, "data-testid": `waiter-${seat}` },
    h("div", { class: "who" }, seatTag(seat, ctx.label(seat), { me: ctx.seat === seat })), h("div", { class: "place" }, status),
    out ? null : h("div", {}, `${p.heroes} Heroes · ${p.face_down} face down`),
    seenOf(view, seat).length ? h("div", { class: "seen-list", "data-testid": `seen-${seat}` }, `You looked at: ${seenOf(view, seat).map(id => cardName(view, id)).join(", ")}`) : null,
    p.exiled.length ? h("div", { class: "exiled" }, `Exiled: ${p.exiled.map(id => cardName(view, id)).join(", ")}`) : null);
}

function effectText(view, ctx, e) {
  const code = e.effect;
  let what = code;
  if (code.startsWith("die=")) what = `battles with the d${code.slice(4)}`;
  else if (code.startsWith("dice")) what = `rolls ${code.slice(4)} die`;
  else if (code.startsWith("health")) what = `full health ${code.slice(6)}`;
  else if (code === "swift") what = "strikes are Swift";
  else if (code === "elusive") what = "is Elusive";
  else if (code === "fixed_die") what = "keeps its die";
  else if (/^(also|instead)_/.test(code)) { const [m, a, b] = code.split("_"); what = `${GLYPH[a] || a} counts ${m === "also" ? "also" : "instead"} as ${GLYPH[b] || b}`; }
  const until = { round: "this round", duel: "this Duel", source: "while in play", static: "the Hero's ability" }[e.until] || e.until;
  return [h("span", { class: "ts" }, `#${e.ts}`), h("b", {}, ctx.label(e.seat)), ` ${what} `, h("span", { class: "src" }, `(${cardName(view, e.card)}, ${until})`)];
}

function tray(view, ctx, top, bottom) {
  const v = view;
  const info = [v.duel ? `Duel ${v.duel}` : "Before the first Duel", v.round ? `round ${v.round}` : null, v.throw ? `throw ${v.throw}` : null].filter(Boolean).join(" · ");
  const p = s => v.players[s];
  return h("div", { class: "tray", "data-testid": "tray" },
    h("div", { class: "tray-info" }, h("b", {}, info), h("span", { class: "mode" }, v.strike.mode === "live" ? "strikes in real time" : `strikes land ${v.strike.chance}% of the time`)),
    top !== null && p(top).hero ? h("div", { class: "tray-side" }, dice(p(top), top)) : null,
    v.window ? h("div", { class: "window", "data-testid": "window" }, `Reveal window: ${WINDOW[v.window.name] || v.window.name}`,
      v.last_hitter !== null && v.last_hitter !== undefined ? ` — ${ctx.label(v.last_hitter)} decides first` : "") : h("div", { class: "tray-mid" }, "✦ ☾ ☀"),
    bottom !== null && p(bottom).hero ? h("div", { class: "tray-side" }, dice(p(bottom), bottom)) : null);
}

export default {
  async render(root, ctx) {
    await useCss("hoshi-battle");
    const v = ctx.view;
    const me = seatOf(ctx);
    root.classList.add("hb-root");
    const seats = v.players.map((_, s) => s);
    // with three to five players, until the first pairing is drawn, no one waits in line yet
    const paired = seats.length <= 2 || (v.duelists && v.duelists.length > 0);
    const fighting = seats.length <= 2 ? seats : paired ? v.duelists : [me];
    const bottom = fighting.includes(me) ? me : fighting[1];
    const top = fighting.find(s => s !== bottom) ?? null;
    const others = seats.filter(s => !fighting.includes(s));
    const effects = [...v.effects].sort((a, b) => b.ts - a.ts);
    const effectList = h("div", { class: "effects" }, h("h3", {}, "Effects in force"), h("p", { class: "hint" }, "The latest (on top) has priority"),
      effects.length ? h("ol", {}, effects.map(e => h("li", { class: `effect seat-${e.seat}` }, effectText(v, ctx, e)))) : h("p", { class: "empty" }, "none"));
    const waiting = others.length ? h("div", { class: "waiting", "data-testid": paired ? "waiting" : "players" },
      h("h3", {}, paired ? "Waiting line" : "The other players"), h("p", { class: "hint" }, "The winner stays and faces the first in line; the loser joins the end."),
      others.map(s => waiter(v, ctx, s))) : null;
    let hand = null;
    if (v.hand) {
      const heroes = v.hand.heroes.map(id => cardBox(v, id));
      if (v.hand.chosen) heroes.push(cardBox(v, v.hand.chosen, { class: "hb-card hero chosen" }, h("span", { class: "chosen-tag" }, "chosen")));
      hand = h("div", { class: "hb-root hb-handwrap" }, h("div", { class: "hb-hand hand", "data-testid": "hand", "aria-label": "your hand" },
        heroes, v.hand.cards.map(id => cardBox(v, id)), !heroes.length && !v.hand.cards.length ? h("span", { class: "empty" }, "Your hand is empty") : null));
    }
    const table = h("div", { class: `hb-table players-${seats.length}` },
      h("div", { class: "arena" },
        top !== null ? duelist(v, ctx, top, top === ctx.seat) : null,
        tray(v, ctx, top, bottom),
        duelist(v, ctx, bottom, bottom === ctx.seat)),
      h("div", { class: "hb-side" }, effectList, waiting),
      ctx.hand ? null : hand,
      h("span", { class: "table-recon", title: "Hoshi Battle (dV Giochi), reconstructed: the dice, the strike and the cards other than the seven printed texts are our design (docs/rules/hoshi-battle.md)." }, recon("game")));
    if (ctx.hand) ctx.hand.replaceChildren(...(hand ? [hand] : []));
    root.replaceChildren(table);
  },

  phases(view) {
    if (view.phase === "keep") return { names: ["Keep", "Choose", "Duel"], current: 0 };
    if (view.phase === "choose") return { names: ["Keep", "Choose", "Duel"], current: 1 };
    if (view.phase === "window" || view.phase === "strike") {
      const at = { duel_start: 0, round_start: 1, round_end: 2 }[view.window && view.window.name];
      return { names: ["Duel begins", "Round begins", "Round ends"], current: at ?? 1 };
    }
    return null;
  },

  prompt(ctx) {
    const v = ctx.view, can = verbs(ctx.legal);
    if (can.has("discard")) return "Discard a dealt card, face down.";
    if (can.has("hero")) return "Choose your Hero for the next Duel, face down.";
    if (can.has("play") || can.has("pass") || can.has("wait")) {
      const when = v.window ? WINDOW[v.window.name] : "this window";
      return `${cap(when)}: ${either([can.has("play") && "reveal a Duel card", can.has("wait") && "let your opponent decide first", can.has("pass") && "play no more cards"].filter(Boolean))}.`;
    }
    return "";
  },

  refs(action) {
    const w = action.split(" ");
    return ["discard", "hero", "play"].includes(w[0]) ? [w[1]] : [];
  },

  eventRefs(e) {
    const f = e.fields || {};
    switch (e.kind) {
      case "throw": return [0, 1, 2, 3, 4].map(s => `dice:${s}`);
      case "roll": return [`dice:${f.seat}`, `inplay:${f.card}`];
      case "strike": case "strike_window": return [`duelist:${f.striker}`, `duelist:${f.defender}`];
      case "hit": return [`stones:${f.defender}`, `duelist:${f.striker}`];
      case "stone": return [`stones:${f.seat}`];
      case "cancel": return [`duelist:${f.seat}`, `inplay:${f.card}`];
      case "play": case "reuse": return [`inplay:${f.card}`, `duelist:${f.seat}`];
      case "effect": return [`hero:${f.seat}`, `inplay:${f.card}`];
      case "exile": case "choose": case "pass": case "wait": case "out": case "leave": return [`duelist:${f.seat}`];
      case "duel": case "full_health": return [0, 1, 2, 3, 4].map(s => `hero:${s}`);
      case "duel_end": return f.winner !== null && f.winner !== undefined ? [`duelist:${f.winner}`] : [];
      default: return [];
    }
  },

  floaters(e) {
    const f = e.fields || {};
    switch (e.kind) {
      case "hit": return [dmg(`stones:${f.defender}`, 1)].map(x => ({ ...x, text: "−1 stone" }));
      case "stone": return f.change > 0 ? [heal(`stones:${f.seat}`, f.change)].map(x => ({ ...x, text: `+${f.change} stone` })) : f.change < 0 ? [{ ref: `stones:${f.seat}`, text: `${f.change} stone`, kind: "damage" }] : [];
      case "strike": return [{ ref: `duelist:${f.defender}`, text: f.landed ? "Hit!" : "Missed", kind: f.landed ? "damage" : "gain" }];
      case "cancel": return [{ ref: `duelist:${f.seat}`, text: "Cancelled", kind: "heal" }];
      case "duel_end": return f.winner !== null && f.winner !== undefined ? [gain(`duelist:${f.winner}`, 1, " Duel")].map(x => ({ ...x, text: "Duel won" })) : [];
      default: return [];
    }
  },

  scoring(event, which) {
    if (which === "end") return event.kind === "duel_end" || event.kind === "game_over";
    return ["exile", "leave", "duel_end"].includes(event.kind);
  },
};
