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
    ConditionSpec,
    CostSpec,
    EventSpec,
    Field,
    HookSpec,
    KeywordSpec,
    KindSpec,
    OpSpec,
    PlaceSpec,
    Selector,
    StatSpec,
    Step,
    Vocabulary,
)
from tabletop.cards.text import Say, plural

from .board import deal_damage, discard_card, ruin
from .ids import ADJACENT, CONDUITS, DEITY, HOME, LANES, R_CLASH_CARDS, R_TALENT, ConduitRef
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
                  "When {unit} is KO'd", "unit",
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


# --- ops: fields and card text ------------------------------------------------------------

TARGET = Field("selector", default="self", doc="whom it affects (a selector)")
AMOUNT = Field("value", default=1, doc="how much (a value)")
SIGNED = Field("value", default=0, lo=-99, doc="a change (a value, may be negative)")
WHO = Field("word", default="self", choices=frozenset({"self", "opponent"}),
            doc="which player")
UNTIL = Field("duration", doc="how long (default: the combat, or the turn outside one)")
LANE_WORD = frozenset({"adjacent", "here", *LANES})


def _t(fn: Callable[[Step, Say], str]) -> Callable[[Step, Any], str]:
    return fn


def _n(say: Say, step: Step, key: str = "amount") -> str:
    return say.number(step.f.get(key, 1))


def _who_says(step: Step, mine: str, theirs: str) -> str:
    return theirs if step.f.get("who") == "opponent" else mine


def _damage_text(step: Step, say: Say) -> str:
    kinds = (" Piercing" if step.f.get("piercing") else "") + (
        " Stun" if step.f.get("stun") else "")
    return f"deal {_n(say, step)}{kinds} damage to {say.sel(step.f['target'])}"


def _boost_text(step: Step, say: Say) -> str:
    parts = []
    for key in ("attack", "armor"):
        v = step.f.get(key, 0)
        if v != 0:
            n = say.number(v)
            sign = "-" if type(v) is int and v < 0 else "+"
            parts.append(f"{sign}{n.lstrip('-')} {key}")
    target = step.f["target"]
    return f"{say.sel(target)} {say.verb(target, 'gets', 'get')} {' and '.join(parts)} " \
           f"{say.duration(step.f.get('until'))}"


def _short_duration(say: Say, until: str | None) -> str:
    until = until or say.default_until
    return {"combat": "this combat", "turn": "this turn"}.get(until, say.duration(until))


def _grant_text(step: Step, say: Say) -> str:
    kw = step.f["keyword"]
    target = step.f["target"]
    if kw in ("piercing", "stun"):
        return f"{say.possessive(target)} combat damage is {say.keyword(kw)} " \
               f"{_short_duration(say, step.f.get('until'))}"
    return f"{say.sel(target)} {say.verb(target, 'gains', 'gain')} {say.keyword(kw)} " \
           f"{say.duration(step.f.get('until'))}"


def _modify_text(step: Step, say: Say) -> str:
    from tabletop.cards.text import modifier_text

    spec = step.f["modifier"]
    spec = type(spec)(spec.kind, spec.key, spec.op, spec.value, step.f["target"], spec.cond,
                      spec.raw)
    body = modifier_text(say, spec, static=False).rstrip(".")
    return f"{body[:1].lower() + body[1:]} {say.duration(step.f.get('until'))}"


def _move_text(step: Step, say: Say) -> str:
    lane = step.f.get("lane", "adjacent")
    where = {"adjacent": "an adjacent location", "here": "this location"}.get(
        lane, f"the {lane} lane")
    return f"move {say.sel(step.f['target'])} to {where}"


def _revive_text(step: Step, say: Say) -> str:
    lane = step.f.get("lane", "any")
    where = {"any": "", "here": " at this location"}.get(lane, f" in the {lane} lane")
    return f"revive {say.sel(step.f['target'])}{where}"


def _deck(step: Step) -> str:
    return _who_says(step, "your skill deck", "your opponent's skill deck")


def _tops(say: Say, step: Step) -> str:
    n = step.f.get("amount", 1)
    if n == 1:
        return "the top card"
    return f"the top {say.number(n)} cards"


def _reveal_text(step: Step, say: Say) -> str:
    text = f"reveal {_tops(say, step)} of {_deck(step)}"
    to = step.f.get("to")
    if to:
        their = _who_says(step, "your", "your opponent's")
        it = "it" if step.f.get("amount", 1) == 1 else "them"
        text += f" and put {it} {_ZONE_TO[to].format(their=their)}"
    return text


