"""Events: what happened, as data (a kind and its fields), who may see it, which rule.

Every event has a stable ``kind`` (a short name such as ``"damage"``) and ``fields``
(JSON-ready data: seats as 0-based integers, card ids, lanes, amounts, before and after
values). Its sentence is rendered from the kind and the fields by the game's
:class:`EventBook`, so text and data cannot disagree. Clients (the web table, agents,
tests, research adapters) read kinds and fields, never the English.

Visibility works at two levels:

- ``seats``: ``None`` for a public event, else the seats that may see it at all;
- a kind's ``private`` fields: a field seen only by the seat(s) named in another field
  of the same event ("Player A draws a card" for everyone, "... draws Fury" for A).
  :meth:`Event.seen_by` gives a seat's copy, where such a field is absent.

An event is a NamedTuple holding the field values in the kind's order (``args``); the
dict of fields and the sentence are built only when asked for, because games create
several events per decision on their hot path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .pickling import pickle_frozen_by_fields


class _Hidden:
    """The value of a private field in the copy of a seat that may not see it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "HIDDEN"

    def __reduce__(self) -> str:
        # Pickled by name: an unpickled event's hidden field is the one HIDDEN (fields
        # are told hidden by identity).
        return "HIDDEN"


HIDDEN: Any = _Hidden()


@dataclass(frozen=True, slots=True)
class EventKind:
    """One kind of event: its stable name, its fields in order and its sentences.

    ``text`` is a ``str.format`` template over the fields (``"{seat} draws {card}."``);
    each field's value is put in words by the book's ``words`` function. ``redacted`` is
    the sentence for a seat that may not see every field (``"{seat} draws a card."``).
    ``private`` maps a field to the field holding the seat (or list of seats) that may see
    it. ``doc`` says what the event means, for the game's documentation.
    """

    name: str
    fields: tuple[str, ...]
    text: str
    doc: str = ""
    redacted: str = ""
    private: Mapping[str, str] = field(default_factory=dict)
    # (index of the private field, index of the field naming who sees it), precomputed
    hidden: tuple[tuple[int, int], ...] = field(init=False, default=())

    def __post_init__(self) -> None:
        for name, owner in self.private.items():
            if name not in self.fields or owner not in self.fields:
                raise ValueError(f"event kind {self.name!r}: private field {name!r} or its "
                                 f"owner {owner!r} is not one of its fields")
        if self.private and not self.redacted:
            raise ValueError(f"event kind {self.name!r} has private fields but no redacted "
                             "sentence")
        pairs = tuple((self.fields.index(n), self.fields.index(o))
                      for n, o in self.private.items())
        object.__setattr__(self, "hidden", pairs)


def kind(name: str, fields: str, text: str, doc: str = "", redacted: str = "",
         private: Mapping[str, str] | None = None) -> EventKind:
    """An :class:`EventKind` whose fields are written as one string of names, in order
    (``"seat card deck"``): how the games' tables of kinds write them."""
    return EventKind(name, tuple(fields.split()), text, doc, redacted, dict(private or {}))


def plain_words(name: str, value: Any) -> str:
    """The default way a field reads in a sentence: lists joined by commas, else str."""
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value)) or "nothing"
    return str(value)


