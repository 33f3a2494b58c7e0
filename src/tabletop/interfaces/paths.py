"""Where tabletop keeps a user's files: games saved as they are played, later the web
server's database. ``TABLETOP_DATA`` overrides the platform's user data directory (tests
and several installs side by side use it)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def data_dir() -> Path:
    """The user's tabletop data directory (not created here)."""
    override = os.environ.get("TABLETOP_DATA")
    return Path(override) if override else Path(platformdirs.user_data_dir("tabletop"))


def saved_games_dir() -> Path:
    """Where `tabletop play` saves each game as it goes, when no --record is given."""
    return data_dir() / "games"