def _look_text(step: Step, say: Say) -> str:
    if step.f.get("zone") == "hand":
        return "look at " + _who_says(step, "your hand", "your opponent's hand")
    return f"look at {_tops(say, step)} of {_deck(step)}"


_ZONE_TO = {"hand": "into {their} hand", "deck_top": "on top of {their} skill deck",
            "deck_bottom": "at the bottom of {their} skill deck",
            "discard": "into {their} discard pile", "void": "into the void"}


def _move_card_text(step: Step, say: Say) -> str:
    their = _who_says(step, "your", "your opponent's")
    n = step.f.get("amount", 1)
    origin = step.f["from"]
    if origin == "deck_top":
        what = f"{_tops(say, step)} of {their} skill deck"
    elif origin == "hand":
        what = say.count(n, "card", "cards") + f" from {their} hand"
    else:
        what = say.count(n, "card", "cards") + f" from {their} discard pile"
    verb = "return" if origin == "discard" and step.f["to"] == "hand" else "put"
    return f"{verb} {what} {_ZONE_TO[step.f['to']].format(their=their)}"


def _delay_text(step: Step, say: Say) -> str:
    from tabletop.cards.text import nodes_text

    on = step.f["on"]
    match = dict(step.f.get("match", ()))
    from tabletop.cards import ENEMY

    seat = "your opponent's" if match.get("seat") == ENEMY else "your"
    opening = {"turn_start": f"at the start of {seat} next turn",
               "turn_end": f"at the end of {seat} next turn",
               "combat_end": "at the end of the combat"}.get(
        on, f"the next time there is a {on.replace('_', ' ')} event")
    body = "; ".join(nodes_text(say, step.f["effects"].tree))
    return f"{opening}, {body[:1].lower() + body[1:]}"


def _replace_text(step: Step, say: Say) -> str:
    from tabletop.cards.text import replacement_text

    body = replacement_text(say, step.f["replacement"]).rstrip(".")
    return f"{say.duration(step.f.get('until'))}, {body[:1].lower() + body[1:]}"


def _op(name: str, fields: dict[str, Field], text: Callable[[Step, Any], str], doc: str,
        example: str, target: str = "target", implied: tuple[str, ...] = (),
        internal: bool = False, possible: Any = None) -> OpSpec:
    return OpSpec(name, fields, OPS[name], text, doc, example, target, implied, possible,
                  internal)


def _can_discard(s: S, step: Step, ctx: dict[str, Any]) -> bool:
    seat = ctx["p"] if step.f.get("who", "self") == "self" else 1 - ctx["p"]
    return bool(s.hands[seat])


def _can_extra_clash(s: S, step: Step, ctx: dict[str, Any]) -> bool:
    return s.combat is not None and bool(s.hands[ctx["p"]])


def _can_move_card(s: S, step: Step, ctx: dict[str, Any]) -> bool:
    seat = ctx["p"] if step.f.get("who", "self") == "self" else 1 - ctx["p"]
    origin = step.f["from"]
    if origin == "deck_top":
        return bool(s.decks[seat])
    if origin == "hand":
        return bool(s.hands[seat])
    return any(c in s.cat.skills for c in s.discards[seat])


def _can_reveal(s: S, step: Step, ctx: dict[str, Any]) -> bool:
    seat = ctx["p"] if step.f.get("who", "self") == "self" else 1 - ctx["p"]
    if step.f.get("zone") == "hand":
        return bool(s.hands[seat])
    return bool(s.decks[seat])


def _can_attack(s: S, step: Step, ctx: dict[str, Any]) -> bool:
    from tabletop.cards import candidates

    u = ctx["u"]
    if s.combat is not None or not _unit(u) or s.zone[u] < 0 or s.rule(u, "cannot_attack"):
        return False
    return any(_taunt_free(s, t) for t in candidates(s.V, s, step.f["target"], ctx))


