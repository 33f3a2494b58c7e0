// A game's leaderboards, one per bracket, best first.
import { call, h } from "/static/js/api.js";
import { BRACKETS, botMark, ratingCell } from "/static/js/people.js";

const $ = id => document.getElementById(id);

async function main() {
  const game = decodeURIComponent(location.pathname.split("/").pop());
  const b = await call("GET", `/api/leaderboard/${encodeURIComponent(game)}`);
  $("title").textContent = `${b.name}: leaderboard`;
  const boards = Object.entries(b.boards);
  $("boards").replaceChildren(...(boards.length ? boards.map(([bracket, lines]) => h("section", { "data-bracket": bracket },
    h("h2", {}, BRACKETS[bracket] || bracket),
    h("table", {}, h("thead", {}, h("tr", {}, ["#", "Player", "Rating", "Games"].map(t => h("th", { scope: "col" }, t)))),
      h("tbody", {}, lines.map(l => h("tr", {}, h("td", {}, String(l.place)),
        h("td", {}, h("a", { href: `/players/${encodeURIComponent(l.name)}` }, l.name), botMark(l.bot)),
        ratingCell(l), h("td", {}, String(l.games)))))))) : [h("p", { class: "note" }, "No rated games yet.")]));
  document.body.dataset.ready = "1";
}

main().catch(e => { $("error").hidden = false; $("error").textContent = e.message || String(e); });
