"""Goofspiel's one action and its notation: ``bid 7`` (a card of your hand, 1 to 13)."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core import Action, NotationError, excerpt

MAX_CARD = 13


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid the card of value ``card`` (face down until every player has bid)."""

    card: int

    def to_text(self) -> str:
        return f"bid {self.card}"


# Interned: legal_actions hands out these objects, so the checked apply compares by
# identity and nothing is built on the hot path.
BIDS = tuple(Bid(c) for c in range(MAX_CARD + 1))
GRAMMAR = "bid <card 1..13>"


def parse(text: str) -> Bid:
    """Read ``bid <n>``; anything else is a ``NotationError`` quoting a short prefix."""
    words = text.strip().lower().split()
    if len(words) == 2 and words[0] == "bid":
        n = words[1]
        # ASCII digits only, few of them: "²" or a 5,000-digit number is not a card.
        if n.isascii() and n.isdigit() and len(n) <= 2 and 1 <= int(n) <= MAX_CARD:
            return BIDS[int(n)]
    raise NotationError(f"cannot read {excerpt(text)!r}: expected {GRAMMAR}")
