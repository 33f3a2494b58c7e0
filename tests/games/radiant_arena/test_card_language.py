"""radiant-arena's cards in the rules kernel's language (issue 11): the text a player reads
is generated from the data and says what the printed text says; card files are checked
strictly with every problem reported at once; the deck construction rules hold wherever a
deck enters the engine, and what the rulebook allows is allowed (both players may field
the same deity and items: units are told apart per side, in state and notation)."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from tabletop.cards import Selector, candidates
from tabletop.core import (
    CardDataError,
    ParameterError,
    Record,
    from_scenario,
    new_game,
    record_of,
    scenario_of,
    verify,
)
from tabletop.games.radiant_arena.data import PILOT, deck_problems, load_catalog
from tabletop.games.radiant_arena.rules import ArenaState
from tabletop.games.radiant_arena.spec import catalog
from tabletop.games.radiant_arena.text import check_texts, texts
from tabletop.games.radiant_arena.vocab import VOCAB

from .helpers import CARDS

MIRROR = CARDS / "mirror.toml"
EXAMPLE_FILES = ",".join(str(CARDS / f) for f in ("examples.toml", "rule_decks.toml",
                                                   "golden_rule.toml"))


# --- card text ---------------------------------------------------------------------------


def test_every_printed_text_says_what_the_data_does() -> None:
    """Issue 11, "Card text": every card of the packaged files and of the test files has a
    printed text that says what its effect data does (reminder text aside)."""
    assert check_texts(catalog()) == []
    assert check_texts(catalog(EXAMPLE_FILES)) == []


def test_generated_texts() -> None:
    """A few generated texts in full: a talent with a power cost and Cooldown, a levelled
    side with Regen and a trigger, an Ultimate clash with a remembered card."""
    t = texts(catalog())
    assert t["final-judge"] == (
        "Manifestation: Deal 2 Piercing damage to each enemy hero at this location. "
        "Talent (1 AP, 2 Power, Cooldown): Deal 3 Piercing damage to an enemy hero at this "
        "location.")
    assert t["eleanor:1"] == ("After this hero deals combat damage, heal 1 damage from each "
                              "friendly hero at this location. Regen 1.")
    assert t["overkill"] == (
        "Ultimate Clash: Reveal the top card of your skill deck and put it into your discard "
        "pile, then this hero gets +X attack until the end of the combat, where X is that "
        "card's attack.")
    assert t["crusaders-guard"] == "This hero has Taunt."


def test_a_printed_text_that_says_something_else_is_found(tmp_path: Path) -> None:
    """The check compares words: a card whose text promises 3 damage while its data deals
    2 is reported, naming the card."""
    data = {"overrides": ["natures-wrath"], "skill": [{
        "id": "natures-wrath", "name": "Nature's Wrath", "hero": "bran", "count": 3,
        "attack": 2, "armor": 1, "text": "Talent (1 AP): Deal 3 damage to an enemy hero at "
        "this location.", "talent": {"id": "natures-wrath", "cost": 1, "effects": [
            {"op": "damage", "target": "enemy_here", "amount": 2}]}}]}
    path = tmp_path / "mine.toml"
    path.write_text(tomli_w.dumps(data))
    (problem,) = check_texts(load_catalog([path]))
    assert problem.startswith("natures-wrath: printed") and "Deal 2 damage" in problem


def test_views_carry_the_generated_text_and_the_effects_as_data() -> None:
    """A client reads what a card does without the card files: a seat's view gives each
    card in its hand and shop its generated text (``rules``) and its effects as data; each
    unit its side's text and talents."""
    s = new_game("radiant-arena", seed=3)
    view = s.view(0)
    faces = view["players"][0]["card_texts"]
    for card, face in faces.items():
        assert face["rules"] == texts(s.cat)[card]
        if face["kind"] == "skill" and face["talent"]:
            assert face["talent"]["effects"] and face["talent"]["effects"][0]["op"]
    iskandar = next(u for u in view["units"] if u.get("id") == "iskandar")
    assert iskandar["rules"] == "Talent (1 AP, Cooldown): Draw a card."
    assert iskandar["talents"] == [{"id": "study", "ap": 1, "power": 0, "costs": {"ap": 1},
                                    "cooldown": True, "ultimate": False,
                                    "effects": [{"op": "draw", "amount": 1}]}]
    assert json.loads(json.dumps(view)) == view


# --- strict validation, all errors at once ----------------------------------------------

HERO: dict[str, Any] = {
    "id": "nova", "name": "Nova", "class": "warrior",
    "basic": {"subtitle": "Spark", "attack": 3, "armor": 1, "health": 8, "exp": 4},
    "levelled": {"subtitle": "Star", "attack": 4, "armor": 1, "health": 9},
}


def skill(id_: str, count: int, ultimate: bool = False, **more: Any) -> dict[str, Any]:
    return {"id": id_, "name": id_.title(), "hero": "nova", "count": count, "attack": 1,
            "armor": 1, "ultimate": ultimate, **more}


