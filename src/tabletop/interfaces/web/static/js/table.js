// The table page: one game's table, for a seat (its token after # in the link), a
// spectator (no token), or a finished game replayed step by step (?replay=1&seat=N).
//
// The game's own drawing lives in /static/tables/<game>.js (see docs/adding-a-game.md,
// "Web table"): render(root, ctx) draws the table and marks every clickable thing with
// data-ref; refs(action) says which things an action acts on; scoring(event) says which
// events end an age or a turn (the scoring panel shows them). This file does the rest:
// the connection, the clicks, the log, errors, the scoring panel and replays.
import { call, escapeHtml, fragmentToken, h } from "/static/js/api.js";
import { mountSocial } from "/static/js/social.js";

const $ = id => document.getElementById(id);
const tableId = location.pathname.split("/").pop();
const query = new URLSearchParams(location.search);
const token = fragmentToken();

const st = {
  table: null, seat: null, version: 0, view: null, legal: [], events: [],
  module: null, busy: false, socket: null, replay: null, scoringFrom: 0,
  strike: null,  // an open real-time strike window (docs/web.md), as the server tells it
  social: null,  // presence, clocks, chat, offers, notices, two tabs, the strike's GO (social.js)
};
function sendSocket(obj) {
  if (!st.socket || st.socket.readyState !== WebSocket.OPEN) return false;
  st.socket.send(JSON.stringify(obj));
  return true;
}

// A press in the open strike window, over the WebSocket (the lowest latency); the server
// times it when it arrives. Sends nothing when no window is open.
function pressStrike(kind) {
  if (!st.strike || !st.socket || st.socket.readyState !== WebSocket.OPEN || st.seat === null) return false;
  st.socket.send(JSON.stringify({ strike: kind, window: st.strike.id }));
  return true;
}

async function loadModule(game) {
  try { return (await import(`/static/tables/${game}.js`)).default; }
  catch (e) { return (await import("/static/tables/generic.js")).default; }
}

function label(seat) { return seat === null || seat === undefined ? "spectator" : st.table.labels[seat]; }

function showError(message, detail) {
  const box = $("error");
  if (!message) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  box.replaceChildren(h("div", { class: "reason" }, message));
  if (detail && detail.rule) box.append(h("div", { class: "rule" }, `Rule: ${detail.rule}`));
}

function setStatus() {
  const t = st.table;
  let text;
  if (st.replay) text = `replay — step ${st.replay.step} of ${st.replay.steps}`;
  else if (t.status === "over") {
    const out = st.view.outcome || t.outcome;
    text = out ? `Game over: ${out.winners.map(label).join(" & ")} won (${out.reason})` : "Game over";
  } else if (t.broken) text = t.broken;
  else if (t.thinking !== null && t.thinking !== undefined) text = `${label(t.thinking)} is thinking…`;
  else if (t.to_act === st.seat && st.seat !== null) text = "Your turn";
  else if (t.to_act !== null) text = `${label(t.to_act)} to act`;
  else text = "";
  $("status").textContent = text;
  $("status").className = "status" + (t.thinking !== null && t.thinking !== undefined ? " thinking" : "") + (t.to_act === st.seat && st.seat !== null ? " mine" : "");
  $("whoami").textContent = st.replay ? `seen by ${label(st.replay.seat)}` : (st.seat === null ? "spectating" : `you are ${label(st.seat)}`);
}

// --- actions as clicks ------------------------------------------------------------------

function actionsFor(ref) { return st.legal.filter(a => st.module.refs(a, st.view).includes(ref)); }

function bindClicks(root) {
  const taken = new Set();
  for (const el of root.querySelectorAll("[data-ref]")) {
    const acts = actionsFor(el.dataset.ref);
    if (!acts.length) continue;
    acts.forEach(a => taken.add(a));
    el.classList.add("actionable");
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.addEventListener("click", ev => { ev.stopPropagation(); choose(acts, el); });
  }
  // What no drawn thing takes (pass, done...) is a button in the action bar.
  const rest = st.legal.filter(a => !taken.has(a));
  $("bar").replaceChildren(...rest.map(a => h("button", { class: "act", "data-action": a, onclick: () => send(a) }, a)));
  $("legal").replaceChildren(...st.legal.map(a => h("button", { class: "act-list", "data-action": a, onclick: () => send(a) }, a)));
  $("all-actions").hidden = !st.legal.length;
}

