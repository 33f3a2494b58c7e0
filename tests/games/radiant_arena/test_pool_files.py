"""Validation of the card pool's files and of decks (issue 12, Tests: "every kind of broken
card file and broken deck gives its clear error").

The pool files load by default after the starter files; a broken copy of any of them is
refused with every problem at once, each naming the file, the card and the field. A deck
file (what ``--deck PATH`` reads and a draft saves) that breaks a rule of Anatomy of a Deck
is refused naming the rule.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from tabletop.core import CardDataError, ParameterError, new_game
from tabletop.games.radiant_arena.data import (
    DATA_DIR,
    FILES,
    POOL_DIR,
    POOL_FILES,
    Deck,
    load_files,
)
from tabletop.games.radiant_arena.decks import deck_id, deck_text, write_deck
from tabletop.games.radiant_arena.spec import catalog

CAT = catalog()


def pool_copy(tmp_path: Path) -> list[Path]:
    """The packaged files with the pool files copied into ``tmp_path`` (to break one)."""
    out = [DATA_DIR / f"{name}.toml" for name in FILES]
    for name in POOL_FILES:
        shutil.copy(POOL_DIR / f"{name}.toml", tmp_path / f"{name}.toml")
        out.append(tmp_path / f"{name}.toml")
    return out


# (pool file, text replaced, replacement, what the error says: card and field)
BREAKS = [
    ("heroes", 'subtitle = "The Far Shot"\nattack = 3', 'subtitle = "The Far Shot"\nattack = "3"',
     "hero maka"),
    ("heroes", 'keywords = ["taunt"]\nregen = 1', 'keywords = ["taunts"]\nregen = 1',
     "unknown keyword 'taunts'"),
    ("skills", 'id = "mirage"\nname = "Mirage"\nhero = "itotia"\ncount = 3',
     'id = "mirage"\nname = "Mirage"\nhero = "itotia"\ncount = 4', "its set has 11"),
    ("skills", '{ op = "move", target = "enemy_here" }', '{ op = "move", target = "enemy_hear" }',
     "unknown target 'enemy_hear'"),
    ("deities", 'conduits = ["burning-sky", "fallen-star", "gift-of-the-elements"]',
     'conduits = ["burning-sky", "fallen-star", "burning-sky"]', "three conduits are different"),
    ("deities", 'conduits = ["hollow-crown", "echoing-vault", "shattered-hourglass"]',
     'conduits = ["hollow-crown", "echoing-vault", "sand-of-time"]',
     "unknown conduit 'sand-of-time'"),
    ("conduits", '{ op = "commit", target = "all_enemies_here" }',
     '{ op = "commit", target = "all_enemies_here", amount = 2 }', "op 'commit' has no field"),
    ("items", 'cost = 6\nattack = 3', 'cost = -6\nattack = 3', "item spark-of-divinity"),
    ("items", 'id = "horn-of-rallying"', 'id = "horn of rallying"', "item horn of rallying"),
    ("decks", 'heroes = ["itotia", "nyx", "brighid"]', 'heroes = ["itotia", "nyx", "nyx"]',
     "three different heroes"),
    ("decks", 'items = ["tome-of-ages", "horn-of-rallying", "cloak-of-shadows"]',
     'items = ["tome-of-ages", "tome-of-ages", "cloak-of-shadows"]', "three different items"),
    ("decks", 'conduits = ["warding-stone", "shattered-hourglass", "broken-chains"]',
     'conduits = ["warding-stone", "shattered-hourglass", "smite"]', "the conduits of its deity"),
]


@pytest.mark.parametrize(("name", "old", "new", "says"), BREAKS,
                         ids=[f"{b[0]}-{i}" for i, b in enumerate(BREAKS)])
def test_a_broken_pool_file_is_refused_naming_file_card_and_field(
        tmp_path: Path, name: str, old: str, new: str, says: str) -> None:
    """A pool file with one mistake: the catalog is refused, the message names the file
    (the one broken) and what is wrong."""
    paths = pool_copy(tmp_path)
    path = tmp_path / f"{name}.toml"
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(CardDataError) as info:
        load_files(paths)
    message = str(info.value)
    assert says in message, message
    # a set of the wrong size is the hero's problem: reported at the hero's file
    named = tmp_path / "heroes.toml" if "its set has" in says else path
    assert str(named) in message, message


def test_every_problem_of_a_pool_file_at_once(tmp_path: Path) -> None:
    """Two mistakes in two pool files: both reported in one error."""
    paths = pool_copy(tmp_path)
    for name, old, new, _ in (BREAKS[0], BREAKS[6]):
        path = tmp_path / f"{name}.toml"
        path.write_text(path.read_text().replace(old, new, 1))
    with pytest.raises(CardDataError) as info:
        load_files(paths)
    assert "hero maka" in str(info.value) and "op 'commit' has no field" in str(info.value)


def test_a_file_overriding_a_hero_brings_its_whole_set(tmp_path: Path) -> None:
    """Anatomy of a Deck: "Skill cards come in sets of ten ... Players may not change these
    sets": a later file that overrides a pool hero replaces the hero's whole set (the pool's
    cards of that hero are dropped); one that only adds a card to the set is refused."""
    hero = {"id": "itotia", "name": "Itotia", "class": "warrior",
            "basic": {"subtitle": "x", "attack": 1, "armor": 0, "health": 5, "exp": 3},
            "levelled": {"subtitle": "y", "attack": 2, "armor": 0, "health": 6}}
    skills = [{"id": "sand-a", "name": "Sand A", "hero": "itotia", "count": 9},
              {"id": "sand-u", "name": "Sand U", "hero": "itotia", "count": 1,
               "ultimate": True}]
    whole = tmp_path / "whole.toml"
    whole.write_text(tomli_w.dumps({"overrides": ["itotia"], "hero": [hero],
                                    "skill": skills}))
    cat = catalog(str(whole))
    assert sorted(cat.skill_set("itotia")) == ["sand-a"] * 9 + ["sand-u"]
    assert "twin-strike" not in cat.skills
    extra = tmp_path / "extra.toml"
    extra.write_text(tomli_w.dumps({"skill": [skills[1]]}))
    with pytest.raises(CardDataError, match="its set has 11 skill cards"):
        catalog(str(extra))


# --- deck files ---------------------------------------------------------------------------


def a_deck(**change: Any) -> dict[str, Any]:
    deck = {"id": "mine", "name": "My deck", "heroes": ["itotia", "gorran", "aurelia"],
            "items": ["tome-of-ages", "fury", "bloodstone"], "deity": "undying-sun",
            "conduits": ["last-rites", "divine-spark", "gift-of-the-elements"]}
    deck.update(change)
    return deck


def test_a_deck_file_is_readable_and_plays(tmp_path: Path) -> None:
    """A deck saved to a file reads as text (heroes, items, deity named as printed), loads
    as a card file and plays."""
    path = tmp_path / "mine.toml"
    d = a_deck()
    write_deck(path, Deck(d["id"], d["name"], tuple(d["heroes"]), tuple(d["items"]),
                          d["deity"], tuple(d["conduits"])), CAT, note="drafted in a test")
    text = path.read_text()
    assert "RECONSTRUCTED" in text and "Itotia, Gorran, Aurelia" in text
    assert "The Undying Sun" in text and "drafted in a test" in text
    assert deck_id(path) == "mine"
    state = new_game("radiant-arena", seed=4, cards=str(path), deck_a="mine")
    assert state.unit_card[:4] == ("itotia", "gorran", "aurelia", "undying-sun")


# (a change to the deck, what the error says: the rule broken)
BROKEN_DECKS = [
    ({"heroes": ["itotia", "itotia", "aurelia"]}, "three different heroes"),
    ({"heroes": ["itotia", "gorran"]}, "heroes"),
    ({"heroes": ["itotia", "gorran", "the-oracle"]}, "unknown hero 'the-oracle'"),
    ({"items": ["fury", "fury", "bloodstone"]}, "three different items"),
    ({"items": ["fury", "excalibur", "bloodstone"]}, "unknown item 'excalibur'"),
    ({"deity": "alyn"}, "unknown deity 'alyn'"),
    ({"conduits": ["last-rites", "divine-spark", "smite"]}, "the conduits of its deity"),
    ({"conduits": ["last-rites", "last-rites", "gift-of-the-elements"]},
     "no two copies of a conduit"),
]


@pytest.mark.parametrize(("change", "says"), BROKEN_DECKS,
                         ids=[f"deck-{i}" for i in range(len(BROKEN_DECKS))])
def test_a_broken_deck_file_is_refused_naming_the_rule(tmp_path: Path, change: dict[str, Any],
                                                       says: str) -> None:
    """Each rule of Anatomy of a Deck / Pick Deities & Items / the Conduit Icon, broken in
    a deck file: refused when the file loads, naming the deck, the field and the rule."""
    path = tmp_path / "broken.toml"
    path.write_text(tomli_w.dumps({"deck": [a_deck(**change)]}))
    with pytest.raises((CardDataError, ParameterError)) as info:
        new_game("radiant-arena", seed=1, cards=str(path), deck_a="mine")
    assert says in str(info.value) and "mine" in str(info.value), str(info.value)


def test_a_deck_file_holds_one_deck(tmp_path: Path) -> None:
    """A deck file with no deck, two decks, or that is not TOML: refused, naming the file."""
    none = tmp_path / "none.toml"
    none.write_text("")
    two = tmp_path / "two.toml"
    two.write_text(tomli_w.dumps({"deck": [a_deck(), a_deck(id="other")]}))
    bad = tmp_path / "bad.toml"
    bad.write_text("[[deck]\n")
    for path, says in ((none, "one [[deck]] table, not 0"), (two, "not 2"),
                       (bad, "not valid TOML"), (tmp_path / "gone.toml", "no such deck file")):
        with pytest.raises(CardDataError) as info:
            deck_id(path)
        assert str(path) in str(info.value) and says in str(info.value)


def test_writing_a_broken_deck_is_refused(tmp_path: Path) -> None:
    """A deck is checked before it is saved: nothing is written for a broken one."""
    d = a_deck(items=["fury", "fury", "bloodstone"])
    path = tmp_path / "never.toml"
    with pytest.raises(CardDataError, match="three different items"):
        write_deck(path, Deck(d["id"], d["name"], tuple(d["heroes"]), tuple(d["items"]),
                              d["deity"], tuple(d["conduits"])), CAT)
    assert not path.exists()
    assert deck_text(CAT.decks["a"], CAT).count("[[deck]]") == 1
