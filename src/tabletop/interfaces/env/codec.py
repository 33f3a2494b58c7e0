"""The bridge between a game and array-based learners: a fixed action index space and a
fixed-shape observation, for any registered game.

A game may provide an *encoding module*, named on its ``GameSpec`` (``encoding=``), with
one function::

    encoding(players, params) -> tabletop.core.tensors.Encoding (or any object with)
        actions: tuple[str, ...]              # every action text the game can ever offer
        parts: tuple[(name, size, meaning)]   # the layout of the observation vector
        encode(view, out)                     # write one seat's view into out (float32)

(an ``Encoding`` with no parts gives the action space only).

``encode`` reads the seat's view (``State.view(seat)``) and nothing else, so an
observation can never hold more than the seat may know. When a game has no encoding
module the :class:`Codec` falls back on generic ones: the action index space is
*discovered* by enumerating the legal actions of seeded random games (sorted, so it is
stable; an action never seen there raises :class:`EnvError` when it turns up), and the
observation hashes every leaf of the view into a fixed number of buckets
(:func:`hashed_view`). ``docs/research.md`` documents both games' encodings and the
fallbacks.
"""

from __future__ import annotations

import importlib
import random
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from tabletop.core import Action, Outcome, State, TabletopError, get_spec, new_game
from tabletop.core.tensors import Encoding, Part

HASHED_SIZE = 512
DISCOVERY_GAMES = 200
DISCOVERY_SEED = 0


class EnvError(TabletopError):
    """Bad use of an environment adapter: an unknown game or seat count, an action index
    out of range or not legal now, a step after the end. Nothing is changed."""


@dataclass(frozen=True, slots=True)
class Codec:
    """The action index space and the observation encoder of one game setup.

    Build one with :func:`codec` (cached per game, seat count and parameters).
    """

    game: str
    players: int
    params: tuple[tuple[str, Any], ...]
    actions: tuple[str, ...]
    parts: tuple[Part, ...]
    encode: Callable[[Mapping[str, Any], np.ndarray], None]
    generic_actions: bool
    generic_observation: bool
    index: dict[str, int] = field(default_factory=dict)
    _by_action: dict[Action, int] = field(default_factory=dict)
    size: int = 0  # the length of an observation vector (the sum of the parts' sizes)

    def __post_init__(self) -> None:
        self.index.update({text: i for i, text in enumerate(self.actions)})
        if len(self.index) != len(self.actions):
            raise EnvError(f"{self.game}: the encoding lists an action twice")
        object.__setattr__(self, "size", sum(size for _, size, _ in self.parts))

    @property
    def n_actions(self) -> int:
        """The size of the action index space."""
        return len(self.actions)

    def new_state(self, seed: int) -> State:
        """A new game of this setup."""
        return new_game(self.game, players=self.players, seed=seed, **dict(self.params))

    def observe(self, state: State, seat: int | None) -> np.ndarray:
        """The observation of ``seat``: its view, encoded (float32, shape ``(size,)``)."""
        out = np.zeros(self.size, dtype=np.float32)
        self.encode(state.view(seat), out)
        return out

    def index_of(self, action: Action) -> int:
        """The index of a legal action (raises ``EnvError`` if the space lacks it)."""
        i = self._by_action.get(action)
        if i is None:
            text = action.to_text()
            i = self.index.get(text)
            if i is None:
                how = ("discovered from random games, which never met it" if self.generic_actions
                       else "given by the game's encoding module, which misses it")
                raise EnvError(f"{self.game}: the action {text!r} has no index (the action "
                               f"space of {self.n_actions} actions is {how})")
            self._by_action[action] = i
        return i

    def legal_indices(self, state: State) -> list[int]:
        """The indices of the legal actions now, in the game's order."""
        return [self.index_of(a) for a in state.legal_actions()]

    def mask(self, state: State, seat: int | None = None) -> np.ndarray:
        """1 for each legal action index of the seat to act (all 0 for another ``seat``
        and once the game is over), as int8."""
        out = np.zeros(self.n_actions, dtype=np.int8)
        if state.to_act is not None and (seat is None or seat == state.to_act):
            out[self.legal_indices(state)] = 1
        return out

    def check_index(self, index: Any) -> int:
        """``index`` as an int of the space; raises ``EnvError`` if it is not an integer
        or out of range."""
        if isinstance(index, np.ndarray) and index.shape == ():
            index = index.item()
        if isinstance(index, (bool, np.bool_)) or not isinstance(index, (int, np.integer)):
            raise EnvError(f"{self.game}: an action is an integer index, not {index!r}")
        i = int(index)
        if not 0 <= i < self.n_actions:
            raise EnvError(f"{self.game}: action index {i} is out of range "
                           f"(0..{self.n_actions - 1})")
        return i

    def action(self, state: State, index: Any) -> Action:
        """The legal action of ``index`` now; raises ``EnvError`` (index out of range, not
        an integer, or not legal now) and changes nothing."""
        if state.to_act is None:
            raise EnvError(f"{self.game}: the game is over; reset the environment")
        i = self.check_index(index)
        for a in state.legal_actions():
            if self.index_of(a) == i:
                return a
        legal = [self.actions[j] for j in self.legal_indices(state)]
        shown = ", ".join(legal[:8]) + (", ..." if len(legal) > 8 else "")
        raise EnvError(f"{self.game}: action {i} ({self.actions[i]!r}) is not legal now "
                       f"for {state.label(state.to_act)} (legal: {shown})")


