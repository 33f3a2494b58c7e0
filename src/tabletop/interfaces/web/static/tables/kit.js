// Pieces the four tables share: a game's stylesheet loaded once, drawn icons (inline SVG:
// the machine's fonts may lack the symbols), a card frame, keyword chips, seat tags
// (a colour always paired with a symbol and a label) and the "reconstructed" mark.
// Only drawing: the common client (table.js) does the clicks, menus, pacing and zoom.
import { h, svg } from "/static/js/api.js";

// The stylesheet of a table: static/css/tables/<name>.css, linked once. The promise
// settles when it has loaded (or failed): a table draws once its look is there, never
// unstyled for a moment.
const sheets = {};
export function useCss(name) {
  if (!sheets[name]) {
    sheets[name] = new Promise(resolve => {
      const link = h("link", { id: `table-css-${name}`, rel: "stylesheet", href: `/static/css/tables/${name}.css` });
      link.addEventListener("load", resolve);
      link.addEventListener("error", resolve);
      document.head.append(link);
    });
  }
  return sheets[name];
}

const PATHS = {
  attack: "M4 20l3-3 2 2 9-9V4h-6l-9 9 2 2-3 3zM13 6h3v3z",
  armor: "M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z",
  health: "M12 21s-8-5.2-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.8-8 11-8 11z",
  power: "M12 2l7 10-7 10-7-10z",
  ap: "M13 2L4 14h7l-1 8 9-12h-7z",
  deck: "M6 3h11v16H6zM8 5v12h7V5zM18 6h2v15H9v-1h9z",
  hand: "M5 6l7-3 2 14-7 3zM13 4l6 2-3 14-2-.7z",
  discard: "M6 7h12l-1 14H7zM9 3h6v2h5v2H4V5h5z",
  shop: "M4 8h16l-1.5 12h-13zM8 8a4 4 0 0 1 8 0h-2a2 2 0 0 0-4 0z",
  star: "M12 2l3 7 7 .6-5.3 4.6 1.6 7L12 17.5 5.7 21.2l1.6-7L2 9.6 9 9z",
  vp: "M5 3h14v5a7 7 0 0 1-6 6.9V18h4v3H7v-3h4v-3.1A7 7 0 0 1 5 8z",
  coin: "M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zm0 4a5 5 0 1 0 0 10 5 5 0 0 0 0-10z",
  crown: "M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z",
  skull: "M12 2a8 8 0 0 0-8 8c0 3 1.6 5 3 6v4h10v-4c1.4-1 3-3 3-6a8 8 0 0 0-8-8zM9 10a1.6 1.6 0 1 1 0 3.2A1.6 1.6 0 0 1 9 10zm6 0a1.6 1.6 0 1 1 0 3.2A1.6 1.6 0 0 1 15 10z",
  sword: "M19 3l2 2-9.5 9.5 1.5 1.5-1.5 1.5-1.5-1.5L7 19H5v-2l3-3-1.5-1.5L8 11l1.5 1.5z",
};

// A drawn icon; title names it for a screen reader when it stands alone.
export function icon(name, title) {
  const attrs = { viewBox: "0 0 24 24", class: `ic ic-${name}`, "aria-hidden": title ? null : "true", focusable: "false", role: title ? "img" : null };
  const el = svg("svg", attrs, svg("path", { d: PATHS[name] || PATHS.star, fill: "currentColor" }));
  if (title) el.append(svg("title", {}, title));
  return el;
}

// A stat: its icon and its number ("3"), the name in words for readers and the zoom.
export function stat(kind, value, title, extra = "") {
  return h("span", { class: `stat stat-${kind} ${extra}`.trim(), title: `${title}: ${value}` },
    icon(kind), h("span", { class: "num" }, String(value)), h("span", { class: "sr-only" }, ` ${title}`));
}

// A card's name as drawn on its card (issue 31, an outside look: long names were cut
// off). A long name, 14 characters or more or with a word of 9 or more, also has the
// class "long": each table's stylesheet draws it smaller (never under 11 px) on up to
// three lines, so that the whole name shows. Names wrap only between words, never inside
// one.
export function isLongName(name) {
  const text = String(name ?? "");
  return text.length >= 14 || text.split(/\s+/).some(word => word.length >= 9);
}

// A name's span: class cls ("name" unless said), and "long" for a long name.
export function nameTag(name, cls = "name") {
  return h("span", { class: isLongName(name) ? `${cls} long` : cls }, name);
}

export const cap = s => (s ? String(s).charAt(0).toUpperCase() + String(s).slice(1) : "");
export const slugName = id => String(id).split("-").map(cap).join(" ");

// A keyword chip: the word, and the rulebook's definition on hover or long-press.
export function chip(word, definition) {
  return h("span", { class: "kw", title: definition || word, "data-zoom": definition ? `${cap(word)}: ${definition}` : null }, cap(word));
}

