"""Seeded chance owned by the state: a small, fast, portable generator.

``random.Random`` is slow to copy (its state is 625 words); a game clones its state
thousands of times a second, so chance here is one 64-bit integer (SplitMix64),
copied for free and identical on every machine and Python version.

The 64-bit state is kept as two 32-bit halves, and products are taken in 16-bit pieces,
so that every value stays a machine integer where this module is compiled
(``tabletop.native``: an integer of 62 bits or more is a heap-allocated Python integer
there, and a product is a machine multiplication only for factors below 2**30). The outputs are
SplitMix64's, bit for bit (``next_u64``; tests/core/test_core_chance.py checks them
against the 64-bit formula). Run as plain Python, where an integer of any size costs the
same and each operation is an interpreted step, the draw is the 64-bit formula itself
(four times fewer steps than the halves); both give the same numbers.
"""

from __future__ import annotations

from typing import Any, Final

_MASK: Final = (1 << 64) - 1
_SPAN: Final = 1 << 64
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_M32: Final = 0xFFFFFFFF
_B32: Final = 1 << 32
_M16: Final = 0xFFFF
# Each constant's halves (the state advances by gamma; the two mixes multiply).
_GH: Final = 0x9E3779B9
_GL: Final = 0x7F4A7C15
# and each multiplier's 16-bit pieces, highest first
_M1_3: Final = 0xBF58
_M1_2: Final = 0x476D
_M1_1: Final = 0x1CE4
_M1_0: Final = 0xE5B9
_M2_3: Final = 0x94D0
_M2_2: Final = 0x49BB
_M2_1: Final = 0x1331
_M2_0: Final = 0x11EB
# Bounds up to this are drawn in halves (every factor below 2**30, as above); larger
# ones, which no game asks, from the 64-bit output.
_SMALL: Final = 1 << 30



def _mul(h: int, lo: int, c3: int, c2: int, c1: int, c0: int) -> tuple[int, int]:
    """The low 64 bits of ``h:lo`` (32-bit halves) times the constant whose 16-bit pieces
    are ``c3 c2 c1 c0``, as halves: long multiplication in 16-bit pieces, so that every
    factor stays below 2**30 (compiled, where a product is a machine multiplication)."""
    x0, x1, x2, x3 = lo & _M16, lo >> 16, h & _M16, h >> 16
    r0 = x0 * c0
    r1 = x1 * c0 + x0 * c1 + (r0 >> 16)
    r2 = x2 * c0 + x1 * c1 + x0 * c2 + (r1 >> 16)
    r3 = x3 * c0 + x2 * c1 + x1 * c2 + x0 * c3 + (r2 >> 16)
    return (r2 & _M16) | ((r3 & _M16) << 16), (r0 & _M16) | ((r1 & _M16) << 16)


def _next(h: int, lo: int) -> tuple[int, int, int, int]:
    """One SplitMix64 step on the state's halves: the new state and the output, halves."""
    lo += _GL
    h = (h + _GH + (lo >> 32)) & _M32
    lo &= _M32
    zl = lo ^ (((h << 2) | (lo >> 30)) & _M32)  # z ^= z >> 30
    zh = h ^ (h >> 30)
    zh, zl = _mul(zh, zl, _M1_3, _M1_2, _M1_1, _M1_0)
    zl ^= ((zh << 5) | (zl >> 27)) & _M32  # z ^= z >> 27
    zh ^= zh >> 27
    zh, zl = _mul(zh, zl, _M2_3, _M2_2, _M2_1, _M2_0)
    zl ^= ((zh << 1) | (zl >> 31)) & _M32  # z ^= z >> 31
    zh ^= zh >> 31
    return h, lo, zh, zl


# Whether this module runs compiled (tabletop.native): a compiled function has no bytecode.
_COMPILED: Final = not hasattr(_next, "__code__")


class Chance:
    """A SplitMix64 generator whose whole state is ``s`` (kept as its halves).

    ``Chance(seed)`` starts from ``seed``; ``hi`` and ``lo``, when given, are the state's
    halves themselves (what :meth:`copy` passes)."""

    __slots__ = ("hi", "lo")

    def __init__(self, seed: int, hi: int = -1, lo: int = 0) -> None:
        if hi >= 0:  # copy(): the halves themselves (no 64-bit integer built and split)
            self.hi, self.lo = hi, lo
            return
        s = seed & _MASK
        self.hi = s >> 32
        self.lo = s & _M32

    @property
    def s(self) -> int:
        """The state, one 64-bit integer (what positions write)."""
        return (self.hi << 32) | self.lo

    def copy(self) -> Chance:
        """An independent generator in the same state."""
        # (not Chance.__new__: compiled, __new__ runs __init__; and not Chance(self.s),
        # whose 64-bit state is a heap-allocated integer there, built and split again)
        return Chance(0, self.hi, self.lo)

    def __reduce__(self) -> tuple[type[Chance], tuple[int]]:
        # Pickled as its constructor's argument: compiled (tabletop.native), unpickling a
        # blank instance would run __init__ without one.
        return (Chance, (self.s,))

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.hi, self.lo, zh, zl = _next(self.hi, self.lo)
        return (zh << 32) | zl

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n > _SMALL or not _COMPILED:
            return self._below_wide(n)
        return self._below_halves(n)

    def _below_halves(self, n: int) -> int:
        """``below(n)`` on the state's halves, for ``n`` up to 2**30 (compiled)."""
        # The same draw in halves: an output x is rejected when x >= 2**64 - 2**64 % n,
        # that is (2**64 % n being below 2**32) when its high half is all ones and its low
        # half at least 2**32 - 2**64 % n; and x % n is (hi % n) * (2**32 % n) + lo, mod n.
        t = _B32 % n
        edge = _B32 - t * t % n
        h, lo = self.hi, self.lo
        while True:
            h, lo, zh, zl = _next(h, lo)
            if zh != _M32 or zl < edge:
                break
        self.hi, self.lo = h, lo
        return ((zh % n) * t + zl) % n

    def _below_wide(self, n: int) -> int:
        """``below(n)`` by the 64-bit formula (plain Python, or a bound above 2**30)."""
        s = (self.hi << 32) | self.lo
        limit = _SPAN - _SPAN % n
        while True:
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                break
        self.hi, self.lo = s >> 32, s & _M32
        return z % n

    def roll(self, sides: int = 6) -> int:
        """A die roll, 1..sides."""
        return self.below(sides) + 1

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, each swap drawn as ``below(i + 1)``)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
