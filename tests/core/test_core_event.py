"""Events (core/event.py): kinds and fields, sentences rendered from them, visibility of
whole events and of single fields, and the rule applied.

DESIGN.md: "``State.events`` — what happened: each event has a stable ``kind``, JSON-ready
``fields``, a ``text`` rendered from them, its visibility and the rule it applied;
filtered per seat like views (a field a seat may not see is absent from its copy)."
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.core import HIDDEN, Event, EventBook, EventKind, GameSpec, new_game

DRAW = EventKind("draw", ("seat", "card", "left"), "{seat} draws {card}; {left} left.",
                 "A seat draws a card.", redacted="{seat} draws a card; {left} left.",
                 private={"card": "seat"})
MOVE = EventKind("move", ("seat", "to"), "{seat} moves to {to}.", "A seat moves.")
BOOK = EventBook("test", [DRAW, MOVE],
                 lambda name, v: "AB"[v] if name == "seat" else str(v).upper())


def draw(seat: int, card: str, left: int = 9) -> Event:
    return Event("draw", (seat, card, left), "Draw Step", None, False, BOOK)


def test_fields_are_named_by_the_kind_and_text_is_rendered_from_them() -> None:
    """DESIGN.md: fields are JSON-ready data; the text is rendered from kind + fields,
    each value put in words by the game's book (here a seat reads as its label)."""
    e = Event("move", (1, "left"), "Moves", None, False, BOOK)
    assert e.kind == "move"
    assert e.fields == {"seat": 1, "to": "left"}
    assert e.text == "B moves to LEFT."


def test_a_private_field_is_absent_from_the_copy_of_a_seat_that_may_not_see_it() -> None:
    """DESIGN.md: a field a seat may not see is absent from its copy, and the sentence of
    that copy does not mention it (it is the kind's redacted sentence)."""
    e = draw(0, "fury")
    assert e.seen_by(0) is e  # the drawer sees everything: no copy is made
    theirs = e.seen_by(1)
    assert theirs is not None
    assert theirs.fields == {"seat": 0, "left": 9}
    assert "card" not in theirs.fields and theirs.args[1] is HIDDEN
    assert theirs.text == "A draws a card; 9 left."
    assert "FURY" not in json.dumps(theirs.to_json())
    spectator = e.seen_by(None)
    assert spectator is not None and spectator.fields == {"seat": 0, "left": 9}


def test_a_private_field_may_be_seen_by_several_seats() -> None:
    """event.py: the field naming who sees a private field may hold a list of seats."""
    kind = EventKind("tell", ("seats", "secret"), "{seats} learn {secret}.", "x",
                     redacted="{seats} learn something.", private={"secret": "seats"})
    book = EventBook("test", [kind])
    e = Event("tell", ([0, 2], 7), "R", None, False, book)
    assert [s for s in range(4) if "secret" in e.seen_by(s).fields] == [0, 2]  # type: ignore[union-attr]


def test_public_event_is_visible_to_every_seat_and_spectators() -> None:
    """DESIGN.md: an event's visibility is public or some seats. ``seats=None`` is public."""
    e = Event("move", (0, "left"), "Moves", None, False, BOOK)
    assert e.seats is None
    assert all(e.visible_to(s) and e.seen_by(s) is e for s in (0, 1, 2, 3, None))


def test_private_event_is_visible_only_to_its_seats() -> None:
    """DESIGN.md: visibility may be some seats; spectators see public events only."""
    e = Event("move", (1, "left"), "Setup", frozenset({1, 3}), False, BOOK)
    assert [s for s in range(5) if e.visible_to(s)] == [1, 3]
    assert [s for s in range(5) if e.seen_by(s) is not None] == [1, 3]
    assert not e.visible_to(None) and e.seen_by(None) is None


def test_to_json_carries_kind_fields_text_rule_and_sorted_seats() -> None:
    """DESIGN.md: events leave the engine as JSON with kind, fields, text, visibility and
    rule; the JSON of a seat's copy leaves out what it may not see."""
    public = Event("move", (0, "left"), "Moves", None, False, BOOK).to_json()
    assert public == {"kind": "move", "fields": {"seat": 0, "to": "left"},
                      "text": "A moves to LEFT.", "rule": "Moves"}
    private = Event("move", (1, "right"), "Moves", frozenset({1, 0}), True, BOOK).to_json()
    assert private["seats"] == [0, 1] and private["reveals"] is True
    assert json.loads(json.dumps(private)) == private


def test_events_are_values() -> None:
    """STYLE.md: values (events among them) are immutable and compare by value."""
    e = draw(0, "fury")
    assert e == draw(0, "fury")
    assert e != draw(1, "fury")
    assert e.seen_by(1) == draw(0, "ice").seen_by(1)  # the copies show the same
    with pytest.raises(AttributeError):
        e.seats = None  # type: ignore[misc]


def test_kind_definitions_are_checked() -> None:
    """event.py: a private field must be a field, with an owner field and a redacted
    sentence; a book defines each kind once."""
    with pytest.raises(ValueError, match="not one of its fields"):
        EventKind("x", ("a",), "{a}", private={"b": "a"}, redacted="r")
    with pytest.raises(ValueError, match="no redacted sentence"):
        EventKind("x", ("a", "b"), "{a}", private={"b": "a"})
    with pytest.raises(ValueError, match="defined twice"):
        EventBook("test", [MOVE, MOVE])


def test_events_for_gives_each_seat_its_copy(toy: GameSpec, toy_play: Any) -> None:
    """DESIGN.md: events are filtered per seat like views. Every seat sees every event of
    the toy game, each its own secret only; a spectator sees no secret."""
    state = toy_play(new_game(toy.id, players=3, seed=1))
    told = [e for e in state.events if e.kind == "told"]
    assert [e.fields["seat"] for e in told] == [0, 1, 2]
    for seat in (0, 1, 2, None):
        mine = state.events_for(seat)
        assert [e.kind for e in mine] == [e.kind for e in state.events]
        secrets = [e.fields["seat"] for e in mine if e.kind == "told" and "secret" in e.fields]
        assert secrets == ([] if seat is None else [seat])
    takes = [e.fields for e in state.events if e.kind == "take"]
    assert takes[-1]["left"] == 0
