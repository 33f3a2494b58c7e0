"""The generated text says exactly what the data does (issue 26, the probe's "Text"
findings: "the generated text drops or mangles what the data does"), in card text
(tabletop.cards.text and radiant-arena's ops) and in the game log (radiant-arena's event
words). Each test writes the probe's card as data (a user card file) and reads what a
player reads. The packaged cards' texts are unchanged: their printed texts still match
(tests/games/radiant_arena/test_card_language.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop.core import from_scenario
from tabletop.games.radiant_arena.data import load_catalog
from tabletop.games.radiant_arena.text import texts

PROBE = """\
# Inline tables are one line each (TOML).
[[item]]
id = "probe-ruin"
name = "Probe Ruin"
cost = 1
triggers = [{ on = "ruin", match = { seat = "enemy" }, effects = [{ op = "draw" }] }]

[[item]]
id = "probe-ruin-mine"
name = "Probe Ruin Mine"
cost = 1
triggers = [{ on = "ruin", match = { seat = "friendly" }, effects = [{ op = "draw" }] }]

[[item]]
id = "probe-ko"
name = "Probe KO"
cost = 1
triggers = [@KO@]

[[item]]
id = "probe-regen"
name = "Probe Regen"
cost = 1
talent = [{ id = "mend", cost = 1, effects = [
  { op = "grant", target = "self", keyword = "regen", value = 2 }] }]

[[item]]
id = "probe-if"
name = "Probe If"
cost = 1
talent = [{ id = "smash", cost = 1, effects = [
  @HIT@,
  { op = "draw", if = { exists = { ref = "$hit", where = ["ruined"] } } }] }]

[[item]]
id = "probe-rep"
name = "Probe Rep"
cost = 1
talent = [{ id = "ward", cost = 0, effects = [
  { op = "replace", replacement = { hook = "would_take_damage", affects = "self", reduce = 2 } }] }]

[[item]]
id = "probe-banish"
name = "Probe Banish"
cost = 1
talent = [{ id = "exile", cost = 0, effects = [{ op = "banish", target = "enemy_here" }] }]

[[item]]
id = "probe-next"
name = "Probe Next"
cost = 1
talent = [{ id = "brace", cost = 0, effects = [
  { op = "boost", target = "self", armor = 2, until = "next_turn" }] }]

[[deck]]
id = "probe"
name = "Probe"
heroes = ["alyn", "mato", "iskandar"]
items = ["probe-rep", "probe-banish", "probe-next"]
deity = "final-judge"
conduits = ["gift-of-the-elements", "natures-bounty", "ancient-wisdom"]
""".replace("@KO@", '{ on = "ko", match = { unit = { side = "enemy" }, source = "self" }, '
                    'effects = [{ op = "draw" }] }').replace(
    "@HIT@", '{ op = "damage", amount = 3, as = "hit", target = { kind = ["conduit"], '
             'side = "enemy", place = "here" } }')


@pytest.fixture(scope="module")
def probe(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("probe") / "probe.toml"
    path.write_text(PROBE)
    return path


@pytest.fixture(scope="module")
def text(probe: Path) -> dict[str, str]:
    return texts(load_catalog([probe]))


def test_a_ruin_trigger_names_the_conduit_and_whose(text: dict[str, str]) -> None:
    """Probe: "a ruin trigger reads 'When a hero is ruined' and loses whose"."""
    assert text["probe-ruin"] == "When an enemy conduit is ruined, draw a card."
    assert text["probe-ruin-mine"] == "When a friendly conduit is ruined, draw a card."


def test_a_ko_trigger_counting_this_heros_kos_says_so(text: dict[str, str]) -> None:
    """Probe: "a KO trigger that counts only this hero's KOs reads 'an enemy hero'"."""
    assert text["probe-ko"] == "When an enemy hero is KO'd by this hero, draw a card."


def test_a_condition_on_a_remembered_target_says_what_it_tests(text: dict[str, str]) -> None:
    """Probe: '"if it is ruined" becomes "If there is that conduit"': the remembered
    object is named by the kind its step took, and its condition is said."""
    assert text["probe-if"] == ("Talent (1 AP): Deal 3 damage to an enemy conduit at this "
                                "location. If that conduit is ruined, draw a card.")


def test_a_granted_keyword_with_a_number_keeps_it(text: dict[str, str]) -> None:
    """Probe: "Regen loses its number" (Keywords — Regen X: the number is the keyword)."""
    assert text["probe-regen"] == ("Talent (1 AP): This hero gains Regen 2 until the end "
                                   "of the turn.")


def _position(probe: Path, units: dict[str, Any]) -> Any:
    """Player A's action phase with the probe deck (items on its heroes as given)."""
    data = {"game": "radiant-arena", "turn": 5, "active": 0, "phase": "action",
            "action_points": 3, "power": [0, 0], "hands": [[], []],
            "params": {"deck_a": "probe", "deck_b": "b", "cards": str(probe)},
            "banished": ["", ""], "units": units}
    return from_scenario(data, "probe", files=[probe])


def _new(state: Any, since: int, kind: str) -> list[Any]:
    return [e for e in state.events[since:] if e.kind == kind]


def test_the_log_says_a_replacements_amount_and_an_items_talent(probe: Path) -> None:
    """Probe: "replacement amounts log as 0"; "item talents show their id": the log
    names the item whose talent is used, and the reduction's amount."""
    s = _position(probe, {"alyn": {"zone": "left", "item": "probe-rep"}})
    n = len(s.events)
    s.apply(s.parse_action("talent alyn:ward"))
    (talent,) = _new(s, n, "talent")
    assert talent.text == "Alyn uses the talent of Probe Rep."
    (mod,) = _new(s, n, "modifier")
    assert mod.fields["value"] == 2
    assert mod.text == "Alyn: would take damage (reduce 2) until the end of the turn."


def test_the_log_of_until_your_next_turn_says_whose_turn(probe: Path) -> None:
    """Probe: '"until your next turn" logs as "until the end of the next turn's start"':
    the start of the next turn of the effect's controller, not the next turn (which is
    the opponent's when it is made in one's own turn)."""
    s = _position(probe, {"alyn": {"zone": "left", "item": "probe-next"}})
    n = len(s.events)
    s.apply(s.parse_action("talent alyn:brace"))
    (boost,) = _new(s, n, "boost")
    assert boost.fields["until"] == "next_turn"
    assert boost.text == "Alyn gets +2 armor until the start of its controller's next turn."


def test_the_banish_line_names_who_banishes(probe: Path) -> None:
    """Probe: "the banish line names the wrong player": an effect of player A's that
    banishes player B's hero is player A's banishing (a manifestation's banishing of
    one's own hero is still its owner's: tests/golden)."""
    s = _position(probe, {"alyn": {"zone": "left", "item": "probe-banish"},
                          "viggo": {"zone": "left"}})
    n = len(s.events)
    s.apply(s.parse_action("talent alyn:exile"))
    if s.to_act == 0 and any(a.to_text().startswith("target") for a in s.legal_actions()):
        s.apply(s.parse_action("target viggo"))
    (banish,) = _new(s, n, "banish")
    assert banish.fields["seat"] == 0
    assert banish.text == "Player A banishes Viggo to the void."
