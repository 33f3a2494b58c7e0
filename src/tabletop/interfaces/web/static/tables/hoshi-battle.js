// hoshi-battle's table: the two duelists (Hero card, die type and dice, Hoshi Stones,
// Swift / Elusive, the last throw, cards in play, exiled Heroes), the reveal window, the
// effects in play by timestamp, and the seat's own hand (Heroes and face-down Duel cards).
// Reconstructed cards are labelled so.
//
// The real-time strike (docs/web.md): when the server opens a strike window, a panel
// says who strikes at whom; at GO the striker presses Space (or the STRIKE button) and
// the defender Space (or PULL AWAY). A press before GO is a false start. The server times
// every press when it arrives; this page only sends it (ctx.press, over the WebSocket).
//
// Clickable things carry data-ref: a card id (a Hero to choose or discard, a Duel card to
// play or discard).
import { h } from "/static/js/api.js";

const GLYPH = { strike: "✦", moon: "☾", sun: "☀", blank: "·" };
const WINDOW = { duel_start: "the beginning of the Duel", round_start: "the beginning of the round", round_end: "the end of the round" };
const STYLE = `
.hoshi { display: flex; flex-direction: column; gap: 10px; }
.hoshi .duel { display: flex; gap: 16px; flex-wrap: wrap; }
.hoshi .duelist { border: 2px solid #999; border-radius: 8px; padding: 8px; min-width: 300px; background: #fff; }
.hoshi .duelist.to-act { border-color: #c60; }
.hoshi .hero-card, .hoshi .duel-card { border: 1px solid #999; border-radius: 6px; padding: 5px; background: #fffdf6; font-size: 12px; width: 210px; display: inline-block; vertical-align: top; margin: 2px; }
.hoshi .duel-card.artifact { background: #eef4ff; } .hoshi .duel-card.power { background: #fff0f0; } .hoshi .duel-card.legend { background: #f3ffef; }
.hoshi .name { font-weight: bold; } .hoshi .known { color: #060; font-size: 10px; } .hoshi .recon { color: #777; font-size: 10px; }
.hoshi .stones { font-size: 20px; color: #08c; letter-spacing: 2px; }
.hoshi .faces { font-size: 24px; letter-spacing: 4px; }
.hoshi .strike-panel { border: 3px solid #c00; border-radius: 10px; padding: 12px; background: #fff4f4; text-align: center; }
.hoshi .strike-panel.go { background: #ffd9d9; }
.hoshi .strike-panel button { font-size: 22px; padding: 10px 30px; }
.hoshi .effects { font-size: 12px; color: #444; }
.hoshi .note { font-size: 11px; color: #777; font-style: italic; }
`;

function styleOnce() {
  if (document.getElementById("hoshi-style")) return;
  document.head.append(h("style", { id: "hoshi-style" }, STYLE));
}

function cardName(view, id) { return (view.cards[id] || {}).name || id; }

function cardBox(view, id, extra) {
  const c = view.cards[id];
  if (!c) return h("div", { class: "duel-card", "data-ref": id }, id);
  const head = c.kind === "hero" ? `d${c.die} · Cost ${c.cost}` : `${c.kind} · Cost ${c.cost}`;
  return h("div", { class: `${c.kind === "hero" ? "hero-card" : "duel-card"} ${c.kind}`, "data-ref": id, "data-card": id, title: c.text },
    h("div", { class: "name" }, c.name, extra || ""), h("div", {}, head), h("div", { class: "text" }, c.text),
    c.known ? h("div", { class: "known" }, "known text") : h("div", { class: "recon" }, "reconstructed"));
}

function stones(p) {
  const full = p.full_health || 2;
  return h("span", { class: "stones", title: `${p.stones} of ${full} Hoshi Stones` }, "●".repeat(p.stones) + "○".repeat(Math.max(0, full - p.stones)));
}

function duelist(view, ctx, seat) {
  const p = view.players[seat];
  const parts = [h("div", { class: "who" }, `${ctx.label(seat)}${view.to_act === seat ? " ◀" : ""}${ctx.seat === seat ? " (you)" : ""}`)];
  if (p.hero) {
    parts.push(cardBox(view, p.hero));
    parts.push(h("div", {}, stones(p), `  ${p.dice > 1 ? `${p.dice}×` : ""}d${p.die}`, p.swift ? " · Swift" : "", p.elusive ? " · Elusive" : ""));
    if (p.faces && p.faces.length) parts.push(h("div", { class: "faces", "data-testid": `faces-${seat}` }, p.faces.map(f => GLYPH[f] || f).join(" ")));
  } else {
    parts.push(h("div", {}, p.chosen ? "a Hero chosen face down" : `${p.heroes} Heroes in hand`));
  }
  parts.push(h("div", {}, `${p.face_down} Duel card${p.face_down === 1 ? "" : "s"} face down`));
  if (p.in_play.length) parts.push(h("div", {}, "In play: ", p.in_play.map(id => cardBox(view, id))));
  if (p.exiled.length) parts.push(h("div", { class: "note" }, `Exiled: ${p.exiled.map(id => cardName(view, id)).join(", ")}`));
  return h("div", { class: "duelist" + (view.to_act === seat ? " to-act" : ""), "data-seat": seat }, parts);
}

