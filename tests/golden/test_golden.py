"""The golden playthroughs (issue 30, "Golden playthroughs per game and player count ...
a change to rules or card data fails it with a message that says to bump the game's
RULES_VERSION and regenerate (one command)").

Every installed game's golden file (tests/golden/<game>.jsonl, made by ``make golden``)
replays to the same actions, events, views and hashes; and the guard itself is tested: a
card replaced in a lightseekers ready deck, an event, an action, a view or a rules version
that changed each fail it with the message that names the first difference and what to do.
"""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tabletop.core import get_spec
from tabletop.core.plugins import load_group
from tabletop.testing import golden
from tabletop.testing.locate import game_dir

HERE = Path(__file__).parent
INSTALLED = sorted(load_group("tabletop.games").loaded)


def _load(game: str) -> golden.Golden:
    try:
        return golden.load(HERE, game)
    except FileNotFoundError:
        pytest.fail(f"{game} has no golden playthroughs ({golden.path_of(HERE, game)}): "
                    f"make them with {golden.COMMAND}", pytrace=False)


@pytest.mark.parametrize("game", INSTALLED)
def test_the_golden_playthroughs_replay_alike(game: str) -> None:
    """Issue 30: the golden games of every game and player count replay to the same
    actions, events, views and hashes, and the card data is the same."""
    problem = golden.check(get_spec(game), _load(game))
    if problem is not None:
        pytest.fail(problem, pytrace=False)


def test_every_player_count_and_the_draft_have_golden_games() -> None:
    """Issue 30: "per game and player count"; the brief: radiant-arena also a drafted
    game. Each setup is played by random moves and by the heuristic."""
    arena = _load("radiant-arena")
    assert {(g["players"], json.dumps(g["params"]), g["agent"]) for g in arena.games} == {
        (2, "{}", "random"), (2, "{}", "heuristic"),
        (2, '{"draft": true}', "random"), (2, '{"draft": true}', "heuristic")}
    for game in INSTALLED:
        counts = {g["players"] for g in _load(game).games}
        assert counts == set(get_spec(game).player_counts), game


def test_the_golden_files_stay_small() -> None:
    """The brief: "a few MB at most in all" (compact JSON, one line per game)."""
    total = sum(p.stat().st_size for p in HERE.glob("*.jsonl"))
    assert 0 < total < 4 * 1024 * 1024


def test_regenerating_an_unchanged_game_gives_the_same_file() -> None:
    """``make golden`` is deterministic: a game whose rules did not change gets its file
    back byte for byte (Goofspiel, the cheapest, stands for all)."""
    spec = get_spec("goofspiel")
    assert golden.make(spec).dumps() == golden.path_of(HERE, "goofspiel").read_text()


def _bump_message(message: str, game: str) -> None:
    """The message says what to do: bump the game's RULES_VERSION, in its file, and
    regenerate with the one command."""
    assert "bump RULES_VERSION" in message
    assert golden.COMMAND in message
    if game != "goofspiel":
        assert f"src/tabletop/games/{game.replace('-', '_')}/spec.py" in message


def test_a_card_replaced_in_a_ready_deck_fails_the_guard(tmp_path: Path) -> None:
    """Issue 30: "replacing a card in a ready deck left every lightseekers rule, property,
    agent and CLI test green". In a copy of the card data (the real one untouched), the
    Tech deck (played only by six players' sixth seat) gets Jab for Heavy Blow: the
    guard fails, naming the file, and says to bump the version."""
    spec = get_spec("lightseekers")
    data = tmp_path / "data"
    shutil.copytree(game_dir(spec) / "data", data)
    decks = data / "decks.toml"
    text = decks.read_text()
    tech = text.index('id = "tech"')
    assert "heavy-blow = 3" in text[tech:]
    decks.write_text(text[:tech] + text[tech:].replace("heavy-blow = 3", "jab = 3"))
    kept = _load("lightseekers")
    assert golden.check(spec, kept, data) is not None
    message = golden.check(spec, kept, data) or ""
    assert message.startswith("lightseekers: its card data changed (data/decks.toml)")
    _bump_message(message, "lightseekers")
    assert golden.check(spec, kept, game_dir(spec) / "data") is None  # the real data


def _first_move_with_fields(game: dict[str, Any]) -> int:
    return next(m for m in range(1, len(game["events"]))
                if any(e[1] for e in game["events"][m]))


