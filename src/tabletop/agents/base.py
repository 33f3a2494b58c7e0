"""The Agent protocol, the Resampler agents search with, and the factory of agents by name.

An agent decides from three things only: the view of its seat (``State.view(seat)``),
the legal actions, and a :class:`Resampler` that hands out states consistent with what
the seat knows (``State.resample(seat, rng)``). :func:`decide` is the one bridge from a
true state to an agent; simulations, the terminal game and analyses all go through it,
so no agent ever holds the true State.

Agents are built by name with :func:`make_agent`. A name may carry an option after a
colon, read by the agent's factory: ``ismcts:1s`` (one second a decision),
``ismcts:500`` (500 iterations a decision).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any, Protocol

from tabletop.core import Action, ParameterError, State
from tabletop.core.plugins import PluginError, load_group


class Resampler:
    """States a seat cannot tell apart from the true one, for agents that search.

    It keeps a private copy of the position taken when it was made (inside a closure;
    it has no attribute holding a State) and exposes only :meth:`sample`, which returns
    ``state.resample(seat, rng)``: every card the seat cannot see re-dealt, so searching
    the sample teaches the agent nothing it may not know.
    """

    __slots__ = ("seat", "_sample")

    def __init__(self, state: State, seat: int) -> None:
        if state.to_act is None:
            raise ParameterError("a finished game has no decision to resample")
        frozen = state.clone()  # the position at decision time, whatever happens later

        def sample(rng: Random) -> State:
            return frozen.resample(seat, rng)

        self.seat = seat
        self._sample: Callable[[Random], State] = sample

    def sample(self, rng: Random) -> State:
        """A fresh full state consistent with the seat's knowledge (safe to search)."""
        return self._sample(rng)


class Agent(Protocol):
    """A player: given what its seat may see and the legal actions, it picks one.

    Agents never receive the State: ``view`` is ``State.view(seat)``, ``legal`` is
    ``State.legal_actions()`` and ``resampler`` (when given) samples states consistent
    with that view. Agents that do not search ignore the resampler.
    """

    name: str

    def act(self, view: dict[str, Any], legal: Sequence[Action],
            resampler: Resampler | None = None) -> Action:
        """Choose one of ``legal``."""
        ...


def decide(agent: Agent, state: State) -> Action:
    """Ask ``agent`` for the decision of the seat to act in ``state``.

    The agent gets that seat's view, the legal actions and a :class:`Resampler`; the
    state itself never reaches it.
    """
    seat = state.to_act
    if seat is None:
        raise ParameterError("the game is over: no seat is to act")
    return agent.act(state.view(seat), state.legal_actions(), Resampler(state, seat))


# name -> (factory, whether it reads an option after "name:")
_FACTORIES: dict[str, tuple[Callable[..., Agent], bool]] = {}


def register_agent(name: str, factory: Callable[..., Agent], options: bool = False) -> None:
    """Make ``make_agent(name, ...)`` build agents with ``factory(game_id, seed)``.

    With ``options=True`` the factory is called ``factory(game_id, seed, option)`` where
    ``option`` is the text after the colon of ``name:option`` (``None`` without one).
    """
    _FACTORIES[name] = (factory, options)


def agent_names() -> list[str]:
    """The names ``make_agent`` knows (without options)."""
    _load()
    return sorted(_FACTORIES)


def make_agent(name: str, game_id: str, seed: int) -> Agent:
    """An agent by name (``random``, ``ismcts:1s``, ...) for a game, seeded.

    Raises ``ParameterError`` for an unknown name, a bad option, or an agent that does
    not play ``game_id``.
    """
    _load()
    base, colon, option = name.strip().partition(":")
    if base not in _FACTORIES:
        raise ParameterError(f"unknown agent {base!r} (known: {', '.join(sorted(_FACTORIES))})")
    factory, takes_option = _FACTORIES[base]
    if takes_option:
        return factory(game_id, seed, option if colon else None)
    if colon:
        raise ParameterError(f"the {base} agent takes no option (got {name!r})")
    return factory(game_id, seed)


def _load() -> None:
    """The agents of this package, and those installed packages add through the
    ``tabletop.agents`` entry-point group (name -> factory(game_id, seed[, option]); a
    factory with ``takes_option = True`` reads the text after ``name:``)."""
    from . import heuristic, ismcts, random_agent  # noqa: F401  (they register)

    group = load_group("tabletop.agents")
    for name, factory in group.loaded.items():
        if name not in _FACTORIES:
            register_agent(name, factory, bool(getattr(factory, "takes_option", False)))
    for name, why in group.broken.items():
        if name not in _FACTORIES:
            register_agent(name, _Broken(name, why))


class _Broken:
    """An agent whose plugin does not load: asking for it says so in one line."""

    def __init__(self, name: str, why: str) -> None:
        self.name, self.why = name, why

    def __call__(self, game_id: str, seed: int) -> Agent:
        raise PluginError(f"agent plugin {self.name!r} is broken: {self.why}")
