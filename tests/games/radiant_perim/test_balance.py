"""What radiant-perim tallies for `tabletop balance` (its GameSpec.balance, issue 26): each
seat's cards over the three ages (dealt, or drafted in Phase 1: Recruit), those it played
in Phase 3: War, and the melds it revealed (Phase 2: Meld)."""

from __future__ import annotations

from tabletop.games.radiant_perim.spec import tally
from tabletop.sim.match import play_match


def test_cards_dealt_drafted_and_played_and_the_melds() -> None:
    state = play_match("radiant-perim", 3, ["greedy", "random", "random"], 12)
    t = tally(state)
    assert len(t.seats) == 3 and t.first == 0 and t.turns is None
    for s, seat in enumerate(t.seats):
        picks = {e.fields["card"] for e in state.events
                 if e.kind == "pick" and e.fields["seat"] == s}
        assert picks and picks <= set(seat.held["card"])
        assert set(seat.played["card"]) <= set(seat.held["card"])
        melds = {m["meld"] for e in state.events if e.kind == "melds_revealed"
                 and e.fields["seat"] == s for m in e.fields["melds"]}
        assert set(seat.held["meld"]) == melds
    assert any(seat.played["card"] for seat in t.seats)
