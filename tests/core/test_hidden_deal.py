"""The core's constrained deal (issue 30: "re-dealing hidden cards from a declared list of
hidden zones", moved into core once): a pool of cards dealt into slots of given sizes,
each of which may refuse cards and may hold cards fixed at known places; a random deal
first, then a complete matching; ``NoDeal`` when no deal exists."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from random import Random

import pytest

from tabletop.core.hidden import NoDeal, Slot, deal

TYPES = 6


def refuses(bad: int, pile: list[int]) -> Callable[[int], bool]:
    """A predicate refusing type ``bad`` unless the true pile holds one."""
    return lambda c: c != bad or bad in pile


def a_puzzle(rng: Random) -> tuple[list[list[int]], list[Slot], list[int]]:
    """A true deal of typed cards (many copies of a type) into a few piles, and the slots
    a seat would declare from it: each pile refuses some types it truly lacks, and some
    of its cards are known at their places. Returns (the true piles, the slots, the
    pool of the cards not known)."""
    cards = [rng.randrange(TYPES) for _ in range(rng.randrange(4, 30))]
    cuts = sorted(rng.randrange(len(cards) + 1) for _ in range(rng.randrange(1, 5)))
    piles = [cards[a:b] for a, b in zip([0, *cuts], [*cuts, len(cards)], strict=True)]
    slots: list[Slot] = []
    pool: list[int] = []
    for k, pile in enumerate(piles):
        lacks = [t for t in range(TYPES) if t not in pile]
        forbidden = frozenset(t for t in lacks if rng.random() < 0.7)
        fixed = tuple((i, c) for i, c in enumerate(pile) if rng.random() < 0.2)
        at = {i for i, _ in fixed}
        pool += [c for i, c in enumerate(pile) if i not in at]
        allows = None if rng.random() < 0.5 else refuses(rng.randrange(TYPES), pile)
        slots.append(Slot(len(pile), fixed=fixed, forbidden=forbidden, allows=allows,
                          ordered=k % 2 == 0, name=f"pile {k}"))
    rng.shuffle(pool)
    return piles, slots, pool


def check(piles: list[list[int]], slots: list[Slot], pool: list[int],
          out: list[list[int]]) -> None:
    """Every restriction and fixed place is kept, every size, and the cards."""
    assert [len(p) for p in out] == [len(p) for p in piles]
    for slot, pile in zip(slots, out, strict=True):
        if slot.ordered:
            for i, card in slot.fixed:
                assert pile[i] == card, f"{slot.name}: the card known at {i} moved"
        else:
            assert pile == sorted(pile)
            assert not Counter(c for _, c in slot.fixed) - Counter(pile)
        fixed_cards = Counter(c for _, c in slot.fixed)
        dealt = Counter(pile) - fixed_cards
        assert all(slot.takes(c) for c in dealt), f"{slot.name} took a card it refuses"
    everything = Counter(pool) + Counter(c for s in slots for _, c in s.fixed)
    assert Counter(c for p in out for c in p) == everything


def test_a_deal_keeps_every_restriction_fixed_place_size_and_card() -> None:
    """Over many random puzzles (each made from a true deal, so a deal exists), with the
    random deal and with the matching alone (``tries=0``)."""
    for seed in range(300):
        piles, slots, pool = a_puzzle(Random(seed))
        for tries in (20, 0):
            check(piles, slots, pool, deal(pool, slots, Random(seed), tries=tries))


def test_a_deal_depends_only_on_the_known_cards_and_the_generator() -> None:
    """The module docstring: the same pool in another true order, with the same slots and
    the same generator seed, gives the same deal (random or by matching), so an agent
    owning the generator learns nothing of where the cards truly lie."""
    for seed in range(100):
        _, slots, pool = a_puzzle(Random(seed))
        other = pool[::-1]
        for tries in (20, 0):
            assert deal(pool, slots, Random(7), tries) == deal(other, slots, Random(7), tries)


def test_deals_vary_with_the_generator() -> None:
    """The deal is random: another seed deals the cards otherwise."""
    slots = [Slot(3, forbidden=frozenset({0})), Slot(3), Slot(4)]
    pool = [0, 0, 1, 2, 3, 4, 5, 6, 7, 8]
    seen = {tuple(map(tuple, deal(pool, slots, Random(k)))) for k in range(30)}
    assert len(seen) > 10


def chain(n: int) -> tuple[list[int], list[Slot]]:
    """``n`` one-card slots: slot ``i`` takes card ``i`` or ``i + 1``, the last only its
    own. One deal exists (slot ``i`` gets card ``i``); a random deal finds it with chance
    about 2**-(n-1): every slot but the last picks one of its two cards at random."""
    pool = list(range(n))
    slots = [Slot(1, allows=(lambda c, i=i: c in (i, i + 1)), name=f"slot {i}")
             for i in range(n - 1)]
    return pool, [*slots, Slot(1, forbidden=frozenset(range(n - 1)), name="last")]


def test_the_one_deal_that_exists_is_found_where_random_deals_fail() -> None:
    """A tight case: random deals (20 tries, each succeeding with chance 2**-29) fail, and
    the matching finds the one deal there is, whatever the seed."""
    pool, slots = chain(30)
    for seed in range(20):
        assert deal(pool, slots, Random(seed)) == [[i] for i in range(30)]


def test_the_one_deal_with_many_copies_and_forbidden_types() -> None:
    """Typed cards with copies (radiant-perim's hands with types known missing): a hand of
    two that refuses types 2 and 3, a deck of two, a hand of four that refuses types 0
    and 1; two cards of each type: the last hand must take every 2 and 3."""
    pool = [0, 0, 1, 1, 2, 2, 3, 3]
    slots = [Slot(2, forbidden=frozenset({2, 3}), ordered=False),
             Slot(2), Slot(4, forbidden=frozenset({0, 1}), ordered=False)]
    for seed in range(30):
        out = deal(pool, slots, Random(seed))
        assert out[2] == [2, 2, 3, 3]
        assert sorted(out[0] + out[1]) == [0, 0, 1, 1]


def test_no_deal_raises_and_names_the_slot() -> None:
    """Slots that contradict each other: two cards of type 0, and two one-card hands that
    refuse it."""
    slots = [Slot(1, forbidden=frozenset({0}), name="north's hand"),
             Slot(1, allows=lambda c: c != 0, name="south's hand")]
    with pytest.raises(NoDeal, match="hand cannot fill its 1 free places"):
        deal([0, 0], slots, Random(1))
    with pytest.raises(NoDeal):
        deal([0, 0], slots, Random(1), tries=0)


def test_bad_slots_are_refused_with_what_is_wrong() -> None:
    """More or fewer free places than cards, and fixed places outside a pile or twice."""
    with pytest.raises(ValueError, match="3 cards to deal into 2 free places"):
        deal([1, 2, 3], [Slot(2, name="hand")], Random(1))
    with pytest.raises(ValueError, match="slot 'deck': 2 places cannot hold"):
        Slot(2, fixed=((2, "x"),), name="deck")
    with pytest.raises(ValueError, match="cannot hold cards fixed at"):
        Slot(3, fixed=((1, "x"), (1, "y")))


def test_fixed_cards_stay_where_they_are_known() -> None:
    """A deck with known cards at places 0 and 3 (radiant-arena: a card a seat looked at):
    they stay there; the others come from the pool."""
    slots = [Slot(5, fixed=((0, "a"), (3, "b")), name="deck"), Slot(2, ordered=False)]
    for seed in range(20):
        deck, hand = deal(["c", "d", "e", "f", "g"], slots, Random(seed))
        assert deck[0] == "a" and deck[3] == "b"
        assert sorted(deck[1:3] + deck[4:] + hand) == ["c", "d", "e", "f", "g"]
        assert hand == sorted(hand)