class EventBook:
    """A game's event kinds, and how their field values read as words.

    ``words(field, value)`` turns one field's value into words (a seat into its label, a
    card id into the card's name); a game with card files makes one book per catalogue.
    ``phrases(kind, fields)``, if given, reads several fields of one event together: the
    words it returns, by field name, stand in for those fields' own words ("+2 armor"
    rather than "+0 attack and +2 armor").
    """

    __slots__ = ("game", "kinds", "words", "phrases")

    def __init__(self, game: str, kinds: Iterable[EventKind],
                 words: Callable[[str, Any], str] = plain_words,
                 phrases: Callable[[str, dict[str, Any]], Mapping[str, str]] | None = None
                 ) -> None:
        self.game = game
        self.kinds: dict[str, EventKind] = {}
        for k in kinds:
            if k.name in self.kinds:
                raise ValueError(f"{game}: event kind {k.name!r} is defined twice")
            self.kinds[k.name] = k
        self.words = words
        self.phrases = phrases

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its constructor's arguments: compiled (tabletop.native), unpickling a
        # blank instance would run __init__ without them.
        return (EventBook, (self.game, tuple(self.kinds.values()), self.words, self.phrases))

    def kind(self, name: str) -> EventKind:
        """The kind called ``name``."""
        return self.kinds[name]

    def text(self, event: Event) -> str:
        """The sentence of an event, from its kind and the fields it shows."""
        kind = self.kinds[event.kind]
        template = kind.text
        words: dict[str, str] = {}
        shown: dict[str, Any] = {}
        for name, value in zip(kind.fields, event.args, strict=True):
            if value is HIDDEN:
                template = kind.redacted
            else:
                words[name] = self.words(name, value)
                shown[name] = value
        if self.phrases is not None:
            words.update(self.phrases(event.kind, shown))
        return template.format_map(words)

    def with_words(self, words: Callable[[str, Any], str]) -> EventBook:
        """The same kinds, with another way to put values in words (another catalogue)."""
        return EventBook(self.game, self.kinds.values(), words, self.phrases)


class Event(NamedTuple):
    """One thing that happened in a game.

    ``kind`` names an :class:`EventKind` of ``book``; ``args`` are its field values in the
    kind's order. ``seats`` is ``None`` for a public event, else the seats that may see
    it. ``rule`` names the rule applied with its rulebook section. ``reveals`` is true when
    the event shows a card that was hidden from some seat until now (undo stops there).
    """

    kind: str
    args: tuple[Any, ...]
    rule: str
    seats: frozenset[int] | None
    reveals: bool
    book: EventBook

    @property
    def fields(self) -> dict[str, Any]:
        """The fields this copy shows, by name (JSON-ready)."""
        names = self.book.kinds[self.kind].fields
        return {n: v for n, v in zip(names, self.args, strict=True) if v is not HIDDEN}

    @property
    def text(self) -> str:
        """The event as a sentence, rendered from its kind and the fields it shows."""
        return self.book.text(self)

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None`` for a spectator) may see this event at all."""
        return self.seats is None or (seat is not None and seat in self.seats)

    def seen_by(self, seat: int | None) -> Event | None:
        """The copy ``seat`` may see (``None``: a spectator): ``None`` if the event is not
        visible to it, else the event with every private field it may not see hidden."""
        if self.seats is not None and (seat is None or seat not in self.seats):
            return None
        hidden = self.book.kinds[self.kind].hidden
        if not hidden:
            return self
        args = self.args
        out: list[Any] | None = None
        for i, owner_i in hidden:
            owner = args[owner_i]
            if seat is None or (owner != seat if isinstance(owner, int)
                                else seat not in owner):
                if out is None:
                    out = list(args)
                out[i] = HIDDEN
        return self if out is None else self._replace(args=tuple(out))

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form: kind, fields, text, rule, and the seats of a private event."""
        out: dict[str, Any] = {"kind": self.kind, "fields": self.fields, "text": self.text,
                               "rule": self.rule}
        if self.seats is not None:
            out["seats"] = sorted(self.seats)
        if self.reveals:
            out["reveals"] = True
        return out


# The event of a concession (State.concede), the same kind in every game (each game lists
# it among its kinds and emits it from its ``_concede``).
CONCEDE = EventKind(
    "concede", ("seat", "reason"), "{seat} leaves the game ({reason}).",
    "`seat` leaves the game early: it concedes (`reason` concede), its clock runs out "
    "(time) or it is gone past the grace period (abandon).")

pickle_frozen_by_fields(__name__)
