"""`tabletop bench`."""

from __future__ import annotations

import json

from .conftest import Run, assert_one_error


def test_bench_json_has_positive_numbers(run: Run) -> None:
    result = run("bench", "radiant-perim", "--players", "3", "--seconds", "0.2", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    for key in ("decisions_per_s", "games_per_s", "clone_us"):
        assert isinstance(report[key], float) and report[key] > 0, key


def test_bench_text(run: Run) -> None:
    result = run("bench", "radiant-perim", "--seconds", "0.1")
    assert result.exit_code == 0, result.output
    for word in ("decisions/s", "games/s", "clone µs"):
        assert word in result.stdout


def test_bad_bench_input(run: Run) -> None:
    assert_one_error(run("bench", "radiant-perim", "--players", "1"), "not 1")
    assert_one_error(run("bench", "radiant-perim", "--seconds", "0"), "--seconds")
