"""Adding a game is easy (issue "Adding a game is easy"): the template game
(examples/goofspiel), installed from outside the engine as a contributor's game would be,
is registered by its entry points, passes the conformance suite run on it alone, and
plays, simulates, benches and plays a tournament from the command line with its own
screen and heuristic. `make test` installs it (the Makefile)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tabletop.agents import heuristic_for, make_agent
from tabletop.core import get_spec, new_game
from tabletop.interfaces.cli.app import app

GAME = "goofspiel"
Run = Callable[..., Result]


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    """``tabletop`` in-process (games saved to a temporary data folder)."""
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    runner = CliRunner()
    return lambda *args, input=None: runner.invoke(app, list(args), input=input)


def test_the_template_is_installed_and_registered() -> None:
    """Its spec, heuristic and screen come from its own package's entry points."""
    spec = get_spec(GAME)
    assert type(new_game(GAME, seed=1)).__module__ == "tabletop_goofspiel.rules"
    assert spec.state is not None and spec.state.spec is spec
    assert type(heuristic_for(GAME)).__module__ == "tabletop_goofspiel.heuristic"
    assert make_agent("heuristic", GAME, 1).name == "heuristic"


def test_check_runs_the_conformance_suite_on_the_template_alone(run: Run) -> None:
    """`tabletop check GAME`: the conformance suite on one game (exit 0: every test
    passed), the other games untouched."""
    result = subprocess.run([sys.executable, "-m", "tabletop", "check",
                             GAME], capture_output=True, text=True, timeout=600,
                            env={**os.environ, "PYTHONWARNINGS": "ignore"})
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    summary = result.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "failed" not in summary
    assert "radiant" not in result.stdout


def test_the_cli_plays_simulates_benches_and_runs_a_tournament(run: Run,
                                                               tmp_path: Path) -> None:
    """The template's own screen in `play`, its heuristic in `simulate` and
    `tournament`, and `bench`, through the same commands as every game."""
    played = run("play", GAME, "--seat", "P1", "--opponents",
                 "heuristic", "--param", "cards=3", input="1\n" * 10)
    assert played.exit_code == 0, played.output
    assert "prize" in played.stdout and "Game over" in played.stdout
    out = tmp_path / "g.jsonl"
    sim = run("simulate", GAME, "--games", "6", "--agents", "heuristic,random", "--json",
              "--out", str(out))
    assert sim.exit_code == 0, sim.output
    assert json.loads(sim.stdout)["games"] == 6
    assert run("replay", str(out)).exit_code == 0
    bench = run("bench", GAME, "--seconds", "0.2", "--json")
    assert bench.exit_code == 0 and json.loads(bench.stdout)["games"] > 0
    tour = run("tournament", GAME, "--games", "2", "--json")  # default: random, heuristic
    assert tour.exit_code == 0, tour.output
    report = json.loads(tour.stdout)
    assert {p["a"] for p in report["pairings"]} | {p["b"] for p in report["pairings"]} == {
        "random", "heuristic"}


def test_a_broken_plugin_is_named_in_one_line(tmp_path: Path) -> None:
    """A broken plugin is named in one error line instead of breaking every command: an
    installed game whose module does not import is listed as broken, asking for it is one
    `error:` line, and the other games still play."""
    dist = tmp_path / "broken_game-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(textwrap.dedent("""\
        [tabletop.games]
        broken-game = no_such_module_anywhere:SPEC
        """))
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}

    def tabletop(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "tabletop", *args],
                              capture_output=True, text=True, env=env, timeout=300)

    listed = tabletop("games")
    assert listed.returncode == 0
    assert "broken: broken-game: no_such_module_anywhere:SPEC: ModuleNotFoundError" in (
        listed.stdout)
    asked = tabletop("simulate", "broken-game", "--games", "1")
    assert asked.returncode == 1
    assert asked.stderr.strip().splitlines() == [asked.stderr.strip()]
    assert asked.stderr.startswith("error: game 'broken-game' is installed but broken")
    assert tabletop("simulate", "radiant-perim", "--games", "1", "--json").returncode == 0
