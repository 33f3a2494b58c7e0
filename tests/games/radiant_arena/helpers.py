"""Shared helpers of the radiant-arena rule and example tests: positions, checks, events.

Every position loads the rulebook's example cards (cards/examples.toml) and the test decks
and probes (cards/rule_decks.toml) besides the packaged cards; they add cards, never change
the starter decks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop.core import IllegalActionError, from_scenario
from tabletop.games.radiant_arena.rules import PREP, ArenaState

GAME = "radiant-arena"
HERE = Path(__file__).parent
CARDS = HERE / "cards"
SCENARIOS = HERE / "scenarios"
EXTRA_CARDS = f"{CARDS / 'examples.toml'},{CARDS / 'rule_decks.toml'}"


def params(deck_a: str = "a", deck_b: str = "b") -> dict[str, str]:
    """Scenario params: the two decks and the extra card files."""
    return {"deck_a": deck_a, "deck_b": deck_b, "cards": EXTRA_CARDS}


def with_banished(data: dict[str, Any]) -> dict[str, Any]:
    """Scenario data in which a deity placed in play has manifested (Key Concepts —
    Manifestation): unless ``banished`` is given, the first hero of its seat that the
    scenario does not place goes to the void as the banished one."""
    if "banished" in data:
        return data
    from tabletop.games.radiant_arena.spec import catalog

    params = data.get("params", {})
    cat = catalog(params.get("cards", ""))
    units = data.setdefault("units", {})
    banished = ["", ""]
    for seat, key in ((0, "deck_a"), (1, "deck_b")):
        deck = cat.decks[params.get(key, "ab"[seat])]
        placed = units.get(deck.deity, {})
        if placed.get("zone", "home") == "home":
            continue
        spare = next((h for h in deck.heroes if h not in units), None)
        if spare is None:
            raise AssertionError(f"{deck.deity} is in play: give banished (every hero of "
                                 "its seat is placed)")
        units[spare] = {"zone": "void"}
        banished[seat] = spare
    data["banished"] = banished
    return data


def scenario(data: dict[str, Any], where: str = "scenario") -> ArenaState:
    """``from_scenario`` with the card files the scenario names given explicitly (a
    scenario's paths are names to match, never files opened on their own)."""
    params = data.get("params")
    cards = params.get("cards", "") if isinstance(params, dict) else ""
    files = [Path(c) for c in cards.split(",") if c] if isinstance(cards, str) else []
    state = from_scenario(data, where, files=files)
    assert isinstance(state, ArenaState)
    return state


def position(units: dict[str, dict[str, Any]] | None = None, *,
             deck_ids: tuple[str, str] = ("a", "b"),
             hands: list[list[str]] | None = None, **fields: Any) -> ArenaState:
    """A position from scenario fields; hands are empty unless given (no random cards).

    A position in an automatic step (``phase = "preparation"``) runs on to the first
    decision, like a game.
    """
    data: dict[str, Any] = {"game": GAME, "params": params(*deck_ids), "units": units or {},
                            "hands": hands if hands is not None else [[], []], **fields}
    state = scenario(with_banished(data))
    assert state.phase != PREP
    return state


def scenario_file(name: str) -> ArenaState:
    """A position from tests/games/radiant_arena/scenarios/<name>.toml (its ``cards``
    param names files relative to tests/games/radiant_arena)."""
    import tomllib

    data = tomllib.loads((SCENARIOS / f"{name}.toml").read_text())
    cards = data.get("params", {}).get("cards", "")
    if cards:
        data["params"]["cards"] = ",".join(str(HERE / c) for c in cards.split(","))
    return scenario(data, str(SCENARIOS / f"{name}.toml"))


def legal(state: ArenaState) -> set[str]:
    """The notation of every legal action."""
    return {a.to_text() for a in state.legal_actions()}


def play(state: ArenaState, *actions: str) -> ArenaState:
    """Apply actions in order (each checked)."""
    for a in actions:
        state.apply(a)
    return state


EVERYONE = -99  # found(seat=EVERYONE): every event, unfiltered


def found(state: ArenaState, kind: str, *, seat: int | None = EVERYONE, since: int = 0,
          **match: Any) -> list[dict[str, Any]]:
    """The fields of the events of ``kind`` (from index ``since``) whose fields include
    ``match``: all events, or the copies ``seat`` may see (``None``: a spectator)."""
    events = state.events if seat == EVERYONE else state.events_for(seat)
    return [e.fields for e in events[since:] if e.kind == kind
            and all(k in e.fields and e.fields[k] == v for k, v in match.items())]


def happened(state: ArenaState, kind: str, **match: Any) -> bool:
    """Whether an event of ``kind`` with these fields happened (see :func:`found`)."""
    return bool(found(state, kind, **match))


def skills_of(deck_id: str, *less: str) -> list[str]:
    """Every skill card of a deck's heroes (with the extra test cards), less ``less``: what
    a discard pile holds when the deck is empty and ``less`` is in the hand."""
    from tabletop.games.radiant_arena.spec import catalog

    cat = catalog(EXTRA_CARDS)
    cards = [k for h in cat.decks[deck_id].heroes for k in cat.skill_set(h)]
    for k in less:
        cards.remove(k)
    return cards


def index_of(state: ArenaState, kind: str, **match: Any) -> int:
    """The position of the first event of ``kind`` with these fields."""
    for i, e in enumerate(state.events):
        if e.kind == kind and all(e.fields.get(k) == v for k, v in match.items()):
            return i
    raise AssertionError(f"no {kind} event with {match}: {[e.text for e in state.events]}")


def kinds(state: ArenaState, since: int = 0) -> list[str]:
    """The kinds of the events from index ``since``."""
    return [e.kind for e in state.events[since:]]


def u(state: ArenaState, name: str) -> int:
    """A unit's slot by card id."""
    return state.names[name]


def dmg(state: ArenaState, name: str) -> int:
    """Damage tokens on a unit."""
    return state.dmg[u(state, name)]


def zone(state: ArenaState, name: str) -> str:
    """A unit's zone in scenario words."""
    return state.to_data()["units"][name]["zone"]


def committed(state: ArenaState, name: str) -> bool:
    """Whether a unit is committed."""
    return bool(state.comm[u(state, name)])


def assert_illegal(state: ArenaState, action: str, section: str) -> IllegalActionError:
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

