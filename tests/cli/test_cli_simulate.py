"""`tabletop simulate`: parallel games, the summary, the record file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Run, assert_one_error, lines_of


def _simulate(run: Run, out: Path, workers: int) -> dict[str, object]:
    result = run("simulate", "radiant-perim", "--games", "20", "--players", "3",
                 "--agents", "greedy,random", "--seed", "100", "--workers", str(workers),
                 "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    # Exactly one JSON object on stdout, no progress bar anywhere.
    report = json.loads(result.stdout)
    assert isinstance(report, dict)
    assert result.stderr == ""
    return report


def test_workers_do_not_change_results(run: Run, tmp_path: Path) -> None:
    one = _simulate(run, tmp_path / "one.jsonl", workers=1)
    two = _simulate(run, tmp_path / "two.jsonl", workers=2)
    for key in ("games", "wins", "mean_scores", "agents"):
        assert one[key] == two[key], key
    assert (tmp_path / "one.jsonl").read_text() == (tmp_path / "two.jsonl").read_text()
    assert one["games"] == 20
    assert one["agents"] == ["greedy", "random", "greedy"]  # names cycle over the seats
    assert isinstance(one["games_per_s"], float) and one["games_per_s"] > 0
    assert len(one["wins"]) == len(one["mean_scores"]) == 3  # type: ignore[arg-type]
    assert sum(one["wins"]) >= 20  # type: ignore[arg-type]  # every game has a winner

    records = lines_of(tmp_path / "two.jsonl")
    assert len(records) == 20
    assert [json.loads(r)["seed"] for r in records] == list(range(100, 120))
    verified = run("replay", str(tmp_path / "two.jsonl"))
    assert verified.exit_code == 0, verified.output
    assert "20 verified, 0 failed" in verified.stdout


def test_one_agent_name_plays_every_seat(run: Run) -> None:
    result = run("simulate", "radiant-perim", "--games", "2", "--players", "4",
                 "--agents", "random", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["agents"] == ["random"] * 4
    # Four-Player Game: partners (seats 1+3, 2+4) share their side's win.
    assert report["wins"][0] == report["wins"][2] and report["wins"][1] == report["wins"][3]


def test_summary_table(run: Run) -> None:
    result = run("simulate", "radiant-perim", "--games", "3", "--agents", "greedy,random")
    assert result.exit_code == 0, result.output
    assert "greedy" in result.stdout and "random" in result.stdout
    assert "games/s" in result.stdout
    assert "mean score" in result.stdout


def test_bad_simulate_input(run: Run, tmp_path: Path) -> None:
    assert_one_error(run("simulate", "radiant-perim", "--players", "5"), "not 5")
    assert_one_error(run("simulate", "radiant-perim", "--agents", "greedy,wizard"),
                     "unknown agent 'wizard'")
    assert_one_error(run("simulate", "radiant-perim", "--agents", ","), "no agent")
    assert_one_error(run("simulate", "radiant-perim", "--games", "0"), "--games")
    assert_one_error(run("simulate", "radiant-perim", "--workers", "0"), "--workers")
    assert_one_error(run("simulate", "radiant-perim", "--games", "1",
                         "--out", str(tmp_path / "no" / "such" / "dir.jsonl")))


def test_ctrl_c_says_how_many_games_were_written_and_where(
        run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Terminal table issue: Ctrl-C in simulate prints how many games were written and
    where; every line written is a whole record that replays."""
    from tabletop.interfaces.cli import app as app_module

    real = app_module.simulate

    def interrupted(*args: object, **kwargs: object) -> object:
        for n, result in enumerate(real(*args, **kwargs)):  # type: ignore[arg-type]
            if n == 3:
                raise KeyboardInterrupt
            yield result

    monkeypatch.setattr(app_module, "simulate", interrupted)
    out = tmp_path / "part.jsonl"
    result = run("simulate", "radiant-perim", "--games", "10", "--out", str(out))
    assert result.exit_code == 130
    assert result.stderr.strip().splitlines()[-1] == (
        f"error: interrupted after 3 of 10 games; 3 record(s) written to {out}")
    assert run("replay", str(out)).exit_code == 0
    assert len(out.read_text().splitlines()) == 3
