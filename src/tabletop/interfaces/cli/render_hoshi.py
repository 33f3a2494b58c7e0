"""The terminal screen of hoshi-battle (``tabletop.renderers`` plugin): every seat (two to
five; the two duelists with Hero, die, dice, Hoshi Stones, Swift / Elusive, cards in
play, the last throw; the others waiting in line, or gone), the reveal window, the
effects in play by timestamp, and the seat's own hand; ``cards``
prints every card the seat can read, whole. Reads one seat's view only.

The strike, the player's choice: with ``--param strike=model`` (the default) the
probability model decides every strike; with ``--param strike=live`` this module is the
referee of a **keypress race** (:func:`referee`): after a random delay it shows GO; the
striker presses its key to strike, the defender its key to pull away, timed on this
machine's monotonic clock. An agent's reaction is drawn from a human-like distribution.
The result is applied as the striker's action (``strike hit`` / ``strike miss``), so the
record replays by hash. The race's rules are those of docs/rules/hoshi-battle.md ("The
strike"): a press before GO, or sooner after it than a person can react, is a false start
(the striker's: a miss; the defender's: a flinch, the strike lands if it comes in time).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop.interfaces.web.strike import (  # the race's rules: one for web and terminal
    DELAY_S,
    WINDOW_S,
    Press,
    agent_reaction,
    decide_race,
)

from . import pools

GLYPH = {"strike": "✦", "moon": "☾", "sun": "☀", "blank": "·"}
WINDOW = {"duel_start": "the beginning of the Duel", "round_start": "the beginning of the "
          "round", "round_end": "the end of the round"}
UNTIL = {"round": "this round", "duel": "this Duel", "source": "while in play",
         "static": "ability"}



def _name(view: dict[str, Any], card_id: str | None) -> str:
    if not card_id:
        return "—"
    return str(view.get("cards", {}).get(card_id, {}).get("name", card_id))


def _stones(p: dict[str, Any]) -> Text:
    full = p.get("full_health", 2)
    return Text("●" * p["stones"], style="bold cyan") + Text("○" * max(0, full - p["stones"]),
                                                             style="dim")


def _effect(e: dict[str, Any], view: dict[str, Any]) -> str:
    code = e["effect"]
    if code.startswith("die="):
        what = f"battles with the d{code[4:]}"
    elif code.startswith("dice"):
        what = f"{code[4:]} die"
    elif code.startswith("health"):
        what = f"full health {code[6:]}"
    elif "_" in code and code.split("_")[0] in ("also", "instead"):
        mode, a, b = code.split("_")
        what = f"{GLYPH.get(a, a)} counts {mode} as {GLYPH.get(b, b)}"
    else:
        what = code.replace("_", " ")
    return f"#{e['ts']} P{e['seat'] + 1} {what} ({_name(view, e['card'])}, " \
           f"{UNTIL.get(e['until'], e['until'])})"


def render(view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
    """The screen of one seat (fits 100x40)."""
    seat = view["seat"]
    head = Text(f"Hoshi Battle (reconstructed) · Duel {view['duel']}", style="bold")
    if view["round"]:
        head.append(f" · round {view['round']}")
    if view["throw"]:
        head.append(f" · throw {view['throw']}")
    strike = view["strike"]
    head.append(f" · strikes: {'real time' if strike['mode'] == 'live' else 'model'} "
                f"({strike['chance']}%)", style="dim")
    table = Table(box=None, pad_edge=False, expand=False)
    for col in ("", "player", "Hero", "die", "stones", "last throw", "face down", "in play"):
        table.add_column(col)
    for p, pl in enumerate(view["players"]):
        mark = "▶" if view["to_act"] == p else " "
        who = f"P{p + 1} {labels[p] if p < len(labels) else ''}".strip()
        if pl["hero"]:
            die = f"{pl['dice']}×d{pl['die']}" if pl["dice"] > 1 else f"d{pl['die']}"
            if pl.get("swift"):
                die += " swift"
            if pl.get("elusive"):
                die += " elusive"
            hero = _name(view, pl["hero"])
            stones: RenderableType = _stones(pl)
            faces = " ".join(GLYPH[f] for f in pl.get("faces", []))
        else:
            hero = "chosen" if pl["chosen"] else f"{pl['heroes']} in hand"
            line = view.get("line", [])
            if p in line:  # the multiplayer variant: waiting to challenge the winner
                hero += f" · waits ({line.index(p) + 1} in line)"
            elif not pl["heroes"] and not pl["chosen"] and pl["exiled"]:
                hero = "no Heroes left: out"
            die, stones, faces = "", Text(""), ""
        table.add_row(mark, who, hero, die, stones, faces, str(pl["face_down"]),
                      ", ".join(_name(view, c) for c in pl["in_play"]) or "—")
    parts: list[RenderableType] = [head, table]
    if len(view["players"]) > 2 and view.get("duelists") and not view.get("outcome"):
        a, b = view["duelists"]
        waiting = ", ".join(f"P{w + 1}" for w in view.get("line", [])) or "nobody"
        parts.append(Text(f"King of the hill: P{a + 1} against P{b + 1}; the winner stays "
                          f"and faces the next in line ({waiting})", style="cyan"))
    if view.get("live_strike"):
        ls = view["live_strike"]
        parts.append(Text(f"P{ls['striker'] + 1} rolled the symbol: a real-time strike at "
                          f"P{ls['defender'] + 1}!", style="bold red"))
    if view.get("window"):
        first = view["last_hitter"]
        parts.append(Text(f"Reveal window: {WINDOW[view['window']['name']]} "
                          f"(P{first + 1} was the last to hit: decides first)",
                          style="yellow"))
    if view["effects"]:
        parts.append(Text("Effects (the latest has priority): " + "; ".join(
            _effect(e, view) for e in view["effects"][-6:]), style="dim"))
    exiled = [f"P{p + 1}: " + ", ".join(_name(view, h) for h in pl["exiled"])
              for p, pl in enumerate(view["players"]) if pl["exiled"]]
    if exiled:
        parts.append(Text("Exiled: " + "; ".join(exiled), style="dim"))
    known = view.get("hand", {}).get("known", [])
    if seat is not None and known:  # what this seat looked at ("Looking"): its own to see
        owners = sorted({k["owner"] for k in known})
        parts.append(Text("You looked at: " + "; ".join(
            f"P{o + 1}'s " + ", ".join(_name(view, k["card"]) for k in known
                                       if k["owner"] == o) for o in owners)
            + " (still face down)", style="magenta"))
    if seat is not None and "hand" in view:
        hand = view["hand"]
        mine = Table(box=None, pad_edge=False, title="Your hand", title_justify="left")
        mine.add_column("card")
        mine.add_column("text")
        for h in hand["heroes"] + ([hand["chosen"]] if hand["chosen"] else []):
            c = view["cards"][h]
            chosen = " (chosen)" if h == hand["chosen"] else ""
            mine.add_row(f"{c['name']}{chosen} · d{c['die']} · Cost {c['cost']}", c["text"])
        for k in hand["cards"]:
            c = view["cards"][k]
            mine.add_row(f"{c['name']} · {c['kind']} · Cost {c['cost']}", c["text"])
        parts.append(mine)
    if view.get("outcome"):
        out = view["outcome"]
        parts.append(Text(f"Game over: {' and '.join(f'P{w + 1}' for w in out['winners'])} "
                          f"({out['reason']})", style="bold green"))
    parts.append(Text("Heroes and Duel cards other than the seven known texts are "
                      "reconstructed (docs/rules/hoshi-battle.md).", style="dim italic"))
    return Group(*parts)


def cards(view: dict[str, Any]) -> RenderableType:
    """Every card this seat can read, whole (the ``cards`` command)."""
    table = Table(title="Cards you can read", title_justify="left")
    for col in ("card", "kind", "die / timing", "Cost", "text"):
        table.add_column(col)
    for c in view.get("cards", {}).values():
        extra = f"d{c['die']}" if c["kind"] == "hero" else c.get("timing_text", "")
        table.add_row(c["name"], c["kind"], extra, str(c["cost"]), c["text"])
    return table


# --- the keypress race --------------------------------------------------------------------


@dataclass
class KeypressRace:
    """The terminal's real-time strike. ``read_keys(deadline)`` returns the keys pressed
    with their times (``time.monotonic()``) until the deadline; ``flush()`` forgets keys
    pressed so far; ``sleep`` and ``clock`` are the machine's (tests replace them)."""

    console: Console
    read_keys: Callable[[float], list[tuple[str, float]]]
    flush: Callable[[], None]
    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    rng: random.Random | None = None

    def run(self, view: dict[str, Any], humans: Sequence[int]) -> str:
        """Hold the race for the live strike in ``view``; the action text."""
        rng = self.rng or random.Random()
        ls = view["live_strike"]
        striker, defender = ls["striker"], ls["defender"]
        keys = {striker: "f", defender: "j"} if striker in humans and defender in humans \
            else {s: "enter" for s in humans}
        for s in (striker, defender):
            if s in humans:
                role = "strike" if s == striker else "pull away"
                self.console.print(Text(f"P{s + 1}: press {keys[s]} to {role} at GO!",
                                        style="bold"))
        self.flush()
        start = self.clock()
        early = self.read_keys(start + rng.uniform(*DELAY_S))  # waiting for GO
        go = self.clock()
        self.console.print(Text("GO!", style="bold red reverse"))
        late = self.read_keys(go + WINDOW_S)
        times: dict[int, float | None] = {}
        for s in (striker, defender):
            if s not in humans:
                times[s] = agent_reaction(rng)
                continue
            key = keys[s]
            before = [t for k, t in early if k == key]
            after = [t for k, t in late if k == key]
            times[s] = (before[0] - go) if before else (after[0] - go) if after else None
        sp = view["players"]
        landed = decide_race(Press(times[striker], times[defender]),
                             bool(sp[striker].get("swift")), bool(sp[defender].get("elusive")))
        said = ", ".join(f"P{s + 1} {'—' if t is None else f'{t * 1000:.0f} ms'}"
                         for s, t in times.items())
        self.console.print(Text(f"{said}: {'the strike lands!' if landed else 'a miss'}",
                                style="bold"))
        return "strike hit" if landed else "strike miss"


