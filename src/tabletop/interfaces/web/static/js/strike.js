// Hoshi Battle's real-time strike, unmistakable (docs/web.md, "The real-time strike"): a
// panel over the table while a strike window is open. Before GO it is dark and says
// "Ready…", then "Steady…" (the moment of GO is the server's secret, drawn at random: no
// number can count down to it, and a count that ended early would invite false starts);
// at GO the whole panel turns full colour, a sound plays if sound is on, and a bar runs
// down the window. The striker presses Space or touches the panel to strike, the defender
// to pull away; one press a window, sent over the WebSocket, timed by the server when it
// arrives. Then the panel says how the strike went, from the `strike` event's fields.
// GO's sound is sound.js's "go" (off unless the page's sound setting is on).
import { h } from "/static/js/api.js";
import { seatName } from "/static/js/social-words.js";

const STEADY_MS = 600;   // before the earliest GO (the server waits 0.8 s at least)
const RESULT_MS = 2600;  // how long the result stays

export class Strike {
  // slot: where the panel goes (the overlay over the board); press(kind, window) ->
  // bool: a press over the WebSocket; play(name): a sound, if sound is on (sound.js).
  constructor(slot, press, play) {
    this.pressKind = press;
    this.play = play;
    this.window = null;    // the open window, as the message says
    this.pressed = null;   // the window id this page pressed in
    this.pressedAt = null; // "early" or "go"
    this.msg = null;
    this.el = h("div", { class: "strike-go", id: "strike-go", "data-testid": "strike-go", hidden: true, role: "dialog", "aria-live": "assertive", "aria-label": "Real-time strike" });
    this.el.addEventListener("pointerdown", ev => { if (!ev.target.closest("button")) { ev.preventDefault(); this.press(); } });
    slot.append(this.el);
    // Capture: the panel's Space goes here first, and only once (a table's own key
    // handler would send the same press again).
    window.addEventListener("keydown", ev => {
      if (ev.code !== "Space" || !this.window || !this.role()) return;
      ev.preventDefault(); ev.stopImmediatePropagation();
      if (!ev.repeat) this.press();
    }, true);
  }

  role() {
    const s = this.window, me = this.msg ? this.msg.seat : null;
    if (!s || me === null) return null;
    return me === s.striker ? "strike" : me === s.defender ? "pull" : null;
  }

  press() {
    const role = this.role();
    if (!role || this.pressed === this.window.id) return;
    if (!this.pressKind(role, this.window.id)) return;
    this.pressed = this.window.id;
    this.pressedAt = this.window.phase === "go" ? "go" : "early";
    // What this page saw: the press's time after GO appeared here (the server's own
    // timing decides; this is only the player's reaction as shown to them).
    this.reaction = this.pressedAt === "go" ? Math.round(performance.now() - this.goAt) : null;
    this.draw();
  }

  update(msg, moved) {
    this.msg = msg;
    const now = performance.now();
    // The result is the `strike` event; it may come with the message that closes the
    // window or just before it (the window still open) or just after.
    const recent = this.window || (this.closedAt && now - this.closedAt < 5000);
    const ev = msg.type === "state" ? null : (msg.events || []).filter(e => e.kind === "strike").pop();
    if (ev && recent) this.pending = { ...ev.fields };
    const s = moved ? null : msg.strike;
    if (s) {
      // A new window: another id (the server gives each its own, also one opened again
      // at the same position), or a window that went back from GO to ready (a server of
      // before, whose ids were positions). The messages between (the last window closed)
      // may have been merged into this one by the server, or come in one burst after a
      // stall: the new window is still new, its GO shown and its press sent, never taken
      // for the last one ("already pressed").
      const fresh = !this.window || this.window.id !== s.id || (this.window.phase === "go" && s.phase !== "go");
      const went = s.phase === "go" && (fresh || this.window.phase !== "go");
      if (fresh) {
        // A strike that missed is often followed at once by the next window (a throw
        // again): its result is then told in the new window's panel.
        this.last = this.pending ? this.outcome(this.pending) : null;
        this.opened = now; this.result = null; this.pending = null; this.reaction = null; this.pressedAt = null;
        this.pressed = null;
        clearTimeout(this.steady); this.steady = setTimeout(() => this.draw(), STEADY_MS);
      }
      this.window = s;
      // GO's moment on this page, also for tests and tools (a press "150 ms after GO").
      if (went) { this.goAt = now; this.el.dataset.goAt = String(now); this.play("go"); }
      this.draw();
      return;
    }
    if (this.window) { this.window = null; this.closedAt = now; }
    if (this.pending) {
      this.result = this.pending;
      this.pending = null;
      clearTimeout(this.hide);
      this.hide = setTimeout(() => { this.result = null; this.draw(); }, RESULT_MS);
    }
    this.draw();
  }

