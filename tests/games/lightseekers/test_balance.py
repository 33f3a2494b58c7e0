"""What lightseekers tallies for `tabletop balance` (its GameSpec.balance, issue 26): each
seat's hero, ready deck (a different one each, drawn from the seed) and the deck's cards,
the cards it played, and the seat drawn to play first (GETTING STARTED: "Randomly decide
the play order")."""

from __future__ import annotations

from tabletop.games.lightseekers.data import catalog
from tabletop.games.lightseekers.spec import tally
from tabletop.sim.balance import balance_jobs, play_tallied
from tabletop.sim.match import play_match

CAT = catalog()


def test_each_seat_counts_its_hero_deck_and_cards() -> None:
    for job in balance_jobs("lightseekers", 3, ["random"], seed=30):
        assert job[5] == {"decks": "random"}
        t = play_tallied(job).tally
        decks = [s.held["deck"][0] for s in t.seats]
        assert len(set(decks)) == 2  # decks=random: a different one each
        for seat, d in zip(t.seats, decks, strict=True):
            deck = CAT.decks[d]
            assert seat.held["hero"] == (deck.hero,)
            assert set(seat.held["card"]) == {*deck.combos, *(c for c, _ in deck.cards)}
            assert set(seat.played["card"]) <= set(seat.held["card"])


def test_named_decks_and_the_first_player() -> None:
    state = play_match("lightseekers", 2, ["random", "random"], 4, {"decks": "storm,tech"})
    t = tally(state)
    assert [s.held["deck"] for s in t.seats] == [("storm",), ("tech",)]
    assert t.first == state.order[0] and t.turns == state.turn
    played = {e.fields["card"] for e in state.events
              if e.kind in ("play", "combo") and e.fields["seat"] == 1}
    assert set(t.seats[1].played["card"]) == played
