// The table of a game that has no drawing of its own yet: its view as data, and every
// legal action as a button (the action bar). A game's own module replaces it.
import { h } from "/static/js/api.js";

export default {
  render(root, ctx) {
    root.replaceChildren(h("pre", { class: "raw-view" }, JSON.stringify(ctx.view, null, 2)));
  },
  refs() { return []; },
  scoring() { return false; },
};
