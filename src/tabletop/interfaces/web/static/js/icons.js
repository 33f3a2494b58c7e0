// Small drawn icons (inline SVG, no font or file needed): the replay's buttons.
import { svg } from "/static/js/api.js";

const PATHS = {
  first: "M5 4h2v16H5zM20 4v16L9 12z",
  prev: "M19 4v16L8 12zM6 4h2v16H6z",
  back: "M18 4v16L7 12z",
  play: "M7 4v16l13-8z",
  pause: "M6 4h4v16H6zM14 4h4v16h-4z",
  forward: "M6 4v16l11-8z",
  last: "M4 4v16l11-8zM17 4h2v16h-2z",
};

export function icon(name) {
  return svg("svg", { viewBox: "0 0 24 24", width: "20", height: "20", "aria-hidden": "true", focusable: "false", class: `icon-${name}` },
    svg("path", { d: PATHS[name], fill: "currentColor" }));
}
