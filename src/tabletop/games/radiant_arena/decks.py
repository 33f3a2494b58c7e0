"""Deck files of radiant-arena: a deck saved to, and read from, a readable file.

A deck file is a card file (docs/rules/radiant-arena-cards.md) holding one ``[[deck]]``:
its heroes, items, deity and the deity's conduits (Now Let's Play! — Anatomy of a Deck; the
skill deck is the three heroes' sets). It loads like any card file (``--cards``), so a
game that plays it names it in its parameters and its records, and every deck rule is
checked when it loads. ``tabletop play radiant-arena --draft --deck PATH`` saves the deck
you drafted there; ``--deck PATH`` alone plays it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w

from tabletop.core import CardDataError
from tabletop.core.files import parse_toml, read_text

from .data import Catalog, Deck, deck_problems

HEADER = """# A radiant-arena deck (Now Let's Play! — Anatomy of a Deck): three heroes (the skill
# deck is their three sets of ten), three different items, a deity and its three conduits.
# Play it with `tabletop play radiant-arena --deck <this file>`; the cards are
# RECONSTRUCTED by tabletop (docs/rules/radiant-arena.md).
"""


def deck_text(deck: Deck, cat: Catalog, note: str = "") -> str:
    """The text of a deck file for ``deck`` (its heroes, items and deity named in comments
    as printed)."""
    names = cat.names
    lines = [HEADER.rstrip("\n")]
    if note:
        lines.append(f"# {note}")
    lines.append("# " + "; ".join([
        "heroes: " + ", ".join(names.get(h, h) for h in deck.heroes),
        "items: " + ", ".join(names.get(i, i) for i in deck.items),
        "deity: " + cat.names.get(deck.deity, deck.deity)]))
    body = tomli_w.dumps({"deck": [{"id": deck.id, "name": deck.name,
                                    "heroes": list(deck.heroes), "items": list(deck.items),
                                    "deity": deck.deity,
                                    "conduits": list(deck.conduits)}]})
    return "\n".join(lines) + "\n\n" + body


def write_deck(path: Path, deck: Deck, cat: Catalog, note: str = "") -> None:
    """Save ``deck`` as a deck file (it must be a legal deck)."""
    problems = deck_problems(cat, deck.heroes, deck.items, deck.deity, deck.conduits)
    if problems:
        raise CardDataError(f"deck {deck.id}: " + "; ".join(f"{f}: {m}" for f, m in problems))
    path.write_text(deck_text(deck, cat, note))


def deck_id(path: Path) -> str:
    """The id of the one deck a deck file holds; raises ``CardDataError`` (naming the
    file) if it holds no deck or several. Its cards are checked when it loads."""
    if not path.is_file():
        raise CardDataError(f"{path}: no such deck file")
    raw: dict[str, Any] = parse_toml(read_text(path, CardDataError), str(path), CardDataError)
    decks = raw.get("deck")
    if not isinstance(decks, list) or len(decks) != 1 or not isinstance(decks[0], dict):
        count = len(decks) if isinstance(decks, list) else 0
        raise CardDataError(f"{path}: a deck file holds one [[deck]] table, not {count}")
    ident = decks[0].get("id")
    if not isinstance(ident, str):
        raise CardDataError(f"{path}: deck: field 'id': a deck needs an id")
    return ident


__all__ = ["deck_text", "write_deck", "deck_id", "HEADER"]