def refused(tmp_path: Path, data: dict[str, Any]) -> list[str]:
    path = tmp_path / "mine.toml"
    path.write_text(tomli_w.dumps(data))
    with pytest.raises(CardDataError) as err:
        load_catalog([path])
    lines = str(err.value).splitlines()
    assert all(line.startswith(str(path)) for line in lines), lines
    return lines


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    """Issue 11: "Strict validation, all errors at once ... each error names file, card and
    field": three cards with a mistake each give three lines."""
    lines = refused(tmp_path, {"hero": [HERO], "skill": [
        skill("a-one", 9, clash=[{"op": "heal", "target": "self", "amount": -1}]),
        skill("a-two", 1, True, clash=[{"op": "damage", "target": "self", "amount": "2"}]),
        skill("a-three", 1, clash=[{"op": "grant", "target": "self", "keyword": "flying"}]),
    ]})
    assert len(lines) >= 3
    assert any("skill a-one: clash[0].amount: must be an integer from 0 to 99, not -1" in x
               for x in lines)  # no negative heal
    assert any("skill a-two: clash[0].amount" in x and "'2'" in x for x in lines)  # no "2"
    assert any("skill a-three: clash[0].keyword: unknown keyword 'flying'" in x
               for x in lines)


def test_a_heros_set_is_ten_cards_with_one_ultimate(tmp_path: Path) -> None:
    """Anatomy of a Deck: "Skill cards come in sets of ten"; Ultimate: "Each hero's deck
    contains a single, unique and powerful Ultimate skill"."""
    short = refused(tmp_path, {"hero": [HERO], "skill": [skill("a", 8), skill("b", 1, True)]})
    assert any("its set has 9 skill cards; a hero's set has 10" in x for x in short)
    two = refused(tmp_path, {"hero": [HERO], "skill": [skill("a", 8), skill("b", 1, True),
                                                       skill("c", 1, True)]})
    assert any("its set has 2 Ultimate cards" in x for x in two)
    three = refused(tmp_path, {"hero": [HERO], "skill": [skill("a", 7), skill("b", 3, True)]})
    assert any("an Ultimate is a single card" in x for x in three)


def test_an_id_is_defined_once_unless_a_file_says_it_overrides(tmp_path: Path) -> None:
    """Issue 11: "duplicate ids rejected unless a file says it overrides"."""
    fury = {"id": "fury", "name": "Fury II", "cost": 3, "attack": 3}
    lines = refused(tmp_path, {"item": [fury]})
    assert any("item fury: id: already defined in" in x and "overrides" in x
               for x in lines)
    path = tmp_path / "over.toml"
    path.write_text(tomli_w.dumps({"overrides": ["fury"], "item": [fury]}))
    assert load_catalog([path]).items["fury"].name == "Fury II"
    twice = refused(tmp_path, {"item": [fury, fury], "overrides": ["fury"]})
    assert any("defined twice in this file" in x for x in twice)
    stray = refused(tmp_path, {"overrides": ["alyn"], "item": [fury]})
    assert any("'alyn' is not a card of this file" in x for x in stray)


def test_deck_construction_rules() -> None:
    """Getting Started — Starter Decks; Anatomy of a Deck; Pick Deities & Items; the
    Conduit Icon: three different heroes with their sets, three different items, one
    deity with exactly its three conduits (no copy)."""
    cat = catalog()
    ok = (["alyn", "mato", "iskandar"], ["fury", "wurmbane", "masterwork-boots"], "oracle",
          ["gift-of-the-elements", "natures-bounty", "smite"])
    assert deck_problems(cat, *ok) == []
    heroes, items, deity, conduits = ok
    assert [f for f, _ in deck_problems(cat, ["alyn", "alyn", "mato"], items, deity,
                                        conduits)] == ["heroes"]
    assert [f for f, _ in deck_problems(cat, heroes, ["fury", "fury", "wurmbane"], deity,
                                        conduits)] == ["items"]
    assert [f for f, _ in deck_problems(cat, heroes, items, "oracle",
                                        ["gift-of-the-elements", "smite", "smite"])] == [
        "conduits", "conduits"]
    assert [f for f, _ in deck_problems(cat, heroes, items, "final-judge", conduits)] == [
        "conduits"]
    assert [f for f, _ in deck_problems(cat, ["alyn", "mato", "zed"], items, "zeus",
                                        conduits)] == ["heroes", "deity"]


def test_a_deck_breaking_the_rules_cannot_enter_a_game(tmp_path: Path) -> None:
    """Wherever a deck enters the engine: a card file whose deck breaks the rules is
    refused; so is a game asked for with it."""
    path = tmp_path / "bad.toml"
    path.write_text(tomli_w.dumps({"deck": [{
        "id": "two-furies", "name": "x", "heroes": ["alyn", "mato", "iskandar"],
        "items": ["fury", "fury", "wurmbane"], "deity": "oracle",
        "conduits": ["gift-of-the-elements", "natures-bounty", "smite"]}]}))
    with pytest.raises(CardDataError, match="three different items"):
        load_catalog([path])
    with pytest.raises((CardDataError, ParameterError)):
        new_game("radiant-arena", seed=1, cards=str(path), deck_a="two-furies")


