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

A game that knows more about its hidden cards than how many lie in each pile deals them
with :func:`deal`: a pool of cards into :class:`Slot` s of given sizes, each of which may
hold cards fixed at known places (a card the seat saw on a deck) and may refuse cards (a
type known to be missing from a hand; :func:`plain` is a pile that takes any card). It
deals at random first and, failing that, finds a deal by matching, which always finds one
when one exists (the true deal is one, so a failure means the game declared the slots
wrong: :class:`NoDeal`).
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


def shuffle(cards: list[Any], rng: Random) -> None:
    """``rng.shuffle(cards)``: the same order from the same generator, written out for a
    plain ``random.Random`` (a search re-deals at every iteration, and this module runs
    compiled while ``random.py`` does not: its shuffle makes two Python calls a card).
    It is the standard library's Fisher-Yates, each index drawn as its ``_randbelow``
    draws: ``getrandbits`` of the bound's length until below the bound. Any other
    generator (a subclass) shuffles by its own method."""
    if type(rng) is not Random:
        rng.shuffle(cards)
        return
    bits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]


def shuffled(cards: Sequence[Any], rng: Random) -> list[Any]:
    """``cards`` in a random order drawn from ``rng`` alone: shuffled from their sorted
    order, never from the order they truly lie in (module docstring)."""
    out = sorted(cards)
    shuffle(out, rng)
    return out


DEAL_TRIES = 20  # random deals tried before the matching (most deals fit at once)


class NoDeal(ValueError):
    """No deal of the pool fits the slots: they contradict each other (a game that
    declares its slots from what is true always has one: the true deal)."""


class Slot:
    """One pile to deal into: ``size`` cards in all. ``fixed`` holds the cards known to
    lie at known places, as ``(position, card)`` pairs (position 0 is the pile's first
    card); they are not part of the pool. The other places (``free`` of them) take cards
    of the pool that the slot allows: none in ``forbidden``, and, with ``allows``, only
    those it accepts (``restricted``: it refuses some). ``ordered`` is false for a pile
    whose order means nothing (a hand): it comes back sorted. ``name`` names the pile in
    errors. (A plain class, not a dataclass: resample builds a few on every call.)"""

    def __init__(self, size: int, fixed: tuple[tuple[int, Any], ...] = (),
                 forbidden: frozenset[Any] = frozenset(),
                 allows: Callable[[Any], bool] | None = None, ordered: bool = True,
                 name: str = "") -> None:
        self.size = size
        self.fixed = fixed
        self.forbidden = forbidden
        self.allows = allows
        self.ordered = ordered
        self.name = name
        self.free = size - len(fixed)
        self.restricted = bool(forbidden) or allows is not None
        if fixed or size < 0:
            at = [pos for pos, _ in fixed]
            if size < 0 or any(not 0 <= pos < size for pos in at) or len(set(at)) != len(at):
                raise ValueError(f"slot {name!r}: {size} places cannot hold cards fixed at "
                                 f"{sorted(at)}")

    def __repr__(self) -> str:
        return (f"Slot({self.size}, fixed={self.fixed!r}, forbidden={self.forbidden!r}, "
                f"allows={self.allows!r}, ordered={self.ordered!r}, name={self.name!r})")

    def takes(self, card: Any) -> bool:
        """Whether ``card`` may be dealt into this slot."""
        if card in self.forbidden:
            return False
        allows = self.allows
        return allows is None or allows(card)

    def pile(self, dealt: list[Any]) -> list[Any]:
        """The pile: the fixed cards at their places, ``dealt`` in order at the others."""
        if self.fixed:
            out: list[Any] = [None] * self.size
            known = [False] * self.size
            for pos, card in self.fixed:
                out[pos] = card
                known[pos] = True
            at = 0
            for i in range(self.size):
                if not known[i]:
                    out[i] = dealt[at]
                    at += 1
        else:
            out = dealt
        return out if self.ordered else sorted(out)


_PLAIN: dict[int, Slot] = {}


def plain(size: int) -> Slot:
    """The slot of ``size`` places that takes any card and holds none fixed: one shared
    slot per size (a slot is never changed), so that a resample on the search's hot path
    does not build one for every pile."""
    slot = _PLAIN.get(size)
    if slot is None:
        slot = _PLAIN[size] = Slot(size)
    return slot


def deal(pool: Sequence[Any], slots: Sequence[Slot], rng: Random,
         tries: int = DEAL_TRIES) -> list[list[Any]]:
    """The cards of ``pool`` (sortable, hashable) dealt into ``slots``, one pile each in
    order, every card into a place that takes it; the free places of the slots hold
    exactly the pool.

    The pool is sorted first and then shuffled by ``rng`` (the module docstring: the deal
    depends only on the cards and the generator). A random deal is tried first, up to
    ``tries`` times: the slots that refuse cards, the least room first, each take the
    first cards of the shuffled pool they allow, and the others the rest in order. If
    none fits, a matching of free places to cards (augmenting paths, over the cards in
    shuffled order) finds a deal whenever one exists. Raises :class:`NoDeal` if none
    does, and ``ValueError`` if the free places do not number the cards of the pool."""
    need = 0
    tight: list[int] = []
    for i, slot in enumerate(slots):
        need += slot.free
        if slot.restricted:
            tight.append(i)
    if need != len(pool):
        raise ValueError(f"{len(pool)} cards to deal into {need} free places "
                         f"({', '.join([_label(s, i) for i, s in enumerate(slots)])})")
    cards = sorted(pool)
    if not tight:
        shuffle(cards, rng)
        return _cut(cards, slots)
    # Which cards each refusing slot takes (by index into ``cards``), asked once a card.
    ok: list[list[bool]] = [[] for _ in slots]
    values: set[Any] | None = None
    for i in tight:
        slot = slots[i]
        if slot.allows is None:
            forbidden = slot.forbidden
            ok[i] = [c not in forbidden for c in cards]
        else:
            if values is None:
                values = set(cards)
            takes = {v: slot.takes(v) for v in values}
            ok[i] = [takes[c] for c in cards]
    if len(tight) > 1:
        tight.sort(key=lambda i: sum(ok[i]) - slots[i].free)  # the least room first
    order = list(range(len(cards)))
    for _ in range(tries):
        shuffle(order, rng)
        dealt = _at_random(order, slots, tight, ok)
        if dealt is not None:
            return _piles(cards, order, slots, dealt)
    if tries <= 0:
        shuffle(order, rng)
    return _piles(cards, order, slots, _by_matching(order, slots, tight, ok))


