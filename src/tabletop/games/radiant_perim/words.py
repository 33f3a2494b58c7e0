"""Radiant-perim's actions in words (``GameSpec.words``): what a button says and does.

Built from the action, the seat's view (the face-up drafting pool, the regions, the age)
and the public catalogue only: cards by their names ("Avis Knight"), melds by theirs
("Council of Elders"), regions as "Clouds 1", seats by their labels (P1..P4).
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Action, ActionWords

from .actions import Assassinate, Meld, MeldDone, Move, Pass, Pick, Play, slot_name
from .data import Catalog
from .events import region_words


def _article(word: str) -> str:
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


def _pick(a: Pick, view: dict[str, Any], cat: Catalog) -> ActionWords:
    pool = view.get("pool") or []
    slug = pool[a.slot] if a.slot < len(pool) else None
    where = slot_name(a.slot)
    if slug is None:
        return ActionWords(f"Take the card at {where}", f"Draft the card at {where}.")
    name = _name(cat, slug)
    return ActionWords(f"Take {name} ({where})",
                       f"Draft {name} from {where} of the pool into your hand; the deck "
                       "refills the slot.")


def _name(cat: Catalog, slug: str) -> str:
    for t in range(cat.n_types):
        if cat.card_slug(t) == slug:
            return cat.card_name(t)
    return slug


def _meld(a: Meld, view: dict[str, Any], cat: Catalog) -> ActionWords:
    m = cat.melds[a.meld]
    race = f" of {cat.race_names[a.race]}" if a.race >= 0 else ""
    age = view.get("age")
    points = ""
    if isinstance(age, int) and 1 <= age <= len(m.points):
        points = f"; it scores {m.points[age - 1]} point(s) in age {age}"
    return ActionWords(f"Meld {_article(m.name)}{race}",
                       f"Set aside {_article(m.name)}{race} from your hand, hidden until "
                       f"every seat has finished melding{points}.")


def _play(a: Play, cat: Catalog) -> ActionWords:
    card = cat.card_name(a.card)
    if a.second < 0:
        return ActionWords(f"Play {card}", f"Play {card} face up in this battle.")
    mount = cat.card_name(a.second)
    return ActionWords(f"Play {card} on {mount}",
                       f"Play {card} and {mount} together as a mounted knight in this "
                       "battle.")


def _move(a: Move, view: dict[str, Any], cat: Catalog) -> ActionWords:
    region = cat.regions[a.region]
    name = region_words(region)
    natives = ""
    for r in view.get("regions") or ():
        if r.get("id") == region and r.get("natives"):
            races = [cat.race_names[cat.races.index(x)] for x in r["natives"]
                     if x in cat.races]
            natives = f" (natives: {' and '.join(races)})"
    return ActionWords(f"Move the tracker to {name}",
                       f"Move the battle tracker to {name}{natives}: the next battle is "
                       "fought there.")


def words(action: Action, view: dict[str, Any], catalogue: Any) -> ActionWords:
    """Every radiant-perim action in words for the seat whose ``view`` this is."""
    assert isinstance(catalogue, Catalog)
    cat = catalogue
    if isinstance(action, Pick):
        return _pick(action, view, cat)
    if isinstance(action, Meld):
        return _meld(action, view, cat)
    if isinstance(action, MeldDone):
        return ActionWords("Done melding", "Finish melding: your melds are revealed and "
                           "scored once every seat is done.")
    if isinstance(action, Move):
        return _move(action, view, cat)
    if isinstance(action, Play):
        return _play(action, cat)
    if isinstance(action, Assassinate):
        target = cat.card_name(action.target)
        seat = f"P{action.seat + 1}"
        assassin = cat.card_name(cat.type_of(action.assassin, cat.ranks.index("assassin")))
        return ActionWords(f"Assassinate {seat}'s {target} with your {assassin}",
                           f"Play your {assassin} naming {target} in {seat}'s hand: if "
                           f"{seat} holds one, it is defeated and your assassin takes its "
                           "rank; if not, your assassin is the lowest card of its race.")
    if isinstance(action, Pass):
        return ActionWords("Play no further card",
                           "Your card was assassinated: pass, and play no other card in "
                           "this battle.")
    raise AssertionError(f"not a radiant-perim action: {action!r}")


__all__ = ["words"]
