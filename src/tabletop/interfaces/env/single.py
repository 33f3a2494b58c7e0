"""A Gymnasium single-agent environment: one seat learns, the others are played by a
chosen agent of the engine (random, greedy, heuristic, ``ismcts:0.1s``, ...).

The observation is the learner's view encoded by the game's :class:`~.codec.Codec`
(a float32 vector); the legal actions are ``info["action_mask"]`` (int8) and
:meth:`TabletopGym.action_masks` (the method maskable learners call). The reward is 0
until the end, then the learner's result (:func:`~.codec.returns_of`: +1 win, -1 loss).

``reset(seed=s)`` plays the game seeded ``s``, its opponents seeded from it as a
simulation seeds them (``tabletop.sim.agent_seed``), so an episode is reproducible;
later resets without a seed draw from a generator seeded by ``s``.

``illegal="random"`` (the default) plays a random legal action (seeded by the env) for
an index in range that is not legal now, and sets ``info["illegal"]``: Gymnasium's
``Discrete`` space and its ``check_env`` sample indices without the mask, and a learner
that does should not stop the episode. ``illegal="raise"`` refuses such an index with
:class:`~.codec.EnvError` and changes nothing. An index out of range, or not an
integer, is refused either way.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from tabletop.agents import Agent, decide, make_agent
from tabletop.core import State, TabletopError
from tabletop.core.spec import MAX_SEED
from tabletop.sim.match import agent_seed

from .aec import ILLEGAL_MODES
from .codec import EnvError, codec, returns_of
from .text import render_text


class TabletopGym(gym.Env[np.ndarray, int]):
    """One seat of a game against engine agents (build it with :func:`gymnasium_env`)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, game: str, players: int | None = None, seat: int = 0,
                 opponents: str = "random", render_mode: str | None = None,
                 illegal: str = "random", **params: Any) -> None:
        self.codec = codec(game, players, **params)
        n = self.codec.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise EnvError(f"{game}: seat is 0..{n - 1}, not {seat!r}")
        names = [x.strip() for x in opponents.split(",") if x.strip()]
        if not names:
            raise EnvError("name the opponents' agent, e.g. opponents='heuristic'")
        try:  # an unknown agent name is reported now, not at the first reset
            for name in names:
                make_agent(name, game, 0)
        except TabletopError as e:
            raise EnvError(str(e)) from None
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvError(f"render_mode is one of ansi, human, not {render_mode!r}")
        if illegal not in ILLEGAL_MODES:
            raise EnvError(f"illegal is one of {', '.join(ILLEGAL_MODES)}, not {illegal!r}")
        self.illegal = illegal
        self.seat = seat
        others = [s for s in range(n) if s != seat]
        self.opponent_names = {s: names[i % len(names)] for i, s in enumerate(others)}
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-np.inf, np.inf, shape=(self.codec.size,),
                                            dtype=np.float32)
        self.action_space = spaces.Discrete(self.codec.n_actions)  # type: ignore[assignment]
        self.game: State | None = None
        self._opponents: dict[int, Agent] = {}
        self._rng = np.random.default_rng()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """Start a game and play the opponents up to the learner's first decision."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed) % (MAX_SEED + 1)
        else:
            game_seed = int(self._rng.integers(0, MAX_SEED))
        self.game = self.codec.new_state(game_seed)
        self._opponents = {s: make_agent(name, self.codec.game, agent_seed(game_seed, s))
                           for s, name in self.opponent_names.items()}
        self._play_opponents()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play the learner's ``action`` (an index), then the opponents until the learner
        decides again or the game ends. A bad or illegal index, or a step after the end,
        raises ``EnvError`` and changes nothing."""
        state = self._state()
        if state.to_act is None:
            raise EnvError(f"{self.codec.game}: the episode is over; call reset()")
        self.codec.check_index(action)  # out of range or not an integer: refused always
        try:
            chosen = self.codec.action(state, action)
            substituted = False
        except EnvError:
            if self.illegal == "raise":
                raise
            legal = state.legal_actions()
            chosen = legal[int(self._rng.integers(len(legal)))]
            substituted = True
        state.apply(chosen)
        self._play_opponents()
        outcome = state.outcome()
        reward = 0.0 if outcome is None else returns_of(outcome, state.players)[self.seat]
        if self.render_mode == "human":
            self.render()
        info = self._info()
        if substituted:
            info["illegal"] = True
        return self._observe(), reward, outcome is not None, False, info

    def action_masks(self) -> np.ndarray:
        """The legal action indices of the learner now, as an int8 mask."""
        return self.codec.mask(self._state(), self.seat)

    def render(self) -> str | None:
        """The public view as text (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            return None
        text = render_text(self._state())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _state(self) -> State:
        if self.game is None:
            raise EnvError("the environment has not been reset; call reset() first")
        return self.game

    def _play_opponents(self) -> None:
        state = self._state()
        while state.to_act is not None and state.to_act != self.seat:
            state.apply(decide(self._opponents[state.to_act], state))

    def _observe(self) -> np.ndarray:
        return self.codec.observe(self._state(), self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


def gymnasium_env(game: str, players: int | None = None, **kwargs: Any) -> TabletopGym:
    """A Gymnasium environment of ``game`` where seat ``seat`` (default 0) learns and
    ``opponents`` (an agent name, or names cycled over the other seats) play the rest.

    >>> env = gymnasium_env("radiant-arena", opponents="random")
    >>> obs, info = env.reset(seed=3)
    >>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
    (True, True)
    """
    return TabletopGym(game, players, **kwargs)


def register_gymnasium() -> list[str]:
    """Register ``tabletop/<game>-v0`` with Gymnasium for every registered game, so that
    ``gymnasium.make("tabletop/radiant-arena-v0", opponents="heuristic")`` works; returns
    the ids. Done when ``tabletop.interfaces.env`` is imported."""
    from tabletop.core import games

    ids = []
    for spec in games():
        env_id = f"tabletop/{spec.id}-v0"
        if env_id not in gym.registry:
            # By name ("module:class", gymnasium's own form): the class's constructor
            # takes the game's options, which gymnasium's creator type cannot say.
            gym.register(env_id, entry_point=f"{__name__}:TabletopGym",
                         kwargs={"game": spec.id})
        ids.append(env_id)
    return ids


register_gymnasium()
