"""Game parameters from the command line: ``--param key=value`` and ``--cards PATH``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.core import GameSpec, ParameterError


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
        if "cards" not in spec.params:
            raise ParameterError(f"{spec.id} does not take card files (--cards)")
        for path in cards:
            if not path.is_file():
                raise ParameterError(f"--cards {path}: no such file")
        out["cards"] = ",".join(str(p.resolve()) for p in cards)
    return out
