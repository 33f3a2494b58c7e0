"""Simulation: matches, tournaments, ratings, analyses, parallel games and benchmarks.

Everything here speaks to games only through the core contract (``new_game``, the
``State`` methods and records) and to agents only through ``make_agent`` and
``decide``: an agent sees ``state.view(seat)``, ``state.legal_actions()`` and a
resampler, never the state itself.
"""

from .analysis import Analysis, analyze
from .bench import bench
from .match import agent_seed, play_match, seat_agents
from .ratings import bradley_terry, wilson
from .simulate import GameResult, Summary, check_setup, run_game, run_jobs, simulate
from .tournament import PairingResult, Standings, TournamentGame, score_of, tournament

__all__ = [
    "Analysis", "GameResult", "PairingResult", "Standings", "Summary", "TournamentGame",
    "agent_seed", "analyze", "bench", "bradley_terry", "check_setup", "play_match",
    "run_game", "run_jobs", "score_of", "seat_agents", "simulate", "tournament", "wilson",
]
