// The deck builder: pick a deck's cards from its game's pool by clicks (or Enter/Space),
// see every rule the deck breaks as it changes, save it (a file; an account's list when
// signed in), play it against the AI, send it to a balance run on the server against the
// ready decks (its progress, then its win rates; the report to download) or get the
// commands of a longer run to play at home.
// The rules are never here: each change asks the server's checker (POST
// /api/decks/{game}/check), which answers with the game's own words. The cards are drawn
// by the tables' own modules, and zoom as on the table.
// A designer's card files (Add card files) join the pool: every request then carries them
// (the server checks them as a private table's), and a table playing the deck is made
// with them (a private one: the server refuses them at an open or rated table). A deck
// saved to the account keeps them: opened from the list, it brings them back.
import { call, h, ApiError } from "/static/js/api.js";
import { installZoom } from "/static/js/zoom.js";
import { useCss, cap, nameTag } from "/static/tables/kit.js";
import { draftCard, skillCard } from "/static/tables/radiant-arena.js";
import { cardBox, elementChip } from "/static/tables/lightseekers.js";

const $ = id => document.getElementById(id);
const state = { game: null, pool: null, deck: null, checked: 0, asked: 0, me: null, run: null, cards: [], counts: {} };
const RUN_POLL_MS = 500; // how often a balance run's progress is asked for

