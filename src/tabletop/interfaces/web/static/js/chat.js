// The table's chat (docs/web.md, "Chat"): the seat's lines as its message gives them
// (spectators get none; what the seat muted the server leaves out), the table's notices
// among them in words, a few emotes and preset phrases, and a line of text of at most the
// server's length. Every line is shown as text (textContent), never as HTML: `<b>` stays
// four characters.
import { h } from "/static/js/api.js";
import { emoteIcon, emoteName, emoteSaid } from "/static/js/emotes.js";
import { noticeWords, seatName } from "/static/js/social-words.js";

export class Chat {
  constructor(root, act) {
    this.root = root;
    this.act = act;  // {say(body) -> Promise, muteAll(muted)}
    this.lines = new Map();    // "c<n>" / "n<n>" -> {at, kind, item}
    this.presets = { emotes: [], phrases: [], max_chars: 200 };
    this.msg = null;
    this.built = false;
  }

  setPresets(p) {
    if (!p) return;
    this.presets = p;
    this.built = false;
    if (this.msg) { this.build(); this.draw(); }
  }

  update(msg) {
    if (msg.type === "state") this.lines.clear();
    for (const c of msg.chat || []) this.lines.set(`c${c.n}`, { at: c.at, n: c.n, line: c });
    for (const n of msg.notices || []) this.lines.set(`n${n.n}`, { at: n.at, n: n.n, notice: n });
    const seatChanged = !this.msg || this.msg.seat !== msg.seat;
    this.msg = msg;
    if (!this.built || seatChanged) this.build();
    this.draw();
  }

  // The panel's fixed parts: the emotes, the phrases, the text line.
  build() {
    this.built = true;
    const me = this.msg.seat;
    this.list = h("ol", { class: "chat-lines", "data-testid": "chat-lines", "aria-live": "polite" });
    this.error = h("div", { class: "chat-error", role: "alert", "data-testid": "chat-error", hidden: true });
    if (me === null) {
      this.root.replaceChildren(h("h3", {}, "Chat"), this.list,
        h("p", { class: "note" }, "The chat is for the players at the table: spectators neither read nor write it."));
      return;
    }
    const max = this.presets.max_chars || 200;
    this.input = h("input", { type: "text", maxlength: max, autocomplete: "off", "aria-label": "Chat message", placeholder: "Say something…", "data-testid": "chat-input" });
    const count = h("span", { class: "chat-count", "aria-hidden": "true" }, `0/${max}`);
    this.input.addEventListener("input", () => { count.textContent = `${this.input.value.length}/${max}`; });
    // Keys typed here are the chat's, not the table's shortcuts.
    this.input.addEventListener("keydown", ev => ev.stopPropagation());
    const form = h("form", { class: "chat-form", onsubmit: ev => {
      ev.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      this.say({ kind: "text", text }).then(ok => { if (ok) { this.input.value = ""; count.textContent = `0/${max}`; } });
    } }, this.input, count, h("button", { type: "submit" }, "Send"));
    this.muteAll = h("button", { class: "small", "data-testid": "mute-all", onclick: () => this.act.muteAll(!this.msg.muted.all) });
    this.root.replaceChildren(
      h("div", { class: "chat-head" }, h("h3", {}, "Chat"), this.muteAll),
      this.list,
      h("div", { class: "chat-presets", "data-testid": "chat-emotes" },
        // drawn, never the emoji the server lists (a machine may have no emoji font)
        this.presets.emotes.map(e => h("button", { class: "emote", title: emoteName(e.key), "aria-label": emoteName(e.key), "data-key": e.key, onclick: () => this.say({ kind: "emote", key: e.key }) }, emoteIcon(e.key)))),
      h("div", { class: "chat-presets phrases", "data-testid": "chat-phrases" },
        this.presets.phrases.map(p => h("button", { class: "phrase small", "data-key": p.key, onclick: () => this.say({ kind: "phrase", key: p.key }) }, p.text))),
      form, this.error);
  }

  async say(body) {
    this.showError(null);
    try { await this.act.say(body); return true; }
    catch (e) { this.showError(e.status === 429 ? `Slow down: ${e.message}.` : e.message); return false; }
  }

  showError(text) {
    if (!this.error) return;
    this.error.hidden = !text;
    this.error.textContent = text || "";
  }

  draw() {
    const msg = this.msg, t = msg.table, me = msg.seat;
    if (this.muteAll) {
      this.muteAll.textContent = msg.muted && msg.muted.all ? "Unmute chat" : "Mute chat";
      this.muteAll.setAttribute("aria-pressed", msg.muted && msg.muted.all ? "true" : "false");
    }
    // A seat muted a moment ago is hidden at once, from the answer to the mute, before the
    // server's next full state leaves its lines out.
    const muted = msg.muted || { all: false, seats: [] };
    const hidden = c => c.seat !== me && (muted.all || (muted.seats || []).includes(c.seat));
    const items = [...this.lines.values()].sort((a, b) => a.at - b.at || (a.notice ? 1 : 0) - (b.notice ? 1 : 0) || a.n - b.n);
    const out = [];
    for (const it of items) {
      if (it.line) {
        const c = it.line;
        if (hidden(c)) continue;
        out.push(h("li", { class: `chat-line ${c.kind}${c.seat === me ? " mine" : ""}`, "data-n": c.n, "data-kind": c.kind },
          h("span", { class: "who" }, c.seat === me ? "You" : seatName(t, c.seat)),
          // h() puts strings in as text nodes; an emote is drawn from its key
          h("span", { class: "said", title: c.kind === "emote" ? emoteName(c.key) : null }, c.kind === "emote" ? emoteSaid(c.key) : c.text)));
      } else {
        const words = noticeWords(it.notice, t, me);
        if (words) out.push(h("li", { class: "chat-line notice", "data-notice": it.notice.kind }, words));
      }
    }
    if (msg.muted && msg.muted.all) out.push(h("li", { class: "chat-line notice" }, "You muted the chat: the others' lines are hidden."));
    const atEnd = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 4;
    this.list.replaceChildren(...out.slice(-300));
    if (atEnd || msg.type === "state") this.list.scrollTop = this.list.scrollHeight;
  }
}
