"""Every agent returns a legal action in every decision of random games; same seed,
same moves; agents by name, options and difficulty levels."""

from __future__ import annotations

import random

import pytest

from tabletop.agents import (
    DIFFICULTIES,
    IsmctsAgent,
    agent_names,
    decide,
    difficulty_agent,
    make_agent,
)
from tabletop.core import ParameterError, games, get_spec, new_game, record_of
from tabletop.sim import play_match

from .conftest import GAME

AGENTS = ["random", "greedy", "heuristic", "ismcts:4", "ismcts:3:depth=2:rollout=heuristic",
          "ismcts:3:depth=none:rollout=random"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_agent_returns_a_legal_action_everywhere(players: int) -> None:
    """A random game; at every decision every agent is asked and must answer legally."""
    agents = {name: make_agent(name, GAME, 7) for name in AGENTS}
    state = new_game(GAME, players=players, seed=40 + players)
    rng = random.Random(players)
    decisions = 0
    while state.to_act is not None:
        legal = state.legal_actions()
        for name, agent in agents.items():
            if name.endswith("none:rollout=random") and decisions % 10:
                continue  # full random rollouts are slow: every tenth decision
            assert decide(agent, state) in legal, name
        state.apply(legal[rng.randrange(len(legal))])
        decisions += 1
    assert decisions > 100


def test_same_seed_same_moves() -> None:
    names = ["ismcts:20", "heuristic", "greedy"]
    a = record_of(play_match(GAME, 3, names, seed=12))
    b = record_of(play_match(GAME, 3, names, seed=12))
    assert a.actions == b.actions and a.final_hash == b.final_hash
    c = record_of(play_match(GAME, 3, ["ismcts:20:c=2", "heuristic", "greedy"], seed=12))
    assert c.actions != a.actions  # the search does steer the game


def test_a_forced_move_is_not_searched() -> None:
    class NoSampling:
        seat = 0

        def sample(self, rng: random.Random) -> None:
            raise AssertionError("searched a forced move")

    agent = make_agent("ismcts:50", GAME, 1)
    state = new_game(GAME, players=2, seed=1)
    only = state.legal_actions()[:1]
    assert agent.act(state.view(0), only, NoSampling()) is only[0]  # type: ignore[arg-type]


def test_agent_names_and_options() -> None:
    assert {"random", "greedy", "heuristic", "ismcts"} <= set(agent_names())
    a = make_agent("ismcts:0.05s", GAME, 1)
    assert isinstance(a, IsmctsAgent) and a.seconds == 0.05 and a.iterations is None
    assert a.name == "ismcts:0.05s"
    b = make_agent("ismcts:500", GAME, 1)
    assert isinstance(b, IsmctsAgent) and b.iterations == 500 and b.seconds is None
    c = make_agent("ismcts:250ms:c=1.5:depth=3:rollout=heuristic", GAME, 1)
    assert isinstance(c, IsmctsAgent) and (c.seconds, c.c, c.depth, c.rollout) == (
        0.25, 1.5, 3, "heuristic")
    assert make_agent("ismcts", GAME, 1).iterations == 1000  # type: ignore[attr-defined]
    for bad, needle in (("ismcts:fast", "cannot read the ismcts budget"),
                        ("ismcts:0", "at least 1 iteration"),
                        ("ismcts:-1s", "positive time budget"),
                        ("ismcts:10:speed=3", "unknown ismcts option"),
                        ("ismcts:10:rollout=magic", "rollout must be"),
                        ("random:3", "takes no option"),
                        ("wizard", "unknown agent"),
                        ("heuristic", "does not play")):
        with pytest.raises(ParameterError, match=needle):
            make_agent(bad, "nope" if bad == "heuristic" else GAME, 1)


def test_difficulty_levels() -> None:
    assert set(DIFFICULTIES) == {"easy", "normal", "hard"}
    assert difficulty_agent("easy", GAME) == "greedy"
    assert difficulty_agent("Normal", GAME) == "heuristic"
    assert difficulty_agent("hard", GAME).startswith("ismcts:")
    with pytest.raises(ParameterError, match="unknown difficulty"):
        difficulty_agent("nightmare", GAME)


@pytest.mark.parametrize("game", [spec.id for spec in games()])
def test_ismcts_plays_every_game_through_the_contract(game: str) -> None:
    """ISMCTS needs no heuristic: in every registered game it answers legally (the
    first decisions of a random game, for speed)."""
    spec = get_spec(game)
    agent = make_agent("ismcts:3", game, 1)
    state = new_game(game, players=spec.default_players, seed=2)
    rng = random.Random(2)
    for _ in range(40):
        if state.to_act is None:
            break
        legal = state.legal_actions()
        assert decide(agent, state) in legal
        state.apply(legal[rng.randrange(len(legal))])
