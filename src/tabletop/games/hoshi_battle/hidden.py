"""Re-dealing what one seat of Hoshi Battle cannot see, for agents that search
(``State.resample``): the others' unrevealed Heroes and face-down Duel cards, their setup
discards, the Hero they chose face down, and the undealt piles. What the seat has seen
stays: its own cards, every Hero revealed in a Duel (``shown``: a Duel's winner takes its
Hero back into its hand, known), every Duel card played.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

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
            _constructed(new, s, o, rng)
    else:
        _dealt(new, s, seat, others, rng)
    for o in others:
        if s.chosen[o]:  # the Hero chosen face down: any Hero of that hand
            hand = [*new.hands[o], *([new.chosen[o]] if new.chosen[o] else [])]
            pick = hand[rng.randrange(len(hand))]
            hand.remove(pick)
            new.hands[o] = new.sort(hand)
            new.chosen[o] = pick
    return new


def _unknown(s: HoshiState, o: int) -> list[str]:
    """``o``'s Heroes in hand that no one has seen (the chosen one included)."""
    hand = [*s.hands[o], *([s.chosen[o]] if s.chosen[o] else [])]
    return [h for h in hand if h not in s.shown[o]]


def _dealt(new: HoshiState, s: HoshiState, seat: int, others: list[int], rng: Random) -> None:
    cat = s.cat
    mine_h = {*s.hands[seat], *s.discards[seat], *s.exiled[seat], s.hero[seat], s.chosen[seat]}
    mine_c = {*s.cards[seat], *s.discards[seat], *s.in_play[seat], *s.used[seat]}
    seen_h = {h for o in others for h in s.shown[o]}
    seen_c = {c for o in others for c in (*s.in_play[o], *s.used[o])}
    heroes = [h for h in cat.heroes if h not in mine_h and h not in seen_h]
    cards = [c for c in cat.cards if c not in mine_c and c not in seen_c]
    rng.shuffle(heroes)
    rng.shuffle(cards)
    for o in others:
        unknown = _unknown(s, o)
        known = [h for h in s.hands[o] if h in s.shown[o]]
        if s.chosen[o] in s.shown[o]:
            known.append(s.chosen[o])
        new.chosen[o] = ""
        new.hands[o] = new.sort([*known, *(heroes.pop() for _ in unknown)])
        new.cards[o] = new.sort([cards.pop() for _ in s.cards[o]])
        new.discards[o] = [heroes.pop() if d in cat.heroes else cards.pop()
                           for d in s.discards[o]]
    new.hero_deck = heroes
    new.card_deck = cards


def _constructed(new: HoshiState, s: HoshiState, o: int, rng: Random) -> None:
    """A deck for ``o`` from every card (decks may share cards) within the budget, keeping
    what ``o`` has shown; the true deck if no sample fits."""
    cat = s.cat
    unknown = _unknown(s, o)
    known = [h for h in s.hands[o] if h in s.shown[o]]
    if s.chosen[o] in s.shown[o]:
        known.append(s.chosen[o])
    played = [*s.in_play[o], *s.used[o]]
    hero_pool = [h for h in cat.heroes if h not in s.shown[o]]
    card_pool = [c for c in cat.cards if c not in played]
    fixed = sum(cat.heroes[h].cost for h in s.shown[o]) + sum(cat.cards[c].cost for c in played)
    for _ in range(TRIES):
        hs = rng.sample(hero_pool, len(unknown))
        cs = rng.sample(card_pool, len(s.cards[o]))
        cost = fixed + sum(cat.heroes[h].cost for h in hs) + sum(cat.cards[c].cost for c in cs)
        if cost <= s.params["budget"]:
            new.chosen[o] = ""  # the caller picks the chosen Hero from the whole hand
            new.hands[o] = new.sort([*known, *hs])
            new.cards[o] = new.sort(cs)
            return


__all__ = ["resample"]
