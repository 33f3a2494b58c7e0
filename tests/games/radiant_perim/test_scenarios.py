"""Strict scenarios (positions.py, reachable.py): unknown keys, exact types and ranges are
refused naming the table and key; positions play cannot reach are refused with the rule
they break; every refusal is a ScenarioError, and any other data either builds a position
that plays to its end or is refused.

docs/rules/radiant-perim.md, "Scenarios". Rulebook sections cited per case.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import ScenarioError, TabletopError, from_scenario, new_game
from tabletop.games.radiant_perim import SPEC

GAME = "radiant-perim"


def base() -> dict[str, Any]:
    """A valid position: age 2, war, a battle in clouds-2 under way (P1 led a scout)."""
    return {
        "players": 3, "age": 2, "phase": "war", "dealer": 2, "radiant": "treefolk",
        "tracker": "clouds-2", "need_move": False, "turn": 1,
        "silver": {"clouds-5": 1}, "copper": {"sea-1": 1},
        "control": {"clouds-1": 0}, "battle_no": 1, "last_win": [1, 0, 0],
        "battle": {"plays": [{"seat": 0, "cards": ["avis.scout"], "rank": 2,
                              "counts": True}],
                   "cards": ["avis.scout"], "acted": [0]},
        "seat": [{"hand": ["mariner.elder"]}, {"hand": ["avis.knight", "avis.mount"]},
                 {"hand": ["avis.elder"]}],
    }


def patched(*changes: tuple[str, Any]) -> dict[str, Any]:
    """``base()`` with ``("seat.1.hand", value)`` changes (a path of keys and indexes)."""
    data = base()
    for path, value in changes:
        *parents, last = path.split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return data


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(ScenarioError) as err:
        from_scenario({"game": GAME, **data}, "case.toml")
    message = str(err.value)
    assert message.startswith("case.toml: ")
    return message


def test_the_base_position_is_valid_and_round_trips() -> None:
    s = from_scenario({"game": GAME, **base()})
    assert s.to_act == 1
    again = from_scenario({"game": GAME, **s.to_data()})
    assert again.to_data() == s.to_data()


# --- keys, types, ranges -----------------------------------------------------------------

KEYS = [
    (patched(("hnad", 1)), "(top level): unknown key 'hnad'"),
    (patched(("seat.1.hnad", [])), "seat[1]: unknown key 'hnad'"),
    (patched(("battle.acts", [])), "battle: unknown key 'acts'"),
    (patched(("battle.plays.0.card", "avis.scout")), "battle.plays[0]: unknown key 'card'"),
    (patched(("params", {"speed": 2})), "radiant-perim has no parameter 'speed' (known: none)"),
    (patched(("seat.0", 5)), "seat[0]: must be a table, not an integer"),
    (patched(("battle", [])), "battle: must be a table, not a list"),
]
TYPES = [
    (patched(("players", "3")), "players: must be an integer, not a string"),
    (patched(("players", 3.0)), "players: must be an integer, not a number with a point"),
    (patched(("players", True)), "players: must be an integer, not a boolean"),
    (patched(("need_move", 0)), "need_move: must be true or false, not an integer"),
    (patched(("age", "2")), "age: must be an integer, not a string"),
    (patched(("turn", 1.0)), "turn: must be an integer, not a number with a point"),
    (patched(("scores", ["1", 0, 0])), "scores[0]: must be an integer, not a string"),
    (patched(("battle.plays.0.counts", 1)),
     "battle.plays[0].counts: must be true or false, not an integer"),
    (patched(("battle.plays.0.rank", "2")),
     "battle.plays[0].rank: must be an integer, not a string"),
    (patched(("seat.0.hand", "avis.scout")), "seat[0].hand: must be a list, not a string"),
    (patched(("seat.0.hand", [7])), "seat[0].hand[0]: 7 is not a card"),
    (patched(("pool", [""] * 8)), "pool: must list 9 values, not 8"),
    (patched(("chance", "0x10")), "field 'chance' must be 1 to 16 hex digits"),
    (patched(("chance", "١٢")), "field 'chance' must be 1 to 16 hex digits"),
]
RANGES = [
    (patched(("players", 5)), "radiant-perim is played by 2, 3, 4 players, not 5"),
    # Numbers beyond 64 bits are refused by the core's reader before the game looks.
    (patched(("players", 10**30)), "players is a number beyond 64 bits"),
    (patched(("seed", 10**30)), "seed is a number beyond 64 bits"),
    (patched(("seed", -(10**5000))), "seed is a number beyond 64 bits"),
    (patched(("seed", 2**63 + 1)), "seed is a number beyond 64 bits"),
    (patched(("seed", -1)), "seed: -1 is out of range (0 to 9223372036854775807)"),
    (patched(("age", 4)), "age: 4 is out of range (1 to 3)"),
    (patched(("dealer", 3)), "dealer: 3 is out of range (0 to 2)"),
    (patched(("turn", -1)), "turn: -1 is out of range (0 to 2)"),
    (patched(("scores", [10**30, 0, 0])), "scores[0] is a number beyond 64 bits"),
    (patched(("scores", [1000, 0, 0])), "scores[0]: 1000 is out of range (0 to 999)"),
    (patched(("scores", [0, 0])), "scores: must list 3 values, not 2"),
    (patched(("battle_no", 10**20)), "battle_no is a number beyond 64 bits"),
    (patched(("battle_no", 1000)), "battle_no: 1000 is out of range (0 to 999)"),
    (patched(("silver", {"clouds-5": -1})), "silver.clouds-5: -1 is out of range (0 to 3)"),
    (patched(("control", {"clouds-1": 3})), "control.clouds-1: a side is 0..2 (there are 3 "
                                            "sides), not 3"),
    (patched(("control", {"atlantis": 0})), "control: unknown region 'atlantis'"),
    (patched(("battle.acted", [0, 0])), "battle.acted names a seat twice"),
    (patched(("battle.plays.0.seat", 7)), "battle.plays[0].seat: 7 is out of range (0 to 2)"),
    (patched(("picks_left", 13)), "picks_left: 13 is out of range (0 to 12)"),
    (patched(("seat.0.hand", ["avis.scout"] * 49)), "seat[0].hand lists 49 cards"),
]


@pytest.mark.parametrize(("data", "message"), KEYS + TYPES + RANGES,
                         ids=[m[:40] for _, m in KEYS + TYPES + RANGES])
def test_bad_keys_types_and_ranges_are_named(data: dict[str, Any], message: str) -> None:
    """Unknown keys in any table, values of another type (no "3" for 3, no 1 for true, no
    float for an int) and values out of range (huge numbers too) are refused, naming the
    table and the key."""
    assert message in refused(data)


def test_four_players_have_two_sides() -> None:
    """Four-Player Game: two teams, so two sides (0 and 1)."""
    data = {"players": 4, "phase": "war", "need_move": True,
            "seat": [{"hand": ["avis.scout"]}, {}, {}, {}], "control": {"sea-1": 2}}
    assert "control.sea-1: a side is 0..1 (there are 2 sides)" in refused(data)


# --- positions play cannot reach -----------------------------------------------------------

UNREACHABLE = [
    # Components: 48 cards, two of each; a card is in one place only.
    (patched(("seat.2.hand", ["avis.knight"] * 2)), "there are 2 avis.knight cards, the "
                                                    "scenario places 3", "Components"),
    (patched(("deck", ["avis.elder"])), "there are 2 avis.assassin cards, the scenario "
                                        "places 0", "Components"),
    (patched(("seat.0.captured", ["avis.scout", "avis.scout"])), "places 3 (Components",
     "Components"),
    # Coins: where the rules put them, as many as can pile up.
    (patched(("silver", {"clouds-1": 1})), "silver coins are placed on temples only",
     "Setup (Age 1)"),
    (patched(("copper", {"sea-6": 1})), "no coin is ever placed on a portal",
     "Setup Before Ages 2 and 3"),
    (patched(("copper", {"sea-5": 1})), "a temple gets a silver coin", "Setup Before Ages"),
    (patched(("age", 1)), "copper.sea-1: no copper coin is placed in age 1", "Setup (Age 1)"),
    (patched(("silver", {"sea-5": 3})), "at most 2 silver coins can pile up", "Setup Before"),
    (patched(("copper", {"sea-2": 2})), "at most 1 copper coins can pile up", "Setup Before"),
    (patched(("silver", {"clouds-5": 1}), ("control", {"clouds-5": 0})),
     "clouds-5 has a cube on it, so its coins went to the victor", "Phase 3: War"),
    # Phases.
    (patched(("picks_left", 2)), "2 picks are left, but this is the war phase",
     "Phase 1: Recruit"),
    (patched(("need_move", True)), "no battle is under way while the tracker waits to move",
     "Phase 3: War — Battles"),
    (patched(("tracker", "centre"), ("battle", {})), "the battle tracker is on the centre, so "
     "the war has just begun", "Phase 3: War"),
    (patched(("phase", "meld"), ("battle", {}), ("control", {}), ("tracker", "centre"),
             ("need_move", True)),
     "the battle tracker is moved in the war, not the meld phase", "Phase 3: War — Moves"),
    (patched(("phase", "meld"), ("need_move", False), ("control", {}), ("battle", {})),
     "the battle tracker returns to the centre", "Setup Before Ages 2 and 3"),
    (patched(("phase", "meld"), ("tracker", "centre"), ("battle", {})),
     "cubes are removed at the start of each age", "Setup Before Ages 2 and 3"),
    (patched(("phase", "meld"), ("tracker", "centre"), ("control", {})),
     "battles are fought in the war, not the meld phase", "Phase 3: War — Battles"),
    (patched(("coins_taken", [3, 0, 0]), ("phase", "meld"), ("tracker", "centre"),
             ("control", {}), ("battle", {})),
     "coins taken in battle are scored at the end of the age", "End of an Age"),
    (patched(("seat.1.melds", ["mounted-knight avis"])), "melds are set aside in secret only "
     "in the meld phase", "Phase 2: Meld"),
    (patched(("seat.0.unseen_captured", ["avis.scout"]), ("seat.0.captured", ["avis.scout"]),
             ("battle", {}), ("need_move", True), ("turn", 0)),
     "cards left in hand go to the captured pile when the war ends",
     "Phase 3: War — Ending the War"),
    (patched(("phase", "over"), ("battle", {})), "the game ends after the third age",
     "Winning"),
    (patched(("phase", "over"), ("age", 3), ("battle", {})), "the game is over, and the war "
     "ended with every hand empty", "Phase 3: War — Ending the War"),
    (patched(("seat.0.hand", []), ("seat.1.hand", []), ("seat.2.hand", [])),
     "no seat holds a card, so the war is over", "Phase 3: War — Ending the War"),
    # The battle under way.
    (patched(("turn", 0)), "P1 has already acted in this battle", "Phase 3: War — Battles"),
    (patched(("turn", 2), ("seat.2.hand", [])), "P3 holds no card", "Ending the War"),
    (patched(("battle.plays.0.rank", 4)), "a avis.scout ranks 2", "Phase 3: War — Battles"),
    (patched(("battle.plays.0.counts", False)), "avis.scout counts in clouds-2",
     "Phase 3: War — Battles"),
    (patched(("battle.plays.0.cards", ["mariner.scout"]), ("battle.cards", ["mariner.scout"]),
             ("battle.plays.0.counts", False), ("seat.0.hand", ["avis.phalanx"])),
     "P1 played a card neither native nor Radiant while holding a native card",
     "Phase 3: War — Battles"),
    (patched(("battle.plays.0.cards", ["avis.mount", "avis.knight"]), ("battle.plays.0.rank", 6),
             ("battle.cards", ["avis.mount", "avis.knight"]), ("seat.1.hand", ["avis.phalanx"])),
     "a mounted knight is a knight and a mount of the same race, knight first",
     "Phase 3: War — Mounted Knights"),
    (patched(("battle.cards", [])), "must hold the cards of the plays", "Phase 3: War — Battles"),
    (patched(("battle.cards", ["avis.scout", "avis.phalanx"])), "holds cards that were neither "
     "played nor assassinated", "Phase 3: War — Assassinations"),
    (patched(("battle.plays.0.cards", ["avis.assassin"]), ("battle.plays.0.rank", 4),
             ("battle.cards", ["avis.assassin"])),
     "an assassin ranks as a knight, so the native knight it assassinated lies on it",
     "Phase 3: War — Assassinations"),
    (patched(("battle.may_pass", [1])), "only a seat whose card was assassinated may pass",
     "Phase 3: War — Assassinations"),
    (patched(("battle.acted", [0, 2])), "P3 acted without playing", "Assassinations"),
    (patched(("battle.acted", [])), "P1 played, so it has acted", "Phase 3: War — Battles"),
    (patched(("last_win", [1, 1, 0])), "two sides cannot both have won the same battle",
     "Phase 3: War — Battles"),
    (patched(("last_win", [2, 0, 0])), "battle 2 was won, but only 1 have been fought",
     "Winning"),
    # The seat to act has a legal action.
    (patched(("battle", {}), ("need_move", True), ("turn", 0), ("tracker", "clouds-1"),
             ("control", {"clouds-1": 0, "clouds-2": 0, "clouds-3": 0, "clouds-5": 0}),
             ("silver", {})),
     "P1 must move the battle tracker but its side controls every region",
     "Phase 3: War — Moves"),
    # Cards known in a hand, missing from it, added unseen; melds.
    (patched(("seat.0.known", ["avis.phalanx"])), "seat[0].known: avis.phalanx is not in the "
                                                  "hand", ""),
    (patched(("seat.0.lacks", ["mariner.elder"])), "seat[0].lacks: mariner.elder is in the "
                                                   "hand", ""),
]


@pytest.mark.parametrize(("data", "message", "rule"), UNREACHABLE,
                         ids=[m[:40] for _, m, _ in UNREACHABLE])
def test_unreachable_positions_are_refused_with_the_rule(data: dict[str, Any], message: str,
                                                         rule: str) -> None:
    """A position play cannot reach is refused, naming what is wrong and the rule it
    breaks (its rulebook section)."""
    text = refused(data)
    assert message in text, text
    assert f"({rule}" in text or rule in text, text


def test_recruit_and_meld_positions_are_checked_too() -> None:
    """Phase 1: Recruit: picks are left exactly in the recruit phase, slots are refilled
    while the deck lasts, and there must be cards left for the picks; Phase 2: Meld: a
    meld set aside must be formed from the hand."""
    fresh = new_game(GAME, 2, seed=3).to_data()
    assert "0 in the recruit phase" in refused(dict(fresh, picks_left=0))
    pool = [""] + fresh["pool"][1:]
    deck = fresh["deck"] + [fresh["pool"][0]]
    assert "a slot is empty while the deck still has cards" in refused(
        dict(fresh, pool=pool, deck=deck))
    meld = {"players": 2, "phase": "meld", "seat": [{"hand": ["avis.knight"]}, {},
                                                    ]}
    meld["seat"][0]["melds"] = ["mounted-knight avis"]
    assert "seat[0].melds[0]: the cards not yet melded cannot form" in refused(meld)
    meld["seat"][0]["melds"] = ["army"]
    assert "seat[0].melds[0]: cannot read" in refused(meld)
    assert "seat[0].captured: captured cards are shuffled into the deck" in refused(
        {"players": 2, "phase": "meld", "seat": [{"captured": ["avis.knight"]}, {}]})
    assert "seat[1].revealed: melds are revealed at the end of the meld phase" in refused(
        {"players": 2, "phase": "meld", "seat": [{}, {"revealed": ["guild"]}]})
    assert "seat[0].lacks: a missing card is learnt in the war" in refused(
        {"players": 2, "phase": "meld", "seat": [{"lacks": ["avis.knight"]}, {}]})


def test_scenario_errors_are_scenario_errors_never_others() -> None:
    """Every refusal is a ScenarioError (a TabletopError), even for data of the wrong
    shape at the top (the core passes a dict; from_data may be called directly)."""
    for data in ([], "war", 7, None, {"seat": "x"}, {"battle": {"plays": [3]}},
                 {"control": []}, {1: 2}):
        with pytest.raises(ScenarioError):
            SPEC.from_data(data)  # type: ignore[arg-type]


# --- anything else builds a position that plays to its end -------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["avis.knight", "clouds-1", "war", "centre"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=8)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]),
       cut=st.floats(0, 1), data=st.data())
def test_mutated_positions_play_to_the_end_or_are_refused(seed: int, players: int,
                                                          cut: float,
                                                          data: st.DataObject) -> None:
    """Change one value anywhere in a real position's data (another value of any type, a
    number, a swapped card or seat): ``from_data`` either refuses it with a ScenarioError
    or builds a position whose seat to act has a legal action and that random play takes
    to the end of the game without any error."""
    rng = random.Random(seed)
    state = new_game(GAME, players, seed=seed)
    for _ in range(int(cut * 400)):
        if state.to_act is None:
            break
        state.apply(rng.choice(state.legal_actions()))
    position = state.to_data()
    paths = [p for p in _paths(position) if p]
    where = data.draw(st.sampled_from(paths))
    value = data.draw(JSON | st.integers(-3, 10) | st.sampled_from(
        ["avis.assassin", "mariner.phalanx", "sea-6", "clouds-5", "", "over", "meld"]))
    mutated = copy.deepcopy(position)
    node: Any = mutated
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    try:
        s = SPEC.from_data(mutated)
    except ScenarioError:
        return
    assert s.to_act is None or s.legal_actions()
    n = 0
    while s.to_act is not None:
        n += 1
        assert n < 2_000
        s.apply(rng.choice(s.legal_actions()))
    assert s.outcome() is not None
    for seat in [*range(players), None]:
        s.view(seat)
    try:
        s.state_hash()
    except TabletopError:  # pragma: no cover - to_data must always serialize
        raise
