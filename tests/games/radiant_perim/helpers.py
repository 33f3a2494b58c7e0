"""Shared helpers: compact positions, the illegal-action check, event and action lists.

Seats and sides are 0-based in scenario data, views and events (people see P1..P4)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop.core import IllegalActionError, from_scenario, load_scenario
from tabletop.games.radiant_perim.rules import PerimState

GAME = "radiant-perim"
SCENARIOS = Path(__file__).parent / "scenarios"

RACES = ("avis", "treefolk", "stonedweller", "mariner")
RANKS = ("assassin", "elder", "scout", "mount", "knight", "phalanx")


def position(**fields: Any) -> PerimState:
    """A position from scenario fields (``game`` is filled in)."""
    state = from_scenario({"game": GAME, **fields})
    assert isinstance(state, PerimState)
    return state


def scenario_file(name: str) -> PerimState:
    """A position from tests/games/radiant_perim/scenarios/<name>.toml."""
    state = load_scenario(SCENARIOS / f"{name}.toml")
    assert isinstance(state, PerimState)
    return state


def war(hands: list[list[str]], *, radiant: str = "treefolk", tracker: str = "centre",
        turn: int = 0, need_move: bool | None = None, seat: list[dict[str, Any]] | None = None,
        **fields: Any) -> PerimState:
    """A War position: one hand per seat, no coins unless given, the tracker where asked.

    ``need_move`` defaults to True when the tracker is on the centre (the war begins).
    """
    data: dict[str, Any] = {
        "players": len(hands), "age": 1, "phase": "war", "radiant": radiant,
        "tracker": tracker, "turn": turn,
        "need_move": tracker == "centre" if need_move is None else need_move,
        "silver": {}, "copper": {},
    }
    data.update(fields)
    tables = seat or [{} for _ in hands]
    data["seat"] = [{"hand": list(h), **extra} for h, extra in zip(hands, tables, strict=True)]
    return position(**data)


def legal(state: PerimState) -> set[str]:
    """The notation of every legal action."""
    return {a.to_text() for a in state.legal_actions()}


def texts(state: PerimState, seat: int | None = None, *, everything: bool = False) -> list[str]:
    """Event sentences: all of them, or those ``seat`` (0-based; None: spectator) may see."""
    events = state.events if everything else state.events_for(seat)
    return [e.text for e in events]


def events(state: PerimState, kind: str, seat: int | None | str = "all") -> list[dict[str, Any]]:
    """The fields of every event of ``kind``: all of them (``seat="all"``), or as the copies
    ``seat`` (0-based; None: a spectator) sees."""
    stream = state.events if seat == "all" else state.events_for(seat)  # type: ignore[arg-type]
    return [e.fields for e in stream if e.kind == kind]


def kinds(state: PerimState, seat: int | None | str = "all") -> list[str]:
    """The kinds of the events, in order (all, or those ``seat`` sees)."""
    stream = state.events if seat == "all" else state.events_for(seat)  # type: ignore[arg-type]
    return [e.kind for e in stream]


def assert_illegal(state: PerimState, action: str, section: str) -> IllegalActionError:
    """``action`` raises IllegalActionError naming ``section`` and changes nothing."""
    before = state.to_data()
    events, history = list(state.events), list(state.history)
    legal_before = legal(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert section in str(info.value), str(info.value)
    assert section in info.value.rule
    assert state.to_data() == before
    assert state.events == events and state.history == history
    assert legal(state) == legal_before
    return info.value


def play_all(state: PerimState, actions: list[str]) -> PerimState:
    """Apply actions in order."""
    for a in actions:
        state.apply(a)
    return state


def meld_phase(hands: list[list[str]], *, age: int = 1, dealer: int | None = None,
               scores: list[int] | None = None, **fields: Any) -> PerimState:
    """A Meld position, the first seat left of the dealer to choose."""
    players = len(hands)
    dealer = players - 1 if dealer is None else dealer
    data: dict[str, Any] = {
        "players": players, "age": age, "phase": "meld", "dealer": dealer,
        "turn": (dealer + 1) % players, "radiant": "treefolk", "silver": {}, "copper": {},
        "seat": [{"hand": list(h)} for h in hands],
    }
    if scores is not None:
        data["scores"] = scores
    data.update(fields)
    return position(**data)


def finish_melds(state: PerimState, melds: dict[int, list[str]] | None = None) -> PerimState:
    """Every seat (from the one to act) sets aside its melds (by 0-based seat) and is done."""
    melds = melds or {}
    for _ in range(state.players):
        seat = state.to_act
        assert seat is not None
        for m in melds.get(seat, []):
            state.apply(f"meld {m}")
        state.apply("meld done")
    return state


def last_battle(*, age: int = 1, winner_card: str = "avis.phalanx",
                loser_card: str = "avis.scout", seat: list[dict[str, Any]] | None = None,
                **fields: Any) -> PerimState:
    """Two players, one card each, at the start of the last battle of ``age``.

    P1 (seat 0) moves into clouds-1 and wins with ``winner_card``; the war then ends.
    """
    return war([[winner_card], [loser_card]], age=age, radiant=fields.pop("radiant", "treefolk"),
               seat=seat, **fields)


def fight_last_battle(state: PerimState, region: str = "clouds-1") -> PerimState:
    """P1 moves into ``region``; both play their single card."""
    state.apply(f"move {region}")
    for _ in range(2):
        state.apply(next(iter(state.legal_actions())))
    return state


def last_winner(state: PerimState) -> tuple[int, str]:
    """(0-based seat, region) of the latest battle won, read from the public events."""
    won = events(state, "battle_won", None)
    assert won, "no battle has been won"
    return won[-1]["seat"], won[-1]["region"]
