"""Simulation: matches between agents, many games in parallel, and engine benchmarks.

Everything here speaks to games only through the core contract (``new_game``, the
``State`` methods and records) and to agents only through ``make_agent``; an agent sees
``state.view(seat)`` and ``state.legal_actions()``, never the state itself.
"""

from .bench import bench
from .match import agent_seed, play_match, seat_agents
from .simulate import GameResult, Summary, check_setup, run_game, simulate

__all__ = [
    "GameResult", "Summary", "agent_seed", "bench", "check_setup", "play_match", "run_game",
    "seat_agents", "simulate",
]
