"""radiant-arena's vocabulary for the rules kernel (docs/cards.md; the format:
docs/rules/radiant-arena-cards.md): the words its card data may use and how the kernel
reads the state through them.

Objects: units (ints: hero or deity slots), conduits (:class:`~.ids.ConduitRef`), skill
cards remembered by an effect (their ids). Kinds: ``hero`` (every unit in play: "Deities
are considered to be heroes in all regards"), ``deity``, ``conduit``, ``fallen`` (a KO'd
hero at home). Places are relative to "this location" (the lane of the hero using the
ability, or of the conduit or frame).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.cards import (
    RESOLVED,
    WAITING,
    ConditionSpec,
    CostSpec,
    EventSpec,
    HookSpec,
    KeywordSpec,
    KindSpec,
    PlaceSpec,
    Result,
    Selector,
    StatSpec,
    Vocabulary,
)
from tabletop.cards.text import Say, plural

from .board import deal_damage, discard_card, ruin
from .ids import ADJACENT, CONDUITS, DEITY, HOME, R_CLASH_CARDS, R_TALENT, ConduitRef
from .ops import OPS, here

S = Any  # the state, as the kernel hands it back


def _unit(o: Any) -> bool:
    return type(o) is int and 0 <= o < 8


def _lane(s: S, o: Any) -> int:
    """Where an object is: a unit's lane (-1 out of play), a conduit's lane."""
    if type(o) is int:
        return int(s.zone[o]) if 0 <= o < 8 else -1
    if isinstance(o, ConduitRef):
        return o.lane
    return -1


def _owner(s: S, o: Any) -> int | None:
    if type(o) is int:
        return o // 4 if 0 <= o < 8 else None
    if isinstance(o, ConduitRef):
        return o.seat
    return None


def _place(s: S, o: Any) -> int | None:
    lane = _lane(s, o)
    return lane if lane >= 0 else None


def _ask(s: S, kind: str, seat: int, options: tuple[Any, ...]) -> None:
    # A choice among conduits is a choice of lane (the Wrathlord's: "lane left").
    if kind == "target" and options and all(isinstance(o, ConduitRef) for o in options) and \
            len({o.seat for o in options}) == 1:
        kind = "conduit"
    s.ask = (kind, seat, options)


# --- object kinds --------------------------------------------------------------------------

KINDS = {
    "hero": KindSpec("hero", lambda s: [u for u in range(8) if s.zone[u] >= 0],
                     lambda s, o: _unit(o) and s.zone[o] >= 0, "hero", "heroes",
                     "a hero or deity in play (deities are heroes)"),
    "deity": KindSpec("deity", lambda s: [u for u in (DEITY, 4 + DEITY) if s.zone[u] >= 0],
                      lambda s, o: _unit(o) and o % 4 == DEITY and s.zone[o] >= 0,
                      "deity", "deities", "a deity in play"),
    "conduit": KindSpec("conduit", lambda s: [c for row in CONDUITS for c in row],
                        lambda s, o: isinstance(o, ConduitRef), "conduit", "conduits",
                        "a conduit (consecrated or ruined: see the conditions)"),
    "card": KindSpec("card", lambda s: [], lambda s, o: isinstance(o, str), "card", "cards",
                     "a skill card an effect remembered (a card revealed): "
                     "{ ref = \"$top\", kind = \"card\" }"),
    "fallen": KindSpec("fallen", lambda s: [u for u in range(8) if u % 4 != DEITY
                                            and s.zone[u] == HOME],
                       lambda s, o: _unit(o) and o % 4 != DEITY and s.zone[o] == HOME,
                       "KO'd hero", "KO'd heroes", "a KO'd hero at its owner's home"),
}

PLACES = {
    "here": PlaceSpec("here", lambda s, o, h: h >= 0 and (
        s.zone[o] if type(o) is int else _lane(s, o)) == h,
                      "at this location", "the same lane as this hero (or conduit)"),
    "adjacent": PlaceSpec("adjacent", lambda s, o, h: h >= 0 and _lane(s, o) in ADJACENT[h],
                          "at an adjacent location", "a lane next to this one"),
    "other": PlaceSpec("other", lambda s, o, h: 0 <= _lane(s, o) != h,
                       "in another lane", "any lane but this one"),
    "anywhere": PlaceSpec("anywhere", lambda s, o, h: _lane(s, o) >= 0, "at any location",
                          "any lane"),
    "combat": PlaceSpec("combat", lambda s, o, h: s.combat is not None and _unit(o) and (
        o in s.combat.attackers or o == s.combat.defender) and s.zone[o] >= 0,
        "in this combat", "a participant of the current combat"),
}


def _damage(s: S, o: Any) -> int:
    if isinstance(o, ConduitRef):
        return int(s.cdmg[o.seat][o.lane])
    return int(s.dmg[o]) if _unit(o) else 0


def _taunt_free(s: S, o: Any) -> bool:
    """Whether an enemy may attack ``o`` (Keywords — Taunt): no ready hero with Taunt of
    its side at its location, or it has Taunt itself (a hero; a conduit never hides)."""
    if not _unit(o) or s.zone[o] < 0:
        return isinstance(o, ConduitRef)
    if s.keyword(o, "taunt"):
        return True
    return not any(not s.comm[v] and s.keyword(v, "taunt") for v in s.units_at(o // 4,
                                                                             s.zone[o]))


Test = Callable[[S, Any, dict[str, Any], str], bool]


def _cond(name: str, test: Test, text: str, doc: str, arg: str = "") -> ConditionSpec:
    return ConditionSpec(name, test, text, doc, arg)


CONDITIONS = {c.name: c for c in (
    _cond("damaged", lambda s, o, c, a: _damage(s, o) > 0, "damaged",
          "it has damage on it"),
    _cond("ready", lambda s, o, c, a: _unit(o) and not s.comm[o], "ready",
          "a ready unit (not committed)"),
    _cond("committed", lambda s, o, c, a: _unit(o) and bool(s.comm[o]), "committed",
          "a committed unit"),
    _cond("levelled", lambda s, o, c, a: _unit(o) and bool(s.lvl[o]), "levelled-up",
          "a hero on its levelled side"),
    _cond("attacking", lambda s, o, c, a: s.combat is not None and o in s.combat.attackers,
          "attacking", "an attacker of the current combat"),
    _cond("defending", lambda s, o, c, a: s.combat is not None and s.combat.defender == o,
          "defending", "the defender of the current combat"),
    _cond("blocking", lambda s, o, c, a: s.combat is not None and s.combat.defender == o
          and s.combat.blocked, "blocking", "the defender, having blocked"),
    _cond("divine", lambda s, o, c, a: _unit(o) and s.keyword(o, "divine"), "Divine",
          "it has Divine"),
    _cond("keyword", lambda s, o, c, a: _unit(o) and s.keyword(o, a), " with {arg}",
          "it has that keyword (keyword:taunt)", arg="keyword"),
    _cond("named", lambda s, o, c, a: (_unit(o) and s.unit_card[o] == a) or (
        isinstance(o, ConduitRef) and s.cond[o.seat][o.lane] == a) or o == a,
        " named {arg}", "it is that card (named:alyn)", arg="card"),
    _cond("consecrated", lambda s, o, c, a: isinstance(o, ConduitRef)
          and not s.ruined[o.seat][o.lane], "consecrated", "a conduit not yet ruined"),
    _cond("ruined", lambda s, o, c, a: isinstance(o, ConduitRef) and s.ruined[o.seat][o.lane],
          "ruined", "a ruined conduit"),
    _cond("equipped", lambda s, o, c, a: _unit(o) and bool(s.item[o]), " with an item",
          "a hero with an item equipped"),
    _cond("attackable", lambda s, o, c, a: _taunt_free(s, o), "attackable",
          "an enemy may attack it (Taunt permitting)"),
)}


def _card_value(s: S, card: Any, stat: str) -> int:
    k = s.cat.skills.get(card) if isinstance(card, str) else None
    return int(getattr(k, stat)) if k is not None else 0


STATS = {
    "attack": StatSpec("attack", lambda s, o: s.attack_of(o) if _unit(o) else (
        s.cat.conduit_attack if isinstance(o, ConduitRef) else _card_value(s, o, "attack")),
        "{of}'s attack", True, "a unit's attack; a skill card's attack combat value"),
    "armor": StatSpec("armor", lambda s, o: s.armor_of(o) if _unit(o) else _card_value(
        s, o, "armor"), "{of}'s armor", True,
        "a unit's armor; a skill card's armor combat value"),
    "health": StatSpec("health", lambda s, o: s.health_of(o) if _unit(o) else (
        s.cat.conduit_health if isinstance(o, ConduitRef) else 0), "{of}'s health", True,
        "a unit's health"),
    "damage": StatSpec("damage", _damage, "the damage on {of}", False,
                       "damage on a unit or conduit"),
    "health_left": StatSpec("health_left", lambda s, o: (s.health_of(o) - s.dmg[o])
                            if _unit(o) else 0, "{of}'s health left", False,
                            "health less damage"),
}

KEYWORDS = {k.name: k for k in (
    KeywordSpec("evoker", "Evoker", doc="after your turn begins, gain 1 power (once)"),
    KeywordSpec("taunt", "Taunt", doc="enemies may attack only heroes with Taunt here"),
    KeywordSpec("vanguard", "Vanguard", doc="while attacking, your other heroes cannot "
                "take damage"),
    KeywordSpec("divine", "Divine", doc="Ultimate effects resolve"),
    KeywordSpec("regen", "Regen", valued=True, doc="after your turn begins, heal this "
                "much (the highest only)"),
    KeywordSpec("piercing", "Piercing", doc="this hero's combat damage is Piercing"),
    KeywordSpec("stun", "Stun", doc="this hero's combat damage is Stun"),
)}

RULES = {
    "cannot_attack": "can't attack",
    "cannot_block": "can't block",
    "ignores_taunt": "may attack heroes without Taunt (it ignores Taunt)",
}
COST_KEYS = {
    "talent_ap": "talents cost",  # in action points
    "level_power": "EXP cost is",
    "item_power": "shop items cost",  # the power an item costs it (Shop Step)
}


def _events() -> dict[str, EventSpec]:
    obj, seat, word, card, num, flag = "object", "seat", "word", "card", "int", "bool"
    specs = [
        EventSpec("turn_start", {"seat": seat}, "At the start of {seat} turn",
                  doc="the preparation phase, after action points, Evoker and Regen",
                  example='{ on = "turn_start", match = { seat = "friendly" } }'),
        EventSpec("turn_end", {"seat": seat}, "At the end of {seat} turn",
                  doc="the draw step's end, before turn effects end",
                  example='{ on = "turn_end", match = { seat = "enemy" } }'),
        EventSpec("attack", {"unit": obj, "target": obj, "lane": word},
                  "When {unit} attacks", "unit",
                  doc="an attack's target is chosen: once per attacker",
                  example='{ on = "attack" }'),
        EventSpec("block", {"unit": obj, "target": obj}, "When {unit} blocks", "unit",
                  doc="a hero blocks (target: the unit or conduit it protects)",
                  example='{ on = "block" }'),
        EventSpec("clash_revealed", {"unit": obj, "card": card}, "When {unit} clashes",
                  "unit", doc="a clash card is revealed (or played face up)",
                  example='{ on = "clash_revealed", match = { card = "zeal" } }'),
        EventSpec("combat_damage_dealt", {"unit": obj, "target": obj, "amount": num},
                  "After {unit} deals combat damage", "unit",
                  doc="after all combat damage: each hero that dealt some (every attacker "
                  "when the defender took damage)", example='{ on = "combat_damage_dealt" }'),
        EventSpec("damage_taken", {"unit": obj, "amount": num, "combat": flag,
                                   "source": obj}, "After {unit} takes damage", "unit",
                  doc="a unit or conduit takes damage (after armor, at least 1)",
                  example='{ on = "damage_taken", match = { combat = true } }'),
        EventSpec("ko", {"unit": obj, "seat": seat, "source": obj, "lane": word},
                  "When {unit} is KO'd", "unit", more={"source": "by {source}",
                                                       "lane": "in the {lane} lane"},
                  doc="a hero is KO'd (source: the unit whose damage did it)",
                  example='{ on = "ko", match = { unit = { side = "friendly", exclude = '
                  '["self"] } } }'),
        EventSpec("ruin", {"conduit": obj, "seat": seat, "lane": word},
                  "When {conduit} is ruined", doc="a conduit is ruined",
                  example='{ on = "ruin", match = { seat = "enemy" } }'),
        EventSpec("manifest", {"unit": obj, "lane": word}, "When {unit} manifests", "unit",
                  doc="a deity enters play", example='{ on = "manifest" }'),
        EventSpec("level_up", {"unit": obj}, "When {unit} levels up", "unit",
                  doc="a hero flips to its levelled side", example='{ on = "level_up" }'),
        EventSpec("equip", {"unit": obj, "item": card}, "When {unit} equips an item", "unit",
                  doc="an item is equipped (after its equip effect)",
                  example='{ on = "equip" }'),
        EventSpec("revive", {"unit": obj, "lane": word}, "When {unit} is revived", "unit",
                  doc="a KO'd hero returns to play", example='{ on = "revive" }'),
        EventSpec("move", {"unit": obj, "start": word, "lane": word}, "When {unit} moves",
                  "unit", doc="a hero moves to another lane", example='{ on = "move" }'),
        EventSpec("draw", {"seat": seat}, "When {seat_who} draws a card",
                  doc="a player draws a card", example='{ on = "draw", match = { seat = '
                  '"enemy" } }'),
        EventSpec("discard", {"seat": seat, "card": card}, "When {seat_who} discards a card",
                  doc="a card goes from a hand (or the top of a deck) to a discard pile",
                  example='{ on = "discard", match = { seat = "enemy" } }'),
        EventSpec("combat_end", {"lane": word}, "At the end of a combat",
                  doc="a combat ends (its bonuses and clash cards go)",
                  example='{ on = "combat_end" }'),
    ]
    return {e.name: e for e in specs}


def _hooks() -> dict[str, HookSpec]:
    both = frozenset({"prevent", "instead"})
    return {h.name: h for h in (
        HookSpec("would_take_damage", {"unit": "object", "amount": "int", "piercing": "bool",
                                       "stun": "bool", "combat": "bool", "source": "object"},
                 frozenset({"prevent", "reduce", "redirect", "instead"}), "unit",
                 "If {subject} would take damage",
                 doc="damage is about to be dealt to a unit (before armor)",
                 example='{ hook = "would_take_damage", reduce = 1 }'),
        HookSpec("would_be_koed", {"unit": "object", "source": "object"}, both, "unit",
                 "If {subject} would be KO'd",
                 doc="a unit's damage reaches its health",
                 example='{ hook = "would_be_koed", instead = [...] }'),
        HookSpec("clash_effect_resolves", {"unit": "object", "card": "card"}, both, "unit",
                 "If the clash effect of a card {subject} clashed would resolve",
                 doc="a clash card's effect is about to resolve",
                 example='{ hook = "clash_effect_resolves", affects = "opposing", prevent = '
                 'true }'),
        HookSpec("would_draw", {"seat": "seat"}, both, "seat", "If you would draw a card",
                 doc="its controller is about to draw a card",
                 example='{ hook = "would_draw", instead = [...] }'),
    )}


# --- costs --------------------------------------------------------------------------------


def _unit_of(ctx: dict[str, Any]) -> int:
    u = ctx.get("u", -1)
    return u if isinstance(u, int) else -1


def _pay_ap(s: S, ctx: dict[str, Any], n: int) -> Result:
    s.ap -= n
    return RESOLVED


def _pay_power(s: S, ctx: dict[str, Any], n: int) -> Result:
    from .ids import R_TALENT as RULE

    p = ctx["p"]
    s.power[p] -= n
    src = ctx.get("skill") or (s.unit_name[ctx["u"]] if _unit_of(ctx) >= 0 else None)
    s.event("power_pay", (p, n, s.power[p], "talent", src), RULE)
    return RESOLVED


def _pay_discard(s: S, ctx: dict[str, Any], n: int) -> Result:
    p = ctx["p"]
    if "answer" in ctx:
        discard_card(s, p, ctx.pop("answer"), "effect", R_CLASH_CARDS)
        ctx["_n"] = ctx.get("_n", 0) + 1
    if ctx.get("_n", 0) >= n or not s.hands[p]:
        return RESOLVED
    s.ask = ("discard", p, ())
    return WAITING


def _pay_commit(s: S, ctx: dict[str, Any], n: int) -> Result:
    u = _unit_of(ctx)
    s.comm[u] = 1
    s.event("commit", (s.unit_name[u], "cost"), R_TALENT)
    return RESOLVED


def _pay_self_damage(s: S, ctx: dict[str, Any], n: int) -> Result:
    u = _unit_of(ctx)
    deal_damage(s, u, n, True, False, False, ctx.get("src"), u)
    return RESOLVED


def _pay_ruin(s: S, ctx: dict[str, Any], n: int) -> Result:
    p = ctx["p"]
    lanes = tuple(x for x in range(3) if not s.ruined[p][x])
    if "answer" in ctx:
        lane = ctx.pop("answer")
    elif len(lanes) > 1:
        s.ask = ("lane", p, lanes)
        return WAITING
    else:
        lane = lanes[0]
    ruin(s, p, lane)
    return RESOLVED


def _costs() -> dict[str, CostSpec]:
    return {c.name: c for c in (
        CostSpec("ap", lambda s, ctx, n: s.ap >= n, _pay_ap, lambda n: f"{n} AP", x=True,
                 doc="action points (``cost`` in a talent)", example="cost = 1"),
        CostSpec("power", lambda s, ctx, n: s.power[ctx["p"]] >= n, _pay_power,
                 lambda n: f"{n} Power", x=True, doc="power", example='power = "x"'),
        CostSpec("discard", lambda s, ctx, n: len(s.hands[ctx["p"]]) - (
            1 if ctx.get("skill") else 0) >= n, _pay_discard,
            lambda n: "discard " + plural(int(n), "card", "cards"), lo=0, hi=9,
            doc="discard cards of your choice", example="discard = 1"),
        CostSpec("commit", lambda s, ctx, n: _unit_of(ctx) >= 0 and s.zone[ctx["u"]] >= 0
                 and not s.comm[ctx["u"]], _pay_commit, lambda n: "commit this hero",
                 kind="bool", doc="this hero must be ready; it is committed",
                 example="commit = true"),
        CostSpec("self_damage", lambda s, ctx, n: _unit_of(ctx) >= 0 and s.zone[ctx["u"]] >= 0,
                 _pay_self_damage, lambda n: f"deal {n} damage to this hero", lo=0, hi=20,
                 doc="Piercing damage to this hero", example="self_damage = 2"),
        CostSpec("ruin", lambda s, ctx, n: not all(s.ruined[ctx["p"]]), _pay_ruin,
                 lambda n: "ruin one of your conduits", kind="bool",
                 doc="ruin one of your consecrated conduits (its ruin effect resolves)",
                 example="ruin = true"),
    )}


NAMED = {
    "friendly_here": {"side": "friendly", "place": "here"},
    "other_friendly_here": {"side": "friendly", "place": "here", "exclude": ["self"]},
    "friendly_any": {"side": "friendly", "place": "anywhere"},
    "enemy_here": {"side": "enemy", "place": "here"},
    "enemy_any": {"side": "enemy", "place": "anywhere"},
    "opposing": {"side": "enemy", "place": "combat"},
    "all_enemies_here": {"side": "enemy", "place": "here", "count": "each"},
    "all_friendlies_here": {"side": "friendly", "place": "here", "count": "each"},
    "all_opposing": {"side": "enemy", "place": "combat", "count": "each"},
    "enemy_conduit_here": {"side": "enemy", "kind": "conduit", "place": "here",
                           "where": ["consecrated"]},
}
# How the named selectors read in card text when the general phrase would not.
PHRASES = {
    "opposing": "an opposing hero",
    "all_opposing": "each opposing hero",
    "enemy_conduit_here": "the enemy conduit at this location",
}


class Quick:
    """A selector the fast path answers (units in play by side, place, conditions and "not
    this hero"), with the conditions its op implies: its fields read once. A Selector is
    plain-Python data, each field a lookup through the interpreter's attribute machinery
    even from compiled code, and the first step of every talent is judged for every hero
    at every decision. ``ok``: the fast path answers it (else the kernel does)."""

    def __init__(self, sel: Selector, implied: tuple[str, ...]) -> None:
        self.sel = sel
        self.ok: bool = not (sel.ref or (sel.kinds and sel.kinds != ("hero",)) or (
            sel.exclude and sel.exclude != ("self",)) or sel.place == "combat")
        self.place: str = sel.place
        self.side: int = sel.side
        self.friendly: bool = sel.side == 1  # nodes.FRIENDLY
        self.exclude: bool = bool(sel.exclude)
        tests: list[tuple[Any, bool, str]] = []
        if self.ok:
            tests.extend((CONDITIONS[n].test, neg, arg) for n, neg, arg in sel.where)
            tests.extend((CONDITIONS[c].test, False, "") for c in implied)
        self.tests = tests


# Quick forms by selector and implied conditions (each holds its selector, so an id is
# never reused while its entry lives); bounded all the same.
_QUICK: dict[tuple[int, tuple[str, ...]], Quick] = {}
_QUICK_LIMIT = 20_000


def quick(sel: Selector, implied: tuple[str, ...]) -> Quick:
    """The quick form of a selector with its op's implied conditions (made once)."""
    key = (id(sel), implied)
    found = _QUICK.get(key)
    if found is None or found.sel is not sel:
        found = Quick(sel, implied)
        if len(_QUICK) >= _QUICK_LIMIT:
            _QUICK.clear()
        _QUICK[key] = found
    return found


def quick_units(s: S, q: Quick, ctx: dict[str, Any], first: bool) -> list[Any]:
    """The units in play a quick selector allows (``q.ok``), in slot order; ``first``:
    only the first."""
    place = q.place
    zone: list[int] = s.zone
    lane = here(s, ctx) if place else -1
    if place in ("here", "adjacent") and lane < 0:
        return []  # no "this location": nothing is here or next to it
    p: int = ctx["p"]
    side = q.side
    friendly = q.friendly
    u = ctx["u"] if q.exclude else -99
    tests = q.tests
    near = ADJACENT[lane] if place == "adjacent" else ()
    out: list[Any] = []
    for o in range(8):
        z = zone[o]
        if z < 0 or (side and (o >> 2 == p) != friendly) or o == u:
            continue
        if place == "here":
            if z != lane:
                continue
        elif place == "adjacent":
            if z not in near:
                continue
        elif place == "other" and z == lane:
            continue
        if tests and any(fn(s, o, ctx, arg) == neg for fn, neg, arg in tests):
            continue
        out.append(o)
        if first:
            break
    return out


def _fast(s: S, sel: Selector, ctx: dict[str, Any], implied: tuple[str, ...],
          first: bool) -> list[Any] | None:
    """The kernel's ``candidates`` for the commonest selectors, quicker: units in play by
    side, place, conditions and "not this hero" (the first step of every talent is judged
    for every hero at every decision). Anything else (remembered targets, other kinds,
    exclusions of remembered names) is left to the kernel (None). Same answers, same
    order: tests/games/radiant_arena/test_card_language.py compares them."""
    q = quick(sel, implied)
    return quick_units(s, q, ctx, first) if q.ok else None


VOCAB = Vocabulary(
    game="radiant-arena",
    kinds=KINDS,
    default_kinds=("hero",),
    places=PLACES,
    conditions=CONDITIONS,
    stats=STATS,
    keywords=KEYWORDS,
    events=_events(),
    hooks=_hooks(),
    ops=OPS.specs,  # each declared beside its function (ops.py)
    costs=_costs(),
    owner=_owner,
    place=_place,
    ask=_ask,
    random=lambda s, n: s.chance.below(n),
    rules=RULES,
    cost_keys=COST_KEYS,
    selectors=NAMED,
    default_duration=lambda s, ctx: "combat" if s.combat is not None else "turn",
    here=here,
    fast=_fast,
    zones={"hand": (lambda s, p: len(s.hands[p]), "{their} hand"),
           "deck": (lambda s, p: len(s.decks[p]), "{their} skill deck"),
           "discard": (lambda s, p: len(s.discards[p]), "{their} discard pile")},
)


def say(default_until: str = "turn") -> Say:
    """A writer of radiant-arena card text (docs/cards.md §9)."""
    return Say(VOCAB, "this hero", PHRASES, default_until)


__all__ = ["VOCAB", "NAMED", "PHRASES", "say", "Quick", "quick", "quick_units",
           "KINDS", "PLACES", "CONDITIONS", "STATS",
           "KEYWORDS", "RULES", "COST_KEYS", "R_TALENT"]
