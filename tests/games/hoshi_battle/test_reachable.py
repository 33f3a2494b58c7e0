"""Positions play cannot reach are refused naming the key, what is wrong and the rule
broken, a heading of hoshi-duel.txt with a note (reachable.py; issue 30, "the
reachability check": one ``ScenarioError`` ``key: what (rule)`` made by
``tabletop.core.reachable.refuse``)."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core import ScenarioError, from_scenario, new_game
from tabletop.games.hoshi_battle import HoshiState
from tabletop.games.hoshi_battle.ids import R_DEFEAT, R_LINE, R_PRIORITY, R_SETUP

from .helpers import position


def dealt_data(players: int = 2) -> dict[str, Any]:
    """A dealt game at the first Duel's first reveal window, as scenario data."""
    s = new_game("hoshi-battle", players=players, seed=1)
    assert isinstance(s, HoshiState)
    while s.phase in ("keep", "choose"):
        s.apply(s.legal_actions()[0])
    return {"game": "hoshi-battle", **s.to_data()}


def refused(data: dict[str, Any]) -> str:
    """The refusal of ``data``, without the file name the scenario reader puts first."""
    with pytest.raises(ScenarioError) as err:
        from_scenario(data, "case.toml")
    message = str(err.value)
    assert message.startswith("case.toml: ")
    return message.removeprefix("case.toml: ")


def test_the_dealt_positions_are_reachable() -> None:
    """The cases below differ from a position that loads only in what they break."""
    for players in (2, 5):
        assert isinstance(from_scenario(dealt_data(players)), HoshiState)


def test_a_duelist_waiting_in_line_is_refused_citing_the_multiplayer_game() -> None:
    """Terminology: Game, the multiplayer variant (docs/rules/hoshi-battle.md,
    "Multiplayer"): one Duel at a time, the others wait in line."""
    d = dealt_data(5)
    d["line"] = [*d["line"], d["duelists"][0]]
    assert refused(d) == (f"line: waiting players, once each, none of them a duelist "
                          f"({R_LINE})")


def test_a_hero_in_two_places_is_refused_citing_the_deal() -> None:
    """Terminology: Game, setup (docs/rules/hoshi-battle.md, "Setup"): five Heroes dealt
    to each player from one shuffled deck, so each Hero is in one place."""
    d = dealt_data()
    d["hands"][0] = [*d["hands"][0], d["hero_deck"][0]]
    d["hero_deck"] = d["hero_deck"][1:]
    d["exiled"][0] = [d["hands"][0][0]]
    d["shown"][0] = [*d["shown"][0], d["hands"][0][0]]
    assert refused(d) == f"seat 0: a Hero in two places ({R_SETUP})"


def test_a_hero_missing_from_the_table_is_refused_citing_the_deal() -> None:
    """Terminology: Game, setup: every Hero of the box is dealt or in the deck."""
    d = dealt_data()
    d["hero_deck"] = d["hero_deck"][1:]
    assert refused(d) == ("hero_deck, hands, discards, hero, chosen, exiled: every Hero is "
                          "in exactly one place (deck, hand, discards, in play, exiled) "
                          f"({R_SETUP})")


def test_timestamps_out_of_order_are_refused_citing_card_effect_priority() -> None:
    """Card Effect Priority: "The last card or effect played always has priority": the
    store's timestamps give that order, so they increase, up to the clock."""
    s = position("clay-champion", "saal-swordsman", play1=["fire-axe"])
    assert s.store, "fire-axe in play sets a modifier"
    d = {"game": "hoshi-battle", **s.to_data()}
    d["clock"] = 0
    assert refused(d) == f"store: timestamps increase, up to the clock ({R_PRIORITY})"


def test_a_hero_without_stones_at_a_rounds_beginning_is_refused_citing_defeat() -> None:
    """Terminology: To defeat: the defeated player has one last chance at the end of the
    round "before his Hero is exiled", so no Hero without stones reaches the next round."""
    with pytest.raises(ScenarioError) as err:
        position("clay-champion", "saal-swordsman", stones=(0, 2), window="round_start")
    assert str(err.value).endswith(f"stones: a Hero without stones is exiled at the end "
                                   f"of a round ({R_DEFEAT})")
    s = position("clay-champion", "saal-swordsman", stones=(0, 2), window="round_end")
    assert s.stones == [0, 2]
