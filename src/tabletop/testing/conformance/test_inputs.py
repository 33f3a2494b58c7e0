"""Conformance: bad input, on every registered game.

Issue "Core 1.1": scenario files are strict (unknown keys or tables anywhere are errors
naming the table and key; exact types); every parser raises the game's own error for any
text; error messages do not depend on hidden information. DESIGN.md: an illegal action
"leaves the state exactly as it was".
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import (
    NotationError,
    State,
    TabletopError,
    get_spec,
    new_game,
)

from .common import CASES, CASES_SEEDS, playthrough, snapshot

Path_ = tuple[Any, ...]


def tables(data: Any, path: Path_ = ()) -> Iterator[Path_]:
    """The path of every table (dict) in a position's data."""
    if isinstance(data, dict):
        yield path
        for k, v in data.items():
            yield from tables(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from tables(v, (*path, i))


def leaves(data: Any, path: Path_ = ()) -> Iterator[Path_]:
    """The path of every value that is not a table or a list."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield from leaves(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from leaves(v, (*path, i))
    else:
        yield path


def at(data: Any, path: Path_) -> Any:
    for k in path:
        data = data[k]
    return data


def put(data: Any, path: Path_, value: Any) -> Any:
    out = copy.deepcopy(data)
    at(out, path[:-1])[path[-1]] = value
    return out


def wrong_type(value: Any) -> Any:
    """A value of another type that a careless reader might still accept."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(value)
    if isinstance(value, str):
        return 7
    return "x"


def build(game: str, data: dict[str, Any]) -> State | TabletopError:
    """The game's own reader on ``data``: a state, or the game's error (any other
    exception fails the test: it would be an internal error)."""
    try:
        return get_spec(game).from_data(data)
    except TabletopError as e:
        return e


def shapes(game: str, players: int, seed: int) -> list[list[str]]:
    """The words of every action played in a random game: texts of every shape."""
    return [a.to_text().split() for a in playthrough(game, players, seed).actions]


def positions(game: str, players: int, seed: int, every: int) -> list[State]:
    pt = playthrough(game, players, seed)
    return [pt.states[i] for i in pt.points(every)]


# --- scenarios ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_unknown_keys_anywhere_in_a_scenario_are_refused(
        game: str, players: int, seed: int) -> None:
    """Issue "Core 1.1": unknown keys or tables anywhere are errors naming the key."""
    for state in positions(game, players, seed, 29):
        data = state.to_data()
        for path in tables(data):
            bad = put(data, (*path, "zz_unknown"), 1) if path else {**data, "zz_unknown": 1}
            got = build(game, bad)
            assert isinstance(got, TabletopError), (path, got)  # ScenarioError, ParameterError
            assert "zz_unknown" in str(got), (path, str(got))


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_scenario_values_of_a_wrong_type_are_refused(game: str, players: int,
                                                     seed: int) -> None:
    """Issue "Core 1.1": exact types (no "2" for 2, no 1 for true): a value of the wrong
    type anywhere in a position is the game's error, never accepted and never a crash."""
    rng = random.Random(seed)
    for state in positions(game, players, seed, 37):
        data = state.to_data()
        paths = list(leaves(data))
        for path in rng.sample(paths, min(60, len(paths))):
            got = build(game, put(data, path, wrong_type(at(data, path))))
            assert isinstance(got, TabletopError), (path, "accepted")


JUNK: list[Any] = [None, -1, -(10**30), 10**30, 2**63, 1.5, "", "zz", [], {}, [[]], True,
                   "x" * 10_000]


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_a_scenario_reader_never_crashes(game: str, players: int, seed: int) -> None:
    """Issue "Core 1.1": scenario loading validates the whole position and rejects what
    play cannot reach instead of crashing: any value replaced by junk, or any key left
    out, gives either a position that plays (its legal actions apply) or the game's own
    error."""
    rng = random.Random(seed)
    for state in positions(game, players, seed, 43):
        data = state.to_data()
        paths = list(leaves(data)) + [p for p in tables(data) if p]
        for path in rng.sample(paths, min(80, len(paths))):
            if rng.random() < 0.2 and not isinstance(path[-1], int):
                bad = copy.deepcopy(data)
                del at(bad, path[:-1])[path[-1]]
            else:
                bad = put(data, path, rng.choice(JUNK))
            got = build(game, bad)
            if isinstance(got, State) and got.to_act is not None:
                legal = got.legal_actions()
                assert legal, (path, "a seat is to act with no legal action")
                got.apply(legal[0])


