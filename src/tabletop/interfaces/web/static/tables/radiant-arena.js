// radiant-arena's table: the three lanes with both sides' conduits and heroes (stats,
// damage, committed, item, level), the deities, the hand with its card texts, the shop,
// power and action points, and the combat in progress; in a drafted game, the draft.
//
// Clickable things carry data-ref: a hero or deity (its card id), a lane ("lane:left"),
// an enemy conduit ("conduit"), a card in hand or an item in the shop (its id).
import { h } from "/static/js/api.js";

const LANES = ["left", "center", "right"];

function unitCard(u, view) {
  if (u.hidden) return h("div", { class: "unit hidden-deity", title: "a deity, face down" }, h("div", { class: "name" }, "Deity"), h("div", {}, "face down"));
  const hp = u.health - u.damage;
  const classes = ["unit", u.deity ? "deity" : "hero", u.committed ? "committed" : "ready", u.levelled ? "levelled" : ""];
  return h("div", { class: classes.join(" "), "data-ref": u.id, "data-unit": u.id, title: u.text },
    h("div", { class: "name" }, u.name, u.levelled ? " ★" : ""),
    u.subtitle ? h("div", { class: "subtitle" }, u.subtitle) : null,
    h("div", { class: "stats" }, h("span", { title: "attack" }, `atk ${u.attack}`), h("span", { title: "armor" }, `arm ${u.armor}`),
      h("span", { title: "health left", class: u.damage ? "hurt" : "" }, `hp ${hp}/${u.health}`)),
    h("div", { class: "extra" }, u.committed ? "committed" : "ready",
      u.exp !== null && u.exp !== undefined && !u.deity ? ` · level at ${u.exp}` : "",
      u.item ? ` · ${u.item}` : "", u.keywords.length ? ` · ${u.keywords.join(", ")}` : ""));
}

function conduit(c, enemy) {
  return h("div", { class: "conduit" + (c.ruined ? " ruined" : ""), "data-ref": enemy && !c.ruined ? "conduit" : null, title: c.text || "a consecrated conduit (face down)" },
    h("span", { class: "name" }, c.name || "conduit"), c.ruined ? " (ruined)" : ` ${c.health - c.damage}/${c.health}`);
}

function skillCard(id, face) {
  if (!face) return h("div", { class: "skill", "data-ref": id }, id);
  return h("div", { class: `skill ${face.kind}`, "data-ref": id, title: face.text },
    h("div", { class: "name" }, face.name, face.ultimate ? " (Ultimate)" : ""),
    face.kind === "skill" ? h("div", { class: "stats" }, `${face.hero} · atk ${face.attack} arm ${face.armor}${face.talent ? ` · talent ${face.talent.ap} AP${face.talent.power ? ` ${face.talent.power} power` : ""}` : ""}`)
      : h("div", { class: "stats" }, `cost ${face.cost} · atk ${face.attack} arm ${face.armor} hp ${face.health}`),
    h("div", { class: "text" }, face.text));
}

function sideBar(p, view, ctx, mine) {
  const units = view.units.filter(u => u.owner === p.seat);
  const home = units.filter(u => u.zone === "home");
  const voidz = units.filter(u => u.zone === "void");
  return h("div", { class: "arena-side" + (mine ? " mine" : ""), "data-seat": p.seat },
    h("div", { class: "who" }, `${ctx.label(p.seat)}${view.to_act === p.seat ? " ◀" : ""}`),
    h("span", {}, `power ${p.power}`), h("span", {}, `hand ${p.hand}`), h("span", {}, `deck ${p.deck}`),
    h("span", {}, `discard ${p.discard.length}`), h("span", {}, `shop ${p.shop}`), h("span", {}, p.buyback ? "buyback ready" : "buyback used"),
    h("div", { class: "zone home" }, h("span", { class: "zone-name" }, "home"), home.map(u => unitCard(u, view))),
    voidz.length ? h("div", { class: "zone void" }, h("span", { class: "zone-name" }, "void"), voidz.map(u => unitCard(u, view))) : null);
}

