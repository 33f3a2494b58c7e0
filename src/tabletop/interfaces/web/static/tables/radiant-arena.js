// radiant-arena's table (TABLE-DESIGN.md, "Radiant: Offline Battle Arena"): three lanes
// side by side; in each lane the opponent's conduit at the top edge, the heroes of both
// sides (the opponent's above), my conduit at the bottom edge. Each side's home row holds
// its deity and the heroes not in a lane; my power and action points sit by my deity and
// my shop is a row of small item cards beside them. A combat is drawn in its lane: the
// attacker's arrow to the target, the block, the clash cards face to face, the totals.
// A drafted game begins with the draft as its own screen.
//
// Clickable things carry data-ref: a hero or deity (its id), a lane ("lane:left"), an
// enemy conduit ("conduit:left"), a card in hand or an item in the shop (its id).
// Cards carry data-zoom (their full text) for the common client's zoom.
import { h } from "/static/js/api.js";
import { afterLayout, arrows, back, cap, chip, dmg, either, gain, heal, icon, lastEvent, loss, nameTag, recon, seatTag, stat, useCss, verbs } from "/static/tables/kit.js";

const LANES = ["left", "center", "right"];
const LANE_NAMES = { left: "Left lane", center: "Centre lane", right: "Right lane" };
// The rulebook's keyword definitions (Heroic Keywords; the glossary for Piercing and Stun).
const KEYWORDS = {
  divine: "Divine heroes can trigger Ultimate clash and talent effects, and are protected from many card effects.",
  evoker: "After your turn begins, if you control one or more in-play heroes with Evoker, gain 1 power (never more than 1 a turn).",
  regen: "After your turn begins, this hero heals damage equal to its Regen value (only the highest Regen counts).",
  taunt: "While you control a ready hero with Taunt at a location, enemy heroes may not attack your heroes without Taunt there.",
  vanguard: "While a hero with Vanguard is attacking, the other heroes of the same player cannot take damage.",
  piercing: "Piercing damage is not reduced by armor.",
  stun: "Stun damage cannot KO a hero: it stays in play with 1 health left.",
  weapon: "An item slot: a weapon.", armor: "An item slot: armor.", trinket: "An item slot: a trinket.",
};
const SEAT_NAMES = ["A", "B"];

const seatOf = (ctx) => (ctx.seat === null || ctx.seat === undefined ? 0 : ctx.seat);
const nameIn = (view, id) => {
  const u = (view.units || []).find(x => x.id === id);
  return u && u.name ? u.name : cap(String(id).replace(/-/g, " "));
};

function zoomText(u) {
  const lines = [`${u.name}${u.subtitle ? ` — ${u.subtitle}` : ""}${u.deity ? " (deity)" : u.levelled ? " (levelled)" : ""}`,
    `Attack ${u.attack} · Armor ${u.armor} · Health ${u.health - u.damage} of ${u.health}`];
  if (u.keywords.length) lines.push(`Keywords: ${u.keywords.map(cap).join(", ")}`);
  if (u.text) lines.push(u.text);
  if (!u.deity && !u.levelled && u.sides && u.sides[1]) {
    const b = u.sides[1];
    lines.push(`Levels up for ${u.exp} power into ${b.subtitle}: attack ${b.attack}, armor ${b.armor}, health ${b.health}. ${b.rules || ""}`);
  }
  if (u.item_card) lines.push(`Item: ${u.item_card.name} — ${u.item_card.text}`);
  return lines.join("\n");
}