// Each game: an empty deck, its pool's sections (what a click on a card does to the deck)
// and its deck's lines (what a click there takes out).
const GAMES = {
  "radiant-arena": {
    empty: () => ({ name: "", heroes: [], items: [], deity: "", conduits: [] }),
    root: "ra-root",
    sections(pool, deck) {
      const hero = id => draftCard("hero", id, pool.heroes[id]);
      const deity = id => draftCard("deity", id, pool.deities[id]);
      const item = id => draftCard("item", id, pool.items[id]);
      const ofDeity = deck.deity ? (pool.deities[deck.deity] || {}).conduits || [] : [];
      const conduit = id => {
        const c = pool.conduits[id];
        const owner = Object.keys(pool.deities).find(d => (pool.deities[d].conduits || []).includes(id));
        const sub = owner ? `a conduit of ${pool.deities[owner].name}` : "a conduit";
        return h("div", { class: "skill draft-card draft-conduit", "data-zoom": `${c.name} — ${sub}\n${c.rules}` },
          h("div", { class: "card-head" }, nameTag(c.name)), h("div", { class: "subtitle" }, sub),
          h("div", { class: "text" }, c.rules));
      };
      // the chosen deity's conduits first (the deity card's own data)
      const conduits = [...ofDeity, ...Object.keys(pool.conduits).filter(c => !ofDeity.includes(c))];
      return [
        ["heroes", "Heroes", Object.keys(pool.heroes), hero, id => deck.heroes.includes(id) ? 1 : 0],
        ["deity", "Deities", Object.keys(pool.deities), deity, id => deck.deity === id ? 1 : 0],
        ["conduits", "Conduits", conduits, conduit, id => deck.conduits.includes(id) ? 1 : 0],
        ["items", "Items", Object.keys(pool.items), item, id => deck.items.includes(id) ? 1 : 0],
      ];
    },
    pick(deck, field, id) {
      if (field === "deity") deck.deity = deck.deity === id ? "" : id;
      else deck[field] = deck[field].includes(id) ? deck[field].filter(x => x !== id) : [...deck[field], id];
    },
    lines(pool, deck) {
      const name = (kind, id) => ((pool[kind] || {})[id] || {}).name || id;
      const skills = [];
      for (const hero of deck.heroes) for (const [k, n] of Object.entries((pool.heroes[hero] || {}).set || {})) skills.push([k, n]);
      return [
        ["heroes", "Heroes", deck.heroes.map(id => [id, name("heroes", id), 1])],
        ["deity", "Deity", deck.deity ? [[deck.deity, name("deities", deck.deity), 1]] : []],
        ["conduits", "Conduits", deck.conduits.map(id => [id, name("conduits", id), 1])],
        ["items", "Items", deck.items.map(id => [id, name("items", id), 1])],
        // the skill deck is the heroes' sets (they come with the heroes, nothing to pick)
        ["skills", "Skill cards (the heroes' sets)", skills.map(([k, n]) => [k, name("skills", k), n]), true],
      ];
    },
    drop(deck, field, id) { this.pick(deck, field, id); },
    opponentParam: id => ({ deck_b: id }),
    seats: false, // two players only
  },
  lightseekers: {
    empty: () => ({ name: "", hero: "", combos: [], cards: {} }),
    root: "ls-root",
    sections(pool, deck) {
      const view = { cards: pool.cards };
      const hero = id => {
        const c = pool.heroes[id];
        return h("div", { class: "ls-card hero", "data-zoom": `${c.name} — hero of the ${cap(c.order)} Order\n${c.text}` },
          h("div", { class: "card-head" }, nameTag(c.name)),
          h("div", { class: "meta" }, h("span", { class: "type" }, `${cap(c.order)} hero`), c.elements.map(([e, lv]) => elementChip(e, `small lv-${lv}`))),
          h("div", { class: "text" }, c.text));
      };
      const card = id => cardBox(view, id, null);
      const ids = Object.keys(pool.cards);
      return [
        ["hero", "Heroes", Object.keys(pool.heroes), hero, id => deck.hero === id ? 1 : 0],
        ["combos", "Combos", ids.filter(id => pool.cards[id].combo), card, id => deck.combos.includes(id) ? 1 : 0],
        ["cards", "Action cards (a click adds a copy)", ids.filter(id => !pool.cards[id].combo), card, id => deck.cards[id] || 0],
      ];
    },
    pick(deck, field, id) {
      if (field === "hero") deck.hero = deck.hero === id ? "" : id;
      else if (field === "combos") deck.combos = deck.combos.includes(id) ? deck.combos.filter(x => x !== id) : [...deck.combos, id];
      else deck.cards = { ...deck.cards, [id]: (deck.cards[id] || 0) + 1 };
    },
    lines(pool, deck) {
      const name = id => (pool.heroes[id] || pool.cards[id] || {}).name || id;
      const total = Object.values(deck.cards).reduce((a, b) => a + b, 0);
      return [
        ["hero", "Hero", deck.hero ? [[deck.hero, name(deck.hero), 1]] : []],
        ["combos", `Combos (${deck.combos.length})`, deck.combos.map(id => [id, name(id), 1])],
        ["cards", `Action cards (${total})`, Object.entries(deck.cards).filter(([, n]) => n).map(([id, n]) => [id, name(id), n])],
      ];
    },
    drop(deck, field, id) {
      if (field !== "cards") { this.pick(deck, field, id); return; }
      const cards = { ...deck.cards, [id]: (deck.cards[id] || 0) - 1 };
      if (cards[id] <= 0) delete cards[id];
      deck.cards = cards;
    },
    // the AI seats: the chosen ready deck first, then the other ready decks in turn
    opponentParam: (id, players, ready) => ({ decks: [id, ...ready.filter(r => r !== id)].slice(0, Math.max(1, players - 1)).join(",") }),
    seats: true, // 2-6 players (the others AIs)
  },
};

function showError(e) {
  const el = $("error");
  if (!e) { el.hidden = true; el.textContent = ""; return; }
  el.hidden = false;
  el.textContent = e instanceof ApiError ? e.message : String(e);
}

// --- drawing ------------------------------------------------------------------------

function drawPool() {
  const g = GAMES[state.game];
  const root = $("pool");
  root.className = `pool ${g.root}`;
  root.replaceChildren(...g.sections(state.pool, state.deck).map(([field, title, ids, draw, count]) =>
    h("div", { class: "pool-section", "data-section": field },
      h("h3", {}, title),
      h("div", { class: "row" }, ids.map(id => {
        const el = draw(id);
        const n = count(id);
        el.dataset.pick = `${field}:${id}`;
        el.dataset.card = id;
        el.tabIndex = 0;
        el.setAttribute("role", "button");
        el.setAttribute("aria-pressed", n ? "true" : "false");
        if (n) { el.classList.add("in-deck"); el.append(h("span", { class: "copies", "aria-label": `${n} in your deck` }, String(n))); }
        return el;
      })))));
}

