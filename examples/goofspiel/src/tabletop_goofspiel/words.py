"""Goofspiel's actions in words (``GameSpec.words``): what a bid's button says, read from
the seat's view only (the prize face up, the seat's own hand)."""

from __future__ import annotations

from typing import Any

from tabletop.core import Action, ActionWords

from .actions import Bid


def words(action: Action, view: dict[str, Any], catalogue: Any) -> ActionWords:
    """``bid 7`` reads "Bid your 7", and says what it is for."""
    assert isinstance(action, Bid)
    prize = view["prize"]
    return ActionWords(f"Bid your {action.card}",
                       f"Bid your {action.card} face down for the prize card {prize}; "
                       "the highest bid wins it once everyone has bid.")