// A hero or deity in play (or at home) as a card: name, stats as icons with numbers,
// keyword chips, damage on the card, committed turned sideways, a levelled badge.
function unitCard(u, view, extra = {}) {
  if (u.hidden) return back("The other player's deity, face down", { class: "card-back unit-back hidden-deity" });
  const left = u.health - u.damage;
  const ko = extra.ko;
  const cls = ["unit", "ra-card", u.deity ? "deity" : "hero", u.committed ? "committed" : "ready",
    u.levelled ? "levelled" : "", u.damage ? "damaged" : "", ko ? "ko" : "", extra.role || ""];
  return h("div", { class: cls.filter(Boolean).join(" "), "data-ref": u.id, "data-unit": u.id, "data-zoom": zoomText(u),
    "aria-label": `${u.name}${u.committed ? ", committed" : ""}${u.levelled ? ", levelled" : ""}, health ${left} of ${u.health}` },
    h("div", { class: "card-head" }, nameTag(u.name),
      u.levelled ? h("span", { class: "badge lvl", title: "levelled up" }, icon("star")) : null,
      u.deity ? h("span", { class: "badge deity-badge", title: "deity" }, icon("crown")) : null),
    u.subtitle ? h("div", { class: "subtitle" }, u.subtitle) : null,
    h("div", { class: "stats" }, stat("attack", u.attack, "attack"), stat("armor", u.armor, "armor"),
      stat("health", ko ? 0 : left, "health left", u.damage || ko ? "hurt" : "")),
    u.keywords.length || u.regen ? h("div", { class: "chips" }, u.keywords.map(k => chip(k, KEYWORDS[k])),
      u.regen && !u.keywords.includes("regen") ? chip(`regen ${u.regen}`, KEYWORDS.regen) : null) : null,
    u.item_card ? h("div", { class: "item-tag", title: u.item_card.text }, icon("shop"), nameTag(u.item_card.name, "item-name")) : null,
    !u.deity && !u.levelled && u.exp ? h("div", { class: "exp", title: `levels up for ${u.exp} power` }, icon("power"), String(u.exp)) : null,
    u.damage && !ko ? h("div", { class: "damage-token", title: `${u.damage} damage` }, String(u.damage)) : null,
    ko ? h("div", { class: "ko-mark" }, "KO") : null,
    u.committed ? h("div", { class: "state-tag" }, "committed") : null,
    recon());
}

function conduitBar(c, lane, enemy) {
  const left = c.health - c.damage;
  const known = c.name ? c.name : enemy ? "Conduit (face down)" : "Conduit";
  const pct = c.ruined ? 0 : Math.max(0, Math.round(100 * left / c.health));
  return h("div", { class: "conduit" + (c.ruined ? " ruined" : "") + (enemy ? " foe" : " mine"),
    "data-ref": `conduit:${lane}${enemy ? "" : ":mine"}`, "data-conduit": lane,
    "data-zoom": `${known}${c.ruined ? " (ruined)" : ` — health ${left} of ${c.health}`}${c.text ? `\n${c.text}` : ""}`,
    "aria-label": `${enemy ? "enemy" : "your"} conduit, ${LANE_NAMES[lane]}: ${c.ruined ? "ruined" : `${left} of ${c.health}`}` },
    nameTag(c.ruined ? `Ruined${c.name ? `: ${c.name}` : ""}` : known, "c-name"),
    c.ruined ? h("span", { class: "c-ruin", "aria-hidden": "true" }, "✕") :
      h("span", { class: "c-health" }, h("span", { class: "bar" }, h("span", { class: "fill", style: `width:${pct}%` })),
        stat("health", left, "conduit health")));
}

function skillText(face) {
  if (face.kind === "skill") return `${face.name}${face.ultimate ? " (Ultimate)" : ""} — a skill card of ${cap(face.hero)}: clash attack ${face.attack}, armor ${face.armor}` +
    `${face.talent ? `; talent ${face.talent.ap} AP${face.talent.power ? `, ${face.talent.power} power` : ""}` : ""}.\n${face.text}`;
  return `${face.name} — item, cost ${face.cost} power: +${face.attack} attack, +${face.armor} armor, +${face.health} health${face.keywords.length ? ` (${face.keywords.join(", ")})` : ""}.\n${face.text}`;
}

