// The table page: one game's table, for a seat (its token after # in the link), a
// spectator (no token), or a finished game replayed step by step (?replay=1&seat=N).
//
// The game's own drawing lives in /static/tables/<game>.js (docs/adding-a-game.md,
// section 11): render(root, ctx) draws the table and marks every clickable thing with
// data-ref; refs(action, view) says which things an action acts on; scoring(event, which)
// says which events end an age or a turn. Optional hooks: eventRefs, floaters (what an
// event acted on, numbers to float), mainAction, prompt, stylesheet. This file does the
// rest: the layout (status bar, board, hand, log drawer, action bar), the connection,
// the pacing of the other seats' actions, clicks and menus in words, the keyboard, the
// end panel, sound, card zoom, and the panels of `panels.js` (chat, clocks, presence...).
import { call, fragmentToken, h } from "/static/js/api.js";
import { Pacer } from "/static/js/pacing.js";
import { refsOf, floatersOf, light, markChanged, float, snapshot, motion, rollsOf, MOTION_MAX_MS } from "/static/js/highlight.js";
import { connection, words as errorWords } from "/static/js/banner.js";
import { renderEnd } from "/static/js/endpanel.js";
import { installKeys } from "/static/js/keys.js";
import { installZoom } from "/static/js/zoom.js";
import { play, setSound, soundOf, soundOn } from "/static/js/sound.js";
import { startReplay, replayKey } from "/static/js/replay.js";
import panels from "/static/js/panels.js";
import { Aim, aimOf, tapped } from "/static/js/aim.js";
import { rememberSeat, watchTurns } from "/static/js/turns.js";

const $ = id => document.getElementById(id);
const tableId = location.pathname.split("/").pop();
const query = new URLSearchParams(location.search);
const token = fragmentToken();

const st = {
  table: null, seat: null, version: 0, view: null, legal: [], labels: [], events: [],
  module: null, socket: null, replay: null, strike: null, game: null,
  sending: false, myVersion: -1,  // my own request in flight; the version its reply gave
  changed: new Set(),             // what changed since my last decision (marked until I act)
  endHidden: false, moved: false, lastMsg: null, offers: [], rematch: null,
  sideShown: false,               // the first drawing scrolled the board to my side
};

const label = seat => (seat === null || seat === undefined ? "spectator"
  : (st.table.seats && st.table.seats[seat] && st.table.seats[seat].name) || st.table.labels[seat]);

// --- errors and notices ---------------------------------------------------------------

let errorTimer = null;
function showError(message, detail) {
  const box = $("error");
  clearTimeout(errorTimer);
  if (!message) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  box.replaceChildren(h("div", { class: "reason" }, message));
  if (detail && detail.rule) box.append(h("div", { class: "rule" }, `Rule: ${detail.rule}`));
  box.append(h("button", { class: "close small", "aria-label": "close", onclick: () => showError(null) }, "×"));
}

function failed(e) {
  if (e instanceof TypeError || !e.status) { showError(errorWords(e)); if (!st.moved) connection("lost", conn()); return; }
  showError(e.message, e.body);
}

const conn = () => ({ banner: $("banner"), dot: $("conn") });

// --- the status bar ----------------------------------------------------------------------

function verbsOf(labels) {
  const out = [];
  for (const l of labels) {
    const w = String(l.label || "").split(/[\s:]+/)[0];
    if (w && !out.some(x => x.toLowerCase() === w.toLowerCase())) out.push(w);
  }
  return out;
}

function promptText() {
  if (st.module.prompt) {
    try { const p = st.module.prompt({ view: st.view, seat: st.seat, legal: st.legal, labels: st.labels, table: st.table, label }); if (p) return p; } catch (e) { /* the default */ }
  }
  const verbs = verbsOf(st.labels);
  if (!verbs.length) return "";
  if (st.labels.length === 1) return `${st.labels[0].label}.`;
  const shown = verbs.slice(0, 5).map((v, i) => (i ? v.toLowerCase() : v));
  const tail = verbs.length > 5 ? ", or more" : "";
  return shown.length === 1 ? `${shown[0]}: ${st.labels.length} choices.`
    : `${shown.slice(0, -1).join(", ")} or ${shown[shown.length - 1]}${tail}.`;
}

