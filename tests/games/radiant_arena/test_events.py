"""Events of radiant-arena (events.py; docs/rules/radiant-arena.md, "Events"): every state
change is an event, and a seat's events tell it everything its view shows.

The main test folds a seat's event stream (``events_for(seat)``) into a small model of the
public information — each unit's zone, damage, committed, levelled and item; each player's
power, Buyback token, hand, deck, discard pile, shop, conduits (damage, ruined, name once
seen); the turn, the active player and the action points — and compares it with
``view(seat)`` at every decision point of seeded random games, for both seats and a
spectator. A state change without its event, or an event with a wrong field, shows up as a
difference.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from tabletop.core import HIDDEN, Event, new_game
from tabletop.games.radiant_arena import SPEC, ArenaState
from tabletop.games.radiant_arena.data import Catalog
from tabletop.games.radiant_arena.events import KINDS

from .helpers import CARDS, found, play, position

DOC = Path(__file__).parents[3] / "docs" / "rules" / "radiant-arena.md"
LANES = ("left", "center", "right")


def fresh_unit(owner: int) -> dict[str, Any]:
    return {"owner": owner, "zone": "home", "damage": 0, "committed": False,
            "levelled": False, "item": None}


class Model:
    """What one seat knows of the board, from its events only."""

    def __init__(self, seat: int | None, cat: Catalog) -> None:
        self.seat, self.cat = seat, cat
        self.units: dict[str, dict[str, Any]] = {}
        self.players = [{"power": 0, "buyback": True, "hand": 0, "deck": 0, "discard": [],
                         "shop": 0, "conduits": [{"damage": 0, "ruined": False, "name": None}
                                                 for _ in LANES]} for _ in (0, 1)]
        self.turn = self.active = self.ap = 0

    def fold(self, e: Event) -> None:
        assert all(v is not HIDDEN for v in e.fields.values())
        getattr(self, f"on_{e.kind}", lambda f: None)(e.fields)

    # --- one handler per kind that changes what a view shows ---------------------------

    def on_setup(self, f: dict[str, Any]) -> None:
        p = self.players[f["seat"]]
        for h in f["heroes"]:
            self.units[h] = fresh_unit(f["seat"])
        p["deck"], p["shop"] = f["deck"], f["shop"]
        if "deity" in f:  # the seat's own: private to it
            self.units[f["deity"]] = fresh_unit(f["seat"])
            for lane, cid in enumerate(f["conduits"]):
                p["conduits"][lane]["name"] = self.cat.conduits[cid].name

    def on_draw(self, f: dict[str, Any]) -> None:
        p = self.players[f["seat"]]
        p["hand"], p["deck"] = f["hand"], f["deck"]

    def on_deploy(self, f: dict[str, Any]) -> None:
        self.units[f["unit"]]["zone"] = f["lane"]

    def on_turn_start(self, f: dict[str, Any]) -> None:
        self.turn, self.active, self.ap = f["turn"], f["seat"], f["ap"]

    def on_turn_end(self, f: dict[str, Any]) -> None:
        self.ap = 0
        self.check_board(f["board"])

    def on_ap_gain(self, f: dict[str, Any]) -> None:
        self.ap = f["total"]

    def on_power_gain(self, f: dict[str, Any]) -> None:
        self.players[f["seat"]]["power"] = f["total"]

    on_power_pay = on_power_gain

    def on_damage(self, f: dict[str, Any]) -> None:
        assert f["after"] == f["before"] + f["amount"]
        self.units[f["unit"]]["damage"] = f["after"]

    def on_heal(self, f: dict[str, Any]) -> None:
        assert f["after"] == f["before"] - f["amount"] >= 0
        self.units[f["unit"]]["damage"] = f["after"]

    def on_conduit_damage(self, f: dict[str, Any]) -> None:
        self.players[f["seat"]]["conduits"][LANES.index(f["lane"])]["damage"] = f["after"]

    def on_ko(self, f: dict[str, Any]) -> None:
        self.units[f["unit"]].update(zone="home", damage=0, committed=False)

    def on_level_up(self, f: dict[str, Any]) -> None:
        self.units[f["unit"]]["levelled"] = True
        self.spent(f)

    def spent(self, f: dict[str, Any]) -> None:
        """An action's event says how many action points are left (null: it cost none)."""
        if f["ap"] is not None:
            self.ap = f["ap"]

    def on_recover(self, f: dict[str, Any]) -> None:
        self.units[f["unit"]]["committed"] = False
        self.spent(f)

    def on_commit(self, f: dict[str, Any]) -> None:
        self.units[f["unit"]]["committed"] = True

    def on_attack(self, f: dict[str, Any]) -> None:
        self.units[f["unit"]]["committed"] = True  # attacking commits the hero
        self.spent(f)

    on_join = on_block = on_snipe = on_commit  # so do joining, blocking, sniping

    def on_move(self, f: dict[str, Any]) -> None:
        assert self.units[f["unit"]]["zone"] == f["start"]
        self.units[f["unit"]]["zone"] = f["lane"]
        self.spent(f)

    def on_ruin(self, f: dict[str, Any]) -> None:
        c = self.players[f["seat"]]["conduits"][LANES.index(f["lane"])]
        c["ruined"], c["name"] = True, self.cat.conduits[f["conduit"]].name

    def on_banish(self, f: dict[str, Any]) -> None:
        self.units[f["unit"]].update(zone="void", item=None, damage=0, committed=False)

    def on_manifest(self, f: dict[str, Any]) -> None:
        unit = self.units.setdefault(f["deity"], fresh_unit(f["seat"]))
        unit.update(zone=f["lane"], damage=0, committed=False)
        self.spent(f)

    def on_revive(self, f: dict[str, Any]) -> None:
        self.units[f["unit"]].update(zone=f["lane"], damage=0, committed=False)
        if f["how"] == "buyback":
            self.players[f["seat"]]["buyback"] = False

    def on_hand(self, f: dict[str, Any]) -> None:
        self.players[f["seat"]]["hand"] = f["hand"]

    on_clash = on_extra_clash = on_hand

    def on_talent(self, f: dict[str, Any]) -> None:
        self.on_hand(f)
        self.spent(f)

    def on_discard(self, f: dict[str, Any]) -> None:
        p = self.players[f["seat"]]
        p["hand"], p["deck"] = f["hand"], f["deck"]
        p["discard"].append(f["card"])

    def on_power_loss(self, f: dict[str, Any]) -> None:
        self.players[f["seat"]]["power"] = f["total"]

    def on_card_moved(self, f: dict[str, Any]) -> None:
        p = self.players[f["seat"]]
        p["hand"], p["deck"] = f["hand"], f["deck"]

    def on_reveal_top(self, f: dict[str, Any]) -> None:
        self.players[f["seat"]]["deck"] = f["deck"]

    def on_buy(self, f: dict[str, Any]) -> None:
        self.units[f["unit"]]["item"] = f["item"]
        self.players[f["seat"]]["shop"] = f["shop"]

    def on_item_destroyed(self, f: dict[str, Any]) -> None:
        self.players[f["seat"]]["discard"].append(f["item"])

    def on_game_end(self, f: dict[str, Any]) -> None:
        self.check_board(f["board"])

    # --- comparisons ---------------------------------------------------------------------

    def check_board(self, board: dict[str, Any]) -> None:
        """A turn_end / game_end board agrees with what the events told so far."""
        for seat, p in enumerate(self.players):
            assert board["power"][seat] == p["power"] and board["hand"][seat] == p["hand"]
            assert board["deck"][seat] == p["deck"] and board["buyback"][seat] == p["buyback"]
            assert board["discard"][seat] == len(p["discard"])
            assert board["conduit_damage"][seat] == [c["damage"] for c in p["conduits"]]
            assert board["ruined"][seat] == [c["ruined"] for c in p["conduits"]]
        for slot, uid in enumerate(board["units"]):
            if uid is None:
                continue
            unit = self.units[uid]
            assert unit["owner"] == slot // 4
            for key in ("zone", "damage", "committed", "levelled", "item"):
                assert board[key][slot] == unit[key], (uid, key)

    def compare(self, view: dict[str, Any]) -> None:
        """The model is exactly what the view shows."""
        assert (view["turn"], view["active"], view["action_points"]) == (
            self.turn, self.active, self.ap)
        shown = {u["id"]: u for u in view["units"] if "id" in u}
        assert set(shown) == set(self.units), "the units known from events"
        for uid, unit in self.units.items():
            got = {k: shown[uid][k] for k in unit}
            assert got == unit, uid
        for seat, p in enumerate(self.players):
            v = view["players"][seat]
            for key in ("power", "buyback", "hand", "deck", "discard", "shop"):
                assert v[key] == p[key], (seat, key)
            got = [{"damage": c["damage"], "ruined": c["ruined"], "name": c["name"]}
                   for c in v["conduits"]]
            assert got == p["conduits"], seat


