"""Hoshi Battle's special dice (reconstructed: docs/rules/hoshi-battle.md, "The dice").

Each face shows one symbol: ``strike`` (✦, "the symbol" on cards: a hit), ``moon`` (☾),
``sun`` (☀) or ``blank``. The d10 is the d8 with two more blank faces, so the d8 is the
stronger die, as the cards suggest (Fire Axe and Rage, both boons, give the d8).

What a face *counts as* is a set of symbols: the face itself, changed by the roller's
"count also as" and "count instead as" effects in timestamp order: count modifiers of the
rules kernel (:func:`tabletop.cards.modifiers.counted`).
"""

from __future__ import annotations

from typing import Final

# Final: compiled, a constant read where it is used, not a module global looked up by name
# (the dice are read at every throw).
STRIKE: Final = "strike"
MOON: Final = "moon"
SUN: Final = "sun"
BLANK: Final = "blank"
SYMBOLS: Final = (STRIKE, MOON, SUN, BLANK)
GLYPHS = {STRIKE: "✦", MOON: "☾", SUN: "☀", BLANK: "·"}
SIDES = (8, 10)

FACES: Final[dict[int, tuple[str, ...]]] = {
    8: (STRIKE, STRIKE, STRIKE, MOON, MOON, SUN, SUN, BLANK),
    10: (STRIKE, STRIKE, STRIKE, MOON, MOON, SUN, SUN, BLANK, BLANK, BLANK),
    # Not a die of the box (2 d8 and 2 d10): only an effect's roll may use it (the op
    # roll, die = "d12"; docs/rules/hoshi-battle.md, "The d12"). The d10 with two more
    # blanks, as the d10 is the d8 with two more.
    12: (STRIKE, STRIKE, STRIKE, MOON, MOON, SUN, SUN, BLANK, BLANK, BLANK, BLANK, BLANK),
}
# What each symbol counts as when no count effect is in play (most rounds), and the faces
# that then show the symbol: made once, not at every round.
PLAIN_COUNTS: Final[dict[str, tuple[str, ...]]] = {x: (x,) for x in SYMBOLS}
PLAIN_STRIKES: Final = frozenset((STRIKE,))
ROLL_DICE = {"d8": 8, "d10": 10, "d12": 12}  # the dice an effect may roll by name

# "count also as" and "count instead as": the kernel's count modifiers (op also/instead).
COUNT_MODES = ("also", "instead")
# The words of each symbol on cards and in the kernel's vocabulary.
SYMBOL_WORDS = {STRIKE: "the symbol", MOON: "a Moon", SUN: "a Sun", BLANK: "a blank"}


def chance_of_symbol(sides: int) -> float:
    """The chance one die of ``sides`` faces shows the symbol (no effects)."""
    faces = FACES[sides]
    return faces.count(STRIKE) / len(faces)


__all__ = ["STRIKE", "MOON", "SUN", "BLANK", "SYMBOLS", "GLYPHS", "SIDES", "FACES", "ROLL_DICE",
           "COUNT_MODES", "SYMBOL_WORDS", "PLAIN_COUNTS", "PLAIN_STRIKES",
           "chance_of_symbol"]
