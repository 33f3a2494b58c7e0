// A player's profile: ratings per game and bracket, games played, won and abandoned per
// game, and the recent games with their replays.
import { call, h } from "/static/js/api.js";
import { BRACKETS, botMark, ratingCell } from "/static/js/people.js";

const $ = id => document.getElementById(id);

async function main() {
  const name = decodeURIComponent(location.pathname.split("/").pop());
  const p = await call("GET", `/api/players/${encodeURIComponent(name)}`);
  document.title = `tabletop — ${p.account.name}`;
  $("title").replaceChildren(p.account.name, ...(botMark(p.account.bot) || []));
  $("kind").textContent = p.account.kind === "bot" ? `A bot, run by ${p.account.owner}.` : p.account.kind === "ai" ? "The server's AI at this difficulty." : "";
  const none = cols => [h("tr", {}, h("td", { colspan: String(cols), class: "note" }, "None yet."))];
  $("ratings").replaceChildren(...(p.ratings.length ? p.ratings.map(r => h("tr", { "data-game": r.game, "data-bracket": r.bracket },
    h("td", {}, h("a", { href: `/leaderboard/${r.game}` }, r.game)), h("td", {}, BRACKETS[r.bracket] || r.bracket), ratingCell(r), h("td", {}, String(r.games)))) : none(4)));
  $("games").replaceChildren(...(p.games.length ? p.games.map(g => h("tr", { "data-game": g.game },
    h("td", {}, g.name), h("td", {}, String(g.played)), h("td", {}, String(g.won)), h("td", {}, String(g.abandoned)))) : none(4)));
  $("abandoned").textContent = String(p.abandoned);
  $("recent").replaceChildren(...(p.recent.length ? p.recent.map(r => h("tr", { "data-table": r.table },
    h("td", {}, r.name, r.rated ? " (rated)" : ""),
    h("td", {}, r.abandoned ? "abandoned" : r.won ? "won" : `place ${r.place}`),
    h("td", {}, r.rating_after === null ? "—" : [`${r.rating_after} `, h("span", { class: r.change >= 0 ? "up" : "down" }, `(${r.change >= 0 ? "+" : ""}${r.change})`)]),
    h("td", {}, h("a", { href: r.replay }, "replay")))) : none(4)));
  document.body.dataset.ready = "1";
}

main().catch(e => { $("error").hidden = false; $("error").textContent = e.message || String(e); });
