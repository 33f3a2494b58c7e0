// The table's social side (docs/web.md, "The browser side"): presence, clocks and "+15 s",
// chat and mute, undo and takebacks (and any open offer's Accept / Decline), the table's
// notices in words, the same seat open in two tabs, a link whose seat was taken, the
// WebSocket's pings (the server measures each seat's round trip from them, for the
// clocks' lag allowance and the strike's credit) and the real-time strike's GO panel.
//
// table.js calls, and nothing else:
//   const social = mountSocial(ctx)   once the table's public line is known, where ctx is
//       {tableId, token, call (api.js), send(object) -> bool (JSON over the WebSocket),
//        refresh() (fetch the seat's message again), table (the table's public line)};
//   social.update(msg)    every seat message: state, update, and a request's reply;
//   social.socket(msg)    the WebSocket's other messages (pong, moved, error): true if
//                         it dealt with one (moved: the page must stop acting);
//   social.opened()       the WebSocket opened (pings start);
//   social.refused(err)   the page's first request was refused (an ApiError): true if
//                         shown here (a link whose seat a stranger took).
// Its panel goes in #social (created beside the board if the page has none), a compact
// clock in #clock-slot if the page has one (the status bar).
//
// Everything shown comes from the seat's own message: nothing here asks for another's.
import { h } from "/static/js/api.js";
import { Chat } from "/static/js/chat.js";
import { Clocks, format } from "/static/js/clock.js";
import { Presence } from "/static/js/presence.js";
import { noticeWords, offerWords, seatName } from "/static/js/social-words.js";
import { Strike } from "/static/js/strike.js";

const PING_MS = 4000;
const TOAST_MS = 6000;
const TOASTED = new Set(["seat_taken", "ai_holds", "ai_releases", "timeout", "time_given", "offer", "declined", "withdrawn", "undo", "takeback"]);

