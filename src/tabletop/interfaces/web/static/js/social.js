// The table's social side (docs/web.md, "The browser side"), one panel of panels.js:
// presence, clocks and "+15 s", chat and mute, undo and takebacks (and any open offer's
// Accept / Decline), the table's notices in words, the same seat open in two tabs, a link
// whose seat was taken, and the real-time strike's GO panel.
//
// table.js calls it as it calls every panel (panels.js): mount(api) once, update(msg, api)
// on every seat message as it arrives, pong(msg, api) on every pong, and refused(error,
// api) when the page's first request was refused (true: shown here). It draws into the
// api's slots only: the status bar's clock place (a chip per seat: presence and clock),
// the drawer's top (the seats in words, undo, the chat), the overlay over the board (who
// is away, open offers, notices as they come, the strike's panel).
//
// Everything shown comes from the seat's own message: nothing here asks for another's.
import { h } from "/static/js/api.js";
import { Chat } from "/static/js/chat.js";
import { Clocks, format } from "/static/js/clock.js";
import { emoteSaid } from "/static/js/emotes.js";
import { Presence } from "/static/js/presence.js";
import { noticeWords, offerWords, seatName } from "/static/js/social-words.js";
import { Strike } from "/static/js/strike.js";

const TOAST_MS = 6000;
// Notices shown as they come (an offer is its own prompt over the board, and who is
// away has its own line there).
const TOASTED = new Set(["seat_taken", "ai_releases", "timeout", "time_given", "declined", "withdrawn", "undo", "takeback"]);

let s = null;  // this page's social side, once mounted

function mount(api) {
  const side = h("div", { class: "social", id: "social", hidden: true });
  const seatsList = h("ol", { class: "seat-rows", "data-testid": "presence" });
  const clockLine = h("div", { class: "clock-line note" });
  const undoBtn = h("button", { class: "undo", "data-testid": "undo", hidden: true });
  const errorBox = h("div", { class: "social-error", role: "alert", "data-testid": "social-error", hidden: true });
  const chatBox = h("section", { class: "chat", "data-testid": "chat" });
  side.append(h("section", { class: "seats-panel" }, h("h3", {}, "At the table"), seatsList, clockLine),
    h("div", { class: "social-actions" }, undoBtn), errorBox, chatBox);
  api.slots.side.append(side);
  const chips = h("div", { class: "seat-chips", "data-testid": "seat-chips" });
  api.slots.clock.append(chips);
  const away = h("div", { class: "away-line", role: "status", "data-testid": "away", hidden: true });
  const offersBox = h("div", { class: "offers", "data-testid": "offers", "aria-live": "polite" });
  const toasts = h("div", { class: "social-toasts", "data-testid": "toasts", "aria-live": "polite" });
  const notes = h("div", { class: "social-overlay" }, away, offersBox, toasts);
  api.slots.overlay.append(notes);

  const clocks = new Clocks();
  s = { api, notes, side, chips, seatsList, clockLine, undoBtn, errorBox, away, offersBox, toasts, clocks, msg: null, moved: false, sockets: new WeakSet() };

  s.presence = new Presence(seatsList, {
    give: seat => attempt("/clock/give", { seat }),
    mute: (seat, muted) => attempt("/mute", { seat, muted }),
  });
  s.presence.tick(clocks);
  s.chat = new Chat(chatBox, {
    say: body => { showError(null); return api.post("/chat", body); },
    muteAll: muted => attempt("/mute", { seat: null, muted }),
  });
  api.call("GET", "/api/games").then(got => s.chat.setPresets(got.chat), () => {});
  // A press goes straight over the socket with the window this panel was told of: the
  // table's own copy of the window (api.pressStrike) may wait for the pacing of the
  // actions before it, GO never does.
  s.strike = new Strike(api.slots.overlay, (kind, window) => {
    const ws = api.socket;
    if (s.moved || !ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify({ strike: kind, window }));
    return true;
  }, name => api.play(name));
  undoBtn.addEventListener("click", () => attempt("/undo", {}));
  // The same in the settings menu, for a player whose drawer is closed.
  const undoMenu = h("button", { class: "undo", "data-testid": "undo-menu", hidden: true, onclick: () => attempt("/undo", {}) });
  if (api.slots.tools) api.slots.tools.prepend(undoMenu);
  s.undoMenu = undoMenu;
  // Between messages: the clocks run down and the grace countdowns with them.
  setInterval(() => { if (s.msg) { s.presence.tick(); drawChips(); place(); } }, 200);
}

