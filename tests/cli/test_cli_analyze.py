"""`tabletop analyze`: ISMCTS's estimate of each legal action of a recorded position."""

from __future__ import annotations

import json
from pathlib import Path

from .conftest import Run, assert_one_error


def test_analyze_json(run: Run, records_file: Path) -> None:
    result = run("analyze", str(records_file), "--move", "40", "--game", "2",
                 "--budget", "30", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["move"] == 40 and report["iterations"] == 30
    assert report["seat"] in (0, 1, 2) and report["label"] == f"P{report['seat'] + 1}"
    recorded = json.loads(records_file.read_text().splitlines()[1])
    assert report["played"] == recorded["actions"][39]
    actions = report["actions"]
    assert sum(a["visits"] for a in actions) == 30
    assert report["played"] in [a["action"] for a in actions]
    assert all(a["win"] is None or 0 <= a["win"] <= 1 for a in actions)
    # Issue 31: each action's words for the mover beside its notation.
    assert all(a["label"] and a["text"] and a["label"] != a["action"] for a in actions)


def test_analyze_table(run: Run, records_file: Path) -> None:
    result = run("analyze", str(records_file), "--move", "1", "--budget", "20")
    assert result.exit_code == 0, result.output
    assert "visits" in result.stdout and "win %" in result.stdout
    # Issue 31: the actions in words ("Take Avis Knight (a1)"), not their notation.
    assert "Take " in result.stdout and "played" in result.stdout
    assert "pick a1" not in result.stdout


def test_analyze_errors(run: Run, records_file: Path, tmp_path: Path) -> None:
    assert_one_error(run("analyze", str(records_file), "--move", "100000"), "--move must be")
    assert_one_error(run("analyze", str(records_file), "--move", "3", "--game", "9"),
                     "--game must be")
    assert_one_error(run("analyze", str(records_file), "--move", "3", "--budget", "lots"),
                     "ismcts budget")
    n = len(json.loads(records_file.read_text().splitlines()[0])["actions"])
    assert_one_error(run("analyze", str(records_file), "--move", str(n + 1)), "game is over")
    missing = tmp_path / "none.json"
    assert_one_error(run("analyze", str(missing), "--move", "1"))
