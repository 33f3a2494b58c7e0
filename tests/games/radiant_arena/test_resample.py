"""radiant-arena's re-deal of the other seat's skill cards through the core's constrained
deal (issue 30: "re-dealing hidden cards from a declared list of hidden zones"): its hand,
its deck and its face-down clash cards hold, in every resample, the same cards as truly
(its skill deck less what the seat saw), each pile its size, and a card the seat looked
at (``state.seen``) stays where it saw it."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from tabletop.core import new_game
from tabletop.games.radiant_arena import ArenaState
from tabletop.games.radiant_arena.data import PILOT
from tabletop.games.radiant_arena.ids import DRAFT, other

GAME = "radiant-arena"
GAMES: dict[str, dict[str, Any]] = {
    "starter": {}, "draft": {"draft": True},
    "pilot": {"cards": str(PILOT), "deck_a": "pilot", "deck_b": "pilot-b"}}


def positions(seed: int, cards: str) -> list[ArenaState]:
    """Every fifth position after the draft of a seeded random game: the starter decks,
    a drafted game, or the pilot cards (whose Tidal Insight and Drowned Shrine look at
    cards)."""
    s = new_game(GAME, seed=seed, **GAMES[cards])
    assert isinstance(s, ArenaState)
    rng = random.Random(seed)
    out = []
    while s.to_act is not None:
        if s.phase != DRAFT and len(s.history) % 5 == 0:
            out.append(s.clone())
        s.apply(rng.choice(s.legal_actions()))
    return out


def hidden_skills(s: ArenaState, o: int) -> Counter[str]:
    """Seat ``o``'s skill cards in its hand, its deck and its face-down clash cards."""
    down = [k for u, k, up in (s.combat.clashes if s.combat else []) if not up and u // 4 == o]
    return Counter([*s.hands[o], *s.decks[o], *down])


@pytest.mark.parametrize("cards", ["starter", "draft", "pilot"])
def test_a_redeal_keeps_the_cards_the_sizes_and_what_was_looked_at(cards: str) -> None:
    looked = 0
    for s in (s for seed in range(3) for s in positions(seed, cards)):
        for seat in (0, 1):
            o = other(seat)
            for k in range(3):
                r = s.resample(seat, random.Random(k))
                assert hidden_skills(r, o) == hidden_skills(s, o)
                assert len(r.hands[o]) == len(s.hands[o])
                assert len(r.decks[o]) == len(s.decks[o])
                assert sorted(r.decks[seat]) == sorted(s.decks[seat])
                for fact in s.seen:
                    if fact[1] != seat:
                        continue
                    looked += 1
                    if fact[0] == "deck":
                        _, _, p, at, card = fact
                        assert r.decks[p][at] == card, "a card looked at moved"
                    else:
                        assert fact[3] in r.hands[fact[2]]
    assert looked or cards != "pilot"  # the pilot cards are looked at


def test_redeals_vary() -> None:
    """The other seat's hand is dealt at random, not kept as it truly is."""
    s = positions(0, "starter")[3]
    hands = {tuple(sorted(s.resample(0, random.Random(k)).hands[1])) for k in range(20)}
    assert len(hands) > 3
