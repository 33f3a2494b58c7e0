"""Scenarios of radiant-arena (positions.py, reachable.py; docs/rules/radiant-arena.md,
"Scenarios"): strict data, and no position that play cannot reach.

Every refusal is a ``ScenarioError`` that names the table and key, and for a position the
rules could never produce, the rule it breaks (with its rulebook section).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import ScenarioError, get_spec, new_game, scenario_of
from tabletop.games.radiant_arena import ArenaState
from tabletop.testing.locate import rulebook_path, rulebook_required

from .helpers import GAME, params, play, position, scenario, skills_of

A, B = 0, 1


def base(**fields: Any) -> dict[str, Any]:
    """A reachable position of the action phase (A's turn 3) as scenario data."""
    data: dict[str, Any] = {"game": GAME, "params": params(), "turn": 3, "active": 0,
                            "phase": "action",
                            "units": {"alyn": {"zone": "left"}, "viggo": {"zone": "left"}},
                            "hands": [["time-lock"], ["zeal"]]}
    data.update(fields)
    return data


def refused(data: dict[str, Any], *words: str) -> str:
    """The scenario is refused with a ScenarioError whose message has ``words``."""
    with pytest.raises(ScenarioError) as err:
        scenario(data)
    msg = str(err.value)
    for w in words:
        assert w in msg, msg
    return msg


def test_the_base_position_is_accepted() -> None:
    """The positions below differ from this accepted one by one mistake each."""
    s = scenario(base())
    assert isinstance(s, ArenaState) and s.to_act == A


# --- strict data: keys, types, ranges -----------------------------------------------------

UNKNOWN_KEYS: list[tuple[dict[str, Any], str]] = [
    (base(hnad=[[], []]), "(top level): unknown key 'hnad'"),
    (base(units={"alyn": {"zonee": "left"}}), "units.alyn: unknown key 'zonee'"),
    (base(conduits=[[{"id": "gift-of-the-elements"}, {"id": "natures-bounty"},
                     {"id": "ancient-wisdom"}],
                    [{"id": "smite"}, {"id": "natures-bounty"},
                     {"id": "gift-of-the-elements", "hp": 3}]]),
     "conduits[1][2]: unknown key 'hp'"),
    (base(combat={"attackers": [], "lenght": 2}), "combat: unknown key 'lenght'"),
    (base(modifiers=[{"affects": "alyn", "kind": "stat", "key": "attack", "op": "add",
                      "value": 1, "armour": 1}]), "modifiers[0]: unknown key 'armour'"),
    (base(stack=[{"program": "rule:order", "lane": "left", "answer": 3}]),
     "stack[0]: unknown key 'answer'"),
    (base(params={**params(), "speed": 3}), "no parameter 'speed'"),
]


@pytest.mark.parametrize(("data", "words"), UNKNOWN_KEYS, ids=[w for _, w in UNKNOWN_KEYS])
def test_unknown_keys_are_refused_naming_table_and_key(data: dict[str, Any], words: str) -> None:
    """Strict scenarios: an unknown key anywhere is an error naming its table and key."""
    refused(data, words)


BAD_VALUES: list[tuple[dict[str, Any], tuple[str, ...]]] = [
    (base(turn="3"), ("turn: must be an integer, not a string",)),
    (base(turn=3.0), ("turn: must be an integer, not a number with a point",)),
    (base(turn=True), ("turn: must be an integer, not a boolean",)),
    (base(buyback=[1, True]), ("buyback[0]: must be true or false, not an integer",)),
    (base(power=[-1, 0]), ("power[0]: -1 is out of range",)),
    # Numbers beyond 64 bits are refused by the core's reader before the game looks.
    (base(power=[10**30, 0]), ("power[0] is a number beyond 64 bits",)),
    (base(power=[1000, 0]), ("power[0]: 1000 is out of range",)),
    (base(units={"alyn": {"zone": "left", "damage": 10**30}}),
     ("units.alyn.damage is a number beyond 64 bits",)),
    (base(seed=-1), ("seed: -1 is out of range",)),
    (base(seed=2**63), ("seed is a number beyond 64 bits",)),
    (base(action_points=100), ("action_points: 100 is out of range",)),
    (base(power=[1]), ("power: must list 2 values, not 1",)),
    (base(phase="clash"), ("phase: 'clash' is not one of",)),
    (base(units={"gandalf": {"zone": "left"}}), ("units: 'gandalf' is not a hero or deity",)),
    (base(units={"alyn": {"zone": "up"}}), ("units.alyn.zone: 'up' is not one of",)),
    (base(units={"alyn": "left"}), ("units.alyn: must be a table, not a string",)),
    (base(hands=[["dragon-fire"], []]), ("hands[0][0]: 'dragon-fire' is not a skill card",)),
    (base(shops=[["time-lock"], []]), ("shops[0][0]: 'time-lock' is not an item card",)),
    (base(chance="xyz"), ("chance: must be 16 lowercase hex digits",)),
    (base(combat=[]), ("combat: must be a table, not a list",)),
    (base(stack=[{"program": "spell", "lane": "left"}]),
     ("stack[0].program: 'spell' is not an effect of the cards",)),
    (base(modifiers=[{"affects": "alyn", "kind": "stat", "key": "speed", "op": "add"}]),
     ("modifiers[0].key: 'speed' is not one of",)),
    (base(players=3), ("players: 3 is out of range",)),
    (base(params={**params(), "deck_a": 3}), ("parameter 'deck_a' must be str",)),
    (base(params={**params(), "deck_a": "zz"}), ("unknown deck 'zz'",)),
]


@pytest.mark.parametrize(("data", "words"), BAD_VALUES, ids=[w[0] for _, w in BAD_VALUES])
def test_values_of_the_wrong_type_or_range_are_refused(data: dict[str, Any],
                                                       words: tuple[str, ...]) -> None:
    """Strict scenarios: exact types (no "3" for 3, no 1 for true, no float for int), values
    in range; the message names the key and quotes a huge number by its size only."""
    msg = refused(data, *words)
    assert len(msg) < 400


# --- positions play cannot reach ------------------------------------------------------------

R_DECKS = "Getting Started — Starter Decks"
R_SHOP = "The End Phase — Shop Step"
R_MANIFEST = "Key Concepts — Manifestation"
R_DAMAGE = "Key Concepts — Damage and KOs"
R_FIRST = "The Turn — The First Turn of the Game"
R_DEPLOY = "Setting Up Your First Game — Deployment"
R_PARTICIPANTS = "Combat — Step One: Determine Participants"
R_CLASH = "Combat — Step Two: Clash"
R_WIN = "Key Concepts — Winning & Losing"
R_DRAW = "The End Phase — Draw Step"

RUINED_A = [[{"id": c, "ruined": True} for c in ("gift-of-the-elements", "natures-bounty",
                                                  "ancient-wisdom")],
            [{"id": c} for c in ("smite", "natures-bounty", "gift-of-the-elements")]]

UNREACHABLE: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("more copies of a card than exist", base(hands=[["time-lock"] * 4, []]),
     ("4 copies of skill card 'time-lock'", "has 3", R_DECKS)),
    ("a card of another seat's heroes", base(hands=[["zeal"], []]),
     ("skill card 'zeal'", "has none", R_DECKS)),
    ("a card in two places", base(hands=[["massacre"], []], discards=[["massacre"], []]),
     ("2 copies of skill card 'massacre'", R_DECKS)),
    ("a deck missing cards", base(decks=[["time-lock"], skills_of("b", "zeal")]),
     ("skill cards missing", R_DECKS)),
    ("decks and their tops", base(decks=[[], []], deck_tops=[[], []]),
     ("give the whole decks or their tops",)),
    ("an item in two places", base(units={"alyn": {"zone": "left", "item": "fury"},
                                          "mato": {"zone": "left", "item": "fury"}}),
     ("'fury' is also in", R_SHOP)),
    ("an item in the shop and equipped", base(units={"alyn": {"zone": "left", "item": "fury"}},
                                              shops=[["fury"], []]),
     ("'fury' is also in", R_SHOP)),
    ("another deck's item", base(units={"alyn": {"zone": "left", "item": "wurmbane"}}),
     ("'wurmbane' is not an item of player A's deck", R_SHOP)),
    ("damage at health", base(units={"alyn": {"zone": "left", "damage": 7}}),
     ("units.alyn: damage 7 is at or above its health 7", R_DAMAGE)),
    ("damage out of play", base(units={"alyn": {"zone": "home", "damage": 2}}),
     ("units.alyn: out of play a unit has no damage", R_DAMAGE)),
    ("committed out of play", base(units={"alyn": {"zone": "home", "committed": True}}),
     ("units.alyn: out of play",)),
    ("a levelled deity", base(units={"oracle": {"zone": "home", "levelled": True}}),
     ("units.oracle: a deity has no EXP cost", "Five Basic Actions")),
    ("a banished deity", base(units={"oracle": {"zone": "void"}}),
     ("units.oracle: a deity is never banished", R_MANIFEST)),
    ("a hero in the void not banished", base(units={"alyn": {"zone": "void"}}),
     ("units.alyn: only the hero player A banished", R_MANIFEST)),
    ("a banished hero in a lane", base(banished=["alyn", ""]),
     ("banished[0]: alyn is banished, so its zone is the void", R_MANIFEST)),
    ("a banished hero of the other seat", base(banished=["viggo", ""]),
     ("banished[0]: 'viggo' is not a hero of player A", R_MANIFEST)),
    ("a deity in play without a banished hero", base(units={"oracle": {"zone": "left"}}),
     ("units.oracle: a deity in play has manifested", R_MANIFEST)),
    ("three ruined conduits, the deity at home", base(conduits=RUINED_A),
     ("conduits[0]: all three conduits are ruined", R_MANIFEST)),
    ("another deity's conduits", base(conduits=[
        [{"id": c} for c in ("gift-of-the-elements", "natures-bounty", "smite")],
        RUINED_A[1]]), ("conduits[0]: player A's conduits are those of its deity",)),
    ("an intact conduit at health", base(conduits=[
        [{"id": "gift-of-the-elements", "damage": 8}, {"id": "natures-bounty"},
         {"id": "ancient-wisdom"}], RUINED_A[1]]),
     ("conduits[0][0]: damage 8 is at or above its health 8", R_DAMAGE)),
    ("B active on an odd turn", base(active=1), ("active: turn 3 is player A's", R_FIRST)),
    ("deployment on turn 3", base(phase="deploy"), ("deployment comes before turn 1",
                                                    R_DEPLOY)),
    ("deployment out of order", base(phase="deploy", turn=0,
                                     units={"viggo": {"zone": "left"}}, hands=None),
     ("players deploy one hero at a time, A first", R_DEPLOY)),
    ("a discard step with a short hand", base(phase="discard"),
     ("the discard step needs a hand of more than 7",)),
    ("a combat in the action phase", base(combat={"attackers": ["alyn"], "lane": "left"}),
     ("combat: there is no combat in phase 'action'", R_PARTICIPANTS)),
    ("an attack with no attacker", base(phase="block", combat={"lane": "left",
                                                               "defender": "viggo"}),
     ("combat.attackers: a combat has an attacker", R_PARTICIPANTS)),
    ("a defender of the attacking seat", base(phase="block", combat={
        "attackers": ["alyn"], "lane": "left", "defender": "mato"}),
     ("combat.defender: mato is not a unit of the defending player", R_PARTICIPANTS)),
    ("a clash against a conduit", base(phase="defender-clash", hands=[[], ["zeal"]], combat={
        "attackers": ["alyn"], "lane": "left", "defender": "conduit",
        "clashes": [{"unit": "alyn", "card": "time-lock"}]}),
     ("no clash step against it", R_CLASH)),
    ("a face-up clash before the reveal", base(phase="defender-clash", hands=[[], ["zeal"]],
                                               combat={
        "attackers": ["alyn"], "lane": "left", "defender": "viggo",
        "clashes": [{"unit": "alyn", "card": "time-lock", "face_up": True}]}),
     ("only the attacker may have clashed, face down", R_CLASH)),
    ("effects resolving in the draw step", base(phase="draw", stack=[
        {"program": "skill:arcane-evocation:talent", "controller": 0, "unit": "alyn",
         "lane": "left", "skill": "arcane-evocation"}]),
     ("stack: no effect can be resolving in phase 'draw'",)),
    ("a talent the unit does not have", base(stack=[
        {"program": "unit:alyn:0:talent:heal", "controller": 0, "unit": "alyn",
         "lane": "left"}]), ("'unit:alyn:0:talent:heal' is not an effect of the cards",)),
    ("a clash effect of a card not clashed", base(phase="resolution", combat={
        "attackers": ["alyn"], "lane": "left", "defender": "viggo"}, stack=[
        {"program": "skill:test-of-arms:clash", "controller": 0, "unit": "alyn",
         "lane": "left"}]), ("'test-of-arms' is not a clash card of its unit", R_CLASH)),
    ("a step past the end", base(stack=[{"program": "skill:arcane-evocation:talent",
                                         "controller": 0, "unit": "alyn", "lane": "left",
                                         "step": 5, "skill": "arcane-evocation"}],
                                 hands=[[], ["zeal"]]),
     ("stack[0].step: 5 is out of range",)),
    ("a boost on a KO'd hero", base(clock=1, modifiers=[
        {"timestamp": 1, "affects": "mato", "kind": "stat", "key": "attack", "op": "add",
         "value": 2}]), ("modifiers[0]: mato is out of play", R_DAMAGE)),
    ("a combat boost outside combat", base(clock=1, modifiers=[
        {"timestamp": 1, "affects": "alyn", "kind": "stat", "key": "attack", "op": "add",
         "value": 2, "until": "combat"}]),
     ("modifiers[0]: an effect until the end of the combat needs a combat",)),
    ("a modifier from the future", base(modifiers=[
        {"timestamp": 3, "affects": "alyn", "kind": "stat", "key": "attack", "op": "add",
         "value": 2}]), ("modifiers[0].timestamp: 3 is after the clock",)),
    ("a card seen where it is not", base(seen=[{"viewer": 0, "owner": 1, "zone": "hand",
                                                 "card": "sunder"}]),
     ("seen[0]: 'sunder' is not in player B's hand", R_DRAW)),
    ("a Cooldown of nothing", base(used=["unit:alyn:0:study"]),
     ("used: 'unit:alyn:0:study' is not a Cooldown ability",)),
    ("a winner before the end", base(winner=0), ("winner: only a finished game",)),
    ("an end without a winner", base(phase="over"), ("phase 'over' needs winner", R_WIN)),
    ("a deck-out with cards in the deck", base(phase="over", winner=1, cause="deck_out",
                                               reason="A had to draw"),
     ("player A lost by drawing from an empty deck, but it has cards", R_WIN)),
]


