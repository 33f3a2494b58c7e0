"""The command line under bad input: one ``error:`` line, a non-zero exit, no traceback
and no file written half, for every reader (records, scenarios, card files, params,
agents)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tabletop.interfaces.cli.app import app


def _run(*args: str) -> Any:
    return CliRunner().invoke(app, list(args), input="quit\n")


def _one_error(result: Any) -> str:
    """Non-zero exit; ``failed:`` lines (replay's per-record report) then exactly one
    ``error:`` line; never a traceback or an internal error."""
    assert result.exit_code != 0, result.output
    lines = result.stderr.strip().splitlines()
    errors = [x for x in lines if x.startswith("error: ")]
    assert len(errors) == 1 and all(
        x.startswith(("error: ", "failed: ")) for x in lines), result.stderr
    assert "Traceback" not in result.output and "internal error" not in result.stderr
    return errors[0]


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("rec") / "one.jsonl"
    r = CliRunner().invoke(app, ["simulate", "lightseekers", "-n", "1", "--seed", "3",
                                 "--out", str(path), "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(path.read_text().splitlines()[0])  # type: ignore[no-any-return]


BAD: list[tuple[str, Any]] = [
    ("seed", "x"), ("seed", 2**70), ("seed", -1), ("actions", "pass"),
    ("actions", [1, None]), ("actions", ["x" * 5000]), ("params", [1]),
    ("params", {"players": 2, "seed": 1}), ("params", {"players": 2, "game_id": "x"}),
    ("params", {"players": "2"}), ("params", {"players": 2, "decks": "/etc/passwd"}),
    ("game", 5), ("game", "chess"), ("outcome", [1]), ("outcome", {"winners": "x"}),
    ("final_hash", 5), ("rules_version", None), ("extra", 1), ("start", "x"),
]


@pytest.mark.parametrize("field,value", BAD)
def test_a_broken_record_is_one_error_line(tmp_path: Path, record: dict[str, Any],
                                           field: str, value: Any) -> None:
    # params {"seed": ...} or {"game_id": ...} ended in "internal error: TypeError".
    doc = {**record, field: value}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    _one_error(_run("replay", str(path)))
    out = tmp_path / "out.toml"
    _one_error(_run("export", str(path), "--move", "1", "--out", str(out)))
    assert not out.exists()


@pytest.mark.parametrize("text", [json.dumps({"game": 1})[:5], "[1, 2]", "", "\x00",
                                  "[" * 5000 + "]" * 5000])
def test_a_record_file_that_is_not_a_record(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    _one_error(_run("replay", str(path)))
    _one_error(_run("analyze", str(path), "--move", "1"))


@pytest.mark.parametrize("args", [
    ["simulate", "radiant-perim", "-n", "1", "--param", "seed=3"],
    ["simulate", "radiant-perim", "-n", "1", "--param", "players=3"],
    ["simulate", "radiant-perim", "-n", "1", "--agents", "bogus"],
    ["simulate", "radiant-perim", "-n", "1", "--agents", ",,"],
    ["simulate", "radiant-perim", "-n", "1", "--seed", "-1"],
    ["simulate", "hoshi-battle", "-n", "1", "--param", "deck1=rage"],
    ["tournament", "lightseekers", "--agents", "random,bogus", "--games", "1"],
    ["bench", "nope"], ["bench", "radiant-perim", "--players", "9"],
    ["play", "radiant-perim", "--param", "seed=x"],
    ["play", "hoshi-battle", "--opponents", "bogus"],
    ["check", "nope"],
])
def test_bad_options_are_one_error_line(args: list[str]) -> None:
    _one_error(_run(*args))


@pytest.mark.parametrize("text", ["[game\nid=", "game = 5\n",
                                  'game = "radiant-perim"\nfoo = 1\n', "\x00\x01"])
def test_a_broken_scenario_is_one_error_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    _one_error(_run("play", "radiant-perim", "--scenario", str(path)))


@pytest.mark.parametrize("text", ["[card\n", "[[hero]]\nid = 5\n", '{"cards": 5}'])
def test_a_broken_card_file_is_one_error_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    _one_error(_run("simulate", "radiant-arena", "-n", "1", "--cards", str(path)))


@pytest.mark.parametrize("args", [
    ["simulate", "radiant-perim", "-n", "1", "--seed", "-1"],
    ["simulate", "hoshi-battle", "-n", "1", "--param", "deck1=rage"],
    ["tournament", "radiant-perim", "--agents", "random,greedy", "--games", "1",
     "--seed", "-1"],
])
def test_bad_input_found_when_games_start_leaves_out_as_it_was(tmp_path: Path,
                                                               args: list[str]) -> None:
    # Such input was found by the first game, after --out was opened for writing: an
    # existing file was emptied, and the progress bar's line came before the error.
    out = tmp_path / "keep.jsonl"
    out.write_text("kept\n")
    _one_error(_run(*args, "--out", str(out)))
    assert out.read_text() == "kept\n"
