"""Positions as readable data: ``to_data`` for scenarios and the hash, ``from_data`` back.

Units are keyed by card id; lanes by name. A scenario may leave out any field: it gets
the value of a game just after deployment (every hero at home unless placed), and a seat's
deck is its skill cards not placed elsewhere, shuffled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core import Chance, ScenarioError

from .actions import LANES
from .rules import CONDUIT, HOME, PHASE_NAMES, VOID, ArenaState

ZONE_NAMES = {HOME: "home", VOID: "void"}
ZONE_OF = {"home": HOME, "void": VOID, **{lane: i for i, lane in enumerate(LANES)}}


def to_data(s: ArenaState) -> dict[str, Any]:
    """The whole position (TOML-ready: no nulls)."""
    out: dict[str, Any] = {
        "players": 2, "seed": s.seed, "params": dict(s.params),
        "turn": s.turn, "active": s.active, "phase": PHASE_NAMES[s.phase], "phase_no": s.phase,
        "action_points": s.ap, "to_deploy": s.to_deploy, "power": list(s.power),
        "buyback": list(s.buyback), "banished": list(s.banished), "used": sorted(s.used),
        "home_at_start": s.home_at_start, "revived": s.revived,
        "units": {s.unit_card[u]: {"zone": ZONE_NAMES.get(s.zone[u]) or LANES[s.zone[u]],
                                   "levelled": bool(s.lvl[u]), "committed": bool(s.comm[u]),
                                   "damage": s.dmg[u], "item": s.item[u]} for u in range(8)},
        "hands": [list(h) for h in s.hands], "decks": [list(d) for d in s.decks],
        "discards": [list(d) for d in s.discards], "shops": [list(x) for x in s.shops],
        "conduits": [[{"id": s.cond[p][x], "damage": s.cdmg[p][x], "ruined": s.ruined[p][x]}
                      for x in range(3)] for p in (0, 1)],
        "mods": [[u, a, r, c] for u, a, r, c in s.mods],
        "grants": [[u, k, c] for u, k, c in s.grants],
        "combat": {"attackers": list(s.c_att), "defender": s.c_def, "target": s.c_target,
                   "lane": s.c_lane, "blocked": s.c_blocked,
                   "clashes": [[u, k, up] for u, k, up in s.c_clash],
                   "shunt": list(s.c_shunt) if s.c_shunt else []},
        "stack": [{"effects": [[op, dict(f)] for op, f in fx], "index": i, "ctx": dict(ctx)}
                  for fx, i, ctx in s.stack],
        "ask": [] if s.ask is None else [s.ask[0], s.ask[1], list(s.ask[2])],
        "winner": s.winner, "reason": s.reason, "chance": f"{s.chance.s:016x}",
    }
    return out


def _get(data: Mapping[str, Any], key: str, typ: type, default: Any) -> Any:
    value = data.get(key, default)
    if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
        raise ScenarioError(f"field {key!r} must be {typ.__name__}, not {value!r}")
    return value


def from_data(data: Mapping[str, Any]) -> ArenaState:
    """Build a position; raises ``ScenarioError`` naming the bad field."""
    from .spec import SPEC, new_from_params

    params = SPEC.check_params(2, _get(data, "params", dict, {}))
    s = new_from_params(_get(data, "seed", int, 0), params, deploy=False)
    s.events = []
    cat = s.cat
    s.turn = _get(data, "turn", int, 2)
    s.active = _get(data, "active", int, 0)
    if s.active not in (0, 1):
        raise ScenarioError("field 'active' must be 0 (player A) or 1 (player B)")
    if "phase_no" in data:
        s.phase = _get(data, "phase_no", int, 2)
    else:
        name = _get(data, "phase", str, "action")
        if name not in PHASE_NAMES:
            raise ScenarioError(f"field 'phase': {name!r} is not one of {set(PHASE_NAMES)}")
        s.phase = PHASE_NAMES.index(name)
    s.ap = _get(data, "action_points", int, 3)
    s.to_deploy = _get(data, "to_deploy", int, 0)
    s.power = _pair(data, "power", int, [0, 0])
    s.buyback = _pair(data, "buyback", bool, [True, True])
    s.banished = _pair(data, "banished", int, [-1, -1])
    s.used = set(_get(data, "used", list, []))
    s.home_at_start = _get(data, "home_at_start", int, 0)
    s.revived = _get(data, "revived", bool, False)
    units = _get(data, "units", dict, {})
    for name, entry in units.items():
        if name not in s.names:
            raise ScenarioError(f"units.{name}: not a hero or deity of these decks "
                                f"({', '.join(s.names)})")
        u = s.names[name]
        if not isinstance(entry, dict):
            raise ScenarioError(f"units.{name} must be a table")
        zone = entry.get("zone", "home")
        if zone not in ZONE_OF:
            raise ScenarioError(f"units.{name}.zone: {zone!r} is not a lane, home or void")
        s.zone[u] = ZONE_OF[zone]
        s.lvl[u] = int(bool(entry.get("levelled", False)))
        s.comm[u] = int(bool(entry.get("committed", False)))
        s.dmg[u] = int(entry.get("damage", 0))
        item = entry.get("item", "")
        if item and item not in cat.items:
            raise ScenarioError(f"units.{name}.item: unknown item {item!r}")
        s.item[u] = item
    for key in ("hands", "discards"):
        if key in data:
            value = _pair(data, key, list, [[], []])
            for p in (0, 1):
                for k in value[p]:
                    # Destroyed items go to the discard pile too.
                    if k not in cat.skills and not (key == "discards" and k in cat.items):
                        raise ScenarioError(f"{key}[{p}]: unknown skill {k!r}")
            setattr(s, key, [list(value[0]), list(value[1])])
    if "shops" in data:
        shops = _pair(data, "shops", list, [[], []])
        for p in (0, 1):
            for i in shops[p]:
                if i not in cat.items:
                    raise ScenarioError(f"shops[{p}]: unknown item {i!r}")
        s.shops = [list(shops[0]), list(shops[1])]
    if "conduits" in data:
        conduits = _pair(data, "conduits", list, [[], []])
        for p in (0, 1):
            if len(conduits[p]) != 3:
                raise ScenarioError(f"conduits[{p}] must list the three lanes")
            for x, c in enumerate(conduits[p]):
                if not isinstance(c, dict) or c.get("id") not in cat.conduits:
                    raise ScenarioError(f"conduits[{p}][{x}]: needs a known conduit id")
                s.cond[p][x] = c["id"]
                s.cdmg[p][x] = int(c.get("damage", 0))
                s.ruined[p][x] = bool(c.get("ruined", False))
    s.mods = [(int(u), int(a), int(r), bool(c)) for u, a, r, c in _get(data, "mods", list, [])]
    s.grants = [(int(u), str(k), bool(c)) for u, k, c in _get(data, "grants", list, [])]
    combat = _get(data, "combat", dict, {})
    s.c_att = [int(x) for x in combat.get("attackers", [])]
    s.c_def = int(combat.get("defender", -1))
    s.c_target = int(combat.get("target", -1))
    s.c_lane = int(combat.get("lane", -1))
    s.c_blocked = bool(combat.get("blocked", False))
    s.c_clash = [(int(u), str(k), bool(up)) for u, k, up in combat.get("clashes", [])]
    shunt = combat.get("shunt", [])
    s.c_shunt = (int(shunt[0]), int(shunt[1])) if shunt else None
    s.stack = [[tuple((op, dict(f)) for op, f in fr["effects"]), int(fr["index"]),
                dict(fr["ctx"])] for fr in _get(data, "stack", list, [])]
    ask = _get(data, "ask", list, [])
    s.ask = (str(ask[0]), int(ask[1]), tuple(ask[2])) if ask else None
    s.winner = _get(data, "winner", int, -1)
    s.reason = _get(data, "reason", str, "")
    if "chance" in data:
        s.chance = Chance(int(_get(data, "chance", str, "0"), 16))
    _fill_decks(s, data)
    _check(s)
    # A position in an automatic step (the preparation phase, the draw step, ...) runs on to
    # the next decision, as a game would; a saved position is already at one.
    from .flow import advance

    advance(s)
    return s


def _pair(data: Mapping[str, Any], key: str, typ: type, default: list[Any]) -> list[Any]:
    value = _get(data, key, list, default)
    if len(value) != 2 or not all(isinstance(v, typ) for v in value):
        raise ScenarioError(f"field {key!r} must list two {typ.__name__} values (A, B)")
    return list(value)


def _fill_decks(s: ArenaState, data: Mapping[str, Any]) -> None:
    """Each seat's deck: given, or every skill card of its heroes not placed elsewhere."""
    if "decks" in data:
        decks = _pair(data, "decks", list, [[], []])
        s.decks = [list(decks[0]), list(decks[1])]
        return
    for p in (0, 1):
        pool = [k for h in range(p * 4, p * 4 + 3) for k in s.cat.skill_set(s.unit_card[h])]
        placed = [*s.hands[p], *s.discards[p], *(k for u, k, _ in s.c_clash if u // 4 == p),
                  *(f[2]["skill"] for f in s.stack if f[2].get("skill") and f[2]["p"] == p)]
        for k in placed:
            if k in pool:
                pool.remove(k)
        s.chance.shuffle(pool)
        s.decks[p] = pool


def _check(s: ArenaState) -> None:
    for u in range(8):
        if s.zone[u] >= 0 and s.dmg[u] >= s.health_of(u):
            raise ScenarioError(f"units.{s.unit_card[u]}: damage {s.dmg[u]} would KO it")
    if s.c_def >= CONDUIT + 6:
        raise ScenarioError("combat.defender: not a unit or conduit")
