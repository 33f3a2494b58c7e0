"""Hoshi Battle's user card files (``--cards FILE``: ``[[hero]]`` and ``[[card]]``
tables, as the packaged ``data/heroes.toml`` and ``data/cards.toml``; docs/cards.md,
"Adding a card"), for the kernel's one loader (:mod:`tabletop.cards.files`). A user
card's ``text`` may be left out (its generated text is printed); one given is checked
against the generated text (a warning)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabletop.cards.files import CardFormat


def _load(paths: tuple[Path, ...]) -> Any:
    from .data import catalog  # cached by its files: a game with them gets the same one

    return catalog(",".join(str(p) for p in paths))


def _texts(cat: Any) -> Mapping[str, tuple[str, str]]:
    from .text import card_text, hero_text

    out = {h.id: (h.text, hero_text(h.statics, h.triggers)) for h in cat.heroes.values()}
    out.update((c.id, (c.text, card_text(c.type, c.timing, c.effects, c.triggers)))
               for c in cat.cards.values())
    return out


FORMAT = CardFormat(
    game="hoshi-battle",
    tables=("hero", "card"),
    load=_load,
    texts=_texts,
)