def replay_and_compare(state: ArenaState, rng: random.Random) -> int:
    """Play ``state`` to its end at random; at every decision point (and the end) fold
    each seat's new events into its model and compare the model with its view."""
    models = {seat: Model(seat, state.cat) for seat in (0, 1, None)}
    seen = dict.fromkeys(models, 0)
    compared = 0
    while True:
        for seat, model in models.items():
            mine = state.events_for(seat)
            for e in mine[seen[seat]:]:
                model.fold(e)
            seen[seat] = len(mine)
            model.compare(state.view(seat))
            compared += 1
        if state.to_act is None:
            return compared
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("seed", range(6))
def test_events_tell_each_seat_what_its_view_shows(seed: int) -> None:
    """Every state change a seat's view shows is an event of that seat's stream: folded
    from the start, the events give exactly the view at every decision point (docs/rules/
    radiant-arena.md, Events; Hidden information). Odd seeds add the rulebook's example
    cards (a third deity: the Wrathlord's conduits and replacement)."""
    cards = {"cards": str(CARDS / "examples.toml")} if seed % 2 else {}
    state = new_game("radiant-arena", seed=seed, **cards)
    assert isinstance(state, ArenaState)
    assert replay_and_compare(state, random.Random(seed)) > 100


def test_events_have_documented_kinds_and_json_fields() -> None:
    """DESIGN.md: each event has a stable kind, JSON-ready fields and a text rendered from
    them; every kind emitted is one of ``SPEC.event_kinds``, and no event is legacy."""
    state = new_game("radiant-arena", seed=11, cards=str(CARDS / "examples.toml"))
    rng = random.Random(11)
    while state.to_act is not None:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    names = {k.name for k in SPEC.event_kinds}
    assert SPEC.event_kinds == KINDS
    for seat in (0, 1, None):
        for e in state.events_for(seat):
            assert e.book is not None and e.kind in names
            data = e.to_json()
            assert json.loads(json.dumps(data)) == data
            assert e.text and "{" not in e.text and "HIDDEN" not in e.text
            # Seats are 0-based in data and read as "Player A"/"Player B" in sentences.
            for key in ("seat", "winner"):
                if key in e.fields:
                    assert e.fields[key] in (0, 1)
            assert not re.search(r"\b(seat|player) [0-9]", e.text, re.I), e.text
    assert state.events[-1].kind == "game_end"


