"""Lightseekers' actions in words (``GameSpec.words``): what a button says and does.

Built from the action, the seat's view (its hand, the heroes in play, the combo being
paid for, its target) and the public catalogue only: cards and heroes by their names.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Action, ActionWords

from .actions import Act
from .data import Catalog

COPY = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def _name(cat: Catalog, card: str) -> str:
    return cat.names.get(card, card)


def _card_text(cat: Catalog, card: str) -> str:
    if card in cat.index:
        text = cat.card(card).text.strip()
        if text:
            return f" — {text}" + ("" if text.endswith((".", "!", "?", ")")) else ".")
    return "."


def _hero_of(view: dict[str, Any], seat: Any) -> dict[str, Any] | None:
    for h in view.get("heroes") or ():
        if h.get("seat") == seat:
            found: dict[str, Any] = h
            return found
    return None


def _end(text: str) -> str:
    return text if text.endswith((".", "!", "?", ")")) else text + "."


def _seat(view: dict[str, Any]) -> Any:
    """The seat acting: the view's own, or (a spectator's view) the active seat."""
    return view.get("active") if view.get("seat") is None else view.get("seat")


def _target(view: dict[str, Any]) -> str:
    """The hero this seat's attacks go to, by name ("" when none)."""
    me = _hero_of(view, _seat(view))
    if me is None or me.get("target") is None:
        return ""
    target = _hero_of(view, me["target"])
    return "" if target is None else str(target.get("name", ""))


def _play(cat: Catalog, a: Act, view: dict[str, Any]) -> ActionWords:
    name = _name(cat, a.card)
    kind = cat.card(a.card).type if a.card in cat.index else ""
    target = _target(view)
    at = f" at {target}" if kind == "attack" and target else ""
    return ActionWords(f"Play {name}",
                       f"Play {name} from your hand{at}{_card_text(cat, a.card)}")


def words(action: Action, view: dict[str, Any], catalogue: Any) -> ActionWords:
    """Every lightseekers action in words for the seat whose ``view`` this is."""
    assert isinstance(action, Act)
    assert isinstance(catalogue, Catalog)
    cat, verb = catalogue, action.verb
    if verb == "play":
        return _play(cat, action, view)
    if verb == "combo":
        name = _name(cat, action.card)
        return ActionWords(f"Play the combo {name}",
                           f"Play the combo {name} from your hand, then pay for it with "
                           f"cards from your hand{_card_text(cat, action.card)}")
    if verb == "pay":
        name = _name(cat, action.card)
        paying = view.get("paying") or {}
        combo = _name(cat, paying.get("combo", "")) if paying.get("combo") else "the combo"
        return ActionWords(f"Pay with {name}",
                           f"Put {name} from your hand toward the cost of {combo}.")
    if verb == "ability" and action.card == "hero":
        me = _hero_of(view, _seat(view))
        hero = str(me.get("name", "your hero")) if me else "your hero"
        trait = f" — {me['trait']}" if me and me.get("trait") else ""
        return ActionWords(f"Use {hero}'s Ability", _end(f"Use the Ability of {hero}{trait}"))
    if verb == "ability":
        name = _name(cat, action.card)
        copy = f" ({COPY.get(action.n, f'copy {action.n}')} copy)" if action.n > 1 else ""
        return ActionWords(f"Use {name}'s Ability{copy}",
                           f"Use the Ability of your {name}{copy} in play"
                           f"{_card_text(cat, action.card)}")
    if verb == "pass":
        return ActionWords("End your action phase",
                           "End your action phase: your turn's actions are over.")
    if verb == "return":
        name = _name(cat, action.card)
        return ActionWords(f"Return {name} to your deck",
                           f"A defeat's reward: move {name} from your discard pile back "
                           "into your deck.")
    return ActionWords(verb.capitalize(), action.to_text())


__all__ = ["words"]
