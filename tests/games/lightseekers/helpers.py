"""Shared by the Lightseekers tests: positions set up from scenario data, and events."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.core import Event, from_scenario
from tabletop.games.lightseekers.rules import LsState

GAME = "lightseekers"
# Cards to draw when a test gives no deck (Unaligned, used by no rule test).
FILLER = ["iron-skin"] * 3 + ["bandage"] * 3 + ["scavenge"] * 3 + ["adrenaline"] * 3


def position(players: int = 2, heroes: list[str] | None = None, **fields: Any) -> LsState:
    """A position at the action phase of the first seat of ``order`` (seat 0 by default):
    every zone empty but the decks (a few filler cards), every hero at 24 health (so the
    rule tests do not depend on the heroes' printed health)."""
    heroes = heroes or ["ember", "tempest", "solara", "morgrim", "fenra", "cogsworth"][
        :players]
    empty: list[list[Any]] = [[] for _ in range(players)]
    data: dict[str, Any] = {
        "game": GAME, "players": players, "order": list(range(players)), "active": 0,
        "step": "action", "heroes": heroes,
        "health": [24] * players, "alive": [True] * players,
        "vp": [0] * players, "out": [], "empties": [0] * players, "hand": empty,
        "deck": [list(FILLER) for _ in range(players)], "discard": empty, "buffs": empty,
        "items": empty, "used": [], "actions": 0, "combo": False, "passed": False,
        "paying": {"combo": "", "paid": []}, "rewards": [], "store": [], "turn": 1,
        "uid": 0, "clock": 0,
    }
    for key, value in fields.items():
        data[key] = value
    if "buffs" in fields:
        n = sum(len(row) for row in fields["buffs"])
        data["uid"] = max(data["uid"], n)
        uid = 0
        rows = []
        for row in fields["buffs"]:
            out = []
            for b in row:
                uid += 1
                entry = {"card": b, "turns": 0} if isinstance(b, str) else dict(b)
                entry.setdefault("uid", uid)
                out.append(entry)
            rows.append(out)
        data["buffs"] = rows
    # The card files a scenario names are given explicitly (its paths are names to
    # match, never files opened on their own).
    params = data.get("params")
    cards = params.get("cards", "") if isinstance(params, dict) else ""
    state = from_scenario(data, files=[Path(c) for c in cards.split(",") if c])
    assert isinstance(state, LsState)
    return state


def after(state: LsState, mark: int, kind: str | None = None) -> list[Event]:
    """The events since ``mark`` (of one kind)."""
    return [e for e in state.events[mark:] if kind is None or e.kind == kind]


def fields(state: LsState, mark: int, kind: str) -> list[dict[str, Any]]:
    """The fields of the events of one kind since ``mark``."""
    return [e.fields for e in after(state, mark, kind)]


def buffs(state: LsState, seat: int) -> list[tuple[str, int]]:
    """A seat's buff row: (card id, quarter turns), left to right."""
    return [(state.cat.cards[c].id, t) for _, c, t in state.buffs[seat]]


def ids(state: LsState, zone: list[int]) -> list[str]:
    """Card ids of a zone."""
    return [state.cat.cards[c].id for c in zone]


def pass_round(state: LsState) -> None:
    """Every player passes once (back to the same player's action phase)."""
    for _ in range(len([p for p in range(state.players) if state.alive[p]])):
        state.apply("pass")
