"""``--cards FILE`` (repeatable) for every game with cards, in ``play``, ``simulate``,
``tournament`` and ``cards`` (issue 26, "Cards as user files, for every game"), through
the kernel's one loader: a broken file is one error line listing every problem with its
file and line; a printed text that is not what the data does is a warning on stderr.
The files are the worked examples of docs/cards.md (examples/cards/)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.core import Record

from .conftest import Run, assert_one_error

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "cards"
# What each example adds, and the parameters that make a game use it.
USES = {
    "radiant-arena": ("nova", ["--param", "deck_a=novas"]),
    "lightseekers": ("sun-lance", ["--param", "decks=dawn,storm"]),
    "hoshi-battle": ("iron-axe", ["--param", "deck1=mud-champion,clay-champion,"
                                  "charming-trader,iron-axe,fire-axe,swift-boots"]),
}
HOSHI_DECK2 = ["--param", "deck2=clay-champion,charming-trader,crane-archer,fire-axe,"
               "swift-boots,moon-amulet"]


def _params(game: str) -> list[str]:
    return USES[game][1] + (HOSHI_DECK2 if game == "hoshi-battle" else [])


@pytest.mark.parametrize("game", sorted(USES))
def test_cards_lists_the_user_cards_with_the_pool(run: Run, game: str) -> None:
    card, _ = USES[game]
    example = str(EXAMPLES / f"{game}.toml")
    out = run("cards", game, "--cards", example)
    assert out.exit_code == 0, out.output
    assert card in out.stdout
    assert out.stderr == ""  # the example's printed texts say what its data does
    one = run("cards", game, card, "--cards", example)
    assert one.exit_code == 0, one.output
    assert_one_error(run("cards", game, card), f"no card {card!r}")


@pytest.mark.parametrize("game", sorted(USES))
def test_simulate_plays_the_user_cards_and_records_the_files(run: Run, tmp_path: Path,
                                                             game: str) -> None:
    example = EXAMPLES / f"{game}.toml"
    out = tmp_path / "r.jsonl"
    result = run("simulate", game, "--games", "2", "--json", "--cards", str(example),
                 *_params(game), "--out", str(out))
    assert result.exit_code == 0, result.output
    record = Record.from_json(json.loads(out.read_text().splitlines()[0]))
    assert str(example.resolve()) in record.params["cards"]
    replayed = run("replay", str(out), "--cards", str(example))
    assert replayed.exit_code == 0 and "2 verified, 0 failed" in replayed.stdout


@pytest.mark.parametrize("game", ["lightseekers", "hoshi-battle"])
def test_tournament_and_play_take_card_files(run: Run, game: str) -> None:
    example = str(EXAMPLES / f"{game}.toml")
    result = run("tournament", game, "--agents", "random,heuristic", "--games", "2",
                 "--cards", example, *_params(game))
    assert result.exit_code == 0, result.output
    played = run("play", game, "--seed", "1", "--cards", example, *_params(game),
                 input="quit\n")
    assert played.exit_code == 0, played.output
    assert "Traceback" not in played.output


def test_a_broken_file_is_one_error_line_listing_every_problem(run: Run,
                                                               tmp_path: Path) -> None:
    """Every problem at once, each with its file and line; nothing is played."""
    bad = tmp_path / "bad.toml"
    bad.write_text('[[card]]\nid = "a-card"\nname = "A"\ntype = "attack"\n'
                   'element = "moonlight"\neffects = [{ op = "damage", amount = 2 }]\n\n'
                   '[[card]]\nid = "b-card"\nname = "B"\ntype = "attack"\n'
                   'element = "solar"\neffects = [{ op = "explode" }]\n')
    for command in (["simulate", "lightseekers", "--games", "1"],
                    ["cards", "lightseekers"]):
        message = assert_one_error(run(*command, "--cards", str(bad)))
        assert f"{bad}:5: card a-card: element: unknown Element 'moonlight'" in message
        assert f"; {bad}:13: card b-card: effects[0]: unknown op 'explode'" in message
    message = assert_one_error(run("cards", "hoshi-battle", "--cards", str(tmp_path / "no"),
                                   "--cards", str(tmp_path)))
    assert "no: no such file; " in message and f"{tmp_path}: not a file" in message
    assert_one_error(run("simulate", "radiant-perim", "--cards", str(bad)),
                     "radiant-perim does not take card files",
                     "hoshi-battle, lightseekers, radiant-arena")


def test_a_printed_text_unlike_the_data_is_a_warning_with_both(run: Run,
                                                               tmp_path: Path) -> None:
    source = (EXAMPLES / "hoshi-battle.toml").read_text()
    mine = tmp_path / "mine.toml"
    mine.write_text(source.replace("Stays in play. Battle with the d8",
                                   "Stays in play. Battle with the d10"))
    out = run("cards", "hoshi-battle", "iron-axe", "--cards", str(mine))
    assert out.exit_code == 0, out.output
    assert out.stderr.startswith(f"warning: {mine}:")
    assert "card iron-axe: text: the printed text is not what the data does" in out.stderr
    assert "printed:   Play at the beginning of a round. Stays in play. Battle with the " \
           "d10" in out.stderr
    assert "generated: Play at the beginning of a round. Stays in play. Battle with the " \
           "d8." in out.stderr
