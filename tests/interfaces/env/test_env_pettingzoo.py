"""The PettingZoo AEC environment passes PettingZoo's own checks (api_test, seed_test,
max_cycles_test) for every game and seat count; rewards come from the outcome (team
rewards in four-player radiant-perim); seeding decides the game; bad input is one clear
error (issue 16, "Environment adapters" and "Bad input")."""

from __future__ import annotations

import types

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test

from tabletop.core import record_of, verify
from tabletop.interfaces.env import EnvError, pettingzoo_env, pettingzoo_parallel_env

from .conftest import SETUPS

# api_test advises a Box or Discrete observation space and a NumPy observation; a dict of
# observation and action mask is PettingZoo's own convention for games with masks.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


def _play_out(env, rng: np.random.Generator) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Play masked random actions to the end; the rewards each agent collected."""
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return total


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_pettingzoo_api_test(game: str, players: int) -> None:
    api_test(pettingzoo_env(game, players=players), num_cycles=200)


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_pettingzoo_seed_test(game: str, players: int) -> None:
    seed_test(lambda: pettingzoo_env(game, players=players), num_cycles=100)


# Where PettingZoo's max_cycles_test can pass: it assumes that every agent acts once a
# cycle, as where decisions go round the table one at a time (docs/research.md lists the
# others and why).
ROUND_THE_TABLE = [("goofspiel", 2), ("goofspiel", 3), ("goofspiel", 4),
                   ("radiant-perim", 2), ("radiant-perim", 3), ("radiant-perim", 4),
                   ("hoshi-battle", 2), ("hoshi-battle", 3), ("hoshi-battle", 4)]


def _seeded(env, seed: int):  # type: ignore[no-untyped-def]
    """The env reset once with ``seed``, so the test kit's unseeded resets follow it."""
    env.reset(seed=seed)
    return env


@pytest.mark.parametrize(("game", "players"), ROUND_THE_TABLE)
def test_pettingzoo_max_cycles_test(game: str, players: int) -> None:
    """Issue 27, "max_cycles_test where the game can honour it". It samples actions
    without the mask, so the env plays a random legal action for an illegal index
    (``illegal="random"``)."""
    mod = types.SimpleNamespace(
        env=lambda max_cycles: _seeded(pettingzoo_env(
            game, players=players, max_cycles=max_cycles, illegal="random"), 1),
        parallel_env=lambda max_cycles: _seeded(pettingzoo_parallel_env(
            game, players=players, max_cycles=max_cycles, illegal="random"), 1))
    max_cycles_test(mod)


@pytest.mark.parametrize(("game", "players"), [x for x in SETUPS if x not in ROUND_THE_TABLE])
def test_max_cycles_truncates_every_agent_elsewhere(game: str, players: int) -> None:
    """Issue 27: where agents do not act once a cycle (radiant-arena's deployment A, B,
    B, A and its turns of several actions; lightseekers' turns of several actions;
    five-player hoshi-battle's Duels between two seats), ``max_cycles`` still truncates
    every agent after that many cycles of decisions."""
    env = pettingzoo_env(game, players=players, max_cycles=3)
    env.reset(seed=4)
    steps = 0
    rng = np.random.default_rng(4)
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps == 3 * players and len(env.game.history) == 3 * players and not env.agents


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_pettingzoo_parallel_api_test_with_the_defaults(game: str, players: int) -> None:
    """Issue 27: PettingZoo's parallel_api_test with the wrapper's defaults
    (``illegal="raise"``): a parallel step is one decision, and every mask is the
    agent's legal actions for the next step, so masked samples are always legal."""
    parallel_api_test(pettingzoo_parallel_env(game, players=players), num_cycles=300)


def test_team_rewards_in_four_player_radiant_perim() -> None:
    """Four players play as two teams of partners sitting across (Four-Player Game): the
    partners get the same reward, the two sides opposite ones."""
    env = pettingzoo_env("radiant-perim", players=4)
    for seed in (1, 2):
        env.reset(seed=seed)
        total = _play_out(env, np.random.default_rng(seed))
        winners = env.game.outcome().winners
        assert total["player_0"] == total["player_2"] and total["player_1"] == total["player_3"]
        assert total["player_0"] == -total["player_1"] == (1.0 if 0 in winners else -1.0)


def test_the_seed_decides_the_game_and_episodes_are_reproducible() -> None:
    """reset(seed=s) plays the game seeded s (its record says so and replays); later
    unseeded resets follow from s."""
    env = pettingzoo_env("radiant-arena")
    env.reset(seed=12)
    assert env.game.seed == 12
    _play_out(env, np.random.default_rng(0))
    record = record_of(env.game)
    verify(record)
    seeds = []
    for _ in range(2):
        env.reset(seed=5)
        env.reset()
        seeds.append(env.game.seed)
    assert seeds[0] == seeds[1] != 5


def test_render_is_the_public_view_as_text() -> None:
    env = pettingzoo_env("radiant-perim", players=3, render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert "P1 to act" in text and "pool" in text.lower()
    hand = env.game.view(0)["hands"][0].get("cards", [])
    assert env.game.view(None)["hands"][0].get("cards") is None or not hand


def test_bad_input_is_one_clear_error_and_changes_nothing() -> None:
    with pytest.raises(EnvError, match="unknown game"):
        pettingzoo_env("chess")
    with pytest.raises(EnvError, match="played by 2, 3, 4 players"):
        pettingzoo_env("radiant-perim", players=1)
    with pytest.raises(EnvError, match="render_mode"):
        pettingzoo_env("radiant-perim", render_mode="rgb_array")
    env = pettingzoo_env("radiant-perim", players=2)
    with pytest.raises(EnvError, match="reset"):
        env.step(0)
    env.reset(seed=1)
    before = env.game.state_hash()
    for bad in (-3, 10_000, env.codec.index["pass"], None):
        with pytest.raises(EnvError):
            env.step(bad)
    assert env.game.state_hash() == before and env.agent_selection == "player_0"
    _play_out(env, np.random.default_rng(1))
    with pytest.raises(EnvError, match="episode is over"):
        env.step(0)