function setStatus() {
  const t = st.table;
  const thinking = t.thinking !== null && t.thinking !== undefined;
  const mine = !st.replay && st.seat !== null && t.to_act === st.seat && st.legal.length > 0;
  let text;
  if (st.replay) text = `Replay — step ${st.replay.step} of ${st.replay.steps}`;
  else if (t.status === "over") {
    const out = st.view.outcome || t.outcome;
    text = out ? `Game over: ${out.winners.length ? out.winners.map(label).join(" & ") + " won" : "a draw"}` : "Game over";
  } else if (t.broken) text = t.broken;
  else if (st.strike) text = "Real-time strike!";
  else if (mine) text = `Your turn — ${promptText()}`;
  else if (thinking) text = `${label(t.thinking)} is thinking…`;
  else if (t.to_act !== null && t.to_act !== undefined) text = t.to_act === st.seat ? "Your turn" : `Waiting for ${label(t.to_act)}`;
  else if (st.seat !== null && st.legal.length) text = `Your move — ${promptText()}`;
  else text = "Waiting for the others";
  $("status").textContent = text;
  $("status").className = "status" + (thinking ? " thinking" : "") + (mine ? " mine" : "");
  document.body.classList.toggle("my-turn", mine);
  $("whoami").textContent = st.replay ? `seen by ${label(st.replay.seat)}` : (st.seat === null ? "spectating" : `you are ${st.table.labels[st.seat]}`);
}

// The turn's phases as a small track with the current one lit (the module's phases(view):
// {names: [...], current: index}; none: no track).
function setPhases() {
  const box = $("phases");
  let got = null;
  if (st.module.phases && st.view) { try { got = st.module.phases(st.view); } catch (e) { got = null; } }
  if (!got || !got.names || !got.names.length) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  box.replaceChildren(...got.names.map((n, i) => h("li", { class: i === got.current ? "on" : "", "aria-current": i === got.current ? "step" : null }, n)));
}

function doing(text) {
  $("doing").textContent = text || "";
  $("doing").hidden = !text;
}

// --- actions as clicks, in words -------------------------------------------------------

const wordsOf = a => { const i = st.legal.indexOf(a); return (i >= 0 && st.labels[i]) || { label: a, text: a }; };

function actionsFor(ref) {
  return st.legal.filter(a => { try { return st.module.refs(a, st.view).includes(ref); } catch (e) { return false; } });
}

const MAIN = /^(pass|end|done|confirm|finish|stop|no-|ok|skip)/;
function mainActionOf(rest) {
  if (st.module.mainAction) {
    try { const m = st.module.mainAction(rest, st.view); if (m && rest.includes(m)) return m; } catch (e) { /* the default */ }
  }
  if (!rest.length) return null;
  return rest.find(a => MAIN.test(a)) || (rest.length === 1 ? rest[0] : rest[rest.length - 1]);
}

// The aim arrow (aim.js) of a targeted action, from the module's aim hook.
const aim = new Aim(() => [$("stage"), $("handbar")], () => !pacer.speed);
const targetOf = a => aimOf(st.module, a, st.view);

// An action chosen by a click, a tap or a key: a targeted action chosen by a tap waits
// for its confirm step (aim.js: the arrow and Confirm / Cancel first); the rest act.
function act(a, ev) {
  const target = tapped(ev) ? targetOf(a) : null;
  if (target && !aim.ask(ev, a, target, wordsOf(a).label, () => send(a))) return;
  send(a);
}

function actButton(a, cls) {
  const w = wordsOf(a);
  const b = h("button", { class: cls, "data-action": a, title: w.text !== w.label ? w.text : null, onclick: ev => act(a, ev) }, w.label);
  aim.bind(b, a, targetOf);
  return b;
}

function bindClicks(...roots) {
  const taken = new Set();
  for (const el of roots.flatMap(root => [...root.querySelectorAll("[data-ref]")])) {
    const acts = actionsFor(el.dataset.ref);
    if (!acts.length) continue;
    acts.forEach(a => taken.add(a));
    el.classList.add("actionable");
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    const names = acts.map(a => wordsOf(a).label);
    el.setAttribute("aria-label", acts.length === 1 ? names[0] : `${names.length} actions: ${names.join("; ")}`);
    el.setAttribute("title", acts.length === 1 ? wordsOf(acts[0]).text : names.join(" · "));
    el.addEventListener("click", ev => { ev.stopPropagation(); choose(acts, el, ev); });
    if (acts.length === 1) aim.bind(el, acts[0], targetOf);
  }
  // What no drawn thing takes (pass, done...) is a button in the action bar, the main
  // one largest and last (bottom right).
  const rest = st.legal.filter(a => !taken.has(a));
  const main = mainActionOf(rest);
  const others = rest.filter(a => a !== main);
  $("bar").replaceChildren(...others.map(a => actButton(a, "act")), ...(main ? [actButton(main, "act main")] : []));
  const mainBtn = $("bar").querySelector(".main");
  if (mainBtn) mainBtn.setAttribute("aria-keyshortcuts", "P");
  $("legal").replaceChildren(...st.legal.map(a => actButton(a, "act-list")));
  $("all-actions").hidden = !st.legal.length;
}

