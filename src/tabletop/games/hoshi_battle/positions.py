"""Hoshi Battle positions as plain data, and read back strictly (scenario files).

The reader checks every key and type, every card id and every modifier of the store;
then :mod:`.reachable` checks what play can reach (each card in one place, the phase's
own shape, the store in timestamp order), each refusal citing the rule it breaks. A
missing key takes the value of a fresh game of the same seed and parameters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.cards import TIMED, Modifier
from tabletop.core import Chance, ScenarioError
from tabletop.core.positions import Table, flag, listing, number, word
from tabletop.core.spec import MAX_SEED

from .dice import COUNT_MODES, SYMBOLS
from .ids import MAX_THROWS, PHASES, WINDOWS
from .reachable import check_reachable

if TYPE_CHECKING:
    from .rules import HoshiState

KEYS = ("players", "seed", "params", "chance", "phase", "turn", "duel", "round", "throw",
        "starter", "last_hitter", "next_starter", "hero_deck", "card_deck", "hands",
        "cards", "discards", "exiled", "shown", "hero", "chosen", "stones", "in_play",
        "used", "faces", "window", "passed", "moves", "waited", "was_hit", "did_hit",
        "stone_lost", "struck", "clock", "store", "duelists", "line", "conceded", "drawn", "seen")
MOD_KEYS = ("ts", "seat", "controller", "card", "kind", "key", "op", "value", "until",
            "static")
RULE_WORDS = frozenset({"fixed_die"})
UNTILS = frozenset({"round", "duel", "source", "static", "while"})
SEAT_LISTS = ("hands", "cards", "discards", "exiled", "shown", "in_play", "used")


def to_data(s: HoshiState) -> dict[str, Any]:
    """The whole position (TOML-ready: no None)."""
    return {
        "players": s.players, "seed": s.seed,
        # no user card files: as before the parameter existed (positions, hashes alike)
        "params": {k: v for k, v in s.params.items() if k != "cards" or v},
        "chance": f"{s.chance.s:016x}", "phase": s.phase, "turn": s.turn,
        "duel": s.duel, "round": s.round, "throw": s.throw, "starter": s.starter,
        "last_hitter": s.last_hitter, "next_starter": s.next_starter,
        "hero_deck": list(s.hero_deck), "card_deck": list(s.card_deck),
        **{k: [list(x) for x in getattr(s, k)] for k in SEAT_LISTS},
        "hero": list(s.hero), "chosen": list(s.chosen), "stones": list(s.stones),
        "faces": [list(f) for f in s.faces], "window": s.window, "passed": list(s.passed),
        "moves": s.moves, "waited": s.waited, "was_hit": list(s.was_hit),
        "did_hit": list(s.did_hit), "stone_lost": s.stone_lost, "struck": list(s.struck),
        "clock": s.clock, "duelists": list(s.duelists), "line": list(s.line),
        "store": [_modifier_data(s, m) for m in s.store],
        **({"conceded": s.conceded_data()} if s.conceded else {}),
        # Written only when an effect drew a card (op draw), so other positions and their
        # hashes are as they were.
        **({"drawn": list(s.drawn)} if any(s.drawn) else {}),
        # What a seat looked at (op look), likewise only when there is some.
        **({"seen": [{"viewer": v, "owner": o, "card": c} for v, o, c in s.seen]}
           if s.seen else {}),
    }


def _ids(value: Any, where: str, allowed: Any) -> list[str]:
    items = listing(value, where)
    for i, x in enumerate(items):
        word(x, f"{where}[{i}]", allowed)
    return list(items)


def from_data(data: Mapping[str, Any], state: type[HoshiState]) -> HoshiState:
    """The position ``data`` describes, as a ``state`` (the class: this module is below
    the rules and does not import them); raises ``ScenarioError`` naming what is wrong."""

    if not isinstance(data, Mapping):
        raise ScenarioError("a position is a table")
    unknown = sorted(str(k) for k in data if k not in KEYS)
    if unknown:
        raise ScenarioError(f"(top level): unknown key {unknown[0]!r}")
    players = number(data.get("players", 2), "players", 2, 5)
    seed = number(data.get("seed", 0), "seed", 0, MAX_SEED)
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise ScenarioError("field 'params' must be a table")
    s = state(players, seed, state.spec.check_params(players, params))
    s.events = []
    cat = s.cat
    heroes, cards = frozenset(cat.heroes), frozenset(cat.cards)
    anything = heroes | cards
    n = players
    d = dict(data)

    def get(key: str) -> Any:
        return d.get(key, _fresh(s, key))

    if "chance" in d:
        text = d["chance"]
        if not isinstance(text, str) or len(text) != 16 or text.strip("0123456789abcdef"):
            raise ScenarioError("field 'chance' must be 16 lowercase hex digits")
        s.chance = Chance(int(text, 16))
    s.phase = word(get("phase"), "phase", PHASES)
    s.turn = number(get("turn"), "turn", -1, n - 1)
    s.duel = number(get("duel"), "duel", 0, 99)
    s.round = number(get("round"), "round", 0, 999)
    s.throw = number(get("throw"), "throw", 0, MAX_THROWS)
    s.starter = number(get("starter"), "starter", 0, n - 1)
    s.last_hitter = number(get("last_hitter"), "last_hitter", 0, n - 1)
    s.next_starter = number(get("next_starter"), "next_starter", -1, n - 1)
    s.hero_deck = _ids(get("hero_deck"), "hero_deck", heroes)
    s.card_deck = _ids(get("card_deck"), "card_deck", cards)
    allowed = {"hands": heroes, "cards": cards, "discards": anything, "exiled": heroes,
               "shown": heroes, "in_play": cards, "used": cards}
    for key in SEAT_LISTS:
        rows = listing(get(key), key, n)
        setattr(s, key, [_ids(r, f"{key}[{p}]", allowed[key]) for p, r in enumerate(rows)])
    s.hero = [word(x, f"hero[{p}]", heroes | {""}) for p, x in
              enumerate(listing(get("hero"), "hero", n))]
    s.chosen = [word(x, f"chosen[{p}]", heroes | {""}) for p, x in
                enumerate(listing(get("chosen"), "chosen", n))]
    s.stones = [number(x, f"stones[{p}]", 0, 9) for p, x in
                enumerate(listing(get("stones"), "stones", n))]
    s.faces = [[word(f, f"faces[{p}]", SYMBOLS) for f in listing(row, f"faces[{p}]")]
               for p, row in enumerate(listing(get("faces"), "faces", n))]
    if any(len(f) > 6 for f in s.faces):
        raise ScenarioError("faces: at most six dice")
    s.window = word(get("window"), "window", {"", *WINDOWS})
    s.passed = [flag(x, f"passed[{p}]") for p, x in
                enumerate(listing(get("passed"), "passed", n))]
    s.moves = number(get("moves"), "moves", 0, 99)
    s.waited = flag(get("waited"), "waited")
    s.was_hit = [flag(x, f"was_hit[{p}]") for p, x in
                 enumerate(listing(get("was_hit"), "was_hit", n))]
    s.did_hit = [flag(x, f"did_hit[{p}]") for p, x in
                 enumerate(listing(get("did_hit"), "did_hit", n))]
    s.stone_lost = flag(get("stone_lost"), "stone_lost")
    s.struck = [number(x, f"struck[{p}]", 0, 99) for p, x in
                enumerate(listing(get("struck"), "struck", n))]
    s.clock = number(get("clock"), "clock", 0, 10**6)
    pair = [number(x, f"duelists[{i}]", 0, n - 1)
            for i, x in enumerate(listing(get("duelists"), "duelists", 2))]
    if pair[0] >= pair[1]:
        raise ScenarioError("duelists: two different seats, in seat order")
    s.duelists = (pair[0], pair[1])
    s.line = [number(x, f"line[{i}]", 0, n - 1) for i, x in enumerate(listing(get("line"), "line"))]
    s.store = tuple(_modifier(s, m, f"store[{i}]")
                    for i, m in enumerate(listing(get("store"), "store")))
    if "conceded" in d:
        s.read_conceded(d["conceded"])
    if "drawn" in d:
        drawn = listing(d["drawn"], "drawn")
        if len(drawn) != s.players:
            raise ScenarioError(f"drawn: one number per player ({s.players})")
        s.drawn = [number(x, f"drawn[{i}]", 0, 40) for i, x in enumerate(drawn)]
    if "seen" in d:
        s.seen = tuple(_seen(s, f, f"seen[{i}]")
                       for i, f in enumerate(listing(d["seen"], "seen")))
    check_reachable(s)  # what play can reach, and the seat to act can act (issue 30)
    return s


def _seen(s: HoshiState, raw: Any, where: str) -> tuple[int, int, str]:
    """One fact of ``seen``: ``viewer`` knows ``card`` among ``owner``'s face-down cards."""
    t = Table(raw, where)
    missing = [k for k in ("viewer", "owner", "card") if k not in t]
    if missing:
        raise ScenarioError(f"{where}: missing key {missing[0]!r}")
    fact = (t.int("viewer", 0, 0, s.players - 1), t.int("owner", 0, 0, s.players - 1),
            t.str("card", "", frozenset(s.cat.cards)))
    t.done()
    return fact


