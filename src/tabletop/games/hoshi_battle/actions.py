"""Hoshi Battle's actions and their notation (docs/rules/hoshi-battle.md, "Notation").

``discard <card>`` (setup: a dealt Hero or Duel card discarded face down),
``hero <hero>`` (the Hero chosen face down for the next Duel), ``play <card>`` (a
face-down Duel card revealed in a reveal window), ``pass``, ``wait`` (the starting
player lets the opponent decide first), ``strike hit`` / ``strike miss`` (the referee's
result of a real-time strike). Cards are named by their ids (``clay-champion``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tabletop.core import Action, NotationError, excerpt

from .data import Catalog, catalog

GRAMMAR = ("discard <card> | hero <hero> | play <duel card> | pass | wait | "
           "strike hit | strike miss")


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Setup: discard a dealt card face down (a Hero or a Duel card)."""

    card: str

    def to_text(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class ChooseHero(Action):
    """Choose the Hero for the next Duel, face down."""

    hero: str

    def to_text(self) -> str:
        return f"hero {self.hero}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Reveal and play a face-down Duel card."""

    card: str

    def to_text(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Play no more cards in this reveal window."""

    def to_text(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Wait(Action):
    """The starting player lets the opponent decide first (a Duel's first round)."""

    def to_text(self) -> str:
        return "wait"


@dataclass(frozen=True, slots=True)
class Strike(Action):
    """The result of a real-time strike, applied by the referee (the server, or the
    terminal's keypress race) as the striker's action."""

    hit: bool

    def to_text(self) -> str:
        return "strike hit" if self.hit else "strike miss"


PASS, WAIT = Pass(), Wait()
STRIKE_HIT, STRIKE_MISS = Strike(True), Strike(False)
_CAT = catalog()
# Interned: legal_actions hands these out, so the checked apply finds them by identity.
DISCARDS = {c: Discard(c) for c in _CAT.ids}
HEROES = {h: ChooseHero(h) for h in _CAT.heroes}
PLAYS = {c: Play(c) for c in _CAT.cards}
_WORDS = {"pass": PASS, "wait": WAIT, "strike hit": STRIKE_HIT, "strike miss": STRIKE_MISS}


def discard(card: str) -> Discard:
    """The interned action discarding this card (a user's card interned when first
    met)."""
    found = DISCARDS.get(card)
    return found if found is not None else DISCARDS.setdefault(card, Discard(card))


def choose_hero(hero: str) -> ChooseHero:
    """The interned action choosing this Hero."""
    found = HEROES.get(hero)
    return found if found is not None else HEROES.setdefault(hero, ChooseHero(hero))


def play(card: str) -> Play:
    """The interned action playing this Duel card."""
    found = PLAYS.get(card)
    return found if found is not None else PLAYS.setdefault(card, Play(card))


def parse(text: str, cat: Catalog | None = None) -> Action:
    """Read one action; anything else is a ``NotationError`` quoting a short prefix.
    Card ids are those of ``cat`` (default: the packaged pool)."""
    words = text.strip().lower().split()
    joined = " ".join(words)
    if joined in _WORDS:
        return _WORDS[joined]
    if len(words) == 2:
        verb, name = words
        tables: dict[str, Mapping[str, Action]] = {"discard": DISCARDS, "hero": HEROES,
                                                   "play": PLAYS}
        table = tables.get(verb)
        if table is not None:
            found = table.get(name)
            if found is not None:
                return found
            if cat is not None and name in (cat.ids if verb == "discard" else cat.heroes
                                            if verb == "hero" else cat.cards):
                return {"discard": discard, "hero": choose_hero, "play": play}[verb](name)
            what = {"discard": "card", "hero": "Hero", "play": "Duel card"}[verb]
            raise NotationError(f"cannot read {excerpt(text)!r}: no {what} is called "
                                f"{excerpt(name)!r}")
    raise NotationError(f"cannot read {excerpt(text)!r}: expected {GRAMMAR}")


__all__ = ["GRAMMAR", "Discard", "ChooseHero", "Play", "Pass", "Wait", "Strike", "PASS",
           "WAIT", "STRIKE_HIT", "STRIKE_MISS", "DISCARDS", "HEROES", "PLAYS", "parse",
           "discard", "choose_hero", "play"]
