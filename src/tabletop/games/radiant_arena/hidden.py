"""Resampling radiant-arena: re-deal what one seat cannot see of the other.

Re-dealt: the order of the seat's own deck; the other seat's hand and deck (from the
cards of its skill deck not seen in its discard pile or face up on the table), a
face-down clash card of theirs (those skill cards dealt by the core's
:func:`~tabletop.core.hidden.deal`, cards known at their places kept there), the items
still in their shop, their deity while it is face down at home, and which of their
deity's conduits lie consecrated in which lane (those three the game's own: drawn from
the catalogue and the deity's card, not a pool of hidden cards shared out among piles).
Kept: what the seat looked at (a card it knows in the other hand, a card it knows at a
place of a deck: ``state.seen``). Dropped: what only the other seat saw (its private
events), the seed and the history. A resampled state is for search.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any

from tabletop.core import Chance
from tabletop.core.hidden import Slot, deal, plain

from .combat import Clash
from .ids import DEITY, DRAFT, HOME, other, unit_names

if TYPE_CHECKING:
    from .rules import ArenaState


def resample(s: ArenaState, seat: int, rng: Random) -> ArenaState:
    """A state that ``seat`` cannot tell apart from ``s``."""
    if s.phase == DRAFT:
        return _resample_draft(s, seat, rng)
    new = s.clone()
    o = other(seat)
    cat = s.cat
    if _redeal_deity(new, o, rng):
        new.unit_name = unit_names(new.unit_card)
        new.names = {n: i for i, n in enumerate(new.unit_name)}
        new.name_deities()
    mine = [f for f in s.seen if f[1] == seat]
    in_hand = [f[3] for f in mine if f[0] == "hand" and f[2] == o]
    their_deck = {f[3]: f[4] for f in mine if f[0] == "deck" and f[2] == o}
    own_deck = {f[3]: f[4] for f in mine if f[0] == "deck" and f[2] == seat}
    # Skill cards: the other seat's whole set less what this seat has seen, dealt by the
    # core into its hand (the cards known there first), its face-down clash cards and its
    # deck (a card known at a place of it stays there).
    pool = [k for h in range(o * 4, o * 4 + 3) for k in cat.skill_set(new.unit_card[h])]
    seen = [k for k in s.discards[o] if k in cat.skills]
    clashes = s.combat.clashes if s.combat is not None else []
    seen += [k for u, k, up in clashes if up and u // 4 == o]
    seen += [f.ctx["skill"] for f in s.stack if f.ctx.get("skill") and f.ctx["p"] == o]
    seen += in_hand + list(their_deck.values())
    for k in seen:
        pool.remove(k)
    down = 0
    for u, _, up in clashes:
        if not up and u // 4 == o:
            down += 1
    hand, faces, deck = deal(pool, [_pile(len(s.hands[o]), dict(enumerate(in_hand))),
                                    plain(down), _pile(len(s.decks[o]), their_deck)], rng)
    new.hands[o], new.decks[o] = hand, deck
    if s.combat is not None:
        assert new.combat is not None
        face = iter(faces)
        new.combat.clashes = [Clash(u, next(face) if not up and u // 4 == o else k, up)
                              for u, k, up in s.combat.clashes]
    # Its own deck's order is hidden from the seat as well (it knows only the cards, and
    # what it looked at): dealt again, the cards it looked at kept in place.
    rest = list(s.decks[seat])
    for card in own_deck.values():
        rest.remove(card)
    new.decks[seat] = deal(rest, [_pile(len(s.decks[seat]), own_deck)], rng)[0]
    # Items still in the shop: any items of the card pool they do not show.
    shown = {i for i in (*s.item[o * 4:o * 4 + 4], *s.discards[o]) if i in cat.items}
    items = sorted(set(cat.items) - shown)
    new.shops[o] = rng.sample(items, len(s.shops[o])) if len(items) >= len(s.shops[o]) \
        else list(s.shops[o])
    new.seen = _their_knowledge(new, s, seat)
    if s.draft is not None:
        # A drafted game's record of the secret choices follows the re-dealt cards.
        _follow_draft(new, o)
    new.cards_in_play()  # the rules' fast paths for the cards the sample holds in play
    s._resampled(new, seat, rng)
    new.chance = Chance(rng.getrandbits(64))
    return new


def _resample_draft(s: ArenaState, seat: int, rng: Random) -> ArenaState:
    """During the draft: the other seat's secret deity and items re-dealt; the decks'
    order is not dealt yet (a fresh generator decides it)."""
    from .draft import resample_choices

    new = s.clone()
    assert s.draft is not None
    new.draft = resample_choices(s.draft, s.cat, seat, rng)
    s._resampled(new, seat, rng)
    new.chance = Chance(rng.getrandbits(64))
    return new


def _follow_draft(new: ArenaState, o: int) -> None:
    """The draft of a resample names the other seat's deity and items as re-dealt."""
    from dataclasses import replace

    d = new.draft
    assert d is not None
    deities = list(d.deities)
    deities[o] = new.unit_card[o * 4 + DEITY]
    shown = [i for i in (*new.item[o * 4:o * 4 + 4], *new.discards[o]) if i in new.cat.items]
    theirs = tuple(dict.fromkeys([*shown, *new.shops[o]]))
    items = list(d.items)
    if len(theirs) == len(d.items[o]):
        items[o] = theirs
    new.draft = replace(d, deities=tuple(deities), items=tuple(items))  # type: ignore[arg-type]
    new.deck_list = tuple(new.draft.decks(new.cat))


def _pile(size: int, known: dict[int, str]) -> Slot:
    """The slot of a pile of ``size`` cards (a deck: index 0 the bottom) with the cards
    ``known`` at their places."""
    return Slot(size, fixed=tuple(known.items())) if known else plain(size)


def _their_knowledge(new: ArenaState, s: ArenaState, seat: int) -> tuple[Any, ...]:
    """The facts of the resample: the seat's own; the other seat's about cards as they
    now lie (it saw something there, and the seat cannot tell what)."""
    out: list[tuple[Any, ...]] = []
    for f in s.seen:
        if f[1] == seat or f[0] == "hand":
            out.append(f)
        else:
            deck = new.decks[f[2]]
            if f[3] < len(deck):
                out.append(("deck", f[1], f[2], f[3], deck[f[3]]))
    return tuple(out)


def _redeal_deity(new: ArenaState, o: int, rng: Random) -> bool:
    """A face-down deity may be any deity whose conduits fit the ruined faces seen (both
    seats may field the same deity). Returns whether the deity was re-dealt."""
    cat = new.cat
    deity_slot = o * 4 + DEITY
    ruined = [new.cond[o][x] for x in range(3) if new.ruined[o][x]]
    changed = False
    if new.zone[deity_slot] == HOME and new.banished[o] < 0:  # never manifested
        options = sorted(d for d, u in cat.units.items()
                         if u.is_deity and set(ruined) <= set(u.conduits))
        if options:
            deity = rng.choice(options)
            cards = list(new.unit_card)
            changed = cards[deity_slot] != deity
            cards[deity_slot] = deity
            new.unit_card = tuple(cards)
    # Which conduit lies consecrated in which lane is hidden.
    hidden = [c for c in cat.units[new.unit_card[deity_slot]].conduits if c not in ruined]
    rng.shuffle(hidden)
    for x in range(3):
        if not new.ruined[o][x]:
            new.cond[o][x] = hidden.pop()
    return changed
