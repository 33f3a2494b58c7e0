"""Property tests of hoshi-battle (hypothesis): random games end, every card stays in one
place, records replay to the same hash, and no face-down card or kept hand leaks to
another seat (docs/rules/hoshi-battle.md, "Hidden information").

Lean by design (a few seconds on two cores); TABLETOP_PROPERTY_SCALE multiplies the
examples for a soak run.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import Record, new_game, record_of, verify
from tabletop.games.hoshi_battle import HoshiState

SCALE = float(os.environ.get("TABLETOP_PROPERTY_SCALE", "1"))
MAX_DECISIONS = 2_000  # a random game takes about 40 decisions
SETTINGS: dict[str, Any] = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**63 - 1)
params = st.sampled_from([{}, {"deal": 4}, {"strike_chance": 40}, {"strike": "live"}])


def examples(n: int) -> int:
    return max(1, round(n * SCALE))


def play(seed: int, extra: dict[str, Any], each=None) -> HoshiState:
    """A random game to its end; ``each(state)`` before every decision."""
    s = new_game("hoshi-battle", seed=seed, **extra)
    assert isinstance(s, HoshiState)
    rng = random.Random(seed)
    n = 0
    while s.to_act is not None:
        assert n < MAX_DECISIONS, "no end"
        if each is not None:
            each(s)
        s.apply(rng.choice(s.legal_actions()))
        n += 1
    return s


def conserved(s: HoshiState) -> None:
    """Every Hero and every Duel card is in exactly one place."""
    heroes = [*s.hero_deck, *(h for p in (0, 1) for h in (*s.hands[p], *s.exiled[p])),
              *(h for h in (*s.hero, *s.chosen) if h),
              *(x for p in (0, 1) for x in s.discards[p] if x in s.cat.heroes)]
    cards = [*s.card_deck, *(c for p in (0, 1) for c in (*s.cards[p], *s.in_play[p],
                                                          *s.used[p])),
             *(x for p in (0, 1) for x in s.discards[p] if x in s.cat.cards)]
    assert Counter(heroes) == Counter(list(s.cat.heroes))
    assert Counter(cards) == Counter(list(s.cat.cards))


def hidden_from(s: HoshiState, seat: int) -> set[str]:
    """The card ids ``seat`` may not know: the other's unrevealed Heroes (in hand or chosen
    face down), face-down Duel cards, setup discards, and the undealt piles."""
    other = 1 - seat
    hand = [*s.hands[other], *([s.chosen[other]] if s.chosen[other] else [])]
    secret = {h for h in hand if h not in s.shown[other]}
    secret |= set(s.cards[other]) | set(s.discards[other])
    secret |= set(s.hero_deck) | set(s.card_deck)
    return secret


@settings(max_examples=examples(25), **SETTINGS)
@given(seed=seeds, extra=params)
def test_random_games_end_and_conserve_cards(seed: int, extra: dict[str, Any]) -> None:
    """Terminology, Game: a game ends when only one player has Heroes; every card is in
    one place at every step."""
    s = play(seed, extra, conserved)
    out = s.outcome()
    assert out is not None and s.legal_actions() == ()
    assert sum(1 for h in s.hands if h) <= 1


@settings(max_examples=examples(12), **SETTINGS)
@given(seed=seeds, extra=params)
def test_no_face_down_card_or_kept_hand_leaks(seed: int, extra: dict[str, Any]) -> None:
    """Hidden information: no id of a card hidden from a seat appears anywhere in that
    seat's view or in its copies of the events (ids are unique when dealt)."""
    def check(s: HoshiState) -> None:
        for seat in (0, 1):
            secret = hidden_from(s, seat)
            text = json.dumps(s.view(seat)) + json.dumps(
                [e.to_json() for e in s.events_for(seat)])
            leaked = {c for c in secret if f'"{c}"' in text}
            assert not leaked, (seat, leaked)
        spectator = json.dumps(s.view(None)) + json.dumps(
            [e.to_json() for e in s.events_for(None)])
        assert not {c for c in hidden_from(s, 0) | hidden_from(s, 1) if f'"{c}"' in spectator}
    play(seed, {k: v for k, v in extra.items() if k != "strike"}, check)


@settings(max_examples=examples(20), **SETTINGS)
@given(seed=seeds, extra=params, cut=st.floats(min_value=0.0, max_value=1.0))
def test_records_replay_by_hash(seed: int, extra: dict[str, Any], cut: float) -> None:
    """DESIGN.md: a record (finished or not) replays to the same final hash, through JSON;
    the live strike's results are actions of the record like any other."""
    s = play(seed, extra)
    record = record_of(s)
    verify(Record.from_json(json.loads(json.dumps(record.to_json()))))
    n = int(len(record.actions) * cut)
    part = new_game("hoshi-battle", seed=seed, **extra)
    for text in record.actions[:n]:
        part.apply(text)
    verify(record_of(part))
