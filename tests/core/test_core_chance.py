"""Seeded chance (core/chance.py): SplitMix64, deterministic and portable.

DESIGN.md, core: "seeded chance"; STYLE.md: "Randomness is always seeded"; chance.py:
"identical on every machine and Python version".
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest

from tabletop.core import Chance


def test_reference_outputs_pin_the_generator() -> None:
    """chance.py: SplitMix64, identical on every machine. The first outputs from seed 0
    are the published SplitMix64 reference values, so records replay the same anywhere."""
    c = Chance(0)
    assert [c.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_same_seed_same_sequence_and_different_seeds_differ() -> None:
    """STYLE.md: randomness is seeded. Equal seeds give equal streams; nearby seeds do not."""
    a, b, c = Chance(42), Chance(42), Chance(43)
    xs = [a.next_u64() for _ in range(20)]
    assert xs == [b.next_u64() for _ in range(20)]
    assert xs != [c.next_u64() for _ in range(20)]
    assert all(0 <= x < 2**64 for x in xs)


def test_seed_is_taken_modulo_2_64() -> None:
    """chance.py: the whole state is one 64-bit integer."""
    assert Chance(2**64 + 5).s == 5
    assert Chance(-1).s == 2**64 - 1


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 48, 1000, 2**63 + 3])
def test_below_stays_in_range(n: int) -> None:
    """chance.py: ``below(n)`` is an integer in ``range(n)``."""
    c = Chance(n)
    assert all(0 <= c.below(n) < n for _ in range(500))
    if n == 1:
        assert {c.below(1) for _ in range(10)} == {0}


def test_below_is_uniform() -> None:
    """chance.py: ``below(n)`` is uniform. 60,000 draws of a die face pass a chi-square
    test at the 0.1% level (critical value 20.5 for 5 degrees of freedom)."""
    c = Chance(2024)
    draws = 60_000
    counts = Counter(c.below(6) for _ in range(draws))
    assert set(counts) == set(range(6))
    expected = draws / 6
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in range(6))
    assert chi2 < 20.5, counts


def test_below_has_no_modulo_bias() -> None:
    """chance.py: "rejection sampling, no modulo bias". With n = 3/4 of 2**64, plain
    ``x % n`` would land in the lowest third of the range half the time; uniform draws
    land there a third of the time."""
    n = 3 * 2**62
    c = Chance(7)
    low = sum(c.below(n) < 2**62 for _ in range(6000)) / 6000
    assert abs(low - 1 / 3) < 0.04, low


@pytest.mark.parametrize("bad", [0, -1, -100])
def test_below_rejects_a_non_positive_bound(bad: int) -> None:
    """chance.py: ``below`` needs a positive bound; a ValueError says so."""
    with pytest.raises(ValueError, match="positive"):
        Chance(1).below(bad)


def test_roll_gives_every_face() -> None:
    """chance.py: ``roll(sides)`` is a die roll, 1..sides."""
    c = Chance(3)
    assert {c.roll() for _ in range(600)} == set(range(1, 7))
    assert {c.roll(20) for _ in range(2000)} == set(range(1, 21))


def test_shuffle_is_a_permutation() -> None:
    """chance.py: ``shuffle`` is Fisher-Yates in place: the same items, reordered."""
    items = [t for t in range(24) for _ in range(2)]
    c = Chance(99)
    deck = items[:]
    c.shuffle(deck)
    assert sorted(deck) == items
    assert deck != items
    empty: list[int] = []
    c.shuffle(empty)
    assert empty == []
    one = [5]
    c.shuffle(one)
    assert one == [5]


def test_shuffle_is_deterministic_and_reaches_every_order() -> None:
    """STYLE.md: randomness is seeded. The same seed shuffles the same way; over many
    shuffles all 24 orders of four items appear, each roughly equally often."""
    a, b = list(range(10)), list(range(10))
    Chance(5).shuffle(a)
    Chance(5).shuffle(b)
    assert a == b
    c = Chance(11)
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(4800):
        xs = [0, 1, 2, 3]
        c.shuffle(xs)
        seen[tuple(xs)] += 1
    assert set(seen) == set(permutations(range(4)))
    assert min(seen.values()) > 120 and max(seen.values()) < 280  # expected 200 each


def test_shuffle_draws_each_swap_as_below_does() -> None:
    """chance.py: every swap of ``shuffle`` is ``below(i + 1)`` from the same state, so
    seeded games (records, hashes) shuffle as they always did, and the generator ends
    where those draws leave it."""
    for seed in range(60):
        for n in (0, 1, 2, 7, 25, 61):
            fast, slow = Chance(seed * 977 + n), Chance(seed * 977 + n)
            xs, ys = list(range(n)), list(range(n))
            fast.shuffle(xs)
            for i in range(n - 1, 0, -1):
                j = slow.below(i + 1)
                ys[i], ys[j] = ys[j], ys[i]
            assert xs == ys and fast.s == slow.s, (seed, n)


def test_copy_is_independent() -> None:
    """chance.py: ``copy`` is an independent generator in the same state: it yields what
    the original would, and advancing one does not move the other (clone depends on it)."""
    a = Chance(123)
    a.next_u64()
    b = a.copy()
    assert b is not a and b.s == a.s
    xs = [a.next_u64() for _ in range(5)]
    assert a.s != b.s
    assert [b.next_u64() for _ in range(5)] == xs
    before = b.s
    a.below(10)
    assert b.s == before


_M64 = (1 << 64) - 1
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def _splitmix(s: int) -> tuple[int, int]:
    """SplitMix64 written on whole 64-bit integers: the next state and its output."""
    s = (s + _GAMMA) & _M64
    z = ((s ^ (s >> 30)) * _MIX1) & _M64
    z = ((z ^ (z >> 27)) * _MIX2) & _M64
    return s, z ^ (z >> 31)


def _seed_giving(x: int) -> int:
    """The state whose next output is ``x`` (every step of the mix undone)."""
    def unshift(y: int, k: int) -> int:
        z = y
        for _ in range(64 // k + 1):
            z = y ^ (z >> k)
        return z

    z = unshift(x, 31)
    z = unshift((z * pow(_MIX2, -1, 1 << 64)) & _M64, 27)
    z = unshift((z * pow(_MIX1, -1, 1 << 64)) & _M64, 30)
    return (z - _GAMMA) & _M64


def test_halves_give_the_64_bit_outputs() -> None:
    """chance.py: the state is kept as two 32-bit halves (compiled, no 64-bit integer is
    made on a draw); every output and state is SplitMix64's on whole integers, from
    seeds at the edges (0, all ones, a half all ones) and 2,000 others."""
    import random

    r = random.Random(28)
    seeds = [0, 1, _M64, _M64 - 1, 1 << 63, (1 << 32) - 1, 1 << 32, 0xFFFFFFFF00000000]
    seeds += [r.getrandbits(64) for _ in range(2000)]
    for seed in seeds:
        c, s = Chance(seed), seed
        for _ in range(4):
            s, x = _splitmix(s)
            assert c.next_u64() == x and c.s == s, seed


def test_below_draws_as_the_64_bit_rejection_does() -> None:
    """chance.py: ``below(n)`` in halves takes the same outputs as rejection sampling on
    the 64-bit output (an output at or above ``2**64 - 2**64 % n`` is drawn again) and
    returns ``x % n``: at random, and at the edge itself, where the output is the last
    accepted, the first rejected and the largest."""
    import random

    r = random.Random(6)
    bounds = [1, 2, 3, 6, 7, 8, 10, 12, 61, 100, 1000, (1 << 30) - 1, 1 << 30,
              (1 << 30) + 1, 3 << 40, 2**63 + 3]
    cases = [(r.getrandbits(64), n) for n in bounds for _ in range(100)]
    for n in bounds:
        limit = (1 << 64) - (1 << 64) % n
        for x in {limit - 1, limit, _M64} - {1 << 64}:
            cases.append((_seed_giving(x), n))
    for seed, n in cases:
        s = seed
        limit = (1 << 64) - (1 << 64) % n
        while True:
            s, x = _splitmix(s)
            if x < limit:
                break
        # below() as this run has it, and each of its two ways whichever this run uses
        # (the halves where compiled, the 64-bit formula in plain Python)
        ways = [Chance.below, Chance._below_wide]
        if n <= 1 << 30:
            ways.append(Chance._below_halves)
        for way in ways:
            c = Chance(seed)
            assert way(c, n) == x % n and c.s == s, (seed, n, way.__name__)