function drawDeck() {
  const g = GAMES[state.game];
  $("deck").replaceChildren(...g.lines(state.pool, state.deck).map(([field, title, entries, fixed]) =>
    h("div", { class: "deck-part", "data-part": field },
      h("h4", {}, title),
      entries.length ? h("ul", {}, entries.map(([id, name, n]) => h("li", {},
        fixed ? h("span", { class: "fixed ra-root", "data-deck-card": id, title: name }, `${n} × `, skillCard(id, state.pool.skills[id], true))
          : h("button", { type: "button", "data-drop": `${field}:${id}`, title: `take ${name} out of the deck` }, `${n > 1 ? `${n} × ` : ""}${name} ✕`))))
        : h("p", { class: "empty note" }, "none yet"))));
}

function drawProblems(answer) {
  const verdict = $("verdict");
  verdict.classList.toggle("legal", answer.legal);
  verdict.classList.toggle("illegal", !answer.legal);
  verdict.textContent = answer.legal ? "A legal deck: every deck construction rule is kept."
    : `${answer.problems.length} deck construction rule${answer.problems.length > 1 ? "s" : ""} broken:`;
  $("problems").replaceChildren(...answer.problems.map(p => h("li", { "data-field": p.field },
    h("strong", {}, p.field), `: ${p.message} — `, h("cite", {}, p.section), `: “${p.words}”`)));
}

function changed() {
  drawPool();
  drawDeck();
  $("balance-out").hidden = true;
  check();
}

// Each change asks the server; an answer to an older deck is dropped.
async function check() {
  const asked = ++state.asked;
  // the last answer stays until the next is drawn (greyed): a new line of text would
  // move the buttons under a pointer about to click them (a click that types, then saves)
  $("verdict").classList.add("checking");
  try {
    const answer = await call("POST", `/api/decks/${state.game}/check`, { body: withCards({ deck: deckNow() }) });
    if (asked !== state.asked) return;
    state.checked = asked;
    drawProblems(answer);
    $("verdict").classList.remove("checking");
    document.body.dataset.checked = String(asked);
  } catch (e) {
    if (asked === state.asked) showError(e);
  }
}

function deckNow() {
  return { ...state.deck, name: $("name").value.trim() };
}

// A request's body with the designer's card files, when there are some.
function withCards(body) {
  return state.cards.length ? { ...body, cards: state.cards } : body;
}

// --- loading ------------------------------------------------------------------------

// ``cards``: the card files to build with (a saved deck's); left out, the game's own
// files stay while the game does.
async function loadGame(game, deck, cards) {
  const before = state.cards;
  if (cards) state.cards = cards;
  else if (game !== state.game) state.cards = []; // a game's card files are its own
  let got;
  try {
    got = state.cards.length ? await call("POST", `/api/decks/${game}/pool`, { body: { cards: state.cards } })
      : await call("GET", `/api/decks/${game}/pool`);
  } catch (e) {
    state.cards = before; // (refused files: the page stays as it was)
    throw e;
  }
  state.game = game;
  drawCardFiles(got.user_cards || []);
  await useCss(game);
  state.pool = got.pool;
  state.deck = deck || GAMES[game].empty();
  $("name").value = state.deck.name || "";
  const ready = Object.entries(got.pool.decks);
  $("start").replaceChildren(h("option", { value: "" }, "an empty deck"), ...ready.map(([id, d]) => h("option", { value: id }, `ready deck: ${d.name || id}`)));
  $("opponent").replaceChildren(...ready.map(([id, d]) => h("option", { value: id }, d.name || id)));
  const counts = state.counts[game] || [2];
  $("players-row").hidden = !GAMES[game].seats || counts.length < 2;
  $("players").replaceChildren(...counts.map(n => h("option", { value: String(n) }, `${n} (${n - 1} AI${n > 2 ? "s" : ""})`)));
  playWords();
  history.replaceState(null, "", `/decks/${game}`);
  showError(null);
  changed();
}