def _terminal_keys() -> tuple[Callable[[float], list[tuple[str, float]]], Callable[[], None]]:
    """Single keypresses from a terminal in cbreak mode (POSIX)."""
    import select
    import sys
    import termios
    import tty

    fd = sys.stdin.fileno()

    def read_keys(deadline: float) -> list[tuple[str, float]]:
        out: list[tuple[str, float]] = []
        old = termios.tcgetattr(fd)
        try:
            tty.setcbreak(fd)
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    return out
                ready, _, _ = select.select([fd], [], [], left)
                if ready:
                    ch = sys.stdin.read(1)
                    out.append(("enter" if ch in "\r\n" else ch.lower(), time.monotonic()))
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, old)

    def flush() -> None:
        termios.tcflush(fd, termios.TCIFLUSH)

    return read_keys, flush


def referee(view: dict[str, Any], humans: Sequence[int], console: Console) -> str | None:
    """The referee of a live strike at the terminal (the play loop asks before each
    decision): the race's result when a live strike is open and a person duels, the
    strike model when only agents do or no terminal can time keys; None otherwise."""
    ls = view.get("live_strike")
    if not ls:
        return None
    people = [s for s in (ls["striker"], ls["defender"]) if s in humans]
    if people and console.is_terminal:
        try:
            read_keys, flush = _terminal_keys()
        except (ImportError, OSError, ValueError):  # no POSIX terminal to time keys on
            pass
        else:
            return KeypressRace(console, read_keys, flush).run(view, humans)
    sp = view["players"]
    chance = view["strike"]["chance"] + (15 if sp[ls["striker"]].get("swift") else 0) - (
        15 if sp[ls["defender"]].get("elusive") else 0)
    landed = random.Random().random() * 100 < max(5, min(95, chance))
    console.print(Text(f"The strike model decides: {'it lands' if landed else 'a miss'}.",
                       style="dim"))
    return "strike hit" if landed else "strike miss"


# ``tabletop cards``: the whole card pool (it reads the card files, not a view).
pool = pools.hoshi_battle


__all__ = ["render", "cards", "pool", "referee", "KeypressRace", "Press", "decide_race",
           "agent_reaction"]
