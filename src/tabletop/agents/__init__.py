"""Agents: players that see a seat's view, the legal actions and a resampler, never the State.

``random``, the per-game ``greedy`` and ``heuristic`` agents and ``ismcts`` (search by
determinization, for every game) are built by name with :func:`make_agent`; difficulty
levels for people map to them (:mod:`.difficulty`).
"""

from .base import Agent, Resampler, agent_names, decide, make_agent, register_agent
from .difficulty import DIFFICULTIES, difficulty_agent
from .heuristic import GameHeuristic, HeuristicAgent, heuristic_for, register_heuristic
from .ismcts import ActionStats, IsmctsAgent, SearchResult, win_shares
from .random_agent import RandomAgent

__all__ = [
    "DIFFICULTIES", "ActionStats", "Agent", "GameHeuristic", "HeuristicAgent", "IsmctsAgent",
    "RandomAgent", "Resampler", "SearchResult", "agent_names", "decide", "difficulty_agent",
    "heuristic_for", "make_agent", "register_agent", "register_heuristic", "win_shares",
]