function fromReady(id) {
  const d = state.pool.decks[id];
  if (!d) return GAMES[state.game].empty();
  const copy = JSON.parse(JSON.stringify(d));
  copy.name = `${d.name || id} (my copy)`;
  return copy;
}

// A deck file (TOML) or the builder's JSON (a deck of another game opens in its game).
// The designer's card files: read, then the pool asked again with them (the server checks
// them: a refusal lists every problem and keeps the files the pool had before).
async function addCardFiles(files) {
  showError(null);
  const before = state.cards;
  try {
    const added = await Promise.all([...files].map(async f => ({ name: f.name, text: await f.text() })));
    state.cards = [...before.filter(c => !added.some(a => a.name === c.name)), ...added];
    await loadGame(state.game, state.deck);
  } catch (e) {
    state.cards = before;
    showError(e);
  }
}

function drawCardFiles(listed) {
  const note = $("cards-note");
  const mine = listed.filter(f => f.from === "table");
  note.hidden = !mine.length;
  note.replaceChildren(...(mine.length ? [
    `Your cards in the pool: ${mine.map(f => `${f.file} (${f.cards.join(", ")})`).join("; ")}. A table playing the deck is a private one with these files. `,
    h("button", { type: "button", id: "cards-clear" }, "Take them out")] : []));
}

async function openFile(file) {
  try {
    const text = await file.text();
    let game = state.game;
    try { const j = JSON.parse(text); if (j && GAMES[j.game]) game = j.game; } catch (e) { /* TOML: the server reads it */ }
    if (game !== state.game) { await loadGame(game); $("game").value = game; }
    const got = await call("POST", `/api/decks/${state.game}/read`, { body: withCards({ text, name: file.name }) });
    state.deck = { ...GAMES[state.game].empty(), ...got.deck };
    $("name").value = state.deck.name || "";
    showError(null);
    changed();
  } catch (e) { showError(e); }
}

// --- what a deck is for ---------------------------------------------------------------

