// Card zoom: hover (after a short pause), long-press on touch, or Z on the focused card
// shows a card at full size with its whole text. A table module marks a zoomable thing
// with data-zoom: its value is the full text to show under the enlarged card (empty: the
// card alone). Esc, moving away or a tap elsewhere closes it. The zoom never takes a click:
// it is pointer-events: none, so it never blocks playing.

const HOVER_MS = 450;
const PRESS_MS = 450;

export function installZoom(root, box) {
  let hoverTimer = null, pressTimer = null, shownFor = null, pressed = false;

  function show(el) {
    if (!el || !el.isConnected) return;
    shownFor = el;
    const r = el.getBoundingClientRect();
    const clone = el.cloneNode(true);
    clone.classList.remove("actionable", "lit", "changed");
    clone.removeAttribute("data-ref"); clone.removeAttribute("tabindex"); clone.removeAttribute("role");
    clone.removeAttribute("id");
    for (const c of clone.querySelectorAll("[id],[data-ref],[tabindex]")) { c.removeAttribute("id"); c.removeAttribute("data-ref"); c.removeAttribute("tabindex"); }
    const w = Math.max(r.width, 1), hgt = Math.max(r.height, 1);
    const scale = Math.max(1, Math.min(2.4, 300 / w, (innerHeight * 0.55) / hgt));
    const frame = document.createElement("div");
    frame.className = "zoom-card";
    frame.style.width = `${Math.round(w * scale)}px`;
    frame.style.height = `${Math.round(hgt * scale)}px`;
    clone.style.width = `${w}px`; clone.style.height = `${hgt}px`;
    clone.style.transform = `scale(${scale})`;
    clone.style.transformOrigin = "0 0";
    clone.style.margin = "0";
    frame.append(clone);
    box.replaceChildren(frame);
    const text = el.dataset.zoom;
    if (text) {
      const p = document.createElement("p");
      p.className = "zoom-text";
      p.textContent = text;
      box.append(p);
    }
    box.hidden = false;
    // beside the card, inside the window
    const bw = box.offsetWidth, bh = box.offsetHeight;
    let left = r.right + 12;
    if (left + bw > innerWidth - 8) left = r.left - bw - 12;
    if (left < 8) left = Math.max(8, (innerWidth - bw) / 2);
    let top = Math.min(Math.max(8, r.top + r.height / 2 - bh / 2), innerHeight - bh - 8);
    box.style.left = `${Math.round(left)}px`;
    box.style.top = `${Math.round(Math.max(8, top))}px`;
    document.body.dataset.zoomed = "1";
  }

  function hide() {
    clearTimeout(hoverTimer); clearTimeout(pressTimer);
    if (box.hidden) return;
    box.hidden = true; box.replaceChildren(); shownFor = null;
    delete document.body.dataset.zoomed;
  }

  const zoomable = t => (t instanceof Element ? t.closest("[data-zoom]") : null);

  root.addEventListener("pointerover", ev => {
    if (ev.pointerType === "touch") return;
    const el = zoomable(ev.target);
    clearTimeout(hoverTimer);
    if (!el) { hide(); return; }
    if (el === shownFor) return;
    hoverTimer = setTimeout(() => show(el), HOVER_MS);
  });
  root.addEventListener("pointerleave", hide);
  root.addEventListener("pointerdown", ev => {
    if (ev.pointerType !== "touch") return;
    const el = zoomable(ev.target);
    pressed = false;
    if (!el) { hide(); return; }
    pressTimer = setTimeout(() => { pressed = true; show(el); }, PRESS_MS);
  });
  const endPress = () => clearTimeout(pressTimer);
  root.addEventListener("pointerup", endPress);
  root.addEventListener("pointercancel", endPress);
  root.addEventListener("pointermove", ev => { if (ev.pointerType === "touch" && Math.abs(ev.movementX) + Math.abs(ev.movementY) > 8) endPress(); });
  // a long-press shows; the click it ends in must not also play the card
  root.addEventListener("click", ev => { if (pressed) { ev.stopPropagation(); ev.preventDefault(); pressed = false; } }, true);
  root.addEventListener("contextmenu", ev => { if (zoomable(ev.target)) ev.preventDefault(); });
  document.addEventListener("keydown", ev => {
    if (ev.key === "Escape") hide();
    const t = ev.target;
    const typing = t instanceof Element && (t.closest("input, textarea, select, [contenteditable]"));
    if ((ev.key === "z" || ev.key === "Z") && !typing && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      const el = zoomable(document.activeElement);
      if (el) { if (shownFor === el) hide(); else show(el); }
    }
  });
  document.addEventListener("scroll", hide, true);
  return { show, hide };
}
