"""Lightseekers TCG (game id ``lightseekers``): heroes with Elements, action cards (attack,
defend, buffs that rotate, items) and combos, for 2 to 6 players. Rulebook:
lightseekers-tcg.txt; decisions and notation: docs/rules/lightseekers.md."""

from .spec import SPEC

__all__ = ["SPEC"]
