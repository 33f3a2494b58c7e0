"""Scenarios (core/scenario.py): readable TOML that sets up any position.

DESIGN.md: "A scenario is a readable text/TOML file that sets up any position (for tests,
bug reports, puzzles); any point of a record can be exported to one." scenario.py: errors
are ``ScenarioError`` naming what is wrong.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from tabletop.core import (
    GameSpec,
    ScenarioError,
    dumps_scenario,
    export,
    from_scenario,
    load_scenario,
    new_game,
    record_of,
    scenario_of,
)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "position.toml"
    path.write_text(text)
    return path


def test_load_scenario_reads_a_position(toy: GameSpec, tmp_path: Path) -> None:
    """DESIGN.md: a scenario file sets up a position; fields left out take their defaults.
    The position remembers where it started (``start``)."""
    state = load_scenario(write(tmp_path, 'game = "toy-nim"\nplayers = 3\npile = 4\nturn = 3\n'))
    assert state.players == 3 and state.to_act == 2
    assert [a.to_text() for a in state.legal_actions()] == ["take 1", "take 2", "take 3"]
    assert state.start == state.to_data()
    assert state.events == []


def test_bad_toml_names_the_file(toy: GameSpec, tmp_path: Path) -> None:
    """scenario.py: a file that is not TOML is a ScenarioError naming the file."""
    path = write(tmp_path, 'game = "toy-nim"\npile = = 4\n')
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert str(err.value).startswith(f"{path}: not valid TOML (")
    assert isinstance(err.value, ValueError)


def test_missing_file(tmp_path: Path) -> None:
    """scenario.py: a file that cannot be read is a ScenarioError naming it."""
    with pytest.raises(ScenarioError, match=r"absent\.toml: cannot read"):
        load_scenario(tmp_path / "absent.toml")


@pytest.mark.parametrize("text", ['players = 2\n', 'game = 3\n', 'game = ["toy-nim"]\n'])
def test_game_field_is_required(tmp_path: Path, text: str) -> None:
    """scenario.py: a scenario names its game in a string field ``game``."""
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert str(err.value) == f"{path}: needs a string field 'game'"


def test_unknown_game_names_the_known_ones(tmp_path: Path) -> None:
    """spec.py/scenario.py: an unknown game id is a ScenarioError naming the known games."""
    path = write(tmp_path, 'game = "backgammon"\n')
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    msg = str(err.value)
    assert msg.startswith(f"{path}: unknown game 'backgammon' (known: ")
    assert "radiant-perim" in msg


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pile = \"four\"\n", "field 'pile' must be int, not 'four'"),
        ("colour = \"red\"\n", "unknown field 'colour'"),
        ("players = 6\n", "toy-nim is played by 2, 3 players, not 6"),
        ("[params]\nmax_take = \"3\"\n", "toy-nim parameter 'max_take' must be int"),
    ],
)
def test_bad_field_of_the_game_is_named(toy: GameSpec, tmp_path: Path, text: str,
                                        message: str) -> None:
    """scenario.py: the game's own errors (ScenarioError or any TabletopError) come back as
    a ScenarioError prefixed by the file."""
    path = write(tmp_path, 'game = "toy-nim"\n' + text)
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert str(err.value).startswith(f"{path}: {message}")


@pytest.mark.parametrize(
    ("body", "names"),
    [
        ({"players": "three"}, "players: must be an integer, not a string"),
        ({"phase": "lunch"}, "phase: 'lunch' is not one of meld, over, recruit, war"),
        ({"tracker": "atlantis"}, "tracker: unknown region 'atlantis'"),
        ({"seat": [{"hand": ["avis.king"]}, {}, {}]}, "seat[0].hand[0]: unknown card"),
        ({"seat": [{}, {"cards": []}, {}]}, "seat[1]: unknown key 'cards'"),
        ({"seat": [{}, {}]}, "seat: must list 3 values, not 2"),
        ({"phase": "war", "seat": [{"hand": ["avis.knight"] * 3}, {}, {}]},
         "there are 2 avis.knight cards, the scenario places 3"),
        ({"players": 5}, "radiant-perim is played by 2, 3, 4 players, not 5"),
        ({"pool": ["avis.knight"]}, "pool: must list 9 values, not 1"),
    ],
)
def test_radiant_perim_scenario_errors_name_the_field(body: dict[str, Any], names: str) -> None:
    """scenario.py on a real game (positions.py): each bad field is named."""
    with pytest.raises(ScenarioError) as err:
        from_scenario({"game": "radiant-perim", **body}, "bug-report.toml")
    assert str(err.value).startswith("bug-report.toml: ")
    assert names in str(err.value)


def test_radiant_perim_scenario_may_leave_out_every_field() -> None:
    """positions.py: "A scenario may leave out any field: it gets the value of a fresh
    game, and every card not placed anywhere goes to the deck". ``game`` alone is a
    playable recruit position (a full pool to pick from), and a bare war position takes
    the rest of the cards as its deck."""
    state = from_scenario({"game": "radiant-perim"})
    assert state.to_act == 0
    assert [a.to_text() for a in state.legal_actions()][:2] == ["pick a1", "pick a2"]
    data = state.to_data()
    assert len(data["deck"]) + sum(1 for x in data["pool"] if x) == 48
    war = from_scenario({"game": "radiant-perim", "players": 2, "phase": "war",
                         "need_move": True,
                         "seat": [{"hand": ["avis.knight"]}, {"hand": ["avis.elder"]}]})
    assert war.to_data()["pool"] == [""] * 9 and len(war.to_data()["deck"]) == 46
    assert "move clouds-1" in [a.to_text() for a in war.legal_actions()]


def test_scenario_of_and_dumps_round_trip(toy: GameSpec) -> None:
    """scenario.py: ``scenario_of`` is ``game`` plus ``to_data``; ``dumps_scenario`` is its
    TOML text, which loads back to the same position."""
    state = new_game("toy-nim", players=2, seed=6)
    state.apply("take 2")
    data = scenario_of(state)
    assert data == {"game": "toy-nim", **state.to_data()}
    text = dumps_scenario(state)
    assert tomllib.loads(text) == data
    again = from_scenario(tomllib.loads(text))
    assert again.state_hash() == state.state_hash()


def test_export_gives_the_position_before_a_move(toy: GameSpec, toy_play: Any) -> None:
    """DESIGN.md: any point of a record can be exported to a scenario. Move k is the
    position before the k-th action (1-based); k = n + 1 is the final position; the
    exported game goes on to the record's final hash."""
    state = toy_play(new_game("toy-nim", players=2, seed=12))
    rec = record_of(state)
    n = len(rec.actions)
    start = new_game("toy-nim", players=2, seed=12)
    assert from_scenario(tomllib.loads(export(rec, 1))).state_hash() == start.state_hash()
    assert from_scenario(tomllib.loads(export(rec, n + 1))).state_hash() == rec.final_hash
    for k in range(1, n + 2):
        pos = from_scenario(tomllib.loads(export(rec, k)))
        for text in rec.actions[k - 1:]:
            pos.apply(text)
        assert pos.state_hash() == rec.final_hash


