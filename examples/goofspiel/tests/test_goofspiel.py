"""Goofspiel's own rules tests (goofspiel.txt), beside the conformance suite that
`tabletop check goofspiel` runs: one test per section of the rulebook."""

from __future__ import annotations

import pytest

from tabletop.core import IllegalActionError, from_scenario, new_game


def position(**fields: object):  # a scenario with only the fields that matter
    return from_scenario({"game": "goofspiel", **fields})


def test_setup_each_player_holds_one_suit_and_a_prize_is_turned() -> None:
    """Components, Setup: each hand is 1..13; the prize deck is shuffled, one turned."""
    s = new_game("goofspiel", players=3, seed=4)
    view = s.view(0)
    assert view["hands"] == [list(range(1, 14))] * 3
    assert view["prize"] in range(1, 14) and view["deck"] == 12


def test_a_round_the_highest_bid_wins_the_prize() -> None:
    """A Round: the highest bid wins the prize card and scores its value."""
    s = position(params={"cards": 3}, deck=[1, 2], prize=3, round=1)
    s.apply("bid 2")
    s.apply("bid 3")
    reveal = [e for e in s.events if e.kind == "reveal"][-1]
    assert reveal.fields["winner"] == 1 and reveal.fields["scores"] == [0, 3]


def test_ties_discard_the_prize() -> None:
    """Ties: if the highest bid is shared, nobody wins the prize."""
    s = position(players=3, params={"cards": 3}, deck=[1, 2], prize=3, round=1)
    for text in ("bid 3", "bid 3", "bid 1"):
        s.apply(text)
    reveal = [e for e in s.events if e.kind == "reveal"][-1]
    assert reveal.fields["winner"] is None and reveal.fields["scores"] == [0, 0, 0]
    assert reveal.rule == "Ties"


def test_a_bid_is_a_card_of_your_hand() -> None:
    """A Round: a player bids a card from their hand; a card already played is not."""
    s = position(params={"cards": 3}, deck=[1], prize=2, round=2, hands=[[1, 2], [1, 3]],
                 scores=[3, 0])
    with pytest.raises(IllegalActionError, match="P1 has no 3 left"):
        s.apply("bid 3")


def test_the_end_most_points_wins_and_a_tie_is_shared() -> None:
    """End of the Game: the most points wins; players tied for the most share the win."""
    s = position(params={"cards": 3}, deck=[], prize=1, round=3, hands=[[1], [1]],
                 scores=[2, 3])
    s.apply("bid 1")
    s.apply("bid 1")  # a tie: the 1 is discarded
    out = s.outcome()
    assert out is not None and out.winners == (1,)
    s = position(params={"cards": 3}, deck=[], prize=1, round=3, hands=[[1], [2]],
                 scores=[3, 2])
    s.apply("bid 1")
    s.apply("bid 2")
    assert s.outcome().winners == (0, 1) and s.outcome().reason == "most points, shared"


def test_a_bid_stays_secret_until_the_reveal() -> None:
    """A Round: bids are placed face down: the others see that P1 bid, not what."""
    s = new_game("goofspiel", players=2, seed=1)
    s.apply("bid 5")
    mine, theirs = s.events_for(0)[-1], s.events_for(1)[-1]
    assert mine.fields["card"] == 5 and "card" not in theirs.fields
    assert s.view(1)["bid"] == [True, False] and "5" not in str(s.view(1).get("my_bid"))


def test_a_bid_reads_in_words() -> None:
    """docs/adding-a-game.md, "Actions in words": a button says "Bid your 7" and what the
    bid is for (the prize face up), never the notation."""
    s = position(params={"cards": 3}, deck=[1, 2], prize=3, round=1)
    words = s.describe("bid 2", 0)
    assert words.label == "Bid your 2"
    assert words.text == ("Bid your 2 face down for the prize card 3; the highest bid wins "
                          "it once everyone has bid.")
    assert [w.label for w in s.describe_legal(0)] == ["Bid your 1", "Bid your 2", "Bid your 3"]
