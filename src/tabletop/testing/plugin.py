"""The pytest plugin of tabletop: ``--tabletop-game ID`` (repeatable) runs the conformance
suite on those games only. Registered through the ``pytest11`` entry point, so any
pytest run in an environment with tabletop installed has the option.

The choice travels in the environment (``TABLETOP_CHECK_GAMES``) because the suite's test
cases are made when its modules are imported, and xdist workers inherit the environment.
"""

from __future__ import annotations

import os
from typing import Any

GAMES_VAR = "TABLETOP_CHECK_GAMES"


def pytest_addoption(parser: Any) -> None:
    """Add ``--tabletop-game``."""
    parser.addoption("--tabletop-game", action="append", default=[], metavar="ID",
                     help="run tabletop's conformance suite on this game only (repeatable)")


def pytest_configure(config: Any) -> None:
    """Pass the chosen games to the suite (before its modules are imported)."""
    chosen = config.getoption("--tabletop-game")
    if chosen:
        os.environ[GAMES_VAR] = ",".join(chosen)
