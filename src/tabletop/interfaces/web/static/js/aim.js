// The aim arrow (../shared/TABLE-DESIGN.md, "What I can do is lit": choosing a target
// draws an arrow from the actor to the target before I confirm): while a targeted
// action's button or menu entry (or the lit thing that takes only that action) is hovered
// or focused, an arrow runs from the action's source to its target, over the whole page;
// it goes when the pointer or the focus leaves, when the action is sent or the menu is
// cancelled.
//
// A game's table module says which actions are targeted, from the action's own fields
// (its notation's words and the seat's view, never the English of its label):
//   aim(action, view) -> {from: data-ref, to: data-ref} | null
// A module without targets has no `aim` and never shows an arrow.
//
// The arrow is information, not motion: it shows with reduced motion and at speed
// "instant" too, only without its short draw-in (as highlight.js keeps the highlight and
// drops the motion).

const NS = "http://www.w3.org/2000/svg";
const CSS_HREF = "/static/css/aim.css";

const reduced = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// {from, to} of `action`, or null: the module's aim hook, guarded (a hook that throws or
// names the same thing twice aims at nothing).
export function aimOf(module, action, view) {
  if (!module || !module.aim || !action) return null;
  let got = null;
  try { got = module.aim(action, view); } catch (e) { return null; }
  if (!got || got.from === null || got.from === undefined || got.to === null || got.to === undefined) return null;
  const from = String(got.from), to = String(got.to);
  return from === to ? null : { from, to };
}

function drawn(roots, ref) {
  for (const root of roots) {
    if (!root) continue;
    for (const el of root.querySelectorAll(`[data-ref="${CSS.escape(ref)}"]`)) {
      const box = el.getBoundingClientRect();
      if (box.width && box.height) return box;
    }
  }
  return null;
}

function el(name, attrs) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

export class Aim {
  // roots(): where the sources and targets are drawn (the board and the hand);
  // instant(): whether the other seats' actions show at once (speed "instant"), when
  // the arrow appears without its draw-in too.
  constructor(roots, instant = () => false) {
    this.roots = roots;
    this.instant = instant;
    this.current = null;  // {action, from, to} shown now
    if (!document.querySelector(`link[href="${CSS_HREF}"]`)) {
      const link = document.createElement("link");
      link.rel = "stylesheet"; link.href = CSS_HREF;
      document.head.append(link);
    }
    this.layer = el("svg", { class: "aim-layer", "aria-hidden": "true", "data-testid": "aim" });
    const marker = el("marker", { id: "aim-head", viewBox: "0 0 10 10", refX: "7", refY: "5", markerWidth: "4", markerHeight: "4", orient: "auto" });
    marker.append(el("path", { d: "M0 0L10 5L0 10z", class: "aim-head" }));
    const defs = el("defs", {});
    defs.append(marker);
    this.layer.append(defs);
    this.layer.hidden = true;
    document.body.append(this.layer);
  }

  // Show the arrow of `target` ({from, to} data-refs) for `action`; nothing (and the
  // arrow hidden) if either end is not drawn.
  show(action, target) {
    if (!target) { this.hide(); return false; }
    const a = drawn(this.roots(), target.from), b = drawn(this.roots(), target.to);
    if (!a || !b) { this.hide(); return false; }
    const x1 = a.left + a.width / 2, y1 = a.top + a.height / 2;
    const x2 = b.left + b.width / 2, y2 = b.top + b.height / 2;
    // A gentle curve (to the right of the way from source to target), so that an arrow
    // between two things in a row does not run over the ones between them.
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
    const bend = Math.min(80, len * 0.2);
    const cx = (x1 + x2) / 2 - (dy / len) * bend, cy = (y1 + y2) / 2 + (dx / len) * bend;
    const same = this.current && this.current.action === action && !this.layer.hidden;
    const path = el("path", { class: "aim-line", d: `M${x1} ${y1}Q${cx} ${cy} ${x2} ${y2}`, "marker-end": "url(#aim-head)" });
    const ends = [el("circle", { class: "aim-source", cx: x1, cy: y1, r: 7 }), path];
    this.layer.replaceChildren(this.layer.firstChild, ...ends);
    this.layer.dataset.action = action;
    this.layer.dataset.from = target.from;
    this.layer.dataset.to = target.to;
    this.layer.dataset.ends = [x1, y1, x2, y2].map(n => n.toFixed(1)).join(" ");
    const still = reduced() || this.instant();
    this.layer.classList.toggle("still", still);
    if (!same && !still) {
      const length = path.getTotalLength ? path.getTotalLength() : len;
      path.animate([{ strokeDasharray: `0 ${length}` }, { strokeDasharray: `${length} 0` }], { duration: 180, easing: "ease-out" });
    }
    this.layer.hidden = false;
    this.current = { action, ...target };
    document.body.dataset.aim = action;
    return true;
  }

  hide() {
    if (!this.layer.hidden) this.layer.hidden = true;
    this.current = null;
    delete document.body.dataset.aim;
  }

  // After a redraw: the shown action's ends again (they may have moved; targetOf(action)
  // gives them), or none if the action is no longer among `legal`.
  redraw(legal, targetOf) {
    if (!this.current) return;
    const action = this.current.action;
    if (!legal.includes(action)) { this.hide(); return; }
    this.show(action, targetOf(action));
  }

  // Hovering or focusing `node` aims `action`'s arrow (through aimOf); leaving it hides.
  bind(node, action, targetOf) {
    const on = () => { const t = targetOf(action); if (t) this.show(action, t); };
    const off = () => { if (this.current && this.current.action === action) this.hide(); };
    node.addEventListener("pointerenter", on);
    node.addEventListener("focus", on);
    node.addEventListener("pointerleave", off);
    node.addEventListener("blur", off);
  }
}