// The notes over the board sit just below the status bar (taller when it wraps on a
// phone): the status stays in sight.
function place() {
  const bar = document.getElementById("statusbar");
  const top = Math.round((bar ? bar.getBoundingClientRect().bottom : 48) + 6);
  if (s.notes.style.top !== `${top}px`) s.notes.style.top = `${top}px`;
}

function showError(text) { s.errorBox.hidden = !text; s.errorBox.textContent = text || ""; if (text) toast(text, "error"); }

// A request of this panel's; its reply is drawn at once (the WebSocket brings it too).
async function attempt(path, body) {
  showError(null);
  try {
    const got = await s.api.post(path, body);
    if (got && got.table) update({ ...got, type: "reply" });
    return got;
  } catch (e) { showError(e.status === 429 ? `Slow down: ${e.message}.` : e.message); return null; }
}

// text: a string, or the nodes of a line (an emote is drawn)
function toast(text, kind = "") {
  const el = h("div", { class: `social-toast ${kind}` }, text);
  s.toasts.append(el);
  setTimeout(() => el.remove(), TOAST_MS);
  while (s.toasts.children.length > 4) s.toasts.firstChild.remove();
}

// The status bar: a chip per seat, its presence as a dot and its clock ticking.
function drawChips() {
  const msg = s.msg, t = msg.table, now = performance.now();
  if (!s.chipEls || s.chipEls.length !== t.seats.length) {
    s.chipEls = t.seats.map(x => h("span", { class: "seat-chip", "data-for-seat": x.seat, "data-testid": `chip-${x.seat}` },
      h("span", { class: "dot", "aria-hidden": "true" }), h("span", { class: "seat-chip-who" }), h("span", { class: "seat-chip-clock" })));
    s.chips.replaceChildren(...s.chipEls);
  }
  for (const el of s.chipEls) {
    const seat = Number(el.dataset.forSeat), x = t.seats[seat];
    const [cls, words] = s.presence.state(x, now);
    el.dataset.presence = cls;
    el.classList.toggle("me", seat === msg.seat);
    el.classList.toggle("to-act", t.to_act === seat && t.status !== "over");
    el.title = `${seatName(t, seat)}: ${words}`;
    const who = el.querySelector(".seat-chip-who");
    const name = seat === msg.seat ? "You" : t.labels[seat];
    if (who.textContent !== name) who.textContent = name;
    const c = s.clocks.of(seat, now), clock = el.querySelector(".seat-chip-clock");
    clock.textContent = c ? format(c.ms) : "";  // paused: a drawn mark (css), no emoji
    clock.className = "seat-chip-clock" + (c && c.running ? " running" : "") + (c && c.waiting ? " waiting" : "") + (c && c.low ? " low" : "") + (c && c.out ? " out" : "");
  }
}

function drawOffers() {
  const msg = s.msg, me = msg.seat, t = msg.table;
  // Takebacks only: a rematch is the end panel's (table.js), with its own Accept.
  s.offersBox.replaceChildren(...(msg.offers || []).filter(o => o.kind === "takeback").map(o => {
    const mine = o.by === me;
    const accepted = o.accepted.includes(me);
    const answer = a => attempt(`/offers/${o.id}`, { answer: a });
    return h("div", { class: `offer ${o.kind}${mine ? " mine" : ""}`, "data-testid": `offer-${o.kind}`, "data-offer": o.id, role: "alert" },
      h("span", { class: "words" }, accepted ? "You accepted: waiting for the others." : offerWords(o, t, me)),
      mine ? h("button", { class: "small", "data-testid": "offer-cancel", onclick: () => answer("cancel") }, "Withdraw")
        : accepted || s.moved ? null
          : [h("button", { class: "small primary", "data-testid": "offer-accept", onclick: () => answer("accept") }, "Accept"),
            h("button", { class: "small", "data-testid": "offer-decline", onclick: () => answer("decline") }, "Decline")]);
  }));
}

function drawUndo() {
  const t = s.msg.table, me = s.msg.seat, b = s.undoBtn;
  const person = me !== null && t.seats[me] && t.seats[me].kind === "human";
  const others = t.seats.some(x => x.kind === "human" && x.seat !== me);
  b.hidden = !person || s.moved || t.status === "over";
  b.disabled = (s.msg.offers || []).some(o => o.kind === "takeback" && o.by === me);
  b.textContent = others ? "Ask for a takeback" : "Undo";
  b.title = others ? "Ask the others to let you take back your last move"
    : "Take back your last move (and the AI's reply), up to the last thing that revealed a hidden card";
  const m = s.undoMenu;
  m.hidden = b.hidden; m.disabled = b.disabled; m.title = b.title;
  m.textContent = others ? "Ask for a takeback" : "Undo my last move";
}

