"""Re-dealing what one seat of Hoshi Battle cannot see, for agents that search
(``State.resample``): the others' unrevealed Heroes and face-down Duel cards, their setup
discards, the Hero they chose face down, and the undealt piles. What the seat has seen
stays: its own cards, every Hero revealed in a Duel (``shown``: a Duel's winner takes its
Hero back into its hand, known), every Duel card played, and the face-down Duel cards it
looked at (``seen``, op look) that are still where it saw them: they stay in that hand in
every re-deal, as radiant-arena keeps what its ``look`` and ``look_top`` saw.

What the other seats looked at is rewritten to fit the re-deal: a fact about the seat's
own cards stays (those are not re-dealt); one about a re-dealt hand names as many of its
new cards, drawn by ``rng`` (the true ones would tell the seat what it has not seen).

With dealt decks the hidden cards are two pools (Heroes, Duel cards) that the core deals
back into their places (:func:`tabletop.core.hidden.deal`, from a canonical order);
constructed decks are sampled here from the whole catalogue within the budget.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from tabletop.core.hidden import Slot, deal, plain

if TYPE_CHECKING:
    from .rules import HoshiState

TRIES = 30  # constructed decks: samples tried for one within the budget


def resample(s: HoshiState, seat: int, rng: Random) -> HoshiState:
    """A copy with every card hidden from ``seat`` re-dealt from ``rng`` (the caller does
    the core's bookkeeping)."""
    new = s.clone()
    others = [o for o in range(s.players) if o != seat]
    if s.params["deck1"]:
        for o in others:
            _constructed(new, s, seat, o, rng)
    else:
        _dealt(new, s, seat, others, rng)
    if s.seen:
        new.seen = _their_knowledge(new, s, seat, rng)
    for o in others:
        if s.chosen[o]:  # the Hero chosen face down: any Hero of that hand
            # (the hand is sorted; the chosen one is still set only where the true deck
            # was kept, with no constructed sample in the budget)
            hand = new.sort([*new.hands[o], new.chosen[o]]) if new.chosen[o] \
                else new.hands[o][:]
            new.chosen[o] = hand.pop(rng.randrange(len(hand)))
            new.hands[o] = hand
    return new


def known_cards(s: HoshiState, seat: int, o: int) -> list[str]:
    """The face-down Duel cards of ``o`` that ``seat`` looked at and that have not left
    that hand since (a copy a fact)."""
    return [c for v, t, c in s.seen if v == seat and t == o]


def _their_knowledge(new: HoshiState, s: HoshiState, seat: int,
                     rng: Random) -> tuple[tuple[int, int, str], ...]:
    """The facts of the re-deal: the seat's own (their cards were kept in place) and the
    others' about the seat's cards, as they are; the others' about a re-dealt hand, as
    many facts naming cards of its new hand (the seat's known ones first: if it knows a
    card there, so may the other; then at random)."""
    out: list[tuple[int, int, str]] = []
    about: dict[tuple[int, int], int] = {}
    for f in s.seen:
        if f[0] == seat or f[1] == seat:
            out.append(f)
        else:
            about[f[0], f[1]] = about.get((f[0], f[1]), 0) + 1
    for (v, t), n in sorted(about.items()):
        hand = new.cards[t]
        mine = known_cards(s, seat, t)
        rest = [c for c in hand if c not in mine]
        picked = [c for c in mine if c in hand][:n]
        picked += rng.sample(rest, min(n - len(picked), len(rest)))
        out.extend((v, t, c) for c in picked)
    return tuple(out)


def _unknown(s: HoshiState, o: int) -> list[str]:
    """``o``'s Heroes in hand that no one has seen (the chosen one included)."""
    hand = [*s.hands[o], *([s.chosen[o]] if s.chosen[o] else [])]
    return [h for h in hand if h not in s.shown[o]]


def _dealt(new: HoshiState, s: HoshiState, seat: int, others: list[int], rng: Random) -> None:
    """Dealt decks: the Heroes and the Duel cards ``seat`` has not seen (neither its own
    nor shown by another) are two pools, each dealt by the core's
    :func:`~tabletop.core.hidden.deal` into the others' unknown hand places and their
    setup discards of that kind (in the order they lie), and the undealt pile."""
    cat = s.cat
    heroes_of = cat.heroes
    hidden_h = {*s.hands[seat], *s.discards[seat], *s.exiled[seat], s.hero[seat],
                s.chosen[seat]}
    hidden_c = {*s.cards[seat], *s.discards[seat], *s.in_play[seat], *s.used[seat]}
    looked = [known_cards(s, seat, o) for o in others]  # kept where the seat saw them
    for k, o in enumerate(others):
        hidden_h.update(s.shown[o])
        hidden_c.update(s.in_play[o])
        hidden_c.update(s.used[o])
        hidden_c.update(looked[k])
    heroes = [h for h in heroes_of if h not in hidden_h]  # now: those the seat has not seen
    cards = [c for c in cat.cards if c not in hidden_c]
    # Per other seat, one pile of each kind: its hidden places in hand, then its discards
    # of that kind; then the undealt piles.
    hero_slots: list[Slot] = []
    card_slots: list[Slot] = []
    known: list[list[str]] = []
    in_hand: list[int] = []
    for k, o in enumerate(others):
        shown = s.shown[o]
        mine = [h for h in s.hands[o] if h in shown]
        if s.chosen[o] in shown:
            mine.append(s.chosen[o])
        known.append(mine)
        unknown = len(s.hands[o]) + bool(s.chosen[o]) - len(mine)
        in_hand.append(unknown)
        lost_h = 0
        for d in s.discards[o]:
            if d in heroes_of:
                lost_h += 1
        hero_slots.append(plain(unknown + lost_h))
        card_slots.append(plain(len(s.cards[o]) - len(looked[k]) + len(s.discards[o])
                                - lost_h))
    hero_slots.append(plain(len(s.hero_deck)))
    card_slots.append(plain(len(s.card_deck)))
    hero_piles = deal(heroes, hero_slots, rng)
    card_piles = deal(cards, card_slots, rng)
    for k, o in enumerate(others):
        hs, cs = hero_piles[k], card_piles[k]
        n_h, n_c = in_hand[k], len(s.cards[o]) - len(looked[k])
        new.chosen[o] = ""  # the caller picks the chosen Hero from the whole hand
        new.hands[o] = new.sort(known[k] + hs[:n_h])
        new.cards[o] = new.sort(looked[k] + cs[:n_c])
        if s.discards[o]:
            lost = iter(hs[n_h:]), iter(cs[n_c:])
            new.discards[o] = [next(lost[0]) if d in heroes_of else next(lost[1])
                               for d in s.discards[o]]
    new.hero_deck = hero_piles[-1]
    new.card_deck = card_piles[-1]


def _constructed(new: HoshiState, s: HoshiState, seat: int, o: int, rng: Random) -> None:
    """A deck for ``o`` from every card (decks may share cards) within the budget, keeping
    what ``o`` has shown and what ``seat`` looked at; the true deck if no sample fits.

    The game's own, not the core's deal: a constructed deck is not a re-deal of hidden
    piles (the cards are not a fixed pool shared out among places) but a sample of the
    whole catalogue, drawn for each player apart, under a budget on the sum of costs."""
    cat = s.cat
    unknown = _unknown(s, o)
    known = [h for h in s.hands[o] if h in s.shown[o]]
    if s.chosen[o] in s.shown[o]:
        known.append(s.chosen[o])
    played = [*s.in_play[o], *s.used[o]]
    looked = known_cards(s, seat, o)  # kept where the seat saw them
    hero_pool = [h for h in cat.heroes if h not in s.shown[o]]
    card_pool = [c for c in cat.cards if c not in played and c not in looked]
    fixed = sum(cat.heroes[h].cost for h in s.shown[o]) + \
        sum(cat.cards[c].cost for c in (*played, *looked))
    for _ in range(TRIES):
        hs = rng.sample(hero_pool, len(unknown))
        cs = looked + rng.sample(card_pool, len(s.cards[o]) - len(looked))
        cost = fixed + sum(cat.heroes[h].cost for h in hs) + sum(cat.cards[c].cost for c in cs)
        if cost <= s.params["budget"]:
            new.chosen[o] = ""  # the caller picks the chosen Hero from the whole hand
            new.hands[o] = new.sort([*known, *hs])
            new.cards[o] = new.sort(cs)
            return


__all__ = ["known_cards", "resample"]