function combatPanel(view, ctx) {
  const c = view.combat;
  if (!c) return null;
  return h("div", { class: "combat", "data-testid": "combat" }, h("h3", {}, `Combat${c.lane ? ` in the ${c.lane} lane` : ""}`),
    h("p", {}, `attackers: ${c.attackers.join(", ") || "—"}; defender: ${c.defender || "—"}${c.blocked ? " (blocked)" : ""}`),
    h("p", {}, `attack ${c.attack}${c.defence ? `; defender attack ${c.defence.attack}, armor ${c.defence.armor}` : ""}`),
    c.clashes.length ? h("ul", {}, c.clashes.map(x => h("li", {}, `${x.hero}: ${x.card || "a card face down"}${x.face_up ? "" : " (face down)"}`))) : null);
}

// A drafted game begins with the draft (--draft, the lobby's "draft" box): the heroes
// still to pick or ban, then the deities and items, each a card to click.
function draftCard(kind, id, c, taken) {
  let stats = "", text = c.rules || c.text || "";
  if (kind === "hero") {
    const [a, b] = c.sides;
    stats = `${c.class} · atk ${a.attack} arm ${a.armor} hp ${a.health} · level at ${a.exp} → atk ${b.attack} arm ${b.armor} hp ${b.health}`;
    text = [a.rules, b.rules && b.rules !== a.rules ? `Levelled: ${b.rules}` : ""].filter(Boolean).join(" ");
  } else if (kind === "deity") {
    stats = `atk ${c.attack} arm ${c.armor} hp ${c.health}${c.keywords.length ? ` · ${c.keywords.join(", ")}` : ""}`;
  } else {
    stats = `cost ${c.cost} · +${c.attack} atk +${c.armor} arm +${c.health} hp${c.keywords.length ? ` · ${c.keywords.join(", ")}` : ""}`;
  }
  return h("div", { class: `skill draft-${kind}${taken ? " taken" : ""}`, "data-ref": taken ? null : id, title: text },
    h("div", { class: "name" }, c.name), h("div", { class: "stats" }, stats), h("div", { class: "text" }, text));
}

function draftPanel(v, ctx) {
  const d = v.draft, cards = d.cards;
  const taken = new Set([...d.bans, ...d.players.flatMap(p => p.picks)]);
  const me = d.players.find(p => p.seat === ctx.seat);
  const mine = (me && me.items) || [];
  const heroName = id => (cards.heroes[id] || { name: id }).name;
  const who = d.players.map(p => h("div", { class: "arena-side", "data-seat": p.seat },
    h("div", { class: "who" }, `${ctx.label(p.seat)}${d.to_act === p.seat ? " ◀" : ""}`),
    h("span", {}, `heroes: ${p.picks.map(heroName).join(", ") || "—"}`),
    h("span", {}, p.deity ? `deity: ${cards.deities[p.deity].name}` : p.deity_chosen ? "deity chosen (secret)" : "no deity yet"),
    h("span", {}, p.items ? `items: ${p.items.map(i => cards.items[i].name).join(", ") || "—"}` : `items chosen: ${p.items_chosen} (secret)`)));
  const step = d.order[d.step];
  const title = d.stage === "pick" || d.stage === "ban"
    ? `Draft: ${step ? `${ctx.label(step.seat)} ${step.action}s a hero` : ""}`
    : d.stage === "deity" ? "Draft: each player secretly picks a deity" : d.stage === "item" ? "Draft: each player secretly picks three different items" : "Draft";
  const row = (name, kind, ids, table, isTaken) => h("div", { class: "hand-row" }, h("h3", {}, name),
    h("div", { class: "skills" }, ids.map(id => draftCard(kind, id, table[id], isTaken(id)))));
  return [h("div", { class: "arena-top", "data-testid": "draft" }, h("span", {}, title),
      d.bans.length ? h("span", {}, `banned: ${d.bans.map(heroName).join(", ")}`) : null),
    ...who,
    d.stage === "pick" || d.stage === "ban" ? row("Heroes", "hero", d.pool, cards.heroes, id => taken.has(id)) : null,
    d.stage === "deity" ? row("Deities", "deity", d.deities, cards.deities, () => false) : null,
    d.stage === "item" ? row("Items", "item", d.items, cards.items, id => mine.includes(id)) : null,
    h("p", { class: "note" }, v.note)].filter(Boolean);
}

