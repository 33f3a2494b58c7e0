// radiant-perim's table: the map of Perim (SVG: realms, regions, temples, portals, cubes,
// coins, the battle tracker and the Radiant marker), the drafting pool, the hand, melds,
// the battle in progress and each side's score.
//
// Clickable things carry data-ref: a pool slot ("b2"), a region ("sea-4"), a card of the
// hand ("avis.knight"), a meld choice (its action text). refs(action) maps an action's
// notation to those refs.
import { h, svg } from "/static/js/api.js";

let MAP = null;
const mapReady = fetch("/static/data/perim-map.json").then(r => r.json()).then(m => { MAP = m; });

const RANKS = ["assassin", "elder", "scout", "mount", "knight", "phalanx", "mounted knight"];
const RACE_NAMES = { avis: "Avis", treefolk: "Treefolk", stonedweller: "Stonedweller", mariner: "Mariner" };
const cap = s => s.charAt(0).toUpperCase() + s.slice(1);
const cardName = slug => { const [race, rank] = slug.split("."); return `${RACE_NAMES[race] || race} ${cap(rank)}`; };
const sideColour = (view, side) => (MAP ? MAP.sides[side] : "#888");

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

function card(slug, attrs = {}) {
  const [race, rank] = slug.split(".");
  return h("div", { class: `card race-${race}`, "data-ref": slug, title: cardName(slug), ...attrs },
    h("span", { class: "race" }, RACE_NAMES[race] || race), h("span", { class: "rank" }, rank));
}

function drawMap(view) {
  const size = MAP.size;
  const root = svg("svg", { viewBox: `0 0 ${size} ${size}`, class: "perim-map", role: "img", "aria-label": "The map of Perim" });
  root.append(svg("title", {}, MAP.note));
  const radiantRealm = Object.keys(MAP.realms).find(r => MAP.realms[r].race === view.radiant);
  for (const [id, realm] of Object.entries(MAP.realms)) {
    const [lx, ly] = polar(MAP.radii[2] + 40, realm.from + 45);
    root.append(svg("text", { x: lx, y: ly, class: "realm-name", "text-anchor": "middle" }, realm.name + (id === radiantRealm ? " ★" : "")));
  }
  root.append(svg("circle", { cx: MAP.centre[0], cy: MAP.centre[1], r: MAP.radii[0] - 4, class: "centre" }));
  root.append(svg("text", { x: MAP.centre[0], y: MAP.centre[1] + 4, "text-anchor": "middle", class: "centre-label" }, "centre"));
  const byId = Object.fromEntries(view.regions.map(r => [r.id, r]));
  for (const r of view.regions) {
    const g = regionGeometry(r.id);
    const cell = svg("g", { class: "region" + (view.tracker === r.id ? " tracked" : ""), "data-ref": r.id, "data-region": r.id });
    cell.append(svg("path", { d: g.path, fill: MAP.realms[g.realm].fill, class: "region-shape" }));
    cell.append(svg("title", {}, `${r.id}: ${r.natives.map(n => RACE_NAMES[n]).join(" & ")} native${r.temple ? ", temple" : ""}${r.portal_twin ? `, portal to ${r.portal_twin}` : ""}`));
    const [x, y] = g.mid;
    cell.append(svg("text", { x, y: y - 10, "text-anchor": "middle", class: "region-label" }, r.id));
    if (r.temple) cell.append(svg("path", { d: `M${x - 24},${y + 26} l6,-10 l6,10 z`, class: "temple" }), svg("text", { x: x - 14, y: y + 25, class: "temple-label" }, "temple"));
    if (r.portal_twin) cell.append(svg("circle", { cx: x, cy: y + 16, r: 9, class: "portal" }));
    let cx = x - 20;
    for (let i = 0; i < r.silver; i++, cx += 12) cell.append(svg("circle", { cx, cy: y + 4, r: 5, class: "coin silver" }));
    for (let i = 0; i < r.copper; i++, cx += 12) cell.append(svg("circle", { cx, cy: y + 4, r: 5, class: "coin copper" }));
    if (r.control !== null) cell.append(svg("rect", { x: x + 14, y: y - 4, width: 14, height: 14, fill: sideColour(view, r.control), class: "cube", "data-cube": r.control }));
    root.append(cell);
  }
  for (const r of view.regions) {  // portals: a dashed line to the twin
    if (r.portal_twin && r.id < r.portal_twin) {
      const a = regionGeometry(r.id).mid, b = regionGeometry(r.portal_twin).mid;
      root.append(svg("line", { x1: a[0], y1: a[1] + 16, x2: b[0], y2: b[1] + 16, class: "portal-link" }));
    }
  }
  const at = view.tracker ? regionGeometry(view.tracker).mid : MAP.centre;
  root.append(svg("g", { class: "tracker", transform: `translate(${at[0] - 22},${at[1] - 30})` },
    svg("circle", { cx: 0, cy: 0, r: 11 }), svg("text", { x: 0, y: 5, "text-anchor": "middle" }, "⚔")));
  if (byId && radiantRealm) {
    const [sx, sy] = polar(MAP.radii[2] - 20, MAP.realms[radiantRealm].from + 45);
    root.append(svg("text", { x: sx, y: sy, class: "radiant-marker", "text-anchor": "middle" }, "★"));
  }
  return root;
}

