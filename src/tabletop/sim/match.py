"""One match: a game played to its end by one agent per seat.

Seeds are derived, never drawn: the game uses ``seed`` and the agent of seat ``i`` uses
:func:`agent_seed` of ``(seed, i)``, so a match is a pure function of its arguments.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.agents import Agent, decide, make_agent
from tabletop.core import ParameterError, State, new_game

_MASK63 = (1 << 63) - 1


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent at ``seat`` (0-based) in a game seeded ``seed``.

    A SplitMix64-style mix, so neighbouring seeds and seats give unrelated streams and
    no agent shares the game's own seed.

    >>> agent_seed(1, 0) == agent_seed(1, 0) != agent_seed(1, 1)
    True
    """
    z = (seed * 0x9E3779B97F4A7C15 + (seat + 1) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
    z = ((z ^ (z >> 30)) * 0x94D049BB133111EB) & ((1 << 64) - 1)
    return (z ^ (z >> 31)) & _MASK63


def seat_agents(names: Sequence[str], players: int) -> list[str]:
    """One agent name per seat: ``names`` cycled (one name means every seat).

    >>> seat_agents(["greedy", "random"], 3)
    ['greedy', 'random', 'greedy']
    """
    names = [n.strip() for n in names if n.strip()]
    if not names:
        raise ParameterError("no agent named (give at least one, e.g. random)")
    return [names[i % len(names)] for i in range(players)]


def make_agents(game_id: str, agent_names: Sequence[str], seed: int) -> list[Agent]:
    """The agents of a match, seat by seat, each seeded by :func:`agent_seed`."""
    return [make_agent(name, game_id, agent_seed(seed, i)) for i, name in enumerate(agent_names)]


def play_match(
    game_id: str,
    players: int,
    agent_names: Sequence[str],
    seed: int,
    params: Mapping[str, Any] | None = None,
) -> State:
    """Play one game to its end; seat ``i`` is played by ``agent_names[i]``.

    Returns the finished state (``tabletop.core.record_of`` turns it into a record).
    Raises ``ParameterError`` when the names do not match the seats, and any
    ``TabletopError`` the game raises (an agent choosing an illegal action, say).
    """
    if len(agent_names) != players:
        raise ParameterError(f"{players} seats need {players} agent names, "
                             f"got {len(agent_names)}")
    state = new_game(game_id, players=players, seed=seed, **dict(params or {}))
    agents = make_agents(game_id, agent_names, seed)
    while True:
        seat = state.to_act
        if seat is None:
            return state
        state.apply(decide(agents[seat], state))
