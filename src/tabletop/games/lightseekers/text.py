"""Card text generated from the data (docs/cards.md §9): what a player reads is what runs.

A card's text is its effects in sentences, in a fixed order: the effects of playing it (an
attack's on its recipient, a defend's on you), a buff's instant effects ("Buff phase:"),
lingering effects, triggers, replacements, and an Ability; a rotating buff says how it
turns and lists its corners.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.cards.text import modifier_text, program_text, replacement_text, trigger_text

from .ids import BUFF, CIRCLE, EMPTY_CORNER, X_CORNER
from .vocab import say

if TYPE_CHECKING:
    from .data import Ability, Card, Hero


def corners_text(corners: tuple[int, ...]) -> str:
    """The four corners in the order they become active: ``x, 2, 2, empty``."""
    return ", ".join("x" if v == X_CORNER else "empty" if v == EMPTY_CORNER else str(v)
                     for v in corners)


def ability_text(ability: Ability) -> str:
    """"Ability (Fire): deal 1 damage to your target." (with its cost, if any)."""
    s = say()
    body = program_text(s, ability.program)
    what = f" ({ability.element.capitalize()})" if ability.element else ""
    cost = ""
    for name, n in ability.costs.items:
        cost += f", {s.vocab.costs[name].text(n)}"
    return f"Ability{what}{cost}: {body[:1].lower() + body[1:]}"


def _parts(x: Any) -> list[str]:
    s = say()
    out = [modifier_text(s, spec) for spec in x.statics]
    out += [trigger_text(s, t) for t in x.triggers]
    out += [replacement_text(s, r) for r in x.replacements]
    if x.ability is not None:
        out.append(ability_text(x.ability))
    return out


def card_text(card: Card) -> str:
    """The whole text of an action card or combo."""
    s = say()
    out: list[str] = []
    if card.effects:
        body = program_text(s, card.effects)
        out.append(f"Buff phase: {body[:1].lower() + body[1:]}" if card.type == BUFF
                   else body)
    out += _parts(card)
    if card.rotation:
        how = ("Rotates at the start of your turn" if card.rotation == CIRCLE else
               "Rotates when its effect triggers")
        out.append(f"{how} (corners {corners_text(card.corners)}).")
    return " ".join(out)


def hero_text(hero: Hero) -> str:
    """A hero's trait."""
    return f"{hero.trait}: " + " ".join(_parts(hero))


__all__ = ["card_text", "hero_text", "corners_text", "ability_text"]
