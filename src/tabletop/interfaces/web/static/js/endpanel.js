// The end of a game: a panel over the board with the result for me in large words
// (You won / You lost / Shared / Draw), the reason, the final scores per seat, and
// Rematch, New game, Replay and Back to the lobby. It can be set aside to look at the
// final board ("See the table") and brought back from the action bar.
import { h } from "/static/js/api.js";

// The result for `seat` (null: a spectator) of an outcome {winners, scores, reason};
// teams: the sides as lists of seats, or null.
export function resultFor(outcome, seat, teams, label) {
  const winners = outcome.winners || [];
  if (!winners.length) return { key: "draw", words: "Draw" };
  if (seat === null || seat === undefined) {
    return { key: "seen", words: `${winners.map(label).join(" & ")} won` };
  }
  if (!winners.includes(seat)) return { key: "lost", words: "You lost" };
  const side = teams ? teams.find(t => t.includes(seat)) : [seat];
  const others = winners.filter(w => !(side || [seat]).includes(w));
  return others.length ? { key: "shared", words: "Shared win" } : { key: "won", words: "You won" };
}

export function renderEnd(box, { outcome, seat, teams, label, labels, reason, actions }) {
  const result = resultFor(outcome, seat, teams, label);
  const scores = outcome.scores || [];
  const rows = labels.map((l, s) => h("tr", { class: (outcome.winners || []).includes(s) ? "winner" : "" },
    h("th", { scope: "row" }, l, s === seat ? " (you)" : ""),
    h("td", {}, scores[s] === undefined || scores[s] === null ? "—" : String(scores[s])),
    h("td", {}, (outcome.winners || []).includes(s) ? "won" : "")));
  const buttons = actions.map(a => a.href
    ? h("a", { class: `button ${a.primary ? "primary" : ""}`, href: a.href, "data-testid": a.id }, a.text)
    : h("button", { class: a.primary ? "primary" : "", onclick: a.run, "data-testid": a.id, disabled: a.disabled || null, title: a.title || null }, a.text));
  box.replaceChildren(h("div", { class: "end-card" },
    h("h2", { id: "end-title", class: `result result-${result.key}`, "data-result": result.key }, result.words),
    reason ? h("p", { class: "reason" }, reason) : null,
    h("table", { class: "final-scores" }, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Seat"), h("th", { scope: "col" }, "Score"), h("th", { scope: "col" }, ""))), h("tbody", {}, rows)),
    h("div", { class: "end-actions" }, buttons)));
  box.dataset.result = result.key;
  box.hidden = false;
  return result;
}