def test_every_kind_is_documented_in_the_rules_page() -> None:
    """docs/rules/radiant-arena.md, "Events": the section lists exactly the kinds of
    ``SPEC.event_kinds``, each with its fields."""
    text = DOC.read_text()
    section = text.split("\n## Events\n", 1)[1].split("\n## ", 1)[0]
    table, glossary = section.split("\nFields (", 1)
    listed = re.findall(r"^\| `([a-z_]+)` \|", table, re.M)
    assert sorted(listed) == sorted(k.name for k in SPEC.event_kinds)
    assert len(listed) == len(set(listed))
    for kind in SPEC.event_kinds:
        row = next(line for line in table.splitlines() if line.startswith(f"| `{kind.name}` |"))
        for name in kind.fields:
            assert f"`{name}`" in row, (kind.name, name)
            assert f"\n| `{name}` | " in glossary, f"field {name} has no type and meaning"
        for name, owner in kind.private.items():
            assert f"`{name}` (private to `{owner}`)" in row, (kind.name, name)


def test_a_turn_ends_with_the_board_as_it_stood() -> None:
    """The Draw Step ends the turn: the turn_end event carries the board (power, hand and
    deck counts, units' zones, damage, committed and levelled state, conduits)."""
    s = position({"alyn": {"zone": "left", "damage": 2, "committed": True},
                  "viggo": {"zone": "right", "levelled": True}},
                 hands=[["time-lock"], ["zeal"]], power=[0, 1])
    play(s, "pass")  # nothing to revive or buy: the draw step, then the turn's end
    (end,) = found(s, "turn_end")
    board = end["board"]
    assert end["seat"] == 0 and end["turn"] == s.turn - 1
    assert board["power"] == [0, 1] and board["hand"] == [2, 1]
    alyn, viggo = board["units"].index("alyn"), board["units"].index("viggo")
    assert (board["zone"][alyn], board["damage"][alyn], board["committed"][alyn]) == (
        "left", 2, True)
    assert board["levelled"][viggo] and board["zone"][viggo] == "right"
    assert board["units"][3] is None and board["units"][7] is None  # deities face down
    assert board["ruined"] == [[False] * 3, [False] * 3]


def test_sentences_read_seats_as_labels_and_cards_by_name() -> None:
    """A few sentences themselves: seats read "Player A"/"Player B", cards their printed
    names; the copy of a seat that may not see a card says "a card"."""
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "left"}},
                 hands=[["red-harvest"], ["sunder"]])
    play(s, "attack alyn", "target viggo", "clash red-harvest")
    assert s.events[-1].text == "Alyn clashes Red Harvest face down."
    assert s.events_for(1)[-1].text == "Alyn clashes a card face down."
    assert [e.text for e in s.events if e.kind == "attack"] == ["Alyn attacks in the left lane."]
    assert found(s, "attack") == [{"seat": 0, "unit": "alyn", "lane": "left", "ap": 2}]
