"""The files a table plays (a deck built in the deck builder, user card files:
usercards.py): kept with the table.

A table playing a built deck holds its file's text in its options (``files``: name ->
text), so the store has everything the game needs, on SQLite and PostgreSQL alike and on
every server of several; its ``cards`` parameter names the files by name only, as a
record does (a record's paths are names to match, never files to open: core.record). To
replay the table, a server writes the files into a folder of its own (:func:`paths`) and
gives them to the replay as a user gives ``--cards`` to ``tabletop replay``.
"""

from __future__ import annotations

import os
import re
import tempfile
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

NAME = re.compile(r"(built-[0-9a-f]{12}|[0-9a-f]{64})\.toml\Z")  # decks.new_id, as a file
# name; or a user card file, by the SHA-256 of its bytes (usercards.py)
_DIR: Path | None = None
_LOCK = threading.Lock()


def _folder() -> Path:
    global _DIR
    with _LOCK:
        if _DIR is None or not _DIR.is_dir():
            _DIR = Path(tempfile.mkdtemp(prefix="tabletop-decks-"))
        return _DIR


def folder() -> Path:
    """This process's folder of table files (made when first needed)."""
    return _folder()


def paths(files: Mapping[str, Any] | None) -> list[Path]:
    """The deck files ``files`` (name -> text) as files of this process's folder, written
    if missing or different (atomically: another thread may read them meanwhile)."""
    out = []
    for name, text in sorted((files or {}).items()):
        if not NAME.match(name) or not isinstance(text, str):
            raise ValueError(f"not a card or deck file of a table: {name[:40]!r}")
        path = _folder() / name
        if not path.is_file() or path.read_text() != text:
            fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".part")
            with os.fdopen(fd, "w") as f:
                f.write(text)
            os.replace(tmp, path)
        out.append(path)
    return out


def of_row(options: Mapping[str, Any]) -> list[Path]:
    """The deck files of a table (its options), written out: [] for most tables."""
    files = options.get("files")
    return paths(files) if isinstance(files, dict) and files else []


def local_params(params: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """A table's parameters to start its game again here (a rematch): its ``cards``
    pointed at its deck files, written out (unchanged for a table with none)."""
    found = of_row(options)
    return {**params, "cards": ",".join(str(p) for p in found)} if found else dict(params)


__all__ = ["folder", "paths", "of_row", "local_params", "NAME"]