function sideName(view, side) { return view.sides[side]; }

function scores(view, label) {
  return h("div", { class: "scores" }, view.scores.map((pts, side) => h("span", { class: "score", style: `border-color:${sideColour(view, side)}` },
    `${sideName(view, side)}${view.players === 4 ? ` (${view.hands.filter(x => x.side === side).map(x => label(x.seat)).join(", ")})` : ""}: ${pts}`)));
}

function pool(view) {
  return h("div", { class: "pool" }, view.pool_slots.map((slot, i) => {
    const c = view.pool[i];
    return h("div", { class: "slot" + (c ? "" : " empty"), "data-ref": slot, "data-slot": slot },
      h("span", { class: "slot-name" }, slot), c ? h("span", {}, cardName(c)) : h("span", {}, "—"));
  }));
}

function hands(view, ctx) {
  return h("div", { class: "hands" }, view.hands.map(hand => {
    const mine = hand.cards !== undefined;
    const cap = view.captured[hand.seat];
    return h("div", { class: "hand" + (mine ? " mine" : ""), style: `border-color:${sideColour(view, hand.side)}`, "data-seat": hand.seat },
      h("div", { class: "who" }, `${ctx.label(hand.seat)}${hand.seat === view.to_act ? " ◀" : ""}`, h("span", { class: "count" }, ` ${hand.count} cards, ${cap.count} captured`)),
      mine ? h("div", { class: "cards" }, hand.cards.map(c => card(c))) :
        h("div", { class: "known" }, hand.known.length ? `known: ${hand.known.map(cardName).join(", ")}` : "", hand.lacks.length ? ` lacks: ${hand.lacks.map(cardName).join(", ")}` : ""),
      view.melds[hand.seat].length ? h("div", { class: "melds" }, `melds: ${view.melds[hand.seat].join("; ")}`) : null);
  }));
}

function battle(view, ctx) {
  const b = view.battle;
  return h("div", { class: "battle" }, h("h3", {}, view.tracker ? `Battle of ${view.tracker}` : "Battle"),
    b.plays.length ? h("ul", {}, b.plays.map(p => h("li", {}, `${ctx.label(p.seat)}: ${p.cards.map(cardName).join(" + ")} (${RANKS[p.rank]}${p.counts ? "" : ", does not count"})`))) : h("p", { class: "muted" }, "no card played"),
    b.winning !== null && b.winning !== undefined ? h("p", {}, `winning: ${ctx.label(b.winning)}`) : null);
}

function meldChoices(ctx) {
  const melds = ctx.legal.filter(a => a.startsWith("meld"));
  if (!melds.length) return null;
  return h("div", { class: "meld-choices" }, h("span", {}, "Melds: "), melds.map(a => h("span", { class: "chip", "data-ref": a }, a.slice(5))));
}

export default {
  async render(root, ctx) {
    await mapReady;
    const v = ctx.view;
    root.replaceChildren(
      h("div", { class: "perim-top" },
        h("span", {}, `Age ${v.age}, ${v.phase}`), h("span", {}, `dealer ${ctx.label(v.dealer)}`),
        h("span", {}, `Radiant: ${RACE_NAMES[v.radiant]}`), h("span", {}, `deck ${v.deck}`), scores(v, ctx.label)),
      h("div", { class: "perim-main" }, h("div", { class: "map-box" }, drawMap(v), h("p", { class: "note" }, v.note)),
        h("div", { class: "perim-side" }, h("h3", {}, "Drafting pool"), pool(v), battle(v, ctx),
          v.my_melds && v.my_melds.length ? h("p", {}, `Set aside (secret): ${v.my_melds.join("; ")}`) : null,
          meldChoices(ctx))),
      hands(v, ctx));
  },

  refs(action) {
    const words = action.split(/\s+/);
    const verb = words[0];
    if (verb === "pick" || verb === "move") return [words[1]];
    if (verb === "play") return words[1].split("+");
    if (verb === "assassinate") return [`${words[words.length - 1]}.assassin`];
    if (verb === "meld") return [action];
    return [];
  },

  // The end of an age: realm majorities, coins, printed coins, then the scores.
  scoring(e, which) {
    if (which === "end") return e.kind === "age_ends";
    return ["realm_scored", "coins_scored", "card_coins_scored"].includes(e.kind);
  },

  summary(events, ctx) {
    const end = events[events.length - 1];
    const realms = events.filter(e => e.kind === "realm_scored");
    return h("div", { class: "age-summary", "data-testid": "age-summary" },
      h("p", {}, `End of age ${end.fields.age}`),
      h("table", {}, h("tr", {}, h("th", {}, "realm"), h("th", {}, "cubes"), h("th", {}, "points")),
        realms.map(e => h("tr", {}, h("td", {}, e.fields.realm), h("td", {}, e.fields.cubes.join(" / ")), h("td", {}, e.fields.points.join(" / "))))),
      events.filter(e => e.kind !== "realm_scored").map(e => h("p", {}, e.text)));
  },
};
