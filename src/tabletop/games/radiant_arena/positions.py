"""Positions as readable data: ``to_data`` for scenarios and the hash, ``from_data`` back.

The format (docs/rules/radiant-arena.md, "Scenarios"): seats are 0-based (0 is player A),
units, skills, items and conduits are named by their card ids, lanes by name. A scenario
may leave out any key: it gets the value of a game just after deployment (every hero at
home unless placed), and a seat's deck is its skill cards not placed elsewhere, shuffled
(``deck_tops`` puts chosen cards on top of that).

``from_data`` is strict: an unknown key or table anywhere, a value of the wrong type or
out of range is an error naming the table and key; then :mod:`.checks` refuses any
position that play cannot reach, citing the rule it breaks. Every failure is a
``ScenarioError``. Effects in progress (the stack) are named by their source (which
card's effects, which step), never written out, so a scenario cannot invent effects.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core import Chance, ScenarioError

from .actions import LANES
from .flow import FORCED_MANIFEST, MASS_REVIVE, ORDER
from .rules import CONDUIT, DEPLOY, HOME, OVER, PREP, VOID, ArenaState, owner

ZONE_NAMES = {HOME: "home", VOID: "void", 0: "left", 1: "center", 2: "right"}
ZONE_OF = {name: z for z, name in ZONE_NAMES.items()}
# Phase names in data: unique (the view calls both clash steps "clash").
DATA_PHASES = ("deploy", "preparation", "action", "attack", "block", "attacker-clash",
               "defender-clash", "reveal", "resolution", "combat-end", "revive", "shop",
               "draw", "discard", "end", "over")
LABELS = ("A", "B")
MAX_NUMBER = 999  # power, damage, turn... : far above anything a game reaches
MAX_SEED = 2**63 - 1  # TOML integers are 64-bit signed
# The sources of effect frames: which card's effects (see rules.effect_frame).
CARD_SOURCES = ("talent", "item-talent", "skill-talent", "clash", "manifest", "ruin", "equip",
                "combat-damage", "would-be-ko")
RULE_SOURCES = {"mass-revive": MASS_REVIVE, "forced-manifest": FORCED_MANIFEST,
                "order": ORDER}
TOP_KEYS = frozenset({
    "players", "seed", "params", "turn", "active", "phase", "action_points", "power",
    "buyback", "banished", "used", "home_at_start", "revived", "units", "hands", "decks",
    "deck_tops", "discards", "shops", "conduits", "mods", "grants", "combat", "stack",
    "chance", "winner", "cause", "reason"})


# --- writing ---------------------------------------------------------------------------


def to_data(s: ArenaState) -> dict[str, Any]:
    """The whole position (TOML-ready: no nulls). The question a seat is asked (``ask``)
    is not written: it follows from the rest, and loading asks it again."""
    name = s.unit_card
    out: dict[str, Any] = {
        "players": 2, "seed": s.seed, "params": dict(s.params),
        "turn": s.turn, "active": s.active, "phase": DATA_PHASES[s.phase],
        "action_points": s.ap, "power": list(s.power), "buyback": list(s.buyback),
        "banished": [name[b] if b >= 0 else "" for b in s.banished],
        "used": sorted(s.used),
        "home_at_start": [name[u] for u in range(8) if s.home_at_start >> u & 1],
        "revived": s.revived,
        "units": {name[u]: {"zone": ZONE_NAMES[s.zone[u]], "levelled": bool(s.lvl[u]),
                            "committed": bool(s.comm[u]), "damage": s.dmg[u],
                            "item": s.item[u]} for u in range(8)},
        "hands": [list(h) for h in s.hands], "decks": [list(d) for d in s.decks],
        "discards": [list(d) for d in s.discards], "shops": [list(x) for x in s.shops],
        "conduits": [[{"id": s.cond[p][x], "damage": s.cdmg[p][x], "ruined": s.ruined[p][x]}
                      for x in range(3)] for p in (0, 1)],
        "mods": [{"unit": name[u], "attack": a, "armor": r, "until": _until(c)}
                 for u, a, r, c in s.mods],
        "grants": [{"unit": name[u], "keyword": k, "until": _until(c)}
                   for u, k, c in s.grants],
        "combat": _combat_data(s),
        "stack": [_frame_data(s, frame) for frame in s.stack],
        "chance": f"{s.chance.s:016x}",
    }
    if s.phase == OVER:
        out.update(winner=s.winner, cause=s.cause, reason=s.reason)
    return out


def _until(combat: bool) -> str:
    return "combat" if combat else "turn"


def _combat_data(s: ArenaState) -> dict[str, Any]:
    d = s.c_def
    return {
        "attackers": [s.unit_card[u] for u in s.c_att],
        "defender": "" if d < 0 else ("conduit" if d >= CONDUIT else s.unit_card[d]),
        "lane": LANES[s.c_lane] if s.c_lane >= 0 else "",
        "blocked": s.c_blocked,
        "target": s.unit_card[s.c_target] if s.c_target >= 0 else "",
        "clashes": [{"unit": s.unit_card[u], "card": k, "face_up": up}
                    for u, k, up in s.c_clash],
        "lifelink": [s.unit_card[u] for u in s.c_shunt] if s.c_shunt else [],
    }


def _frame_data(s: ArenaState, frame: list[Any]) -> dict[str, Any]:
    _, step, ctx = frame
    parts = ctx["src"].split(":")
    out: dict[str, Any] = {"source": parts[0], "card": parts[1] if len(parts) > 1 else "",
                           "step": step, "controller": ctx["p"],
                           "unit": s.unit_card[ctx["u"]] if ctx["u"] >= 0 else "",
                           "lane": LANES[ctx["lane"]]}
    if parts[0] in ("talent", "combat-damage"):
        out["levelled"] = parts[2] == "1"
    if parts[0] in ("talent", "item-talent"):
        out["ability"] = parts[-1]
    if "n" in ctx:
        out["discarded"] = ctx["n"]
    if "chosen" in ctx:
        out["chosen"] = [s.unit_card[u] for u in ctx["chosen"]]
    if "moving" in ctx:
        out["moving"] = s.unit_card[ctx["moving"]]
    if "units" in ctx:
        out["order"] = [s.unit_card[u] for u in ctx["units"]]
    return out


# --- reading ---------------------------------------------------------------------------


class Table:
    """One table of scenario data, read strictly: each key once, of its exact type; the
    keys never read are errors (``done``). ``where`` names it in messages."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, Mapping):
            raise ScenarioError(f"{where}: must be a table, not {_kind(data)}")
        self.data, self.where, self.read = data, where, set()

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str) -> Any:
        self.read.add(key)
        return self.data[key]

    def int(self, key: str, default: int, lo: int = 0, hi: int = MAX_NUMBER) -> int:
        if key not in self.data:
            return default
        return number(self.raw(key), f"{self.at(key)}", lo, hi)

    def bool(self, key: str, default: bool) -> bool:
        if key not in self.data:
            return default
        return flag(self.raw(key), self.at(key))

    def str(self, key: str, default: str, choices: Any = None) -> str:
        if key not in self.data:
            return default
        return word(self.raw(key), self.at(key), choices)

    def list(self, key: str, default: list[Any], length: int | None = None) -> list[Any]:
        if key not in self.data:
            return default
        return listing(self.raw(key), self.at(key), length)

    def table(self, key: str) -> Table:
        return Table(self.raw(key) if key in self.data else {}, self.at(key))

    def at(self, key: str) -> str:
        return key if self.where == "(top level)" else f"{self.where}.{key}"

    def done(self) -> None:
        for key in self.data:
            if key not in self.read:
                shown = key if isinstance(key, str) and len(key) <= 40 else f"{str(key)[:39]}…"
                raise ScenarioError(f"{self.where}: unknown key {shown!r}")


