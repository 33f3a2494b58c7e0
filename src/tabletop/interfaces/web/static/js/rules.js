// A game's rules page: the summary for players (the rulebook in short) and our decisions
// where the rulebook is silent, both Markdown shown as text through a small renderer
// (headings, paragraphs, lists, tables, code, bold and italics; links as their words).
// Nothing in them is ever taken as HTML.
import { call, h } from "/static/js/api.js";

const game = decodeURIComponent(location.pathname.split("/")[2] || "");

// Inline marks: `code`, **bold**, *italics*, [words](link) -> words.
function inline(text) {
  const out = [];
  const re = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*|\[[^\]]+\]\([^)]+\))/g;
  let last = 0, m;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const t = m[0];
    if (t.startsWith("`")) out.push(h("code", {}, t.slice(1, -1)));
    else if (t.startsWith("**")) out.push(h("strong", {}, t.slice(2, -2)));
    else if (t.startsWith("[")) out.push(t.slice(1, t.indexOf("]")));
    else out.push(h("em", {}, t.slice(1, -1)));
    last = m.index + t.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function render(md) {
  const lines = md.replace(/\r/g, "").split("\n");
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) { i++; continue; }
    if (line.startsWith("```")) {
      const code = [];
      for (i++; i < lines.length && !lines[i].startsWith("```"); i++) code.push(lines[i]);
      i++;
      out.push(h("pre", {}, h("code", {}, code.join("\n"))));
      continue;
    }
    const head = /^(#{1,4})\s+(.*)$/.exec(line);
    if (head) {
      const level = Math.min(6, head[1].length + 1);
      const id = head[2].toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
      out.push(h(`h${level}`, { id: `s-${id}` }, inline(head[2])));
      i++;
      continue;
    }
    if (line.trim().startsWith("|")) {
      const rows = [];
      for (; i < lines.length && lines[i].trim().startsWith("|"); i++) rows.push(lines[i]);
      const cells = r => r.trim().replace(/^\||\|$/g, "").split("|").map(c => c.trim());
      const body = rows.filter(r => !/^\s*\|[\s:|-]+\|\s*$/.test(r));
      const [first, ...rest] = body;
      out.push(h("div", { class: "table-wrap" }, h("table", {},
        h("thead", {}, h("tr", {}, cells(first).map(c => h("th", { scope: "col" }, inline(c))))),
        h("tbody", {}, rest.map(r => h("tr", {}, cells(r).map(c => h("td", {}, inline(c)))))))));
      continue;
    }
    const item = /^\s*([-*]|\d+\.)\s+(.*)$/;
    if (item.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items = [];
      for (; i < lines.length && (item.test(lines[i]) || (/^\s{2,}\S/.test(lines[i]) && items.length)); i++) {
        const m = item.exec(lines[i]);
        if (m) items.push(m[2]); else items[items.length - 1] += " " + lines[i].trim();
      }
      out.push(h(ordered ? "ol" : "ul", {}, items.map(t => h("li", {}, inline(t)))));
      continue;
    }
    const para = [];
    for (; i < lines.length && lines[i].trim() && !/^(#{1,4}\s|```|\s*\||\s*([-*]|\d+\.)\s)/.test(lines[i]); i++) para.push(lines[i].trim());
    out.push(h("p", {}, inline(para.join(" "))));
  }
  return out;
}

async function main() {
  try {
    const got = await call("GET", `/rules/${encodeURIComponent(game)}/text`);
    document.title = `${got.name} — rules — tabletop`;
    document.getElementById("title").textContent = `${got.name}: rules`;
    const summary = document.getElementById("summary");
    summary.replaceChildren(...(got.summary ? render(got.summary) : [h("p", {}, "No summary yet: see the decisions below.")]));
    const decisions = document.getElementById("decisions");
    decisions.replaceChildren(h("h2", {}, "Our decisions on the rules"),
      h("p", { class: "note" }, `Where the rulebook (${got.rulebook}) is silent or unclear, what we decided and why.`),
      ...(got.decisions ? render(got.decisions) : [h("p", {}, "None written down.")]));
  } catch (e) {
    const box = document.getElementById("error");
    box.hidden = false;
    box.textContent = e.status === 404 ? "There is no such game." : "The rules could not be loaded; try again in a moment.";
  }
}

main();
