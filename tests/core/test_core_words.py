"""The words hook (core/words.py, ``State.describe``): issue 31, "Words, not notation" --
"each game gives every legal action a short label and a longer description in words,
built from the action and the seat's view ..., through one hook of the game contract so
the terminal, the web and `tabletop analyze` share them" (COORDINATION.md, contract 2)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tabletop.core import Action, ActionWords, GameSpec, from_scenario, notation_words

from .conftest import ToyState


def test_default_words_are_the_notation(toy: GameSpec) -> None:
    """Contract 2: without a hook of its own a game's words are its notation, label and
    text alike, for every legal action, in the order of ``legal_actions``."""
    state = from_scenario({"game": "toy-nim", "players": 2, "pile": 5})
    assert toy.words is notation_words
    assert state.describe("take 2", 0) == ActionWords("take 2", "take 2")
    assert [w.label for w in state.describe_legal(0)] == ["take 1", "take 2", "take 3"]
    assert state.describe_legal(0)[0].to_json() == {"label": "take 1", "text": "take 1"}


def test_the_hook_reads_the_seats_view_and_the_catalogue(
        toy: GameSpec, monkeypatch: pytest.MonkeyPatch) -> None:
    """Contract 2: ``State.describe(action, seat)`` builds the words from the action and
    ``self.view(seat)`` only (never the hidden truth), through ``GameSpec.words``; the
    catalogue is the game's public card data (``State.catalogue()``)."""
    seen: list[tuple[str, dict[str, Any], Any]] = []

    def words(action: Action, view: dict[str, Any], catalogue: Any) -> ActionWords:
        seen.append((action.to_text(), view, catalogue))
        n = action.to_text().split()[1]
        mine = f" (your number is {view['secret']})" if "secret" in view else ""
        return ActionWords(f"Take {n}", f"Take {n} stones from the pile of "
                                        f"{view['pile']}{mine}.")

    monkeypatch.setattr(ToyState, "spec", dataclasses.replace(toy, words=words))
    monkeypatch.setattr(ToyState, "catalogue", lambda self: "the toy's catalogue",
                        raising=False)
    state = from_scenario({"game": "toy-nim", "players": 2, "pile": 5, "secret": [11, 22]})
    assert state.describe(state.legal_actions()[1], 1) == ActionWords(
        "Take 2", "Take 2 stones from the pile of 5 (your number is 22).")
    assert seen[-1] == ("take 2", state.view(1), "the toy's catalogue")
    # A spectator's words come from the spectator's view: no seat's secret in them.
    assert state.describe("take 1", None).text == "Take 1 stones from the pile of 5."
    # Every legal action, one view for all, aligned with legal_actions.
    labels = state.describe_legal(0)
    assert [w.label for w in labels] == ["Take 1", "Take 2", "Take 3"]
    assert all("your number is 11" in w.text for w in labels)
    assert state.to_data()["pile"] == 5 and not state.history  # describing changes nothing


def test_the_default_catalogue_is_none(toy: GameSpec) -> None:
    """core/state.py: a game whose views name everything needs no catalogue."""
    assert from_scenario({"game": "toy-nim", "players": 2, "pile": 3}).catalogue() is None
