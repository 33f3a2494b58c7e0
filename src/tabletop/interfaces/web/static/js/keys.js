// The keyboard: Tab reaches every clickable thing (the table marks them tabindex=0,
// role=button), Enter or Space acts on it, and a few shortcuts:
//   P        the main action (pass, end the phase: the action bar's largest button)
//   L        open or close the log
//   Esc      close a menu, the zoom or the settings
//   ← → Home End Space  in a replay: back, forward, first, last, play
// Nothing fires while typing in a field (the notation box, the chat).

export function typing(ev) {
  const t = ev.target;
  return t instanceof Element && !!t.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']");
}

export function installKeys(handlers) {
  document.addEventListener("keydown", ev => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === "Escape") { handlers.escape(); return; }
    if (typing(ev)) return;
    const t = ev.target;
    // Enter/Space on a drawn thing (a div or an SVG group acting as a button)
    if ((ev.key === "Enter" || ev.key === " ") && t instanceof Element && t.getAttribute("role") === "button"
        && !(t instanceof HTMLButtonElement) && !(t instanceof HTMLAnchorElement)) {
      ev.preventDefault();
      t.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      return;
    }
    if (handlers.replay && handlers.replay(ev)) { ev.preventDefault(); return; }
    if (ev.key === "p" || ev.key === "P") { if (handlers.main()) ev.preventDefault(); return; }
    if (ev.key === "l" || ev.key === "L") { handlers.log(); ev.preventDefault(); }
  });
}
