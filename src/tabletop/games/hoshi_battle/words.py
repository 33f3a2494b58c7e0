"""Hoshi Battle's actions in words (``GameSpec.words``): what a button says and does.

Built from the action, the seat's view (its hand, the open reveal window) and the public
catalogue only: Heroes and Duel cards by their names.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Action, ActionWords

from .actions import ChooseHero, Discard, Pass, Play, Strike, Wait
from .data import Catalog

WINDOWS = {"duel_start": "the beginning of the Duel", "round_start": "the beginning of "
           "the round", "round_end": "the end of the round"}


def _text(cat: Catalog, card: str) -> str:
    found = cat.heroes.get(card) or cat.cards.get(card)
    if found is None or not found.text:
        return "."
    text = found.text.strip()
    return f" — {text}" + ("" if text.endswith((".", "!", "?", ")")) else ".")


def words(action: Action, view: dict[str, Any], catalogue: Any) -> ActionWords:
    """Every Hoshi Battle action in words for the seat whose ``view`` this is."""
    assert isinstance(catalogue, Catalog)
    cat = catalogue
    window = (view.get("window") or {}).get("name", "")
    when = WINDOWS.get(window, "this reveal window")
    if isinstance(action, Discard):
        name = cat.name(action.card)
        kind = "Hero" if action.card in cat.heroes else "Duel card"
        return ActionWords(f"Discard {name}",
                           f"Set aside the {kind} {name} face down: you keep the others"
                           f"{_text(cat, action.card)}")
    if isinstance(action, ChooseHero):
        name = cat.name(action.hero)
        return ActionWords(f"Fight with {name}",
                           f"Choose {name}, face down, as your Hero for the next Duel"
                           f"{_text(cat, action.hero)}")
    if isinstance(action, Play):
        name = cat.name(action.card)
        return ActionWords(f"Play {name}",
                           f"Reveal {name} at {when} and resolve it{_text(cat, action.card)}")
    if isinstance(action, Pass):
        return ActionWords("Play no more cards",
                           f"Reveal no more Duel cards at {when}: you must wait until the "
                           "next round starts or ends.")
    if isinstance(action, Wait):
        return ActionWords("Wait: let the other reveal first",
                           f"As the starting player, let your opponent decide first at "
                           f"{when}; you decide after.")
    if isinstance(action, Strike):
        if action.hit:
            return ActionWords("The strike hits",
                               "The referee's result of the real-time strike: it hits.")
        return ActionWords("The strike misses",
                           "The referee's result of the real-time strike: it misses.")
    raise AssertionError(f"not a Hoshi Battle action: {action!r}")


__all__ = ["words"]
