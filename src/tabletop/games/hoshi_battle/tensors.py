"""The research action space of hoshi-battle, for the environment adapters
(``tabletop.interfaces.env``, docs/research.md).

Every action the notation can name (``actions.py``), in a fixed order: so an action that
random games seldom offer still has its index. The observation is the adapters' generic
one (the seat's view hashed), as this encoding has no ``parts``.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.tensors import Encoding

from .actions import DISCARDS, HEROES, PASS, PLAYS, STRIKE_HIT, STRIKE_MISS, WAIT


def encoding(players: int, params: dict[str, Any]) -> Encoding:
    """The action index space: the fixed words, then every discard, Hero and Duel card."""
    fixed = (PASS, WAIT, STRIKE_HIT, STRIKE_MISS)
    named = (*DISCARDS.values(), *HEROES.values(), *PLAYS.values())
    return Encoding(players, tuple(a.to_text() for a in (*fixed, *named)), ())
