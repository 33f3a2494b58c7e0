// The connection banner: says in words that the connection is lost and is being retried,
// then that it is back; and the status bar's connection dot. Never a browser's raw error
// ("Failed to fetch"): words() turns one into a sentence.

let backTimer = null;

export function connection(state, { banner, dot }) {
  // state: "connecting" | "live" | "lost" | "back" | "moved" | "closed"
  const words = {
    connecting: "connecting", live: "connected", lost: "reconnecting…", back: "connected",
    moved: "opened elsewhere", closed: "not connected",
  };
  dot.dataset.state = state === "back" ? "live" : state;
  dot.querySelector(".conn-text").textContent = words[state] || state;
  dot.title = `connection: ${words[state] || state}`;
  document.body.dataset.conn = state === "back" ? "live" : state;
  clearTimeout(backTimer);
  if (state === "lost") {
    banner.hidden = false;
    banner.className = "banner lost";
    banner.textContent = "The connection to the table is lost. Retrying…";
  } else if (state === "back") {
    banner.hidden = false;
    banner.className = "banner back";
    banner.textContent = "The connection is back.";
    backTimer = setTimeout(() => { banner.hidden = true; }, 2500);
  } else if (state === "moved") {
    banner.hidden = false;
    banner.className = "banner lost";
    banner.textContent = "This seat is open in another tab or window; this one no longer follows the table.";
  } else {
    banner.hidden = true;
  }
}

// A failed request in words: a network failure (the browser's TypeError) or an HTTP
// refusal without a message of the server's.
export function words(err) {
  if (!err) return "";
  if (err instanceof TypeError || /fetch|network|load failed/i.test(String(err.message))) {
    return "The server cannot be reached: the connection is lost. Try again in a moment.";
  }
  if (err.status && /^HTTP \d+$/.test(String(err.message))) {
    return err.status >= 500 ? "The server had a problem with that; try again." : "That was refused.";
  }
  return err.message || String(err);
}
