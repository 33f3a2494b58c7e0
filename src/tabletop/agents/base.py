"""The Agent protocol and the factory that builds agents by name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from tabletop.core import Action, ParameterError


class Agent(Protocol):
    """A player: given what its seat may see and the legal actions, it picks one.

    Agents never receive the State. ``view`` is ``State.view(seat)``.
    """

    name: str

    def act(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Choose one of ``legal``."""
        ...


_FACTORIES: dict[str, Callable[[str, int], Agent]] = {}


def register_agent(name: str, factory: Callable[[str, int], Agent]) -> None:
    """Make ``make_agent(name, ...)`` build agents with ``factory(game_id, seed)``."""
    _FACTORIES[name] = factory


def agent_names() -> list[str]:
    """The names ``make_agent`` knows."""
    _load()
    return sorted(_FACTORIES)


def make_agent(name: str, game_id: str, seed: int) -> Agent:
    """An agent by name for a game, seeded; raises ``ParameterError`` for an unknown name."""
    _load()
    if name not in _FACTORIES:
        raise ParameterError(f"unknown agent {name!r} (known: {', '.join(sorted(_FACTORIES))})")
    return _FACTORIES[name](game_id, seed)


def _load() -> None:
    from . import greedy, random_agent  # noqa: F401  (they register themselves)