function choose(actions, el, ev) {
  if (actions.length === 1) { act(actions[0], ev); return; }
  aim.hide();  // a menu opens: a tapped action waiting for Confirm is dropped
  const menu = $("menu");
  const box = el.getBoundingClientRect();
  menu.replaceChildren(...actions.map(a => {
    const w = wordsOf(a);
    const b = h("button", { role: "menuitem", "data-action": a, title: w.text !== w.label ? w.text : null, onclick: e => { hideMenu(); act(a, e); } }, w.label);
    aim.bind(b, a, targetOf);
    return b;
  }), h("button", { role: "menuitem", class: "cancel", onclick: () => hideMenu(true) }, "Cancel"));
  menu.hidden = false;
  menu.opener = el;
  const mw = menu.offsetWidth, mh = menu.offsetHeight;
  const left = Math.max(4, Math.min(box.left, innerWidth - mw - 4));
  let top = box.bottom + 4;
  if (top + mh > innerHeight - 4) top = Math.max(4, box.top - mh - 4);
  menu.style.left = `${left}px`;
  menu.style.top = `${top}px`;
  menu.querySelector("button").focus();
}

function hideMenu(refocus) {
  const menu = $("menu");
  if (menu.hidden) return;
  aim.hide();  // cancelled or chosen: no arrow left behind
  menu.hidden = true;
  if (refocus && menu.opener && menu.opener.isConnected) menu.opener.focus();
}
document.addEventListener("click", ev => { if (!$("menu").contains(ev.target)) hideMenu(); });
$("menu").addEventListener("keydown", ev => {
  const items = [...$("menu").querySelectorAll("button")];
  const i = items.indexOf(document.activeElement);
  if (ev.key === "ArrowDown") { items[(i + 1) % items.length].focus(); ev.preventDefault(); }
  if (ev.key === "ArrowUp") { items[(i - 1 + items.length) % items.length].focus(); ev.preventDefault(); }
});

async function post(path, body) {
  return call("POST", `/api/tables/${tableId}${path}`, { body: body ?? {}, token });
}

async function send(action) {
  if (st.sending || st.seat === null || st.moved) return;
  st.sending = true;
  aim.hide();  // confirmed: the action's arrow goes
  showError(null);
  try {
    const got = await post("/actions", { action, version: st.version });
    st.myVersion = Math.max(st.myVersion, got.version);
    st.changed.clear();  // I decided: what changed before is seen
    doing("");
    if (got.version >= st.version && !pacer.busy) show(got, false);
  } catch (e) {
    failed(e);
    if (e.status === 409 && String(e.message).startsWith("stale")) await refresh();
  } finally { st.sending = false; }
}

// --- drawing -------------------------------------------------------------------------------

function ctxOf() {
  return {
    view: st.view, seat: st.replay ? st.replay.seat : st.seat, table: st.table, legal: st.legal,
    labels: st.labels, label, events: st.events, hand: $("hand"),
  };
}

