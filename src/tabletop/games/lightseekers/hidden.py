"""Re-dealing what a seat cannot see, for agents that search (``State.resample``).

Hidden from a seat: the order of every deck (its own too), and the cards in the other
players' hands. Everything that leaves a hand is shown (a card played, paid, discarded at
random), and nothing puts a known card into a hand, so another player's hand and deck are
one pool of unknown cards: the re-deal shuffles that pool and deals the hand's size from
it. The seat's own deck is re-shuffled. Those are the hidden zones declared in
:data:`ZONES`; the core re-deals them (:mod:`tabletop.core.hidden`: from a canonical
order, so that a re-deal depends only on what the seat knows and on the generator).
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from tabletop.core.hidden import NOBODY, OWNER, Zone, redeal_zones

from .payment import can_pay

TRIES = 50

if TYPE_CHECKING:
    from .rules import LsState


ZONES = (Zone("hand", OWNER, ordered=False), Zone("deck", NOBODY))


def resample(s: LsState, seat: int, rng: Random) -> LsState:
    """A copy of ``s`` with everything ``seat`` cannot see re-dealt from ``rng``: the
    hidden zones (:data:`ZONES`) through the core's ``redeal_zones``.

    One thing is known of a hand: a player paying for a combo holds what completes the
    payment (the combo was legal). Its re-deal is drawn again until it does (a few tries;
    failing that, the true hand is kept: it is one of the consistent ones; only while
    another seat pays for a combo: a search is made by the seat to act, which is then the
    payer, so no search meets this)."""
    new = s.clone()
    redeal_zones(s, new, seat, rng, ZONES,
                 accept=lambda q, piles: _consistent(s, q, piles[0]), tries=TRIES)
    return new


def _consistent(s: LsState, q: int, hand: list[int]) -> bool:
    if s.paying is None or q != s.active:
        return True
    _, symbols, paid = s.paying
    cards = s.cat.cards
    return can_pay(symbols, [cards[c].slots for c in (*paid, *hand)])


__all__ = ["resample"]
