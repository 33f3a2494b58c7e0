"""Seeded chance owned by the state: a small, fast, portable generator.

``random.Random`` is slow to copy (its state is 625 words); a game clones its state
thousands of times a second, so chance here is one 64-bit integer (SplitMix64),
copied for free and identical on every machine and Python version.
"""

from __future__ import annotations

from typing import Any

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


class Chance:
    """A SplitMix64 generator whose whole state is ``self.s``."""

    __slots__ = ("s",)

    def __init__(self, seed: int) -> None:
        self.s = seed & _MASK

    def copy(self) -> Chance:
        """An independent generator in the same state."""
        return Chance(self.s)  # (not Chance.__new__: compiled, __new__ runs __init__)

    def __reduce__(self) -> tuple[type[Chance], tuple[int]]:
        # Pickled as its constructor's argument: compiled (tabletop.native), unpickling a
        # blank instance would run __init__ without one.
        return (Chance, (self.s,))

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.s = (self.s + _GAMMA) & _MASK
        z = self.s
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _SPAN - _SPAN % n
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def roll(self, sides: int = 6) -> int:
        """A die roll, 1..sides."""
        return self.below(sides) + 1

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, each swap drawn as ``below(i + 1)``
        draws it: the same sequence, with the generator's steps written out here because
        a payment reshuffles a whole deck on the hot path)."""
        s = self.s
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                s = (s + _GAMMA) & _MASK
                z = ((s ^ (s >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.s = s
