"""Goofspiel: tabletop's template game, a complete small game kept as the example of how
a game joins the engine from outside its repository (docs/adding-a-game.md walks
through it). Registered through entry points in this package's pyproject.toml: the game
(``SPEC``), its heuristic and its terminal screen."""

from .heuristic import GoofHeuristic
from .rules import GoofState
from .spec import SPEC

__all__ = ["SPEC", "GoofHeuristic", "GoofState"]