# --- the same deity, the same items, the same heroes --------------------------------------


def mirror(deck_a: str, deck_b: str, seed: int) -> ArenaState:
    s = new_game("radiant-arena", seed=seed, cards=str(MIRROR), deck_a=deck_a, deck_b=deck_b)
    assert isinstance(s, ArenaState)
    return s


def test_both_players_may_field_the_same_deity_and_items() -> None:
    """Pick Deities & Items: "player's shop contents and deity selection can even be
    entirely identical". Both deities are the Oracle: each seat knows its own by its card
    id; once one manifests, the other, still face down, is told apart by its side
    (``oracle.a``), which only its owner sees; nothing of a face-down deity reaches the
    other seat."""
    s = mirror("a-oracle", "b", 4)
    assert s.unit_name[3] == s.unit_name[7] == "oracle"
    for seat in (0, 1):
        assert s.view(seat)["units"][4 * (1 - seat) + 3] == {
            "owner": 1 - seat, "deity": True, "zone": "home", "hidden": True}
    rng = random.Random(4)
    while s.to_act is not None and all(s.banished[p] < 0 for p in (0, 1)):
        s.apply(rng.choice(s.legal_actions()))
    if s.to_act is None:
        pytest.skip("the game ended before a deity manifested")  # pragma: no cover
    first = 0 if s.banished[0] >= 0 else 1
    other = 1 - first
    assert s.unit_name[first * 4 + 3] == "oracle"
    assert s.unit_name[other * 4 + 3] == f"oracle.{'ab'[other]}"
    assert s.view(other)["units"][other * 4 + 3]["id"] == f"oracle.{'ab'[other]}"
    assert s.view(first)["units"][other * 4 + 3].get("hidden")
    assert all("oracle." not in json.dumps(e.to_json()) for e in s.events_for(first))


def test_a_mirror_match_tells_units_apart_in_notation_and_records() -> None:
    """Deck A against itself: every hero is named with its side (``alyn.a``), in the
    notation, the views and the events; records replay to the same hash and positions
    load back."""
    s = mirror("a", "a", 2)
    assert s.unit_name[:3] == ("alyn.a", "mato.a", "iskandar.a")
    assert s.unit_name[4:7] == ("alyn.b", "mato.b", "iskandar.b")
    assert {a.to_text() for a in s.legal_actions()} >= {"deploy alyn.a left"}
    rng = random.Random(2)
    steps = 0
    while s.to_act is not None:
        if steps % 23 == 0:
            data = json.loads(json.dumps(scenario_of(s)))
            again = from_scenario(data, "mirror", files=[MIRROR])
            assert again.to_data() == s.to_data()
            assert again.legal_actions() == s.legal_actions()
        action = rng.choice(s.legal_actions())
        assert s.parse_action(action.to_text()) == action
        s.apply(action.to_text())
        steps += 1
    assert any(e.kind == "deploy" and e.fields["unit"].endswith(".b") for e in s.events)
    record = Record.from_json(json.loads(record_of(s).dumps()))
    assert verify(record, files=[MIRROR]).state_hash() == s.state_hash()


def test_the_fast_selectors_agree_with_the_kernel() -> None:
    """radiant-arena answers its commonest selectors itself (vocab._fast, for speed):
    for every selector of the starter, example and pilot cards, from every unit's place
    (and from no unit: a conduit's), in positions of seeded random games, with and
    without the conditions ops imply, its answer is the kernel's general one, in the
    same order."""
    files = f"{CARDS / 'examples.toml'},{PILOT}"
    cat = catalog(files)
    selectors: list[Selector] = list(VOCAB.named.values())
    for program in cat.programs.values():
        for step in program.steps:
            selectors += [v for v in step.f.values() if isinstance(v, Selector)]
    general = dataclasses.replace(VOCAB, fast=None)
    general.named = VOCAB.named
    checked = answered = 0
    for seed in range(4):
        state = new_game("radiant-arena", seed=seed, cards=files,
                         deck_a="pilot" if seed % 2 else "a")
        rng = random.Random(seed)
        n = 0
        while state.to_act is not None:
            if n % 11 == 0:
                for u in (*range(8), -1):
                    ctx = {"p": u // 4 if u >= 0 else seed % 2, "u": u,
                           "lane": state.zone[u] if u >= 0 else seed % 3}
                    for sel in selectors:
                        for implied in ((), ("ready",), ("committed",)):
                            for first in (False, True):
                                fast = VOCAB.fast(state, sel, ctx, implied, first)
                                if fast is None:
                                    continue
                                answered += 1
                                assert fast == candidates(general, state, sel, ctx,
                                                          implied, first), sel.raw
                                checked += bool(fast)
            state.apply(rng.choice(state.legal_actions()))
            n += 1
    assert answered > 10_000 and checked > 1_000
