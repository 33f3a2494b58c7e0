// "Find a game" (docs/web.md, "Finding a game"): join the queue for a game, its player
// count, rated or not, with the AI filling the seats after a time (or never); the wait
// and the rating window while waiting; the table once matched. The open seeks (everyone
// waiting) with a button to accept one. The entry and its secret live in this tab's
// sessionStorage: a reload waits on; the secret becomes the seat's token.
import { call, h } from "/static/js/api.js";

const $ = id => document.getElementById(id);
const KEY = "tabletop.queue";
let ctx = null; // { catalog, shown, me, showError }
let timer = null;

function saved() {
  try { return JSON.parse(sessionStorage.getItem(KEY) || "null"); } catch (e) { return null; }
}

function renderPlayers() {
  const g = ctx.catalog.games.find(x => x.id === $("find-game").value);
  if (!g) return;
  $("find-players").replaceChildren(...g.player_counts.map(n => h("option", { value: n, selected: n === g.default_players }, n)));
}

function seconds(s) { return s < 90 ? `${Math.round(s)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`; }

function renderEntry(entry) {
  const box = $("find-status");
  box.hidden = !entry;
  $("find-button").disabled = !!entry;
  if (!entry) { box.replaceChildren(); return; }
  const fill = entry.ai_after_s === null ? "waiting for people only" : entry.waited_s >= entry.ai_after_s ? "the AI fills the seats now" : `the AI (${entry.difficulty}) fills the seats after ${seconds(entry.ai_after_s)}`;
  box.replaceChildren(
    h("p", {}, h("span", { class: "wait", "data-testid": "find-wait" }, `Waiting ${seconds(entry.waited_s)}`),
      ` for ${entry.name}, ${entry.players} players${entry.rated ? ", rated" : ""}${entry.accepted ? " (a seek you accepted)" : ""}`),
    h("p", {}, "Your rating ", h("b", {}, entry.rating), ": paired with players rated ",
      h("span", { "data-testid": "find-window" }, `${entry.window[0]}–${entry.window[1]}`), ` (it widens as you wait); ${fill}.`),
    h("button", { id: "find-leave", type: "button", onclick: leave }, "Leave the queue"));
}

async function poll() {
  const mine = saved();
  if (!mine) { renderEntry(null); return; }
  try {
    const { entry } = await call("GET", `/api/queue/${mine.id}`, { token: mine.token });
    if (entry.status === "matched") {
      sessionStorage.removeItem(KEY);
      location.href = `${entry.link}#token=${encodeURIComponent(mine.token)}`;
      return;
    }
    renderEntry(entry);
  } catch (e) {
    if (e.status === 404 || e.status === 403) { sessionStorage.removeItem(KEY); renderEntry(null); return; }
    ctx.showError(e);
  }
  timer = setTimeout(poll, 1000);
}

function waitOn(got) {
  sessionStorage.setItem(KEY, JSON.stringify({ id: got.entry.id, token: got.token }));
  renderEntry(got.entry);
  clearTimeout(timer);
  poll();
}

async function find(ev) {
  ev.preventDefault();
  ctx.showError(null);
  const never = $("find-never").checked;
  const body = {
    game: $("find-game").value, players: Number($("find-players").value),
    rated: !!ctx.me() && $("find-rated").checked,
    ai_after_s: never ? null : Math.max(0, Math.min(600, Number($("find-ai-after").value) || 0)),
    difficulty: $("find-difficulty").value,
  };
  const mine = saved();
  try { waitOn(await call("POST", "/api/queue", { body, token: mine && mine.token })); } catch (e) { ctx.showError(e); }
}

async function leave() {
  const mine = saved();
  clearTimeout(timer);
  if (mine) {
    try { await call("DELETE", `/api/queue/${mine.id}`, { token: mine.token }); } catch (e) { if (e.status !== 404) ctx.showError(e); }
  }
  sessionStorage.removeItem(KEY);
  renderEntry(null);
  loadSeeks();
}

async function accept(id) {
  ctx.showError(null);
  const mine = saved();
  try { waitOn(await call("POST", `/api/seeks/${id}/accept`, { body: {}, token: mine && mine.token })); } catch (e) { ctx.showError(e); }
}

export async function loadSeeks() {
  try {
    const { seeks } = await call("GET", "/api/seeks");
    const mine = saved();
    const known = new Set(ctx.shown().map(g => g.id));
    const rows = seeks.filter(s => known.has(s.game));
    $("seeks").replaceChildren(...(rows.length ? rows.map(s => h("tr", { "data-seek": s.id },
      h("td", {}, s.name), h("td", { "data-label": "players" }, s.players),
      h("td", {}, s.who + (s.bot ? " (bot)" : "") + (s.rated ? " · rated" : "")),
      h("td", { "data-label": "rating" }, s.rating), h("td", { "data-label": "waiting" }, seconds(s.waited_s)),
      h("td", {}, mine && mine.id === s.id ? "yours" : h("button", { class: "small", "data-accept": s.id, onclick: () => accept(s.id) }, "Accept"))))
      : [h("tr", {}, h("td", { colspan: "6", class: "note" }, "Nobody is waiting right now."))]));
  } catch (e) { ctx.showError(e); }
}

// The account changed (signed in or out): a rated game needs one.
export function syncAccount() {
  $("find-rated").disabled = !ctx.me();
  if (!ctx.me()) $("find-rated").checked = false;
}

export function initFind(options) {
  ctx = options;
  $("find-game").replaceChildren(...ctx.shown().map(g => h("option", { value: g.id }, g.name)));
  $("find-game").addEventListener("change", renderPlayers);
  $("find-difficulty").replaceChildren(...ctx.catalog.difficulties.map(d => h("option", { value: d, selected: d === "normal" }, d)));
  $("find-never").addEventListener("change", () => { $("find-ai-after").disabled = $("find-never").checked; });
  $("find-form").addEventListener("submit", find);
  renderPlayers();
  syncAccount();
  loadSeeks();
  setInterval(loadSeeks, 5000);
  poll();
}