def _fresh(s: HoshiState, key: str) -> Any:
    return to_data(s)[key]


def _while_steps(s: HoshiState, card: str) -> list[Any]:
    """The steps of a Duel card that last while a condition holds (their ``while``), in
    the card's order: its effects, then its triggers' effects."""
    c = s.cat.cards.get(card)
    if c is None:
        return []
    steps = [*c.effects.steps, *(st for t in c.triggers for st in t.program.steps)]
    return [st for st in steps if st.f.get("while") is not None]


def _modifier_data(s: HoshiState, m: Modifier) -> dict[str, Any]:
    """A modifier as data; one lasting "while" names its step (``while``: the index among
    its card's :func:`_while_steps`), whose condition it reads."""
    out = {"ts": m.ts, "seat": m.affects, "controller": m.controller, "card": m.card,
           "kind": m.kind, "key": m.key, "op": m.op, "value": m.value, "until": m.until,
           "static": -1 if m.arg is None or m.until == "while" else m.arg}
    if m.until == "while":
        out["while"] = next(i for i, st in enumerate(_while_steps(s, m.card))
                            if st.f["while"] is m.arg)
    return out


def _modifier(s: HoshiState, raw: Any, where: str) -> Modifier:
    if not isinstance(raw, dict):
        raise ScenarioError(f"{where} must be a table")
    unknown = sorted(str(k) for k in raw if k not in MOD_KEYS and k != "while")
    if unknown:
        raise ScenarioError(f"{where}: unknown key {unknown[0]!r}")
    missing = [k for k in MOD_KEYS if k not in raw]
    if missing:
        raise ScenarioError(f"{where}: missing key {missing[0]!r}")
    n = s.players
    kind = word(raw["kind"], f"{where}.kind", {"stat", "keyword", "rule", "count"})
    keys = {"stat": {"die", "dice", "health"}, "keyword": {"swift", "elusive"},
            "rule": RULE_WORDS, "count": frozenset(SYMBOLS)}[kind]
    key = word(raw["key"], f"{where}.key", keys)
    ops = {"stat": {"set", "add"}, "count": frozenset(COUNT_MODES)}.get(kind, {"grant"})
    op = word(raw["op"], f"{where}.op", ops)
    value: Any
    if kind == "count":  # "count also / instead as": value is the symbol it counts as
        value = word(raw["value"], f"{where}.value", frozenset(SYMBOLS) - {key})
    elif kind == "stat" and key == "die":
        value = number(raw["value"], f"{where}.value", 8, 10)
        if value == 9 or op != "set":
            raise ScenarioError(f"{where}: a die type is set to 8 or 10")
    elif kind == "stat":
        value = number(raw["value"], f"{where}.value", -3 if op == "add" else 1, 9)
    else:
        value = number(raw["value"], f"{where}.value", 1, 1)
    static = number(raw["static"], f"{where}.static", -1, 5)
    until = word(raw["until"], f"{where}.until", UNTILS)
    if (until == "static") != (static >= 0):
        raise ScenarioError(f"{where}: a Hero's ability (until static) names its ability")
    arg: Any = None if static < 0 else static
    if (until == "while") != ("while" in raw):
        raise ScenarioError(f"{where}: an effect lasting while a condition holds (until "
                            "while) names its step (while)")
    if until == "while":
        steps = _while_steps(s, str(raw["card"]))
        if not steps:
            raise ScenarioError(f"{where}.card: no effect of that card lasts while a "
                                "condition holds")
        arg = steps[number(raw["while"], f"{where}.while", 0, len(steps) - 1)].f["while"]
    controller = number(raw["controller"], f"{where}.controller", 0, n - 1)
    return Modifier(number(raw["ts"], f"{where}.ts", 1, 10**6), TIMED, controller,
                    word(raw["card"], f"{where}.card", frozenset(s.cat.ids)),
                    controller, 0, number(raw["seat"], f"{where}.seat", 0, n - 1),
                    kind, key, op, value, until, arg)


__all__ = ["to_data", "from_data", "KEYS"]
