"""radiant-arena's user card files (``--cards FILE``; the format:
docs/rules/radiant-arena-cards.md), for the kernel's one loader
(:mod:`tabletop.cards.files`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabletop.cards.files import CardFormat

from .data import MAX_FILE_BYTES


def _load(paths: tuple[Path, ...]) -> Any:
    from .spec import catalog  # cached by its files: a game with them gets the same one

    return catalog(",".join(str(p) for p in paths))


def _texts(cat: Any) -> Mapping[str, tuple[str, str]]:
    from .text import printed, texts

    generated = texts(cat)
    return {key: (text, generated[key]) for key, text in printed(cat).items()}


FORMAT = CardFormat(
    game="radiant-arena",
    tables=("hero", "deity", "conduit", "item", "skill", "deck"),
    load=_load,
    texts=_texts,
    docs="docs/rules/radiant-arena-cards.md",
    faces=("basic", "levelled"),
    max_bytes=MAX_FILE_BYTES,
)