async function drawNow() {
  setStatus();
  setPhases();
  const board = $("board");
  const hand = $("hand");
  // A redraw replaces the drawn things: keep the keyboard's place (the same data-ref or
  // action button gets the focus back).
  const active = document.activeElement;
  const keep = active && active !== document.body && (board.contains(active) || hand.contains(active) || $("bar").contains(active))
    ? (active.dataset.ref !== undefined ? `[data-ref="${CSS.escape(active.dataset.ref)}"]`
      : active.dataset.action !== undefined ? `[data-action="${CSS.escape(active.dataset.action)}"]` : null) : null;
  hand.replaceChildren();  // the module fills it again (ctx.hand), or marks data-hand
  const drawn = st.module.render(board, ctxOf());
  if (drawn && drawn.then) await drawn;  // a module may draw asynchronously (a map to load)
  // A module marks its hand with data-hand: it goes along the bottom edge.
  for (const el of board.querySelectorAll("[data-hand]")) hand.append(el);
  document.body.classList.toggle("has-hand", hand.childElementCount > 0);
  if (!st.replay) bindClicks(board, hand);
  else { $("bar").replaceChildren(); $("legal").replaceChildren(); }
  markChanged(board, st.changed); markChanged(hand, st.changed);
  aim.redraw(st.legal, targetOf);  // an arrow shown follows its ends, or goes
  if (keep && !document.activeElement.closest("#menu, .confirm")) {
    const again = board.querySelector(keep) || hand.querySelector(keep) || $("bar").querySelector(keep);
    if (again) again.focus({ preventScroll: true });
  }
  const over = st.table.status === "over" && !st.replay;
  document.body.classList.toggle("over", st.table.status === "over");
  $("concede").hidden = over || st.replay || st.seat === null || !isPerson();
  if (over) showEnd();
  else if (!st.replay) $("end").hidden = true;
  // For tests and tools: what the page shows now.
  document.body.dataset.version = String(st.version);
  document.body.dataset.drawn = String(Number(document.body.dataset.drawn || 0) + 1);
  document.body.dataset.status = st.table.status;
}

// A board taller than its place (a phone) scrolls inside itself. My side is at its bottom
// (TABLE-DESIGN.md, "Every table"): the first drawing shows it, not the others' side.
function showMySide() {
  const board = $("board");
  if (st.seat !== null && board.scrollHeight > board.clientHeight) board.scrollTop = board.scrollHeight;
}

// My turn begins: if none of the things I may act on is in the board's view, bring the
// first into view (nearest edge), so a player never has to look for what is lit.
function showWhatICanDo() {
  const board = $("board");
  const lit = [...board.querySelectorAll(".actionable")];
  const b = board.getBoundingClientRect();
  const seen = el => { const r = el.getBoundingClientRect(); return r.bottom > b.top && r.top < b.bottom && r.right > b.left && r.left < b.right; };
  if (lit.length && !lit.some(seen)) lit[0].scrollIntoView({ block: "nearest", inline: "nearest" });
}

