"""hoshi-battle's re-deal of what a seat cannot see (docs/rules/hoshi-battle.md, "Hidden
information"; issue 30: the dealt decks re-dealt through the core's constrained deal):
the others' unrevealed Heroes and face-down Duel cards, their setup discards and the
undealt piles are dealt again; what the seat has seen stays."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from tabletop.core import new_game
from tabletop.games.hoshi_battle import HoshiState

CASES = [(n, seed, extra) for n in (2, 3, 5) for seed in range(3)
         for extra in ({}, {"deal": 4})]


def positions(players: int, seed: int, extra: dict[str, Any]) -> list[HoshiState]:
    """Every eighth position of a seeded random game."""
    s = new_game("hoshi-battle", players=players, seed=seed, **extra)
    assert isinstance(s, HoshiState)
    rng = random.Random(seed)
    out = []
    while s.to_act is not None:
        if len(s.history) % 8 == 0:
            out.append(s.clone())
        s.apply(rng.choice(s.legal_actions()))
    return out


def places(s: HoshiState) -> Counter[str]:
    """Every Hero and Duel card, counted wherever it lies."""
    out: Counter[str] = Counter([*s.hero_deck, *s.card_deck, *(h for h in s.hero if h),
                                 *(h for h in s.chosen if h)])
    for p in range(s.players):
        out.update([*s.hands[p], *s.exiled[p], *s.discards[p], *s.cards[p], *s.in_play[p],
                    *s.used[p]])
    return out


@pytest.mark.parametrize(("players", "seed", "extra"), CASES)
def test_a_redeal_keeps_what_the_seat_saw_and_every_card(players: int, seed: int,
                                                          extra: dict[str, Any]) -> None:
    """Each card stays in one place; the seat's own cards, every Hero shown, every Duel
    card played, the sizes of the hidden piles and which discards are Heroes are kept."""
    cat = None
    for s in positions(players, seed, extra):
        cat = s.cat
        for seat in range(players):
            r = s.resample(seat, random.Random(seed))
            assert places(r) == places(s)
            assert r.hands[seat] == s.hands[seat] and r.cards[seat] == s.cards[seat]
            assert r.discards[seat] == s.discards[seat] and r.chosen[seat] == s.chosen[seat]
            assert len(r.hero_deck) == len(s.hero_deck)
            assert len(r.card_deck) == len(s.card_deck)
            for o in range(players):
                hand = [*r.hands[o], *([r.chosen[o]] if r.chosen[o] else [])]
                assert all(h in hand for h in s.hands[o] if h in s.shown[o])
                assert (r.in_play[o], r.used[o], r.exiled[o]) == \
                    (s.in_play[o], s.used[o], s.exiled[o])
                assert len(r.cards[o]) == len(s.cards[o])
                assert len(r.hands[o]) + bool(r.chosen[o]) == \
                    len(s.hands[o]) + bool(s.chosen[o])
                assert [d in cat.heroes for d in r.discards[o]] == \
                    [d in cat.heroes for d in s.discards[o]]
    assert cat is not None


def test_redeals_vary_and_depend_only_on_what_the_seat_knows() -> None:
    """The hidden cards move from one seed to the next; and a re-deal from a re-deal (the
    seat knows the same) gives, for the same seed, the same state: the deal starts from a
    canonical order, never from where the cards truly lie."""
    s = positions(3, 1, {})[2]
    hands = {tuple(s.resample(0, random.Random(k)).hands[1]) for k in range(20)}
    assert len(hands) > 5
    twin = s.resample(0, random.Random(99))
    for k in range(5):
        assert s.resample(0, random.Random(k)).to_data() == \
            twin.resample(0, random.Random(k)).to_data()


DECK1 = "charming-trader,bronze-monk,clay-champion,battle-cry,smoke-bomb,focus"
DECK2 = "crane-archer,night-hunter,stone-golem,rage,scorching-sun,swift-boots"


@pytest.mark.parametrize("seed", range(3))
def test_a_constructed_deck_is_sampled_within_the_budget(seed: int) -> None:
    """Constructed Deck Variant: the other player's unseen deck is a sample of the whole
    catalogue within the budget (the game's own draw, not the core's deal), keeping the
    Heroes it has shown and the cards it has played; a Hero chosen face down is one of
    its hand's; the seat's view does not change."""
    s = new_game("hoshi-battle", players=2, seed=seed, deck1=DECK1, deck2=DECK2)
    assert isinstance(s, HoshiState)
    rng = random.Random(seed)
    chosen = 0
    while s.to_act is not None:
        for seat in (0, 1):
            o = 1 - seat
            r = s.resample(seat, random.Random(len(s.history)))
            assert r.view(seat) == s.view(seat)
            hand = [*r.hands[o], *([r.chosen[o]] if r.chosen[o] else [])]
            assert len(hand) == len(s.hands[o]) + bool(s.chosen[o])
            assert bool(r.chosen[o]) == bool(s.chosen[o])
            chosen += bool(s.chosen[o])
            assert all(h in hand for h in s.hands[o] if h in s.shown[o])
            assert r.in_play[o] == s.in_play[o] and r.used[o] == s.used[o]
            cat = r.cat
            cost = sum(cat.heroes[h].cost for h in {*hand, *r.shown[o]}) + \
                sum(cat.cards[c].cost for c in (*r.cards[o], *r.in_play[o], *r.used[o]))
            assert cost <= s.params["budget"]
        s.apply(rng.choice(s.legal_actions()))
    assert chosen
