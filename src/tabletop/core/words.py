"""Actions in words: what a button says and what it does, for people.

Every screen that shows a legal action to a person (the terminal's menu, the web table's
buttons and menus, ``tabletop analyze``) shows its :class:`ActionWords`, never its
notation: ``State.describe(action, seat)`` builds them through the game's hook
``GameSpec.words``, from the action, the seat's view and the game's public card
catalogue only (``State.catalogue()``), so the words can tell a seat nothing its view
does not. The notation stays what records hold and what a person may type.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .action import Action


@dataclass(frozen=True, slots=True)
class ActionWords:
    """An action in words: ``label``, short, for a button or a menu entry ("Attack with
    Mato", "Don't block"), and ``text``, a sentence saying what it does ("Mato attacks in
    the centre lane; the defender may block.")."""

    label: str
    text: str

    def to_json(self) -> dict[str, str]:
        """A JSON-ready form: ``{label, text}``."""
        return {"label": self.label, "text": self.text}


# A game's words hook: (action, the seat's view, the game's public catalogue) -> words.
Words = Callable[[Action, dict[str, Any], Any], ActionWords]


def notation_words(action: Action, view: dict[str, Any], catalogue: Any) -> ActionWords:
    """The default words hook: the notation, for a game that gives no words of its own."""
    text = action.to_text()
    return ActionWords(text, text)