# --- notation ---------------------------------------------------------------------------


TEXT = st.one_of(
    st.text(max_size=80),
    st.lists(st.sampled_from(["pick", "play", "meld", "move", "attack", "talent", "clash",
                              "deploy", "target", "revive", "buy", "@2", "@p9", "²", "٣",
                              "a1", "left", "by", "with", "banish", "done", ":", "9" * 5000,
                              "\x00", "\u202e", "pass", "mass", "buyback"]),
             max_size=6).map(" ".join),
)


@pytest.mark.parametrize(("game", "players"), CASES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT)
def test_any_text_parses_to_an_action_or_a_notation_error(game: str, players: int,
                                                          text: str) -> None:
    """Issue "Core 1.1": every parser raises the game's own error for any text (digits
    such as "²", 5,000-digit numbers, control characters); what parses round-trips; the
    message quotes at most a short prefix of the input."""
    state = _fresh(game, players)
    try:
        action = state.parse_action(text)
    except NotationError as e:
        assert len(str(e)) < 1200
        return
    assert state.parse_action(action.to_text()) == action


@pytest.mark.parametrize(("game", "players"), CASES)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT)
def test_applying_any_text_applies_a_legal_action_or_changes_nothing(
        game: str, players: int, text: str) -> None:
    """DESIGN.md: ``apply`` checks first; bad input raises the game's error and leaves the
    state exactly as it was."""
    state = _fresh(game, players).clone()
    before = snapshot(state)
    try:
        state.apply(text)
    except TabletopError:
        assert snapshot(state) == before
        return
    assert state.history[-1].to_text() in before["legal"]


_FRESH: dict[tuple[str, int], State] = {}


def _fresh(game: str, players: int) -> State:
    key = (game, players)
    if key not in _FRESH:
        _FRESH[key] = new_game(game, players=players, seed=1234)
    return _FRESH[key]


# --- error messages and hidden information ---------------------------------------------


def vocabulary(state: State) -> list[str]:
    """Words to build action texts from: every word of the legal actions' notation and
    every string in the whole position (hidden cards included: a hand, a deck, a face-down
    deity), so texts name cards the seat to act cannot see."""
    words = {w for a in state.legal_actions() for w in a.to_text().split()}
    stack: list[Any] = [state.to_data()]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str) and 0 < len(v) < 40 and " " not in v:
            words.add(v)
    return sorted(words)


def message(state: State, text: str) -> str:
    """What the seat to act is told when it sends ``text`` ("" if it is legal)."""
    try:
        state.clone().apply(text, seat=state.to_act)
    except TabletopError as e:
        return f"{type(e).__name__}: {e}"
    return ""


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_error_messages_do_not_depend_on_hidden_information(
        game: str, players: int, seed: int) -> None:
    """Issue "Core 1.1": error messages must not depend on hidden information: naming a
    card that exists only face down gives the same message as naming a card not in the
    game. For random texts made of notation words and every card of the position, the
    seat to act is told the same in the true state and in re-deals of what it cannot see."""
    rng = random.Random(seed)
    forms = shapes(game, players, seed)
    compared = 0
    for state in positions(game, players, seed, 13)[:-1]:
        seat = state.to_act
        assert seat is not None
        others = [state.resample(seat, random.Random(seed + k)) for k in range(3)]
        words = vocabulary(state)
        for _ in range(40):
            # An action of the game with one or two of its words swapped for any word of
            # the position (a hidden card, often): well-formed, mostly illegal here.
            text_words = list(rng.choice(forms))
            for _ in range(rng.randint(1, 2)):
                text_words[rng.randrange(min(1, len(text_words) - 1), len(text_words))] = (
                    rng.choice(words))
            text = " ".join(text_words)
            told = message(state, text)
            for other in others:
                assert message(other, text) == told, (text, told)
            compared += 1
    assert compared
