"""Events (core/event.py): what happened, who may see it, and which rule applied.

DESIGN.md: "``State.events`` — what happened, each event with its visibility (public,
some seats) and the rule it applied; filtered per seat like views."
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.core import Event, GameSpec, new_game


def test_public_event_is_visible_to_every_seat_and_spectators() -> None:
    """DESIGN.md: an event's visibility is public or some seats. ``seats=None`` is public."""
    e = Event("Seat {} moves.", (1,), "Moves")
    assert e.seats is None
    assert all(e.visible_to(s) for s in (0, 1, 2, 3, None))


def test_private_event_is_visible_only_to_its_seats() -> None:
    """DESIGN.md: visibility may be some seats; spectators see public events only."""
    e = Event("You are dealt {}.", ("a card",), "Setup", frozenset({1, 3}))
    assert [s for s in range(5) if e.visible_to(s)] == [1, 3]
    assert not e.visible_to(None)


def test_text_is_formatted_from_template_and_args() -> None:
    """event.py: the text is formatted when asked for, from the template and args; an event
    without args is its template verbatim (braces included)."""
    assert Event("Seat {} takes {}.", (2, 3), "Taking").text == "Seat 2 takes 3."
    assert Event("Score {like this}.", (), "Scoring").text == "Score {like this}."


def test_to_json_carries_text_rule_and_sorted_seats() -> None:
    """DESIGN.md: events leave the engine as JSON with their visibility and rule."""
    public = Event("Seat {} wins.", (1,), "Winning").to_json()
    assert public == {"text": "Seat 1 wins.", "rule": "Winning"}
    private = Event("You hold {}.", (7,), "Setup", frozenset({2, 0})).to_json()
    assert private == {"text": "You hold 7.", "rule": "Setup", "seats": [0, 2]}
    assert json.loads(json.dumps(private)) == private


def test_events_are_values() -> None:
    """STYLE.md: values (events among them) are immutable and compare by value."""
    e = Event("x {}", (1,), "R", frozenset({0}), True)
    assert e == Event("x {}", (1,), "R", frozenset({0}), True)
    assert e != Event("x {}", (1,), "R", frozenset({1}), True)
    assert e.reveals is True and Event("x", (), "R").reveals is False
    with pytest.raises(AttributeError):
        e.seats = None  # type: ignore[misc]


def test_events_for_filters_a_games_stream(toy: GameSpec, toy_play: Any) -> None:
    """DESIGN.md: events are filtered per seat like views. Each seat sees the public events
    and its own private one, in order; a spectator sees only the public ones."""
    state = toy_play(new_game(toy.id, players=3, seed=1))
    public = [e for e in state.events if e.seats is None]
    assert state.events_for(None) == public
    for seat in range(3):
        mine = state.events_for(seat)
        private = [e for e in mine if e.seats is not None]
        assert [e.seats for e in private] == [frozenset({seat})]
        assert [e for e in mine if e.seats is None] == public
        assert mine == [e for e in state.events if e in public or e in private]
