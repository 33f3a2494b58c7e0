// Pacing: the other seats' actions shown one at a time.
//
// The server never waits for a browser: each of its messages is a snapshot of the table
// (view, legal actions, events since the last one). A message caused by another seat
// (an AI or a person) is queued here and shown for `speed` milliseconds before the next
// one, so that a turn of six AI actions plays as six steps instead of one jump. The
// person's own actions, and the first message of a connection, are shown at once.
//
// "Skip to my turn" empties the queue; the speed is a setting kept in localStorage.

const KEY = "tabletop.speed";
export const DEFAULT_SPEED = 800;

export function savedSpeed() {
  try {
    const v = localStorage.getItem(KEY);
    if (v !== null && !Number.isNaN(Number(v))) return Number(v);
  } catch (e) { /* storage refused (private mode): the default */ }
  return DEFAULT_SPEED;
}

export function saveSpeed(ms) {
  try { localStorage.setItem(KEY, String(ms)); } catch (e) { /* not kept: fine */ }
}

export class Pacer {
  // show(item, paced) draws one queued item; onBusy(busy) tells when the queue starts
  // and stops playing (the "skip" button, the tests' data-pacing).
  constructor({ show, onBusy }) {
    this.show = show;
    this.onBusy = onBusy || (() => {});
    this.queue = [];
    this.speed = savedSpeed();
    this.timer = null;
    this.playing = false;
  }

  get busy() { return this.playing || this.queue.length > 0; }

  setSpeed(ms) { this.speed = ms; saveSpeed(ms); }

  // A message to show: `paced` true for another seat's action (it waits its turn and
  // stays on screen for the speed), false to show at once (after what is queued).
  push(item, paced) {
    if (!paced && !this.busy) { this.show(item, false); return; }
    this.queue.push({ item, paced });
    if (!this.playing) this.next();
  }

  next() {
    if (!this.queue.length) {
      this.playing = false; this.timer = null;
      this.onBusy(false);
      return;
    }
    if (!this.playing) { this.playing = true; this.onBusy(true); }
    const { item, paced } = this.queue.shift();
    this.show(item, paced && this.speed > 0);
    const wait = paced ? this.speed : 0;
    this.timer = setTimeout(() => this.next(), wait);
  }

  // Show everything queued now: only the last snapshot matters for drawing, but every
  // item is shown (its events logged) without waiting.
  skip() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rest = this.queue.splice(0);
    for (const { item } of rest) this.show(item, false, true);  // skipped: no motion
    this.playing = false;
    this.onBusy(false);
  }

  // Forget what is queued (a new full state replaces it).
  clear() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    if (this.playing) { this.playing = false; this.onBusy(false); }
  }
}