export default {
  render(root, ctx) {
    const v = ctx.view;
    if (v.phase === "draft" && v.draft) { root.replaceChildren(...draftPanel(v, ctx)); return; }
    const me = ctx.seat === null || ctx.seat === undefined ? 0 : ctx.seat;
    const foe = 1 - me;
    const mine = v.players[me], theirs = v.players[foe];
    const lanes = h("div", { class: "lanes" }, LANES.map((lane, i) => {
      const inLane = owner => v.units.filter(u => u.owner === owner && u.zone === lane);
      return h("div", { class: "lane" + (v.combat && v.combat.lane === lane ? " fighting" : ""), "data-lane": lane },
        conduit(theirs.conduits[i], true),
        h("div", { class: "units foe" }, inLane(foe).map(u => unitCard(u, v))),
        h("div", { class: "lane-name", "data-ref": `lane:${lane}` }, lane),
        h("div", { class: "units me" }, inLane(me).map(u => unitCard(u, v))),
        conduit(mine.conduits[i], false));
    }));
    const texts = mine.card_texts || {};
    root.replaceChildren(...[
      h("div", { class: "arena-top" }, h("span", {}, `Turn ${v.turn}`), h("span", {}, `${v.phase} phase`),
        h("span", {}, `active: ${ctx.label(v.active)}`), h("span", { class: "ap" }, `action points ${v.action_points}`),
        v.asking ? h("span", { class: "asking" }, `asked: ${v.asking}`) : null),
      sideBar(theirs, v, ctx, false),
      lanes,
      sideBar(mine, v, ctx, ctx.seat !== null && ctx.seat !== undefined),
      combatPanel(v, ctx),
      mine.cards ? h("div", { class: "hand-row" }, h("h3", {}, "Hand"), h("div", { class: "skills" }, mine.cards.map(c => skillCard(c, texts[c])))) : null,
      mine.shop_items ? h("div", { class: "shop-row" }, h("h3", {}, "Shop"), h("div", { class: "skills" }, mine.shop_items.map(c => skillCard(c, texts[c])))) : null,
      h("p", { class: "note" }, v.note)].filter(Boolean));
  },

  refs(action) {
    const w = action.split(/\s+/);
    const lane = x => `lane:${x}`;
    switch (w[0]) {
      case "deploy": case "move": case "place": return [w[1], lane(w[2])];
      case "attack": case "with": case "block": case "recover": case "level": case "assign": case "first": return [w[1]];
      case "target": return [w[1]];
      case "clash": return w.length > 2 ? [w[1], w[3]] : [w[1]];
      case "talent": { const [hero, ability] = w[1].split(":"); return [hero, ability]; }
      case "manifest": return [w[1], lane(w[2])];
      case "revive": return w[1] === "mass" ? [lane(w[2])] : [w[2], lane(w[3])];
      case "buy": case "pick": case "ban": case "deity": case "item": return [w[1]];
      case "discard": return [w[1]];
      case "lane": return [lane(w[1])];
      default: return [];
    }
  },

  // The end of a turn (and of the game) carries the board as it stood.
  scoring(e, which) {
    if (which === "end") return e.kind === "turn_end" || e.kind === "game_end";
    return false;
  },

  summary(events, ctx) {
    const e = events[events.length - 1];
    const b = e.fields.board;
    if (!b) return h("p", {}, e.text);
    return h("div", { class: "turn-summary", "data-testid": "turn-summary" }, h("p", {}, e.text),
      h("table", {}, h("tr", {}, h("th", {}, ""), ctx.table.labels.map(l => h("th", {}, l))),
        ["power", "hand", "deck", "discard"].map(k => h("tr", {}, h("td", {}, k), (b[k] || []).map(x => h("td", {}, x)))),
        h("tr", {}, h("td", {}, "conduit damage"), (b.conduit_damage || []).map(x => h("td", {}, (x || []).join(" / "))))));
  },
};
