"""Game specs, the registry and ``new_game`` (core/spec.py).

DESIGN.md: "``GameSpec``: id, name, player counts, parameters (with defaults), rules
version." "``new_game(game_id, players=..., seed=..., **params) -> State``." Games announce
themselves through the ``tabletop.games`` entry point.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from tabletop.core import (
    GameSpec,
    ParameterError,
    TabletopError,
    UnknownGameError,
    games,
    get_spec,
    new_game,
    register,
)
from tabletop.core import spec as spec_module


def test_check_params_fills_defaults(toy: GameSpec) -> None:
    """DESIGN.md: parameters have defaults. Given none, every default is filled in; given
    some, they are kept."""
    assert toy.check_params(2, {}) == {"pile": 0, "max_take": 3}
    assert toy.check_params(3, {"max_take": 5}) == {"pile": 0, "max_take": 5}


@pytest.mark.parametrize("players", [0, 1, 4, -2])
def test_check_params_bad_seat_count(toy: GameSpec, players: int) -> None:
    """spec.py: a bad seat count raises ``ParameterError`` naming the game, the counts it is
    played by and the count asked for."""
    with pytest.raises(ParameterError) as err:
        toy.check_params(players, {})
    assert str(err.value) == f"toy-nim is played by 2, 3 players, not {players}"
    assert isinstance(err.value, ValueError) and isinstance(err.value, TabletopError)


def test_check_params_unknown_parameter(toy: GameSpec) -> None:
    """spec.py: an unknown parameter is named, with the parameters the game does know."""
    with pytest.raises(ParameterError) as err:
        toy.check_params(2, {"stones": 4})
    assert str(err.value) == "toy-nim has no parameter 'stones' (known: max_take, pile)"


def test_check_params_unknown_parameter_of_a_game_without_any(toy: GameSpec) -> None:
    """spec.py: a game with no parameters says so ("known: none")."""
    bare = dataclasses.replace(toy, params={})
    with pytest.raises(ParameterError, match=r"no parameter 'x' \(known: none\)"):
        bare.check_params(2, {"x": 1})


@pytest.mark.parametrize("value", ["3", 2.5, True, None])
def test_check_params_wrong_type(toy: GameSpec, value: object) -> None:
    """spec.py: a parameter of the wrong type is refused, naming it, the type wanted and
    the value given; a bool is not an int."""
    with pytest.raises(ParameterError) as err:
        toy.check_params(2, {"max_take": value})
    assert str(err.value) == f"toy-nim parameter 'max_take' must be int, not {value!r}"


def test_get_spec_unknown_game_names_the_known_games(toy: GameSpec) -> None:
    """spec.py: ``get_spec`` of an unknown id raises ``UnknownGameError`` naming the id and
    every known game."""
    with pytest.raises(UnknownGameError) as err:
        get_spec("chess")
    msg = str(err.value)
    assert msg.startswith("unknown game 'chess' (known: ")
    for spec in games():
        assert spec.id in msg
    assert "radiant-perim" in msg and "toy-nim" in msg
    assert isinstance(err.value, ValueError)


def test_games_are_registered_by_entry_point_and_sorted() -> None:
    """DESIGN.md / pyproject.toml: games announce themselves through the ``tabletop.games``
    entry point; ``games()`` lists every one, by id."""
    ids = [g.id for g in games()]
    assert "radiant-perim" in ids
    assert ids == sorted(ids)
    perim = get_spec("radiant-perim")
    assert perim.player_counts == (2, 3, 4)
    assert perim.rulebook == "radiant-tin-shoe-games.txt"
    assert perim.rules_version


def test_register_adds_and_replaces(toy: GameSpec, monkeypatch: pytest.MonkeyPatch) -> None:
    """spec.py: ``register`` adds a game by hand, replacing one with the same id."""
    monkeypatch.setattr(spec_module, "_REGISTRY", dict(spec_module._REGISTRY))
    other = dataclasses.replace(toy, name="Toy Nim, second edition")
    register(other)
    assert get_spec("toy-nim").name == "Toy Nim, second edition"
    assert [g.id for g in games()].count("toy-nim") == 1


def test_new_game_validates_and_defaults(toy: GameSpec) -> None:
    """DESIGN.md: ``new_game`` gives a state with validated seats and parameters."""
    state = new_game("toy-nim", seed=4)
    assert state.players == toy.default_players == 2
    assert state.params == {"pile": 0, "max_take": 3}
    assert state.seed == 4
    assert new_game("toy-nim", players=3, seed=1, pile=5).params["pile"] == 5
    with pytest.raises(ParameterError, match="not 9"):
        new_game("toy-nim", players=9)
    with pytest.raises(ParameterError, match="no parameter 'colour'"):
        new_game("toy-nim", colour="red")
    with pytest.raises(UnknownGameError, match="unknown game 'nim'"):
        new_game("nim")


def test_new_game_without_seed_records_a_fresh_one(toy: GameSpec) -> None:
    """spec.py: a game started without a seed gets a fresh random one, which is recorded
    (so the game still replays); seeded games are deterministic."""
    a, b = new_game("toy-nim"), new_game("toy-nim")
    assert isinstance(a.seed, int) and 0 <= a.seed < 2**63
    assert a.seed != b.seed
    assert new_game("toy-nim", seed=a.seed).state_hash() == a.state_hash()
    assert new_game("radiant-perim", seed=8).state_hash() == (
        new_game("radiant-perim", seed=8).state_hash())


def test_list_games_works_whatever_has_been_imported() -> None:
    """Issue 30: "``tabletop.games`` is exported as the function that lists games, but as
    soon as a game loads the name becomes the subpackage, and calling it raises
    TypeError". The function is ``tabletop.list_games`` now; ``tabletop.games`` is only
    the package. In a fresh interpreter: before any game package is imported, after one
    is, and with ``from tabletop import *``."""
    script = "\n".join([
        "import tabletop",
        "before = [s.id for s in tabletop.list_games()]",
        "import tabletop.games.lightseekers",
        "after = [s.id for s in tabletop.list_games()]",
        "from tabletop import *",
        "star = [s.id for s in list_games()]",
        "import types",
        "assert isinstance(tabletop.games, types.ModuleType)",
        "assert 'games' not in tabletop.__all__ and 'list_games' in tabletop.__all__",
        "print(before == after == star, 'lightseekers' in after, 'radiant-perim' in after)",
    ])
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "True", "True"]
