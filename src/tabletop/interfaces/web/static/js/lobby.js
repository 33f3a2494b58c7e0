// The lobby: a tile for each game (the flagship first) with "Play against the AI" (one
// click, you are seated) and "Play with friends" (the new-table form with every seat a
// person); the new-table form (game, players, the game's options as controls, who plays
// each seat, the clock and what happens when a person leaves); the open, running and
// finished tables; "Find a game" and the open seeks (find.js). The template game is shown
// in developer mode only (?dev=1).
import { call, h } from "/static/js/api.js";
import { initFind, syncAccount } from "/static/js/find.js";
import { askNotifications, hasSeats, linkOf, notificationsOn, rememberSeat, timeLeft, watchTurns } from "/static/js/turns.js";

const $ = id => document.getElementById(id);
const query = new URLSearchParams(location.search);
const DEV = query.get("dev") === "1";
let catalog = { games: [], difficulties: [] };
let deckGames = []; // the games the deck builder builds decks for (GET /api/decks)
let me = null; // the signed-in account, or null for a guest

// The tiles' order and their line about each game (the lobby's own words).
const TILES = {
  "radiant-arena": "Heroes fight across three lanes to break the enemy's conduits and bring down its deity.",
  "radiant-perim": "Draft warriors, meld them, and battle for the regions of Perim over three ages.",
  "lightseekers": "Heroes of the elements play attacks, buffs, items and combos until one is left standing.",
  "hoshi-battle": "Duels of dice and nerve: roll the symbol, then strike before your opponent pulls away.",
};
const ORDER = Object.keys(TILES);

function showError(e) {
  const box = $("error");
  box.hidden = !e;
  const network = e instanceof TypeError;
  box.textContent = !e ? "" : network ? "The server cannot be reached; try again in a moment." : (e.message || String(e));
}

function gameOf(id) { return catalog.games.find(g => g.id === id); }
function shown() {
  const known = catalog.games.filter(g => DEV || g.id in TILES);
  return known.sort((a, b) => rank(a.id) - rank(b.id));
}
function rank(id) { const i = ORDER.indexOf(id); return i < 0 ? ORDER.length : i; }
function playersText(g) {
  const c = g.player_counts;
  return c.length === 1 ? `${c[0]} players` : `${c[0]}–${c[c.length - 1]} players`;
}

function tiles() {
  $("tiles").replaceChildren(...shown().map(g => h("article", { class: "tile", "data-game": g.id },
    h("h3", {}, g.name),
    h("p", { class: "players" }, playersText(g)),
    h("p", { class: "line" }, TILES[g.id] || "The template game (developer mode)."),
    h("div", { class: "tile-actions" },
      h("button", { class: "primary", "data-quick": g.id, onclick: () => quick(g) }, "Play against the AI"),
      h("button", { "data-friends": g.id, onclick: () => friends(g) }, "Play with friends")),
    h("a", { class: "rules-link", href: `/rules/${g.id}` }, "Rules"),
    h("a", { class: "rules-link", href: `/leaderboard/${g.id}` }, "Leaderboard"),
    deckGames.includes(g.id) ? h("a", { class: "rules-link", href: `/decks/${g.id}` }, "Build a deck") : null)));
}

function quick(g) {
  create({ game: g.id, players: g.default_players, seats: [{ kind: "human" }, ...Array(g.default_players - 1).fill({ kind: "ai", difficulty: "normal" })] }, true);
}

function friends(g) {
  $("game").value = g.id;
  renderForm();
  for (const sel of document.querySelectorAll("[name^='kind:']")) sel.value = "human";
  syncDifficulty();
  $("new").scrollIntoView({ behavior: "smooth", block: "start" });
  $("create-button").focus({ preventScroll: true });
}

function paramControl(p) {
  const name = `param:${p.name}`;
  if (p.choices) return h("select", { name, "data-type": p.type }, p.choices.map(c => h("option", { value: c, selected: c === p.default }, String(c))));
  if (p.type === "bool") return h("input", { type: "checkbox", name, checked: p.default, "data-type": p.type });
  if (p.type === "int" || p.type === "float") return h("input", { type: "number", name, value: p.default, "data-type": p.type, step: p.type === "int" ? "1" : "any" });
  return h("input", { name, value: p.default, "data-type": p.type, list: p.suggestions ? `suggest-${p.name}` : null, placeholder: p.suggestions ? "the default (or pick one)" : null });
}

