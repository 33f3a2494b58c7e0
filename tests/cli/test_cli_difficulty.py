"""`tabletop play --difficulty`: opponents by level."""

from __future__ import annotations

import pytest

from .conftest import Run, assert_one_error


@pytest.mark.parametrize(("level", "agent"), [("easy", "greedy"), ("normal", "heuristic"),
                                              ("hard", "ismcts:1s")])
def test_difficulty_is_accepted(run: Run, level: str, agent: str) -> None:
    result = run("play", "radiant-perim", "--players", "2", "--seed", "4",
                 "--difficulty", level, input="quit\n")
    assert result.exit_code == 0, result.output
    assert f"P2: {agent}" in result.stdout


def test_a_game_against_the_normal_level(run: Run) -> None:
    result = run("play", "radiant-perim", "--players", "2", "--seed", "4",
                 "--difficulty", "normal", input="1\n" * 200)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.stdout and "(heuristic) ›" in result.stdout


def test_difficulty_errors(run: Run) -> None:
    assert_one_error(run("play", "radiant-perim", "--difficulty", "insane"),
                     "unknown difficulty")
    assert_one_error(run("play", "radiant-perim", "--difficulty", "easy",
                         "--opponents", "random"), "not both")
