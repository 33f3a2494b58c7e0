"""Reading data files (cards, boards): TOML validated by a pydantic model.

Every error is a ``CardDataError`` naming the file, the field's path and, for an entry of
a list of tables, the entry (by its ``id``, or ``race.rank`` for cards without one).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import CardDataError
from .files import parse_toml, read_text

M = TypeVar("M", bound=BaseModel)


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed file; an unreadable, oversized, non-UTF-8 or malformed file is a
    ``CardDataError`` naming it."""
    return parse_toml(read_text(path, CardDataError), str(path), CardDataError)


def _label(entry: dict[str, Any]) -> str:
    if "id" in entry:
        return str(entry["id"])
    return ".".join(str(entry.get(k, "?")) for k in ("race", "rank"))


def validate(model: type[M], data: dict[str, Any], path: Path) -> M:
    """``data`` as ``model``; the first problem is a ``CardDataError`` saying where."""
    try:
        return model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = err["loc"]
        where = ".".join(str(x) for x in loc)
        entry = ""
        if len(loc) >= 2 and isinstance(loc[1], int):
            items = data.get(str(loc[0]), [])
            if isinstance(items, list) and loc[1] < len(items) and isinstance(items[loc[1]], dict):
                entry = f" ({loc[0]} {_label(items[loc[1]])})"
        raise CardDataError(f"{path}: {where}{entry}: {err['msg']}") from None


def load_model(model: type[M], path: Path) -> M:
    """Read and validate one data file."""
    return validate(model, read_toml(path), path)
