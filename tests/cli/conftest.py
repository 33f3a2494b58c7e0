"""Shared helpers for the command-line tests: a runner and a small record file."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tabletop.interfaces.cli.app import app

Run = Callable[..., Result]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Games saved without --record go to a temporary data folder, not the user's."""
    folder = tmp_path / "tabletop-data"
    monkeypatch.setenv("TABLETOP_DATA", str(folder))
    return folder


@pytest.fixture
def run() -> Run:
    """``run(*args, input=None)``: invoke ``tabletop`` in-process; stdout and stderr apart."""
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input)

    return invoke


def assert_one_error(result: Result, *needles: str) -> str:
    """A failed command: non-zero exit, exactly one ``error:`` line on stderr, no traceback."""
    assert result.exit_code != 0, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: "), lines[0]
    assert "Traceback" not in result.output
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


@pytest.fixture(scope="session")
def records_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six finished 3-player games (greedy vs random), one record per line."""
    path = tmp_path_factory.mktemp("records") / "six.jsonl"
    result = CliRunner().invoke(app, [
        "simulate", "radiant-perim", "--games", "6", "--players", "3",
        "--agents", "greedy,random", "--seed", "11", "--out", str(path), "--json",
    ])
    assert result.exit_code == 0, result.output
    return path


def lines_of(path: Path) -> Sequence[str]:
    """The non-empty lines of a file."""
    return [line for line in path.read_text().splitlines() if line.strip()]
