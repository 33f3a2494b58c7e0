"""The engine's readers and entry points under random input (hypothesis): only the
documented errors, a message that says what is wrong, and a state left exactly as it was."""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import (
    IllegalActionError,
    NotationError,
    Record,
    RecordError,
    TabletopError,
    record_of,
    verify,
)

from .conftest import SETUPS, random_states

SETTINGS = settings(max_examples=15, deadline=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))


@cache
def _record(game: str, players: int) -> dict[str, Any]:
    state = tabletop.new_game(game, players=players, seed=11)
    rng = random.Random(11)
    for _ in range(60):  # a short game: a prefix is a valid unfinished record too
        if state.to_act is None:
            break
        state.apply(rng.choice(state.legal_actions()))
    return record_of(state).to_json()


ODD: list[Any] = [None, True, -1, 0, 2**70, 1.5, "", "x" * 300, "\x00", [], {}, [1],
                  {"a": 1}, "players", "../../etc/passwd", "pass"]


def _mutate(doc: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(["set", "drop", "add", "param", "action",
                                          "swap", "outcome"]))
        key = data.draw(st.sampled_from(sorted(doc)))
        if kind == "set":
            doc[key] = data.draw(st.sampled_from(ODD))
        elif kind == "drop":
            doc.pop(key, None)
        elif kind == "add":
            doc[data.draw(st.sampled_from(["extra", "start", "seat", "view"]))] = \
                data.draw(st.sampled_from(ODD))
        elif kind == "param" and isinstance(doc.get("params"), dict):
            doc["params"][data.draw(st.sampled_from(
                ["players", "seed", "game_id", "cards", "strike", "decks", "deck_a",
                 "deal", "x"]))] = data.draw(st.sampled_from(ODD))
        elif kind == "action" and isinstance(doc.get("actions"), list) and doc["actions"]:
            i = data.draw(st.integers(0, len(doc["actions"]) - 1))
            doc["actions"][i] = data.draw(st.one_of(st.sampled_from(ODD), st.text(
                max_size=30)))
        elif kind == "swap" and isinstance(doc.get("actions"), list):
            doc["actions"] = data.draw(st.permutations(doc["actions"]))
        elif kind == "outcome":
            doc["outcome"] = data.draw(st.sampled_from(
                [None, {}, {"scores": [1], "winners": [9], "reason": 1},
                 {"scores": "x", "winners": [], "reason": ""}, [1]]))
    return doc


@pytest.mark.parametrize("game,players", SETUPS)
@SETTINGS
@given(data=st.data())
def test_a_mutated_record_is_a_record_error(game: str, players: int,
                                            data: st.DataObject) -> None:
    doc = _mutate(_record(game, players), data)
    text = json.dumps(doc)
    try:
        verify(Record.from_json(json.loads(text)))
    except RecordError as e:
        assert str(e).strip() and "Traceback" not in str(e)


@pytest.mark.parametrize("game,players", SETUPS)
@SETTINGS
@given(data=st.data())
def test_any_text_from_any_seat_is_applied_or_refused_cleanly(
        game: str, players: int, data: st.DataObject) -> None:
    states = list(random_states(game, players, seed=3, every=9))
    state = data.draw(st.sampled_from(states))
    legal = [a.to_text() for a in state.legal_actions()]
    words = sorted({w for t in legal for w in t.split()}) or ["pass"]
    text = data.draw(st.one_of(
        st.text(max_size=40),
        st.lists(st.sampled_from(words), min_size=1, max_size=5).map(" ".join),
        st.sampled_from(legal or ["pass"]).map(lambda t: t + data.draw(
            st.sampled_from(["", " ", " x", "!", "\x00", " " + t])))))
    seat = data.draw(st.one_of(st.none(), st.integers(-2, players + 1),
                               st.sampled_from([True, "0", 1.0])))
    before = state.state_hash()
    view = [state.view(s) for s in range(players)]
    try:
        state.clone().apply(text, seat=seat)
    except (IllegalActionError, NotationError, TabletopError) as e:
        assert str(e).strip()
        try:
            state.apply(text, seat=seat)
        except TabletopError:
            pass
        else:  # pragma: no cover - the clone refused it
            raise AssertionError("the state took what its clone refused")
        assert state.state_hash() == before
        assert [state.view(s) for s in range(players)] == view