def _ops() -> dict[str, OpSpec]:
    sel = TARGET
    specs = [
        _op("damage", {"target": Field("selector", required=True), "amount": AMOUNT,
                       "piercing": Field("bool", default=False),
                       "stun": Field("bool", default=False)},
            _damage_text, "deal damage, dealt by this hero (armor reduces it unless Piercing; "
            "Stun cannot KO)",
            '{ op = "damage", target = "enemy_here", amount = 2, piercing = true }'),
        _op("heal", {"target": sel, "amount": AMOUNT},
            lambda st, say: f"heal {_n(say, st)} damage from {say.sel(st.f['target'])}",
            "remove damage", '{ op = "heal", target = "self", amount = 2 }'),
        _op("draw", {"amount": AMOUNT, "who": WHO},
            lambda st, say: _who_says(st, "draw ", "your opponent draws ") + say.count(
                st.f.get("amount", 1), "card", "cards"),
            "draw cards, one at a time (an empty deck loses)",
            '{ op = "draw", amount = 2 }', target=""),
        _op("discard", {"amount": AMOUNT, "who": WHO},
            lambda st, say: _who_says(st, "discard ", "your opponent discards ") + say.count(
                st.f.get("amount", 1), "card", "cards"),
            "that player discards cards of their choice", '{ op = "discard", who = '
            '"opponent" }', target="", possible=_can_discard),
        _op("power", {"amount": AMOUNT, "who": WHO},
            lambda st, say: _who_says(st, "gain ", "your opponent gains ") + f"{_n(say, st)} "
            "Power", "gain power", '{ op = "power", amount = 1 }', target=""),
        _op("lose_power", {"amount": AMOUNT, "who": WHO},
            lambda st, say: _who_says(st, "lose ", "your opponent loses ") + f"{_n(say, st)} "
            "Power", "lose power (not below 0)", '{ op = "lose_power", who = "opponent", '
            'amount = 1 }', target=""),
        _op("boost", {"target": sel, "attack": SIGNED, "armor": SIGNED, "until": UNTIL},
            _boost_text, "+ attack and armor for a duration",
            '{ op = "boost", target = "friendly_here", attack = 2 }'),
        _op("boost_choice", {"target": sel, "amount": AMOUNT, "until": UNTIL},
            lambda st, say: f"{say.sel(st.f['target'])} gets +{_n(say, st)} attack or "
            f"+{_n(say, st)} armor", "+ amount to attack or armor, the controller chooses",
            '{ op = "boost_choice", amount = 2 }'),
        _op("scale", {"target": sel, "stat": Field("word", required=True, choices=frozenset(
            {"attack", "armor"})), "per": Field("int", required=True, lo=1),
            "amount": AMOUNT, "until": UNTIL},
            lambda st, say: f"this card gets +{_n(say, st)} {st.f['stat']} for every "
            f"{st.f['per']} damage on this hero",
            "+ amount to a stat for every ``per`` damage on this hero (Mato's cards)",
            '{ op = "scale", stat = "attack", per = 3, amount = 1 }'),
        _op("grant", {"target": sel, "keyword": Field("keyword", required=True),
                      "value": Field("value", lo=1), "until": UNTIL},
            _grant_text, "a keyword for a duration (Piercing, Stun: this hero's combat "
            "damage)", '{ op = "grant", keyword = "vanguard" }'),
        _op("modify", {"target": sel, "modifier": Field("modifier", required=True),
                       "until": UNTIL},
            _modify_text, "any continuous effect for a duration: a stat, a keyword, a rule, "
            "a cost", '{ op = "modify", target = "enemy_here", modifier = { rule = '
            '"cannot_block" }, until = "next_turn" }'),
        _op("recover", {"target": sel}, lambda st, say: f"recover {say.sel(st.f['target'])}",
            "a committed hero becomes ready", '{ op = "recover", target = "self" }',
            implied=("committed",)),
        _op("commit", {"target": sel}, lambda st, say: f"commit {say.sel(st.f['target'])}",
            "a ready hero becomes committed", '{ op = "commit", target = "opposing" }',
            implied=("ready",)),
        _op("move", {"target": sel, "lane": Field("word", default="adjacent",
                                                   choices=LANE_WORD)},
            _move_text, "move a hero to an adjacent lane (the controller chooses), to this "
            "location (``here``) or to a named lane",
            '{ op = "move", target = "self", lane = "center" }'),
        _op("extra_clash", {}, lambda st, say: "this hero may clash again",
            "this hero may clash again, face up; that card's clash effects resolve at once",
            '{ op = "extra_clash" }', target="", possible=_can_extra_clash),
        _op("action_points", {"amount": AMOUNT},
            lambda st, say: "gain " + (
                "1 action point" if st.f.get("amount", 1) == 1 else
                f"{say.number(st.f.get('amount', 1))} action points"),
            "the active player gains action points this turn",
            '{ op = "action_points", amount = 1 }', target=""),
        _op("level_up", {"target": sel}, lambda st, say: f"level up {say.sel(st.f['target'])}",
            "level a hero up for free (flip, then recover if committed)",
            '{ op = "level_up", target = "self" }'),
        _op("revive", {"target": Field("selector", required=True),
                       "lane": Field("word", default="any", choices=frozenset(
                           {"any", "here", *LANES}))},
            _revive_text, "a KO'd hero returns to play, ready and undamaged, in a lane its "
            "controller chooses (or the one named)",
            '{ op = "revive", target = { side = "friendly", kind = "fallen" } }'),
        _op("banish", {"target": Field("selector", required=True)},
            lambda st, say: f"banish {say.sel(st.f['target'])}",
            "a hero goes to the void for good (a deity banished loses the game)",
            '{ op = "banish", target = "enemy_here" }'),
        _op("destroy_item", {"target": Field("selector", required=True)},
            lambda st, say: f"destroy the item of {say.sel(st.f['target'])}",
            "the item of a hero goes to its owner's discard pile",
            '{ op = "destroy_item", target = "enemy_any" }', implied=("equipped",)),
        _op("ruin", {"target": Field("selector", required=True)},
            lambda st, say: f"ruin {say.sel(st.f['target'])}",
            "ruin a consecrated conduit (its owner resolves its ruin effect)",
            '{ op = "ruin", target = { kind = "conduit", side = "friendly", where = '
            '["consecrated"] } }', implied=("consecrated",)),
        _op("attack", {"target": Field("selector", required=True)},
            lambda st, say: f"this hero attacks {say.sel(st.f['target'])}",
            "this hero makes a solo attack on a hero, wherever it is (Taunt applies at the "
            "target's location; only heroes there may block)",
            '{ op = "attack", target = { side = "enemy", place = "other" } }',
            possible=_can_attack),
        _op("pick", {"target": Field("selector", required=True)},
            lambda st, say: f"choose {say.sel(st.f['target'])}",
            "choose targets to remember (``as``) for later steps",
            '{ op = "pick", target = "other_friendly_here", as = "ally" }'),
        _op("reveal", {"amount": AMOUNT, "who": WHO, "to": Field("word", choices=frozenset(
            {"hand", "deck_bottom", "discard", "void"}))},
            _reveal_text, "show the top cards of a skill deck to both players (they stay, "
            "or go ``to`` a zone; ``as`` remembers them)",
            '{ op = "reveal", as = "top", to = "discard" }', target="",
            possible=_can_reveal),
        _op("look", {"amount": AMOUNT, "who": WHO, "zone": Field(
            "word", default="deck", choices=frozenset({"deck", "hand"}))},
            _look_text, "the controller looks at the top cards of a deck or at a hand "
            "(remembered: resample keeps what it saw)",
            '{ op = "look", who = "opponent", zone = "hand" }', target="",
            possible=_can_reveal),
        _op("move_card", {"amount": AMOUNT, "who": WHO,
                          "from": Field("word", required=True, choices=frozenset(
                              {"deck_top", "hand", "discard"})),
                          "to": Field("word", required=True, choices=frozenset(
                              {"hand", "deck_top", "deck_bottom", "discard", "void"}))},
            _move_card_text, "move cards between a player's zones",
            '{ op = "move_card", from = "deck_top", to = "discard" }', target="",
            possible=_can_move_card),
        _op("delay", {"on": Field("event", required=True), "match": Field("match"),
                      "if": Field("condition"), "once": Field("bool", default=True),
                      "effects": Field("program", required=True)},
            _delay_text, "a delayed trigger: when that event next happens, resolve the "
            "effects (\"at the start of your next turn\")",
            '{ op = "delay", on = "turn_start", match = { seat = "friendly" }, effects = '
            '[...] }', target=""),
        _op("replace", {"replacement": Field("replacement", required=True), "until": UNTIL},
            _replace_text, "a replacement effect for a duration",
            '{ op = "replace", replacement = { hook = "would_take_damage", prevent = true '
            '} }', target=""),
        _op("script", {"name": Field("text", required=True)},
            lambda st, say: "", "a Python function registered by name, for a truly unique "
            "card", '{ op = "script", name = "..." }', target=""),
        _op("_manifest", {}, lambda st, say: "", "the forced manifestation", "", target="",
            internal=True),
        _op("_mass_revive", {}, lambda st, say: "", "Mass Resurrect's revival", "",
            target="", internal=True),
        _op("_order", {}, lambda st, say: "", "Golden Rule 2: ordering", "", target="",
            internal=True),
        _op("_ko_prevented", {}, lambda st, say: "", "a KO replaced", "", target="",
            internal=True),
        _op("_x", {}, lambda st, say: "", "the choice of X", "", target="", internal=True),
    ]
    return {o.name: o for o in specs}


