"""`tabletop balance GAME` for every game (issue 26, "One balance command for every game"):
the same report for each — report.md, report.html beside it, report.json with the fields
below, SVG plots — and bad input as one error line, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Run

GAMES = ("radiant-arena", "radiant-perim", "lightseekers", "hoshi-battle")
ENTITY = {"name", "n", "wins", "rate", "interval", "flag"}
PLAYED = {"played", "not_played", "delta", "delta_interval"}


@pytest.mark.parametrize("game", GAMES)
def test_the_command_writes_the_same_report_for_every_game(game: str, run: Run,
                                                           tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = run("balance", game, "--games", "2", "--agents", "random", "--seed", "4",
                 "--out", str(out), "--quiet")
    assert result.exit_code == 0, result.output
    assert f"{game}: 2 games; the first seat won" in result.stdout
    data = json.loads((out / "report.json").read_text())
    assert {"run", "game", "players", "games", "interval", "delta_interval", "first_seat",
            "seats", "agents", "lengths", "reasons", "kinds", "matchups", "focus",
            "plots"} <= set(data)
    assert data["game"] == game and data["games"] == 2 and "Wilson" in data["interval"]
    assert "Newcombe" in data["delta_interval"]
    assert {"rate", "interval", "fair", "advantage", "advantage_interval"} <= set(
        data["first_seat"])
    assert len(data["seats"]) == data["players"]
    assert data["lengths"]["decisions"]["max"] > 0
    assert data["run"]["command"].startswith(f"tabletop balance {game} --games 2")
    played_kinds = 0
    for kind in data["kinds"].values():
        for row in kind["entities"].values():
            assert ENTITY <= set(row)
            assert (PLAYED <= set(row)) == kind["played"]
        played_kinds += kind["played"]
    assert played_kinds >= 1  # every game has cards whose play is compared
    assert sum(r["n"] for k in data["kinds"].values() for r in k["entities"].values()) > 0
    for name in data["plots"]:
        assert (out / name).read_text().startswith("<svg ")
    assert "seats.svg" in data["plots"] and "decisions.svg" in data["plots"]
    md = (out / "report.md").read_text()
    page = (out / "report.html").read_text()
    for words in ("## Seats", "## Game length", "95% Wilson score interval"):
        assert words in md
    assert page.startswith("<!DOCTYPE html>") and "<svg " in page and "<h2>Seats</h2>" in page
    for kind in data["kinds"].values():
        assert f"## {kind['title']}" in md and f"<h2>{kind['title']}</h2>" in page


def test_focus_and_parameters(run: Run, tmp_path: Path) -> None:
    """--focus reports a card first and prints its rate; --param overrides the report's
    own parameters (radiant-arena's ready decks instead of the draft)."""
    out = tmp_path / "r"
    result = run("balance", "radiant-arena", "--games", "2", "--agents", "random",
                 "--param", "draft=false", "--focus", "Eleanor", "--focus", "a",
                 "--out", str(out), "--quiet")
    assert result.exit_code == 0, result.output
    data = json.loads((out / "report.json").read_text())
    assert data["focus"] == [{"kind": "hero", "id": "eleanor"}, {"kind": "deck", "id": "a"}]
    assert data["run"]["params"] == {"draft": False}
    assert data["kinds"]["deck"]["entities"]["a"]["n"] == 2  # deck a in both games
    assert "## Focus" in (out / "report.md").read_text()
    assert "deck " in result.stdout


@pytest.mark.parametrize(("args", "says"), [
    (["hoshi-battle", "--games", "0"], "the number of games must be at least 1, not 0"),
    (["hoshi-battle", "--focus", "Nobody Here"], "--focus 'Nobody Here': hoshi-battle has "
                                                 "no heroes or duel cards"),
    (["goofspiel"], "goofspiel declares no balance report"),
    (["lightseekers", "--param", "decks=nope"], "unknown deck 'nope'"),
    (["hoshi-battle", "--workers", "0"], "the number of workers must be at least 1"),
    (["hoshi-battle", "--backend", "cloud"], "unknown backend 'cloud'"),
    (["hoshi-battle", "--agents", "nobody"], "nobody"),
])
def test_bad_input_is_one_error_line(args: list[str], says: str, run: Run,
                                     tmp_path: Path) -> None:
    out = tmp_path / "r"
    result = run("balance", *args, "--out", str(out), "--quiet")
    assert result.exit_code == 1 and result.stderr.startswith("error: "), result.output
    assert says in result.stderr and result.stderr.count("\n") == 1
    assert not out.exists()


def test_out_must_be_a_folder(run: Run, tmp_path: Path) -> None:
    file = tmp_path / "file"
    file.write_text("x")
    result = run("balance", "hoshi-battle", "--out", str(file))
    assert result.exit_code == 1 and "not a folder" in result.stderr
    assert file.read_text() == "x"


def test_user_card_files_are_tallied(run: Run, tmp_path: Path) -> None:
    """--cards FILE (issue 26, "Cards as user files"): a designer's new cards and deck are
    in the report, by name, and --focus finds them."""
    cards = Path(__file__).parents[2] / "examples" / "cards" / "lightseekers.toml"
    out = tmp_path / "r"
    result = run("balance", "lightseekers", "--games", "2", "--agents", "random",
                 "--cards", str(cards), "--param", "decks=dawn,storm",
                 "--focus", "Sun Lance", "--out", str(out), "--quiet")
    assert result.exit_code == 0, result.output
    data = json.loads((out / "report.json").read_text())
    assert data["focus"] == [{"kind": "card", "id": "sun-lance"}]
    assert data["kinds"]["deck"]["entities"]["dawn"]["n"] == 2
    assert data["kinds"]["card"]["entities"]["sun-lance"]["name"] == "Sun Lance"
    assert "card Sun Lance: 2 games" in result.stdout
