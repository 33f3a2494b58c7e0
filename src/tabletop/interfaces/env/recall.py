"""Perfect recall: what one seat was told, in order, as a fixed-length record.

OpenSpiel's information-state tensor (``perfect_recall`` observers, openspiel.py) is the
seat's observation followed by this record of its own copy of every event so far
(``State.events_for(seat)``: public events, its private ones, the others' with their
private fields hidden), so two histories that end in the same observation give different
tensors, the same history gives the same tensor, and nothing the seat was not shown is
in it. The record is kept running (:class:`Recall`, extended by the new events only), so
a long game costs one pass over its events, not one per call. docs/research.md
("Observation and information-state tensors") lists its parts.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np

from tabletop.core import State, get_spec
from tabletop.core.tensors import Part

LAST = 8  # the kinds of the last events seen, most recent first
DIGEST_BITS = 64  # the event digest, bit by bit
EVENT_SCALE = 100.0  # n events seen are given as n / (n + EVENT_SCALE)
COUNT_SCALE = 10.0  # n events of a kind are given as n / (n + COUNT_SCALE)


@cache
def event_kinds(game: str) -> tuple[str, ...]:
    """The kinds of ``game``'s events, in the order of its table (``GameSpec.event_kinds``),
    then ``other`` (any kind the table does not list)."""
    return (*(k.name for k in get_spec(game).event_kinds), "other")


@cache
def _kind_index(game: str) -> Mapping[str, int]:
    return {k: i for i, k in enumerate(event_kinds(game)[:-1])}


def recall_parts(game: str) -> tuple[Part, ...]:
    """The layout of the record of ``game`` (after the observation's parts)."""
    kinds = event_kinds(game)
    K = len(kinds)
    return (
        ("recall_events", 1, f"events I was told, n as n / (n + {EVENT_SCALE:g})"),
        ("recall_kinds", K, "per event kind (the game's table, then other): how many I "
                            f"was told, n as n / (n + {COUNT_SCALE:g})"),
        ("recall_last", LAST * K, f"the last {LAST} events I was told, most recent first: "
                                  "one-hot of the kind each"),
        ("recall_digest", DIGEST_BITS, "the bits of a BLAKE2b digest of every event I was "
                                       "told, in order (my copy: kind and fields shown)"),
    )


class Recall:
    """One seat's running record of the events it was told: how many of the state's
    events are read, how many the seat saw, the running digest of those (BLAKE2b, 128
    bits: the information-state string's too), the count per kind and the last kinds."""

    __slots__ = ("counts", "hasher", "last", "read", "seen")

    def __init__(self, kinds: int) -> None:
        self.read = 0
        self.seen = 0
        self.hasher: Any = hashlib.blake2b(digest_size=16)
        self.counts = [0] * kinds
        self.last: tuple[int, ...] = ()

    def copy(self) -> Recall:
        """An independent copy (for a state's copy)."""
        new = Recall.__new__(Recall)
        new.read, new.seen, new.last = self.read, self.seen, self.last
        new.hasher = self.hasher.copy()
        new.counts = self.counts[:]
        return new

    def update(self, state: State, seat: int | None) -> Recall:
        """Read the events of ``state`` not read yet, as ``seat`` sees them."""
        events = state.events
        if self.read < len(events):
            index = _kind_index(state.spec.id)
            other = len(self.counts) - 1
            h, counts, last = self.hasher, self.counts, list(self.last)
            for e in events[self.read:]:
                seen = e.seen_by(seat)
                if seen is None:
                    continue
                h.update(repr((seen.kind, seen.args)).encode())
                h.update(b"\n")
                self.seen += 1
                k = index.get(seen.kind, other)
                counts[k] += 1
                last.append(k)
            self.last = tuple(last[-LAST:])
            self.read = len(events)
        return self

    def encode(self, out: np.ndarray) -> None:
        """Write the record into ``out`` (zeros, float32, the size of the recall parts)."""
        K = len(self.counts)
        out[0] = self.seen / (self.seen + EVENT_SCALE)
        counts = np.asarray(self.counts, dtype=np.float32)
        out[1:1 + K] = counts / (counts + COUNT_SCALE)
        last = out[1 + K:1 + K + LAST * K].reshape(LAST, K)
        for i, k in enumerate(reversed(self.last)):
            last[i, k] = 1
        digest = np.frombuffer(self.hasher.digest()[:DIGEST_BITS // 8], dtype=np.uint8)
        out[1 + K + LAST * K:] = np.unpackbits(digest)


def recall_of(state: State, seat: int | None) -> Recall:
    """The record of ``seat`` in ``state``, read from the start (no running record)."""
    return Recall(len(event_kinds(state.spec.id))).update(state, seat)

