"""The README's tour works as written (issue "The terminal table"): every `tabletop`
command of its shell block runs, in order, from a fresh folder, with only its sizes made
small (fewer games, a smaller search budget) so that the suite stays quick."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from .conftest import Run

README = Path(__file__).resolve().parents[2] / "README.md"
# Sizes made small; nothing else of a command is changed.
SMALLER = [(r"--games \d+", "--games 2"), (r"ismcts:0\.1s", "ismcts:3"),
           (r"(tabletop analyze \S+ --move \d+)", r"\1 --budget 20")]


def tour() -> list[str]:
    """The `tabletop` commands of the README's tour, continuation lines joined."""
    block = README.read_text().split("### At the terminal", 1)[1].split("```sh", 1)[1]
    block = block.split("```", 1)[0].replace("\\\n", " ")
    commands = []
    for line in block.splitlines():
        command = line.split("#", 1)[0].strip()
        if command.startswith("tabletop "):
            commands.append(command)
    return commands


def test_the_tour_has_the_main_commands() -> None:
    names = {c.split()[1] for c in tour()}
    assert {"games", "play", "simulate", "replay", "export", "bench", "tournament",
            "analyze"} <= names


def test_every_command_of_the_tour_runs(run: Run, tmp_path: Path, data_dir: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each command of the tour exits 0 (a game is left at once with `quit`)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-cards.toml").write_text(
        '[[deck]]\nid = "mydeck"\nname = "Mine"\nheroes = ["mato", "alyn", "iskandar"]\n'
        'items = ["fury", "masterwork-boots", "vile-infusion"]\ndeity = "final-judge"\n'
        'conduits = ["gift-of-the-elements", "natures-bounty", "ancient-wisdom"]\n')
    for command in tour():
        for pattern, small in SMALLER:
            command = re.sub(pattern, small, command)
        if "--resume" in command:
            game = shlex.split(command)[2]
            saved = sorted((data_dir / "games").glob(f"{game}-*.json"))
            assert saved, f"no game of {game} saved to resume"
            command = re.sub(r"--resume \S+", f"--resume {saved[-1]}", command)
        args = shlex.split(command)[1:]
        result = run(*args, input="quit\n")
        assert result.exit_code == 0, (command, result.output)