def returns_of(outcome: Outcome | Mapping[str, Any], players: int) -> list[float]:
    """The reward of each seat at the end: +1 for a winning seat (both partners of a
    winning team), -1 for a losing one, 0 for every seat when all of them share the win
    or none wins (so a game of two sides is zero-sum).

    >>> returns_of({"winners": [0, 2], "scores": [5, 1, 5, 1]}, 4)
    [1.0, -1.0, 1.0, -1.0]
    """
    winners = set(outcome.winners if isinstance(outcome, Outcome) else outcome["winners"])
    if len(winners) == players or not winners:
        return [0.0] * players
    return [1.0 if s in winners else -1.0 for s in range(players)]


def codec(game: str, players: int | None = None, **params: Any) -> Codec:
    """The codec of ``game`` for ``players`` seats and ``params`` (validated: an unknown
    game, seat count or parameter raises ``EnvError`` naming what is known)."""
    try:
        spec = get_spec(game)
        n = spec.default_players if players is None else players
        checked = spec.check_params(n, params)
        new_game(game, players=n, seed=0, **params)  # the game's own checks (decks, files)
    except EnvError:
        raise
    except TabletopError as e:
        raise EnvError(str(e)) from None
    return _codec(game, n, tuple(sorted(checked.items())))


@cache
def _codec(game: str, players: int, params: tuple[tuple[str, Any], ...]) -> Codec:
    spec = get_spec(game)
    module = importlib.import_module(spec.encoding) if spec.encoding else None
    hook = getattr(module, "encoding", None)
    enc = hook(players, dict(params)) if hook is not None else None
    actions: Sequence[str] | None = getattr(enc, "actions", None)
    # The core's Encoding always has ``encode``; one without parts gives no observation.
    observes = enc.observes if isinstance(enc, Encoding) else hasattr(enc, "encode")
    encode = getattr(enc, "encode", None) if observes else None
    generic_actions = actions is None
    if actions is None:
        actions = discover_actions(game, players, dict(params))
    generic_observation = encode is None
    if encode is None:
        parts: tuple[Part, ...] = (("hashed", HASHED_SIZE,
                                    "every leaf of the view hashed into buckets"),)
        encode = hashed_view
    else:
        parts = tuple(enc.parts)  # type: ignore[union-attr]
    return Codec(game, players, params, tuple(actions), parts, encode,
                 generic_actions, generic_observation)


def discover_actions(game: str, players: int, params: Mapping[str, Any],
                     games: int = DISCOVERY_GAMES, seed: int = DISCOVERY_SEED) -> tuple[str, ...]:
    """The generic action index space: every action text legal somewhere in ``games``
    seeded random games, sorted. Stable for the same game code and arguments, but not
    complete: a rarer action met later has no index (``Codec.index_of`` says so)."""
    rng = random.Random(seed)
    seen: set[str] = set()
    for k in range(games):
        state = new_game(game, players=players, seed=seed + k, **dict(params))
        while state.to_act is not None:
            legal = state.legal_actions()
            seen.update(a.to_text() for a in legal)
            state.apply_unchecked(rng.choice(legal))
    return tuple(sorted(seen))


def hashed_view(view: Mapping[str, Any], out: np.ndarray) -> None:
    """The generic observation: each leaf of the view adds to one bucket of ``out``.

    A number adds its value to the bucket of its path (list positions included, so seat
    1's score and seat 2's fall apart); a string, a bool or a null adds 1 to the bucket of
    its path and value. The hash is CRC-32 (the same on every machine and run).
    """
    n = len(out)

    def walk(path: str, value: Any) -> None:
        if isinstance(value, Mapping):
            for k, v in value.items():
                walk(f"{path}.{k}", v)
        elif isinstance(value, list | tuple):
            for i, v in enumerate(value):
                walk(f"{path}[{i}]", v)
        elif isinstance(value, int | float) and not isinstance(value, bool):
            out[zlib.crc32(path.encode()) % n] += value
        else:
            out[zlib.crc32(f"{path}={value}".encode()) % n] += 1.0

    walk("", view)