function renderForm() {
  const g = gameOf($("game").value);
  const players = $("players");
  const keep = Number(players.value) || g.default_players;
  players.replaceChildren(...g.player_counts.map(n => h("option", { value: n, selected: n === keep }, n)));
  if (!g.player_counts.includes(keep)) players.value = g.default_players;
  $("params").replaceChildren(...(g.params.length ? g.params.map(p => {
    const suggest = p.suggestions && h("datalist", { id: `suggest-${p.name}` }, p.suggestions.map(c => h("option", { value: c })));
    return h("label", { class: p.type === "bool" ? "check" : "" }, p.type === "bool" ? [paramControl(p), ` ${p.help}`] : [`${p.help} `, paramControl(p)], suggest);
  }) : [h("p", { class: "note" }, "This game has no options.")]));
  $("cards-box").hidden = !g.card_files;
  if (!g.card_files) $("card-files").value = "";
  syncCards();  // (and the file's decks offered again in the new lists)
  renderSeats();
}

function renderSeats() {
  const g = gameOf($("game").value);
  const n = Number($("players").value);
  const labels = g.labels[String(n)];
  const teams = g.teams[String(n)];
  $("teams").textContent = teams
    ? "Teams: " + teams.map((seats, i) => `side ${i + 1}: ${seats.map(s => labels[s]).join(" & ")}`).join("; ") + " (partners sit opposite)"
    : "";
  $("seats").replaceChildren(...labels.map((label, s) => h("tr", {},
    h("th", { scope: "row" }, label + (s === 0 ? " (you)" : "") + (teams ? ` (side ${teams.findIndex(t => t.includes(s)) + 1})` : "")),
    h("td", {}, h("select", { name: `kind:${s}`, "aria-label": `who plays ${label}`, onchange: syncDifficulty, disabled: s === 0 || null },
      h("option", { value: "human", selected: s === 0 }, s === 0 ? "you" : "a person"),
      h("option", { value: "ai", selected: s !== 0 }, "the AI"))),
    h("td", {}, h("select", { name: `difficulty:${s}`, "aria-label": `AI difficulty of ${label}` },
      catalog.difficulties.map(d => h("option", { value: d, selected: d === "normal" }, d)))),
  )));
  syncDifficulty();
}

// An AI's difficulty only matters for an AI seat.
function syncDifficulty() {
  for (const sel of document.querySelectorAll("[name^='kind:']")) {
    const s = sel.name.slice(5);
    const d = document.querySelector(`[name='difficulty:${s}']`);
    if (d) d.disabled = sel.value !== "ai";
  }
}

// User card files are for a private table: an open or rated one plays the game's own.
function syncCards() {
  const closed = $("open").checked || $("rated").checked;
  $("card-files").disabled = closed;
  if (closed) $("card-files").value = "";
  offerFileDecks();
}