def _label(slot: Slot, i: int) -> str:
    return f"{slot.name or f'slot {i}'}: {slot.free}"


def _cut(cards: list[Any], slots: Sequence[Slot]) -> list[list[Any]]:
    """``cards`` cut, in order, into the free places of ``slots``."""
    out: list[list[Any]] = []
    at = 0
    for slot in slots:
        n = slot.free
        pile = cards[at:at + n]
        out.append(slot.pile(pile) if slot.fixed or not slot.ordered else pile)
        at += n
    return out


def _at_random(order: list[int], slots: Sequence[Slot], tight: list[int],
               ok: list[list[bool]]) -> list[list[int]] | None:
    """A random deal to the refusing slots (card indices, by slot; ``[]`` for the
    others): each takes the first cards of ``order`` that it allows and no slot before
    took; ``None`` if one runs short."""
    taken = [False] * len(order)
    out: list[list[int]] = [[] for _ in slots]
    for i in tight:
        n = slots[i].free
        if not n:
            continue
        row = ok[i]
        mine = out[i]
        for c in order:
            if row[c] and not taken[c]:
                mine.append(c)
                taken[c] = True
                if len(mine) == n:
                    break
        else:
            return None
    return out


def _by_matching(order: list[int], slots: Sequence[Slot], tight: list[int],
                 ok: list[list[bool]]) -> list[list[int]]:
    """Every free place of the refusing slots matched to a card it takes (Kuhn's
    augmenting paths; the other slots take any card, so the rest always fits them), as
    :func:`_at_random` gives it."""
    owner = [i for i in tight for _ in range(slots[i].free)]
    holder = [-1] * len(order)  # card index -> the place it fills
    for place in range(len(owner)):
        if not _augment(place, owner, ok, order, holder, [False] * len(order)):
            i = owner[place]
            raise NoDeal(f"no deal fits: {slots[i].name or f'slot {i}'} cannot fill its "
                         f"{slots[i].free} free places with cards it takes once the other "
                         f"slots have theirs")
    out: list[list[int]] = [[] for _ in slots]
    for c in order:
        if holder[c] >= 0:
            out[owner[holder[c]]].append(c)
    return out


def _augment(place: int, owner: list[int], ok: list[list[bool]], order: list[int],
             holder: list[int], seen: list[bool]) -> bool:
    """Give ``place`` a card, moving cards along an augmenting path if need be."""
    row = ok[owner[place]]
    for c in order:
        if seen[c] or not row[c]:
            continue
        seen[c] = True
        if holder[c] < 0 or _augment(holder[c], owner, ok, order, holder, seen):
            holder[c] = place
            return True
    return False


def _piles(cards: list[Any], order: list[int], slots: Sequence[Slot],
           dealt: list[list[int]]) -> list[list[Any]]:
    """The piles: the refusing slots' cards as ``dealt``; the rest of the cards, in
    ``order``, cut into the other slots."""
    taken = [False] * len(cards)
    for mine in dealt:
        for c in mine:
            taken[c] = True
    rest = [cards[c] for c in order if not taken[c]]
    out: list[list[Any]] = []
    at = 0
    for slot, mine in zip(slots, dealt, strict=True):
        if slot.restricted:
            out.append(slot.pile([cards[c] for c in mine]))
        else:
            n = slot.free
            out.append(slot.pile(rest[at:at + n]))
            at += n
    return out


def redeal(piles: Sequence[Sequence[Any]], rng: Random,
           accept: Callable[[list[list[Any]]], bool] | None = None, tries: int = 1,
           ordered: Sequence[bool] = ()) -> list[list[Any]] | None:
    """The cards of ``piles`` put together (sorted), shuffled and dealt back into piles
    of the same sizes, in order (:func:`deal` with slots that take any card); a pile
    whose ``ordered`` flag is false comes back sorted. With ``accept``, the deal is
    drawn again (up to ``tries`` times) until ``accept`` takes it; ``None`` if it never
    does."""
    pool: list[Any] = []
    slots: list[Slot] = []
    for i, pile in enumerate(piles):
        pool += pile
        slots.append(plain(len(pile)) if i >= len(ordered) or ordered[i]
                     else Slot(len(pile), ordered=False))
    for _ in range(tries):
        out = deal(pool, slots, rng)
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


__all__ = ["DEAL_TRIES", "NOBODY", "NoDeal", "OWNER", "Slot", "Zone", "deal", "plain",
           "redeal", "redeal_zones", "shuffle", "shuffled"]
