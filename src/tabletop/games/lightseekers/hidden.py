"""Re-dealing what a seat cannot see, for agents that search (``State.resample``).

Hidden from a seat: the order of every deck (its own too), and the cards in the other
players' hands. Everything that leaves a hand is shown (a card played, paid, discarded at
random), and nothing puts a known card into a hand, so another player's hand and deck are
one pool of unknown cards: the re-deal shuffles that pool and deals the hand's size from
it. The seat's own deck is re-shuffled.

Every pool is put in a canonical (sorted) order before it is shuffled, so a re-deal
depends only on what the seat knows and on the generator: an agent owns the generator,
and a shuffle of the true order would let it undo the shuffle and read that order.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from .payment import can_pay

TRIES = 50

if TYPE_CHECKING:
    from .rules import LsState


def resample(s: LsState, seat: int, rng: Random) -> LsState:
    """A copy of ``s`` with everything ``seat`` cannot see re-dealt from ``rng``.

    One thing is known of a hand: a player paying for a combo holds what completes the
    payment (the combo was legal). Its re-deal is drawn again until it does (a few tries;
    failing that, the true hand is kept: it is one of the consistent ones)."""
    new = s.clone()
    for q in range(s.players):
        if q == seat:
            new.deck[q] = _shuffled(s.deck[q], rng)
            continue
        n = len(s.hand[q])
        pool = sorted(s.hand[q] + s.deck[q])  # canonical, as in _shuffled
        for _ in range(TRIES):
            rng.shuffle(pool)
            hand = sorted(pool[:n])
            if _consistent(s, q, hand):
                new.hand[q] = hand
                new.deck[q] = pool[n:]
                break
        else:  # only while another seat pays for a combo: a search is made by the seat
            # to act, which is then the payer, so no search meets this
            new.hand[q] = s.hand[q][:]
            new.deck[q] = _shuffled(s.deck[q], rng)
    return new


def _shuffled(cards: list[int], rng: Random) -> list[int]:
    """``cards`` in a random order drawn from ``rng`` alone: shuffled from a canonical
    (sorted) order, never from the order they truly lie in (module docstring)."""
    out = sorted(cards)
    rng.shuffle(out)
    return out


def _consistent(s: LsState, q: int, hand: list[int]) -> bool:
    if s.paying is None or q != s.active:
        return True
    _, symbols, paid = s.paying
    cards = s.cat.cards
    return can_pay(symbols, [cards[c].slots for c in (*paid, *hand)])


__all__ = ["resample"]