// A skill card in hand (clash values, talent cost) or an item in the shop (cost, bonuses).
export function skillCard(id, face, small) {
  if (!face) return h("div", { class: "skill ra-card", "data-ref": id }, cap(id));
  const isItem = face.kind === "item";
  return h("div", { class: `skill ${face.kind}${small ? " small" : ""}${face.ultimate ? " ultimate" : ""}`, "data-ref": id, "data-card": id, "data-zoom": skillText(face) },
    h("div", { class: "card-head" }, nameTag(face.name),
      isItem ? h("span", { class: "cost", title: `costs ${face.cost} power` }, icon("power"), String(face.cost)) : null),
    isItem ? h("div", { class: "stats" }, face.attack ? stat("attack", `+${face.attack}`, "attack") : null,
      face.armor ? stat("armor", `+${face.armor}`, "armor") : null, face.health ? stat("health", `+${face.health}`, "health") : null)
      : h("div", { class: "stats" }, h("span", { class: "owner" }, cap(face.hero)), stat("attack", face.attack, "clash attack"), stat("armor", face.armor, "clash armor"),
        face.talent ? h("span", { class: "talent", title: "talent cost" }, icon("ap"), String(face.talent.ap)) : null),
    small ? null : h("div", { class: "text" }, face.text),
    recon());
}

function counter(kind, value, title, big, ref) {
  return h("div", { class: `counter counter-${kind}${big ? " big" : ""}`, title: `${title}: ${value}`, "data-ref": ref || null, "data-testid": `counter-${kind}` },
    icon(kind), h("span", { class: "num" }, String(value)), h("span", { class: "what" }, title));
}

// A side's home row: deity, heroes at home (not yet deployed or KO'd), the void, and
// its counters; mine has the action points and the shop.
function homeRow(p, view, ctx, mine, koDeity) {
  const units = view.units.filter(u => u.owner === p.seat);
  const home = units.filter(u => u.zone === "home");
  const voidz = units.filter(u => u.zone === "void");
  const active = view.active === p.seat && view.phase !== "over";
  const texts = p.card_texts || {};
  return h("div", { class: `home ${mine ? "mine" : "foe"}${active ? " active" : ""}`, "data-seat": p.seat, "data-home": p.seat },
    h("div", { class: "ident" },
      h("div", { class: "who" }, seatTag(p.seat, ctx.label(p.seat), { me: mine }), active ? h("span", { class: "turn-flag" }, mine ? "your turn" : "their turn") : null),
      h("div", { class: "counters big-counters" }, counter("power", p.power, "power", true, `power:${p.seat}`),
        active ? counter("ap", view.action_points, "action points", true, `ap:${p.seat}`) : null),
      h("div", { class: "counters" }, counter("hand", p.hand, "cards in hand"), counter("deck", p.deck, "deck"), counter("discard", p.discard.length, "discard pile"),
        h("div", { class: "counter buyback" + (p.buyback ? "" : " used"), title: p.buyback ? "Buyback: ready" : "Buyback: used" }, p.buyback ? "Buyback" : "Buyback used"))),
    h("div", { class: "zone home-zone", "aria-label": "home" }, h("span", { class: "zone-name" }, "Home"),
      home.length ? home.map(u => unitCard(u, view, { ko: koDeity && u.deity && !u.hidden })) : h("span", { class: "empty" }, "no one")),
    voidz.length ? h("div", { class: "zone void-zone" }, h("span", { class: "zone-name" }, "Void"), voidz.map(u => unitCard(u, view))) : null,
    mine && p.shop_items ? h("div", { class: "zone shop", "data-testid": "shop" }, h("span", { class: "zone-name" }, icon("shop"), "Shop"),
      p.shop_items.length ? p.shop_items.map(c => skillCard(c, texts[c], true)) : h("span", { class: "empty" }, "empty")) :
      h("div", { class: "zone shop-count", title: "items left in the shop" }, icon("shop"), `${p.shop} in shop`));
}

