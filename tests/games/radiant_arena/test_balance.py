"""What radiant-arena tallies for `tabletop balance` (its GameSpec.balance, issues 12 and
26): the drafted heroes, deity and items of each player (Now Let's Play! — Drafting), the
skill cards of its heroes' sets and those it played, its ready deck when not drafted."""

from __future__ import annotations

from tabletop.games.radiant_arena.spec import catalog
from tabletop.sim.balance import balance_jobs, play_tallied

CAT = catalog()


def test_a_drafted_game_counts_three_heroes_a_deity_and_three_items_each() -> None:
    for job in balance_jobs("radiant-arena", 2, ["random", "heuristic"], seed=21):
        assert job[5] == {"draft": True}
        t = play_tallied(job).tally
        assert t.first == 0 and t.turns is not None and t.turns > 0  # A deploys first
        assert t.ending in ("deity ko", "deck out")  # Winning the Game
        heroes = [s.held["hero"] for s in t.seats]
        assert all(len(h) == 3 for h in heroes) and not set(heroes[0]) & set(heroes[1])
        for seat in t.seats:
            assert len(seat.held["deity"]) == 1 and CAT.units[seat.held["deity"][0]].is_deity
            assert len(set(seat.held["item"])) == 3 and seat.held["deck"] == ()
            assert set(seat.held["skill"]) == {k for h in seat.held["hero"]
                                               for k in CAT.skill_set(h)}
            assert set(seat.played["skill"]) <= set(seat.held["skill"])


def test_ready_decks_are_counted_when_not_drafted() -> None:
    job = balance_jobs("radiant-arena", 1, ["random"], params={"draft": False})[0]
    t = play_tallied(job).tally
    assert [s.held["deck"] for s in t.seats] == [("a",), ("b",)]
    assert list(t.seats[0].held["hero"]) == list(CAT.decks["a"].heroes)
