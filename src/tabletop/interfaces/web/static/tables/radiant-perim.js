// radiant-perim's table (TABLE-DESIGN.md, "Radiant (Tin Shoe Games)"): the map of Perim
// is the board (SVG: realms, regions, temples, portals, cubes, coins, the battle tracker
// and the Radiant marker), with the battle's cards in a row over its centre and the
// winning play lit; the drafting pool as nine cards in a 3x3 grid beside it; the other
// seats around the top (with four players the partner sits opposite), each with its
// hand as backs, its captured pile and what is known of its hand; my hand along the
// bottom. Partners share their side's colour (with a symbol, for colour-blind players).
//
// Clickable things carry data-ref: a pool slot ("b2"), a region ("sea-4"), a card of the
// hand ("avis.knight"), a meld choice (its action text), a seat ("seat:2", the target of
// an assassination).
import { h, svg } from "/static/js/api.js";
import { back, cap, either, gain, icon, nameTag, recon, useCss, verbs } from "/static/tables/kit.js";

let MAP = null;
const mapReady = fetch("/static/data/perim-map.json").then(r => r.json()).then(m => { MAP = m; });

const RANKS = ["assassin", "elder", "scout", "mount", "knight", "phalanx", "mounted knight"];
const RACE_NAMES = { avis: "Avis", treefolk: "Treefolk", stonedweller: "Stonedweller", mariner: "Mariner" };
const RACE_GLYPH = { avis: "☁", treefolk: "♣", stonedweller: "⚒", mariner: "⚓" };
const SIDE_SYMBOLS = ["●", "▲", "■"];
const SIDE_NAMES = { red: "Red", yellow: "Yellow", blue: "Blue" };
const rankOf = slug => RANKS.indexOf(slug.split(".")[1]);
const cardName = slug => { const [race, rank] = slug.split("."); return `${RACE_NAMES[race] || race} ${cap(rank)}`; };
const sideColour = side => (MAP ? MAP.sides[side] : "#888");
const sideName = (view, side) => SIDE_NAMES[view.sides[side]] || cap(view.sides[side]);
const seatOf = ctx => (ctx.seat === null || ctx.seat === undefined ? 0 : ctx.seat);
const regionName = id => { const [realm, n] = id.split("-"); return `${cap(realm)} ${n}`; };

function polar(r, deg) {
  const a = deg * Math.PI / 180;
  return [MAP.centre[0] + r * Math.cos(a), MAP.centre[1] + r * Math.sin(a)];
}

function sector(r0, r1, a0, a1) {
  const [x0, y0] = polar(r1, a0), [x1, y1] = polar(r1, a1), [x2, y2] = polar(r0, a1), [x3, y3] = polar(r0, a0);
  return `M${x0},${y0} A${r1},${r1} 0 0 1 ${x1},${y1} L${x2},${y2} A${r0},${r0} 0 0 0 ${x3},${y3} Z`;
}

function regionGeometry(id) {
  const [realm, num] = id.split("-");
  const [ring, slot] = MAP.cells[num];
  const from = MAP.realms[realm].from + slot * 30;
  const r0 = MAP.radii[ring], r1 = MAP.radii[ring + 1];
  return { realm, num, path: sector(r0, r1, from + 0.6, from + 29.4), mid: polar((r0 + r1) / 2, from + 15), r0, r1, from };
}

// A card of Perim: its race (colour and glyph) and rank (a number and the word).
function card(slug, attrs = {}) {
  const [race, rank] = slug.split(".");
  return h("div", { class: `pcard race-${race}`, "data-ref": slug, "data-card": slug, "data-zoom": `${cardName(slug)} — rank ${rankOf(slug) + 1} of 6 (${RANKS.slice(0, 6).join(", ")})`, ...attrs },
    h("span", { class: "p-rank", "aria-hidden": "true" }, String(rankOf(slug) + 1)),
    h("span", { class: "p-glyph", "aria-hidden": "true" }, RACE_GLYPH[race] || "?"),
    nameTag(cap(rank), "p-name"), nameTag(RACE_NAMES[race] || race, "p-race"), recon());
}

