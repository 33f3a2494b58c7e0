"""Game parameters from the command line: ``--param key=value`` and ``--cards PATH``."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tabletop.core import GameSpec, ParameterError, games


def parse_params(spec: GameSpec, pairs: list[str] | None, cards: list[Path] | None = None
                 ) -> dict[str, Any]:
    """``key=value`` pairs typed by the game's parameters, plus card files for ``cards``."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, text = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise ParameterError(f"--param {pair!r}: expected key=value")
        if key not in spec.params:
            known = ", ".join(sorted(spec.params)) or "none"
            raise ParameterError(f"{spec.id} has no parameter {key!r} (known: {known})")
        want = spec.params[key].type
        if want is bool:
            if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise ParameterError(f"--param {key}: {text!r} is not true or false")
            out[key] = text.lower() in ("true", "1", "yes")
        elif want is int:
            try:
                out[key] = int(text)
            except ValueError:
                raise ParameterError(f"--param {key}: {text!r} is not an integer") from None
        else:
            out[key] = text
    if cards:
        out["cards"] = card_files(spec, cards)
    return out


def _warn(text: str) -> None:
    sys.stderr.write(f"warning: {text}\n")


def load_cards(spec: GameSpec, cards: Sequence[Path],
               warn: Callable[[str], None] = _warn) -> Any:
    """The game's catalogue with these user card files, through the kernel's one loader
    (tabletop.cards.files): every problem of every file at once as a ``CardDataError``;
    a printed text that is not what the data does is a warning (``warn``, to stderr)."""
    from tabletop.cards.files import format_of, load

    fmt = format_of(spec)
    if fmt is None or "cards" not in spec.params:
        takers = ", ".join(g.id for g in games() if g.card_files) or "none"
        raise ParameterError(f"{spec.id} does not take card files (--cards is for: "
                             f"{takers})")
    loaded = load(fmt, [p.resolve() for p in cards])
    for w in loaded.warnings:
        warn(w)
    return loaded.catalog


def card_files(spec: GameSpec, cards: Sequence[Path]) -> str:
    """The ``cards`` parameter of these files (their full paths, comma-separated), once
    the kernel's loader has checked them (:func:`load_cards`)."""
    load_cards(spec, cards)
    return ",".join(str(p.resolve()) for p in cards)