@pytest.mark.parametrize(("name", "data", "words"), UNREACHABLE,
                         ids=[n for n, _, _ in UNREACHABLE])
def test_positions_play_cannot_reach_are_refused_with_the_rule(
        name: str, data: dict[str, Any], words: tuple[str, ...]) -> None:
    """Strict scenarios: a position the rules could never produce is refused, naming where
    and the rule it breaks."""
    if data.get("hands", 0) is None:
        del data["hands"]
    refused(data, *words)


def test_an_attack_without_a_target_is_refused() -> None:
    """Step One: an attack is declared only with a target. An attack in a lane where the
    enemy has no hero and a ruined conduit would leave the attacker nothing to do."""
    conduits = [[{"id": "gift-of-the-elements"}, {"id": "natures-bounty"},
                 {"id": "ancient-wisdom"}],
                [{"id": "smite", "ruined": True}, {"id": "natures-bounty"},
                 {"id": "gift-of-the-elements"}]]
    data = base(phase="attack", units={"alyn": {"zone": "left", "committed": True},
                                       "viggo": {"zone": "right"}},
                conduits=conduits, combat={"attackers": ["alyn"], "lane": "left"})
    refused(data, "combat.attackers: an attack is declared only with a target",
            R_PARTICIPANTS)


def test_a_seat_to_act_without_a_legal_action_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Strict scenarios: who is to act must have a legal action (the last check, behind
    the rules' own, which no real position reaches: here a stand-in position with a seat
    to act and nothing to do; the compiled engine's classes cannot be patched)."""
    from tabletop.games.radiant_arena import flow, reachable

    class Stuck:
        to_act = 0
        _legal = None

        def legal_actions(self) -> tuple[()]:
            return ()

        def label(self, seat: int) -> str:
            return "ABCD"[seat]

    monkeypatch.setattr(flow, "advance", lambda s: None)
    with pytest.raises(ScenarioError, match="A is to act but has no legal action"):
        reachable.check_playable(Stuck())  # type: ignore[arg-type]


def test_a_stack_frame_names_its_source_not_its_effects() -> None:
    """Scenarios name an effect in progress by its card, never by effect data: a talent
    being resolved is the skill card on the table (Talent Actions), and loading the
    position asks its question again."""
    s = position({"iskandar": {"zone": "left"}, "viggo": {"zone": "center"},
                  "bran": {"zone": "right"}}, hands=[["arcane-evocation"], []])
    play(s, "talent iskandar:arcane-evocation")
    data = s.to_data()
    assert data["stack"] == [{"program": "skill:arcane-evocation:talent", "step": 0,
                              "controller": 0, "unit": "iskandar", "lane": "left",
                              "source": "arcane-evocation", "skill": "arcane-evocation"}]
    assert "ask" not in data
    again = scenario({"game": GAME, **data})
    assert again.to_act == A and again.ask == s.ask
    assert [a.to_text() for a in again.legal_actions()] == ["target viggo", "target bran"]


def test_scenario_seats_are_0_based() -> None:
    """Scenario data is data: the active seat, the pairs per seat and the banished heroes
    are indexed from 0 (player A)."""
    s = scenario(base(active=1, turn=4, power=[2, 5]))
    assert s.active == B and s.to_act == B and s.power == [2, 5]
    assert s.to_data()["active"] == 1


# --- any data: a ScenarioError or a position that plays on -----------------------------------

def _mutations(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``data`` with a few random changes: values replaced by junk, keys removed or added."""
    junk: list[Any] = [None, -1, 0, 1, 7, 10**30, 2.5, True, "", "left", "alyn", "oracle",
                       "zeal", "fury", "conduit", "x" * 300, [], [0], [[]], {}, {"zone": "left"},
                       ["alyn"], [True, False], [[], []]]
    out = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        # walk down to a random container
        node: Any = out
        for _ in range(rng.randint(0, 3)):
            keys = list(node) if isinstance(node, dict) else list(range(len(node))) \
                if isinstance(node, list) else []
            if not keys:
                break
            child = node[rng.choice(keys)]
            if not isinstance(child, dict | list) or not child:
                break
            node = child
        if isinstance(node, dict) and node:
            key = rng.choice(list(node))
            roll = rng.random()
            if roll < 0.6:
                node[key] = rng.choice(junk)
            elif roll < 0.8 and key != "game":
                del node[key]
            else:
                node[rng.choice(["zone", "extra", "units", "damage"])] = rng.choice(junk)
        elif isinstance(node, list) and node:
            node[rng.randrange(len(node))] = rng.choice(junk)
    return out


UNITS = ("alyn", "mato", "iskandar", "final-judge", "viggo", "eleanor", "bran", "oracle")
LANE_WORDS = ("left", "center", "right")


def _plausible(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``data`` with a few changes of the right types and names (another phase, a unit's
    zone or damage, the combat's fields, a frame's step, a conduit, a card moved): they
    reach the rules' consistency checks rather than the type checks."""
    from tabletop.games.radiant_arena.positions import DATA_PHASES

    d = copy.deepcopy(data)
    for _ in range(rng.randint(1, 4)):
        roll = rng.random()
        if roll < 0.15:
            d["phase"] = rng.choice(DATA_PHASES)
        elif roll < 0.35:
            unit = d["units"][rng.choice(UNITS)]
            key = rng.choice(["zone", "damage", "committed", "levelled", "item"])
            unit[key] = {"zone": rng.choice([*LANE_WORDS, "home", "void"]),
                         "damage": rng.randint(0, 12), "committed": rng.random() < 0.5,
                         "levelled": rng.random() < 0.5,
                         "item": rng.choice(["", "fury", "wurmbane", "masterwork-boots"])}[key]
        elif roll < 0.45:
            d["active"], d["turn"] = rng.randint(0, 1), rng.randint(0, 8)
        elif roll < 0.6:
            combat = d["combat"]
            key = rng.choice(list(combat) or ["attackers", "lane", "defender"])
            combat[key] = {
                "attackers": rng.sample(UNITS, rng.randint(0, 2)),
                "defender": rng.choice(["", "conduit", *UNITS]),
                "lane": rng.choice(["", *LANE_WORDS]), "blocked": rng.random() < 0.5,
                "target": rng.choice(["", *UNITS]),
                "clashes": rng.choice([[], [{"unit": rng.choice(UNITS), "card": "time-lock",
                                             "face_up": rng.random() < 0.5}]])}[key]
        elif roll < 0.7 and d["stack"]:
            frame = rng.choice(d["stack"])
            frame.update(rng.choice([{"step": rng.randint(0, 3)}, {"unit": rng.choice(UNITS)},
                                     {"controller": rng.randint(0, 1)},
                                     {"lane": rng.choice(LANE_WORDS)}]))
        elif roll < 0.8:
            conduit = d["conduits"][rng.randint(0, 1)][rng.randint(0, 2)]
            conduit.update(rng.choice([{"damage": rng.choice([0, 3, 7])},
                                       {"ruined": rng.random() < 0.5}]))
        elif roll < 0.9:
            p = rng.randint(0, 1)
            if d["hands"][p] and d["decks"][p]:
                i, j = rng.randrange(len(d["hands"][p])), rng.randrange(len(d["decks"][p]))
                d["hands"][p][i], d["decks"][p][j] = d["decks"][p][j], d["hands"][p][i]
            elif d["hands"][p]:
                d["discards"][p].append(d["hands"][p].pop())
        else:
            d["banished"][rng.randint(0, 1)] = rng.choice(["", "alyn", "viggo", "mato"])
    return d


SAMPLES: list[dict[str, Any]] = []


def _samples() -> list[dict[str, Any]]:
    """Scenario data of positions of random games (all kinds of phases and effects)."""
    if not SAMPLES:
        for seed in range(3):
            s = new_game(GAME, seed=seed)
            rng = random.Random(seed)
            while s.to_act is not None:
                if rng.random() < 0.05 or s.stack or s.combat is not None:
                    SAMPLES.append(json.loads(json.dumps(scenario_of(s))))
                legal = s.legal_actions()
                s.apply(legal[rng.randrange(len(legal))])
    return SAMPLES


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, 10**6), seed=st.integers(0, 2**32), junk=st.booleans())
def test_any_scenario_data_is_refused_cleanly_or_plays_on(pick: int, seed: int,
                                                          junk: bool) -> None:
    """Strict scenarios: for data changed at random from real positions (junk values, or
    plausible ones), loading either raises a ``ScenarioError`` found by the checks (never
    another exception, nor the safety net of an unexpected failure in the rules) or gives a
    position that plays to its end."""
    samples = _samples()
    rng = random.Random(seed)
    data = (_mutations if junk else _plausible)(samples[pick % len(samples)], rng)
    try:
        s = scenario(data)
    except ScenarioError as e:
        assert "cannot be played on" not in str(e), str(e)
        return
    for _ in range(3000):
        if s.to_act is None:
            break
        legal = s.legal_actions()
        assert legal
        s.apply(legal[rng.randrange(len(legal))])
    assert s.to_act is None


def test_refusals_cite_sections_of_the_rulebook() -> None:
    """Every rule a refusal cites (the last parentheses) is a heading of the rulebook,
    ``Section — Subsection``."""
    rulebook = rulebook_path(get_spec("radiant-arena"))  # TABLETOP_RULES or beside the project
    if rulebook is None and not rulebook_required():
        pytest.skip("the rulebook is not beside the project")
    assert rulebook is not None, "the rulebook radiant-offline-battle-arena.txt is missing"
    lines = {line.strip().lower() for line in rulebook.read_text().splitlines()}
    cited = set()
    for _, data, _ in UNREACHABLE:
        if data.get("hands", 0) is None:
            data = {k: v for k, v in data.items() if k != "hands"}
        try:
            scenario(copy.deepcopy(data))
        except ScenarioError as e:
            msg = str(e)
            rule = msg[msg.rindex("(") + 1:-1] if msg.endswith(")") else ""
            if rule[:1].isupper():  # not a range such as "(0 to 1)"
                cited.add(rule)
    assert len(cited) > 10
    for rule in cited:
        for part in rule.split(" — "):
            assert part.strip().lower() in lines or part.split(":")[0].strip().lower() in lines, \
                rule
