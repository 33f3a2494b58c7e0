"""Conformance: every event that shows a seat something it had not seen says so, on every
registered game (issue 30: "Every event that shows a card a seat did not see before says so
(``reveals``) ... a differential: the same actions in two worlds that differ only in hidden
cards; any difference in a seat's copy of an event must be flagged").

DESIGN.md: ``reveals`` is true when an event shows a card that was hidden from some seat
until then; undo (the web table, the terminal) stops at such an event, so a missing flag
lets a person take back a decision after seeing what it uncovered.

The two worlds: a position of a seeded random game, and a re-deal of everything one seat
cannot see (``State.resample``) with the same generator state (the game's ``chance``, as
docs/adding-a-game.md section 3 keeps it: what the dice will say is not a hidden card). The
same actions go to both while both allow them. As long as the seat's copies of the new
events agree, the two worlds are alike for it; the first copy that differs (or that one
world has and the other not) shows it something of the hidden cards, and must be flagged
``reveals`` in both worlds. After it the worlds are no longer alike for that seat, and the
comparison of that pair stops.

What a differential cannot see: a card a seat shows by its own choice (an action that
names the card is legal in both worlds only where both hold it), so the event that plays
it reads the same in both.
"""

from __future__ import annotations

import random

import pytest

from tabletop.core import Chance, Event, State

from .common import CASES_SEEDS, playthrough

STEPS = 6  # actions applied to each pair of worlds, at most


def _same(a: Event, b: Event) -> bool:
    """Whether two copies of an event read alike (kind, fields, rule, who sees it)."""
    return (a.kind, a.args, a.rule, a.seats) == (b.kind, b.args, b.rule, b.seats)


def twin(state: State, seat: int, rng: random.Random) -> State:
    """A world alike for ``seat``: every card it cannot see re-dealt, the chance kept."""
    other = state.resample(seat, rng)
    chance = getattr(state, "chance", None)
    if isinstance(chance, Chance):
        other.chance = chance.copy()  # type: ignore[attr-defined]
    return other


def first_difference(mine: list[Event], theirs: list[Event]
                     ) -> tuple[Event | None, Event | None] | None:
    """The first pair of copies that differ (``None`` for a copy one world lacks), or
    ``None`` if the two streams agree."""
    for k in range(max(len(mine), len(theirs))):
        a = mine[k] if k < len(mine) else None
        b = theirs[k] if k < len(theirs) else None
        if a is None or b is None or not _same(a, b):
            return a, b
    return None


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_an_event_that_tells_a_seat_about_hidden_cards_is_flagged_reveals(
        game: str, players: int, seed: int) -> None:
    """Issue 30, "Every event that shows a card a seat did not see before says so": in two
    worlds that differ only in what one seat cannot see, the same actions give that seat
    the same copies of the events, except where an event shows it something hidden, and
    that event is flagged ``reveals`` (docs/adding-a-game.md section 7)."""
    pt = playthrough(game, players, seed)
    rng = random.Random(seed)
    compared = 0
    for i in pt.points(3)[:-1]:
        state = pt.states[i]
        for seat in range(players):
            real = state.clone()
            other = twin(state, seat, random.Random(i * 19 + seat))
            for _ in range(STEPS):
                if real.to_act is None or other.to_act != real.to_act:
                    break
                theirs = {a.to_text() for a in other.legal_actions()}
                common = [a for a in real.legal_actions() if a.to_text() in theirs]
                if not common:
                    break
                action = rng.choice(common).to_text()
                n, m = len(real.events_for(seat)), len(other.events_for(seat))
                real.apply(action)
                other.apply(action)
                compared += 1
                found = first_difference(real.events_for(seat)[n:],
                                         other.events_for(seat)[m:])
                if found is None:
                    continue
                for copy in found:
                    assert copy is None or copy.reveals, (
                        f"decision {i} + {action!r}: seat {seat}'s copy of {copy.kind!r} "
                        f"({copy.text}) depends on cards it cannot see, and the event is "
                        "not flagged reveals")
                break
    assert compared > 0
