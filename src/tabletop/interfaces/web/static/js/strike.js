// Hoshi Battle's real-time strike, unmistakable (docs/web.md, "The real-time strike"): a
// panel over the table while a strike window is open. Before GO it is dark and says
// "Ready…", then "Steady…" (the moment of GO is the server's secret, drawn at random: no
// number can count down to it, and a count that ended early would invite false starts);
// at GO the whole panel turns full colour, a sound plays if sound is on, and a bar runs
// down the window. The striker presses Space or touches the panel to strike, the defender
// to pull away; one press a window, sent over the WebSocket, timed by the server when it
// arrives. Then the panel says how the strike went, from the `strike` event's fields.
import { h } from "/static/js/api.js";
import { seatName } from "/static/js/social-words.js";

const STEADY_MS = 600;   // before the earliest GO (the server waits 0.8 s at least)
const RESULT_MS = 2600;  // how long the result stays

export class Strike {
  constructor(send) {
    this.send = send;      // (object) -> bool: over the table's WebSocket
    this.window = null;    // the open window, as the message says
    this.pressed = null;   // the window id this page pressed in
    this.pressedAt = null; // "early" or "go"
    this.msg = null;
    this.el = h("div", { class: "strike-go", id: "strike-go", "data-testid": "strike-go", hidden: true, role: "dialog", "aria-live": "assertive", "aria-label": "Real-time strike" });
    this.el.addEventListener("pointerdown", ev => { if (!ev.target.closest("button")) { ev.preventDefault(); this.press(); } });
    document.body.append(this.el);
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
    if (!this.send({ strike: role, window: this.window.id })) return;
    this.pressed = this.window.id;
    this.pressedAt = this.window.phase === "go" ? "go" : "early";
    this.draw();
  }

  update(msg, moved) {
    this.msg = msg;
    const s = moved ? null : msg.strike;
    if (s) {
      const fresh = !this.window || this.window.id !== s.id;
      const went = s.phase === "go" && (fresh || this.window.phase !== "go");
      this.window = s;
      if (fresh) { this.opened = performance.now(); this.result = null; clearTimeout(this.steady); this.steady = setTimeout(() => this.draw(), STEADY_MS); }
      if (went) { this.goAt = performance.now(); beep(); }
      this.draw();
      return;
    }
    if (this.window) {  // the window closed: its result is among this message's events
      this.closed = { striker: this.window.striker, defender: this.window.defender, at: performance.now() };
      this.window = null;
    }
    const ev = (msg.events || []).filter(e => e.kind === "strike").pop();
    if (ev && this.closed && performance.now() - this.closed.at < 5000 && msg.type !== "state") {
      this.result = { ...ev.fields };
      this.closed = null;
      clearTimeout(this.hide);
      this.hide = setTimeout(() => { this.result = null; this.draw(); }, RESULT_MS);
    } else if (this.closed && performance.now() - this.closed.at >= 5000) this.closed = null;
    this.draw();
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
      el.replaceChildren(h("div", { class: "strike-head" }, head), h("div", { class: "strike-line" }, line),
        go ? h("div", { class: "strike-bar", style: `animation-duration: ${s.window_ms}ms` }) : null);
      el.hidden = false;
      return;
    }
    if (this.result) {
      const r = this.result, me = this.msg.seat;
      const striker = r.striker === me ? "Your" : `${seatName(t, r.striker)}'s`;
      let line;
      if (r.landed) line = r.defender === me ? `${striker} strike landed: it struck before you pulled away.` : `${striker} strike landed: it struck first.`;
      else line = r.defender === me ? `You escaped ${striker} strike.` : `${striker} strike missed: pulled away in time, too early, or too late.`;
      el.className = `strike-go result ${r.landed ? "hit" : "miss"}`;
      el.dataset.phase = "result";
      el.replaceChildren(h("div", { class: "strike-head" }, r.landed ? "Hit!" : "Missed"), h("div", { class: "strike-line", "data-testid": "strike-result" }, line));
      el.hidden = false;
      return;
    }
    el.hidden = true;
    el.dataset.phase = "";
  }
}

// GO's sound, if sound is on. The shared sound module (static/js/sound.js, shell's) plays
// it when it is there; until then a short Web Audio beep, off unless the page's sound
// setting (localStorage "tabletop.sound" = "on") says otherwise.
let sound = null;
import("/static/js/sound.js").then(m => { sound = m; }, () => { sound = false; });
let audio = null;
function beep() {
  if (sound && typeof sound.play === "function") { sound.play("go"); return; }
  try { if (localStorage.getItem("tabletop.sound") !== "on") return; } catch (e) { return; }
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.2, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start(); osc.stop(audio.currentTime + 0.25);
  } catch (e) { /* no audio here: GO is still drawn */ }
}
