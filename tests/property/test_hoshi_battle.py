"""Property tests of hoshi-battle (hypothesis): random games end, every card stays in one
place, records replay to the same hash, and no face-down card or kept hand leaks to
another seat (docs/rules/hoshi-battle.md, "Hidden information"), with two, three and five
players (the multiplayer variant: "Multiplayer").

Lean by design (a few seconds on two cores); TABLETOP_PROPERTY_SCALE multiplies the
examples for a soak run.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import Record, new_game, record_of, verify
from tabletop.games.hoshi_battle import HoshiState
from tabletop.games.hoshi_battle.hidden import known_cards

SCALE = float(os.environ.get("TABLETOP_PROPERTY_SCALE", "1"))
MAX_DECISIONS = 2_000  # a random game takes about 40 decisions
SETTINGS: dict[str, Any] = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**63 - 1)
params = st.sampled_from([{}, {"deal": 4}, {"strike_chance": 40}, {"strike": "live"}])
players = st.sampled_from([2, 3, 5])
KERNEL = str(Path(__file__).resolve().parents[1] / "games" / "hoshi_battle" / "cards" /
             "kernel.toml")  # the test cards of the kernel's forms (a look among them)


def examples(n: int) -> int:
    return max(1, round(n * SCALE))


def play(seed: int, extra: dict[str, Any], each=None, n: int = 2, prefer: str = ""
         ) -> HoshiState:
    """A random game of ``n`` players to its end; ``each(state)`` before every decision;
    ``prefer``: an action taken whenever it is legal."""
    s = new_game("hoshi-battle", players=n, seed=seed, **extra)
    assert isinstance(s, HoshiState)
    rng = random.Random(seed)
    n = 0
    while s.to_act is not None:
        assert n < MAX_DECISIONS, "no end"
        if each is not None:
            each(s)
        legal = s.legal_actions()
        chosen = [a for a in legal if prefer and a.to_text() == prefer]
        s.apply(chosen[0] if chosen else rng.choice(legal))
        n += 1
    return s


def conserved(s: HoshiState) -> None:
    """Every Hero and every Duel card is in exactly one place."""
    seats = range(s.players)
    heroes = [*s.hero_deck, *(h for p in seats for h in (*s.hands[p], *s.exiled[p])),
              *(h for h in (*s.hero, *s.chosen) if h),
              *(x for p in seats for x in s.discards[p] if x in s.cat.heroes)]
    cards = [*s.card_deck, *(c for p in seats for c in (*s.cards[p], *s.in_play[p],
                                                         *s.used[p])),
             *(x for p in seats for x in s.discards[p] if x in s.cat.cards)]
    assert Counter(heroes) == Counter(list(s.cat.heroes))
    assert Counter(cards) == Counter(list(s.cat.cards))


def hidden_from(s: HoshiState, seat: int) -> set[str]:
    """The card ids ``seat`` may not know: the others' unrevealed Heroes (in hand or chosen
    face down), face-down Duel cards (but those it looked at: "Looking"), setup discards,
    and the undealt piles."""
    secret = set(s.hero_deck) | set(s.card_deck)
    for other in range(s.players):
        if other == seat:
            continue
        hand = [*s.hands[other], *([s.chosen[other]] if s.chosen[other] else [])]
        secret |= {h for h in hand if h not in s.shown[other]}
        secret |= set(s.cards[other]) - set(known_cards(s, seat, other))
        secret |= set(s.discards[other])
    return secret


@settings(max_examples=examples(25), **SETTINGS)
@given(seed=seeds, extra=params, n=players)
def test_random_games_end_and_conserve_cards(seed: int, extra: dict[str, Any], n: int
                                             ) -> None:
    """Terminology, Game: a game ends when only one player has Heroes; every card is in
    one place at every step."""
    s = play(seed, extra, conserved, n)
    out = s.outcome()
    assert out is not None and s.legal_actions() == ()
    assert sum(1 for h in s.hands if h) <= 1


@settings(max_examples=examples(12), **SETTINGS)
@given(seed=seeds, extra=params, n=players, kernel=st.booleans())
def test_no_face_down_card_or_kept_hand_leaks(seed: int, extra: dict[str, Any], n: int,
                                              kernel: bool) -> None:
    """Hidden information: no id of a card hidden from a seat appears anywhere in that
    seat's view or in its copies of the events (ids are unique when dealt). What a seat may
    not know only shrinks as play goes on, so each event is checked once, when it is new
    (the views at every step). With the test cards (``kernel``: Scout's Map looks, Supply
    Cache draws, the Thief's Hook discards) a seat knows what it looked at, and no other
    seat or spectator does (issue 26)."""
    seen: dict[int | None, int] = {}

    def fresh(s: HoshiState, seat: int | None) -> str:
        events = s.events_for(seat)
        start, seen[seat] = seen.get(seat, 0), len(events)
        return json.dumps([e.to_json() for e in events[start:]])

    def check(s: HoshiState) -> None:
        for seat in range(s.players):
            secret = hidden_from(s, seat)
            text = json.dumps(s.view(seat)) + fresh(s, seat)
            leaked = {c for c in secret if f'"{c}"' in text}
            assert not leaked, (seat, leaked)
        spectator = json.dumps(s.view(None)) + fresh(s, None)
        everyone = set().union(*(hidden_from(s, p) for p in range(s.players)))
        assert not {c for c in everyone if f'"{c}"' in spectator}
    extra = {k: v for k, v in extra.items() if k != "strike"}
    if kernel:  # Scout's Map is played whenever it may be: a look in most games
        check(play(seed, {**extra, "cards": KERNEL}, check, n, prefer="play scouts-map"))
    else:
        check(play(seed, extra, check, n))


@settings(max_examples=examples(20), **SETTINGS)
@given(seed=seeds, extra=params, cut=st.floats(min_value=0.0, max_value=1.0), n=players)
def test_records_replay_by_hash(seed: int, extra: dict[str, Any], cut: float, n: int
                                ) -> None:
    """DESIGN.md: a record (finished or not) replays to the same final hash, through JSON;
    the live strike's results are actions of the record like any other."""
    s = play(seed, extra, n=n)
    record = record_of(s)
    verify(Record.from_json(json.loads(json.dumps(record.to_json()))))
    upto = int(len(record.actions) * cut)
    part = new_game("hoshi-battle", players=n, seed=seed, **extra)
    for text in record.actions[:upto]:
        part.apply(text)
    verify(record_of(part))
