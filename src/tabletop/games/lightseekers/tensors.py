"""The research action space of lightseekers, for the environment adapters
(``tabletop.interfaces.env``, docs/research.md).

Every action the notation can name (``actions.py``) over the card pool, in a fixed
order: so an action that random games seldom offer (returning a particular card after a
defeat, a third copy's Ability) still has its index. The observation is the adapters'
generic one (the seat's view hashed), as this module gives no ``encode``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import PASS, act
from .data import catalog
from .ids import MAX_COPIES


@dataclass(frozen=True, slots=True)
class Encoding:
    """The action texts of lightseekers (the same for every seat count and deck)."""

    actions: tuple[str, ...]


def encoding(players: int, params: dict[str, Any]) -> Encoding:
    """The action index space: ``pass``, the hero's Ability, then per card of the pool
    its play (or combo), pay and return, and its Ability for each copy a seat can have in
    play (``ability <card>@n``, n up to the most copies a deck may hold)."""
    out = [PASS, act("ability", "hero")]
    for c in catalog().cards:
        out += [act("combo" if c.combo else "play", c.id), act("pay", c.id),
                act("return", c.id)]
        if c.ability is not None:
            out += [act("ability", c.id, n) for n in range(1, MAX_COPIES + 1)]
    return Encoding(tuple(a.to_text() for a in out))