function choose(actions, el) {
  if (actions.length === 1) { send(actions[0]); return; }
  const menu = $("menu");
  const box = el.getBoundingClientRect();
  menu.style.left = `${Math.min(window.scrollX + box.left, window.scrollX + innerWidth - 260)}px`;
  menu.style.top = `${window.scrollY + box.bottom + 4}px`;
  menu.replaceChildren(...actions.map(a => h("button", { "data-action": a, onclick: () => { hideMenu(); send(a); } }, a)),
    h("button", { class: "cancel", onclick: hideMenu }, "cancel"));
  menu.hidden = false;
}

function hideMenu() { $("menu").hidden = true; }
document.addEventListener("click", ev => { if (!$("menu").contains(ev.target)) hideMenu(); });

async function send(action) {
  if (st.busy || st.seat === null) return;
  st.busy = true;
  showError(null);
  try {
    const got = await call("POST", `/api/tables/${tableId}/actions`, { body: { action, version: st.version }, token });
    // The WebSocket brings the events; the reply already has the view and the version.
    if (got.version >= st.version) {
      st.version = got.version; st.view = got.view; st.legal = got.legal; st.table = got.table;
      draw();
      st.social.update(got);
    }
  } catch (e) {
    showError(e.message, e.body);
    if (e.status === 409 && String(e.message).startsWith("stale")) await refresh();
  } finally { st.busy = false; }
}

// --- drawing ------------------------------------------------------------------------------

let drawing = Promise.resolve();
function draw() { drawing = drawing.then(drawNow, drawNow); }

async function drawNow() {
  setStatus();
  const board = $("board");
  await st.module.render(board, { view: st.view, seat: st.replay ? st.replay.seat : st.seat, table: st.table, legal: st.legal, label, events: st.events,
    strike: st.replay ? null : st.strike, press: pressStrike });
  if (!st.replay) bindClicks(board);
  else { $("bar").replaceChildren(); $("legal").replaceChildren(); }
  const over = st.table.status === "over" && !st.replay;
  if (over) {
    $("bar").replaceChildren(h("a", { class: "button", href: `/table/${tableId}?replay=1${st.seat !== null ? `&seat=${st.seat}` : ""}`, "data-testid": "replay-link" }, "Replay this game step by step"));
  }
  document.body.classList.toggle("over", st.table.status === "over");
  // For tests and tools: what the page shows now.
  document.body.dataset.version = String(st.version);
  document.body.dataset.drawn = String(Number(document.body.dataset.drawn || 0) + 1);
  document.body.dataset.status = st.table.status;
}

