// A finished game replayed step by step: drawn buttons (first, back, play, forward,
// last), the arrow keys (← →, Home, End, Space to play or pause), the seat whose view
// is shown, and the result at the last step.
import { call, h } from "/static/js/api.js";
import { icon } from "/static/js/icons.js";
import { savedSpeed } from "/static/js/pacing.js";

let go = null;  // the replay's controls, once started (for the keyboard)

export function replayKey(ev) {
  if (!go) return false;
  switch (ev.key) {
    case "ArrowLeft": go.step(-1); return true;
    case "ArrowRight": go.step(1); return true;
    case "Home": go.to(0); return true;
    case "End": go.to(Infinity); return true;
    case " ": if (ev.target instanceof HTMLButtonElement) return false; go.toggle(); return true;
    default: return false;
  }
}

export function startReplay({ tableId, query, st, label, show, failed, showEndOfReplay }) {
  const $ = id => document.getElementById(id);
  $("replay-bar").hidden = false;
  document.body.classList.add("replaying");
  $("r-first").append(icon("first"));
  $("r-prev").append(icon("back"));
  $("r-play").append(icon("play"));
  $("r-next").append(icon("forward"));
  $("r-last").append(icon("last"));
  const seats = $("r-seat");
  seats.replaceChildren(h("option", { value: "" }, "spectators"), ...st.table.labels.map((l, s) => h("option", { value: s }, l)));
  if (query.get("seat") !== null) seats.value = query.get("seat");
  let timer = null;
  // The step last asked for counts, not the one last drawn: a click while a step is on
  // its way goes on from it, and an answer overtaken by a later request is dropped.
  let asked = null, asks = 0;
  const at = () => (asked === null ? st.replay.step : asked);

  async function showStep(step) {
    const seat = seats.value === "" ? null : Number(seats.value);
    const q = `step=${step}` + (seat === null ? "" : `&seat=${seat}`);
    asked = step;
    const mine = ++asks;
    try {
      const got = await call("GET", `/api/tables/${tableId}/replay?${q}`);
      if (mine !== asks) return;
      st.replay = got;
      if (got.seat === undefined) st.replay.seat = seat;
      await show(got);
      const who = got.actor !== null && got.actor !== undefined ? label(got.actor) : null;
      $("r-step").textContent = `${got.step} / ${got.steps}` + (got.step ? ` — ${who ? who + ": " : ""}${(got.events || []).slice(-3).map(e => e.text).join(" ") || "a secret step"}` : " — the start");
      document.body.dataset.step = String(got.step);
      showEndOfReplay(got.step === got.steps ? (got.view.outcome || st.table.outcome) : null);
      if (got.step === got.steps) pause();
      history.replaceState(null, "", `?replay=1&step=${got.step}` + (seat === null ? "" : `&seat=${seat}`));
    } catch (e) { failed(e); pause(); }
  }

  function pause() {
    clearInterval(timer); timer = null;
    $("r-play").replaceChildren(icon("play"));
    $("r-play").setAttribute("aria-label", "Play"); $("r-play").title = "Play (Space)";
  }
  function playOn() {
    if (at() >= st.replay.steps) showStep(0);
    $("r-play").replaceChildren(icon("pause"));
    $("r-play").setAttribute("aria-label", "Pause"); $("r-play").title = "Pause (Space)";
    timer = setInterval(() => { if (at() >= st.replay.steps) pause(); else showStep(at() + 1); }, Math.max(400, savedSpeed() || 800));
  }
  go = {
    step: d => { pause(); showStep(Math.max(0, Math.min(st.replay.steps, at() + d))); },
    to: n => { pause(); showStep(Math.max(0, Math.min(st.replay.steps, n))); },
    toggle: () => (timer ? pause() : playOn()),
  };
  $("r-first").onclick = () => go.to(0);
  $("r-prev").onclick = () => go.step(-1);
  $("r-next").onclick = () => go.step(1);
  $("r-last").onclick = () => go.to(Infinity);
  $("r-play").onclick = () => go.toggle();
  seats.onchange = () => showStep(at());
  showStep(Number(query.get("step") || 0));
}