const isPerson = () => st.seat !== null && st.table.seats && st.table.seats[st.seat] && st.table.seats[st.seat].kind === "human";

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
// in a panel in the drawer that stays until the next one (it never blocks the table).
function showScoring(allEvents) {
  const scoring = st.module.scoring || (() => false);
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

// One message drawn: `paced` when it is another seat's action shown for its moment.
// Drawing is serialised: a module may draw asynchronously.
let drawing = Promise.resolve();
function show(msg, paced, skipped = false) {
  drawing = drawing.then(() => showNow(msg, paced, skipped)).catch(e => console.error(e));
  return drawing;
}

async function showNow(msg, paced, skipped) {
  const before = st.table;
  const wasMine = before && !st.replay && st.seat !== null && before.to_act === st.seat && st.legal.length > 0;
  st.table = msg.table; st.version = msg.version; st.view = msg.view; st.legal = msg.legal || [];
  st.labels = msg.labels || [];
  if ("strike" in msg) st.strike = msg.strike ?? null;
  const events = msg.type === "state" ? (msg.events || []) : (msg.events || []);
  if (msg.type === "state") { st.events = events; logEvents(events, true); st.changed.clear(); }
  else if (events.length) { st.events = st.events.concat(events); logEvents(events, false); }
  if (msg.type === "state" || events.some(e => st.module.scoring && st.module.scoring(e, "end"))) showScoring(st.events);
  // where the cards were, for the motion of this action (cards sliding to their new place)
  const places = msg.type !== "state" && events.length ? snapshot([$("stage"), $("handbar")]) : null;
  await drawNow();
  if (msg.type === "state" || !events.length) { if (!paced) doing(""); }
  else highlight(events, paced, places, skipped);
  const mineNow = st.seat !== null && st.table.to_act === st.seat && st.legal.length > 0;
  if (!st.sideShown) { st.sideShown = true; showMySide(); }
  if (mineNow && !wasMine && !st.replay) showWhatICanDo();
  if (mineNow && !wasMine && msg.type !== "state" && st.table.status !== "over") play("turn");
  if (before && before.status !== "over" && st.table.status === "over") play("over");
}

function highlight(events, paced, before, skipped) {
  const board = $("stage");
  const others = paced || !st.sending && st.version > st.myVersion;
  const refs = [];
  const floats = [];
  let sound = null;
  for (const e of events) {
    const r = refsOf(st.module, e, st.view, board);
    refs.push(...r);
    floats.push(...floatersOf(st.module, e, st.view, r));
    const s = soundOf(e);
    if (s === "ko" || (s && !sound)) sound = s;
  }
  light(board, refs, others ? "lit" : "lit-mine");
  // The motion (highlight.js): another seat's action over half its moment (at most
  // MOTION_MAX_MS), mine faster; none at speed "instant", nor for what "skip" hurries.
  const ms = skipped || !before || !pacer.speed ? 0 : others ? Math.min(MOTION_MAX_MS, pacer.speed / 2) : 200;
  const moved = motion([$("stage"), $("handbar")], before || new Map(), events, e => refsOf(st.module, e, st.view, board), ms,
    e => rollsOf(st.module, e, st.view));
  if (moved.moved || moved.arrived || moved.rolled) document.body.dataset.motion = String(Number(document.body.dataset.motion || 0) + 1);
  if (others) { refs.forEach(r => st.changed.add(r)); markChanged(board, refs); }
  float($("floaters"), board, floats, $("status"));
  if (sound) play(sound);
  const texts = events.filter(e => !e.seats || e.seats.length !== 1 || e.seats[0] === st.seat).map(e => e.text);
  doing(others && texts.length ? texts.slice(0, 2).join(" ") + (texts.length > 2 ? " …" : "") : "");
  document.body.dataset.lit = String(refs.length);
}

const pacer = new Pacer({
  show: (msg, paced, skipped) => show(msg, paced, skipped),
  onBusy: busy => {
    $("skip").hidden = !busy;
    document.body.dataset.pacing = busy ? "1" : "0";
    if (!busy) drawing = drawing.then(() => { setStatus(); if (st.table.status === "over") showEnd(); });
  },
});

function onMessage(msg) {
  st.lastMsg = msg;
  if (msg.offers) st.offers = msg.offers;
  if ("rematch" in msg && msg.rematch) {
    st.rematch = msg.rematch;
    if (st.askedRematch) { goToRematch(msg.rematch.link); return; }  // all accepted
  }
  for (const p of panels) { try { p.update && p.update(msg, api); } catch (e) { console.error(e); } }
  if (msg.type === "state") { pacer.clear(); show(msg, false); return; }
  const events = msg.events || [];
  const mine = st.sending || msg.version <= st.myVersion;
  pacer.push(msg, events.length > 0 && !mine);
  if (st.table && st.table.status === "over" && !pacer.busy) showEnd();
}

async function refresh() {
  const msg = await call("GET", `/api/tables/${tableId}/view`, { token });
  onMessage(msg);
}

// --- the connection --------------------------------------------------------------------

let retries = 0, pingTimer = null, lost = false;

function pressStrike(kind) {
  if (!st.strike || !st.socket || st.socket.readyState !== WebSocket.OPEN || st.seat === null) return false;
  st.socket.send(JSON.stringify({ strike: kind, window: st.strike.id }));
  return true;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  let ws;
  try { ws = new WebSocket(`${proto}://${location.host}/api/tables/${tableId}/ws`); }
  catch (e) { retry(); return; }
  st.socket = ws;
  ws.onopen = () => {
    ws.send(JSON.stringify(token ? { token } : {}));
    retries = 0;
    connection(lost ? "back" : "live", conn());
    if (lost) showError(null);
    lost = false;
    clearInterval(pingTimer);
    pingTimer = setInterval(() => { if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ ping: Date.now() })); }, 5000);
    ws.send(JSON.stringify({ ping: Date.now() }));
  };
  ws.onmessage = ev => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.type === "pong") {
      if (msg.probe !== undefined && msg.probe !== null) ws.send(JSON.stringify({ probe: msg.probe }));
      for (const p of panels) { try { p.pong && p.pong(msg, api); } catch (e) { console.error(e); } }
      return;
    }
    if (msg.type === "error") { showError(msg.error); return; }
    if (msg.type === "moved") { st.moved = true; st.seat = null; connection("moved", conn()); drawing = drawing.then(drawNow); return; }
    if (msg.type !== "state" && msg.type !== "update") return;
    onMessage(msg);
  };
  ws.onclose = ev => {
    clearInterval(pingTimer);
    if (st.moved || ev.code === 4001) { st.moved = true; connection("moved", conn()); return; }
    if (ev.code >= 4000) { connection("closed", conn()); return; }  // refused: the error says why
    retry();
  };
}