// The combat in its lane: who attacks whom, the block, the clash cards face to face.
function combatZone(view, ctx, me) {
  const c = view.combat;
  const clash = (side) => c.clashes.filter(x => {
    const u = view.units.find(v => v.id === x.hero);
    return u && (u.owner === me) === side;
  }).map(x => x.card ? h("div", { class: "clash-card" + (x.face_up ? " up" : " mine-down"), title: x.face_up ? "revealed" : "face down (only you see it)" },
    nameTag(cap(x.card.replace(/-/g, " "))), h("span", { class: "by" }, nameIn(view, x.hero)))
    : back(`${nameIn(view, x.hero)}'s clash card, face down`, { class: "card-back clash-back" }));
  const defender = c.defender === "conduit" ? "the conduit" : c.defender ? nameIn(view, c.defender) : "a target to choose";
  return h("div", { class: "combat", "data-testid": "combat" },
    h("div", { class: "combat-line" }, icon("sword"), h("b", {}, c.attackers.map(a => nameIn(view, a)).join(" + ") || "—"),
      " → ", h("b", {}, defender), c.blocked ? h("span", { class: "blocked" }, "blocked") : null),
    c.clashes.length ? h("div", { class: "clash-row" }, h("div", { class: "clash-side foe" }, clash(false)), h("span", { class: "vs" }, "vs"), h("div", { class: "clash-side mine" }, clash(true))) : null,
    h("div", { class: "totals" }, stat("attack", c.attack, "attack"), c.defence ? [" vs ", stat("attack", c.defence.attack, "defender's attack"), stat("armor", c.defence.armor, "defender's armor")] : null));
}

function lane(view, ctx, laneName, i, me, foe, koDeity) {
  const inLane = owner => view.units.filter(u => u.owner === owner && u.zone === laneName);
  const c = view.combat;
  const fighting = c && c.lane === laneName;
  const role = u => (!fighting ? "" : c.attackers.includes(u.id) ? "attacking" : c.defender === u.id ? "defending" : "");
  const card = u => unitCard(u, view, { role: role(u), ko: koDeity && u.deity });
  return h("div", { class: "lane" + (fighting ? " fighting" : ""), "data-lane": laneName },
    conduitBar(view.players[foe].conduits[i], laneName, true),
    h("div", { class: "units foe" }, inLane(foe).map(card)),
    // the combat lies over the lane's middle line: the lane keeps its height
    h("div", { class: "lane-name" + (fighting ? " with-combat" : ""), "data-ref": `lane:${laneName}` }, LANE_NAMES[laneName],
      fighting ? combatZone(view, ctx, me) : null),
    h("div", { class: "units me" }, inLane(me).map(card)),
    conduitBar(view.players[me].conduits[i], laneName, false));
}

// --- the draft ------------------------------------------------------------------------

// Also the deck builder's card (decks.js): a hero, deity or item of the pool.
export function draftCard(kind, id, c, mark) {
  let stats = [], text = c.rules || c.text || "", sub = "";
  if (kind === "hero") {
    const [a, b] = c.sides;
    sub = `${cap(c.class)} · ${a.subtitle}`;
    stats = [stat("attack", a.attack, "attack"), stat("armor", a.armor, "armor"), stat("health", a.health, "health"), h("span", { class: "exp", title: "levels up for" }, icon("power"), String(a.exp))];
    text = [a.rules, b.rules && b.rules !== a.rules ? `Levelled (${b.subtitle}, ${b.attack}/${b.armor}/${b.health}): ${b.rules}` : ""].filter(Boolean).join(" ");
  } else if (kind === "deity") {
    stats = [stat("attack", c.attack, "attack"), stat("armor", c.armor, "armor"), stat("health", c.health, "health")];
  } else {
    stats = [h("span", { class: "cost" }, icon("power"), String(c.cost)), c.attack ? stat("attack", `+${c.attack}`, "attack") : null,
      c.armor ? stat("armor", `+${c.armor}`, "armor") : null, c.health ? stat("health", `+${c.health}`, "health") : null];
  }
  const kws = c.keywords || (kind === "hero" ? c.sides[0].keywords : []) || [];
  return h("div", { class: `skill draft-card draft-${kind}${mark ? ` taken ${mark.cls}` : ""}`, "data-ref": mark ? null : id, "data-zoom": `${c.name}${sub ? ` — ${sub}` : ""}\n${text}` },
    h("div", { class: "card-head" }, nameTag(c.name)),
    sub ? h("div", { class: "subtitle" }, sub) : null,
    h("div", { class: "stats" }, stats),
    kws.length ? h("div", { class: "chips" }, kws.map(k => chip(k, KEYWORDS[k]))) : null,
    h("div", { class: "text" }, text),
    mark ? h("div", { class: "draft-mark" }, mark.text) : null,
    recon());
}

