// The chat's emotes, drawn (issue 31, "Chat with a few emotes"): small inline SVG faces
// and hands, so that an emote never depends on an emoji font (Debian's Chromium has none,
// and a player's machine may lack one too). The server sends an emote's key with its
// line (whose text is the emote's name in words, no emoji); the page draws the key.
import { h, svg } from "/static/js/api.js";

const SKIN = "#f7c948", EDGE = "#6b4700", DARK = "#4a2a00";

const face = () => svg("circle", { cx: 12, cy: 12, r: 10, fill: SKIN, stroke: EDGE, "stroke-width": 1.5 });
const eye = x => svg("circle", { cx: x, cy: 9.5, r: 1.4, fill: DARK });
const line = (d, width = 1.5) => svg("path", { d, fill: "none", stroke: DARK, "stroke-width": width, "stroke-linecap": "round" });
const shape = (d, fill = SKIN) => svg("path", { d, fill, stroke: EDGE, "stroke-width": 1.2, "stroke-linejoin": "round" });
const finger = (x, y, height) => svg("rect", { x, y, width: 2.8, height, rx: 1.4, fill: SKIN, stroke: EDGE, "stroke-width": 1.2 });

// Each emote: its name in words and the shapes of its icon (a 24x24 box).
const EMOTES = {
  wave: { name: "Wave", draw: () => [
    finger(6.6, 4.5, 10), finger(9.6, 2.5, 11), finger(12.6, 3, 11), finger(15.6, 5, 9),
    shape("M6.6 11h11.8v4.5a6 6 0 0 1-6 6h-0.8a5 5 0 0 1-5-5z"),
    shape("M6.8 13.5l-3-3.2a1.5 1.5 0 0 1 2.2-2l2.6 2.8z"),
    line("M2.5 4.5q-1 2 0 4", 1.2), line("M20.5 2.5q2 1.5 1.8 4", 1.2)] },
  "thumbs-up": { name: "Thumbs up", draw: () => [
    svg("rect", { x: 3, y: 10.5, width: 4.2, height: 10, rx: 1, fill: "#3d6fb6", stroke: "#203a60", "stroke-width": 1.2 }),
    shape("M7.2 11l3.6-7.4a1.8 1.8 0 0 1 3.3 1.2l-0.9 4.2h5.3a2 2 0 0 1 2 2.4l-1.4 7a2 2 0 0 1-2 1.6H7.2z"),
    line("M13.5 13.5h5.5", 1.1), line("M13 16.5h5.2", 1.1)] },
  laugh: { name: "Laugh", draw: () => [
    face(), line("M6.8 10q1.7-2.2 3.4 0"), line("M13.8 10q1.7-2.2 3.4 0"),
    shape("M6.3 13.2h11.4a5.7 5.7 0 0 1-11.4 0z", "#8a2b0e")] },
  wow: { name: "Wow", draw: () => [
    face(), eye(8.5), eye(15.5), line("M6.3 6.6q2.2-1.6 4.2-0.2"), line("M13.5 6.4q2-1.4 4.2 0.2"),
    svg("ellipse", { cx: 12, cy: 16, rx: 2.2, ry: 2.8, fill: "#8a2b0e" })] },
  think: { name: "Thinking", draw: () => [
    face(), eye(8.5), eye(15.5), line("M6.5 6.8q2-1 4 0"), line("M13.5 5.8q2.2-0.9 4 0.8"),
    line("M9.5 16.2l5-1"),
    shape("M5.5 22v-3.4a2.4 2.4 0 0 1 2.4-2.4h3.5a1.3 1.3 0 0 1 0 2.6H9.5v3.2z")] },
  oops: { name: "Oops", draw: () => [
    face(), eye(8.5), eye(15.5), line("M6.5 7.6l3.8-1.4"), line("M17.5 7.6l-3.8-1.4"),
    svg("rect", { x: 6.8, y: 13.6, width: 10.4, height: 4.6, rx: 1.6, fill: "#ffffff", stroke: DARK, "stroke-width": 1.2 }),
    line("M6.8 15.9h10.4", 1), line("M10.3 13.6v4.6", 1), line("M13.7 13.6v4.6", 1)] },
};

/** The emote's name in words ("Thumbs up"); an unknown key's own words. */
export function emoteName(key) {
  const e = EMOTES[key];
  return e ? e.name : String(key || "emote").replace(/-/g, " ");
}

/** The emote's icon: an inline SVG (hidden from assistive technology: its name goes
 *  beside it or on its button). An unknown key draws a plain face. */
export function emoteIcon(key, size = 22) {
  const e = EMOTES[key];
  return svg("svg", { viewBox: "0 0 24 24", width: size, height: size, class: `emote-icon emote-${key}`, "aria-hidden": "true", focusable: "false" },
    ...(e ? e.draw() : [face(), eye(8.5), eye(15.5), line("M8.5 16h7")]));
}

/** An emote as a chat line shows it: the icon, and its name as text for screen readers
 *  (and for copying). */
export function emoteSaid(key) {
  const name = emoteName(key);
  return [emoteIcon(key, 26), h("span", { class: "sr-only" }, name)];
}
