"""User card files (``--cards PATH``; docs/rules/radiant-arena-cards.md): a broken file is a
``CardDataError`` naming the file, the card and the field, never another exception; ids
are slugs that read back through the notation; counts and numbers have limits.

DESIGN.md, Cards as data: "validated at load (unknown keys, wrong types and broken
references are errors ... each naming file, card and field)"; "A user can load their own
card file (--cards PATH)".
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import CardDataError, TabletopError, new_game
from tabletop.games.radiant_arena.data import MAX_CARDS, MAX_FILE_BYTES, load_catalog

HERO: dict[str, Any] = {
    "id": "nova", "name": "Nova", "class": "warrior",
    "basic": {"subtitle": "Spark", "attack": 3, "armor": 1, "health": 8, "exp": 4,
              "talent": [{"id": "flare", "cost": 1, "effects": [
                  {"op": "damage", "target": "enemy_here", "amount": 1}]}]},
    "levelled": {"subtitle": "Star", "attack": 4, "armor": 1, "health": 9},
}
SKILL: dict[str, Any] = {"id": "nova-burst", "name": "Nova Burst", "hero": "nova",
                         "count": 9, "attack": 2, "armor": 0,
                         "clash": [{"op": "boost", "target": "self", "attack": 1}]}
# Anatomy of a Deck: a hero's set is ten cards with exactly one Ultimate.
ULTIMATE: dict[str, Any] = {"id": "supernova", "name": "Supernova", "hero": "nova", "count": 1,
                            "attack": 4, "armor": 0, "ultimate": True,
                            "clash": [{"op": "damage", "target": "all_opposing", "amount": 2}]}
DECK: dict[str, Any] = {"id": "novas", "name": "Novas", "heroes": ["nova", "mato", "iskandar"],
                        "items": ["fury", "masterwork-boots", "vile-infusion"],
                        "deity": "final-judge",
                        "conduits": ["gift-of-the-elements", "natures-bounty", "ancient-wisdom"]}


def good() -> dict[str, Any]:
    """A valid user card file: a hero, its skill card and a deck with it (a fresh copy)."""
    return copy.deepcopy({"hero": [HERO], "skill": [SKILL, ULTIMATE], "deck": [DECK]})


def write(tmp_path: Path, data: dict[str, Any] | str | bytes, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else tomli_w.dumps(data))
    return path


def broken(tmp_path: Path, data: dict[str, Any] | str | bytes, *words: str) -> str:
    path = write(tmp_path, data)
    with pytest.raises(CardDataError) as err:
        load_catalog([path])
    msg = str(err.value)
    for w in words:
        assert w in msg, msg
    return msg


def test_a_good_user_file_loads_and_plays(tmp_path: Path) -> None:
    """The user's deck plays a game against deck b, every action reading back."""
    path = write(tmp_path, good())
    cat = load_catalog([path])
    assert cat.skill_set("nova") == ["nova-burst"] * 9 + ["supernova"]
    assert cat.names["nova"] == "Nova"
    state = new_game("radiant-arena", seed=1, cards=str(path), deck_a="novas")
    rng = random.Random(1)
    while state.to_act is not None:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        assert state.parse_action(action.to_text()) == action
        state.apply(action)


def change(path: str, value: Any) -> dict[str, Any]:
    """The good file with the field at ``path`` (dots; [n] for list items) set to value
    (``...`` deletes it)."""
    data = good()
    node: Any = data
    parts = path.split(".")
    for part in parts[:-1]:
        node = node[int(part)] if part.isdigit() else node[part]
    last = parts[-1]
    key: Any = int(last) if last.isdigit() else last
    if value is ...:
        del node[key]
    else:
        node[key] = value
    return data


