"""Scripted cards: behaviour too unusual for the card language, registered by name.

The card language (docs/cards.md) carries every card of the starter decks, the
rulebook's examples and the pilot set as data, so no card needs a script today; the
mechanism stays for a truly unique card (aim: at most one card in twenty). A script has
the signature of an op without its step, ``(state, ctx) -> Result`` (it returns the
kernel's named results, as an op does: see :mod:`.ops`), is registered with
:func:`register`, and a card names it with ``{ op = "script", name = "..." }``. Each
script's docstring quotes the card text it implements, and the card has a scenario test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.cards import Result

if TYPE_CHECKING:
    from .rules import ArenaState

Script = Callable[["ArenaState", dict[str, Any]], Result]

SCRIPTS: dict[str, Script] = {}


def register(name: str) -> Callable[[Script], Script]:
    """Register a script under ``name`` (a card file names it in a ``script`` step)."""
    def wrap(fn: Script) -> Script:
        if name in SCRIPTS:
            raise ValueError(f"script {name!r} is registered twice")
        SCRIPTS[name] = fn
        return fn

    return wrap
