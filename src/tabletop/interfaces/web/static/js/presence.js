// Who is at the table (docs/web.md, "Seats, presence and the grace period"): one row per
// seat with its player, whether that player is connected, away (with the grace period's
// exact countdown: the seat's `grace_left_ms` as the server sent it, run down here), or
// has its seat held by the AI; its clock; "+15 s" for another person's clock; mute for
// another person's chat lines. All from the seat's message: the public `table.seats`, `table.options`, `clock` and the seat's own `muted`.
import { h } from "/static/js/api.js";
import { format, turnBased } from "/static/js/clock.js";
import { seatName } from "/static/js/social-words.js";

const SHOWN_AFTER_MS = 2000;  // the server shows a dropped connection as gone this late

export class Presence {
  constructor(root, act) {
    this.root = root;  // the element the rows go in
    this.act = act;    // {give(seat), mute(seat, muted)}
    this.goneAt = {};  // seat -> when this page saw it go (performance.now())
    this.msg = null;
    this.rows = [];
  }

  // A new message: note who went or came back (for the countdown), then redraw.
  update(msg, first) {
    const before = this.msg ? this.msg.table.seats : null;
    // The server's grace left for each gone seat, as of this message's arrival here.
    this.graceAt = performance.now();
    for (const s of msg.table.seats) {
      const was = before ? before[s.seat] : null;
      if (!s.connected && s.kind === "human" && s.joined) {
        if (was && was.connected && !first) this.goneAt[s.seat] = performance.now() - SHOWN_AFTER_MS;
      } else delete this.goneAt[s.seat];
    }
    this.msg = msg;
    this.draw();
  }

  // Words for a seat's presence: [state class, words].
  state(s, now) {
    const t = this.msg.table, me = this.msg.seat;
    if (s.kind === "ai") return ["ai", `AI (${s.difficulty || "normal"})`];
    if (s.ai_holding) return ["held", s.connected ? "AI playing this turn (out of time)" : "AI holding this seat"];
    if (!s.joined) return ["free", t.open ? "seat free" : "not joined yet"];
    if (s.connected) return ["on", s.seat === me ? "connected (you)" : "connected"];
    const grace = t.options ? t.options.grace_s : null;
    const then = t.options && t.options.on_leave === "concede" ? "their seat concedes" : "the AI holds their seat";
    if (t.status === "over") return ["off", "disconnected"];
    if (grace === null || grace === undefined) return ["off", "disconnected: the table waits for them"];
    let left;
    if (typeof s.grace_left_ms === "number") left = Math.ceil((s.grace_left_ms - (now - this.graceAt)) / 1000);
    else {
      const since = this.goneAt[s.seat];
      if (since === undefined) return ["off", `disconnected: ${then} after ${grace} s away`];
      left = Math.ceil(grace - (now - since) / 1000);
    }
    return ["off", left > 0 ? `disconnected: ${then} in ${left} s` : `disconnected: ${then} once someone waits`];
  }

  draw() {
    const msg = this.msg;
    if (!msg) return;
    const t = msg.table, me = msg.seat;
    const running = t.status !== "over";
    this.rows = t.seats.map(s => {
      const mine = s.seat === me;
      const person = s.kind === "human";
      const muted = msg.muted && (msg.muted.all || msg.muted.seats.includes(s.seat));
      const give = me !== null && running && person && !mine && msg.clock && msg.clock.remaining_ms[s.seat] !== null
        && (msg.clock.mode === "game" || msg.clock.running === s.seat || t.to_act === s.seat)
        && !turnBased(msg.clock); // (hours a turn: fifteen seconds mean nothing)
      const row = h("li", { class: `seat-row${mine ? " me" : ""}${t.to_act === s.seat && running ? " to-act" : ""}`, "data-for-seat": s.seat, "data-testid": `seat-${s.seat}` },
        h("span", { class: "dot", "aria-hidden": "true" }),
        h("span", { class: "who" }, seatName(t, s.seat), mine ? " · you" : ""),
        h("span", { class: "presence", "data-testid": `presence-${s.seat}` }),
        h("span", { class: "clock", "data-testid": `clock-${s.seat}`, role: "timer" }),
        give ? h("button", { class: "small give", "data-testid": `give-${s.seat}`, title: `Give ${seatName(t, s.seat)} 15 more seconds`, onclick: () => this.act.give(s.seat) }, "+15 s") : null,
        me !== null && person && !mine ? h("button", { class: "small mute", "data-testid": `mute-${s.seat}`, "aria-pressed": muted ? "true" : "false",
          title: muted ? `Read ${seatName(t, s.seat)}'s chat again` : `Hide ${seatName(t, s.seat)}'s chat lines`,
          onclick: () => this.act.mute(s.seat, !(msg.muted.seats.includes(s.seat))) }, msg.muted && msg.muted.seats.includes(s.seat) ? "Unmute" : "Mute") : null);
      return row;
    });
    this.root.replaceChildren(...this.rows);
    this.tick();
  }

  // Every few tenths of a second: the countdowns and the clocks.
  tick(clocks) {
    if (clocks) this.clocks = clocks;
    const msg = this.msg;
    if (!msg) return;
    const now = performance.now();
    for (const row of this.rows) {
      const seat = Number(row.dataset.forSeat);
      const s = msg.table.seats[seat];
      const [cls, words] = this.state(s, now);
      row.dataset.presence = cls;
      const p = row.querySelector(".presence");
      if (p.textContent !== words) p.textContent = words;
      const c = row.querySelector(".clock");
      const got = this.clocks ? this.clocks.of(seat, now) : null;
      if (!got) { c.textContent = ""; c.className = "clock"; continue; }
      c.textContent = format(got.ms);  // paused: the "waiting" class draws its mark
      c.className = "clock" + (got.running ? " running" : "") + (got.waiting ? " waiting" : "") + (got.low ? " low" : "") + (got.out ? " out" : "");
      c.title = got.waiting ? "Paused while the other seats' actions are being shown" : got.running ? "Running" : "";
    }
  }
}
