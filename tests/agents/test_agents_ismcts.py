"""ISMCTS: the search's statistics, rewards by team, and the heuristic's evaluation."""

from __future__ import annotations

import random

from tabletop.agents import IsmctsAgent, Resampler, decide, heuristic_for, make_agent, win_shares
from tabletop.agents.ismcts import parse_budget
from tabletop.core import Action, Outcome, State, new_game

from .conftest import GAME, positions


def wide_positions(players: int, seed: int, n: int) -> list[State]:
    """The ``n`` positions of a random game with the most legal actions."""
    return sorted(positions(players, seed, every=3), key=lambda s: -len(s.legal_actions()))[:n]


def test_search_visits_add_up_and_are_listed_most_visited_first() -> None:
    """``search()`` reports every legal action once, the visits add up to the budget (one
    root action an iteration), values are mean rewards in [0, 1] and the actions are
    listed by visits, most first (docs/agents.md, ISMCTS: Decision). In these wide
    positions the listing by mean reward is a different order (checked), so a search
    that ranked by mean would fail here."""
    reordered = 0
    for state in wide_positions(2, seed=4, n=2) + wide_positions(2, seed=9, n=2):
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        assert len(legal) > 10
        result = make_agent("ismcts:200:width=all", GAME, 5).search(  # type: ignore[attr-defined]
            legal, Resampler(state, seat))
        assert result.iterations == 200
        assert sum(s.visits for s in result.stats) == 200
        assert sorted(s.action.to_text() for s in result.stats) == sorted(
            a.to_text() for a in legal)
        visits = [s.visits for s in result.stats]
        assert visits == sorted(visits, reverse=True)
        assert all(s.value is not None and 0.0 <= s.value <= 1.0 for s in result.stats)
        means = [s.value for s in result.stats]
        reordered += means != sorted(means, reverse=True)  # type: ignore[type-var]
    assert reordered >= 2  # the test's premise: by mean is another order


def test_the_most_visited_action_is_played_not_the_best_mean() -> None:
    """The decision is the root action with the most visits, whatever the means say
    (docs/agents.md, ISMCTS: Decision). In radiant-arena, at its default settings, the
    action with the best mean is often not the most visited one (a few visits, a lucky
    rollout); searching positions of seeded games until it has happened twice (the
    test's premise, checked), each time ``act`` plays the most visited action."""
    state = new_game("radiant-arena", seed=1)
    players = [make_agent("heuristic", "radiant-arena", 1),
               make_agent("heuristic", "radiant-arena", 2)]
    disagree = searched = decision = 0
    while disagree < 2 and searched < 120:  # (63 searches with the card pool loaded)
        if state.to_act is None:
            state = new_game("radiant-arena", seed=decision)
        legal = state.legal_actions()
        if decision % 7 == 0 and len(legal) >= 3:
            seat = state.to_act
            result = make_agent("ismcts:60", "radiant-arena", 5).search(  # type: ignore[attr-defined]
                legal, Resampler(state, seat))
            most = max(s.visits for s in result.stats)
            best = max(s.value for s in result.stats if s.value is not None)
            played = make_agent("ismcts:60", "radiant-arena", 5).act(
                state.view(seat), legal, Resampler(state, seat))
            assert played in {s.action for s in result.stats if s.visits == most}
            disagree += all(s.visits < most for s in result.stats if s.value == best)
            searched += 1
        state.apply(decide(players[state.to_act], state))
        decision += 1
    assert disagree >= 2


def test_a_time_budget_stops_in_time() -> None:
    state = new_game(GAME, players=3, seed=2)
    agent = make_agent("ismcts:0.05s", GAME, 1)
    assert isinstance(agent, IsmctsAgent)
    result = agent.search(state.legal_actions(), Resampler(state, 0))
    assert result.iterations >= 1 and result.seconds < 0.5


def test_rewards_are_shared_by_teams_and_ties() -> None:
    four = new_game(GAME, players=4, seed=1)
    assert win_shares(Outcome((5, 3, 5, 3), (0, 2), "r"), four) == [1.0, 0.0, 1.0, 0.0]
    assert win_shares(Outcome((5, 5, 5, 5), (0, 1, 2, 3), "r"), four) == [0.5] * 4
    three = new_game(GAME, players=3, seed=1)
    assert win_shares(Outcome((7, 7, 1), (0, 1), "r"), three) == [0.5, 0.5, 0.0]


def test_the_evaluation_is_a_chance_per_seat() -> None:
    h = heuristic_for(GAME)
    assert h is not None
    for players in (2, 3, 4):
        for state in positions(players, seed=players, every=25):
            values = h.evaluate([state.view(s) for s in range(players)])
            assert len(values) == players
            assert all(0.0 <= v <= 1.0 for v in values)
            sides = {state.team(s): values[s] for s in range(players)}
            assert abs(sum(sides.values()) - 1.0) < 1e-9  # one side wins
            if players == 4:
                assert values[0] == values[2] and values[1] == values[3]


