"""Positions as readable data: ``to_data`` for scenarios and the hash, ``from_data`` back.

The format (docs/rules/radiant-arena.md, "Scenarios"): seats are 0-based (0 is player A),
units, skills, items and conduits are named by their card ids, lanes by name. A scenario
may leave out any key: it gets the value of a game just after deployment (every hero at
home unless placed), and a seat's deck is its skill cards not placed elsewhere, shuffled
(``deck_tops`` puts chosen cards on top of that).

``from_data`` is strict: an unknown key or table anywhere, a value of the wrong type or
out of range is an error naming the table and key; then :mod:`.reachable` refuses any
position that play cannot reach, citing the rule it breaks. Every failure is a
``ScenarioError``. The rules kernel's data (effects resolving, triggers waiting, delayed
triggers, continuous effects) names the compiled card data by address (``"skill:zeal:
clash"``, a step ``"skill:lifelink:clash/1"``), never writes effects out: a scenario
cannot invent an effect.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tabletop.cards import CLASH, DONE, TIMED, Delayed, Frame, Modifier, Pending, Program
from tabletop.core import Chance, ScenarioError
from tabletop.core.positions import Table, flag, listing, number, word

from .combat import Clash, Combat
from .draft import R_CONSTRUCTION
from .draft import from_data as draft_from_data
from .draft import to_data as draft_data
from .ids import (
    CONDUITS,
    DATA_PHASES,
    DEITY,
    DEPLOY,
    DRAFT,
    HOME,
    LABELS,
    LANES,
    OVER,
    PREP,
    VOID,
    ConduitRef,
)
from .vocab import VOCAB

if TYPE_CHECKING:
    from .rules import ArenaState

ZONE_NAMES = {HOME: "home", VOID: "void", 0: "left", 1: "center", 2: "right"}
ZONE_OF = {name: z for z, name in ZONE_NAMES.items()}
MAX_SEED = 2**63 - 1  # TOML integers are 64-bit signed
DURATIONS = ("combat", "turn", "next_turn", "source", "permanent")
TOP_KEYS = frozenset({
    "players", "seed", "params", "turn", "active", "phase", "action_points", "power",
    "buyback", "banished", "used", "home_at_start", "revived", "units", "hands", "decks",
    "deck_tops", "discards", "shops", "void", "conduits", "modifiers", "combat", "stack",
    "pending", "delayed", "seen", "clock", "chance", "winner", "cause", "reason", "draft",
    "conceded"})
# What a position in the draft holds (the game proper is not set up yet).
DRAFT_KEYS = frozenset({"players", "seed", "params", "phase", "draft", "chance",
                        "conceded"})
# The fields of a frame's context that are objects (units, conduits, cards) by event kind.
_FIELDS: dict[str, Mapping[str, str]] = {
    **{name: e.fields for name, e in VOCAB.events.items()},
    **{name: h.fields for name, h in VOCAB.hooks.items()}}
OBJECT_FIELDS = {name: frozenset(k for k, t in fields.items() if t == "object")
                 for name, fields in _FIELDS.items()}


# --- objects in data ---------------------------------------------------------------------


def enc(s: ArenaState, obj: Any) -> Any:
    """An object as data: a unit by name, a conduit as ``conduit:<seat>:<lane>``, a card
    as ``card:<id>``, None or DONE as ``none``."""
    if obj is None or obj is DONE:
        return "none"
    if isinstance(obj, ConduitRef):
        return f"conduit:{LABELS[obj.seat].lower()}:{LANES[obj.lane]}"
    if isinstance(obj, str):
        return f"card:{obj}"
    if obj == -1:
        return ""
    return unit_key(s, obj)


def dec(s: ArenaState, value: Any, where: str) -> Any:
    """An object read back (see :func:`enc`)."""
    text = word(value, where)
    if text == "none":
        return None  # (DONE, an answer, is never kept in a position)
    if text == "":
        return -1
    if text.startswith("conduit:"):
        parts = text.split(":")
        if len(parts) != 3 or parts[1] not in ("a", "b") or parts[2] not in LANES:
            raise ScenarioError(f"{where}: a conduit is conduit:<a|b>:<lane>")
        return CONDUITS["ab".index(parts[1])][LANES.index(parts[2])]
    if text.startswith("card:"):
        card = text[5:]
        if card not in s.cat.skills:
            raise ScenarioError(f"{where}: {card[:40]!r} is not a skill card")
        return card
    return _unit_id(s, text, where)


def unit_key(s: ArenaState, u: int) -> str:
    """How a position names a unit: its name, or ``<card>.<a|b>`` for the two face-down
    deities of the same card (which share a name until one manifests)."""
    name = s.unit_name[u]
    if s.unit_name.count(name) > 1:
        return f"{s.unit_card[u]}.{LABELS[u // 4].lower()}"
    return name


# --- writing ---------------------------------------------------------------------------


def to_data(s: ArenaState) -> dict[str, Any]:
    """The whole position (TOML-ready: no nulls). The question a seat is asked (``ask``)
    is not written: it follows from the rest, and loading asks it again. A drafted game
    carries its ``draft`` (the decks follow from it); during the draft that is all."""
    if s.phase == DRAFT:
        assert s.draft is not None
        return {"players": 2, "seed": s.seed, "params": dict(s.params), "phase": "draft",
                "draft": draft_data(s.draft), "chance": f"{s.chance.s:016x}",
                **_conceded(s)}
    units: dict[str, Any] = {}
    for u in range(8):
        entry: dict[str, Any] = {"zone": ZONE_NAMES[s.zone[u]], "levelled": bool(s.lvl[u]),
                                 "committed": bool(s.comm[u]), "damage": s.dmg[u],
                                 "item": s.item[u]}
        key = unit_key(s, u)
        if key != s.unit_name[u]:
            entry["name"] = s.unit_name[u]
        units[key] = entry
    out: dict[str, Any] = {
        "players": 2, "seed": s.seed, "params": dict(s.params),
        "turn": s.turn, "active": s.active, "phase": DATA_PHASES[s.phase],
        "action_points": s.ap, "power": list(s.power), "buyback": list(s.buyback),
        "banished": [unit_key(s, b) if b >= 0 else "" for b in s.banished],
        "used": sorted(s.used),
        "home_at_start": [unit_key(s, u) for u in range(8) if s.home_at_start >> u & 1],
        "revived": s.revived,
        "units": units,
        "hands": [list(h) for h in s.hands], "decks": [list(d) for d in s.decks],
        "discards": [list(d) for d in s.discards], "shops": [list(x) for x in s.shops],
        "void": [list(v) for v in s.void],
        "conduits": [[{"id": s.cond[p][x], "damage": s.cdmg[p][x], "ruined": s.ruined[p][x]}
                      for x in range(3)] for p in (0, 1)],
        "modifiers": [_modifier_data(s, m) for m in s.store],
        "combat": _combat_data(s),
        "stack": [_frame_data(s, f) for f in s.stack],
        "pending": [_pending_data(s, p) for p in s.pending],
        "delayed": [_delayed_data(s, d) for d in s.delayed],
        "seen": [_seen_data(s, f) for f in s.seen],
        "clock": s.clock,
        "chance": f"{s.chance.s:016x}",
    }
    if s.phase == OVER:
        out.update(winner=s.winner, cause=s.cause, reason=s.reason)
    if s.draft is not None:
        out["draft"] = draft_data(s.draft)
    out.update(_conceded(s))
    return out


def _conceded(s: ArenaState) -> dict[str, Any]:
    """Who conceded, only if anyone did (the positions and hashes of games nobody
    conceded stay as they were)."""
    return {"conceded": s.conceded_data()} if s.conceded else {}


def _combat_data(s: ArenaState) -> dict[str, Any]:
    c = s.combat
    if c is None:
        return {}
    d = c.defender
    return {
        "attackers": [unit_key(s, u) for u in c.attackers],
        "defender": "" if d is None else ("conduit" if isinstance(d, ConduitRef)
                                          else unit_key(s, d)),
        "lane": LANES[c.lane] if c.lane >= 0 else "",
        "blocked": c.blocked,
        "target": unit_key(s, c.target) if c.target >= 0 else "",
        "clashes": [{"unit": unit_key(s, u), "card": k, "face_up": up}
                    for u, k, up in c.clashes],
    }


def _modifier_data(s: ArenaState, m: Modifier) -> dict[str, Any]:
    out: dict[str, Any] = {
        "timestamp": m.ts, "layer": "clash" if m.layer == CLASH else "timed",
        "source": enc(s, m.source), "card": m.card, "controller": m.controller,
        "lane": LANES[m.place] if isinstance(m.place, int) and m.place >= 0 else "",
        "affects": enc(s, m.affects), "kind": m.kind, "key": m.key, "op": m.op,
        "until": m.until}
    if m.kind == "replace":
        out["from"] = _step_address(s, m.value)
    else:
        out["value"] = m.value
    if m.mem:
        out["memory"] = {k[1:]: [enc(s, o) for o in v] for k, v in m.mem}
    return out


def _step_address(s: ArenaState, node: Any) -> str:
    """The address of the step whose compiled field is ``node`` (a replacement, a delayed
    trigger's step): ``<program>/<step>``."""
    found = s.cat.step_of(node)
    if found is None:
        raise ValueError(f"no step holds {node!r}")
    return found


def _ctx_data(s: ArenaState, ctx: dict[str, Any]) -> dict[str, Any]:
    """A frame's context as data: controller, unit, lane, source, and whatever it keeps
    (X, the event, remembered targets, a step's progress)."""
    out: dict[str, Any] = {"controller": ctx["p"], "unit": enc(s, ctx.get("u", -1)),
                           "lane": LANES[ctx["lane"]] if ctx.get("lane", -1) >= 0 else "",
                           "source": ctx.get("src") or ""}
    if ctx.get("skill"):
        out["skill"] = ctx["skill"]
    if "x" in ctx:
        out["x"] = ctx["x"]
    if ctx.get("replacing"):
        out["replacing"] = list(ctx["replacing"])
    if "on" in ctx:
        out["on"] = ctx["on"]
        objects = OBJECT_FIELDS.get(ctx["on"], frozenset())
        out["event"] = {k: enc(s, v) if k in objects else v
                        for k, v in (ctx.get("event") or {}).items()}
    memory = {k[1:]: [enc(s, o) for o in v] for k, v in ctx.items() if k.startswith("$")}
    if memory:
        out["memory"] = memory
    progress: dict[str, Any] = {}
    for k, v in ctx.items():
        if k in ("_n", "x") or not k.startswith("_"):
            continue
        progress[k[1:]] = [enc(s, o) for o in v] if isinstance(v, tuple) else enc(s, v)
    if "_n" in ctx:
        progress["n"] = ctx["_n"]
    if progress:
        out["progress"] = progress
    return out


def _frame_data(s: ArenaState, f: Frame) -> dict[str, Any]:
    out = {"program": f.program.address, "step": f.pc, **_ctx_data(s, f.ctx)}
    if "pending" in f.ctx:
        out["order"] = [_pending_data(s, p) for p in f.ctx["pending"]]
    return out


def _pending_data(s: ArenaState, p: Pending) -> dict[str, Any]:
    return {"program": p.program.address, "word": p.word, **_ctx_data(s, p.context())}


def _delayed_data(s: ArenaState, d: Delayed) -> dict[str, Any]:
    return {"timestamp": d.ts, "from": _step_address(s, d.program), "word": d.word,
            "card": d.card, "once": d.once, **_ctx_data(s, dict(d.ctx))}


def _seen_data(s: ArenaState, f: tuple[Any, ...]) -> dict[str, Any]:
    if f[0] == "hand":
        return {"viewer": f[1], "owner": f[2], "zone": "hand", "card": f[3]}
    return {"viewer": f[1], "owner": f[2], "zone": "deck", "position": f[3], "card": f[4]}


# --- reading ---------------------------------------------------------------------------


def pair(t: Table, key: str, default: list[Any]) -> list[Any]:
    """A value per seat: a list of two (player A's, then player B's)."""
    return t.list(key, default, 2)



def from_data(data: Mapping[str, Any],
              make: Callable[[int, dict[str, Any]], ArenaState],
              check_params: Callable[[dict[str, Any]], dict[str, Any]]) -> ArenaState:
    """Build a position; raises ``ScenarioError`` naming what is wrong and where.
    ``make(seed, params)`` gives a new undeployed state, ``check_params`` the game's
    parameter check (spec.py passes both: positions does not import the spec)."""
    from .reachable import check_playable, check_position

    top = Table(data, "(top level)")
    for key in data:
        if key not in TOP_KEYS:
            shown = str(key)[:40]
            raise ScenarioError(f"(top level): unknown key {shown!r}")
    top.int("players", 2, 2, 2)  # radiant-arena is played by two
    params = top.raw("params") if "params" in top else {}
    Table(params, "params")  # a table
    params = check_params(params)
    s = make(top.int("seed", 0, 0, MAX_SEED), params)
    s.events = []
    phase = top.str("phase", "action", DATA_PHASES)
    if s.draft is not None:
        # A drafted game: the draft as far as it went; once done, the decks it built.
        s.draft = draft_from_data(s.cat, top.raw("draft") if "draft" in top else {})
        done = s.draft.stage() == "done"
        if done != (phase != "draft"):
            raise ScenarioError(f"phase: {'the draft is done' if done else 'the draft is not done'}"
                                f", so the phase {'cannot' if done else 'must'} be 'draft' "
                                f"({R_CONSTRUCTION})")
        if not done:
            return _draft_position(s, top)
        s.build(list(s.draft.decks(s.cat)))
        s.events = []
    elif "draft" in top or phase == "draft":
        raise ScenarioError("draft: only a drafted game (params.draft = true) has a draft")
    s.phase = DATA_PHASES.index(phase)
    s.active = top.int("active", 0, 0, 1)
    s.turn = top.int("turn", _default_turn(s.phase, s.active), 0, 10_000)
    if s.phase == PREP:
        s.turn -= 1  # "turn" names the turn that begins; preparation counts it
    s.ap = top.int("action_points", 3 if s.phase != DEPLOY else 0, 0, 99)
    s.power = [number(v, f"power[{p}]") for p, v in enumerate(pair(top, "power", [0, 0]))]
    s.buyback = [flag(v, f"buyback[{p}]") for p, v in enumerate(pair(top, "buyback",
                                                                     [True, True]))]
    s.revived = top.bool("revived", False)
    s.clock = top.int("clock", 0, 0, 10**6)
    if "chance" in top:
        text = top.str("chance", "")
        if len(text) != 16 or any(c not in "0123456789abcdef" for c in text):
            raise ScenarioError("chance: must be 16 lowercase hex digits (the generator's "
                                "state, as written by to_data)")
        s.chance = Chance(int(text, 16))
    _units(s, top)
    s.banished = [_banished(s, p, v) for p, v in enumerate(pair(top, "banished", ["", ""]))]
    s.home_at_start = 0
    for i, v in enumerate(top.list("home_at_start", [])):
        u = _unit_id(s, v, f"home_at_start[{i}]")
        s.home_at_start |= 1 << u
    s.used = set()
    for i, v in enumerate(top.list("used", [])):
        s.used.add(word(v, f"used[{i}]"))
    _cards(s, top)
    _conduits(s, top)
    s.store = tuple(_modifier(s, Table(m, f"modifiers[{i}]"))
                    for i, m in enumerate(top.list("modifiers", [])))
    _combat(s, top.table("combat"))
    s.stack = [_frame(s, Table(f, f"stack[{i}]")) for i, f in enumerate(top.list("stack", []))]
    s.pending = tuple(_pending(s, Table(p, f"pending[{i}]"))
                      for i, p in enumerate(top.list("pending", [])))
    s.delayed = tuple(_delayed(s, Table(d, f"delayed[{i}]"))
                      for i, d in enumerate(top.list("delayed", [])))
    s.seen = tuple(_seen(s, Table(f, f"seen[{i}]")) for i, f in enumerate(top.list("seen",
                                                                                  [])))
    if s.phase != OVER:
        for key in ("winner", "cause", "reason"):
            if key in top:
                raise ScenarioError(f"{key}: only a finished game (phase 'over') has one")
    else:
        s.winner = top.int("winner", -1, 0, 1)
        s.cause = top.str("cause", "", ("deity_ko", "deck_out"))
        s.reason = top.str("reason", "")
        if "winner" not in top or "cause" not in top or not 0 < len(s.reason) <= 200:
            raise ScenarioError("phase 'over' needs winner (0 or 1), cause (deity_ko or "
                                "deck_out) and reason (a sentence) (Key Concepts — Winning & "
                                "Losing)")
    _fill_decks(s, top)
    s.to_deploy = 6 - sum(1 for u in range(8) if u % 4 != 3 and s.zone[u] >= 0) \
        if s.phase == DEPLOY else 0
    _read_conceded(s, top)
    top.done()
    s.cards_in_play()
    check_position(s)
    check_playable(s)
    return s


def _draft_position(s: ArenaState, top: Table) -> ArenaState:
    """A position during the draft: its choices so far and the generator (nothing else
    exists yet)."""
    for key in top.data:
        if key not in DRAFT_KEYS:
            raise ScenarioError(f"{str(key)[:40]}: a position in the draft has only "
                                f"{', '.join(sorted(DRAFT_KEYS))}")
    s.phase = DRAFT
    if "chance" in top:
        text = top.str("chance", "")
        if len(text) != 16 or any(c not in "0123456789abcdef" for c in text):
            raise ScenarioError("chance: must be 16 lowercase hex digits (the generator's "
                                "state, as written by to_data)")
        s.chance = Chance(int(text, 16))
    _read_conceded(s, top)
    return s


def _read_conceded(s: ArenaState, top: Table) -> None:
    if "conceded" in top:
        s.read_conceded(top.raw("conceded"))
        if len(s.conceded) != 1 or s.phase == OVER:
            raise ScenarioError("conceded: one of the two players, in a game not yet over "
                                "(the other wins at once: Key Concepts — Winning & Losing)")


def _default_turn(phase: int, active: int) -> int:
    """A turn of the right player when a scenario gives none (A plays the odd turns)."""
    return 0 if phase == DEPLOY else 3 + active


def _keys(s: ArenaState) -> dict[str, int]:
    """Every name a position may use for a unit: its name, and ``<card>.<a|b>``."""
    out = {f"{s.unit_card[u]}.{LABELS[u // 4].lower()}": u for u in range(8)}
    out.update((s.unit_name[u], u) for u in range(8) if s.unit_name.count(s.unit_name[u]) == 1)
    return out


def _unit_id(s: ArenaState, value: Any, where: str) -> int:
    keys = _keys(s)
    return keys[word(value, where, keys)]


def _units(s: ArenaState, top: Table) -> None:
    units = top.table("units")
    keys = _keys(s)
    # A card both seats field and named bare (the deity that manifested first keeps its
    # card id): the slot its qualified twin does not claim.
    claimed = {keys[k] for k in units.data if isinstance(k, str) and k in keys}
    for k in units.data:
        if isinstance(k, str) and k not in keys:
            twins = [u for u in range(8) if s.unit_card[u] == k and u not in claimed]
            if len(twins) == 1:
                keys[k] = twins[0]
                claimed.add(twins[0])
    names = list(s.unit_name)
    for key in units.data:
        if not isinstance(key, str) or key not in keys:
            shown = str(key)[:40]
            raise ScenarioError(f"units: {shown!r} is not a hero or deity of these decks "
                                f"({', '.join(s.unit_name)})")
        u = keys[key]
        t = units.table(key)
        s.zone[u] = ZONE_OF[t.str("zone", "home", ZONE_OF)]
        s.lvl[u] = int(t.bool("levelled", False))
        s.comm[u] = int(t.bool("committed", False))
        s.dmg[u] = t.int("damage", 0)
        item = t.str("item", "")
        if item and item not in s.cat.items:
            raise ScenarioError(f"units.{key}.item: {item[:40]!r} is not an item")
        s.item[u] = item
        card, label = s.unit_card[u], LABELS[u // 4].lower()
        name = t.str("name", key if key in (card, f"{card}.{label}") else s.unit_name[u],
                     (card, f"{card}.{label}"))
        names[u] = name
        t.done()
    units.done()
    s.unit_name = tuple(names)
    s.names = {n: i for i, n in enumerate(names)}


def _banished(s: ArenaState, seat: int, value: Any) -> int:
    name = word(value, f"banished[{seat}]")
    if not name:
        return -1
    u = _unit_id(s, name, f"banished[{seat}]")
    if u // 4 != seat or u % 4 == DEITY:
        raise ScenarioError(f"banished[{seat}]: {name!r} is not a hero of player "
                            f"{LABELS[seat]} (Key Concepts — Manifestation: you banish one "
                            "of your heroes)")
    return u


def _card_list(s: ArenaState, value: Any, where: str, kinds: tuple[str, ...]) -> list[str]:
    out = []
    for i, card in enumerate(listing(value, where)):
        cid = word(card, f"{where}[{i}]")
        if not any(cid in getattr(s.cat, k) for k in kinds):
            what = " or ".join(k.rstrip("s") for k in kinds)
            article = "an" if what[0] in "aeiou" else "a"
            raise ScenarioError(f"{where}[{i}]: {cid[:40]!r} is not {article} {what} card")
        out.append(cid)
    return out


def _cards(s: ArenaState, top: Table) -> None:
    for key, kinds in (("hands", ("skills",)), ("discards", ("skills", "items")),
                       ("shops", ("items",)), ("void", ("skills", "items"))):
        if key in top:
            value = pair(top, key, [[], []])
            cards = [_card_list(s, value[p], f"{key}[{p}]", kinds) for p in (0, 1)]
            setattr(s, key, tuple(map(tuple, cards)) if key == "void" else cards)
    if "shops" not in top:  # the items not equipped nor destroyed are still in the shop
        for p in (0, 1):
            gone = {s.item[u] for u in s.units_of(p)} | set(s.discards[p]) | set(s.void[p])
            s.shops[p] = [i for i in s.shops[p] if i not in gone]


def _conduits(s: ArenaState, top: Table) -> None:
    if "conduits" not in top:
        return
    rows = pair(top, "conduits", [[], []])
    for p in (0, 1):
        for x, c in enumerate(listing(rows[p], f"conduits[{p}]", 3)):
            t = Table(c, f"conduits[{p}][{x}]")
            s.cond[p][x] = t.str("id", "", s.cat.conduits) if "id" in t else ""
            if not s.cond[p][x]:
                raise ScenarioError(f"conduits[{p}][{x}]: needs the conduit's id")
            s.cdmg[p][x] = t.int("damage", 0)
            s.ruined[p][x] = t.bool("ruined", False)
            t.done()



def _modifier(s: ArenaState, t: Table) -> Modifier:
    kind = t.str("kind", "", ("stat", "keyword", "rule", "cost", "replace"))
    key = t.str("key", "")
    op = t.str("op", "")
    if kind == "stat":
        _choice(t, key, sorted(k for k, x in VOCAB.stats.items() if x.modifiable), "key")
        _choice(t, op, ("add", "set"), "op")
    elif kind == "keyword":
        _choice(t, key, sorted(k for k, x in VOCAB.keywords.items() if x.grantable), "key")
        _choice(t, op, ("grant", "lose"), "op")
    elif kind == "rule":
        _choice(t, key, sorted(VOCAB.rules), "key")
    elif kind == "cost":
        _choice(t, key, sorted(VOCAB.cost_keys), "key")
    elif kind == "replace":
        _choice(t, key, sorted(VOCAB.hooks), "key")
    else:
        raise ScenarioError(f"{t.where}: needs a kind (stat, keyword, rule, cost, replace)")
    value: Any = t.int("value", 0, -99, 99)
    if kind == "replace":
        value = _node(s, t.str("from", ""), f"{t.where}.from", "replacement")
        op = value.form
    lane = t.str("lane", "", ("", *LANES))
    until = t.str("until", "turn", DURATIONS)
    controller = t.int("controller", 0, 0, 1)
    layer = CLASH if t.str("layer", "timed", ("timed", "clash")) == "clash" else TIMED
    m = Modifier(t.int("timestamp", 0, 0, 10**6), layer,
                 dec(s, t.str("source", ""), f"{t.where}.source"), t.str("card", ""),
                 controller, LANES.index(lane) if lane else -1,
                 dec(s, t.str("affects", ""), f"{t.where}.affects"), kind, key, op, value,
                 until, controller if until == "next_turn" else None,
                 _memory(s, t.table("memory")) if "memory" in t else ())
    t.done()
    return m


def _choice(t: Table, value: str, choices: Any, key: str) -> None:
    if value not in choices:
        raise ScenarioError(f"{t.at(key)}: {value[:40]!r} is not one of "
                            f"{', '.join(choices)}")


def _node(s: ArenaState, address: str, where: str, field: str) -> Any:
    """The compiled field of a step named ``<program>/<step>`` (a replacement, a delayed
    trigger's effects)."""
    program_at, _, step_at = address.rpartition("/")
    program = s.cat.program(program_at)
    if program is None or not step_at.isdigit() or int(step_at) >= len(program.steps):
        raise ScenarioError(f"{where}: {address[:60]!r} is not a step of the cards")
    step = program.steps[int(step_at)]
    found = step.f.get(field)
    if found is None:
        raise ScenarioError(f"{where}: {address[:60]!r} is not a {step.op} step with a "
                            f"{field}")
    return found


def _memory(s: ArenaState, t: Table) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    out = []
    for name in list(t.data):
        values = t.list(name, [])
        out.append(("$" + str(name), tuple(dec(s, v, f"{t.at(name)}[{i}]")
                                            for i, v in enumerate(values))))
    t.done()
    return tuple(out)


def _ctx(s: ArenaState, t: Table) -> dict[str, Any]:
    """A frame's context from data (see ``_ctx_data``)."""
    lane = t.str("lane", "", ("", *LANES))
    ctx: dict[str, Any] = {"p": t.int("controller", 0, 0, 1),
                           "u": dec(s, t.str("unit", ""), t.at("unit")),
                           "lane": LANES.index(lane) if lane else -1,
                           "src": t.str("source", "")}
    if "skill" in t:
        ctx["skill"] = t.str("skill", "", s.cat.skills)
    if "x" in t:
        ctx["x"] = t.int("x", 0, 0, 99)
    if "replacing" in t:  # the instead replacements this frame's effects stand for
        ctx["replacing"] = tuple(str(a) for a in t.list("replacing", []))
    if "on" in t:
        on = t.str("on", "", OBJECT_FIELDS)
        ctx["on"] = on
        event = t.table("event")
        out: dict[str, Any] = {}
        for k in list(event.data):
            v = event.raw(k)
            out[str(k)] = dec(s, v, event.at(k)) if k in OBJECT_FIELDS[on] else v
        event.done()
        ctx["event"] = out
    if "memory" in t:
        ctx.update(_memory(s, t.table("memory")))
    if "progress" in t:
        p = t.table("progress")
        for k in list(p.data):
            v = p.raw(k)
            if k == "n":
                ctx["_n"] = number(v, p.at(k), 0, 99)
            elif isinstance(v, list):
                ctx["_" + str(k)] = tuple(dec(s, x, f"{p.at(k)}[{i}]") for i, x in enumerate(v))
            else:
                ctx["_" + str(k)] = dec(s, v, p.at(k))
        p.done()
    return ctx


def _program(s: ArenaState, t: Table) -> Program:
    address = t.str("program", "")
    program = s.cat.program(address)
    if program is None:
        raise ScenarioError(f"{t.at('program')}: {address[:60]!r} is not an effect of the "
                            "cards (programs are named by address: skill:zeal:clash)")
    return program


def _frame(s: ArenaState, t: Table) -> Frame:
    """One frame of the stack: its program is the cards' own, named by address."""
    program = _program(s, t)
    step = t.int("step", 0, 0, len(program.steps))
    ctx = _ctx(s, t)
    if "order" in t:
        ctx["pending"] = tuple(_pending(s, Table(p, f"{t.at('order')}[{i}]"))
                               for i, p in enumerate(t.list("order", [])))
    t.done()
    return Frame(program, step, ctx)


def _pending(s: ArenaState, t: Table) -> Pending:
    program = _program(s, t)
    word_ = t.str("word", "")
    ctx = _ctx(s, t)
    t.done()
    return Pending(ctx["p"], word_, program, tuple(ctx.items()))


def _delayed(s: ArenaState, t: Table) -> Delayed:
    address = t.str("from", "")
    program = _node(s, address, t.at("from"), "effects")
    step = s.cat.program(address.rpartition("/")[0]).steps[  # type: ignore[union-attr]
        int(address.rpartition("/")[2])]
    ctx = _ctx(s, t)
    d = Delayed(t.int("timestamp", 0, 0, 10**6), step.f["on"], step.f.get("match", ()),
                step.f.get("if"), program, ctx["p"], t.str("word", ""), t.str("card", ""),
                t.bool("once", True), tuple(ctx.items()))
    t.done()
    return d


def _seen(s: ArenaState, t: Table) -> tuple[Any, ...]:
    viewer, owner_ = t.int("viewer", 0, 0, 1), t.int("owner", 0, 0, 1)
    zone = t.str("zone", "hand", ("hand", "deck"))
    card = t.str("card", "", s.cat.skills)
    if zone == "hand":
        out: tuple[Any, ...] = ("hand", viewer, owner_, card)
    else:
        out = ("deck", viewer, owner_, t.int("position", 0, 0, 99), card)
    t.done()
    return out


def _combat(s: ArenaState, t: Table) -> None:
    if not t.data:
        s.combat = None
        t.done()
        return
    attackers = [_unit_id(s, v, f"combat.attackers[{i}]")
                 for i, v in enumerate(t.list("attackers", []))]
    lane = t.str("lane", "", ("", *LANES))
    c = Combat(attackers, LANES.index(lane) if lane else -1)
    defender = t.str("defender", "", ("", "conduit", *_keys(s)))
    if defender == "conduit":
        if c.lane < 0:
            raise ScenarioError("combat.defender: a conduit needs the combat's lane")
        c.defender = CONDUITS[1 - s.active][c.lane]
    else:
        c.defender = _unit_id(s, defender, "combat.defender") if defender else None
    c.blocked = t.bool("blocked", False)
    target = t.str("target", "", ("", *_keys(s)))
    c.target = _unit_id(s, target, "combat.target") if target else -1
    for i, x in enumerate(t.list("clashes", [])):
        ct = Table(x, f"combat.clashes[{i}]")
        u = _unit_id(s, ct.raw("unit") if "unit" in ct else None, f"{ct.where}.unit")
        card = ct.str("card", "", s.cat.skills) if "card" in ct else ""
        if not card:
            raise ScenarioError(f"{ct.where}: needs the card clashed")
        c.clashes.append(Clash(u, card, ct.bool("face_up", False)))
        ct.done()
    t.done()
    s.combat = c


def _fill_decks(s: ArenaState, top: Table) -> None:
    """Each seat's deck: given whole (``decks``), or the skill cards of its heroes not
    placed elsewhere, shuffled, under any ``deck_tops`` (the top card last)."""
    from .reachable import skill_pool

    if "decks" in top and "deck_tops" in top:
        raise ScenarioError("decks and deck_tops: give the whole decks or their tops, not both")
    if "decks" in top:
        decks = pair(top, "decks", [[], []])
        s.decks = [_card_list(s, decks[p], f"decks[{p}]", ("skills",)) for p in (0, 1)]
        return
    tops = pair(top, "deck_tops", [[], []])
    for p in (0, 1):
        on_top = _card_list(s, tops[p], f"deck_tops[{p}]", ("skills",))
        rest = skill_pool(s, p)
        for k in on_top:
            if k in rest:
                rest.remove(k)
            else:
                raise ScenarioError(f"deck_tops[{p}]: no copy of {k!r} is left for the deck "
                                    f"of player {LABELS[p]} (its heroes' skill sets)")
        s.chance.shuffle(rest)
        s.decks[p] = rest + on_top
