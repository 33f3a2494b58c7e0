"""Positions play cannot reach are refused naming the key, what is wrong and the rulebook
section broken (reachable.py; issue 30, "the reachability check": one ``ScenarioError``
``key: what (rule)`` made by ``tabletop.core.reachable.refuse``)."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core import ScenarioError, from_scenario
from tabletop.games.lightseekers.rules import LsState

from .helpers import FILLER, GAME


def base(players: int = 2) -> dict[str, Any]:
    """A position play reaches: seat 0 at the start of its action phase."""
    empty: list[list[Any]] = [[] for _ in range(players)]
    return {
        "game": GAME, "players": players, "order": list(range(players)), "active": 0,
        "step": "action", "heroes": ["ember", "tempest", "solara"][:players],
        "health": [24] * players, "alive": [True] * players, "vp": [0] * players,
        "out": [], "empties": [0] * players, "hand": empty,
        "deck": [list(FILLER) for _ in range(players)], "discard": empty, "buffs": empty,
        "items": empty, "used": [], "actions": 0, "combo": False, "passed": False,
        "paying": {"combo": "", "paid": []}, "rewards": [], "store": [], "turn": 1,
        "uid": 0, "clock": 0,
    }


def refused(data: dict[str, Any]) -> str:
    """The refusal of ``data``, without the file name the scenario reader puts first."""
    with pytest.raises(ScenarioError) as err:
        from_scenario(data, "case.toml")
    message = str(err.value)
    assert message.startswith("case.toml: ")
    return message.removeprefix("case.toml: ")


def test_the_base_position_is_reachable() -> None:
    """The cases below differ from a position that loads only in what they break."""
    assert isinstance(from_scenario(base()), LsState)


def test_a_living_hero_at_0_health_is_refused_citing_ending_the_game() -> None:
    """ENDING THE GAME: "If a player is reduced to 0 health, they have been defeated and
    are removed from the game"."""
    d = base()
    d["health"] = [0, 24]
    assert refused(d) == ("health[0]: a hero at 0 health is defeated (ENDING THE GAME)")


def test_victory_points_not_given_for_a_defeat_are_refused() -> None:
    """ENDING THE GAME: the enemy of a defeated player receives 1 Victory Point."""
    d = base(3)
    d.update(alive=[True, True, False], health=[24, 24, 0], out=[2], order=[0, 1, 2])
    assert refused(d) == ("vp: each defeat gives 1 Victory Point, and the last player "
                          "standing gains 1 (ENDING THE GAME)")


def test_a_conceded_player_still_alive_is_refused_citing_the_concession_rule() -> None:
    """docs/rules/lightseekers.md, "Concessions": the player who leaves is removed from the
    game as if defeated (ENDING THE GAME)."""
    d = base(3)
    d["conceded"] = ["", "", "concede"]
    message = refused(d)
    assert message.startswith("conceded: a player who conceded is out of the game")
    assert message.endswith("(ENDING THE GAME: a player who leaves is removed from the "
                            "game as if defeated)")


def test_a_combo_after_actions_is_refused_citing_the_action_phase() -> None:
    """Phase 3: Action Phase: "Either play a combo or perform up to 2 actions"."""
    d = base()
    d.update(combo=True, actions=1)
    assert refused(d) == ("combo: a combo is played instead of actions (Phase 3: Action "
                          "Phase)")


def test_more_copies_than_a_deck_holds_are_refused_citing_getting_started() -> None:
    """GETTING STARTED: "must have at most 3 of each action card" (counted over every
    place a seat's cards can be)."""
    d = base()
    d["hand"] = [["bandage"], []]  # the filler deck holds three already
    assert refused(d) == ("P1: 4 copies of bandage: a deck holds at most 3 (GETTING "
                          "STARTED)")


def test_items_over_the_weight_limit_are_refused_citing_the_item_rule() -> None:
    """ACTION CARD - ITEM: "A hero can have 2 points of items equipped at a time"."""
    d = base()
    d["items"] = [["quake-hammer", "sunstone"], []]
    assert refused(d) == "items[0]: more than 2 points of items (ACTION CARD - ITEM)"
    d["items"] = [["quake-hammer"], []]
    assert isinstance(from_scenario(d), LsState)


def test_an_expired_buff_in_play_is_refused_citing_the_buff_rule() -> None:
    """ACTION CARD - BUFF: "If a rotating buff gets to a position where its current top
    left corner is empty ... it has Expired and is Discarded" (tidal-moon's fourth
    corner is empty)."""
    d = base()
    d.update(buffs=[[{"card": "tidal-moon", "turns": 3, "uid": 1}], []], uid=1)
    assert refused(d) == ("buffs[0][0].turns: the active corner is empty: the buff has "
                          "expired (ACTION CARD - BUFF)")
    d["buffs"] = [[{"card": "tidal-moon", "turns": 2, "uid": 1}], []]
    assert isinstance(from_scenario(d), LsState)