export function mountSocial(ctx) {
  const root = document.getElementById("social") || makeRoot();
  root.classList.add("social");
  root.hidden = true;  // until the seat's first message
  const $ = h;
  const seatsList = $("ol", { class: "seat-rows", "data-testid": "presence" });
  const clockLine = $("div", { class: "clock-line note" });
  const away = $("div", { class: "away-line", role: "status", "data-testid": "away", hidden: true });
  const offersBox = $("div", { class: "offers", "data-testid": "offers", "aria-live": "polite" });
  const undoBtn = $("button", { class: "undo", "data-testid": "undo", hidden: true });
  const errorBox = $("div", { class: "social-error", role: "alert", "data-testid": "social-error", hidden: true });
  const chatBox = $("section", { class: "chat", "data-testid": "chat" });
  root.replaceChildren(
    $("section", { class: "seats-panel" }, $("h3", {}, "At the table"), seatsList, clockLine, away),
    offersBox, $("div", { class: "social-actions" }, undoBtn), errorBox, chatBox);
  const toasts = $("div", { class: "social-toasts", "data-testid": "toasts", "aria-live": "polite" });
  document.body.append(toasts);

  let msg = null;        // the latest seat message, with the parts a reply leaves out
  let moved = false;     // this tab no longer follows the seat
  const clocks = new Clocks();

  function showError(text) { errorBox.hidden = !text; errorBox.textContent = text || ""; }

  async function post(path, body) {
    showError(null);
    return ctx.call("POST", `/api/tables/${ctx.tableId}/${path}`, { body, token: ctx.token });
  }
  async function attempt(path, body) {
    try { const got = await post(path, body); if (got && got.table) api.update({ ...got, type: "reply" }); return got; }
    catch (e) { showError(e.status === 429 ? `Slow down: ${e.message}.` : e.message); return null; }
  }

  const presence = new Presence(seatsList, {
    give: seat => attempt("clock/give", { seat }),
    mute: (seat, muted) => attempt("mute", { seat, muted }),
  });
  presence.tick(clocks);
  const chat = new Chat(chatBox, {
    say: body => post("chat", body),
    muteAll: muted => attempt("mute", { seat: null, muted }),
  });
  ctx.call("GET", "/api/games").then(got => chat.setPresets(got.chat), () => {});
  const strike = new Strike(obj => !moved && ctx.send(obj));

  undoBtn.addEventListener("click", async () => {
    const got = await attempt("undo", {});
    if (got && got.offer === undefined && got.undone) toast("You took back your last move.");
  });

  function toast(text, kind = "") {
    const el = $("div", { class: `toast ${kind}` }, text);
    toasts.append(el);
    setTimeout(() => el.remove(), TOAST_MS);
    while (toasts.children.length > 4) toasts.firstChild.remove();
  }

  function drawOffers() {
    const me = msg.seat, t = msg.table;
    offersBox.replaceChildren(...(msg.offers || []).map(o => {
      const mine = o.by === me;
      const accepted = o.accepted.includes(me);
      const answer = a => attempt(`offers/${o.id}`, { answer: a });
      return $("div", { class: `offer ${o.kind}${mine ? " mine" : ""}`, "data-testid": `offer-${o.kind}`, "data-offer": o.id },
        $("span", { class: "words" }, accepted ? `You accepted: waiting for the others.` : offerWords(o, t, me)),
        mine ? $("button", { class: "small", "data-testid": "offer-cancel", onclick: () => answer("cancel") }, "Withdraw")
          : accepted || moved ? null
            : [$("button", { class: "small primary", "data-testid": "offer-accept", onclick: () => answer("accept") }, "Accept"),
              $("button", { class: "small", "data-testid": "offer-decline", onclick: () => answer("decline") }, "Decline")]);
    }));
  }

  function drawUndo() {
    const t = msg.table, me = msg.seat;
    const person = me !== null && t.seats[me] && t.seats[me].kind === "human";
    const others = t.seats.some(s => s.kind === "human" && s.seat !== me);
    const asked = (msg.offers || []).some(o => o.kind === "takeback" && o.by === me);
    undoBtn.hidden = !person || moved || t.status === "over";
    undoBtn.disabled = asked;
    undoBtn.textContent = others ? "Ask for a takeback" : "Undo";
    undoBtn.title = others ? "Ask the others to let you take back your last move" : "Take back your last move (and the AI's reply), up to the last thing that revealed a hidden card";
  }

  // Who is away, in words, for the others (the seat rows say it too, per seat).
  function drawAway() {
    const t = msg.table;
    const gone = t.seats.filter(s => s.kind === "human" && s.joined && s.seat !== msg.seat && (!s.connected || s.ai_holding));
    away.hidden = !gone.length || t.status === "over";
    away.textContent = gone.map(s => s.ai_holding && !s.connected ? `${seatName(t, s.seat)} is away: the AI is holding their seat until they return.`
      : !s.connected ? `${seatName(t, s.seat)} has lost their connection.` : `${seatName(t, s.seat)} ran out of time: the AI plays this turn.`).join(" ");
  }

  function drawSlot() {
    const slot = document.getElementById("clock-slot");
    if (!slot) return;
    if (!clocks.on || !msg) { slot.textContent = ""; return; }
    const me = msg.seat, c = msg.clock;
    const seat = me !== null && c.remaining_ms[me] !== null ? me : c.running;
    const got = seat === null || seat === undefined ? null : clocks.of(seat);
    slot.textContent = got ? `${me === seat ? "Your clock" : seatName(msg.table, seat)} ${format(got.ms)}${got.waiting ? " ⏸" : ""}` : "";
    slot.className = "clock-slot" + (got && got.low ? " low" : "") + (got && got.running ? " running" : "");
    slot.dataset.testid = "clock-slot";
  }

  // Between messages: the clocks run down and the grace countdowns with them.
  setInterval(() => { if (msg) { presence.tick(); drawSlot(); } }, 200);

  let pinger = null;
  const api = {
    update(m) {
      const first = msg === null;
      if (!first && m.type === "update") {
        for (const n of m.notices || []) {
          if (!TOASTED.has(n.kind)) continue;
          const words = noticeWords(n, m.table, m.seat);
          if (words) toast(words, n.kind);
        }
      }
      msg = m;
      root.hidden = false;
      clocks.set(m.clock);
      clockLine.textContent = clocks.describe();
      presence.update(m, first);
      chat.update(m.type === "reply" ? { ...m, type: first ? "state" : "update" } : m);
      drawOffers(); drawUndo(); drawAway(); drawSlot();
      strike.update(m, moved);
      document.body.dataset.social = String(Number(document.body.dataset.social || 0) + 1);
    },
    socket(m) {
      if (m.type === "pong") {
        if (m.probe) ctx.send({ probe: m.probe });  // at once: the server times this
        return true;
      }
      if (m.type === "moved") { showMoved(m.error); return true; }
      if (m.type === "error" && m.seat_taken) { showTaken(m); return true; }
      return false;
    },
    opened() {
      clearInterval(pinger);
      ctx.send({ ping: Date.now() });
      pinger = setInterval(() => { if (!moved) ctx.send({ ping: Date.now() }); }, PING_MS);
    },
    refused(err) {
      if (err && err.body && err.body.seat_taken) { showTaken(err.body); return true; }
      return false;
    },
    get moved() { return moved; },
  };

  // The same seat opened in another tab or window: this one says so and stops acting.
  function showMoved() {
    moved = true;
    clearInterval(pinger);
    document.body.classList.add("moved");
    const box = $("div", { class: "social-cover", role: "alertdialog", "aria-labelledby": "moved-title", "data-testid": "moved" },
      $("div", { class: "social-card" },
        $("h2", { id: "moved-title" }, "This seat is now open in another tab"),
        $("p", {}, "You opened this seat in another tab or window, so this one has stopped following the table: nothing you do here counts. Carry on in the other one, or take the seat back here."),
        $("button", { class: "primary", "data-testid": "moved-here", onclick: () => location.reload() }, "Play in this tab")));
    document.body.append(box);
    if (msg) api.update({ ...msg, type: "reply", strike: null });
  }

  // A link whose seat a stranger took before it was used: the server's words, and a way
  // to watch instead.
  function showTaken(body) {
    const t = msg ? msg.table : ctx.table;
    const taken = body.seat_taken;
    const box = $("div", { class: "social-cover", role: "alertdialog", "aria-labelledby": "taken-title", "data-testid": "seat-taken" },
      $("div", { class: "social-card" },
        $("h2", { id: "taken-title" }, `Seat ${t ? seatName(t, taken.seat) : `P${taken.seat + 1}`} was taken`),
        $("p", {}, body.error || "Another player took this seat before this link was used."),
        $("a", { class: "button primary", href: `/table/${ctx.tableId}`, "data-testid": "watch" }, "Watch the table"),
        " ", $("a", { class: "button", href: "/" }, "Back to the lobby")));
    document.body.append(box);
  }

  return api;
}

function makeRoot() {
  const root = h("aside", { id: "social" });
  const side = document.querySelector(".side") || document.querySelector("main") || document.body;
  side.append(root);
  return root;
}