function draftScreen(v, ctx) {
  const d = v.draft, cards = d.cards;
  const me = seatOf(ctx);
  const pickedBy = {};
  for (const p of d.players) for (const id of p.picks) pickedBy[id] = p.seat;
  const all = Object.keys(cards.heroes).filter(id => d.pool.includes(id) || d.bans.includes(id) || id in pickedBy);
  const mark = id => (d.bans.includes(id) ? { cls: "banned", text: "Banned" }
    : id in pickedBy ? { cls: `picked seat-${pickedBy[id]}`, text: `Picked by ${ctx.label(pickedBy[id])}` } : null);
  const step = d.order[d.step];
  const title = d.stage === "pick" || d.stage === "ban"
    ? (step ? `${step.seat === me ? "You" : ctx.label(step.seat)} ${step.seat === me ? step.action : `${step.action}s`} a hero` : "")
    : d.stage === "deity" ? "Each player secretly picks a deity" : d.stage === "item" ? "Each player secretly picks three different items" : "The draft";
  const order = h("ol", { class: "draft-order", "aria-label": "the order of the draft" }, d.order.map((o, i) =>
    h("li", { class: (i < d.step ? "done" : i === d.step ? "now" : "") + ` seat-${o.seat}` }, `${SEAT_NAMES[o.seat]} ${o.action}`)));
  const player = p => {
    const mine = p.seat === me;
    const deity = back("a deity, chosen in secret", { class: "card-back small" });
    const items = p.items ? p.items.map(i => h("span", { class: "pick-chip item" }, cards.items[i].name))
      : Array.from({ length: p.items_chosen }, () => back("an item, chosen in secret", { class: "card-back tiny" }));
    return h("div", { class: `draft-player${mine ? " mine" : ""}`, "data-seat": p.seat },
      h("div", { class: "who" }, seatTag(p.seat, ctx.label(p.seat), { me: mine }), d.to_act === p.seat ? h("span", { class: "turn-flag" }, "choosing") : null),
      h("div", { class: "picks" }, h("span", { class: "zone-name" }, "Heroes"), p.picks.length ? p.picks.map(id => h("span", { class: "pick-chip" }, cards.heroes[id].name)) : h("span", { class: "empty" }, "—")),
      h("div", { class: "picks" }, h("span", { class: "zone-name" }, "Deity"),
        p.deity ? h("span", { class: "pick-chip" }, cards.deities[p.deity].name) : p.deity_chosen ? deity : h("span", { class: "empty" }, "not chosen yet"),
        mine ? null : h("span", { class: "secret" }, "(secret)")),
      h("div", { class: "picks" }, h("span", { class: "zone-name" }, "Items"), items.length ? items : h("span", { class: "empty" }, "none yet"),
        mine ? null : h("span", { class: "secret" }, `(secret: ${p.items_chosen} chosen)`)));
  };
  const mineItems = (d.players.find(p => p.seat === me) || {}).items || [];
  let pool = null;
  if (d.stage === "pick" || d.stage === "ban") pool = all.map(id => draftCard("hero", id, cards.heroes[id], mark(id)));
  else if (d.stage === "deity") pool = d.deities.map(id => draftCard("deity", id, cards.deities[id]));
  else if (d.stage === "item") pool = d.items.map(id => draftCard("item", id, cards.items[id], mineItems.includes(id) ? { cls: "picked mine", text: "Yours" } : null));
  return h("div", { class: "ra-draft" },
    h("div", { class: "draft-head", "data-testid": "draft" }, h("h2", {}, "The draft"), h("span", { class: "draft-now" }, title), order),
    h("div", { class: "draft-players" }, d.players.map(player)),
    h("div", { class: `draft-pool stage-${d.stage}` }, pool));
}