CASES: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("unknown key", change("hero.0.basic.atack", 3), ("hero nova: basic.atack",)),
    ("string for int", change("hero.0.basic.attack", "3"), ("hero nova: basic.attack",)),
    ("bool for int", change("skill.0.count", True), ("skill nova-burst: count",)),
    ("float for int", change("hero.0.basic.health", 8.0), ("hero nova: basic.health",)),
    ("huge number", change("hero.0.basic.health", 10**18), ("hero nova: basic.health",)),
    ("negative attack", change("skill.0.attack", -1), ("skill nova-burst: attack",)),
    ("too many copies", change("skill.0.count", 31), ("skill nova-burst: count",)),
    ("not a slug", change("hero.0.id", "Nova Star"), ("hero Nova Star: id",)),
    ("unicode id", change("hero.0.id", "nøva"), ("hero nøva: id",)),
    ("reserved id", change("hero.0.id", "left"), ("hero left", "a word of the notation")),
    ("id of another deck's card", change("skill.0.id", "alyn"), ("skill alyn", "already the "
                                                                 "id of a hero card")),
    ("id of another kind", change("skill.0.id", "fury"), ("skill fury", "already the id of "
                                                           "an item card")),
    ("talent id of a skill", change("hero.0.basic.talent.0.id", "nova-burst"),
     ("hero nova", "'nova-burst' is also a skill card's id")),
    ("unknown op", change("skill.0.clash.0.op", "explode"), ("skill nova-burst",
                                                             "unknown op 'explode'")),
    ("a list for a target", change("skill.0.clash.0.target", ["self"]),
     ("skill nova-burst", "clash[0].target", "must be a table, not ['self']")),
    ("a string amount", change("hero.0.basic.talent.0.effects.0.amount", "1"),
     ("hero nova", "effects[0].amount: must be an integer")),
    ("a huge amount", change("hero.0.basic.talent.0.effects.0.amount", 10**12),
     ("hero nova", "effects[0].amount: must be an integer from 0 to 99")),
    ("an unknown hero for a skill", change("skill.0.hero", "zed"),
     ("skill nova-burst", "unknown hero 'zed'")),
    ("an unknown deck hero", change("deck.0.heroes", ["nova", "mato", "zed"]),
     ("deck novas", "unknown hero 'zed'")),
    ("a hero twice in a deck", change("deck.0.heroes", ["nova", "mato", "nova"]),
     ("deck novas", "three different heroes")),
    ("another deity's conduits", change("deck.0.conduits", ["gift-of-the-elements",
                                                            "natures-bounty", "smite"]),
     ("deck novas", "the conduits of its deity")),
    ("a missing field", change("hero.0.basic.exp", ...), ("hero nova: basic.exp",)),
]


@pytest.mark.parametrize(("name", "data", "words"), CASES, ids=[c[0] for c in CASES])
def test_a_broken_file_names_file_card_and_field(tmp_path: Path, name: str,
                                                 data: dict[str, Any],
                                                 words: tuple[str, ...]) -> None:
    """Every problem is a CardDataError whose message names the file, the card and the
    field (docs/rules/radiant-arena-cards.md)."""
    msg = broken(tmp_path, data, str(tmp_path / "mine.toml"), *words)
    assert len(msg) < 600


def test_files_that_are_not_card_files(tmp_path: Path) -> None:
    """Not TOML, not UTF-8, too large, a directory, a missing file: each one error line."""
    broken(tmp_path, "hero = [", "not valid TOML")
    broken(tmp_path, b"\xff\xfe\x00 garbage", "not UTF-8")
    broken(tmp_path, "# " + "x" * MAX_FILE_BYTES, f"larger than {MAX_FILE_BYTES:,} bytes")
    with pytest.raises(CardDataError, match="cannot read"):
        load_catalog([tmp_path / "nowhere.toml"])
    with pytest.raises(CardDataError, match="cannot read"):
        load_catalog([tmp_path])


def test_a_bounded_number_of_cards(tmp_path: Path) -> None:
    """A card file holds at most MAX_CARDS cards (a user file is input like any other)."""
    conduits = [{"id": f"c{i}", "name": f"C{i}"} for i in range(MAX_CARDS + 1)]
    broken(tmp_path, {"conduit": conduits}, "conduit")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_changed_file_loads_or_is_a_card_data_error(tmp_path: Path,
                                                        data: st.DataObject) -> None:
    """A user file changed at random (a value replaced by one of another type or size, a
    key added or removed) loads or is refused with a CardDataError, never another error."""
    content = good()
    leaves: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in list(items):
            leaves.append((node, k))
            if isinstance(v, dict | list):
                walk(v)

    walk(content)
    junk = st.one_of(st.just("x"), st.integers(-10**20, 10**20), st.booleans(),
                     st.floats(allow_nan=False), st.text(max_size=30),
                     st.lists(st.integers(), max_size=3), st.just({"op": "damage"}),
                     st.just([{"op": "script", "name": "nope"}]))
    for _ in range(data.draw(st.integers(1, 3))):
        node, key = data.draw(st.sampled_from(leaves))
        node[key] = data.draw(junk)
    path = write(tmp_path, content)
    try:
        load_catalog([path])
    except CardDataError as e:
        assert str(path) in str(e)
    except TabletopError as e:  # pragma: no cover - any other engine error is a failure
        raise AssertionError(f"not a CardDataError: {e!r}") from e
