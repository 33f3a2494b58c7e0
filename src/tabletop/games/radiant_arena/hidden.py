"""Resampling radiant-arena: re-deal what one seat cannot see of the other.

Re-dealt: the order of the seat's own deck; the other seat's hand and deck (from the
cards of its skill deck not seen in its discard pile or face up on the table), a
face-down clash card of theirs, the items still in their shop, their deity while it is
face down at home, and which of their deity's conduits lie consecrated in which lane.
Dropped: what only the other seat saw
(its private events), the seed and the history. A resampled state is for search.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from tabletop.core import Chance

from .rules import DEITY, HOME, other

if TYPE_CHECKING:
    from .rules import ArenaState


def resample(s: ArenaState, seat: int, rng: Random) -> ArenaState:
    """A state that ``seat`` cannot tell apart from ``s``."""
    new = s.clone()
    o = other(seat)
    cat = s.cat
    _redeal_deity(new, o, rng)
    # Skill cards: the other seat's whole set less what this seat has seen.
    pool = [k for h in range(o * 4, o * 4 + 3) for k in cat.skill_set(new.unit_card[h])]
    seen = [k for k in s.discards[o] if k in cat.skills]
    seen += [k for u, k, up in s.c_clash if up and u // 4 == o]
    seen += [f[2]["skill"] for f in s.stack if f[2].get("skill") and f[2]["p"] == o]
    for k in seen:
        pool.remove(k)
    rng.shuffle(pool)
    new.hands[o] = [pool.pop() for _ in s.hands[o]]
    new.c_clash = [(u, pool.pop() if not up and u // 4 == o else k, up)
                   for u, k, up in s.c_clash]
    new.decks[o] = pool
    # Its own deck's order is hidden from the seat as well (it knows only the cards). The
    # deck is sorted first so that the sample depends on what the seat knows, not on the
    # true order.
    own = sorted(s.decks[seat])
    rng.shuffle(own)
    new.decks[seat] = own
    # Items still in the shop: any items of the card pool they do not show.
    shown = {i for i in (*s.item[o * 4:o * 4 + 4], *s.discards[o]) if i in cat.items}
    items = sorted(set(cat.items) - shown)
    new.shops[o] = rng.sample(items, len(s.shops[o])) if len(items) >= len(s.shops[o]) \
        else list(s.shops[o])
    new.seed = rng.getrandbits(63)
    new.chance = Chance(rng.getrandbits(64))
    new.events = s.events_for(seat)
    new.history = []
    new.start = None
    new._legal = None
    return new


def _redeal_deity(new: ArenaState, o: int, rng: Random) -> None:
    """A face-down deity may be any deity whose conduits fit the ruined faces seen."""
    cat = new.cat
    deity_slot = o * 4 + DEITY
    ruined = [new.cond[o][x] for x in range(3) if new.ruined[o][x]]
    if new.zone[deity_slot] == HOME and new.banished[o] < 0:  # never manifested
        taken = {c for i, c in enumerate(new.unit_card) if i != deity_slot}
        options = sorted(d for d, u in cat.units.items()
                         if u.is_deity and d not in taken and set(ruined) <= set(u.conduits))
        if options:
            deity = rng.choice(options)
            cards = list(new.unit_card)
            cards[deity_slot] = deity
            new.unit_card = tuple(cards)
            new.names = {c: i for i, c in enumerate(new.unit_card)}
    # Which conduit lies consecrated in which lane is hidden.
    hidden = [c for c in cat.units[new.unit_card[deity_slot]].conduits if c not in ruined]
    rng.shuffle(hidden)
    for x in range(3):
        if not new.ruined[o][x]:
            new.cond[o][x] = hidden.pop()
