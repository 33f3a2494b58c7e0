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
from tabletop.core.hidden import Slot, deal, plain

from .ids import N_TYPES

if TYPE_CHECKING:
    from .rules import PerimState


def resample(state: PerimState, seat: int, rng: Random) -> PerimState:
    """A state that ``seat`` cannot tell apart from ``state``: the hidden cards (the
    deck, the others' unknown hand cards and captured leftovers) dealt again by the
    core's :func:`~tabletop.core.hidden.deal`, a hand never taking a type known to be
    missing from it."""
    new = state.clone()
    others = [s for s in range(state.players) if s != seat]
    hidden: list[int] = list(state.deck)
    slots: list[Slot] = []
    for s in others:
        hand, known, leftover = state.hands[s], state.known[s], state.leftover[s]
        free = kept = 0
        for t in range(N_TYPES):
            n = hand[t] - known[t]
            if n:
                hidden += [t] * n
                free += n
            n = leftover[t]
            if n:
                hidden += [t] * n
                kept += n
        # Counts of each type are kept, so the piles' order means nothing: no need to
        # have them sorted.
        slots.append(Slot(free, forbidden=_types(state.absent[s]), name=f"seat {s}'s hand"))
        slots.append(plain(kept))  # its leftovers
    slots.append(plain(len(state.deck)))  # the deck
    piles = deal(hidden, slots, rng)
    for k, s in enumerate(others):
        hand, leftover = piles[2 * k], piles[2 * k + 1]
        new.hands[s] = state.known[s][:]
        new.captured[s] = [a - b for a, b in zip(state.captured[s], state.leftover[s],
                                                  strict=True)]
        new.leftover[s] = [0] * N_TYPES
        new.pending[s] = []  # their secret melds are unknown: sample "none yet"
        for t in hand:
            new.hands[s][t] += 1
        for t in leftover:
            new.leftover[s][t] += 1
            new.captured[s][t] += 1
    new.deck = piles[-1]
    state._resampled(new, seat, rng)
    new.chance = Chance(rng.getrandbits(64))
    return new


def _types(mask: int) -> frozenset[int]:
    """The card types of a mask (bit ``t`` set: type ``t``)."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return frozenset(out)
