"""Lightseekers' actions and their notation (docs/rules/lightseekers.md, "Notation").

::

    play fireball        an action card from your hand (an attack goes to your target)
    combo eruption       a combo from your hand; then its payment, a card at a time:
    pay rockslide        a card from your hand paying for the combo
    ability hero         your hero's Ability
    ability quake-hammer an Ability of an item or buff of yours in play (@2: the second
                         card of that name, counted from the left)
    pass                 end your action phase
    return fireball      (a defeat's reward) a card of your discard pile back into your deck

Actions are interned (:func:`act`), so legal actions build nothing and the checked
``apply`` finds an action by identity.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core import Action, NotationError, excerpt

from .data import Catalog, catalog

VERBS = ("play", "combo", "pay", "ability", "pass", "return")
GRAMMAR = ("play <card> | combo <card> | pay <card> | ability hero | ability <card>[@n] | "
           "pass | return <card>")


_INTERNED: dict[tuple[str, str, int], Act] = {}


@dataclass(frozen=True, slots=True, eq=False)
class Act(Action):
    """One decision: ``verb`` with a card id (or ``hero``), and ``n`` the copy counted from
    the left (an Ability of the second of two identical buffs: ``n = 2``).

    Every Act is interned (``Act("pass") is Act("pass")``), so equality is identity: the
    checked ``apply`` finds an action among the legal ones without comparing fields."""

    verb: str
    card: str = ""
    n: int = 1

    def __new__(cls, verb: str, card: str = "", n: int = 1) -> Act:
        key = (verb, card, n)
        a = _INTERNED.get(key)
        if a is None:
            a = _INTERNED[key] = object.__new__(cls)
        return a

    def __getnewargs__(self) -> tuple[str, str, int]:
        return (self.verb, self.card, self.n)

    def to_text(self) -> str:
        if not self.card:
            return self.verb
        return f"{self.verb} {self.card}" + (f"@{self.n}" if self.n > 1 else "")


def act(verb: str, card: str = "", n: int = 1) -> Act:
    """The interned action."""
    a = _INTERNED.get((verb, card, n))
    return a if a is not None else Act(verb, card, n)


PASS = act("pass")


def parse(text: str, cat: Catalog | None = None) -> Act:
    """Read the notation; anything else is a ``NotationError`` quoting a short prefix."""
    words = text.strip().lower().split()
    bad = NotationError(f"cannot read {excerpt(text)!r}: expected {GRAMMAR}")
    if not words or words[0] not in VERBS:
        raise bad
    verb = words[0]
    if verb == "pass":
        if len(words) != 1:
            raise bad
        return PASS
    if len(words) != 2:
        raise bad
    word, n = words[1], 1
    if verb == "ability" and "@" in word:
        word, _, count = word.partition("@")
        if not (count.isascii() and count.isdigit() and len(count) == 1 and count != "0"):
            raise NotationError(f"cannot read {excerpt(text)!r}: @n counts copies from 1 to 9")
        n = int(count)
    if verb == "ability" and word == "hero":
        if n != 1:
            raise bad
        return act("ability", "hero")
    cat = cat or catalog()
    i = cat.index.get(word)
    if i is None:
        raise NotationError(f"cannot read {excerpt(text)!r}: no card named "
                            f"{excerpt(word, 40)!r}")
    card = cat.cards[i]
    if verb == "play" and card.combo:
        raise NotationError(f"cannot read {excerpt(text)!r}: {card.id} is a combo "
                            f"(combo {card.id})")
    if verb == "combo" and not card.combo:
        raise NotationError(f"cannot read {excerpt(text)!r}: {card.id} is not a combo "
                            f"(play {card.id})")
    if verb == "ability" and card.ability is None:
        raise NotationError(f"cannot read {excerpt(text)!r}: {card.id} has no Ability")
    return act(verb, card.id, n)


__all__ = ["Act", "act", "parse", "PASS", "GRAMMAR", "VERBS"]