function retry() {
  lost = true;
  connection("lost", conn());
  retries += 1;
  setTimeout(connect, Math.min(1000 * retries, 5000));
}

// --- concede, the end, rematch -------------------------------------------------------------

function confirmBox(question, yes, onYes) {
  const box = h("div", { class: "confirm", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "confirm-q", "data-testid": "confirm" });
  const close = () => { box.remove(); $("concede").focus(); };
  box.append(h("div", { class: "confirm-card" }, h("p", { id: "confirm-q" }, question),
    h("div", { class: "confirm-actions" },
      h("button", { class: "danger", "data-testid": "confirm-yes", onclick: () => { box.remove(); onYes(); } }, yes),
      h("button", { "data-testid": "confirm-no", onclick: close }, "Keep playing"))));
  box.addEventListener("keydown", ev => { if (ev.key === "Escape") close(); });
  document.body.append(box);
  box.querySelector("[data-testid='confirm-no']").focus();
}

async function concede() {
  closeTools();
  confirmBox("Concede this game? The others win (in a game of more sides, you leave as if defeated).", "Concede", async () => {
    try { const got = await post("/concede"); st.myVersion = Math.max(st.myVersion, got.version); if (got.version >= st.version) show(got, false); }
    catch (e) { failed(e); }
  });
}

// The rematch's table, opened once: the answer to Rematch and the socket's message both
// bring its link, and a second navigation would abort the first.
function goToRematch(link) {
  if (st.leaving) return;
  st.leaving = true;
  location.href = link;
}

async function rematch() {
  try {
    st.askedRematch = true;
    const got = await post("/rematch");
    if (got.rematch) { goToRematch(got.rematch.link); return; }
    if (got.offers) st.offers = got.offers;
    showEnd();
  } catch (e) { failed(e); }
}

function showEnd() {
  if (st.replay || pacer.busy) return;
  const outcome = st.view.outcome || st.table.outcome;
  if (!outcome) return;
  if (st.endHidden) { $("end").hidden = true; addSeeResult(); return; }
  const person = isPerson();
  const mineOffer = st.offers.find(o => o.kind === "rematch" && o.by === st.seat);
  const theirs = st.offers.find(o => o.kind === "rematch" && o.by !== st.seat);
  const actions = [];
  if (st.rematch) actions.push({ id: "rematch", text: "Go to the rematch", href: st.rematch.link, primary: true });
  else if (person) {
    actions.push(mineOffer ? { id: "rematch", text: "Rematch asked: waiting for the others", disabled: true }
      : { id: "rematch", text: theirs ? `Accept ${label(theirs.by)}'s rematch` : "Rematch", run: rematch, primary: true, title: "the same game, seats moved one place on" });
  }
  actions.push({ id: "new-game", text: "New game", href: `/?game=${encodeURIComponent(st.table.game)}#new` });
  actions.push({ id: "replay", text: "Replay", href: `/table/${tableId}?replay=1${st.seat !== null ? `&seat=${st.seat}` : ""}` });
  actions.push({ id: "lobby", text: "Back to the lobby", href: "/" });
  actions.push({ id: "see-table", text: "See the table", run: () => { st.endHidden = true; showEnd(); } });
  const result = renderEnd($("end"), { outcome, seat: st.seat, teams: teamsOf(), label, labels: st.table.labels, reason: outcome.reason, actions });
  document.body.dataset.result = result.key;
  $("bar").replaceChildren();
}

function addSeeResult() {
  $("bar").replaceChildren(h("button", { class: "act main", "data-testid": "see-result", onclick: () => { st.endHidden = false; showEnd(); } }, "Result"),
    h("a", { class: "button", href: `/table/${tableId}?replay=1${st.seat !== null ? `&seat=${st.seat}` : ""}`, "data-testid": "replay-link" }, "Replay"));
}

function teamsOf() {
  const g = st.game;
  return g && g.teams ? g.teams[String(st.table.players)] || null : null;
}