function drawMap(view) {
  const size = MAP.size;
  const root = svg("svg", { viewBox: `0 0 ${size} ${size}`, class: "perim-map", role: "img", "aria-label": "The map of Perim" });
  root.append(svg("title", {}, MAP.note));
  const radiantRealm = Object.keys(MAP.realms).find(r => MAP.realms[r].race === view.radiant);
  for (const [id, realm] of Object.entries(MAP.realms)) {
    const [lx, ly] = polar(MAP.radii[2] + 32, realm.from + 45);
    root.append(svg("text", { x: lx, y: ly, class: "realm-name" + (id === radiantRealm ? " radiant" : ""), "text-anchor": "middle" }, realm.name + (id === radiantRealm ? " ★" : "")));
  }
  root.append(svg("circle", { cx: MAP.centre[0], cy: MAP.centre[1], r: MAP.radii[0] - 4, class: "centre" }));
  for (const r of view.regions) {
    const g = regionGeometry(r.id);
    const cell = svg("g", { class: "region" + (view.tracker === r.id ? " tracked" : "") + (r.control !== null ? " held" : ""), "data-ref": r.id, "data-region": r.id });
    cell.append(svg("path", { d: g.path, fill: MAP.realms[g.realm].fill, class: "region-shape" }));
    cell.append(svg("title", {}, `${regionName(r.id)}: ${r.natives.map(n => RACE_NAMES[n]).join(" & ")} native${r.temple ? ", temple" : ""}${r.portal_twin ? `, portal to ${regionName(r.portal_twin)}` : ""}${r.control !== null ? `; ${sideName(view, r.control)} cube` : ""}`));
    const [x, y] = g.mid;
    cell.append(svg("text", { x, y: y - 14, "text-anchor": "middle", class: "region-label" }, r.id.split("-")[1]));
    if (r.temple) cell.append(svg("path", { d: `M${x - 30},${y + 24} l8,-14 l8,14 z`, class: "temple" }));
    if (r.portal_twin) cell.append(svg("circle", { cx: x - 22, cy: y + 18, r: 8, class: "portal" }));
    let cx = x - 8;
    for (let i = 0; i < r.silver; i++, cx += 9) cell.append(svg("circle", { cx, cy: y + 18, r: 6, class: "coin silver" }));
    for (let i = 0; i < r.copper; i++, cx += 9) cell.append(svg("circle", { cx, cy: y + 18, r: 6, class: "coin copper" }));
    if (r.control !== null) {
      cell.append(svg("rect", { x: x - 11, y: y - 8, width: 22, height: 22, rx: 3, fill: sideColour(r.control), class: "cube", "data-cube": r.control }));
      cell.append(svg("text", { x, y: y + 8, "text-anchor": "middle", class: "cube-sym" }, SIDE_SYMBOLS[r.control]));
    }
    root.append(cell);
  }
  for (const r of view.regions) {  // portals: a dashed line to the twin
    if (r.portal_twin && r.id < r.portal_twin) {
      const a = regionGeometry(r.id).mid, b = regionGeometry(r.portal_twin).mid;
      root.append(svg("line", { x1: a[0] - 22, y1: a[1] + 18, x2: b[0] - 22, y2: b[1] + 18, class: "portal-link" }));
    }
  }
  const at = view.tracker ? regionGeometry(view.tracker).mid : [MAP.centre[0], MAP.centre[1] - MAP.radii[0] + 18];
  root.append(svg("g", { class: "tracker", transform: `translate(${at[0] + 24},${at[1] - 20})` },
    svg("circle", { cx: 0, cy: 0, r: 13 }), svg("text", { x: 0, y: 5, "text-anchor": "middle" }, "⚔")));
  if (radiantRealm) {
    const [sx, sy] = polar(MAP.radii[2] - 14, MAP.realms[radiantRealm].from + 45);
    root.append(svg("text", { x: sx, y: sy + 8, class: "radiant-marker", "text-anchor": "middle" }, "★"));
  }
  return root;
}

