"""radiant-arena at the command line: `tabletop play` (piped input) to the end of a game,
`tabletop simulate` and `tabletop bench`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.core import Record, verify

from .conftest import Run, lines_of

GAME = "radiant-arena"


@pytest.mark.parametrize(("seat", "seed"), [("A", 5), ("b", 8)])
def test_a_whole_game_against_random(run: Run, tmp_path: Path, seat: str, seed: int) -> None:
    """Winning & Losing: a game played to the end at the terminal, always choosing the
    first legal action by its number; the record replays. Players are A and B, as in the
    rulebook, on the screen and in --seat."""
    record = tmp_path / "game.json"
    result = run("play", GAME, "--seat", seat, "--opponents", "random", "--seed", str(seed),
                 "--record", str(record), input="1\n" * 600)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and result.stderr == ""
    out = result.stdout
    assert "Game over" in out and "end of input" not in out
    me, other = (seat.upper(), "B" if seat.upper() == "A" else "A")
    assert f"{other} (random) ›" in out
    # The screen: the lanes and conduits, hand, shop, the reconstruction note, the list of
    # numbered legal actions and the prompt.
    for word in ("left", "center", "right", "your conduit", "their conduit", "Your hand",
                 "Your shop", "cards reconstructed", "legal action(s):", " 1. ",
                 f"{me} > ", "face-down deity"):
        assert word in out, word
    saved = Record.from_json(json.loads(record.read_text()))
    assert saved.outcome is not None and saved.seed == seed
    final = verify(saved)
    assert final.is_over
    assert f"{final.label(final.outcome().winners[0])} wins:" in out  # type: ignore[union-attr]


def test_bad_actions_reprompt_with_the_reason(run: Run) -> None:
    """An illegal action is refused with the rule and its section; the game goes on."""
    result = run("play", GAME, "--seed", "3", "--opponents", "random",
                 input="attack alyn\nattack gandalf\n99\ndeploy alyn center\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert 'illegal: "attack alyn"' in out and "(Setting Up Your First Game — Deployment)" in out
    assert 'illegal: "attack gandalf"' in out
    assert "no action number 99" in out
    # The action in words (issue 31), then what happened (the line may wrap).
    assert ("you: Deploy Alyn to the center lane — Player A deploys Alyn to the center "
            "lane.") in " ".join(out.split())
    assert "you left the game" in out


def test_simulate_ten_games_json(run: Run, tmp_path: Path) -> None:
    """`tabletop simulate`: one JSON summary on stdout; every game has one winner; the
    records written with --out replay."""
    out = tmp_path / "games.jsonl"
    result = run("simulate", GAME, "--games", "10", "--json", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    report = json.loads(result.stdout)
    assert report["game"] == GAME and report["games"] == 10 and report["players"] == 2
    assert report["agents"] == ["random", "random"]
    assert sum(report["wins"]) == 10
    assert sum(report["mean_scores"]) == pytest.approx(1.0)
    assert isinstance(report["games_per_s"], float) and report["games_per_s"] > 0
    records = lines_of(out)
    assert len(records) == 10
    verified = run("replay", str(out))
    assert verified.exit_code == 0, verified.output
    assert "10 verified, 0 failed" in verified.stdout


def test_simulate_without_json_prints_a_summary(run: Run) -> None:
    result = run("simulate", GAME, "--games", "2")
    assert result.exit_code == 0, result.output
    assert "games/s" in result.stdout and "random" in result.stdout


def test_bench_one_second_json(run: Run) -> None:
    """`tabletop bench`: the report's fields, counts that agree with the rates, and sane
    ranges for a radiant-arena game (38-269 decisions in 200 random games)."""
    result = run("bench", GAME, "--seconds", "1", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["game"] == GAME and report["players"] == 2
    for key in ("decisions_per_s", "games_per_s", "clone_us", "seconds"):
        assert isinstance(report[key], float), key
    assert report["seconds"] >= 0.99
    assert report["games"] >= 1 and 20 <= report["decisions"] / report["games"] <= 600
    assert report["decisions_per_s"] / report["games_per_s"] == pytest.approx(
        report["decisions"] / report["games"])
    assert 100 <= report["decisions_per_s"] <= 10_000_000
    assert 0.1 <= report["clone_us"] <= 10_000


def test_own_card_file_and_params(run: Run, tmp_path: Path) -> None:
    """DESIGN.md, Cards as data: "A user can load their own card file (--cards PATH)";
    --param picks the decks it defines. A broken file or an unknown deck is one error line."""
    cards = tmp_path / "mine.toml"
    cards.write_text(
        '[[deck]]\nid = "mine"\nname = "Mine"\nheroes = ["viggo", "eleanor", "iskandar"]\n'
        'items = ["fury", "wurmbane", "sun-gods-gauntlet"]\ndeity = "oracle"\n'
        'conduits = ["gift-of-the-elements", "natures-bounty", "smite"]\n'
        '[[deck]]\nid = "theirs"\nname = "Theirs"\nheroes = ["alyn", "mato", "bran"]\n'
        'items = ["fury", "wurmbane", "sun-gods-gauntlet"]\ndeity = "final-judge"\n'
        'conduits = ["gift-of-the-elements", "natures-bounty", "ancient-wisdom"]\n')
    out = tmp_path / "r.jsonl"
    result = run("simulate", GAME, "--games", "3", "--json", "--cards", str(cards),
                 "--param", "deck_a=mine", "--param", "deck_b=theirs", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 3
    first = Record.from_json(json.loads(out.read_text().splitlines()[0]))
    assert first.params["deck_a"] == "mine" and str(cards.resolve()) in first.params["cards"]
    # Issue "Core 1.1": a record's card files are opened only when given explicitly.
    assert verify(first, files=[cards]).is_over
    replayed = run("replay", str(out))
    assert replayed.exit_code == 1 and "give it with --cards PATH" in replayed.stderr
    replayed = run("replay", str(out), "--cards", str(cards))
    assert replayed.exit_code == 0 and "3 verified, 0 failed" in replayed.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text("[[hero]]\nid = 3\n")
    for args in (["--cards", str(bad)], ["--param", "deck_a=nope"], ["--param", "bogus=1"]):
        result = run("simulate", GAME, "--games", "1", "--json", *args)
        assert result.exit_code != 0
        assert "Traceback" not in result.output
        assert len(result.stderr.strip().splitlines()) == 1
        assert result.stderr.startswith("error: ")
