// What the profile and leaderboard pages share: a rating as text, a bot's mark.
import { h } from "/static/js/api.js";

export function ratingCell(r) {
  return h("td", {}, String(r.rating), r.provisional ? [" ", h("span", { class: "provisional", title: `uncertain: σ ${r.sigma}` }, "provisional")] : null);
}

export function botMark(bot) {
  return bot ? [" ", h("span", { class: "bot-mark", title: "an agent, not a person" }, "bot")] : null;
}

export const BRACKETS = { "1v1": "one against one", "ffa": "each for themselves", "teams": "teams" };
