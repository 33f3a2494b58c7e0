"""`tabletop tournament`: the --json shape, the table, the records, the errors."""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.core import Record, replay

from .conftest import Run, assert_one_error, lines_of


def test_json_shape(run: Run, tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    result = run("tournament", "radiant-perim", "--agents", "random,greedy,ismcts:3",
                 "--games", "2", "--players", "2", "--seed", "5", "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no progress bar with --json
    report = json.loads(result.stdout)
    assert set(report) == {"pairings", "ratings"}
    assert [(p["a"], p["b"]) for p in report["pairings"]] == [
        ("random", "greedy"), ("random", "ismcts:3"), ("greedy", "ismcts:3")]
    keys = {"a", "b", "games", "wins_a", "wins_b", "draws", "win_rate_a", "ci_low", "ci_high"}
    for p in report["pairings"]:
        assert set(p) == keys
        assert p["games"] == 2 == p["wins_a"] + p["wins_b"] + p["draws"]
        assert 0 <= p["ci_low"] <= p["win_rate_a"] <= p["ci_high"] <= 1
    assert set(report["ratings"]) == {"random", "greedy", "ismcts:3"}
    assert len(lines_of(out)) == 6
    replayed = run("replay", str(out))
    assert replayed.exit_code == 0, replayed.output


def test_table(run: Run) -> None:
    result = run("tournament", "radiant-perim", "--agents", "random,greedy", "--games", "2",
                 "--players", "3")
    assert result.exit_code == 0, result.output
    for word in ("random", "greedy", "95% CI", "Bradley-Terry", "rating"):
        assert word in result.stdout, word


def test_errors(run: Run) -> None:
    assert_one_error(run("tournament", "radiant-perim", "--agents", "random"),
                     "at least two agents")
    assert_one_error(run("tournament", "radiant-perim", "--agents", "random,wizard"),
                     "unknown agent")
    assert_one_error(run("tournament", "radiant-perim", "--agents", "random,ismcts:soon"),
                     "ismcts budget")
    assert_one_error(run("tournament", "nope", "--agents", "random,greedy"), "unknown game")
    assert_one_error(run("tournament", "lightseekers", "--agents", "random,heuristic",
                         "--param", "decks=nowhere"), "unknown deck")


def test_game_parameters_reach_every_game(run: Run, tmp_path: Path) -> None:
    """``--param`` as in ``simulate``: with lightseekers' ``decks=random`` each deal draws
    its two decks from its seed, and both games of a deal (one from each seat) get the
    same ones."""
    out = tmp_path / "t.jsonl"
    result = run("tournament", "lightseekers", "--agents", "random,heuristic", "--games", "6",
                 "--seed", "3", "--param", "decks=random", "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    records = [Record.from_json(json.loads(line)) for line in lines_of(out)]
    assert {r.params["decks"] for r in records} == {"random"}
    by_deal: dict[int, set[tuple[int, ...]]] = {}
    for r in records:
        by_deal.setdefault(r.seed, set()).add(replay(r).heroes)  # the game as played
    assert len(by_deal) == 3 and all(len(h) == 1 for h in by_deal.values())
    assert len({h for hs in by_deal.values() for h in hs}) > 1