  // A strike's result (the `strike` event's fields) from the reader's side: good news,
  // bad news, or a strike between two others; and the reader's own press as seen here.
  outcome(r) {
    const me = this.msg.seat, t = this.msg.table;
    const striking = r.striker === me, defending = r.defender === me;
    let head, line;
    if (striking) { head = r.landed ? "Hit!" : "Missed"; line = r.landed ? "Your strike landed." : "Your strike missed."; }
    else if (defending) { head = r.landed ? "You were hit" : "Escaped!"; line = r.landed ? `${seatName(t, r.striker)}'s strike landed on you.` : `${seatName(t, r.striker)}'s strike missed you.`; }
    else { head = r.landed ? "Hit!" : "Missed"; line = `${seatName(t, r.striker)}'s strike ${r.landed ? "landed on" : "missed"} ${seatName(t, r.defender)}.`; }
    const mood = striking || defending ? (striking === !!r.landed ? "good" : "bad") : "neutral";
    const you = this.reaction !== null && this.reaction !== undefined
      ? `You pressed ${this.reaction} ms after GO appeared here${this.reaction < 100 ? " (under 100 ms counts as a false start)" : ""}.`
      : this.pressedAt === "early" ? "You pressed before GO: a false start." : (striking || defending) ? "You did not press." : "";
    return { head, line, mood, you };
  }

  // The window's bar, made once at GO so that a redraw does not start it again.
  barFor(s) {
    if (!this.bar || this.bar.dataset.window !== String(s.id)) {
      this.bar = h("div", { class: "strike-bar", "data-window": s.id, style: `animation-duration: ${s.window_ms}ms` });
    }
    return this.bar;
  }

  draw() {
    const el = this.el, t = this.msg ? this.msg.table : null;
    if (this.window) {
      const s = this.window, role = this.role(), go = s.phase === "go";
      const steady = !go && performance.now() - this.opened >= STEADY_MS;
      const mine = this.pressed === s.id;
      const doing = role === "strike" ? "strike" : "pull away";
      let head, line;
      if (go) { head = "GO!"; line = role ? (mine ? "Pressed!" : `${role === "strike" ? "STRIKE" : "PULL AWAY"} now: Space or tap`) : `${seatName(t, s.striker)} strikes at ${seatName(t, s.defender)}`; }
      else {
        head = steady ? "Steady…" : "Ready…";
        line = role === "strike" ? `You rolled the symbol. Strike at GO (Space or tap), not before.`
          : role === "pull" ? `${seatName(t, s.striker)} rolled the symbol. Pull away at GO (Space or tap), not before.`
            : `${seatName(t, s.striker)} strikes at ${seatName(t, s.defender)}: wait for GO.`;
        if (mine) line = `You pressed before GO: a false start (your ${doing} does not count).`;
      }
      el.className = `strike-go ${go ? "go" : steady ? "steady" : "ready"}${role ? " duelist" : ""}${mine ? " pressed" : ""}`;
      el.dataset.phase = go ? "go" : "ready";
      el.dataset.role = role || "";
      const last = !go && this.last ? [h("div", { class: "strike-line small", "data-testid": "strike-result" }, `${this.last.line} ${this.last.you}`.trim())] : [];
      el.replaceChildren(...last, h("div", { class: "strike-head" }, head), h("div", { class: "strike-line" }, line),
        ...(go ? [this.barFor(s)] : []));
      el.hidden = false;
      return;
    }
    if (this.result) {
      const o = this.outcome(this.result);
      el.className = `strike-go result ${this.result.landed ? "hit" : "miss"} ${o.mood}`;
      el.dataset.phase = "result";
      el.replaceChildren(h("div", { class: "strike-head" }, o.head), h("div", { class: "strike-line", "data-testid": "strike-result" }, o.line),
        ...(o.you ? [h("div", { class: "strike-line small", "data-testid": "strike-reaction" }, o.you)] : []));
      el.hidden = false;
      return;
    }
    el.hidden = true;
    el.dataset.phase = "";
  }
}
