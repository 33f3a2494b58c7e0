"""Combo Cards, the payment: "Cards used as payment must match all of the Elements on the
combo card. Other combos can also be used to pay (and can possibly cover multiple
Elements in one go)" and "If this includes an Order, any card from that Order can be
used as payment." The counting match (payment.matched) against an exhaustive search."""

from __future__ import annotations

import random

from tabletop.games.lightseekers.ids import ELEMENTS, ORDERS
from tabletop.games.lightseekers.payment import covers, matched

WORDS = [*ELEMENTS[:7], "astral", "mountain", "dread"]


def _exhaustive(symbols: list[str], slots: list[str]) -> int:
    def best(i: int, used: int) -> int:
        if i == len(symbols):
            return 0
        out = best(i + 1, used)
        for j, slot in enumerate(slots):
            if not used >> j & 1 and covers(slot, symbols[i]):
                out = max(out, 1 + best(i + 1, used | 1 << j))
        return out

    return best(0, 0)


def test_an_element_slot_covers_its_element_and_its_order() -> None:
    """A Fire card pays for Fire or for the Mountain symbol, never for Earth or Astral; an
    Order slot (on a combo) pays only for that Order's symbol."""
    assert covers("fire", "fire") and covers("fire", "mountain")
    assert not covers("fire", "earth") and not covers("fire", "astral")
    assert covers("mountain", "mountain") and not covers("mountain", "fire")
    assert set(ORDERS) == {"astral", "dread", "mountain", "nature", "storm", "tech"}


def test_the_counting_match_is_a_maximum_matching() -> None:
    """Random symbols and slots: the count equals the best assignment found exhaustively."""
    rng = random.Random(14)
    for _ in range(2000):
        symbols = [rng.choice(WORDS) for _ in range(rng.randint(1, 4))]
        slots = [rng.choice(WORDS) for _ in range(rng.randint(0, 6))]
        assert matched(symbols, slots) == _exhaustive(symbols, slots), (symbols, slots)