// The server makes the file (toml: a legal deck's deck file; json: the deck as it is).
async function saveFile(format) {
  showError(null);
  try {
    const res = await fetch(`/api/decks/${state.game}/file?format=${format}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(withCards({ deck: deckNow() })) });
    if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
    const name = (/filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") || "") || [])[1] || `deck.${format}`;
    const a = h("a", { href: URL.createObjectURL(await res.blob()), download: name });
    document.body.append(a);
    a.click();
    a.remove();
  } catch (e) { showError(e); }
}

// The play row's words for the chosen player count: one AI, or several (the chosen ready
// deck is the first AI's; the others play the other ready decks in turn).
function playWords() {
  const g = GAMES[state.game];
  const players = g.seats && !$("players-row").hidden ? Number($("players").value) : 2;
  const ais = players - 1;
  $("play").textContent = ais > 1 ? `Play it against ${ais} AIs` : "Play it against the AI";
  $("opponent-words").textContent = ais > 1 ? "First AI's deck" : "Against";
  $("opponent").setAttribute("aria-label", ais > 1
    ? "the first AI's ready deck (the other AIs play the other ready decks in turn)" : "the AI's ready deck");
  $("difficulty-words").textContent = ais > 1 ? "AIs" : "AI";
  $("difficulty").setAttribute("aria-label", ais > 1 ? `the ${ais} AIs' difficulty` : "the AI's difficulty");
}

async function play() {
  showError(null);
  try {
    const g = GAMES[state.game];
    const players = g.seats && !$("players-row").hidden ? Number($("players").value) : 2;
    const ai = { kind: "ai", difficulty: $("difficulty").value };
    const body = withCards({ game: state.game, players, deck: deckNow(),
      params: g.opponentParam($("opponent").value, players, Object.keys(state.pool.decks)),
      seats: [{ kind: "human" }, ...Array.from({ length: players - 1 }, () => ai)] });
    const got = await call("POST", "/api/tables", { body });
    location.href = got.seats[0].link;
  } catch (e) { showError(e); }
}

// A balance run on the server (POST /api/decks/{game}/runs): asked for until it is over;
// its output stays when the deck changes (it names the deck that was sent).
async function sendToRun() {
  showError(null);
  try {
    const run = await call("POST", `/api/decks/${state.game}/runs`, { body: withCards({ deck: deckNow() }) });
    state.run = run.id;
    drawRun(run);
    $("run-out").scrollIntoView({ block: "nearest" });
    while (state.run === run.id) {
      await new Promise(r => setTimeout(r, RUN_POLL_MS));
      const now = await call("GET", `/api/decks/runs/${run.id}`);
      if (state.run !== run.id) return;
      drawRun(now);
      if (now.status !== "running") { $("run-out").scrollIntoView({ block: "nearest" }); return; }
    }
  } catch (e) { showError(e); }
}

const pct = x => x === null || x === undefined ? "–" : `${(100 * x).toFixed(0)}%`;

function drawRun(run) {
  const out = $("run-out");
  out.hidden = false;
  out.dataset.status = run.status;
  const head = run.status === "running"
    ? h("p", { class: "note" }, `Balance run of “${run.name}”: ${run.done} of ${run.games} games played (${run.games_per_deck} against each ready deck, half of them with your deck first; the ${run.agent} AI in both seats)… `,
      h("progress", { max: run.games, value: run.done }))
    : run.status === "done" ? h("p", { class: "note" }, `Balance run of “${run.name}”: ${run.games} games, ${run.games_per_deck} against each ready deck (the ${run.agent} AI in both seats).`)
      : h("p", { class: "error" }, `Balance run of “${run.name}”: ${run.error || run.status}.`);
  const rows = run.against.map(a => h("tr", { "data-against": a.deck },
    h("td", {}, a.name), h("td", {}, String(a.n)), h("td", {}, pct(a.rate)),
    h("td", {}, a.n ? `${pct(a.interval[0])}–${pct(a.interval[1])}` : "–")));
  const f = run.first_seat;
  out.replaceChildren(head,
    h("table", { class: "run-table", "data-testid": "run-result" },
      h("thead", {}, h("tr", {}, h("th", {}, "Against"), h("th", {}, "Games"), h("th", {}, "Your deck won"), h("th", {}, "95% interval"))),
      h("tbody", {}, rows)),
    f ? h("p", { class: "note", "data-testid": "first-seat" }, `The first seat won ${pct(f.rate)} (${pct(f.interval[0])}–${pct(f.interval[1])}), `,
      `an advantage of ${(100 * f.advantage).toFixed(0)} points over a fair ${pct(f.fair)}.`) : null,
    run.status === "done" ? h("a", { href: run.report, download: "", "data-testid": "run-report" }, "Download the report (JSON)") : null);
}

async function balance() {
  showError(null);
  try {
    const got = await call("POST", `/api/decks/${state.game}/balance`, { body: withCards({ deck: deckNow() }) });
    const out = $("balance-out");
    const file = h("a", { href: URL.createObjectURL(new Blob([got.text], { type: "application/toml" })), download: got.file, "data-testid": "balance-file" }, got.file);
    out.replaceChildren(h("p", { class: "note" }, "Save the deck file ", file, " and run each line beside it, where tabletop is installed: ",
      "each plays 100 games against a ready deck and writes a report with win rates and their 95% intervals."),
      h("pre", { "data-testid": "balance-commands" }, got.commands.join("\n")));
    out.hidden = false;
  } catch (e) { showError(e); }
}

// An account keeps decks by name (the server's /api/me/decks).
async function loadMine() {
  try { state.me = (await call("GET", "/api/me")).account; } catch (e) { state.me = null; }
  $("account-save").hidden = !state.me;
  if (!state.me) return;
  try {
    const got = await call("GET", "/api/me/decks");
    $("mine").replaceChildren(h("option", { value: "" }, "Your saved decks…"), ...got.decks.map(d => h("option", { value: `${d.game}/${d.name}` }, `${d.name} (${d.game})${d.cards.length ? ", with your card files" : ""}${d.legal ? "" : " — not legal yet"}`)));
    // each deck with the texts of its card files (the account keeps each file once)
    state.mine = Object.fromEntries(got.decks.map(d => [`${d.game}/${d.name}`,
      { ...d, cards: d.cards.map(c => ({ name: c.name, text: got.files[c.sha256] || "" })) }]));
  } catch (e) { showError(e); }
}

async function saveAccount() {
  showError(null);
  try {
    const got = await call("POST", "/api/me/decks", { body: withCards({ game: state.game, deck: deckNow() }) });
    await loadMine();
    $("mine").value = `${got.game}/${got.name}`;
    $("saved").textContent = `Saved to your account as “${got.name}”.`;
  } catch (e) { showError(e); }
}

// --- the page --------------------------------------------------------------------------

async function main() {
  installZoom($("pool"), $("zoom"));
  installZoom($("deck"), $("zoom"));
  const games = (await call("GET", "/api/decks")).games;
  // each game's player counts (the table's own list: GET /api/games)
  try {
    for (const g of (await call("GET", "/api/games")).games) state.counts[g.id] = g.player_counts || [2];
  } catch (e) { /* two players, as before */ }
  $("game").replaceChildren(...games.map(g => h("option", { value: g }, g)));
  const asked = location.pathname.split("/")[2];
  const game = games.includes(asked) ? asked : games[0];
  $("game").value = game;
  $("game").addEventListener("change", () => loadGame($("game").value).catch(showError));
  $("start").addEventListener("change", () => { state.deck = fromReady($("start").value); $("name").value = state.deck.name || ""; changed(); });
  $("name").addEventListener("change", check);
  $("open").addEventListener("change", ev => { const f = ev.target.files[0]; if (f) openFile(f); ev.target.value = ""; });
  $("card-files").addEventListener("change", ev => { const fs = [...ev.target.files]; ev.target.value = ""; if (fs.length) addCardFiles(fs); });
  $("cards-note").addEventListener("click", ev => {
    if (!(ev.target instanceof Element) || ev.target.id !== "cards-clear") return;
    state.cards = [];
    loadGame(state.game, state.deck).catch(showError);
  });
  $("save-file").addEventListener("click", () => saveFile("toml"));
  $("save-json").addEventListener("click", () => saveFile("json"));
  $("save-account").addEventListener("click", saveAccount);
  $("mine").addEventListener("change", () => {
    const d = (state.mine || {})[$("mine").value];
    if (!d) return;
    // the deck comes back with the card files it was saved with (none: the game's own)
    loadGame(d.game, { ...GAMES[d.game].empty(), ...d.deck }, d.cards).then(() => { $("game").value = d.game; }).catch(showError);
  });
  $("players").addEventListener("change", playWords);
  $("play").addEventListener("click", play);
  $("balance").addEventListener("click", sendToRun);
  $("balance-commands-show").addEventListener("click", balance);
  const onPick = ev => {
    const el = ev.target instanceof Element ? ev.target.closest("[data-pick]") : null;
    if (!el) return;
    const [field, id] = el.dataset.pick.split(/:(.*)/s);
    GAMES[state.game].pick(state.deck, field, id);
    changed();
    const again = document.querySelector(`[data-pick="${CSS.escape(el.dataset.pick)}"]`);
    if (again) again.focus({ preventScroll: true });
  };
  $("pool").addEventListener("click", onPick);
  $("pool").addEventListener("keydown", ev => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onPick(ev); } });
  $("deck").addEventListener("click", ev => {
    const el = ev.target instanceof Element ? ev.target.closest("[data-drop]") : null;
    if (!el) return;
    const [field, id] = el.dataset.drop.split(/:(.*)/s);
    GAMES[state.game].drop(state.deck, field, id);
    changed();
  });
  await loadGame(game);
  await loadMine();
}

main().catch(showError);
