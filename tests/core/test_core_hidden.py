"""The core's re-deal of hidden zones (issue 30: "re-dealing hidden cards from a declared
list of hidden zones"), used by the games' ``resample``."""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

import pytest

from tabletop.core.hidden import NOBODY, OWNER, Zone, redeal, redeal_zones, shuffle, shuffled


class Table:
    """A stand-in state: two seats, a hand and a deck each."""

    def __init__(self, hand: list[list[int]], deck: list[list[int]]) -> None:
        self.players = len(hand)
        self.hand = hand
        self.deck = deck

    def copy(self) -> Table:
        return Table([h[:] for h in self.hand], [d[:] for d in self.deck])


ZONES = (Zone("hand", OWNER, ordered=False), Zone("deck", NOBODY))


def test_a_shuffle_depends_only_on_the_cards_and_the_generator() -> None:
    """A re-deal starts from the sorted cards: two true orders of the same cards give the
    same sample (an agent owning the generator learns nothing of the true order)."""
    assert shuffled([3, 1, 2, 5], Random(7)) == shuffled([5, 2, 1, 3], Random(7))


def test_a_redeal_keeps_every_card_and_every_size() -> None:
    piles = [[9, 4], [1, 7, 3], []]
    out = redeal(piles, Random(1), ordered=[False, True, True])
    assert out is not None
    assert [len(p) for p in out] == [2, 3, 0]
    assert Counter(c for p in out for c in p) == Counter([9, 4, 1, 7, 3])
    assert out[0] == sorted(out[0])  # a hand: its order means nothing


def test_the_seat_keeps_what_it_sees_and_the_others_are_dealt_again() -> None:
    """Seat 0 keeps its hand; its deck's order is dealt again; seat 1's hand and deck are
    one pool of unknown cards."""
    old = Table([[1, 2], [3, 4]], [[5, 6, 7], [8, 9]])
    for k in range(20):
        new = old.copy()
        redeal_zones(old, new, 0, Random(k), ZONES)
        assert new.hand[0] == [1, 2]
        assert sorted(new.deck[0]) == [5, 6, 7]
        assert len(new.hand[1]) == 2 and len(new.deck[1]) == 2
        assert sorted(new.hand[1] + new.deck[1]) == [3, 4, 8, 9]


def test_a_deal_is_tried_again_until_it_fits_what_is_known() -> None:
    """``accept`` refuses deals that contradict what is known: the deal returned fits."""
    old = Table([[1], [2, 3]], [[4], [5, 6, 7, 8]])
    new = old.copy()
    redeal_zones(old, new, 0, Random(3), ZONES,
                 accept=lambda q, piles: q != 1 or 8 in piles[0], tries=200)
    assert 8 in new.hand[1]


def test_with_no_deal_that_fits_the_owner_keeps_its_true_hand() -> None:
    old = Table([[1], [2, 3]], [[4], [5, 6]])
    new = old.copy()
    redeal_zones(old, new, 0, Random(3), ZONES, accept=lambda q, piles: q != 1, tries=3)
    assert new.hand[1] == [2, 3] and sorted(new.deck[1]) == [5, 6]


def test_a_zone_says_who_sees_it() -> None:
    with pytest.raises(ValueError, match="seen_by"):
        Zone("hand", "everyone")


def test_lightseekers_declares_its_zones() -> None:
    """The games re-deal through it: lightseekers' hands and decks are its zones."""
    from tabletop.games.lightseekers.hidden import ZONES as LS

    found: Any = {(z.name, z.seen_by) for z in LS}
    assert found == {("hand", OWNER), ("deck", NOBODY)}


def test_the_shuffle_of_a_re_deal_is_the_standard_librarys() -> None:
    """``core.hidden.shuffle`` (written out so that the compiled module shuffles without
    random.py's two Python calls a card: issue 28) gives the order ``Random.shuffle``
    gives and leaves the generator where it leaves it, for every length up to 70 and
    several seeds, so re-deals and the searches on them are the same as before; another
    generator class shuffles by its own method."""
    for seed in range(6):
        for n in range(71):
            ours, theirs = Random(seed * 100 + n), Random(seed * 100 + n)
            a, b = list(range(n)), list(range(n))
            shuffle(a, ours)
            theirs.shuffle(b)
            assert a == b, (seed, n)
            assert ours.getrandbits(64) == theirs.getrandbits(64), (seed, n)

    class Reversing(Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle(cards, Reversing(0))
    assert cards == [3, 2, 1]
