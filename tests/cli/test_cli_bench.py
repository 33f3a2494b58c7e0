"""`tabletop bench`."""

from __future__ import annotations

import json

from tabletop import native

from .conftest import Run, assert_one_error


def test_bench_json_shape_and_sane_figures(run: Run) -> None:
    """`tabletop bench --json` prints one object: the game, the counts and the rates,
    which agree with each other and lie in sane ranges (the figures themselves are
    `make bench`'s, docs/performance.md)."""
    result = run("bench", "radiant-perim", "--players", "3", "--seconds", "0.2", "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    report = json.loads(result.stdout)
    assert set(report) == {"game", "players", "seconds", "decisions", "games", "clones",
                           "decisions_per_s", "games_per_s", "clone_us", "engine",
                           "cpu_seconds", "decisions_per_cpu_s", "clone_cpu_us"}
    assert report["engine"] == native.STATUS
    assert (report["game"], report["players"]) == ("radiant-perim", 3)
    for key in ("decisions", "games", "clones"):
        assert isinstance(report[key], int) and report[key] >= 1, key
    for key in ("seconds", "decisions_per_s", "games_per_s", "clone_us", "cpu_seconds",
                "decisions_per_cpu_s", "clone_cpu_us"):
        assert isinstance(report[key], float), key
    # CPU time is this process's share of the wall time: never (much) more of it.
    assert report["cpu_seconds"] <= report["seconds"] * 1.05 + 0.02
    assert report["decisions_per_cpu_s"] >= report["decisions_per_s"] * 0.95
    assert report["seconds"] >= 0.2 * 0.99
    # A random three-player game takes about 200 decisions (190-206 over 200 seeds).
    assert 150 <= report["decisions"] / report["games"] <= 260
    assert abs(report["decisions_per_s"] / report["games_per_s"]
               - report["decisions"] / report["games"]) < 1e-6 * report["decisions"]
    assert 100 <= report["decisions_per_s"] <= 10_000_000
    assert 0.1 <= report["clone_us"] <= 10_000


def test_bench_text(run: Run) -> None:
    result = run("bench", "radiant-perim", "--seconds", "0.1")
    assert result.exit_code == 0, result.output
    for word in ("decisions/s", "games/s", "clone µs", "in CPU time"):
        assert word in result.stdout


def test_bad_bench_input(run: Run) -> None:
    assert_one_error(run("bench", "radiant-perim", "--players", "1"), "not 1")
    assert_one_error(run("bench", "radiant-perim", "--seconds", "0"), "--seconds")
