"""One card-file loader and error format for every game (issue 30: "one card-file loader
and error format (every problem at once, with file, table, card, key)").

Each game's packaged card file is copied with three mistakes in three different entries
(an unknown key, a value of the wrong type, a missing field): loading it is refused with
one ``CardDataError`` naming all three, each as ``file: table card: key: message``, and
nothing is loaded (no catalogue is returned).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from tabletop.core import CardDataError
from tabletop.games.hoshi_battle import data as hoshi
from tabletop.games.lightseekers import data as ls
from tabletop.games.radiant_arena import data as arena
from tabletop.games.radiant_perim import data as perim


def broken_copy(src: Path, dest: Path, table: str, missing: str) -> list[str]:
    """``src`` written to ``dest`` with three mistakes in entries 0, 1 and 2 of ``table``;
    the locations each must be reported at (``file: table card: key``)."""
    data: dict[str, Any] = tomllib.loads(src.read_text())
    entries = data[table]
    labels = [e["id"] if "id" in e else f"{e['race']}.{e['rank']}" for e in entries[:3]]
    entries[0]["colour_of_the_sky"] = "blue"  # a key no card has
    entries[1]["name" if "name" in entries[1] else "copies"] = [1, 2]  # a wrong type
    del entries[2][missing]  # a required field left out
    dest.write_text(tomli_w.dumps(data))
    keys = ("colour_of_the_sky", "name" if "name" in entries[1] else "copies", missing)
    return [f"{dest}: {table} {label}: {key}: " for label, key in zip(labels, keys,
                                                                      strict=True)]


def _arena(tmp: Path) -> tuple[list[str], Callable[[], object]]:
    path = tmp / "heroes.toml"
    wanted = broken_copy(arena.DATA_DIR / "heroes.toml", path, "hero", "class")
    paths = [path if n == "heroes" else arena.DATA_DIR / f"{n}.toml" for n in arena.FILES]
    return wanted, lambda: arena.load_files(paths)


def _lightseekers(tmp: Path) -> tuple[list[str], Callable[[], object]]:
    path = tmp / "more.toml"
    src = tmp / "src.toml"
    # new heroes (ids of their own) in a further file beside the packaged ones
    heroes = tomllib.loads((ls.DATA_DIR / "heroes.toml").read_text())["hero"][:3]
    for h in heroes:
        h["id"] = "other-" + h["id"]
    src.write_text(tomli_w.dumps({"hero": heroes}))
    wanted = broken_copy(src, path, "hero", "health")
    return wanted, lambda: ls.load_catalog((path,))


def _hoshi(tmp: Path) -> tuple[list[str], Callable[[], object]]:
    path = tmp / "cards.toml"
    wanted = broken_copy(hoshi.DATA_DIR / "cards.toml", path, "card", "cost")
    return wanted, lambda: hoshi.load_catalog(hoshi.DATA_DIR / "heroes.toml", path)


def _perim(tmp: Path) -> tuple[list[str], Callable[[], object]]:
    path = tmp / "cards.toml"
    wanted = broken_copy(perim.DATA_DIR / "cards.toml", path, "card", "coin")
    return wanted, lambda: perim.load_catalog(path)


GAMES = {"radiant-arena": _arena, "lightseekers": _lightseekers, "hoshi-battle": _hoshi,
         "radiant-perim": _perim}


@pytest.mark.parametrize("game", list(GAMES))
def test_three_mistakes_are_reported_at_once_with_their_places(tmp_path: Path,
                                                               game: str) -> None:
    """Issue 30: every problem at once, each with file, table, card and key; the file is
    refused whole."""
    wanted, load = GAMES[game](tmp_path)
    loaded: list[object] = []
    with pytest.raises(CardDataError) as err:
        loaded.append(load())
    assert not loaded
    lines = str(err.value).splitlines()
    for where in wanted:
        assert sum(line.startswith(where) for line in lines) == 1, (where, lines)


def test_an_unreadable_file_is_one_problem_among_the_others(tmp_path: Path) -> None:
    """A file that does not parse does not hide the problems of the others."""
    bad = tmp_path / "board.toml"
    bad.write_text("realms = [\n")
    cards = tmp_path / "cards.toml"
    wanted = broken_copy(perim.DATA_DIR / "cards.toml", cards, "card", "coin")
    with pytest.raises(CardDataError) as err:
        perim.load_catalog(cards, bad)
    text = str(err.value)
    assert str(bad) in text
    for where in wanted:
        assert where in text, text