// --- the tools menu, the drawer, settings ----------------------------------------------------

function closeTools() { $("tools").hidden = true; $("menu-button").setAttribute("aria-expanded", "false"); }
function toggleTools() {
  const open = $("tools").hidden;
  $("tools").hidden = !open;
  $("menu-button").setAttribute("aria-expanded", String(open));
  if (open) $("tools").querySelector("select, input, a, button").focus();
}

// A table playing user card files says so (a badge) and names them in the menu: each
// file and its cards' names (a card's text is on the table, in its zoom, like any card's).
function showUserCards(files) {
  const any = Array.isArray(files) && files.length > 0;
  $("user-cards-badge").hidden = !any;
  $("user-cards").hidden = !any;
  if (!any) return;
  $("user-cards").replaceChildren(h("strong", {}, "This table plays user cards:"),
    h("ul", {}, files.map(f => h("li", { "data-file": f.file },
      `${f.file}${f.from === "server" ? " (this server's)" : ""}: ${(f.cards || []).join(", ")}`))));
}

const DRAWER = "tabletop.log";
function setDrawer(open, keep = true) {
  $("drawer").hidden = !open;
  document.body.classList.toggle("drawer-open", open);
  $("log-toggle").setAttribute("aria-expanded", String(open));
  $("log-toggle").textContent = open ? "Hide log" : "Log";
  if (keep) { try { localStorage.setItem(DRAWER, open ? "open" : "closed"); } catch (e) { /* not kept */ } }
  if (open) { const log = $("log"); log.scrollTop = log.scrollHeight; }
}

function drawerChoice() {
  try { return localStorage.getItem(DRAWER); } catch (e) { return null; }
}
function drawerDefault() {
  const v = drawerChoice();
  if (v) return v === "open";
  return innerWidth >= 1360;
}
// With other people at the table the drawer (presence, chat) opens unless I chose.
const people = () => (st.table && st.table.seats ? st.table.seats.filter(s => s.kind === "human").length : 0);

function installChrome() {
  $("menu-button").addEventListener("click", ev => { ev.stopPropagation(); toggleTools(); });
  $("user-cards-badge").addEventListener("click", ev => { ev.stopPropagation(); toggleTools(); });
  document.addEventListener("click", ev => { if (!$("tools").contains(ev.target) && ev.target !== $("menu-button") && ev.target !== $("user-cards-badge")) closeTools(); });
  $("log-toggle").addEventListener("click", () => setDrawer($("drawer").hidden));
  setDrawer(drawerDefault(), false);
  $("speed").value = String(pacer.speed);
  if (!$("speed").value) $("speed").value = "800";
  $("speed").addEventListener("change", () => pacer.setSpeed(Number($("speed").value)));
  $("sound").checked = soundOn();
  $("sound").addEventListener("change", () => setSound($("sound").checked));
  $("skip").addEventListener("click", () => pacer.skip());
  $("concede").addEventListener("click", concede);
  // The status bar's height (one row or two; the status wraps rather than being cut) as
  // --bar-h: what lies fixed below it (the menu, banners, the end panel) starts there.
  const bar = $("statusbar");
  const barHeight = () => document.documentElement.style.setProperty("--bar-h", `${Math.ceil(bar.getBoundingClientRect().height)}px`);
  barHeight();
  if (window.ResizeObserver) new ResizeObserver(barHeight).observe(bar);
  // The bar keeps to the window's width and the status to two lines where it can: where
  // the bar's things do not all fit in it (the phases beside the user-cards badge) or the
  // status runs to a third line, "you are" and the phases not current step aside (tight
  // 1), as they do while the others' actions are shown; if the bar is still too wide, it
  // wraps (tight 2). Measured again whenever the bar's content changes (the body's mark is
  // outside the bar, so setting it does not call this again).
  const status = $("status");
  const crowded = () => {
    const line = parseFloat(getComputedStyle(status).lineHeight) || 19;
    return bar.scrollWidth > bar.clientWidth + 1 || status.getBoundingClientRect().height > 2.5 * line;
  };
  const fitBar = () => {
    delete document.body.dataset.tight;
    if (!crowded()) return;
    document.body.dataset.tight = "1";
    if (bar.scrollWidth > bar.clientWidth + 1) document.body.dataset.tight = "2";
  };
  new MutationObserver(fitBar).observe(bar, { subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ["hidden", "class"] });
  addEventListener("resize", fitBar);
  fitBar();
  installZoom($("stage"), $("zoom"));
  installZoom($("handbar"), $("zoom"));
  installKeys({
    escape: () => { hideMenu(true); closeTools(); aim.hide(); },
    main: () => {
      const b = $("bar").querySelector(".main");
      if (b && !b.disabled) { b.click(); return true; }
      return false;
    },
    log: () => setDrawer($("drawer").hidden),
    replay: ev => (st.replay ? replayKey(ev) : false),
  });
}

