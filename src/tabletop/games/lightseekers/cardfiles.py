"""Lightseekers' user card files (``--cards FILE``: ``[[hero]]``, ``[[card]]``,
``[[combo]]`` and ``[[deck]]`` tables, as the packaged files in ``data/``; docs/cards.md,
"Adding a card"), for the kernel's one loader (:mod:`tabletop.cards.files`). A card's
text is generated from its data; a ``text`` a user card gives is checked against it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabletop.cards.files import CardFormat


def _load(paths: tuple[Path, ...]) -> Any:
    from .data import catalog  # cached by its files: a game with them gets the same one

    return catalog(",".join(str(p) for p in paths))


def _texts(cat: Any) -> Mapping[str, tuple[str, str]]:
    return {x.id: (x.printed, x.text) for x in (*cat.heroes, *cat.cards)}


FORMAT = CardFormat(
    game="lightseekers",
    tables=("hero", "card", "combo", "deck"),
    load=_load,
    texts=_texts,
)
