// A few short sounds made in the browser (Web Audio, no downloaded files): my turn, a
// hit, a KO, GO (the real-time strike) and the game's end. Off by default; one toggle,
// kept in localStorage.

const KEY = "tabletop.sound";
let ctx = null;

export function soundOn() {
  try { return localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
}

export function setSound(on) {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* not kept */ }
  if (on) audio();  // a user's click: the browser lets the context start now
}

function audio() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === "suspended") ctx.resume();
  return ctx;
}

// One tone: frequency (Hz) gliding to `to`, for `ms`, of a wave type.
function tone(freq, ms, { to = freq, type = "sine", gain = 0.12, at = 0 } = {}) {
  const a = audio();
  if (!a) return;
  const t0 = a.currentTime + at;
  const osc = a.createOscillator();
  const g = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  osc.frequency.exponentialRampToValueAtTime(Math.max(to, 1), t0 + ms / 1000);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + ms / 1000);
  osc.connect(g).connect(a.destination);
  osc.start(t0);
  osc.stop(t0 + ms / 1000 + 0.02);
}

const SOUNDS = {
  turn: () => { tone(660, 110); tone(880, 160, { at: 0.12 }); },
  hit: () => tone(220, 120, { to: 90, type: "square", gain: 0.08 }),
  ko: () => { tone(300, 200, { to: 60, type: "sawtooth", gain: 0.1 }); tone(120, 260, { to: 40, at: 0.15, gain: 0.1 }); },
  go: () => tone(1200, 180, { type: "square", gain: 0.1 }),
  over: () => { tone(523, 150); tone(659, 150, { at: 0.16 }); tone(784, 300, { at: 0.32 }); },
};

// Play a named sound if sound is on; returns whether it played (for tests: the body's
// data-sound says the last one).
export function play(name) {
  if (!soundOn() || !SOUNDS[name]) return false;
  try { SOUNDS[name](); } catch (e) { return false; }
  document.body.dataset.sound = name;
  return true;
}

// Which sound an event makes, by its kind only.
export function soundOf(event) {
  const k = String(event.kind);
  if (k === "ko" || /(_ko|defeat|eliminat|knocked)/.test(k)) return "ko";
  if (/damage|hit/.test(k)) return "hit";
  return null;
}
