"""Re-dealing hidden cards for ``State.resample``: a game declares its hidden zones, this
module deals their cards again.

A hidden zone is a pile each seat has (a hand, a deck) and who may see its cards: its
owner (a hand: the others see only how many) or nobody (a deck: not even its owner knows
the order). Resampling for one seat keeps everything that seat sees and deals again,
for every seat, the cards of the zones hidden from it: the cards of those piles are put
together, shuffled, and dealt back into piles of the same sizes, in the order the zones
are declared.

Every pool is put in a canonical (sorted) order before it is shuffled, so a re-deal
depends only on what the seat knows and on the generator: an agent owns the generator,
and a shuffle of the true order would let it undo the shuffle and read that order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

OWNER = "owner"  # a zone whose cards its owner sees (a hand)
NOBODY = "nobody"  # a zone whose order no one sees (a deck)


@dataclass(frozen=True, slots=True)
class Zone:
    """One hidden zone of a game: ``name`` is the state's attribute holding one pile (a
    list of cards) per seat; ``seen_by`` is :data:`OWNER` or :data:`NOBODY`; ``ordered``
    is false for a pile whose order means nothing (a hand, kept sorted)."""

    name: str
    seen_by: str
    ordered: bool = True

    def __post_init__(self) -> None:
        if self.seen_by not in (OWNER, NOBODY):
            raise ValueError(f"zone {self.name!r}: seen_by is {OWNER!r} or {NOBODY!r}, "
                             f"not {self.seen_by!r}")


def shuffled(cards: Sequence[Any], rng: Random) -> list[Any]:
    """``cards`` in a random order drawn from ``rng`` alone: shuffled from their sorted
    order, never from the order they truly lie in (module docstring)."""
    out = sorted(cards)
    rng.shuffle(out)
    return out


def redeal(piles: Sequence[Sequence[Any]], rng: Random,
           accept: Callable[[list[list[Any]]], bool] | None = None, tries: int = 1,
           ordered: Sequence[bool] = ()) -> list[list[Any]] | None:
    """The cards of ``piles`` put together (sorted), shuffled and dealt back into piles
    of the same sizes, in order; a pile whose ``ordered`` flag is false comes back
    sorted. With ``accept``, the deal is shuffled again (the same pool, up to ``tries``
    times) until ``accept`` takes it; ``None`` if it never does."""
    pool = sorted(card for pile in piles for card in pile)
    sizes = [len(p) for p in piles]
    for _ in range(tries):
        rng.shuffle(pool)
        out: list[list[Any]] = []
        at = 0
        for i, n in enumerate(sizes):
            pile = pool[at:at + n]
            out.append(pile if i >= len(ordered) or ordered[i] else sorted(pile))
            at += n
        if accept is None or accept(out):
            return out
    return None


def _for_seat(accept: Callable[[int, list[list[Any]]], bool], q: int
              ) -> Callable[[list[list[Any]]], bool]:
    return lambda found: accept(q, found)


def redeal_zones(old: Any, new: Any, seat: int, rng: Random, zones: Sequence[Zone],
                 accept: Callable[[int, list[list[Any]]], bool] | None = None,
                 tries: int = 1) -> None:
    """Deal again, into ``new`` (a clone of ``old``), the cards of every zone hidden from
    ``seat``: seat by seat in turn order, for ``seat`` its zones no one sees, for each
    other seat all of them (together, in the order of ``zones``).

    ``accept(q, piles)`` may refuse a deal for seat ``q`` that contradicts what is known
    (tried again up to ``tries`` times); failing that, what the owner sees stays as it
    truly is and only the zones no one sees are dealt again (the true deal is one of the
    consistent ones)."""
    for q in range(old.players):
        hidden = [z for z in zones if z.seen_by == NOBODY or q != seat]
        piles = [getattr(old, z.name)[q] for z in hidden]
        dealt = redeal(piles, rng, None if accept is None else _for_seat(accept, q), tries,
                       [z.ordered for z in hidden])
        if dealt is None:
            hidden = [z for z in zones if z.seen_by == NOBODY]
            for z in zones:
                if z.seen_by == OWNER:
                    getattr(new, z.name)[q] = list(getattr(old, z.name)[q])
            dealt = redeal([getattr(old, z.name)[q] for z in hidden], rng,
                           ordered=[z.ordered for z in hidden])
            assert dealt is not None
        for z, pile in zip(hidden, dealt, strict=True):
            getattr(new, z.name)[q] = pile


__all__ = ["NOBODY", "OWNER", "Zone", "redeal", "redeal_zones", "shuffled"]