// Who is away, in words, over the board for the others (the seat rows say it too).
function drawAway() {
  const t = s.msg.table;
  const gone = t.seats.filter(x => x.kind === "human" && x.joined && x.seat !== s.msg.seat && (!x.connected || x.ai_holding));
  s.away.hidden = !gone.length || t.status === "over";
  s.away.textContent = gone.map(x => x.ai_holding && !x.connected ? `${seatName(t, x.seat)} is away: the AI is holding their seat until they return.`
    : !x.connected ? `${seatName(t, x.seat)} has lost their connection.` : `${seatName(t, x.seat)} ran out of time: the AI plays this turn.`).join(" ");
}

function update(m) {
  const first = s.msg === null;
  if (!first && m.type === "update") {
    for (const n of m.notices || []) {
      if (!TOASTED.has(n.kind)) continue;
      const words = noticeWords(n, m.table, m.seat);
      if (words) toast(words, n.kind);
    }
    // Another's chat line, for a player whose drawer is closed.
    for (const c of m.chat || []) if (c.seat !== m.seat && s.side.offsetParent === null) toast([`${seatName(m.table, c.seat)}: `, ...(c.kind === "emote" ? emoteSaid(c.key) : [c.text])], "chat");
  }
  s.msg = m;
  s.side.hidden = false;
  s.clocks.set(m.clock);
  s.clockLine.textContent = s.clocks.describe();
  s.presence.update(m, first);
  s.chat.update(m.type === "reply" ? { ...m, type: first ? "state" : "update" } : m);
  drawOffers(); drawUndo(); drawAway(); drawChips(); place();
  s.strike.update(m, s.moved);
  document.body.dataset.social = String(Number(document.body.dataset.social || 0) + 1);
}

// The WebSocket's messages that table.js keeps to itself: `moved` (this tab stops) and a
// refusal of a taken seat. A listener of our own on each socket it opens.
function watch(socket) {
  if (!socket || s.sockets.has(socket)) return;
  s.sockets.add(socket);
  socket.addEventListener("message", ev => {
    let m;
    try { m = JSON.parse(ev.data); } catch (e) { return; }
    if (m.type === "moved") showMoved();
    else if (m.type === "error" && m.seat_taken) showTaken(m);
  });
}

// The same seat opened in another tab or window: this one says so and stops acting.
function showMoved() {
  if (s.moved) return;
  s.moved = true;
  document.body.classList.add("moved");
  document.body.append(h("div", { class: "social-cover", role: "alertdialog", "aria-labelledby": "moved-title", "data-testid": "moved" },
    h("div", { class: "social-card" },
      h("h2", { id: "moved-title" }, "This seat is now open in another tab"),
      h("p", {}, "You opened this seat in another tab or window, so this one has stopped following the table: nothing you do here counts. Carry on in the other one, or take the seat back here."),
      h("button", { class: "primary", "data-testid": "moved-here", onclick: () => location.reload() }, "Play in this tab"))));
  if (s.msg) update({ ...s.msg, type: "reply", strike: null });
}

// A link whose seat a stranger took before it was used: the server's words, and a way to
// watch instead.
function showTaken(body, api) {
  const t = s && s.msg ? s.msg.table : api ? api.table : null;
  const taken = body.seat_taken;
  const id = api ? api.tableId : s.api.tableId;
  document.body.append(h("div", { class: "social-cover", role: "alertdialog", "aria-labelledby": "taken-title", "data-testid": "seat-taken" },
    h("div", { class: "social-card" },
      h("h2", { id: "taken-title" }, `Seat ${t ? seatName(t, taken.seat) : `P${taken.seat + 1}`} was taken`),
      h("p", {}, body.error || "Another player took this seat before this link was used."),
      h("a", { class: "button primary", href: `/table/${id}`, "data-testid": "watch" }, "Watch the table"),
      " ", h("a", { class: "button", href: "/" }, "Back to the lobby"))));
}

export default {
  mount,
  update(msg, api) { if (!s) return; watch(api.socket); update(msg); },
  pong(msg, api) { if (s) watch(api.socket); },
  refused(err, api) {
    if (!err || !err.body || !err.body.seat_taken) return false;
    showTaken(err.body, api);
    return true;
  },
};