// The battle in the centre of the map: each play a card (or two), the winner lit.
function battleRow(view, ctx) {
  const b = view.battle;
  if (!view.tracker && !b.plays.length) return null;
  return h("div", { class: "battle", "data-testid": "battle" },
    h("div", { class: "battle-title" }, view.tracker ? `Battle of ${regionName(view.tracker)}` : "Battle"),
    h("div", { class: "plays" }, b.plays.length ? b.plays.map(p => h("div", { class: "play" + (b.winning === p.seat ? " winning" : "") + (p.counts ? "" : " no-count"), "data-ref": `play:${p.seat}` },
      h("div", { class: "play-cards" }, p.cards.map(c => card(c, { "data-ref": null }))),
      h("div", { class: "play-who", style: `--side:${sideColour(sideOfSeat(view, p.seat))}` }, SIDE_SYMBOLS[sideOfSeat(view, p.seat)], " ", ctx.label(p.seat)),
      p.counts ? null : h("div", { class: "play-note" }, "does not count"))) : h("div", { class: "muted" }, "no card played yet")));
}

function sideOfSeat(view, seat) { const hand = view.hands.find(x => x.seat === seat); return hand ? hand.side : seat; }

// The pool in Recruit; after it, the cards left in it are set aside (face down) until
// the next age.
function pool(view) {
  const open = view.phase === "recruit";
  return h("div", { class: "pool" + (open ? "" : " set-aside"), "aria-label": open ? "the drafting pool" : "the rest of the pool, set aside" }, view.pool_slots.map((slot, i) => {
    const c = view.pool[i];
    return h("div", { class: "slot" + (c ? "" : " empty"), "data-ref": open ? slot : null, "data-slot": slot, "aria-label": `${slot}: ${c ? (open ? cardName(c) : "set aside") : "empty"}` },
      c ? (open ? card(c, { "data-ref": null }) : back(`${cardName(c)}, set aside`, { class: "card-back slot-back" })) : h("span", { class: "slot-empty" }, slot));
  }));
}

function scores(view, ctx) {
  return h("div", { class: "scores", "aria-label": "scores" }, view.scores.map((pts, side) => h("div", { class: "score", style: `--side:${sideColour(side)}`, "data-ref": `score:${side}` },
    h("span", { class: "sym", "aria-hidden": "true" }, SIDE_SYMBOLS[side]), h("span", { class: "side-name" }, sideName(view, side)),
    h("span", { class: "pts" }, String(pts)),
    view.players === 4 ? h("span", { class: "members" }, view.hands.filter(x => x.side === side).map(x => ctx.label(x.seat)).join(" & ")) : null)));
}

// Another seat: its hand as backs, its captured pile, what is known of its hand, melds.
function seatPanel(view, ctx, hand) {
  const capd = view.captured[hand.seat];
  const side = hand.side;
  const toAct = hand.seat === view.to_act;
  const knownText = [hand.known.length ? `Known in hand: ${hand.known.map(cardName).join(", ")}` : "",
    hand.lacks.length ? `Known not in hand: ${hand.lacks.map(cardName).join(", ")}` : ""].filter(Boolean).join("\n");
  return h("div", { class: "seat-panel" + (toAct ? " to-act" : ""), style: `--side:${sideColour(side)}`, "data-seat": hand.seat, "data-ref": `seat:${hand.seat}`,
    "data-zoom": knownText || null },
    h("div", { class: "seat-head" }, h("span", { class: "sym", "aria-hidden": "true" }, SIDE_SYMBOLS[side]), h("b", {}, ctx.label(hand.seat)),
      h("span", { class: "side-name" }, sideName(view, side)), toAct ? h("span", { class: "turn-flag" }, "to play") : null,
      h("span", { class: "backs", title: `${hand.count} cards in hand` }, Array.from({ length: Math.min(hand.count, 10) }, () => back("a card in hand", { class: "card-back pback" })), h("span", { class: "count" }, `${hand.count}`)),
      h("span", { class: "captured", title: `${capd.count} cards captured` }, icon("deck"), ` ${capd.count}`)),
    hand.known.length || hand.lacks.length ? h("div", { class: "known" },
      hand.known.map(c => h("span", { class: `mini race-${c.split(".")[0]}`, title: "known to be in this hand" }, cardName(c))),
      hand.lacks.map(c => h("span", { class: "mini lacks", title: "known not to be in this hand" }, cardName(c)))) : null,
    view.melds[hand.seat].length ? h("div", { class: "melds" }, "Melds: ", view.melds[hand.seat].join("; ")) : null);
}

