// "Your turn" (docs/web.md, "Turn-based tables"): the seats this browser opened, kept in
// localStorage (a seat's token is its key: it stays on this machine and goes to the
// server only in a request's body), a light poll of POST /api/turns for the tables where
// it is my turn (the seats of my account too), and a browser notification when one
// becomes mine while the lobby or another table is open. The notification's permission
// is asked for only when the player clicks "Notify me" (never on load); denied, nothing
// is shown.
import { call } from "/static/js/api.js";

const KEY = "tabletop.seats";
const MOST = 50; // seats kept (the server reads at most this many)
// How often the list is read; a test page may set window.TABLETOP_TURNS_POLL_MS first.
const POLL_MS = () => Number(window.TABLETOP_TURNS_POLL_MS) || 20000;

function kept() {
  try {
    const got = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(got) ? got.filter(s => s && typeof s.token === "string") : [];
  } catch (e) { return []; }
}

// Keep the token of a seat this browser opened (newest first).
export function rememberSeat(table, seat, token) {
  if (!table || token === null || token === undefined || seat === null || seat === undefined) return;
  const rest = kept().filter(s => !(s.table === table && s.seat === seat));
  try { localStorage.setItem(KEY, JSON.stringify([{ table, seat, token }, ...rest].slice(0, MOST))); } catch (e) { /* not kept: fine */ }
}

// Whether this browser has opened any seat (kept its token).
export function hasSeats() { return kept().length > 0; }

// The token this browser holds for a table's seat, if any.
export function tokenOf(table, seat) {
  const found = kept().find(s => s.table === table && s.seat === seat);
  return found ? found.token : null;
}

export function notificationsOn() {
  return "Notification" in window && Notification.permission === "granted";
}

// Ask for the permission (call it from a click only).
export async function askNotifications() {
  if (!("Notification" in window)) return "unsupported";
  if (Notification.permission !== "default") return Notification.permission;
  try { return await Notification.requestPermission(); } catch (e) { return "denied"; }
}

// "1 d 4 h", "3 h 20 min", "12 min", "40 s": the time left on a turn.
export function timeLeft(ms) {
  if (ms === null || ms === undefined) return "no clock";
  const s = Math.max(0, Math.floor(ms / 1000)); // never more than is left
  const d = Math.floor(s / 86400), hr = Math.floor((s % 86400) / 3600), min = Math.floor((s % 3600) / 60);
  if (d) return `${d} d ${hr} h`;
  if (hr) return `${hr} h ${min} min`;
  if (min) return `${min} min`;
  return `${s} s`;
}

// Read the list every POLL_MS (and when the page comes back into view); `onList(turns)`
// is told each answer; a table that newly became my turn is notified unless it is
// `here` (the table this page shows). The first answer only sets what is known. A turn
// is known by the step it began at (`since`): one that ended and came back between two
// readings (I moved, they moved) looks the same in the list but began later.
export function watchTurns({ onList = () => {}, here = null } = {}) {
  let known = null; // "table:seat" -> since
  let timer = null;
  let polled = 0;
  // One reading at a time: a second asked for meanwhile (the page shown again, a click)
  // runs after it, so that a table is never notified twice by two readings at once.
  let busy = false, again = false;
  async function poll() {
    if (busy) { again = true; return; }
    busy = true;
    clearTimeout(timer);
    try {
      const { turns } = await call("POST", "/api/turns", { body: { tokens: kept().map(s => s.token) } });
      const keys = new Map(turns.map(t => [`${t.table}:${t.seat}`, t.since]));
      if (known !== null && notificationsOn()) {
        for (const t of turns) {
          if (known.get(`${t.table}:${t.seat}`) === t.since || t.table === here) continue;
          notify(t);
        }
      }
      known = keys;
      onList(turns);
      document.body.dataset.turnsPolled = String(++polled); // (tests wait on it)
    } catch (e) { /* the next reading tries again */ }
    busy = false;
    if (again) { again = false; poll(); return; }
    timer = setTimeout(poll, POLL_MS());
  }
  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
  poll();
  return { poll };
}

export function linkOf(t) {
  const token = tokenOf(t.table, t.seat);
  return token ? `/table/${t.table}#token=${encodeURIComponent(token)}` : null;
}

function notify(t) {
  try {
    const n = new Notification(`Your turn: ${t.name}`, {
      body: `Table ${t.table}, ${t.label}: ${timeLeft(t.left_ms)} left`, tag: `turn-${t.table}`,
    });
    const link = linkOf(t);
    n.onclick = () => { window.focus(); if (link) location.href = link; n.close(); };
  } catch (e) { /* a browser that allows notifications only from a service worker */ }
}