# --- costs --------------------------------------------------------------------------------


def _unit_of(ctx: dict[str, Any]) -> int:
    u = ctx.get("u", -1)
    return u if isinstance(u, int) else -1


def _pay_ap(s: S, ctx: dict[str, Any], n: int) -> bool:
    s.ap -= n
    return True


def _pay_power(s: S, ctx: dict[str, Any], n: int) -> bool:
    from .ids import R_TALENT as RULE

    p = ctx["p"]
    s.power[p] -= n
    src = ctx.get("skill") or (s.unit_name[ctx["u"]] if _unit_of(ctx) >= 0 else None)
    s.event("power_pay", (p, n, s.power[p], "talent", src), RULE)
    return True


def _pay_discard(s: S, ctx: dict[str, Any], n: int) -> bool:
    p = ctx["p"]
    if "answer" in ctx:
        discard_card(s, p, ctx.pop("answer"), "effect", R_CLASH_CARDS)
        ctx["_n"] = ctx.get("_n", 0) + 1
    if ctx.get("_n", 0) >= n or not s.hands[p]:
        return True
    s.ask = ("discard", p, ())
    return False


def _pay_commit(s: S, ctx: dict[str, Any], n: int) -> bool:
    u = _unit_of(ctx)
    s.comm[u] = 1
    s.event("commit", (s.unit_name[u], "cost"), R_TALENT)
    return True


