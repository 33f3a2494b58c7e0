"""Property tests of Lightseekers (hypothesis), 2 to 6 players: every random game ends,
every card stays in its owner's places, a seat's view and events do not change when the
cards it cannot see are re-dealt, and records replay to the same hash.

Rulebook: ../shared/rules/lightseekers-tcg.txt; hidden information:
docs/rules/lightseekers.md ("Hidden information": other hands, and every deck's order).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import new_game, record_of, verify
from tabletop.games.lightseekers.rules import LsState

GAME = "lightseekers"
# TABLETOP_PROPERTY_SCALE multiplies every max_examples (1: a few seconds).
SCALE = float(os.environ.get("TABLETOP_PROPERTY_SCALE", "1"))
MAX_DECISIONS = 5_000  # random games take 60 (2 players) to 250 (6 players) decisions
SETTINGS: dict[str, Any] = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**63 - 1)
players = st.integers(min_value=2, max_value=6)


def examples(n: int) -> int:
    return max(1, round(n * SCALE))


def start(seed: int, n: int) -> LsState:
    state = new_game(GAME, players=n, seed=seed)
    assert isinstance(state, LsState)
    return state


def cards_of(s: LsState, p: int) -> Counter[int]:
    """Every card of seat ``p``, wherever it is (a combo being paid for and its payment
    included)."""
    out = Counter(s.hand[p] + s.deck[p] + s.disc[p] + s.items[p])
    out.update(c for _, c, _ in s.buffs[p])
    if s.paying is not None and s.active == p:
        out.update([s.paying[0], *s.paying[2]])
    return out


@settings(max_examples=examples(12), **SETTINGS)
@given(seed=seeds, n=players)
def test_every_game_ends_and_every_card_stays_its_owners(seed: int, n: int) -> None:
    """GETTING STARTED (each player's deck of 35) and ENDING THE GAME: a random game ends
    with one player left and a winner; at every decision each seat's cards are exactly
    its deck's 35, spread over hand, deck, discard pile, buffs and items."""
    s = start(seed, n)
    decks = [cards_of(s, p) for p in range(n)]
    assert all(sum(d.values()) == 35 for d in decks)
    rng = random.Random(seed)
    k = 0
    while s.to_act is not None:
        s.apply(rng.choice(s.legal_actions()))
        k += 1
        assert k < MAX_DECISIONS
        for p in range(n):
            assert cards_of(s, p) == decks[p]
        assert 0 <= min(s.health) and max(s.health) <= 35
    out = s.outcome()
    assert out is not None and sum(s.alive) == 1
    assert sum(out.scores) == len(s.out) + 1  # one VP per defeat, one for the last


@settings(max_examples=examples(8), **SETTINGS)
@given(seed=seeds, n=players, cut=st.integers(min_value=0, max_value=400))
def test_a_seat_sees_nothing_of_what_is_re_dealt(seed: int, n: int, cut: int) -> None:
    """Hidden information: at a random point, re-dealing everything a seat cannot see (the
    others' hands, every deck's order) leaves its view and its events unchanged; and its
    view names no card of another hand that is not face up somewhere."""
    s = start(seed, n)
    rng = random.Random(seed)
    for _ in range(cut):
        if s.to_act is None:
            break
        s.apply(rng.choice(s.legal_actions()))
    for seat in range(n):
        other = s.resample(seat, random.Random(seed ^ seat))
        assert other.view(seat) == s.view(seat)
        assert other.events_for(seat) == s.events_for(seat)
        view = s.view(seat)
        named = set(view["cards"])
        public = {c for h in view["heroes"] for c in (*h["discard"], *h["items"])} | {
            b["card"] for h in view["heroes"] for b in h["buffs"]}
        if view["paying"]:
            public |= {view["paying"]["combo"], *view["paying"]["paid"]}
        assert named <= public | set(view["hand"])


@settings(max_examples=examples(6), **SETTINGS)
@given(seed=seeds, n=players, cut=st.integers(min_value=1, max_value=300))
def test_records_replay_to_the_same_hash(seed: int, n: int, cut: int) -> None:
    """A record (finished or not) replays to the same final hash."""
    s = start(seed, n)
    rng = random.Random(seed)
    for _ in range(cut):
        if s.to_act is None:
            break
        s.apply(rng.choice(s.legal_actions()))
    record = record_of(s)
    assert verify(record)
