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
    el.style.left = `${Math.round(box.left + box.width / 2)}px`;
    el.style.top = `${Math.round(box.top + Math.min(box.height / 2, 40))}px`;
    layer.append(el);
    setTimeout(() => el.remove(), still ? 1400 : 1300);
  }
}
