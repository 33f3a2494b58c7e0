"""The Gymnasium single-agent environment passes ``check_env`` for every game, against
random, heuristic and ISMCTS opponents; the reward is the learner's result (issue 16,
"Environment adapters" and "Bad input")."""


from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tabletop.interfaces.env import EnvError, gymnasium_env

# The observation vector's parts are counts and flags with no fixed upper bound (a
# generic game's hashed view may hold any number), so the Box is unbounded; check_env
# advises bounds.
pytestmark = pytest.mark.filterwarnings("ignore:.*Box observation space m:UserWarning")


@pytest.mark.parametrize(("game", "players", "opponents"), [
    ("radiant-perim", 3, "heuristic"), ("radiant-perim", 4, "random"),
    ("radiant-arena", 2, "heuristic"), ("lightseekers", 3, "random"),
    ("hoshi-battle", 2, "random"), ("goofspiel", 2, "random")])
def test_check_env(game: str, players: int, opponents: str) -> None:
    """Issue 27, check_env with the wrapper's defaults: it samples without the mask, and
    by default an index in range that is not legal plays a random legal action."""
    env = gymnasium.make(f"tabletop/{game}-v0", players=players, opponents=opponents,
                         render_mode="ansi")
    check_env(env.unwrapped, skip_render_check=False)


def test_illegal_index_by_default_is_a_random_legal_action() -> None:
    env = gymnasium_env("radiant-arena", opponents="random")
    env.reset(seed=1)
    _, _, _, _, info = env.step(env.codec.index["no-clash"])
    assert info["illegal"] is True


def test_gymnasium_make_knows_every_game() -> None:
    """``gymnasium.make("tabletop/<game>-v0", ...)`` builds the same environment."""
    env = gymnasium.make("tabletop/radiant-perim-v0", players=2, opponents="greedy")
    obs, info = env.reset(seed=4)
    assert obs.shape == (env.unwrapped.codec.size,) and info["action_mask"].any()
    assert "tabletop/radiant-arena-v0" in gymnasium.registry


def test_a_whole_episode_against_ismcts() -> None:
    """Masked random play against an ISMCTS opponent ends with the learner's result as the
    only non-zero reward, and the same seed gives the same episode."""
    def episode() -> tuple[list[float], list[int]]:
        env = gymnasium_env("radiant-perim", players=2, seat=1, opponents="ismcts:20")
        obs, info = env.reset(seed=8)
        rng = np.random.default_rng(8)
        rewards, chosen = [], []
        done = False
        while not done:
            assert np.array_equal(info["action_mask"], env.action_masks())
            a = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, r, done, trunc, info = env.step(a)
            assert env.observation_space.contains(obs) and not trunc
            rewards.append(r)
            chosen.append(a)
        winners = env.game.outcome().winners
        assert rewards[-1] == (1.0 if 1 in winners else -1.0)
        assert not any(rewards[:-1])
        return rewards, chosen

    assert episode() == episode()


def test_bad_input() -> None:
    with pytest.raises(EnvError, match="unknown game"):
        gymnasium_env("hoshi")
    with pytest.raises(EnvError, match="seat is 0..1"):
        gymnasium_env("radiant-arena", seat=2)
    with pytest.raises(EnvError, match="unknown agent|no agent|agent"):
        gymnasium_env("radiant-arena", opponents="alphazero")
    env = gymnasium_env("radiant-arena", opponents="random", illegal="raise")
    env.reset(seed=1)
    before = env.game.state_hash()
    with pytest.raises(EnvError, match="out of range"):
        env.step(env.action_space.n)
    with pytest.raises(EnvError, match="not legal now"):
        env.step(env.codec.index["no-clash"])
    assert env.game.state_hash() == before
    done = False
    rng = np.random.default_rng(2)
    while not done:
        _, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    with pytest.raises(EnvError, match="episode is over"):
        env.step(0)
