// The lobby: create a table (game, players, parameters, who plays each seat), get one
// join link per seat, see open, running and finished tables, and play against the AI
// in one click.
import { call, h } from "/static/js/api.js";

const $ = id => document.getElementById(id);
let catalog = { games: [], difficulties: [] };

function showError(e) {
  const box = $("error");
  box.hidden = !e;
  box.textContent = e ? (e.message || String(e)) : "";
}

function gameOf(id) { return catalog.games.find(g => g.id === id); }

function renderForm() {
  const g = gameOf($("game").value);
  const players = $("players");
  const keep = Number(players.value) || g.default_players;
  players.replaceChildren(...g.player_counts.map(n => h("option", { value: n, selected: n === keep }, n)));
  if (!g.player_counts.includes(keep)) players.value = g.default_players;
  const params = $("params");
  params.replaceChildren(...g.params.map(p => {
    const input = p.choices
      ? h("select", { name: `param:${p.name}`, "data-type": p.type }, p.choices.map(c => h("option", { value: c, selected: c === p.default }, c)))
      : p.type === "bool"
        ? h("input", { type: "checkbox", name: `param:${p.name}`, checked: p.default, "data-type": p.type })
        : h("input", { name: `param:${p.name}`, value: p.default, "data-type": p.type, list: p.suggestions ? `suggest-${p.name}` : null });
    // a free-text parameter with suggested values (typed or picked from the list)
    const suggest = p.suggestions && h("datalist", { id: `suggest-${p.name}` }, p.suggestions.map(c => h("option", { value: c })));
    return h("label", { title: p.help }, `${p.help} `, input, suggest);
  }));
  renderSeats();
}

function renderSeats() {
  const g = gameOf($("game").value);
  const n = Number($("players").value);
  const labels = g.labels[String(n)];
  const teams = g.teams[String(n)];
  $("teams").textContent = teams
    ? "Teams: " + teams.map((seats, i) => `side ${i + 1}: ${seats.map(s => labels[s]).join(" & ")}`).join("; ") + " (partners sit opposite)"
    : "";
  $("seats").replaceChildren(...labels.map((label, s) => h("tr", {},
    h("td", {}, label + (teams ? ` (side ${teams.findIndex(t => t.includes(s)) + 1})` : "")),
    h("td", {}, h("select", { name: `kind:${s}` },
      h("option", { value: "human", selected: s === 0 }, "a person"),
      h("option", { value: "ai", selected: s !== 0 }, "the AI"))),
    h("td", {}, h("select", { name: `difficulty:${s}` },
      catalog.difficulties.map(d => h("option", { value: d, selected: d === "normal" }, d)))),
  )));
}

function formBody() {
  const form = $("create");
  const data = new FormData(form);
  const body = { game: data.get("game"), players: Number(data.get("players")), params: {}, seats: [], open: data.get("open") === "on" };
  for (const el of form.querySelectorAll("[name^='param:']")) {
    const name = el.name.slice(6);
    // each value in its parameter's type: the server refuses "1" for 1 and "" for false
    const type = el.dataset.type;
    body.params[name] = type === "bool" ? el.checked
      : type === "int" || type === "float" ? Number(el.value) : el.value;
  }
  for (let s = 0; s < body.players; s++) {
    const kind = data.get(`kind:${s}`);
    body.seats.push(kind === "ai" ? { kind, difficulty: data.get(`difficulty:${s}`) } : { kind });
  }
  return body;
}

async function create(body, go) {
  showError(null);
  try {
    const made = await call("POST", "/api/tables", { body });
    if (go && made.seats.length) { location.href = made.seats[0].link; return; }
    const links = $("links");
    links.hidden = false;
    links.replaceChildren(h("p", {}, "Send each person their seat's link (it is their key to the seat):"),
      ...made.seats.map(s => h("div", { class: "link" }, `${s.label}: `,
        h("a", { href: s.link, "data-seat": s.seat }, new URL(s.link, location.href).href))));
    loadTables("open");
  } catch (e) { showError(e); }
}

async function loadTables(status) {
  try {
    const { tables } = await call("GET", `/api/tables?status=${status}`);
    $("tables").replaceChildren(...tables.map(t => {
      const seats = t.seats.map(s => s.kind === "ai" ? `${s.label}: AI (${s.difficulty})` : `${s.label}: ${s.joined ? "person" : "free"}`).join(", ");
      const actions = [h("a", { href: `/table/${t.id}` }, t.status === "over" ? "replay" : "spectate")];
      if (t.status === "over") actions[0].href = `/table/${t.id}?replay=1`;
      if (status === "open") {
        for (const s of t.seats.filter(s => s.kind === "human" && !s.joined)) {
          actions.push(h("button", { onclick: () => join(t.id, s.seat) }, `take ${s.label}`));
        }
      }
      const state = t.status === "over" ? `over${t.outcome ? ": " + t.outcome.winners.map(w => t.labels[w]).join(" & ") + " won" : ""}` : (t.thinking !== null ? `${t.labels[t.thinking]} thinking` : (t.to_act !== null ? `${t.labels[t.to_act]} to act` : "running"));
      return h("tr", {}, h("td", {}, t.id), h("td", {}, t.name), h("td", {}, seats), h("td", {}, state), h("td", {}, actions));
    }));
  } catch (e) { showError(e); }
}

async function join(id, seat) {
  try {
    const got = await call("POST", `/api/tables/${id}/join`, { body: { seat } });
    location.href = got.link;
  } catch (e) { showError(e); }
}

async function main() {
  catalog = await call("GET", "/api/games");
  $("game").replaceChildren(...catalog.games.map(g => h("option", { value: g.id }, g.name)));
  $("game").addEventListener("change", renderForm);
  $("players").addEventListener("change", renderSeats);
  renderForm();
  $("create").addEventListener("submit", ev => { ev.preventDefault(); create(formBody(), false); });
  $("quick").replaceChildren(...catalog.games.map(g => h("button", {
    class: "primary", "data-quick": g.id,
    onclick: () => create({ game: g.id, players: g.default_players, seats: [{ kind: "human" }, ...Array(g.default_players - 1).fill({ kind: "ai", difficulty: "normal" })] }, true),
  }, `Play ${g.name} against the AI`)));
  for (const b of document.querySelectorAll(".filters button")) b.addEventListener("click", () => loadTables(b.dataset.status));
  loadTables("open");
}

main().catch(showError);
