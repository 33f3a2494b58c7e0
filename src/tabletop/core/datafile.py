"""Reading data files (cards, boards): TOML validated by a pydantic model, every problem
reported at once.

One format for every game's card files: each problem is one line
``file: table card: key: message`` (parts that do not apply are left out), where
``table`` is the file's list of tables (``hero``, ``card``, ``deck`` ...), ``card`` the
entry (by its ``id``, or ``race.rank`` for cards without one, or ``#n`` counted from 1)
and ``key`` the field's path inside it. A loader collects the problems of every file in
one list and, if any, raises them together in one ``CardDataError``
(:func:`raise_problems`): a file with three mistakes is refused with all three, and
nothing of it is loaded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import CardDataError, excerpt
from .files import MAX_FILE_BYTES, parse_toml, read_text

M = TypeVar("M", bound=BaseModel)

MAX_PROBLEMS = 50  # reported at once (the rest are counted)
LABEL_LIMIT = 40  # characters of an entry's id quoted in a location


def read_toml(path: Path, limit: int = MAX_FILE_BYTES) -> dict[str, Any]:
    """The parsed file; an unreadable, oversized, non-UTF-8 or malformed file is a
    ``CardDataError`` naming it."""
    return parse_toml(read_text(path, CardDataError, limit), str(path), CardDataError)


def location(path: Path | str, table: str = "", card: str = "", key: str = "") -> str:
    """The location of a problem: ``file: table card: key`` (empty parts left out)."""
    parts = [str(path)]
    entry = " ".join(x for x in (table, card) if x)
    if entry:
        parts.append(entry)
    if key:
        parts.append(key)
    return ": ".join(parts)


def entry_label(entry: Any, index: int) -> str:
    """How an entry of a list of tables is named: its ``id``, else ``race.rank`` (cards
    without an id), else its place (``#1`` is the first)."""
    if isinstance(entry, dict):
        if "id" in entry:
            return excerpt(str(entry["id"]), LABEL_LIMIT)
        if "race" in entry or "rank" in entry:
            return ".".join(excerpt(str(entry.get(k, "?")), LABEL_LIMIT)
                            for k in ("race", "rank"))
    return f"#{index + 1}"


def _located(path: Path | str, data: Any, loc: tuple[int | str, ...], table: str,
             card: str) -> str:
    """Where a pydantic error's ``loc`` points in ``data`` (read from ``path``)."""
    if table:  # data is one entry already named
        return location(path, table, card, ".".join(str(x) for x in loc))
    if len(loc) >= 2 and isinstance(loc[1], int) and isinstance(data, dict):
        items = data.get(str(loc[0]))
        entry = items[loc[1]] if isinstance(items, list) and loc[1] < len(items) else None
        return location(path, str(loc[0]), entry_label(entry, loc[1]),
                     ".".join(str(x) for x in loc[2:]))
    return location(path, key=".".join(str(x) for x in loc))


def check(model: type[M], data: Any, path: Path | str, problems: list[str],
          table: str = "", card: str = "") -> M | None:
    """``data`` as ``model``, or ``None`` with every problem added to ``problems``.

    ``table`` and ``card`` name the entry when ``data`` is one entry of a file (keys are
    then counted from it)."""
    try:
        return model.model_validate(data)
    except ValidationError as e:
        for err in e.errors():
            problems.append(f"{_located(path, data, tuple(err['loc']), table, card)}: "
                            f"{err['msg']}")
        return None


def read_checked(model: type[M], path: Path, problems: list[str],
                 limit: int = MAX_FILE_BYTES) -> tuple[dict[str, Any], M | None]:
    """A file read and checked as ``model``: (its data, the model or ``None``). A file
    that cannot be read or parsed is one problem (its data then empty)."""
    try:
        data = read_toml(path, limit)
    except CardDataError as e:
        problems.append(str(e))
        return {}, None
    return data, check(model, data, path, problems)


def problem_text(problems: list[str]) -> str:
    """The message listing problems: one a line, the first ``MAX_PROBLEMS`` (the rest
    counted)."""
    shown = problems[:MAX_PROBLEMS]
    more = len(problems) - len(shown)
    tail = [f"... and {more} more problems"] if more > 0 else []
    return "\n".join(shown + tail)


def raise_problems(problems: list[str]) -> None:
    """Raise one ``CardDataError`` listing every problem, if there are any."""
    if problems:
        raise CardDataError(problem_text(problems))


def validate(model: type[M], data: dict[str, Any], path: Path) -> M:
    """``data`` as ``model``; every problem at once as a ``CardDataError`` saying where."""
    problems: list[str] = []
    found = check(model, data, path, problems)
    raise_problems(problems)
    assert found is not None
    return found


def load_model(model: type[M], path: Path) -> M:
    """Read and validate one data file."""
    return validate(model, read_toml(path), path)
