"""Saving a game as it is played: the record file is rewritten after every action.

Each write goes to a temporary file beside the record and replaces it in one step
(``os.replace``), so a crash, a kill or a full disk mid-write leaves the previous record
whole: a game interrupted in any way loses at most the action being played, and
``tabletop play --resume`` continues it.

The record holds the seed (it must, to replay and resume), so it is a player's own save
file: the screen never shows the seed while the game runs.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tabletop.core import ParameterError, State, record_of

from ..paths import saved_games_dir


def check_record_path(path: Path, *, overwrite: bool = False) -> Path:
    """``path`` if a record can be written there; raises ``ParameterError`` saying why not.

    An existing file is replaced only with ``overwrite`` (a resumed game's own record) or
    after a yes at a terminal."""
    if path.is_dir():
        raise ParameterError(f"--record {path}: is a folder, not a file")
    if not path.parent.is_dir():
        raise ParameterError(f"--record {path}: the folder {path.parent} does not exist")
    if not os.access(path.parent, os.W_OK):
        raise ParameterError(f"--record {path}: cannot write in {path.parent}")
    if path.exists() and not overwrite:
        if not sys.stdin.isatty():
            raise ParameterError(f"--record {path}: the file exists; choose another path "
                                 "(or --resume it)")
        answer = input(f"{path} exists. Replace it? [y/N] ").strip().lower()
        if answer not in ("y", "yes"):
            raise ParameterError(f"--record {path}: the file exists and was kept")
    return path


def default_record_path(game: str, game_id: str) -> Path:
    """Where a game is saved when no --record is given (the user's data directory)."""
    folder = saved_games_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ParameterError(f"cannot create {folder} to save the game ({e.strerror}); "
                             "give --record PATH") from None
    return folder / f"{game}-{game_id}.json"


class Journal:
    """The record file of a game in play, rewritten whole after each action."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.failed: str | None = None  # why the last write failed, if it did

    def write(self, state: State) -> None:
        """Save the record of ``state`` (atomically); a failure is remembered, not raised,
        so that the game goes on and the player is told."""
        tmp = self.path.with_name(f".{self.path.name}.tmp")
        try:
            tmp.write_text(record_of(state).dumps() + "\n", encoding="utf-8")
            os.replace(tmp, self.path)
            self.failed = None
        except OSError as e:
            self.failed = f"{self.path}: {e.strerror or e}"
