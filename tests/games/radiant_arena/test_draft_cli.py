"""The draft and the card pool at the command line (issue 12): `tabletop play radiant-arena
--draft` (draft against the AI, then the game), decks saved and loaded (`--deck PATH`),
and `tabletop cards radiant-arena [NAME]`."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tabletop.core import Record, verify
from tabletop.games.radiant_arena.decks import deck_id
from tabletop.interfaces.cli.app import app

Run = Callable[..., Result]
GAME = "radiant-arena"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "tabletop-data"
    monkeypatch.setenv("TABLETOP_DATA", str(folder))
    return folder


@pytest.fixture
def run() -> Run:
    runner = CliRunner()
    return lambda *args, input=None: runner.invoke(app, list(args), input=input)


def one_error(result: Result, needle: str) -> None:
    assert result.exit_code != 0, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0], lines


def test_draft_then_play_and_save_the_deck(run: Run, tmp_path: Path) -> None:
    """Now Let's Play! — Drafting at the terminal: the draft's screen (the order, the heroes
    left, the opponent's choices as counts), then the game to its end; the drafted deck is
    saved as a readable deck file, and the record (with the draft) replays."""
    deck, record = tmp_path / "mine.toml", tmp_path / "game.json"
    result = run("play", GAME, "--draft", "--seat", "B", "--seed", "6", "--opponents", "random",
                 "--deck", str(deck), "--record", str(record), input="1\n" * 900)
    assert result.exit_code == 0, result.output
    out = result.stdout
    for words in ("The draft (Now Let's Play! — Drafting)", "Order: A pick · B pick",
                  "Heroes left:", "item(s) chosen (secret)", "You are B",
                  f"Your drafted deck is saved to {deck}", "Game over"):
        assert words in out, words
    assert deck_id(deck) == "drafted" and "RECONSTRUCTED" in deck.read_text()
    saved = Record.from_json(json.loads(record.read_text()))
    assert saved.params["draft"] is True and saved.outcome is not None
    assert verify(saved).state_hash() == saved.final_hash
    # the saved deck plays: at seat B, the drafted heroes are B's
    again = run("play", GAME, "--deck", str(deck), "--seat", "B", "--seed", "7",
                "--opponents", "random", input="quit\n")
    assert again.exit_code == 0, again.output
    heroes = tomllib.loads(deck.read_text())["deck"][0]["heroes"]
    assert len(heroes) == 3 and all(h.capitalize() in again.stdout for h in heroes)


def test_draft_seats_you_at_random_unless_you_choose(run: Run) -> None:
    """Now Let's Play! — Players: "Randomly determine who will be player A and who will be
    player B": without --seat, either; with it, that one."""
    seen = set()
    for seed in range(8):
        result = run("play", GAME, "--draft", "--seed", str(seed), "--opponents", "random",
                     input="quit\n")
        assert result.exit_code == 0, result.output
        seen.add("You are A" in result.stdout)
        if len(seen) == 2:
            break
    assert seen == {True, False}
    chosen = run("play", GAME, "--draft", "--seat", "A", "--seed", "1", "--opponents",
                 "random", input="quit\n")
    assert "You are A" in chosen.stdout


def test_bad_draft_and_deck_options(run: Run, tmp_path: Path) -> None:
    """Each bad use is one error line: --draft for another game, a missing deck file, a
    deck file that breaks a deck rule, --draft with --param deck_a."""
    one_error(run("play", "radiant-perim", "--draft", input="quit\n"),
              "--draft and --deck are for radiant-arena")
    one_error(run("play", GAME, "--deck", str(tmp_path / "gone.toml"), input="quit\n"),
              "no such deck file")
    broken = tmp_path / "broken.toml"
    broken.write_text('[[deck]]\nid = "x"\nname = "x"\nheroes = ["alyn", "alyn", "mato"]\n'
                      'items = ["fury", "wurmbane", "bloodstone"]\ndeity = "oracle"\n'
                      'conduits = ["gift-of-the-elements", "natures-bounty", "smite"]\n')
    one_error(run("play", GAME, "--deck", str(broken), input="quit\n"),
              "three different heroes")
    one_error(run("play", GAME, "--draft", "--param", "deck_a=a", input="quit\n"),
              "not both")


def test_cards_prints_the_pool_and_one_card(run: Run) -> None:
    """`tabletop cards radiant-arena` lists every card of the pool with its generated
    text and says the texts are reconstructed; `... NAME` shows one card in full (by id or
    printed name)."""
    pool = run("cards", GAME)
    assert pool.exit_code == 0, pool.output
    for words in ("the card pool", "torvald", "verdant-mother", "10000-drills",
                  "spark-of-divinity", "shattered-hourglass", "reconstructed by tabletop"):
        assert words in pool.stdout, words
    one = run("cards", GAME, "The Wrathlord")
    assert one.exit_code == 0
    assert "The Wrathlord — deity" in one.stdout and "ruin that conduit" in one.stdout
    assert "Nature's Bounty, Ancient Wisdom, Smite" in one.stdout
    drills = run("cards", GAME, "10000-drills")
    assert "+2 attack or +2 armor" in drills.stdout and "Grandfather" in drills.stdout
    one_error(run("cards", GAME, "excalibur"), "no card 'excalibur'")
    one_error(run("cards", "radiant-perim"), "has no card list")
