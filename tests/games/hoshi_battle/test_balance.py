"""What hoshi-battle tallies for `tabletop balance` (its GameSpec.balance, issue 26): the
three Heroes and three Duel cards each player keeps of the five dealt (Setup), the Heroes
sent into a Duel and the cards played, the first Duel's starting player."""

from __future__ import annotations

from tabletop.core import new_game
from tabletop.games.hoshi_battle.spec import tally
from tabletop.sim.balance import balance_jobs, play_tallied
from tabletop.sim.match import play_match


def test_each_seat_keeps_three_heroes_and_three_duel_cards() -> None:
    for job in balance_jobs("hoshi-battle", 3, ["random", "heuristic"], seed=3):
        t = play_tallied(job).tally
        assert len(t.seats) == 2
        for seat in t.seats:
            assert len(seat.held["hero"]) == 3 and len(seat.held["card"]) == 3
            assert seat.played["hero"]  # every player fights the first Duel
        kept = [set(s.held["hero"]) | set(s.held["card"]) for s in t.seats]
        assert not kept[0] & kept[1]  # one deck of each kind: no card in both hands


def test_the_first_duels_starter_and_the_rounds() -> None:
    state = play_match("hoshi-battle", 2, ["random", "random"], 8)
    duels = [e for e in state.events if e.kind == "duel"]
    t = tally(state)
    assert t.first == duels[0].fields["starter"]
    assert t.turns == sum(e.kind == "round" for e in state.events) > 0
    played = [e.fields["card"] for e in state.events
              if e.kind == "play" and e.fields["seat"] == 0]
    assert set(t.seats[0].played["card"]) == set(played)
    assert new_game("hoshi-battle", players=2, seed=8).spec.balance is not None
