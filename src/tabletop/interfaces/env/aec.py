"""A PettingZoo AEC environment for every registered game and seat count.

Agents are ``player_0``, ``player_1``, ... (seat numbers, 0-based as everywhere in data).
The agent to act is the seat that decides in the game; an observation is a dict of
``observation`` (the seat's view encoded by its :class:`~.codec.Codec`) and
``action_mask`` (int8, 1 for each legal action index of that agent, all 0 when another
agent is to act): PettingZoo's convention for board and card games. Rewards come only at
the end, from the outcome (:func:`~.codec.returns_of`: +1 win, -1 loss; the two
partners of a team get the same).

Seeding: ``reset(seed=s)`` plays the game seeded ``s``; a later ``reset()`` without a
seed plays a seed drawn from a generator seeded by ``s``, so a run of episodes is
reproducible from its first seed.

``max_cycles`` truncates an episode after that many *cycles*, a cycle being as many
decisions as there are seats (for tooling that expects every agent to act once a cycle,
as PettingZoo's ``max_cycles_test`` does). ``illegal="raise"`` (the default) refuses an
illegal or out-of-range index with :class:`~.codec.EnvError` and changes nothing;
``illegal="random"`` plays a random legal action instead (seeded by the env) and sets
``infos[agent]["illegal"]``, for learners and test kits that sample without the mask.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from tabletop.core import State
from tabletop.core.spec import MAX_SEED

from .codec import Codec, EnvError, codec, returns_of
from .text import render_text

ILLEGAL_MODES = ("raise", "random")


def agent_name(seat: int) -> str:
    """The PettingZoo agent of a seat: ``player_0`` for seat 0."""
    return f"player_{seat}"


def observation_space(c: Codec) -> spaces.Dict:
    """The observation space of every agent of a codec."""
    return spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, shape=(c.size,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(c.n_actions,), dtype=np.int8),
    })


# PettingZoo ships no type information: its base classes are Any to mypy.
class TabletopAEC(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """One game as a PettingZoo AEC environment (build it with :func:`pettingzoo_env`)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "tabletop_v0",
                "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None,
                 max_cycles: int | None = None, illegal: str = "raise",
                 **params: Any) -> None:
        super().__init__()
        self.codec = codec(game, players, **params)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvError(f"render_mode is one of {', '.join(self.metadata['render_modes'])}, "
                           f"not {render_mode!r}")
        if illegal not in ILLEGAL_MODES:
            raise EnvError(f"illegal is one of {', '.join(ILLEGAL_MODES)}, not {illegal!r}")
        if max_cycles is not None and (isinstance(max_cycles, bool)
                                       or not isinstance(max_cycles, int) or max_cycles < 1):
            raise EnvError(f"max_cycles is a positive integer, not {max_cycles!r}")
        self.metadata = {**self.metadata,
                         "name": f"tabletop_{game.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.illegal = illegal
        self.possible_agents = [agent_name(s) for s in range(self.codec.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        space = observation_space(self.codec)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(self.codec.n_actions)
                              for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.game: State | None = None
        self.decisions = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- episodes -----------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: seeded ``seed`` if given, else a seed from the env's
        generator (itself seeded by the last seed given)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed) % (MAX_SEED + 1)
        else:
            game_seed = int(self._rng.integers(0, MAX_SEED))
        self.game = self.codec.new_state(game_seed)
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        to_act = self.game.to_act
        self.agent_selection = agent_name(0 if to_act is None else to_act)

    def _state(self) -> State:
        if self.game is None:
            raise EnvError("the environment has not been reset; call reset() first")
        return self.game

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation: its view encoded, and its action mask."""
        state = self._state()
        seat = self._seat[agent]
        return {"observation": self.codec.observe(state, seat),
                "action_mask": self.codec.mask(state, seat)}

    def step(self, action: Any) -> None:
        """The selected agent takes ``action`` (an index; ``None`` for an agent that is
        already done). Raises ``EnvError`` for a bad index, or once every agent is done."""
        state = self._state()
        if not self.agents:
            raise EnvError(f"{self.codec.game}: the episode is over; call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise EnvError(f"{self.codec.game}: {agent} is to act; None is only for an "
                           "agent that is done")
        info: dict[str, Any] = {}
        try:
            chosen = self.codec.action(state, action)
        except EnvError:
            if self.illegal == "raise":
                raise
            legal = state.legal_actions()
            chosen = legal[int(self._rng.integers(len(legal)))]
            info["illegal"] = True
        self._cumulative_rewards[agent] = 0.0
        state.apply(chosen)
        self.decisions += 1
        self.infos = {a: {} for a in self.agents}
        self.infos[agent].update(info)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        outcome = state.outcome()
        if outcome is not None:
            for seat, r in enumerate(returns_of(outcome, state.players)):
                self.rewards[agent_name(seat)] = r
            self.terminations = dict.fromkeys(self.agents, True)
        elif (self.max_cycles is not None
              and self.decisions >= self.max_cycles * len(self.possible_agents)):
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            assert state.to_act is not None
            self.agent_selection = agent_name(state.to_act)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The public view as text (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            return None
        text = render_text(self._state())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def pettingzoo_env(game: str, players: int | None = None, **kwargs: Any) -> TabletopAEC:
    """A PettingZoo AEC environment of ``game`` for ``players`` seats (the game's default
    when omitted); ``kwargs`` are the env's options (``render_mode``, ``max_cycles``,
    ``illegal``) and the game's parameters. An unknown game or seat count raises
    :class:`~.codec.EnvError`.

    >>> env = pettingzoo_env("radiant-perim", players=3)
    >>> env.reset(seed=1)
    >>> env.agent_selection, env.action_space("player_0").n > 0
    ('player_0', True)
    """
    return TabletopAEC(game, players, **kwargs)


class TabletopParallel(ParallelEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """The AEC environment seen through PettingZoo's parallel API, for tools that need it.

    Turn-based games do not act simultaneously, so a parallel step is one *decision*:
    the agent to act plays the action it sent; the others' actions are ignored (they
    may send anything, or nothing). Every observation's mask is the agent's legal
    actions for the next step (all 0 for an agent not to act), so actions sampled with
    the masks are always legal (PettingZoo's ``parallel_api_test`` samples so).
    ``max_cycles`` truncates after that many steps. Actions follow the ``illegal``
    option.
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "tabletop_parallel_v0"}

    def __init__(self, game: str, players: int | None = None, max_cycles: int | None = None,
                 **kwargs: Any) -> None:
        self.aec = TabletopAEC(game, players, max_cycles=max_cycles, **kwargs)
        self.max_cycles = self.aec.max_cycles
        self.aec.max_cycles = None  # counted here, in steps
        self.possible_agents = self.aec.possible_agents
        self.render_mode = self.aec.render_mode
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.aec.reset(seed, options)
        self.agents = self.aec.agents[:]
        self.steps = 0
        return {a: self.aec.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        env = self.aec
        if not self.agents:
            raise EnvError(f"{env.codec.game}: the episode is over; call reset()")
        agent = env.agent_selection
        if agent not in actions:
            raise EnvError(f"{env.codec.game}: no action for {agent}, who is to act")
        env.step(actions[agent])
        self.steps += 1
        rewards = {a: env.rewards.get(a, 0.0) for a in self.agents}
        terms = {a: env.terminations[a] for a in self.agents}
        truncs = {a: env.truncations[a] for a in self.agents}
        if self.max_cycles is not None and self.steps >= self.max_cycles \
                and not any(terms.values()):
            truncs = dict.fromkeys(self.agents, True)
        obs = {a: env.observe(a) for a in self.agents}
        if any(truncs.values()) or any(terms.values()):
            for o in obs.values():
                o["action_mask"][:] = 0
        infos = {a: dict(env.infos.get(a, {})) for a in self.agents}
        self.agents = [a for a in self.agents if not (terms[a] or truncs[a])]
        return obs, rewards, terms, truncs, infos

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()


def pettingzoo_parallel_env(game: str, players: int | None = None,
                            **kwargs: Any) -> TabletopParallel:
    """The parallel form of :func:`pettingzoo_env` (a step is one decision)."""
    return TabletopParallel(game, players, **kwargs)