// --- the table -------------------------------------------------------------------------

function drawTable(v, ctx) {
  const me = seatOf(ctx), foe = 1 - me;
  const mine = v.players[me], theirs = v.players[foe];
  const end = v.phase === "over" ? lastEvent(ctx.events, "game_end") : null;
  const koSeat = end && end.fields.cause === "deity_ko" ? 1 - end.fields.winner : null;
  const texts = mine.card_texts || {};
  const hand = mine.cards ? h("div", { class: "ra-hand hand-row", "data-testid": "hand", "aria-label": "your hand" },
    mine.cards.length ? mine.cards.map(c => skillCard(c, texts[c])) : h("span", { class: "empty" }, "Your hand is empty")) : null;
  const table = h("div", { class: "ra-table" + (v.phase === "over" ? " over" : "") },
    homeRow(theirs, v, ctx, false, koSeat === foe),
    h("div", { class: "lanes" }, LANES.map((l, i) => lane(v, ctx, l, i, me, foe, false))),
    homeRow(mine, v, ctx, ctx.seat !== null && ctx.seat !== undefined, koSeat === me),
    ctx.hand ? null : hand,
    h("span", { class: "table-recon", title: v.note }, recon("table")));
  if (ctx.hand && hand) ctx.hand.replaceChildren(h("div", { class: "ra-root ra-handwrap" }, hand));
  return table;
}

function combatArrows(root, v) {
  const c = v.combat;
  if (!c || !c.defender) { arrows(root, []); return; }
  const find = ref => root.querySelector(`[data-unit="${CSS.escape(ref)}"]`);
  const target = c.defender === "conduit" ? root.querySelector(`.conduit.foe[data-conduit="${c.lane}"], .conduit[data-conduit="${c.lane}"]`) : find(c.defender);
  // the conduit attacked is the defending side's: the attackers' owner's foe
  const att = c.attackers.map(find).filter(Boolean);
  let tgt = target;
  if (c.defender === "conduit" && att.length) {
    const attacker = v.units.find(u => u.id === c.attackers[0]);
    const mineAttacks = attacker && attacker.owner === (v.seat ?? 0);
    tgt = root.querySelector(`.lane[data-lane="${c.lane}"] .conduit.${mineAttacks ? "foe" : "mine"}`);
  }
  arrows(root, att.map(a => [a, tgt]), "attack-arrow");
}

