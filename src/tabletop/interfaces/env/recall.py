"""Perfect recall: what one seat was told, in order, as a fixed-length record.

OpenSpiel's information-state tensor (``perfect_recall`` observers, openspiel.py) is the
seat's observation followed by this record of its own copy of every event so far
(``State.events_for(seat)``: public events, its private ones, the others' with their
private fields hidden), with its own actions and who decided where they fall among them
(an :data:`Acts` log: a seat knows what it chose, and every view shows whose turn it is,
so an answer that no event tells, such as declining an additional clash, still changes
the record: issue 27), so two histories that end in the same observation give different
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

# The actions of a game, newest first, as a chain of tuples (shared by copies, never
# changed: an action adds a link): ``(older, n, seat, action, at)`` with ``n`` the
# count of actions so far, ``seat`` the seat that took ``action`` (its codec index) and
# ``at`` the number of events before it (``None``: no action yet).
Acts = tuple[Any, ...] | None

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
                                       "told, my own actions and each change of the seat "
                                       "to act, in order (my copy: kind and fields "
                                       "shown)"),
    )


class Recall:
    """One seat's running record of what it was told and did: how many of the state's
    events are read, how many the seat saw, how many actions of the log are read, the
    running digest of those events, its own actions and the changes of the seat to act
    (BLAKE2b, 128 bits: the information-state string's too), the count per kind, the last
    kinds, and the actions read as a log of its own (``trail``: each action's ``at``
    counts the events this seat saw before it, so a re-deal for the seat, whose events
    are this seat's copies, carries it as its log)."""

    __slots__ = ("acted", "actor", "counts", "hasher", "last", "read", "seen", "trail")

    def __init__(self, kinds: int) -> None:
        self.read = 0
        self.seen = 0
        self.acted = 0  # actions of the log read
        self.actor = -1  # the seat that took the last action read (-1: none yet)
        self.trail: Acts = None
        self.hasher: Any = hashlib.blake2b(digest_size=16)
        self.counts = [0] * kinds
        self.last: tuple[int, ...] = ()

    def copy(self) -> Recall:
        """An independent copy (for a state's copy)."""
        new = Recall.__new__(Recall)
        new.read, new.seen, new.last = self.read, self.seen, self.last
        new.acted, new.actor, new.trail = self.acted, self.actor, self.trail
        new.hasher = self.hasher.copy()
        new.counts = self.counts[:]
        return new

    def update(self, state: State, seat: int | None, acts: Acts = None) -> Recall:
        """Read the events of ``state`` not read yet, as ``seat`` sees them, and the
        actions of ``acts`` (the game's log) not read yet where they fell among them:
        which seat decided, when that changed, and ``seat``'s own choices."""
        events = state.events
        if acts is not None and acts[1] > self.acted:
            new = []
            node = acts
            while node is not None and node[1] > self.acted:
                new.append(node)
                node = node[0]
            h = self.hasher
            for _, n, actor, action, at in reversed(new):
                self._read(state, events, at, seat)
                self.trail = (self.trail, n, actor, action, self.seen)
                if actor != self.actor:  # every view shows whose turn it is
                    h.update(b"turn %d\n" % actor)
                    self.actor = actor
                if actor == seat:  # a seat knows what it chose
                    h.update(b"act %d\n" % action)
            self.acted = acts[1]
        if self.read < len(events):
            self._read(state, events, len(events), seat)
        return self

    def _read(self, state: State, events: list[Any], end: int, seat: int | None) -> None:
        """Read the events before ``end`` not read yet."""
        if self.read >= end:
            return
        index = _kind_index(state.spec.id)
        other = len(self.counts) - 1
        h, counts, last = self.hasher, self.counts, list(self.last)
        for e in events[self.read:end]:
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
        self.read = end

    def closed(self, to_act: int | None) -> Any:
        """A copy of the digest with the seat to act now (``None``: the game is over), if
        that changed since the last action read: a change of turn is told when it
        happens, not when that seat first acts (the next action would add the same
        bytes, so the digest does not change when it is read)."""
        h = self.hasher.copy()
        now = -1 if to_act is None else to_act
        if now != self.actor:
            h.update(b"turn %d\n" % now)
        return h

    def encode(self, out: np.ndarray, to_act: int | None) -> None:
        """Write the record into ``out`` (zeros, float32, the size of the recall parts),
        ``to_act`` the seat to act now (:meth:`closed`)."""
        K = len(self.counts)
        out[0] = self.seen / (self.seen + EVENT_SCALE)
        counts = np.asarray(self.counts, dtype=np.float32)
        out[1:1 + K] = counts / (counts + COUNT_SCALE)
        last = out[1 + K:1 + K + LAST * K].reshape(LAST, K)
        for i, k in enumerate(reversed(self.last)):
            last[i, k] = 1
        digest = np.frombuffer(self.closed(to_act).digest()[:DIGEST_BITS // 8],
                               dtype=np.uint8)
        out[1 + K + LAST * K:] = np.unpackbits(digest)


def recall_of(state: State, seat: int | None, acts: Acts = None) -> Recall:
    """The record of ``seat`` in ``state`` with the action log ``acts`` (none: events
    only), read from the start (no running record)."""
    return Recall(len(event_kinds(state.spec.id))).update(state, seat, acts)


def acts_tuple(acts: Acts) -> tuple[tuple[int, int, int], ...]:
    """The log as a flat tuple of ``(seat, action, at)``, oldest first (for pickling: the
    chain nests as deep as the game is long)."""
    out = []
    while acts is not None:
        out.append((acts[2], acts[3], acts[4]))
        acts = acts[0]
    return tuple(reversed(out))


def acts_chain(flat: tuple[tuple[int, int, int], ...]) -> Acts:
    """The log of :func:`acts_tuple`'s tuple."""
    acts: Acts = None
    for n, (seat, action, at) in enumerate(flat, 1):
        acts = (acts, n, seat, action, at)
    return acts

