// The table's clocks as the seat's message tells them (docs/web.md, "Clocks"). The server
// keeps and enforces them; this page only ticks them between messages from the numbers
// of the latest one: `remaining_ms` per seat (null: an AI seat), the seat whose clock
// `running`, and `starts_in_ms` (the running clock waits that long while the other seats'
// actions are being shown). A message comes only when something changes, not every second.

export const LOW_MS = 10_000;
export const TURN_BASED_MS = 3600_000; // a turn of an hour or more: a turn-based table (clock.py)

// Whether a clock is a turn-based table's (hours or days a turn).
export function turnBased(clock) { return !!clock && clock.mode === "move" && clock.limit_ms >= TURN_BASED_MS; }  // under this (or a quarter of the limit) a clock shows as low

export class Clocks {
  constructor() { this.clock = null; this.at = 0; }

  // The clock part of a message (null: the table has no clock).
  set(clock) { this.clock = clock || null; this.at = performance.now(); }

  get on() { return !!this.clock; }

  // A seat's clock now: {ms, running, waiting (its clock waits while the others' actions
  // are being shown), low, out}; null for a seat without a clock.
  of(seat, now = performance.now()) {
    const c = this.clock;
    if (!c || c.remaining_ms[seat] === null || c.remaining_ms[seat] === undefined) return null;
    let ms = c.remaining_ms[seat];
    const running = c.running === seat;
    let waiting = false;
    if (running) {
      const ticking = now - this.at - (c.starts_in_ms || 0);
      waiting = ticking < 0;
      ms = Math.max(0, ms - Math.max(0, ticking));
    }
    const low = running && ms <= Math.min(LOW_MS, c.limit_ms / 4);
    return { ms, running, waiting, low, out: ms <= 0 };
  }

  // What the clock is, in words: "5 min each, +3 s a turn; at zero the seat loses".
  describe() {
    const c = this.clock;
    if (!c) return "";
    const each = c.mode === "move" ? `${span(c.limit_ms)} a turn` : `${span(c.limit_ms)} each${c.increment_ms ? `, +${span(c.increment_ms)} a turn` : ""}`;
    const then = c.on_timeout === "lose" ? "at zero the seat loses" : "at zero the AI plays that turn";
    return `Clock: ${each}; ${then}.`;
  }
}

// 0:42, 12:05, 1:02:03, 2 d 3:04:05; under ten seconds with tenths (0:07.3).
export function format(ms) {
  ms = Math.max(0, ms);
  if (ms < 10_000) return `0:0${(Math.floor(ms / 100) / 10).toFixed(1)}`;
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600), m = Math.floor(total / 60) % 60, s = total % 60;
  const ss = String(s).padStart(2, "0");
  if (h >= 24) return `${Math.floor(h / 24)} d ${h % 24}:${String(m).padStart(2, "0")}:${ss}`;
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

// "5 min", "30 s", "1 h 30 min", "1 day", "14 days".
function span(ms) {
  const s = Math.round(ms / 1000);
  if (s >= 86400 && s % 86400 === 0) return s === 86400 ? "1 day" : `${s / 86400} days`;
  if (s < 60 || s % 60) return `${s} s`;
  const m = s / 60;
  if (m < 60 || m % 60) return m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min`;
  return `${m / 60} h`;
}