function strikePanel(view, ctx) {
  const s = ctx.strike;
  if (!s) return null;
  const role = ctx.seat === s.striker ? "strike" : ctx.seat === s.defender ? "pull" : null;
  const go = s.phase === "go";
  const words = role === "strike" ? (go ? "GO! Strike now (Space)" : "You rolled the symbol: strike at GO (Space). Not before!")
    : role === "pull" ? (go ? "GO! Pull away (Space)" : `${ctx.label(s.striker)} rolled the symbol: pull away at GO (Space)`)
      : `${ctx.label(s.striker)} strikes at ${ctx.label(s.defender)}…`;
  return h("div", { class: "strike-panel" + (go ? " go" : ""), "data-testid": "strike", "data-phase": s.phase },
    h("h3", {}, go ? "GO!" : "Real-time strike"), h("p", {}, words),
    role ? h("button", { "data-testid": "strike-button", onclick: () => ctx.press(role) }, role === "strike" ? "STRIKE" : "PULL AWAY") : null,
    h("p", { class: "note" }, `The server times your press when it arrives; the strike window is ${s.window_ms} ms.`));
}

// Space presses in the open strike window: one listener, reading the latest context.
let current = null;
function keys() {
  if (window.__hoshiKeys) return;
  window.__hoshiKeys = true;
  document.addEventListener("keydown", ev => {
    const ctx = current;
    if (ev.code !== "Space" || !ctx || !ctx.strike) return;
    const role = ctx.seat === ctx.strike.striker ? "strike" : ctx.seat === ctx.strike.defender ? "pull" : null;
    if (!role) return;
    ev.preventDefault();
    ctx.press(role);
  });
}

function effectText(view, e) {
  const code = e.effect;
  let what = code;
  if (code.startsWith("die=")) what = `battles with the d${code.slice(4)}`;
  else if (code.startsWith("dice")) what = `${code.slice(4)} die`;
  else if (code.startsWith("health")) what = `full health ${code.slice(6)}`;
  else if (/^(also|instead)_/.test(code)) { const [m, a, b] = code.split("_"); what = `${GLYPH[a]} counts ${m} as ${GLYPH[b]}`; }
  return `#${e.ts} P${e.seat + 1} ${what} (${cardName(view, e.card)})`;
}

export default {
  render(root, ctx) {
    styleOnce(); keys();
    current = ctx;
    const v = ctx.view;
    const head = h("div", { class: "header" }, `Duel ${v.duel}${v.round ? ` · round ${v.round}` : ""}${v.throw ? ` · throw ${v.throw}` : ""} · strikes: ${v.strike.mode === "live" ? "real time" : `model (${v.strike.chance}%)`}`);
    const duel = h("div", { class: "duel" }, v.players.map((_, s) => duelist(v, ctx, s)));
    const win = v.window ? h("div", { class: "window", "data-testid": "window" }, `Reveal window: ${WINDOW[v.window.name]} — ${v.last_hitter !== null ? `${ctx.label(v.last_hitter)} decides first` : ""}`) : null;
    const effects = v.effects.length ? h("div", { class: "effects" }, "Effects (the latest has priority): ", v.effects.map(e => effectText(v, e)).join("; ")) : null;
    let hand = null;
    if (v.hand) {
      const heroes = v.hand.heroes.map(id => cardBox(v, id));
      if (v.hand.chosen) heroes.push(cardBox(v, v.hand.chosen, " (chosen)"));
      hand = h("div", { class: "hand", "data-testid": "hand" }, h("h3", {}, "Your hand"), h("div", {}, heroes), h("div", {}, v.hand.cards.map(id => cardBox(v, id))));
    }
    const out = v.outcome ? h("div", { class: "outcome" }, `Game over: ${v.outcome.winners.map(ctx.label).join(" & ")} (${v.outcome.reason})`) : null;
    root.replaceChildren(h("div", { class: "hoshi" }, head, strikePanel(v, ctx), duel, win, effects, hand, out,
      h("div", { class: "note" }, "Hoshi Battle (dV Giochi), reconstructed: the dice, the strike and the cards other than the seven known texts are our design (docs/rules/hoshi-battle.md).")));
  },
  refs(action) {
    const w = action.split(" ");
    return ["discard", "hero", "play"].includes(w[0]) ? [w[1]] : [];
  },
  scoring(event, which) {
    if (which === "end") return event.kind === "duel_end" || event.kind === "game_over";
    return ["exile", "leave", "duel_end"].includes(event.kind);
  },
};