function logEvents(events, reset) {
  const log = $("log");
  if (reset) log.replaceChildren();
  for (const e of events) {
    log.append(h("li", { class: `ev ev-${e.kind}`, "data-kind": e.kind }, h("span", { class: "text" }, e.text), h("span", { class: "rule" }, e.rule)));
  }
  while (log.children.length > 400) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

// The end of an age or a turn: the scoring events since the last such point are shown
// in a panel that stays until the next one (it never blocks the table).
function showScoring(allEvents) {
  const scoring = st.module.scoring;
  let end = -1;
  for (let i = allEvents.length - 1; i >= 0; i--) { if (scoring(allEvents[i], "end")) { end = i; break; } }
  const panel = $("scoring");
  if (end < 0) { panel.hidden = true; return; }
  let start = end;
  while (start > 0 && scoring(allEvents[start - 1], "part")) start--;
  const part = allEvents.slice(start, end + 1);
  const body = st.module.summary ? st.module.summary(part, { table: st.table, label }) : null;
  panel.hidden = false;
  panel.replaceChildren(h("h3", {}, "Scoring"), body || h("ul", {}, part.map(e => h("li", {}, e.text))),
    h("button", { class: "small", onclick: () => { panel.hidden = true; } }, "hide"));
}

function applyMessage(msg) {
  st.table = msg.table; st.version = msg.version; st.view = msg.view; st.legal = msg.legal;
  st.strike = msg.strike ?? null;
  if (msg.type === "state") { st.events = msg.events; logEvents(msg.events, true); }
  else if (msg.events.length) { st.events = st.events.concat(msg.events); logEvents(msg.events, false); }
  if (msg.type === "state" || msg.events.some(e => st.module.scoring(e, "end"))) showScoring(st.events);
  draw();
  st.social.update(msg);
}

async function refresh() {
  const msg = await call("GET", `/api/tables/${tableId}/view`, { token });
  applyMessage(msg);
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/tables/${tableId}/ws`);
  st.socket = ws;
  ws.onopen = () => { ws.send(JSON.stringify(token ? { token } : {})); $("conn").textContent = ""; st.social.opened(); };
  ws.onmessage = ev => {
    const msg = JSON.parse(ev.data);
    if (st.social.socket(msg) && msg.type !== "moved") return;
    if (msg.type === "error") { showError(msg.error); return; }
    if (msg.type === "moved") { st.moved = true; st.seat = null; showError(msg.error); return; }
    if (msg.type !== "state" && msg.type !== "update") return;  // a pong
    applyMessage(msg);
  };
  ws.onclose = ev => {
    if (ev.code >= 4000) return;  // refused: the error says why
    $("conn").textContent = "reconnecting…";
    setTimeout(connect, 1000);
  };
}

// --- replays ----------------------------------------------------------------------------

async function showStep(step) {
  const seat = $("r-seat").value === "" ? null : Number($("r-seat").value);
  const q = `step=${step}` + (seat === null ? "" : `&seat=${seat}`);
  try {
    const got = await call("GET", `/api/tables/${tableId}/replay?${q}`);
    st.replay = got; st.view = got.view; st.events = got.events; st.legal = [];
    $("r-step").textContent = `${got.step} / ${got.steps}` + (got.action ? ` — ${label(got.actor)}: ${got.action}` : " — the start");
    logEvents(got.events, true);
    showScoring(got.events);
    draw();
    history.replaceState(null, "", `?replay=1&step=${got.step}` + (seat === null ? "" : `&seat=${seat}`));
  } catch (e) { showError(e.message, e.body); }
}

function startReplay() {
  $("replay-bar").hidden = false;
  const seats = $("r-seat");
  seats.replaceChildren(h("option", { value: "" }, "spectators"), ...st.table.labels.map((l, s) => h("option", { value: s }, l)));
  if (query.get("seat") !== null) seats.value = query.get("seat");
  const at = () => (st.replay ? st.replay.step : 0);
  $("r-first").onclick = () => showStep(0);
  $("r-prev").onclick = () => showStep(Math.max(0, at() - 1));
  $("r-next").onclick = () => showStep(Math.min(st.replay.steps, at() + 1));
  $("r-last").onclick = () => showStep(st.replay.steps);
  seats.onchange = () => showStep(at());
  showStep(Number(query.get("step") || 0));
}

async function main() {
  try {
    st.table = await call("GET", `/api/tables/${tableId}`);
  } catch (e) { showError(e.message); return; }
  st.module = await loadModule(st.table.game);
  $("title").textContent = st.table.name;
  document.title = `${st.table.name} — tabletop`;
  if (query.get("replay")) { startReplay(); return; }
  st.social = mountSocial({ tableId, token, call, send: sendSocket, refresh, table: st.table });
  try {
    const msg = await call("GET", `/api/tables/${tableId}/view`, { token });
    st.seat = msg.seat;
    if (st.seat !== null) await call("POST", `/api/tables/${tableId}/join`, { body: { seat: st.seat, token }, token });
    applyMessage(msg);
  } catch (e) { if (!st.social.refused(e)) showError(e.message, e.body); return; }
  $("notation").addEventListener("submit", ev => {
    ev.preventDefault();
    const text = $("notation-text").value.trim();
    if (text) send(text);
  });
  connect();
}

main();