def test_parse_budget() -> None:
    assert parse_budget(None) == {}
    assert parse_budget("1s") == {"seconds": 1.0}
    assert parse_budget("0.1s") == {"seconds": 0.1}
    assert parse_budget("500") == {"iterations": 500}
    assert parse_budget("20:depth=end:c=0.5") == {"iterations": 20, "depth": None, "c": 0.5}


class Recording:
    """A resampler that keeps every determinization it hands out (the search plays on
    them in place, so afterwards they show where each iteration stopped)."""

    def __init__(self, state: State, seat: int) -> None:
        self.inner = Resampler(state, seat)
        self.seat = seat
        self.samples: list[State] = []

    def sample(self, rng: random.Random) -> State:
        state = self.inner.sample(rng)
        self.samples.append(state)
        return state


def test_without_a_heuristic_rollouts_run_to_the_end() -> None:
    """A game without a heuristic is played out at random to its end (docs/agents.md,
    Leaf evaluation): every determinization ends finished, and every root action's
    value is a mean of end-of-game rewards (0, 1/2 or 1 in two players)."""
    agent = IsmctsAgent(GAME, 1, iterations=3, heuristic=None, depth=0)
    assert agent.depth is None and agent.rollout == "random"
    state = new_game(GAME, players=2, seed=3)
    legal = state.legal_actions()
    recording = Recording(state, 0)
    result = agent.search(legal, recording)  # type: ignore[arg-type]
    assert len(recording.samples) == 3
    assert all(s.to_act is None and s.outcome() is not None for s in recording.samples)
    for s in result.stats:
        if s.visits == 1:
            assert s.value in (0.0, 0.5, 1.0)
    # With the heuristic (depth 0) each iteration stops at the leaf it adds, mid-game,
    # and the leaf's value is the heuristic's chance.
    cut = make_agent("ismcts:3", GAME, 1)
    recording = Recording(state, 0)
    cut.search(legal, recording)  # type: ignore[attr-defined]
    assert all(s.to_act is not None for s in recording.samples)


def test_leaf_views_are_built_only_when_read() -> None:
    """The evaluation at a leaf gets every seat's view (docs/agents.md, Leaf evaluation),
    each built on its first reading (issue 28: a view is among the dearest steps of an
    iteration, and radiant-arena's evaluation reads one seat's only): the same views as
    ``state.view(seat)``, by index, negative index and iteration, none built twice, and
    a view already in hand (the seat to act's, read by ``quiet``) not built again."""
    from tabletop.agents.ismcts import _Views

    real = positions(3, seed=2, every=40)[1]
    built: list[int] = []
    real_view = real.view

    class Counted:  # the position, its views counted (a compiled state's are read-only)
        players = real.players

        def view(self, seat: int) -> dict:
            built.append(seat)
            return real_view(seat)

    state = Counted()
    views = _Views(state)  # type: ignore[arg-type]
    assert len(views) == 3 and built == []
    assert views[1] == real_view(1) and built == [1]
    assert views[-1] == real_view(2) and built == [1, 2]
    assert list(views) == [real_view(s) for s in range(3)] and built == [1, 2, 0]
    assert views[1] is views[1] and built == [1, 2, 0]
    mine = real_view(2)
    given = _Views(state, 2, mine)  # type: ignore[arg-type]
    built.clear()
    assert given[2] is mine and built == []
    assert list(given) == [real_view(s) for s in range(3)] and built == [0, 1]


def test_words_of_actions_are_read_once_and_the_memo_is_bounded() -> None:
    """``memo_words`` (issue 28: the heuristics read the same actions' notation at every
    step of a rollout) gives what its reader gives, reads an action (or an equal one)
    once, and remembers no more than ``kept`` actions: past that it reads again."""
    from tabletop.agents.heuristic import memo_words

    state = new_game(GAME, players=2, seed=1)
    legal = list(state.legal_actions())
    assert len(legal) > 3
    reads: list[str] = []

    def read(a: Action) -> list[str]:
        reads.append(a.to_text())
        return a.to_text().split()

    words = memo_words(read, kept=3)
    assert [words(a) for a in legal] == [a.to_text().split() for a in legal]
    assert len(reads) == len(legal)
    again = [state.parse_action(a.to_text()) for a in legal]  # equal, not the same objects
    assert [words(a) for a in again] == [a.to_text().split() for a in legal]
    assert len(reads) == len(legal) + len(legal) - 3  # the first three were remembered
