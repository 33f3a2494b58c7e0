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
// A tap (touch or pen: a device without hover) has no hover to show the arrow before it
// acts, so a targeted action taken by a tap asks first: the first tap selects it and
// shows its arrow with a Confirm / Cancel bar; a second tap on the same thing, or
// Confirm, acts; Cancel (or Esc, or a tap elsewhere) leaves the table as it was. A mouse
// click and the keyboard (whose focus already showed the arrow) act at once, as before.
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

// The kind of pointer of the last press (a click's own pointerType where the browser
// gives it; else the press before it): "touch", "pen", "mouse" or "".
let lastPointer = "";
document.addEventListener("pointerdown", ev => { lastPointer = ev.pointerType || ""; }, true);

// Whether the click `ev` was a tap (touch or pen), which needs the confirm step. A click
// the keyboard made (Enter, Space: detail 0) is not.
export function tapped(ev) {
  if (!ev || ev.detail === 0) return false;
  const kind = ev.pointerType || lastPointer;
  return kind === "touch" || kind === "pen";
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
    // The confirm step of a tap: the action in words, Confirm and Cancel.
    this.pending = null;  // {action, confirm} while a tapped action waits for Confirm
    this.text = document.createElement("span");
    this.text.className = "aim-words";
    const button = (name, testid, run) => {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = name; b.dataset.testid = testid;
      b.addEventListener("click", ev => { ev.stopPropagation(); run(); });
      return b;
    };
    this.yes = button("Confirm", "aim-confirm", () => { const p = this.pending; if (p) { this.hide(); p.confirm(); } });
    this.yes.className = "main";
    this.bar = document.createElement("div");
    this.bar.className = "aim-confirm";
    this.bar.setAttribute("role", "group");
    this.bar.setAttribute("aria-label", "confirm the action");
    this.bar.dataset.testid = "aim-bar";
    this.bar.hidden = true;
    this.bar.append(this.text, this.yes, button("Cancel", "aim-cancel", () => this.hide()));
    document.body.append(this.bar);
    // A tap anywhere else cancels (a tap that chose another action marks its event).
    document.addEventListener("click", ev => {
      if (this.pending && !ev.aimTaken && !this.bar.contains(ev.target)) this.hide();
    });
  }

  // A tapped targeted action: the first tap of `action` shows its arrow and the confirm
  // bar (`words`: the action in words) and returns false; a second tap of the same
  // action while it waits returns true (act now). `confirm` is what Confirm does. `ev`,
  // the tap's event, is marked so that the page's own click handlers let it be.
  ask(ev, action, target, words, confirm) {
    if (ev) ev.aimTaken = true;
    if (this.pending && this.pending.action === action) return true;
    this.pending = null;
    if (!this.show(action, target)) return true;  // nothing to point at: no step to confirm
    this.pending = { action, confirm };
    this.text.textContent = words;
    this.bar.dataset.action = action;
    this.bar.hidden = false;
    this.place();
    return false;
  }

  // The bar at the bottom edge, or under the status bar when an end of the arrow lies
  // where the bar would be (the bar must not cover what it asks about).
  place() {
    if (this.bar.hidden) return;
    const ends = (this.layer.dataset.ends || "").split(" ").map(Number);
    const low = innerHeight - this.bar.offsetHeight - 24;
    this.bar.classList.toggle("top", ends[1] > low || ends[3] > low);
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

  // The arrow goes, and a tapped action waiting for Confirm with it (cancelled).
  hide() {
    if (!this.layer.hidden) this.layer.hidden = true;
    this.current = null;
    this.pending = null;
    this.bar.hidden = true;
    delete this.bar.dataset.action;
    delete document.body.dataset.aim;
  }

  // After a redraw: the shown action's ends again (they may have moved; targetOf(action)
  // gives them), or none if the action is no longer among `legal`.
  redraw(legal, targetOf) {
    if (!this.current) return;
    const action = this.current.action;
    if (!legal.includes(action)) { this.hide(); return; }
    const pending = this.pending;
    if (!this.show(action, targetOf(action))) { this.hide(); return; }
    this.pending = pending;
    this.place();
  }

  // Hovering or focusing `node` aims `action`'s arrow (through aimOf); leaving it hides.
  // While a tapped action waits for Confirm its arrow stays (a tap's pointer leaves at
  // once, and Confirm takes the focus).
  bind(node, action, targetOf) {
    const on = () => { if (this.pending) return; const t = targetOf(action); if (t) this.show(action, t); };
    const off = () => { if (!this.pending && this.current && this.current.action === action) this.hide(); };
    node.addEventListener("pointerenter", on);
    node.addEventListener("focus", on);
    node.addEventListener("pointerleave", off);
    node.addEventListener("blur", off);
  }
}