function meldChoices(ctx) {
  const melds = ctx.legal.filter(a => a.startsWith("meld") && a !== "meld done");
  if (!melds.length) return null;
  const words = a => { const w = a.split(" ").slice(1); return w.map(x => RACE_NAMES[x] || cap(x.replace("-", " "))).join(" — "); };
  return h("div", { class: "meld-choices" }, h("span", { class: "lbl" }, "Set a meld aside:"), melds.map(a => h("span", { class: "meld-chip", "data-ref": a }, words(a))));
}

function myPanel(view, ctx) {
  const me = seatOf(ctx);
  const hand = view.hands.find(x => x.seat === me);
  if (!hand || hand.cards === undefined) return null;
  const capd = view.captured[me];
  const cards = [...hand.cards].sort((a, b) => a.localeCompare(b) || rankOf(a) - rankOf(b));
  return h("div", { class: "my-panel hand mine", style: `--side:${sideColour(hand.side)}`, "data-seat": me, "data-testid": "hand" },
    h("div", { class: "seat-head" }, h("span", { class: "sym", "aria-hidden": "true" }, SIDE_SYMBOLS[hand.side]), h("b", {}, `${ctx.label(me)} (you)`),
      h("span", { class: "side-name" }, sideName(view, hand.side)), h("span", { class: "captured" }, icon("deck"), ` ${capd.count} captured`),
      view.my_melds && view.my_melds.length ? h("span", { class: "secret-melds" }, `Set aside (secret): ${view.my_melds.join("; ")}`) : null,
      meldChoices(ctx)),
    h("div", { class: "cards hand-cards" }, cards.map(c => card(c))));
}

const PHASES = ["recruit", "meld", "war"];