// The small mark on a reconstructed card or board (our design, not printed).
export function recon(what = "card") {
  return h("span", { class: "recon-mark", title: `Reconstructed ${what}: tabletop's design, not printed in the rulebook` }, "R");
}

// Seats: a colour, always with a symbol and the seat's label (colour-blind safe).
export const SEAT_COLOURS = ["#c0392b", "#1f6fb8", "#2e8b57", "#8e44ad", "#b9770e", "#16808a"];
export const SEAT_SYMBOLS = ["●", "▲", "■", "◆", "★", "✚"];

export function seatTag(seat, label, { colour, symbol, me } = {}) {
  const c = colour || SEAT_COLOURS[seat % SEAT_COLOURS.length];
  const s = symbol || SEAT_SYMBOLS[seat % SEAT_SYMBOLS.length];
  return h("span", { class: "seat-tag" + (me ? " me" : ""), style: `--seat:${c}`, "data-seat-tag": seat },
    h("span", { class: "seat-sym", "aria-hidden": "true" }, s), h("span", { class: "seat-name" }, label + (me ? " (you)" : "")));
}

// A card face down: a back, with what it is in words for readers.
export function back(what, attrs = {}) {
  return h("div", { class: "card-back", title: what, "aria-label": what, role: "img", ...attrs }, h("span", { class: "back-mark", "aria-hidden": "true" }, "✦"));
}

// The last event of a kind (the events are the seat's own copy).
export function lastEvent(events, kind) {
  for (let i = (events || []).length - 1; i >= 0; i--) if (events[i].kind === kind) return events[i];
  return null;
}

// A floater: a number rising from a drawn thing (shell's highlight layer draws it).
export const dmg = (ref, n) => ({ ref, text: `−${n}`, kind: "damage" });
export const heal = (ref, n) => ({ ref, text: `+${n}`, kind: "heal" });
export const gain = (ref, n, unit = "") => ({ ref, text: `+${n}${unit}`, kind: "gain" });
export const loss = (ref, n, unit = "") => ({ ref, text: `−${n}${unit}`, kind: "damage" });

// Draw an arrow (an SVG overlay on root) from one drawn thing to another; root must be
// positioned. Called after the table is in the page.
export function arrows(root, pairs, cls = "arrow") {
  for (const old of root.querySelectorAll(`svg.arrows.${cls}`)) old.remove();
  if (!pairs.length) return;
  const base = root.getBoundingClientRect();
  const layer = svg("svg", { class: `arrows ${cls}`, width: base.width, height: root.scrollHeight, "aria-hidden": "true" });
  layer.append(svg("defs", {}, svg("marker", { id: `head-${cls}`, viewBox: "0 0 10 10", refX: "8", refY: "5", markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" },
    svg("path", { d: "M0 0L10 5L0 10z", fill: "currentColor" }))));
  for (const [a, b] of pairs) {
    if (!a || !b) continue;
    const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
    if (!ra.width || !rb.width) continue;
    // from the edge of one box facing the other to the facing edge of the other; two
    // arrows between the same boxes (each the other's target) stay apart
    const cx = r => r.left + r.width / 2, cy = r => r.top + r.height / 2;
    const vertical = Math.abs(cy(rb) - cy(ra)) > Math.abs(cx(rb) - cx(ra));
    const down = cy(rb) > cy(ra), right = cx(rb) > cx(ra);
    const side = (vertical ? (down ? -1 : 1) : (right ? 1 : -1)) * 0.18;
    const ox = root.scrollLeft - base.left, oy = root.scrollTop - base.top;
    let x1, y1, x2, y2;
    if (vertical) {
      x1 = cx(ra) + side * ra.width + ox; y1 = (down ? ra.bottom : ra.top) + oy;
      x2 = cx(rb) + side * rb.width + ox; y2 = (down ? rb.top : rb.bottom) + oy;
    } else {
      x1 = (right ? ra.right : ra.left) + ox; y1 = cy(ra) + side * ra.height + oy;
      x2 = (right ? rb.left : rb.right) + ox; y2 = cy(rb) + side * rb.height + oy;
    }
    const mx = (x1 + x2) / 2 + (y2 - y1) * 0.12, my = (y1 + y2) / 2 - (x2 - x1) * 0.12;
    layer.append(svg("path", { d: `M${x1},${y1} Q${mx},${my} ${x2},${y2}`, class: "arrow-line", "marker-end": `url(#head-${cls})` }));
  }
  root.append(layer);
}

// After the table is drawn and laid out (for arrows): the next frame.
export function afterLayout(fn) {
  requestAnimationFrame(() => requestAnimationFrame(fn));
}

// "a, b or c" from a list of words.
export function either(words) {
  const w = [...new Set(words.filter(Boolean))];
  if (w.length <= 1) return w[0] || "";
  return `${w.slice(0, -1).join(", ")} or ${w[w.length - 1]}`;
}

// The first words of the legal actions (notation verbs), each once.
export const verbs = legal => new Set((legal || []).map(a => a.split(/\s+/)[0]));