@pytest.mark.parametrize("move", [0, -1, 10_000])
def test_export_out_of_range(toy: GameSpec, toy_play: Any, move: int) -> None:
    """scenario.py: a move outside the record is a ScenarioError giving the range."""
    rec = record_of(toy_play(new_game("toy-nim", players=2, seed=12)))
    with pytest.raises(ScenarioError, match=rf"move {move} is outside 1\.\.{len(rec.actions) + 1}"):
        export(rec, move)


def test_a_scenario_of_another_game_says_so(toy: GameSpec, tmp_path: Path) -> None:
    """Issue "Core 1.1": a scenario for another game says so."""
    path = write(tmp_path, 'game = "toy-nim"\npile = 4\n')
    with pytest.raises(ScenarioError, match=r"position\.toml is a scenario of toy-nim, not "
                                            "radiant-perim"):
        load_scenario(path, game="radiant-perim")
    assert load_scenario(path, game="toy-nim").to_act == 0


@pytest.mark.parametrize(("data", "message"), [
    (b'game = "toy-nim"\npile = 4\n# \xff\n', "not UTF-8 text"),
    (b'game = "toy-nim"\nx = ' + b"[" * 3000 + b"]" * 3000 + b"\n", "nested more than"),
    (b'game = "toy-nim"\npile = ' + b"9" * 5000 + b"\n", "larger than"),
    (b'game = "toy-nim"\nnote = "' + b"a" * 200_000 + b'"\n', "string of more than"),
])
def test_scenario_files_beyond_the_limits_give_one_clear_error(
        toy: GameSpec, tmp_path: Path, data: bytes, message: str) -> None:
    """Issue "Core 1.1": a file that is not UTF-8 text, or too deeply nested, or holding a
    number or a string too large, is one ScenarioError naming the file."""
    path = tmp_path / "position.toml"
    path.write_bytes(data)
    with pytest.raises(ScenarioError, match=message) as err:
        load_scenario(path)
    assert str(err.value).startswith(str(path))