def _kind(value: Any) -> str:
    return {bool: "a boolean", int: "an integer", float: "a number with a point", str:
            "a string", list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


def number(value: Any, where: str, lo: int = 0, hi: int = MAX_NUMBER) -> int:
    """An integer in ``lo..hi`` (not a boolean, a float or a string)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(f"{where}: must be an integer, not {_kind(value)}")
    if not lo <= value <= hi:
        shown = str(value) if len(str(value)) <= 20 else f"a {len(str(value))}-digit number"
        raise ScenarioError(f"{where}: {shown} is out of range ({lo} to {hi})")
    return value


def flag(value: Any, where: str) -> bool:
    """A boolean (not 0 or 1)."""
    if not isinstance(value, bool):
        raise ScenarioError(f"{where}: must be true or false, not {_kind(value)}")
    return value


def word(value: Any, where: str, choices: Any = None) -> str:
    """A string, one of ``choices`` if given."""
    if not isinstance(value, str):
        raise ScenarioError(f"{where}: must be a string, not {_kind(value)}")
    if choices is not None and value not in choices:
        shown = value if len(value) <= 40 else value[:39] + "…"
        options = ", ".join(sorted(choices)) if len(choices) <= 20 else f"{len(choices)} names"
        raise ScenarioError(f"{where}: {shown!r} is not one of {options}")
    return value


def listing(value: Any, where: str, length: int | None = None) -> list[Any]:
    """A list (of ``length`` items if given)."""
    if not isinstance(value, list):
        raise ScenarioError(f"{where}: must be a list, not {_kind(value)}")
    if length is not None and len(value) != length:
        raise ScenarioError(f"{where}: must list {length} values, not {len(value)}")
    return value


def pair(t: Table, key: str, default: list[Any]) -> list[Any]:
    """A value per seat: a list of two (player A's, then player B's)."""
    return t.list(key, default, 2)


def from_data(data: Mapping[str, Any]) -> ArenaState:
    """Build a position; raises ``ScenarioError`` naming what is wrong and where."""
    from .checks import check_playable, check_position
    from .spec import SPEC, new_from_params

    top = Table(data, "(top level)")
    for key in data:
        if key not in TOP_KEYS:
            shown = str(key)[:40]
            raise ScenarioError(f"(top level): unknown key {shown!r}")
    top.int("players", 2, 2, 2)  # radiant-arena is played by two
    params = top.raw("params") if "params" in top else {}
    Table(params, "params")  # a table
    params = SPEC.check_params(2, params)
    s = new_from_params(top.int("seed", 0, 0, MAX_SEED), params, deploy=False)
    s.events = []
    phase = top.str("phase", "action", DATA_PHASES)
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
    s.mods = [_mod(s, Table(m, f"mods[{i}]")) for i, m in enumerate(top.list("mods", []))]
    s.grants = [_grant(s, Table(g, f"grants[{i}]")) for i, g in enumerate(top.list("grants",
                                                                                      []))]
    _combat(s, top.table("combat"))
    s.stack = [_frame(s, Table(f, f"stack[{i}]")) for i, f in enumerate(top.list("stack", []))]
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
    top.done()
    check_position(s)
    check_playable(s)
    return s


def _default_turn(phase: int, active: int) -> int:
    """A turn of the right player when a scenario gives none (A plays the odd turns)."""
    return 0 if phase == DEPLOY else 3 + active


def _unit_id(s: ArenaState, value: Any, where: str) -> int:
    return s.names[word(value, where, s.names)]


def _units(s: ArenaState, top: Table) -> None:
    units = top.table("units")
    for name in units.data:
        if not isinstance(name, str) or name not in s.names:
            shown = str(name)[:40]
            raise ScenarioError(f"units: {shown!r} is not a hero or deity of these decks "
                                f"({', '.join(s.names)})")
        u = s.names[name]
        t = units.table(name)
        s.zone[u] = ZONE_OF[t.str("zone", "home", ZONE_OF)]
        s.lvl[u] = int(t.bool("levelled", False))
        s.comm[u] = int(t.bool("committed", False))
        s.dmg[u] = t.int("damage", 0)
        item = t.str("item", "")
        if item and item not in s.cat.items:
            raise ScenarioError(f"units.{name}.item: {item[:40]!r} is not an item")
        s.item[u] = item
        t.done()
    units.done()


def _banished(s: ArenaState, seat: int, value: Any) -> int:
    name = word(value, f"banished[{seat}]")
    if not name:
        return -1
    u = _unit_id(s, name, f"banished[{seat}]")
    if owner(u) != seat or u % 4 == 3:
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
                       ("shops", ("items",))):
        if key in top:
            value = pair(top, key, [[], []])
            setattr(s, key, [_card_list(s, value[p], f"{key}[{p}]", kinds) for p in (0, 1)])
    if "shops" not in top:  # the items not equipped nor destroyed are still in the shop
        for p in (0, 1):
            gone = {s.item[u] for u in s.units_of(p)} | set(s.discards[p])
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


def _mod(s: ArenaState, t: Table) -> tuple[int, int, int, bool]:
    u = _unit_id(s, t.raw("unit") if "unit" in t else None, f"{t.where}.unit")
    out = (u, t.int("attack", 0, -99, 99), t.int("armor", 0, -99, 99),
           t.str("until", "turn", ("combat", "turn")) == "combat")
    t.done()
    return out


def _grant(s: ArenaState, t: Table) -> tuple[int, str, bool]:
    from .data import GRANTABLE

    u = _unit_id(s, t.raw("unit") if "unit" in t else None, f"{t.where}.unit")
    out = (u, t.str("keyword", "", GRANTABLE) if "keyword" in t else "",
           t.str("until", "turn", ("combat", "turn")) == "combat")
    if not out[1]:
        raise ScenarioError(f"{t.where}: needs a keyword ({', '.join(sorted(GRANTABLE))})")
    t.done()
    return out


def _combat(s: ArenaState, t: Table) -> None:
    s.c_att = [_unit_id(s, v, f"combat.attackers[{i}]")
               for i, v in enumerate(t.list("attackers", []))]
    lane = t.str("lane", "", ("", *LANES))
    s.c_lane = LANES.index(lane) if lane else -1
    defender = t.str("defender", "", ("", "conduit", *s.names))
    if defender == "conduit":
        if s.c_lane < 0:
            raise ScenarioError("combat.defender: a conduit needs the combat's lane")
        s.c_def = CONDUIT + (1 - s.active) * 3 + s.c_lane
    else:
        s.c_def = s.names[defender] if defender else -1
    s.c_blocked = t.bool("blocked", False)
    target = t.str("target", "", ("", *s.names))
    s.c_target = s.names[target] if target else -1
    s.c_clash = []
    for i, c in enumerate(t.list("clashes", [])):
        ct = Table(c, f"combat.clashes[{i}]")
        u = _unit_id(s, ct.raw("unit") if "unit" in ct else None, f"{ct.where}.unit")
        card = ct.str("card", "", s.cat.skills) if "card" in ct else ""
        if not card:
            raise ScenarioError(f"{ct.where}: needs the card clashed")
        s.c_clash.append((u, card, ct.bool("face_up", False)))
        ct.done()
    link = t.list("lifelink", [])
    if link:
        if len(link) != 2:
            raise ScenarioError("combat.lifelink: [the hero with Lifelink, the hero taking "
                                "half], or []")
        s.c_shunt = (_unit_id(s, link[0], "combat.lifelink[0]"),
                     _unit_id(s, link[1], "combat.lifelink[1]"))
    else:
        s.c_shunt = None
    t.done()


def _frame(s: ArenaState, t: Table) -> list[Any]:
    """One frame of the stack, from its source: the effects are the card's own."""
    source = t.str("source", "", (*CARD_SOURCES, *RULE_SOURCES)) if "source" in t else ""
    if not source:
        names = ", ".join((*CARD_SOURCES, *RULE_SOURCES))
        raise ScenarioError(f"{t.where}: needs a source ({names})")
    p = t.int("controller", 0, 0, 1)
    unit = t.str("unit", "", ("", *s.names))
    lane = t.str("lane", "", LANES) if "lane" in t else ""
    if not lane:
        raise ScenarioError(f"{t.where}: needs the lane where it happens")
    ctx: dict[str, Any] = {"p": p, "u": s.names[unit] if unit else -1,
                           "lane": LANES.index(lane)}
    card = t.str("card", "")
    levelled = t.bool("levelled", False)
    ability = t.str("ability", "")
    effects, src = _effects_of(s, t.where, source, card, levelled, ability)
    ctx["src"] = src
    if source == "skill-talent":
        ctx["skill"] = card  # the card on the table, to the discard pile once resolved
    step = t.int("step", 0, 0, len(effects))
    if "discarded" in t:
        ctx["n"] = t.int("discarded", 0, 0, 99)
    if "chosen" in t:
        ctx["chosen"] = [_unit_id(s, v, f"{t.where}.chosen[{i}]")
                         for i, v in enumerate(t.list("chosen", []))]
    if "moving" in t:
        ctx["moving"] = _unit_id(s, t.raw("moving"), f"{t.where}.moving")
    if "order" in t:
        ctx["units"] = tuple(_unit_id(s, v, f"{t.where}.order[{i}]")
                             for i, v in enumerate(t.list("order", [])))
    t.done()
    return [effects, step, ctx]


def _effects_of(s: ArenaState, where: str, source: str, card: str, levelled: bool,
                ability: str) -> tuple[tuple[Any, ...], str]:
    """The effects a source names, and its key; an unknown card is an error."""
    cat = s.cat

    def bad(what: str) -> ScenarioError:
        return ScenarioError(f"{where}: {what}")

    if source in RULE_SOURCES:
        if card:
            raise bad(f"a {source} frame names no card")
        return RULE_SOURCES[source], source
    side = int(levelled)
    if source == "talent":
        unit = cat.units.get(card)
        talent = next((t for t in unit.sides[side].talents if t.id == ability), None) \
            if unit else None
        if talent is None:
            raise bad(f"{card[:40]!r} has no talent {ability[:40]!r} on that side")
        return talent.effects, f"talent:{card}:{side}:{ability}"
    if source == "item-talent":
        item = cat.items.get(card)
        talent = next((t for t in item.talents if t.id == ability), None) if item else None
        if talent is None:
            raise bad(f"{card[:40]!r} is not an item with the talent {ability[:40]!r}")
        return talent.effects, f"item-talent:{card}:{ability}"
    if source in ("skill-talent", "clash"):
        skill = cat.skills.get(card)
        effects = None if skill is None else (
            skill.talent.effects if source == "skill-talent" and skill.talent else
            skill.clash if source == "clash" else None)
        if not effects:
            raise bad(f"{card[:40]!r} is not a skill card with a "
                      f"{'talent' if source == 'skill-talent' else 'clash effect'}")
        return effects, f"{source}:{card}"
    found = {
        "manifest": lambda: cat.units[card].manifest if card in cat.units else None,
        "ruin": lambda: cat.conduits[card].ruin if card in cat.conduits else None,
        "equip": lambda: cat.items[card].equip if card in cat.items else None,
        "combat-damage": lambda: cat.units[card].sides[side].on_combat_damage
        if card in cat.units else None,
        "would-be-ko": lambda: (("script", {"name": cat.units[card].on_would_be_ko}),)
        if card in cat.units and cat.units[card].on_would_be_ko else None,
    }[source]()
    if not found:
        raise bad(f"{card[:40]!r} has no {source} effect")
    if source == "combat-damage":
        return found, f"combat-damage:{card}:{side}"
    return found, f"{source}:{card}"


def _fill_decks(s: ArenaState, top: Table) -> None:
    """Each seat's deck: given whole (``decks``), or the skill cards of its heroes not
    placed elsewhere, shuffled, under any ``deck_tops`` (the top card last)."""
    from .checks import skill_pool

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