export default {
  async render(root, ctx) {
    await useCss("radiant-perim");
    await mapReady;
    const v = ctx.view;
    const me = seatOf(ctx);
    root.classList.add("rp-root");
    const n = v.hands.length;
    const others = Array.from({ length: n - 1 }, (_, i) => v.hands.find(x => x.seat === (me + 1 + i) % n)).filter(Boolean);
    const top = h("div", { class: "perim-top" }, h("span", { class: "age" }, `Age ${v.age} of 3`),
      h("span", {}, `Dealer: ${ctx.label(v.dealer)}`), h("span", { class: "radiant-race" }, "★ Radiant: ", RACE_NAMES[v.radiant] || "—"),
      h("span", {}, icon("deck"), ` ${v.deck} in the deck`), scores(v, ctx));
    const mapBox = h("div", { class: "map-box" }, drawMap(v), battleRow(v, ctx), h("span", { class: "map-recon", title: v.note }, recon("map")));
    const side = h("div", { class: "perim-side" },
      v.phase !== "over" ? h("div", { class: "pool-box" }, h("h3", {}, v.phase === "recruit" ? "Drafting pool" : "Set aside until the next age"), pool(v)) : null,
      v.phase === "over" && v.outcome ? h("div", { class: "final" }, h("h3", {}, "Final scores"), scores(v, ctx)) : null);
    const mine = myPanel(v, ctx);
    const table = h("div", { class: `rp-table players-${n}` },
      top,
      h("div", { class: "opponents" }, others.map(x => seatPanel(v, ctx, x))),
      h("div", { class: "perim-main" }, mapBox, side),
      ctx.hand ? null : mine,
      h("span", { class: "table-recon", title: v.note }, recon("board")));
    if (ctx.hand) ctx.hand.replaceChildren(...(mine ? [h("div", { class: "rp-root rp-handwrap" }, mine)] : []));
    root.replaceChildren(table);
  },

  phases(view) {
    const at = PHASES.indexOf(view.phase);
    return at < 0 ? null : { names: PHASES.map(cap), current: at };
  },

  prompt(ctx) {
    const v = ctx.view, can = verbs(ctx.legal);
    if (can.has("pick")) return "Draft a card from the pool.";
    if (can.has("meld")) return "Set melds aside in secret, or finish melding.";
    if (can.has("move")) return "Move the battle tracker into an adjacent region.";
    if (can.has("play") || can.has("assassinate")) {
      const region = v.tracker ? regionName(v.tracker) : "the region";
      return `The battle of ${region}: ${either(["play a card", can.has("assassinate") && "assassinate a card", can.has("pass") && "pass"].filter(Boolean))}.`;
    }
    if (can.has("pass")) return "Pass.";
    return "";
  },

  refs(action) {
    const words = action.split(/\s+/);
    const verb = words[0];
    if (verb === "pick" || verb === "move") return [words[1]];
    if (verb === "play") return words[1].split("+");
    if (verb === "assassinate") {
      const at = words.find(w => w.startsWith("@"));
      const seat = at ? Number(at.replace(/^@p?/i, "")) - 1 : null;
      return [`${words[words.length - 1]}.assassin`, ...(seat !== null && !Number.isNaN(seat) ? [`seat:${seat}`] : [])];
    }
    if (verb === "meld" && words[1] !== "done") return [action];
    return [];
  },

  eventRefs(e) {
    const f = e.fields || {};
    switch (e.kind) {
      case "pick": return [f.slot, `seat:${f.seat}`];
      case "refill": case "slot_empty": return [f.slot];
      case "move": case "walkover": return [f.region, `seat:${f.seat}`].filter(Boolean);
      case "play": return [`play:${f.seat}`, `seat:${f.seat}`];
      case "assassination": case "assassination_failed": return [`play:${f.seat}`, `seat:${f.target}`];
      case "battle_won": return [f.region, `seat:${f.seat}`, `score:${f.side}`];
      case "melds_revealed": case "melds_done": case "meld_set_aside": case "pass": case "leftovers": return [`seat:${f.seat}`];
      case "age_ends": case "coins_scored": case "card_coins_scored": return [0, 1, 2].map(s => `score:${s}`);
      default: return [];
    }
  },

  floaters(e, view) {
    const f = e.fields || {};
    const sideOf = seat => { const hnd = (view && view.hands || []).find(x => x.seat === seat); return hnd ? hnd.side : seat; };
    switch (e.kind) {
      case "battle_won": return [gain(f.region, f.coins || 0, " coins"), { ref: `seat:${f.seat}`, text: `+${(f.cards || []).length} captured`, kind: "gain" }].filter(x => !x.text.startsWith("+0"));
      case "melds_revealed": return f.points ? [gain(`score:${sideOf(f.seat)}`, f.points)] : [];
      case "realm_scored": return (f.points || []).map((p, side) => (p ? gain(`score:${side}`, p) : null)).filter(Boolean);
      case "coins_scored": return (f.coins || []).map((p, side) => (p ? gain(`score:${side}`, p) : null)).filter(Boolean);
      default: return [];
    }
  },

  // The end of an age: realm majorities, coins, printed coins, then the scores.
  scoring(e, which) {
    if (which === "end") return e.kind === "age_ends";
    return ["realm_scored", "coins_scored", "card_coins_scored"].includes(e.kind);
  },

  summary(events, ctx) {
    const end = events[events.length - 1];
    const realms = events.filter(e => e.kind === "realm_scored");
    const sides = (end.fields.scores || []).map((_, s) => s);
    const coins = events.find(e => e.kind === "coins_scored");
    const printed = events.find(e => e.kind === "card_coins_scored");
    // one column a side: the points, and the cubes that earned them
    const cell = (pts, cubes, s) => h("td", { style: `--side:${sideColour(s)}`, class: "side-cell" }, h("b", {}, String(pts ?? 0)),
      cubes === undefined ? null : h("span", { class: "cubes", title: "cubes" }, ` (${cubes}▪)`));
    return h("div", { class: "age-summary rp-summary", "data-testid": "age-summary" },
      h("p", {}, h("b", {}, `End of age ${end.fields.age}`), ": points per side (cubes in the realm)"),
      h("table", {}, h("tr", {}, h("th", {}, "Realm"), sides.map(s => h("th", { style: `--side:${sideColour(s)}`, class: "side-cell" }, SIDE_SYMBOLS[s], " ", ["Red", "Yellow", "Blue"][s]))),
        realms.map(e => h("tr", {}, h("td", {}, cap(e.fields.realm)), sides.map(s => cell(e.fields.points[s], e.fields.cubes[s], s)))),
        coins ? h("tr", {}, h("td", {}, "Coins taken"), sides.map(s => cell(coins.fields.coins[s], undefined, s))) : null,
        h("tr", { class: "total" }, h("td", {}, "Score"), sides.map(s => cell(end.fields.scores[s], undefined, s)))),
      printed ? h("p", {}, printed.text) : null);
  },
};