def _pay_self_damage(s: S, ctx: dict[str, Any], n: int) -> bool:
    u = _unit_of(ctx)
    deal_damage(s, u, n, True, False, False, ctx.get("src"), u)
    return True


def _pay_ruin(s: S, ctx: dict[str, Any], n: int) -> bool:
    p = ctx["p"]
    lanes = tuple(x for x in range(3) if not s.ruined[p][x])
    if "answer" in ctx:
        lane = ctx.pop("answer")
    elif len(lanes) > 1:
        s.ask = ("lane", p, lanes)
        return False
    else:
        lane = lanes[0]
    ruin(s, p, lane)
    return True


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


def _fast(s: S, sel: Selector, ctx: dict[str, Any], implied: tuple[str, ...],
          first: bool) -> list[Any] | None:
    """The kernel's ``candidates`` for the commonest selectors, quicker: units in play by
    side, place, conditions and "not this hero" (the first step of every talent is judged
    for every hero at every decision). Anything else (remembered targets, other kinds,
    exclusions of remembered names) is left to the kernel (None). Same answers, same
    order: tests/games/radiant_arena/test_card_language.py compares them."""
    if sel.ref or (sel.kinds and sel.kinds != ("hero",)) or (
            sel.exclude and sel.exclude != ("self",)):
        return None
    place = sel.place
    if place == "combat":
        return None
    zone = s.zone
    lane = here(s, ctx) if place else -1
    if place in ("here", "adjacent") and lane < 0:
        return []  # no "this location": nothing is here or next to it
    p = ctx["p"]
    side = sel.side
    friendly = side == 1  # nodes.FRIENDLY
    u = ctx["u"] if sel.exclude else -99
    where = sel.where
    tests = [(CONDITIONS[n].test, neg, arg) for n, neg, arg in where] if where else []
    for c in implied:
        tests.append((CONDITIONS[c].test, False, ""))
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
    ops=_ops(),
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
)


def say(default_until: str = "turn") -> Say:
    """A writer of radiant-arena card text (docs/cards.md §9)."""
    return Say(VOCAB, "this hero", PHRASES, default_until)


__all__ = ["VOCAB", "NAMED", "PHRASES", "say", "KINDS", "PLACES", "CONDITIONS", "STATS",
           "KEYWORDS", "RULES", "COST_KEYS", "R_TALENT"]
