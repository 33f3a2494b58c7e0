"""The Lightseekers heuristic (agents/lightseekers.py): it reads views and notation only,
takes a defeat when one is on the table, pays with the card it values least, beats random
play, and its evaluation favours the seat ahead."""

from __future__ import annotations

import random

from tabletop.agents import make_agent
from tabletop.agents.lightseekers import LsHeuristic
from tabletop.core import new_game
from tabletop.sim import simulate

from .helpers import position

H = LsHeuristic()


def choose(state, seed: int = 0) -> str:  # type: ignore[no-untyped-def]
    return H.choose(state.view(state.to_act), state.legal_actions(),
                    random.Random(seed)).to_text()


def test_it_takes_a_defeat_on_the_table() -> None:
    """ENDING THE GAME: an attack that reduces the target to 0 is worth more than any other
    play."""
    s = position(hand=[["fireball", "second-wind", "furnace"], []], health=[8, 3])
    assert choose(s) == "play fireball"


def test_it_heals_when_hurt_and_attacks_when_not() -> None:
    """At 5 health a Second Wind beats a Jab; at 35 (nothing to heal) the Jab wins."""
    s = position(hand=[["jab", "second-wind"], []], health=[5, 24])
    assert choose(s) == "play second-wind"
    s = position(hand=[["jab", "second-wind"], []], health=[35, 24])
    assert choose(s) == "play jab"


def test_it_pays_with_the_card_it_values_least() -> None:
    """Combo Cards: of two Fire cards that can pay, the weaker goes back into the deck."""
    s = position(hand=[["volcano-heart", "fireball", "inferno", "crystal-shard"], []])
    s.apply("combo volcano-heart")
    legal = [a.to_text() for a in s.legal_actions()]
    assert set(legal) == {"pay fireball", "pay inferno", "pay crystal-shard"}
    assert choose(s) == "pay crystal-shard"


def test_it_passes_rather_than_waste_a_card() -> None:
    """Phase 4: with nothing worth a card in hand (a Second Wind at 35 health), it passes
    to draw instead."""
    s = position(hand=[["second-wind"], []], health=[35, 24])
    assert choose(s) == "pass"


def test_the_evaluation_favours_the_seat_ahead() -> None:
    """Each seat's chance to win (for ISMCTS): more health, more chance; all sum to 1."""
    s = position(health=[20, 8])
    chances = H.evaluate([s.view(0), s.view(1)])
    assert abs(sum(chances) - 1) < 1e-9 and chances[0] > 0.8
    s = position(players=3, health=[20, 20, 5])
    chances = H.evaluate([s.view(p) for p in range(3)])
    assert chances[2] < chances[0]


def test_it_beats_random_play() -> None:
    """The heuristic wins most 2-player games against random play (both seats, 20 deals)."""
    wins = 0
    for seed in range(10):
        for seat in (0, 1):
            results = simulate("lightseekers", 2, ["heuristic", "random"] if seat == 0 else
                               ["random", "heuristic"], 1, seed=seed)
            wins += sum(1 for r in results if seat in r.outcome["winners"])
    assert wins >= 15


def test_it_reads_only_views() -> None:
    """The heuristic agent plays a 4-player game to its end through the contract."""
    state = new_game("lightseekers", players=4, seed=5)
    agent = make_agent("heuristic", "lightseekers", 1)
    from tabletop.agents import decide

    while state.to_act is not None:
        state.apply(decide(agent, state))
    assert state.outcome() is not None


def test_search_rollouts_end_at_the_searching_seats_next_turn() -> None:
    """ISMCTS (docs/agents.md, Lightseekers): once ``scores`` has ranked a search's root,
    a rollout is quiet only at the first decision of the root seat's next turn, after the
    other hero's answer; a heuristic that ranked no root is quiet at any turn's first
    decision."""
    h = LsHeuristic()
    s = new_game("lightseekers", players=2, seed=4)
    first = s.view(s.to_act)
    assert h.quiet(first)
    h.scores(first, s.legal_actions())
    assert not h.quiet(first)
    turns: dict[int, dict[str, object]] = {}
    rng = random.Random(1)
    while s.to_act is not None and len(turns) < 3:
        v = s.view(s.to_act)
        turns.setdefault(v["turn"] - first["turn"], v)
        s.apply(rng.choice(s.legal_actions()))
    assert not h.quiet(turns[1])  # the other hero's turn: its answer is played out
    assert h.quiet(turns[2])      # the root seat's next turn


def test_search_narrows_the_tree_by_the_heuristic() -> None:
    """ISMCTS ``inner`` (docs/agents.md, Lightseekers): below the root a decision keeps the
    heuristic's ``k`` best actions, best first; a payment only the best card to pay with."""
    s = position(hand=[["volcano-heart", "fireball", "inferno", "crystal-shard"], []])
    view, legal = s.view(s.to_act), s.legal_actions()
    scores = H.scores(view, legal)
    kept = H.candidates(view, legal, 2)
    assert len(kept) == 2
    assert [scores[legal.index(a)] for a in kept] == sorted(scores, reverse=True)[:2]
    s.apply("combo volcano-heart")
    kept = H.candidates(s.view(s.to_act), s.legal_actions(), 2)
    assert [a.to_text() for a in kept] == ["pay crystal-shard"]
    agent = make_agent("ismcts:20", "lightseekers", 3)
    assert agent.inner == 2  # type: ignore[attr-defined]
    assert make_agent("ismcts:20:inner=0", "lightseekers", 3).inner == 0  # type: ignore[attr-defined]