// The API the panels of panels.js get (chat, clocks, presence, undo, the strike's GO):
// mount(api) once, update(msg, api) on every message as it arrives (not paced),
// pong(msg, api) on every pong.
const api = {
  tableId, token, call, h, post,
  get seat() { return st.seat; }, get table() { return st.table; }, get message() { return st.lastMsg; },
  get pacing() { return pacer.busy; }, get socket() { return st.socket; },
  slots: { get clock() { return $("slot-clock"); }, get side() { return $("slot-side"); }, get overlay() { return $("slot-overlay"); }, get tools() { return $("tools"); } },
  label, send, pressStrike, showError, refresh, play,
};

async function main() {
  installChrome();
  try {
    st.table = await call("GET", `/api/tables/${tableId}`);
  } catch (e) { failed(e); return; }
  st.module = await loadModule(st.table.game);
  call("GET", "/api/games").then(c => {
    st.game = c.games.find(g => g.id === st.table.game) || null;
    if (st.table.status === "over") showEnd();
  }).catch(() => {});
  $("title").textContent = st.table.name;
  document.title = `${st.table.name} — tabletop`;
  $("rules-link").href = `/rules/${encodeURIComponent(st.table.game)}`;
  showUserCards(st.table.options && st.table.options.user_cards);
  document.body.dataset.game = st.table.game;
  if (query.get("replay")) {
    st.replay = { step: 0, steps: 0, seat: null };
    startReplay({ tableId, query, st, label, show: got => show({ ...got, type: "state", table: st.table, version: 0, legal: [] }, false), failed, showEndOfReplay });
    return;
  }
  try {
    const msg = await call("GET", `/api/tables/${tableId}/view`, { token });
    st.seat = msg.seat;
    if (st.seat !== null) await call("POST", `/api/tables/${tableId}/join`, { body: { seat: st.seat, token }, token });
    if (st.seat !== null && st.table.status !== "over") rememberSeat(tableId, st.seat, token);
    // My other tables: a notification when one becomes my turn (if I allowed them).
    watchTurns({ here: tableId });
    for (const p of panels) { try { p.mount && p.mount(api); } catch (e) { console.error(e); } }
    if (st.seat !== null && people() > 1 && drawerChoice() === null) setDrawer(true, false);
    onMessage(msg);
  } catch (e) { if (!panels.some(p => p.refused && p.refused(e, api))) failed(e); return; }
  $("notation").addEventListener("submit", ev => {
    ev.preventDefault();
    const text = $("notation-text").value.trim();
    if (text) send(text);
  });
  connect();
}

// The replay's last step: the result, over the board (the buttons stay usable).
function showEndOfReplay(outcome) {
  if (!outcome) { $("end").hidden = true; return; }
  renderEnd($("end"), { outcome, seat: st.replay.seat, teams: teamsOf(), label, labels: st.table.labels, reason: outcome.reason,
    actions: [{ id: "lobby", text: "Back to the lobby", href: "/" }, { id: "see-table", text: "See the table", run: () => { $("end").hidden = true; } }] });
  $("end").classList.add("replay-end");
}

async function loadModule(game) {
  let mod;
  try { mod = (await import(`/static/tables/${game}.js`)).default; }
  catch (e) { mod = (await import("/static/tables/generic.js")).default; }
  if (mod.stylesheet) document.head.append(h("link", { rel: "stylesheet", href: mod.stylesheet }));
  return mod;
}

// For tests and tools: the message the page shows, as it drew it (the version, legal
// actions, view and events so far of what is on screen; body.dataset.version says when
// the drawing of that version is done). Importing this module again gives this same
// instance, so a test reads the page's own state, not the server's (which may be ahead
// while the other seats' actions are still being shown).
export function shown() {
  return { version: st.version, seat: st.seat, legal: st.legal.slice(), view: st.view, events: st.events.slice() };
}

main();