def test_a_changed_event_names_the_move_and_the_field() -> None:
    """Issue 30 / the brief: the failure names the game, the first difference (move
    number, what changed) and says to bump RULES_VERSION and regenerate."""
    spec = get_spec("radiant-perim")
    kept = copy.deepcopy(_load("radiant-perim"))
    game = kept.games[2]
    move = _first_move_with_fields(game)
    i, event = next((i, e) for i, e in enumerate(game["events"][move]) if e[1])
    name = next(iter(event[1]))
    event[1][name] = "not what happened"
    message = golden.check(spec, kept) or ""
    head = (f"radiant-perim: golden game 3 ({golden.Setup(3, {}, 1, 'random').describe()}) "
            f"differs at move {move} ({game['actions'][move - 1]!r} by ")
    assert message.startswith(head), message
    assert f"event {i + 1} ({event[0]}): fields.{name} was \"not what happened\", now " \
        in message
    _bump_message(message, "radiant-perim")
    assert "alone will do" not in message  # an event is not only what a view shows


def test_an_action_that_no_longer_plays_is_named() -> None:
    """The first difference may be an action the rules now refuse."""
    spec = get_spec("hoshi-battle")
    kept = copy.deepcopy(_load("hoshi-battle"))
    game = kept.games[0]
    game["actions"][4] = game["actions"][4] + "x"
    message = golden.check(spec, kept) or ""
    assert "differs at move 5 (" in message and "it no longer plays (" in message
    _bump_message(message, "hoshi-battle")


def test_changed_legal_actions_are_named() -> None:
    """An action offered or withdrawn fails the guard even where the moves played are
    still legal (issue 30's Hoshi corner: a choice offered in one more window)."""
    spec = get_spec("lightseekers")
    kept = copy.deepcopy(_load("lightseekers"))
    kept.games[1]["legal"][6] = "99:00000000"
    message = golden.check(spec, kept) or ""
    assert "differs at move 7 (" in message
    assert "the legal actions before it changed (99 before, now " in message
    _bump_message(message, "lightseekers")


def test_a_changed_view_names_the_seat_and_the_key() -> None:
    """A view that shows something else names the seat and where in the view; only then
    does the message add that regenerating alone will do if no rule changed."""
    spec = get_spec("goofspiel")
    kept = copy.deepcopy(_load("goofspiel"))
    point = kept.games[0]["points"][1]
    seat_view = point["views"][1]
    key = next(iter(seat_view))
    seat_view[key] = "something else"
    message = golden.check(spec, kept) or ""
    assert f"differs at move {point['move']} (" in message
    assert f"the view of P2: view.{key} was \"something else\", now " in message
    _bump_message(message, "goofspiel")
    assert f"{golden.COMMAND} alone will do" in message


def test_another_rules_version_says_to_regenerate() -> None:
    """Issue 30: once the game's rules_version differs from the golden file's (it was
    bumped), the message says to regenerate."""
    spec = get_spec("lightseekers")
    kept = copy.deepcopy(_load("lightseekers"))
    kept.rules_version = "0"
    assert golden.check(spec, kept) == (
        f"lightseekers now plays rules version {spec.rules_version!r}, its golden "
        f"playthroughs were made under version '0': regenerate them with make golden")


def test_a_golden_file_of_other_setups_says_to_regenerate() -> None:
    """A player count added to a game (or a game's heuristic) changes its setups."""
    spec = get_spec("goofspiel")
    kept = copy.deepcopy(_load("goofspiel"))
    del kept.games[-1]
    assert "regenerate it with make golden" in (golden.check(spec, kept) or "")


def test_difference_says_where_two_values_first_differ() -> None:
    """The words of a difference: a changed value, a key gone or new, a list's length."""
    assert golden.difference({"a": [1, 2]}, {"a": [1, 3]}, "view") == \
        "view.a[1] was 2, now 3"
    assert golden.difference({"a": 1, "b": 2}, {"a": 1}, "view") == "view.b is gone (was 2)"
    assert golden.difference({"a": 1}, {"a": 1, "c": [0]}, "view") == "view.c is new ([0])"
    assert golden.difference([1], [1, 2], "x") == "x has 2 items, not 1"
    assert golden.difference({"a": 1}, {"a": 1}) is None


def test_a_changed_copy_of_an_event_names_the_seat() -> None:
    """Issue 30: "every event's kind and fields (as each seat sees them where that
    differs, at least at a few points)": a seat's copy of a move's events is compared
    too, at every point."""
    spec = get_spec("lightseekers")
    kept = copy.deepcopy(_load("lightseekers"))
    point = kept.games[0]["points"][0]  # the setup: each seat draws its hand
    copies = point["seen"][1]
    assert copies != [e[:2] for e in kept.games[0]["events"][0]]  # P2 sees less
    copies.pop()
    message = golden.check(spec, kept) or ""
    assert message.startswith("lightseekers: golden game 1 (2 players, seed 1, random "
                              "moves) differs at the setup (before the first move), P2's "
                              "copy of its events: event "), message
    assert message.splitlines()[0].endswith(") is new.")
    _bump_message(message, "lightseekers")
