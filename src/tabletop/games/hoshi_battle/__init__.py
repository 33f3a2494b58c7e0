"""hoshi-battle: Hoshi Battle (dV Giochi), a duel of dice, strikes, Heroes and Duel
cards, reconstructed where the rulebook is silent (docs/rules/hoshi-battle.md)."""

from .rules import HoshiState
from .spec import SPEC

__all__ = ["SPEC", "HoshiState"]
