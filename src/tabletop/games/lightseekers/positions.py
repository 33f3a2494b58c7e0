"""Lightseekers positions as plain data, and read back strictly.

:func:`to_data` writes everything that decides the future (TOML-ready: every card in
every place by id, whose turn and what it has done, timed effects, the generator).
:func:`from_data` reads a position a person wrote (a scenario): every key known, every
type exact, every value in range, and nothing play cannot reach; a missing key takes its
value from a fresh game with the same players, seed and parameters. What a position may
hold is a decision point: the action phase, a reward being chosen, or the end; what play
can reach is checked by :mod:`.reachable`, each refusal citing the rule it breaks.

A seat's cards in all places together must fit in a deck (GETTING STARTED: no combo
twice, at most 3 of each action card, 5 combos and 30 action cards at most), so a
scenario may give a seat any cards of the pool, not only those of its ready deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.cards import TIMED, Modifier
from tabletop.core import Chance, ParameterError, ScenarioError
from tabletop.core.positions import flag, listing, number
from tabletop.core.spec import MAX_SEED

from .ids import (
    ACTIONS_PER_TURN,
    BUFF,
    DEFEAT_RETURN,
    ELEMENT_BIT,
    ELEMENTS,
    ITEM,
    MAX_HEALTH,
    STEP_NAMES,
)
from .reachable import check_reachable

if TYPE_CHECKING:
    from .rules import LsState

KEYS = ("players", "seed", "params", "order", "alive", "health", "vp", "heroes", "hand",
        "deck", "discard", "buffs", "items", "uid", "active", "step", "actions", "combo",
        "passed", "used", "paying", "rewards", "store", "clock", "empties", "out", "turn",
        "chance", "conceded")
BUFF_KEYS = ("card", "turns", "uid")
STORE_KEYS = ("ts", "card", "by", "hero", "stat", "change", "until")
PAYING_KEYS = ("combo", "paid")


def to_data(s: LsState) -> dict[str, Any]:
    """The whole position (TOML-ready)."""
    assert not s.stack and not s.queue, "a position is written at a decision"
    cards = s.cat.cards

    def ids(zone: list[int]) -> list[str]:
        return [cards[c].id for c in zone]

    paying: dict[str, Any] = {"combo": "", "paid": []}
    if s.paying is not None:
        paying = {"combo": cards[s.paying[0]].id, "paid": ids(list(s.paying[2]))}
    return {
        "players": s.players, "seed": s.seed,
        # no user card files: as before the parameter existed (positions, hashes alike)
        "params": {k: v for k, v in s.params.items() if k != "cards" or v},
        "order": list(s.order), "alive": list(s.alive), "health": list(s.health),
        "vp": list(s.vp), "heroes": [s.cat.heroes[h].id for h in s.heroes],
        "hand": [ids(h) for h in s.hand], "deck": [ids(d) for d in s.deck],
        "discard": [ids(d) for d in s.disc],
        "buffs": [[{"card": cards[c].id, "turns": t, "uid": u} for u, c, t in row]
                  for row in s.buffs],
        "items": [ids(i) for i in s.items], "uid": s.uid, "active": s.active,
        "step": STEP_NAMES[s.step], "actions": s.acts, "combo": s.combo,
        "passed": s.passed, "used": [e for e in ELEMENTS if ELEMENT_BIT[e] & s.used],
        "paying": paying, "rewards": [[p, n] for p, n in s.rewards],
        "store": [{"ts": m.ts, "card": m.card, "by": m.controller, "hero": m.affects,
                   "stat": m.key, "change": m.value, "until": m.until} for m in s.store],
        "clock": s.clock, "empties": list(s.empties), "out": list(s.out), "turn": s.turn,
        "chance": f"{s.chance.s:016x}",
        **({"conceded": s.conceded_data()} if s.conceded else {}),
    }


# --- reading ---------------------------------------------------------------------------------


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _table(value: Any, where: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScenarioError(f"{where} must be a table, not {_short(value)}")
    for k in value:
        if k not in keys:
            raise ScenarioError(f"{where}: unknown key {_short(k)}")
    return value


def from_data(data: Mapping[str, Any], state: type[LsState]) -> LsState:
    """The position ``data`` describes, as a ``state`` (the class: this module is below
    the rules and does not import them); raises ``ScenarioError`` naming what is wrong."""

    if not isinstance(data, Mapping):
        raise ScenarioError("a position is a table")
    for k in data:
        if k not in KEYS:
            raise ScenarioError(f"(top level): unknown key {_short(k)}")
    players = number(data.get("players", 2), "players", 2, 6)
    seed = number(data.get("seed", 0), "seed", 0, MAX_SEED)
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise ScenarioError("params must be a table")
    try:
        checked = state.spec.check_params(players, params)
        s = state(players, seed, checked)
    except ParameterError as e:
        raise ScenarioError(f"params: {e}") from None
    s.events = []
    fresh = to_data(s)
    d = {k: data.get(k, fresh[k]) for k in KEYS if k != "conceded"}
    _read(s, d, players)
    if "conceded" in data:
        s.read_conceded(data["conceded"])
    check_reachable(s)  # what play can reach, and the seat to act can act (issue 30)
    return s


def _card_ids(s: LsState, value: Any, where: str) -> list[int]:
    out = []
    for i, cid in enumerate(listing(value, where)):
        if not isinstance(cid, str) or cid not in s.cat.index:
            raise ScenarioError(f"{where}[{i}]: unknown card {_short(cid)}")
        out.append(s.cat.index[cid])
    return out


def _zones(s: LsState, value: Any, where: str, players: int) -> list[list[int]]:
    rows = listing(value, where, players)
    return [_card_ids(s, row, f"{where}[{p}]") for p, row in enumerate(rows)]


def _read(s: LsState, d: dict[str, Any], players: int) -> None:
    cat = s.cat
    order = [number(x, "order", 0, players - 1) for x in listing(d["order"], "order", players)]
    if sorted(order) != list(range(players)):
        raise ScenarioError("order must hold every seat once")
    s.order = tuple(order)
    s.pos = tuple(order.index(p) for p in range(players))
    s.alive = [flag(x, "alive") for x in listing(d["alive"], "alive", players)]
    s.health = [number(x, "health", 0, MAX_HEALTH) for x in listing(d["health"], "health",
                                                                   players)]
    s.vp = [number(x, "vp", 0, players) for x in listing(d["vp"], "vp", players)]
    heroes = []
    for p, h in enumerate(listing(d["heroes"], "heroes", players)):
        if not isinstance(h, str) or h not in cat.hero_index:
            raise ScenarioError(f"heroes[{p}]: unknown hero {_short(h)}")
        heroes.append(cat.hero_index[h])
    s.set_heroes(tuple(heroes))
    s.hand = [sorted(z) for z in _zones(s, d["hand"], "hand", players)]
    s.deck = _zones(s, d["deck"], "deck", players)
    s.disc = _zones(s, d["discard"], "discard", players)
    s.items = _zones(s, d["items"], "items", players)
    for p, row in enumerate(s.items):
        for c in row:
            if cat.cards[c].type != ITEM or cat.cards[c].combo:
                raise ScenarioError(f"items[{p}]: {cat.cards[c].id} is not an item")
    s.uid = number(d["uid"], "uid", 0, 1_000_000)
    uids: set[int] = set()
    s.buffs = []
    for p, row in enumerate(listing(d["buffs"], "buffs", players)):
        out = []
        for i, entry in enumerate(listing(row, f"buffs[{p}]")):
            w = f"buffs[{p}][{i}]"
            t = _table(entry, w, BUFF_KEYS)
            cid = t.get("card")
            if not isinstance(cid, str) or cid not in cat.index:
                raise ScenarioError(f"{w}.card: unknown card {_short(cid)}")
            c = cat.index[cid]
            card = cat.cards[c]
            if card.type != BUFF:
                raise ScenarioError(f"{w}.card: {cid} is not a buff")
            turns = number(t.get("turns", 0), f"{w}.turns", 0, 3 if card.rotation else 0)
            u = number(t.get("uid", 0), f"{w}.uid", 1, s.uid)
            if u in uids:
                raise ScenarioError(f"{w}.uid: {u} is used twice")
            uids.add(u)
            out.append((u, c, turns))
        s.buffs.append(out)
    s.active = number(d["active"], "active", 0, players - 1)
    step = d["step"]
    if step not in STEP_NAMES:
        raise ScenarioError(f"step must be one of {', '.join(STEP_NAMES)}, not "
                            f"{_short(step)}")
    s.step = STEP_NAMES.index(step)
    s.acts = number(d["actions"], "actions", 0, ACTIONS_PER_TURN)
    s.combo = flag(d["combo"], "combo")
    s.passed = flag(d["passed"], "passed")
    used = 0
    for e in listing(d["used"], "used"):
        if not isinstance(e, str) or e not in ELEMENT_BIT:
            raise ScenarioError(f"used: unknown Element {_short(e)}")
        used |= ELEMENT_BIT[e]
    s.used = used
    paying = _table(d["paying"], "paying", PAYING_KEYS)
    combo = paying.get("combo", "")
    paid = _card_ids(s, paying.get("paid", []), "paying.paid")
    if combo == "":
        if paid:
            raise ScenarioError("paying.paid: there is no combo being paid for")
        s.paying = None
    else:
        if not isinstance(combo, str) or combo not in cat.index or \
                not cat.cards[cat.index[combo]].combo:
            raise ScenarioError(f"paying.combo: {_short(combo)} is not a combo")
        c = cat.index[combo]
        s.paying = (c, cat.cards[c].symbols, tuple(paid))
    s.rewards = []
    for i, r in enumerate(listing(d["rewards"], "rewards")):
        pair = listing(r, f"rewards[{i}]", 2)
        s.rewards.append((number(pair[0], f"rewards[{i}][0]", 0, players - 1),
                          number(pair[1], f"rewards[{i}][1]", 1, DEFEAT_RETURN)))
    s.clock = number(d["clock"], "clock", 0, 1_000_000)
    store = []
    for i, m in enumerate(listing(d["store"], "store")):
        w = f"store[{i}]"
        t = _table(m, w, STORE_KEYS)
        for k in STORE_KEYS:
            if k not in t:
                raise ScenarioError(f"{w}: missing {k}")
        ts = number(t["ts"], f"{w}.ts", 1, s.clock)
        card = t["card"]
        if not isinstance(card, str) or (card and card not in cat.index and card != "hero"):
            raise ScenarioError(f"{w}.card: unknown card {_short(card)}")
        by = number(t["by"], f"{w}.by", 0, players - 1)
        hero = number(t["hero"], f"{w}.hero", 0, players - 1)
        if t["stat"] not in ("power", "armor"):
            raise ScenarioError(f"{w}.stat must be power or armor")
        change = number(t["change"], f"{w}.change", -99, 99)
        until = t["until"]
        if until not in ("turn", "next_turn"):
            raise ScenarioError(f"{w}.until must be turn or next_turn")
        store.append(Modifier(ts, TIMED, by, card, by, None, hero, "stat", t["stat"], "add",
                              change, until, by if until == "next_turn" else None))
    s.store = tuple(store)
    s.empties = [number(x, "empties", 0, 99) for x in listing(d["empties"], "empties", players)]
    s.out = [number(x, "out", 0, players - 1) for x in listing(d["out"], "out")]
    s.turn = number(d["turn"], "turn", 0, 1_000_000)
    text = d["chance"]
    if not isinstance(text, str) or len(text) != 16 or text.strip("0123456789abcdef"):
        raise ScenarioError("chance must be 16 lowercase hex digits")
    s.chance = Chance(int(text, 16))
    s._statics = None
    s._repl = None
    s._sources = None
    s._kinds = None


__all__ = ["to_data", "from_data", "KEYS"]
