// Highlights and floating numbers: what an action acted on, drawn on the table.
//
// A game's table module may say, from an event's kind and fields (never its English):
//   eventRefs(event, view) -> [data-ref, ...]       the things the event acted on
//   floaters(event, view)  -> [{ref, text, kind}]   numbers to float up from them
//                                                   (kind: "damage" | "heal" | "gain")
// Without them the defaults below read the fields generically: any field value (or list
// element) that is the data-ref of something drawn, or "<field>:<value>" when that is one
// (a lane field "left" lights "lane:left"); and an `amount` on a kind that names damage,
// healing or a gain of power, points or score.

const reduced = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function drawnRefs(root) {
  const out = new Set();
  for (const el of root.querySelectorAll("[data-ref]")) out.add(el.dataset.ref);
  return out;
}

// The default eventRefs: field values that name something drawn.
export function defaultRefs(event, root) {
  const drawn = drawnRefs(root);
  const out = [];
  const add = r => { if (drawn.has(r) && !out.includes(r)) out.push(r); };
  for (const [field, value] of Object.entries(event.fields || {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (typeof v !== "string" && typeof v !== "number") continue;
      if (typeof v === "string") add(v);
      add(`${field}:${v}`);
    }
  }
  return out;
}

const GAIN = /(power|point|score|vp|victory|gain|gem|stone|coin)/;
// The default floaters: an amount on a kind that names what it is.
export function defaultFloaters(event, refs) {
  const f = event.fields || {};
  const n = typeof f.amount === "number" ? f.amount : typeof f.damage === "number" ? f.damage : null;
  if (n === null || n === 0) return [];
  const kind = String(event.kind);
  const ref = refs[0] ?? null;
  if (/damage|hit|wound/.test(kind)) return [{ ref, text: `−${n}`, kind: "damage" }];
  if (/heal|restore/.test(kind)) return [{ ref, text: `+${n}`, kind: "heal" }];
  if (/pay|loss|lose|spend/.test(kind)) return [{ ref, text: `−${n}`, kind: "damage" }];
  if (GAIN.test(kind)) return [{ ref, text: `+${n}`, kind: "gain" }];
  return [];
}

export function refsOf(module, event, view, root) {
  let refs = null;
  if (module.eventRefs) {
    try { refs = module.eventRefs(event, view); } catch (e) { refs = null; }
  }
  return Array.isArray(refs) ? refs : defaultRefs(event, root);
}

export function floatersOf(module, event, view, refs) {
  let out = null;
  if (module.floaters) {
    try { out = module.floaters(event, view); } catch (e) { out = null; }
  }
  return Array.isArray(out) ? out : defaultFloaters(event, refs);
}

export function find(root, ref) {
  if (ref === null || ref === undefined) return [];
  return [...root.querySelectorAll(`[data-ref="${CSS.escape(String(ref))}"]`)];
}

// Light the things an action acted on (until the next draw replaces them).
export function light(root, refs, cls = "lit") {
  for (const r of refs) for (const el of find(root, r)) el.classList.add(cls);
}

// Mark what changed since my last decision (a dot in a corner, until I act).
export function markChanged(root, refs) {
  for (const r of refs) for (const el of find(root, r)) el.classList.add("changed");
}

// A number floating up from the thing it hit; with reduced motion it stays still.
// Several on one thing (an action's damage and healing, or the next action's while the
// last's still float) must each stay readable: a new one that would overlap one still
// shown is put just below it (or, with no room below, just above the highest), and all
// rise at one steady pace (float-up is linear), so the gap between them holds.
const GAP = 4;

function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

// Move `el` (a floater in `layer`, just placed at `top`) off the ones shown there.
function unstack(layer, el, top) {
  const others = [...layer.children].filter(o => o !== el && o.classList.contains("floater")).map(o => o.getBoundingClientRect());
  let box = el.getBoundingClientRect();
  const h = box.height;
  let y = top;
  for (let i = 0; i <= others.length; i++) {
    const hit = others.find(o => overlaps(o, box));
    if (!hit) return;
    y += hit.bottom + GAP - box.top;
    el.style.top = `${Math.round(y)}px`;
    box = el.getBoundingClientRect();
    if (box.bottom > innerHeight) break;  // no room below
  }
  // Above the highest of the ones it meets in its column.
  const column = others.filter(o => o.left < box.right && box.left < o.right);
  const highest = Math.min(...column.map(o => o.top));
  y += highest - GAP - h - box.top;
  el.style.top = `${Math.round(y)}px`;
}

export function float(layer, root, items, statusbar) {
  const still = reduced();
  for (const it of items) {
    const target = find(root, it.ref)[0] || statusbar;
    if (!target) continue;
    const box = target.getBoundingClientRect();
    const el = document.createElement("span");
    el.className = `floater ${it.kind || "gain"}${still ? " still" : ""}`;
    el.textContent = it.text;
    el.dataset.kind = it.kind || "gain";
    const top = Math.round(box.top + Math.min(box.height / 2, 40));
    el.style.left = `${Math.round(box.left + box.width / 2)}px`;
    el.style.top = `${top}px`;
    layer.append(el);
    unstack(layer, el, top);
    setTimeout(() => el.remove(), still ? 1400 : 1300);
  }
}

// --- motion: cards that move, dice that roll ------------------------------------------
// From the events' kinds and fields only: a card whose id is a field's value and that is
// drawn both before and after the action slides from where it was to where it is now
// (FLIP: measured before the redraw, then played back); one that was not drawn before
// (a draw, a card played into view) arrives with a short rise; the dice of a roll spin.
// Short (at most MOTION_MAX_MS); nothing with reduced motion or at speed "instant" (the
// highlight stays); never blocking input.
//
// Dice, for any game: a table marks each die it draws with the attribute `data-die` (its
// face, or "" before it is rolled). A roll is an event the module's optional hook
// rolls(event, view) -> bool says is one (by default: an event whose kind names a throw,
// a roll or dice); the dice that spin are the [data-die] elements in (or being) the
// things the event acts on (eventRefs). Of the four games only hoshi-battle has dice
// (the rulebooks of the others roll none); the mechanism knows no game.

export const MOTION_MAX_MS = 400;
export const DIE = "data-die";
const ROLL = /(throw|roll|dice)/;

// Whether `event` rolls dice: the module's rolls hook, or the kind's name.
export function rollsOf(module, event, view) {
  if (module && module.rolls) {
    try { return !!module.rolls(event, view); } catch (e) { return false; }
  }
  return ROLL.test(String(event.kind));
}

// The dice drawn in (or being) `box`.
export function diceIn(box) {
  const inner = [...box.querySelectorAll(`[${DIE}]`)];
  return box.hasAttribute && box.hasAttribute(DIE) ? [box, ...inner] : inner;
}

// Where every drawn card is now: card id -> its box (the first drawn of that id).
export function snapshot(roots) {
  const out = new Map();
  for (const root of roots) {
    if (!root) continue;
    for (const el of root.querySelectorAll("[data-card]")) {
      if (!out.has(el.dataset.card)) out.set(el.dataset.card, el.getBoundingClientRect());
    }
  }
  return out;
}

function idsOf(event) {
  const out = new Set();
  for (const value of Object.values(event.fields || {})) {
    for (const v of Array.isArray(value) ? value.flat(2) : [value]) if (typeof v === "string") out.add(v);
  }
  return out;
}

// Play the motion of `events` drawn in `roots` (the box of each card before in `before`)
// over `ms` milliseconds; `isRoll(event)`: whether it rolls dice (rollsOf); returns what
// moved: {moved, arrived, rolled}.
export function motion(roots, before, events, refsOfEvent, ms, isRoll = e => ROLL.test(String(e.kind))) {
  const done = { moved: 0, arrived: 0, rolled: 0 };
  if (!ms || reduced() || !events.length) return done;
  ms = Math.min(MOTION_MAX_MS, ms);
  const ids = new Set();
  for (const e of events) for (const id of idsOf(e)) ids.add(id);
  const mark = (el, cls) => {
    el.classList.add(cls);
    setTimeout(() => el.classList.remove(cls), ms + 50);
  };
  const seen = new Set();
  for (const root of roots) {
    if (!root) continue;
    for (const el of root.querySelectorAll("[data-card]")) {
      const id = el.dataset.card;
      if (!ids.has(id) || seen.has(id)) continue;
      seen.add(id);
      const old = before.get(id);
      const now = el.getBoundingClientRect();
      if (!now.width) continue;
      if (old && old.width) {
        const dx = old.left - now.left, dy = old.top - now.top;
        if (Math.abs(dx) + Math.abs(dy) < 4) continue;
        el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration: ms, easing: "ease-out" });
        mark(el, "moved"); done.moved += 1;
      } else if (before.size) {
        el.animate([{ opacity: 0, transform: "translateY(16px) scale(.92)" }, { opacity: 1, transform: "none" }], { duration: ms, easing: "ease-out" });
        mark(el, "arrived"); done.arrived += 1;
      }
    }
  }
  const spun = new Set();
  for (const e of events) {
    if (!isRoll(e)) continue;
    for (const ref of refsOfEvent(e)) {
      for (const root of roots) {
        for (const box of find(root || document.createElement("div"), ref)) {
          for (const el of diceIn(box)) {
            if (spun.has(el)) continue;
            spun.add(el);
            el.animate([{ transform: "rotate(0) scale(1)" }, { transform: "rotate(200deg) scale(1.15)", offset: 0.6 }, { transform: "rotate(360deg) scale(1)" }],
              { duration: ms, easing: "ease-out" });
            mark(el, "rolling"); done.rolled += 1;
          }
        }
      }
    }
  }
  return done;
}
