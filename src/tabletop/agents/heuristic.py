"""Per-game heuristics: hand-written rules of thumb and a position evaluation.

A :class:`GameHeuristic` knows one game through its views and its action notation only
(it never imports the game package). It does two jobs:

- ``choose(view, legal, rng)``: the move the rules of thumb prefer; the ``heuristic``
  agent plays it, and ISMCTS may use it as its rollout policy;
- ``evaluate(views)``: the chance of each seat to win from a position, given every
  seat's view of it (values in [0, 1], partners equal); ISMCTS evaluates with it
  where it cuts a rollout short.

Optional extras a heuristic may have, which ISMCTS uses when present:
``scores(view, legal)`` (how much the rules of thumb like each action: the search
tries the best first and may search only the best few), ``quiet(view)`` (a position the
evaluation reads well: a rollout stops there) and ``ismcts_defaults`` (the search
settings that suit the game, which explicit options override).

A game gains a heuristic through the ``tabletop.heuristics`` entry-point group (the game
id -> a factory of its heuristic, in the package's ``pyproject.toml``), or by hand with
``register_heuristic``; the ``heuristic`` agent and ISMCTS then find it by the game id.
The rules of thumb of each game are described in docs/agents.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from tabletop.core import Action, ParameterError
from tabletop.core.plugins import load_group

from .base import Resampler, register_agent


class GameHeuristic(Protocol):
    """Rules of thumb and an evaluation for one game, reading only views and notation."""

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        """The preferred legal action of the seat whose view this is."""
        ...

    def evaluate(self, views: Sequence[dict[str, Any]]) -> list[float]:
        """Each seat's chance to win, in [0, 1] (partners equal), from every seat's view
        of one position (``views[seat]``)."""
        ...


def best_of(legal: Sequence[Action], scores: Sequence[float], rng: random.Random) -> Action:
    """The legal action with the highest score; a tie is broken by ``rng``."""
    top = max(scores)
    ties = [i for i, x in enumerate(scores) if x >= top - 1e-9]
    return legal[ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]]


T = TypeVar("T")


def memo_words(read: Callable[[Action], T], kept: int = 50_000) -> Callable[[Action], T]:
    """``read`` (what a heuristic reads from an action's notation) remembered by the
    action: actions are values, equal when their notation is, and a search reads the
    same few hundred again at every step. At most ``kept`` are remembered (like the
    games' own caches of actions: distinct actions cannot grow it without bound); what
    ``read`` returns is shared, so its callers must not change it."""
    memo: dict[Action, T] = {}
    # The same action objects come back again and again (the games intern their legal
    # actions), and an action's hash is Python code: each is found by its identity first
    # (issue 28). The entry holds the action, so no other object can take its id.
    known: dict[int, tuple[Action, T]] = {}

    def words(action: Action) -> T:
        hit = known.get(id(action))
        if hit is not None and hit[0] is action:
            return hit[1]
        found = memo.get(action)
        if found is None:
            found = read(action)
            if len(memo) < kept:
                memo[action] = found
        if len(known) < kept:
            known[id(action)] = (action, found)
        return found

    return words


_HEURISTICS: dict[str, Callable[[], GameHeuristic]] = {}
_BUILT: dict[str, GameHeuristic] = {}


def register_heuristic(game_id: str, factory: Callable[[], GameHeuristic]) -> None:
    """Give ``game_id`` a heuristic (built once, on first use)."""
    _HEURISTICS[game_id] = factory
    _BUILT.pop(game_id, None)


def heuristic_for(game_id: str) -> GameHeuristic | None:
    """The heuristic of a game, or ``None`` when it has none; a heuristic whose plugin
    does not load raises ``PluginError``."""
    if game_id not in _HEURISTICS:
        factory = load_group("tabletop.heuristics").get(game_id)
        if factory is None:
            return None
        register_heuristic(game_id, factory)
    if game_id not in _BUILT:
        _BUILT[game_id] = _HEURISTICS[game_id]()
    return _BUILT[game_id]


class HeuristicAgent:
    """Plays what the game's heuristic prefers; ties are broken by its seeded generator."""

    name = "heuristic"

    def __init__(self, heuristic: GameHeuristic, seed: int) -> None:
        self.heuristic = heuristic
        self.rng = random.Random(seed)

    def act(self, view: dict[str, Any], legal: Sequence[Action],
            resampler: Resampler | None = None) -> Action:
        """The heuristic's choice (the only legal action when there is one)."""
        if len(legal) == 1:
            return legal[0]
        return self.heuristic.choose(view, legal, self.rng)


def _heuristic_agent(game_id: str, seed: int) -> HeuristicAgent:
    h = heuristic_for(game_id)
    if h is None:
        have = ", ".join(sorted({*_HEURISTICS, *load_group("tabletop.heuristics").loaded}))
        raise ParameterError(f"the heuristic agent does not play {game_id} "
                             f"(it plays: {have or 'no game'})")
    return HeuristicAgent(h, seed)


register_agent("heuristic", _heuristic_agent)