export default {
  async render(root, ctx) {
    await useCss("radiant-arena");
    const v = ctx.view;
    root.classList.add("ra-root");
    if (v.phase === "draft" && v.draft) {
      if (ctx.hand) ctx.hand.replaceChildren();
      root.replaceChildren(draftScreen(v, ctx));
      return;
    }
    root.replaceChildren(drawTable(v, ctx));
    afterLayout(() => combatArrows(root, v));
  },

  // The turn's phases for the status bar's track, the current one lit.
  phases(view) {
    if (view.phase === "draft") return { names: ["Pick heroes", "Deities", "Items"], current: { pick: 0, ban: 0, deity: 1, item: 2 }[view.draft && view.draft.stage] ?? 0 };
    if (view.phase === "deploy" || view.phase === "over") return null;
    const at = { preparation: 0, action: 1, attack: 1, block: 1, clash: 1, reveal: 1, resolution: 1, "combat end": 1, revive: 2, shop: 2, draw: 2, discard: 2, end: 2 }[view.phase];
    return at === undefined ? null : { names: ["Preparation", "Action", "End"], current: at };
  },

  // What to do now, in words, for the status bar.
  prompt(ctx) {
    const v = ctx.view, can = verbs(ctx.legal);
    if (v.phase === "draft" && v.draft) {
      const st = v.draft.stage;
      return st === "ban" ? "Ban a hero of the pool: no one may pick it." : st === "pick" ? "Pick a hero of the pool."
        : st === "deity" ? "Choose your deity, in secret." : st === "item" ? "Choose your items, in secret (three different ones)." : "";
    }
    if (can.has("deploy")) return "Deploy a hero: click it, then choose its lane.";
    if (can.has("block") || can.has("no-block")) return "You are attacked: block with a ready hero, or don't block.";
    if (can.has("clash") || can.has("no-clash")) return "Clash a skill card face down, or don't clash.";
    if (can.has("assign")) return "Choose the attacker who takes the defender's damage.";
    if (can.has("first")) return "Choose whose effect resolves first.";
    if (can.has("target")) return "Choose a target.";
    if (can.has("with")) return "Add heroes to the attack, or go on.";
    if (can.has("discard")) return "Discard a card.";
    if (can.has("place")) return "Place a revived hero in a lane.";
    if (can.has("buy")) return "Shop: buy an item for a hero, or pass.";
    if (can.has("revive")) return "Revive a KO'd hero (Buyback or Mass Resurrect), or pass.";
    if (v.phase === "action") {
      const acts = [can.has("attack") && "attack", can.has("move") && "move", can.has("recover") && "recover", can.has("level") && "level up",
        can.has("talent") && "use a talent", can.has("manifest") && "manifest your deity", can.has("pass") && "end the phase"];
      const ap = v.action_points;
      return `Action phase — ${ap} action point${ap === 1 ? "" : "s"}. ${cap(either(acts.filter(Boolean)))}.`;
    }
    return "";
  },

  refs(action, view) {
    const w = action.split(/\s+/);
    const lane = x => `lane:${x}`;
    switch (w[0]) {
      case "deploy": case "move": case "place": return [w[1], lane(w[2])];
      case "attack": case "with": case "block": case "recover": case "level": case "assign": case "first": return [w[1]];
      case "target": {
        if (w[1] !== "conduit") return [w[1]];
        const l = view && view.combat && view.combat.lane;
        return l ? [`conduit:${l}`] : LANES.map(x => `conduit:${x}`);
      }
      case "clash": return w.length > 2 ? [w[1], w[3]] : [w[1]];
      case "talent": { const [hero, ability] = w[1].split(":"); return [hero, ability]; }
      case "manifest": return [w[1], lane(w[2])];
      case "revive": return w[1] === "mass" ? [lane(w[2])] : [w[2], lane(w[3])];
      case "buy": return [w[1], w[2]];
      case "pick": case "ban": case "deity": case "item": case "discard": return [w[1]];
      case "lane": return [lane(w[1])];
      default: return [];
    }
  },

  // The aim arrow of a targeted action (js/aim.js), from its words and the view: a
  // target chosen for an effect runs from the hero using it (view.resolving.unit), one
  // chosen for an attack from the (first) attacker, an attacker chosen for the
  // defender's damage from the defender; a block from the blocker to the attacker it
  // stops (rulebook "Combat": "Step One: Determine Participants", "Blocking").
  aim(action, view) {
    const w = action.split(/\s+/);
    const c = view && view.combat;
    const attacker = c && c.attackers && c.attackers.length ? c.attackers[0] : null;
    if (w[0] === "target") {
      // the defender choosing which attacker its damage goes to ("Step Three", 4.)
      const back = c && c.attackers && c.attackers.includes(w[1]) ? c.defender : null;
      const from = view && view.resolving && view.resolving.unit ? view.resolving.unit : back || attacker;
      const to = w[1] === "conduit" ? (c && c.lane ? `conduit:${c.lane}` : null) : w[1];
      return from && to ? { from, to } : null;
    }
    if (w[0] === "block" && attacker) return { from: w[1], to: attacker };
    return null;
  },

  // What an event acted on (the common client lights these while it shows the event).
  eventRefs(e, view) {
    const f = e.fields || {};
    const mine = view && view.seat !== null && view.seat !== undefined ? view.seat : 0;
    const conduitRef = (seat, l) => `conduit:${l}${seat === mine ? ":mine" : ""}`;
    switch (e.kind) {
      case "deploy": case "move": return [f.unit, `lane:${f.lane}`];
      case "attack": return [f.unit, `lane:${f.lane}`];
      case "join": case "block": case "recover": case "commit": case "level_up": case "boost": case "keyword": case "heal":
      case "damage": case "ko": case "ko_prevented": case "damage_prevented": case "lifelink": case "ultimate_fizzles": case "modifier":
        return [f.unit].filter(Boolean);
      case "target": return f.target === "conduit" ? [conduitRef(1 - f.seat, f.lane)] : [f.target];
      case "snipe": return [f.unit, f.target === "conduit" ? conduitRef(1 - f.seat, f.lane) : f.target];
      case "talent": return [f.unit, f.card].filter(Boolean);
      case "clash": case "reveal": case "extra_clash": case "assign": return [f.unit];
      case "resolution": return [...(f.attackers || []), f.defender].filter(x => x && x !== "conduit");
      case "conduit_damage": case "ruin": return [conduitRef(f.seat, f.lane)];
      case "manifest": return [f.deity, `lane:${f.lane}`];
      case "banish": return [f.unit];
      case "revive": return [f.unit, `lane:${f.lane}`];
      case "mass_resurrect": return [`lane:${f.lane}`, conduitRef(f.seat, f.lane)];
      case "buy": return [f.unit, f.item];
      case "item_destroyed": return [f.unit];
      case "draft_pick": case "draft_ban": return [f.hero];
      default: return [];
    }
  },

  // Numbers rising from what they hit: damage red, healing green, power and AP gold.
  floaters(e, view) {
    const f = e.fields || {};
    const mine = view && view.seat !== null && view.seat !== undefined ? view.seat : 0;
    const powerRef = seat => `power:${seat}`;
    switch (e.kind) {
      case "damage": return f.amount ? [dmg(f.unit, f.amount)] : [{ ref: f.unit, text: "0", kind: "damage" }];
      case "conduit_damage": return f.amount ? [dmg(`conduit:${f.lane}${f.seat === mine ? ":mine" : ""}`, f.amount)] : [];
      case "heal": return f.amount ? [heal(f.unit, f.amount)] : [];
      case "power_gain": return f.amount ? [gain(powerRef(f.seat), f.amount, " power")] : [];
      case "power_pay": case "power_loss": return f.amount ? [loss(powerRef(f.seat), f.amount, " power")] : [];
      case "ap_gain": return f.amount ? [gain(`ap:${f.seat}`, f.amount, " AP")] : [];
      case "ko": return [{ ref: f.unit, text: "KO", kind: "damage" }];
      case "level_up": return [{ ref: f.unit, text: "Level up", kind: "gain" }];
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
    const rows = [["power", "Power"], ["hand", "Cards in hand"], ["deck", "Deck"], ["discard", "Discard pile"]];
    return h("div", { class: "turn-summary", "data-testid": "turn-summary" }, h("p", {}, e.text),
      h("table", {}, h("tr", {}, h("th", {}, ""), ctx.table.labels.map(l => h("th", {}, l))),
        rows.map(([k, name]) => h("tr", {}, h("td", {}, name), (b[k] || []).map(x => h("td", {}, x)))),
        h("tr", {}, h("td", {}, "Conduit damage"), (b.conduit_damage || []).map(x => h("td", {}, (x || []).join(" / "))))));
  },
};
