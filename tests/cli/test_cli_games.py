"""`tabletop games` and the error handling shared by every command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .conftest import Run, assert_one_error

TABLETOP = Path(sys.executable).parent / "tabletop"


def test_games_lists_radiant_perim(run: Run) -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if "radiant-perim" in line)
    # Setup (Age 1): the game is for 2, 3 or 4 players.
    assert "Radiant (Tin Shoe Games)" in row
    assert "2, 3, 4" in row


def test_unknown_command_is_one_line(run: Run) -> None:
    assert_one_error(run("frobnicate"), "frobnicate")


def test_bad_option_value_is_one_line(run: Run) -> None:
    assert_one_error(run("simulate", "radiant-perim", "--players", "three"), "--players")


def test_unknown_game_in_every_command(run: Run) -> None:
    for args in (
        ("play", "nope"),
        ("simulate", "nope", "--games", "1"),
        ("bench", "nope", "--seconds", "0.1"),
    ):
        assert_one_error(run(*args), "unknown game 'nope'", "radiant-perim")


def test_console_script_errors_are_one_line() -> None:
    """The installed `tabletop` script: a clean exit code and one line, no traceback."""
    ok = subprocess.run([str(TABLETOP), "games"], capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0 and "radiant-perim" in ok.stdout
    bad = subprocess.run([str(TABLETOP), "simulate", "radiant-perim", "--players", "7"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1
    assert bad.stderr == "error: radiant-perim is played by 2, 3, 4 players, not 7\n"
    assert "Traceback" not in bad.stdout + bad.stderr
