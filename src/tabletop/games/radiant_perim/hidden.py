"""Resampling: a full state consistent with what one seat knows, for agents that search.

Kept from the true state: everything the seat sees, the cards every seat knows to be in
another hand (drafted from the open pool, revealed in a meld) and the card types known
to be missing from a hand (a failed assassination, an off-race play while a native card
would have been forced). Re-dealt: every other card the seat cannot see. Dropped: what
only other seats saw (their private events, their secret melds, the true seed, the
history). A resampled state is for search: it has no history to record.

Known limits (samples are consistent with the seat's view but not with every inference
a player could draw): the seat that began the war had the most scouts (and the
``war_begins`` event says whether a tie on scouts, or on scouts and points, was broken),
and seats that finished melding in secret are sampled as having set no meld aside.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from tabletop.core import Chance

from .ids import N_TYPES

if TYPE_CHECKING:
    from .rules import PerimState

_TRIES = 200


def resample(state: PerimState, seat: int, rng: Random) -> PerimState:
    """A state that ``seat`` cannot tell apart from ``state``."""
    new = state.clone()
    others = [s for s in range(state.players) if s != seat]
    hidden: list[int] = list(state.deck)
    # (seat or -1 for the deck, how many cards, forbidden mask, is a leftover pile)
    slots: list[tuple[int, int, int, bool]] = []
    for s in others:
        free = [state.hands[s][t] - state.known[s][t] for t in range(N_TYPES)]
        for t in range(N_TYPES):
            hidden.extend([t] * free[t])
            hidden.extend([t] * state.leftover[s][t])
        slots.append((s, sum(free), state.absent[s], False))
        slots.append((s, sum(state.leftover[s]), 0, True))
    slots.sort(key=lambda x: -bin(x[2]).count("1"))  # most constrained first
    # In a canonical order, so the sample depends only on what the seat knows and on rng
    # (not on where the hidden cards truly are): agents' searches then cannot tell re-deals
    # of the hidden cards apart.
    hidden.sort()
    deal = _deal(hidden, slots, rng)
    for s in others:
        new.hands[s] = state.known[s][:]
        new.captured[s] = [a - b for a, b in zip(state.captured[s], state.leftover[s],
                                                  strict=True)]
        new.leftover[s] = [0] * N_TYPES
        new.pending[s] = []  # their secret melds are unknown: sample "none yet"
    for (s, _, _, is_leftover), cards in zip(slots, deal[:-1], strict=True):
        for t in cards:
            if is_leftover:
                new.leftover[s][t] += 1
                new.captured[s][t] += 1
            else:
                new.hands[s][t] += 1
    new.deck = deal[-1]
    state._resampled(new, seat, rng)
    new.chance = Chance(rng.getrandbits(64))
    return new


def _deal(cards: list[int], slots: list[tuple[int, int, int, bool]],
          rng: Random) -> list[list[int]]:
    """Cards for each slot (respecting forbidden masks), then the rest in shuffled order."""
    for _ in range(_TRIES):
        pool = cards[:]
        rng.shuffle(pool)
        out: list[list[int]] = []
        for _, n, forbidden, _ in slots:
            if forbidden:
                mine = [t for t in pool if not forbidden >> t & 1][:n]
            else:
                mine = pool[:n]
            if len(mine) < n:
                break
            for t in mine:
                pool.remove(t)
            out.append(mine)
        else:
            out.append(pool)
            return out
    return _deal_by_matching(cards, slots, rng)


def _deal_by_matching(cards: list[int], slots: list[tuple[int, int, int, bool]],
                      rng: Random) -> list[list[int]]:
    """Kuhn's augmenting paths: always finds a deal when one exists (the true one does)."""
    owners = [i for i, (_, n, _, _) in enumerate(slots) for _ in range(n)]
    order = list(range(len(cards)))
    rng.shuffle(order)
    match: dict[int, int] = {}  # card index -> position in owners

    def ok(card: int, pos: int) -> bool:
        return not slots[owners[pos]][2] >> cards[card] & 1

    def augment(pos: int, seen: set[int]) -> bool:
        for c in order:
            if c in seen or not ok(c, pos):
                continue
            seen.add(c)
            holder = match.get(c)
            if holder is None or augment(holder, seen):
                match[c] = pos
                return True
        return False

    for pos in range(len(owners)):
        if not augment(pos, set()):
            raise AssertionError("no deal fits what this seat knows")
    out: list[list[int]] = [[] for _ in slots]
    rest = []
    for c in order:
        if c in match:
            out[owners[match[c]]].append(cards[c])
        else:
            rest.append(cards[c])
    out.append(rest)
    return out