// The decks a chosen card file adds ([[deck]] entries' ids) join the lists a deck is
// picked from (radiant-arena's deck_a and deck_b), so that a deck of new cards can be
// played; the server checks the files and the deck when the table is made.
async function offerFileDecks() {
  const input = $("card-files");
  const ids = [];
  for (const f of input.files || []) {
    const text = await f.text().catch(() => "");
    for (const block of text.split(/^\s*\[\[/m).slice(1)) {
      const m = /^\s*deck\s*\]\][^\n]*\n(?:[^\[]*?\n)?\s*id\s*=\s*["']([^"']+)["']/.exec(block);
      if (m) ids.push(m[1]);
    }
  }
  for (const sel of document.querySelectorAll("select[name^='param:deck']")) {
    for (const o of [...sel.options]) if (o.dataset.file) o.remove();
    for (const id of ids) if (![...sel.options].some(o => o.value === id)) sel.append(h("option", { value: id, "data-file": "1" }, `${id} (from your card file)`));
  }
}

// The chosen card files (name and text), for a game that takes them.
async function withCards(body) {
  const input = $("card-files");
  if ($("cards-box").hidden || input.disabled || !input.files.length) return body;
  body.cards = await Promise.all([...input.files].map(async f => ({ name: f.name, text: await f.text() })));
  return body;
}

function syncClock() {
  const mode = $("clock").value;
  for (const el of document.querySelectorAll(".clock-opt")) el.hidden = mode === "none";
  $("limit_s").closest("label").hidden = mode === "none" || mode === "turns"; // (a choice of hours or days instead)
  for (const el of document.querySelectorAll(".game-opt")) el.hidden = mode !== "game";
  for (const el of document.querySelectorAll(".turns-opt")) el.hidden = mode !== "turns";
  $("on_timeout").value = mode === "game" ? "lose" : "ai";
  // A turn-based table has no grace period: its people come and go for days.
  $("grace_s").disabled = $("on_leave").disabled = mode === "turns";
}

function formBody() {
  const form = $("create");
  const data = new FormData(form);
  const body = { game: data.get("game"), players: Number(data.get("players")), params: {}, seats: [], open: data.get("open") === "on" };
  for (const el of form.querySelectorAll("[name^='param:']")) {
    const name = el.name.slice(6);
    // each value in its parameter's type: the server refuses "1" for 1 and "" for false
    const type = el.dataset.type;
    body.params[name] = type === "bool" ? el.checked
      : type === "int" || type === "float" ? Number(el.value) : el.value;
  }
  for (let s = 0; s < body.players; s++) {
    const kind = s === 0 ? "human" : data.get(`kind:${s}`);
    body.seats.push(kind === "ai" ? { kind, difficulty: data.get(`difficulty:${s}`) } : { kind });
  }
  const mode = $("clock").value;
  if (mode === "turns") {
    body.clock = { mode: "move", limit_s: Number($("turn_limit").value), on_timeout: $("on_timeout").value };
  } else if (mode !== "none") {
    body.clock = { mode, limit_s: Number($("limit_s").value) || 60, on_timeout: $("on_timeout").value };
    if (mode === "game") body.clock.increment_s = Number($("increment_s").value) || 0;
  }
  body.grace_s = $("grace_s").value === "" ? null : Number($("grace_s").value);
  body.on_leave = $("on_leave").value;
  if (me && $("rated").checked) body.rated = true;
  return body;
}

async function create(body, go) {
  showError(null);
  try {
    const made = await call("POST", "/api/tables", { body });
    const mine = made.you !== undefined && made.you !== null ? made.seats.find(s => s.seat === made.you) : made.seats[0];
    const others = made.seats.filter(s => s !== mine);
    if (mine) rememberSeat(made.table.id, mine.seat, mine.token);
    if (go || !others.length) { if (mine) { location.href = mine.link; return; } }
    const links = $("links");
    links.hidden = false;
    const full = s => new URL(s.link, location.href).href;
    links.replaceChildren(
      h("p", {}, "Send each friend their seat's link (it is their key to the seat), then take yours:"),
      ...made.seats.map(s => h("div", { class: "link" }, `${s.label}${s === mine ? " (you)" : ""}: `,
        h("a", { href: s.link, "data-seat": s.seat }, full(s)),
        s !== mine && navigator.clipboard ? h("button", { class: "small", onclick: () => navigator.clipboard.writeText(full(s)).catch(() => {}) }, "copy") : null)),
      mine ? h("a", { class: "button primary", href: mine.link, "data-testid": "take-my-seat" }, "Go to my seat") : null);
    loadTables("open");
  } catch (e) { showError(e); }
}

async function loadTables(status) {
  for (const b of document.querySelectorAll(".filters button")) b.setAttribute("aria-pressed", String(b.dataset.status === status));
  try {
    const { tables } = await call("GET", `/api/tables?status=${status}`);
    const rows = tables.filter(t => DEV || t.game in TILES);
    $("tables").replaceChildren(...(rows.length ? rows.map(t => {
      const who = s => s.account ? `${s.account}${s.bot ? " (bot)" : ""}` : s.kind === "ai" ? `AI (${s.difficulty})` : s.joined ? (s.name || "a person") : "free";
      const seats = t.seats.map(s => `${s.label}: ${who(s)}`).join(", ") + (t.options && t.options.rated ? " · rated" : "");
      const actions = [h("a", { href: t.status === "over" ? `/table/${t.id}?replay=1` : `/table/${t.id}` }, t.status === "over" ? "replay" : "watch")];
      if (status === "open") {
        for (const s of t.seats.filter(s => s.kind === "human" && !s.joined)) {
          actions.push(h("button", { class: "small", onclick: () => join(t.id, s.seat) }, `take ${s.label}`));
        }
      }
      const state = t.status === "over" ? `over${t.outcome ? ": " + (t.outcome.winners.map(w => t.labels[w]).join(" & ") || "nobody") + " won" : ""}` : (t.thinking !== null ? `${t.labels[t.thinking]} thinking` : (t.to_act !== null ? `${t.labels[t.to_act]} to act` : "running"));
      return h("tr", {}, h("td", {}, t.id), h("td", {}, t.name), h("td", {}, seats), h("td", {}, state), h("td", {}, actions));
    }) : [h("tr", {}, h("td", { colspan: "5", class: "note" }, "No tables here yet."))]));
  } catch (e) { showError(e); }
}

async function join(id, seat) {
  try {
    const got = await call("POST", `/api/tables/${id}/join`, { body: { seat } });
    if (got.token) rememberSeat(id, seat, got.token);
    location.href = got.link;
  } catch (e) { showError(e); }
}

// "Your turn": the tables waiting for me, with the time left on each (turns.js).
function renderTurns(turns) {
  // (a first visit, with no seat and no account, has nothing to show here)
  $("your-turn").hidden = !turns.length && !hasSeats() && !me;
  $("turns").replaceChildren(...(turns.length ? turns.map(t => h("li", { "data-table": t.table },
    h("strong", {}, t.name), ` · table ${t.table} · ${t.label} · `,
    h("span", { class: "left" }, t.left_ms === null ? "no clock" : `${timeLeft(t.left_ms)} left`), " ",
    linkOf(t) ? h("a", { class: "button small primary", href: linkOf(t) }, "Play")
      : h("button", { class: "small primary", onclick: () => reclaim(t.table) }, "Play"))) : [h("li", { class: "note" }, "None of your tables is waiting for you.")]));
}

// An account's seat this browser has no token of: a fresh one (its old link stops).
async function reclaim(id) {
  try {
    const got = await call("POST", `/api/tables/${id}/reclaim`, { body: {} });
    rememberSeat(id, got.seat, got.token);
    location.href = `/table/${id}#token=${encodeURIComponent(got.token)}`;
  } catch (e) { showError(e); }
}

function syncNotify() {
  const on = notificationsOn();
  const denied = "Notification" in window && Notification.permission === "denied";
  $("notify-turns").hidden = on || denied || !("Notification" in window);
  $("notify-state").textContent = on ? "You are notified when a table becomes your turn."
    : denied ? "Notifications are blocked in this browser's settings." : "";
}

// The account bar: sign in or register as a guest; your name (your profile) and sign
// out once signed in.
function renderAccount() {
  const bar = $("account");
  $("rated").disabled = !me;
  if (!me) $("rated").checked = false;
  syncAccount();
  if (me) {
    bar.replaceChildren(h("span", { class: "me" }, "Signed in as ",
      h("a", { href: `/players/${encodeURIComponent(me.name)}`, "data-testid": "me" }, me.name)),
      " ", h("button", { class: "small", id: "sign-out", onclick: signOut }, "Sign out"));
  } else {
    bar.replaceChildren(h("button", { class: "small", id: "sign-in", onclick: () => openSign("login") }, "Sign in"),
      " ", h("button", { class: "small", id: "register", onclick: () => openSign("register") }, "Register"));
  }
}

let signMode = "login";
function openSign(mode) {
  signMode = mode;
  $("sign").hidden = false;
  $("sign-title").textContent = mode === "login" ? "Sign in" : "Register";
  $("sign-submit").textContent = mode === "login" ? "Sign in" : "Register";
  $("sign-password").autocomplete = mode === "login" ? "current-password" : "new-password";
  $("sign-error").hidden = true;
  $("sign-name").focus();
}

async function submitSign(ev) {
  ev.preventDefault();
  const body = { name: $("sign-name").value, password: $("sign-password").value };
  try {
    const got = await call("POST", signMode === "login" ? "/api/login" : "/api/register", { body });
    me = got.account;
    $("sign-password").value = "";
    $("sign").hidden = true;
    renderAccount();
  } catch (e) {
    $("sign-error").hidden = false;
    $("sign-error").textContent = e.message || String(e);
  }
}

async function signOut() {
  try { await call("POST", "/api/logout", { body: {} }); } catch (e) { showError(e); }
  me = null;
  renderAccount();
}

async function main() {
  // (a deck builder out of reach costs the tiles their links, never the lobby)
  [catalog, deckGames] = await Promise.all([call("GET", "/api/games"),
    call("GET", "/api/decks").then(d => d.games, () => [])]);
  me = (await call("GET", "/api/me")).account;
  initFind({ catalog, shown, me: () => me, showError });
  renderAccount();
  $("sign-form").addEventListener("submit", submitSign);
  $("sign-cancel").addEventListener("click", () => { $("sign").hidden = true; });
  tiles();
  $("game").replaceChildren(...shown().map(g => h("option", { value: g.id }, g.name)));
  const wanted = query.get("game");
  if (wanted && gameOf(wanted) && shown().includes(gameOf(wanted))) $("game").value = wanted;
  $("game").addEventListener("change", renderForm);
  $("players").addEventListener("change", renderSeats);
  $("clock").addEventListener("change", syncClock);
  renderForm();
  syncClock();
  $("open").addEventListener("change", syncCards);
  $("card-files").addEventListener("change", offerFileDecks);
  $("rated").addEventListener("change", syncCards);
  $("create").addEventListener("submit", async ev => {
    ev.preventDefault();
    let body;
    try { body = await withCards(formBody()); } catch (e) { showError(e); return; }
    create(body, false);
  });
  for (const b of document.querySelectorAll(".filters button")) b.addEventListener("click", () => loadTables(b.dataset.status));
  loadTables("open");
  const turns = watchTurns({ onList: renderTurns });
  $("notify-turns").addEventListener("click", async () => { await askNotifications(); syncNotify(); turns.poll(); });
  syncNotify();
  if (location.hash === "#new") $("new").scrollIntoView({ block: "start" });
  document.body.dataset.ready = "1";
}

main().catch(showError);
