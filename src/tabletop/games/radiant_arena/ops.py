"""The ops of radiant-arena's card language: what each step of an effect does.

Each op has the kernel's signature ``(state, step, ctx) -> Result`` and returns one of
its named results: ``RESOLVED`` when done, ``WAITING`` when it asked a question
(``state.ask``; the answer comes back in ``ctx["answer"]``) or pushed frames of its own,
``FIZZLED`` when it cannot resolve (FAQ: partial resolution stops the effect at that
step). Fields are compiled
(docs/rules/radiant-arena-cards.md, "Ops"); ``ctx``: ``p`` the controller, ``u`` the hero
using the ability (-1: none), ``lane`` where it happens, ``src`` the card, ``x`` the X
paid, ``$name`` remembered targets.

Each op is declared once, right after its function: ``OPS.add(name, function, fields,
card text, doc, example)`` (the kernel's :class:`~tabletop.cards.OpTable`). The
vocabulary (vocab.py) takes ``OPS.specs``; the card text and the language reference
(docs/cards.md) read each op's words and docs from there, in the order declared here. A
new op is one edit, in this file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.cards import (
    ASKED,
    CLASH,
    DONE,
    ENEMY,
    FIZZLED,
    RESOLVED,
    TIMED,
    WAITING,
    Delayed,
    Field,
    Modifier,
    OpTable,
    Result,
    Step,
    amount,
    choose,
    source,
    value,
)
from tabletop.cards import modifiers as mods
from tabletop.cards.select import candidates
from tabletop.cards.text import Say, modify_step_text, nodes_text, replacement_text

from .board import (
    banished,
    deal_damage,
    destroy_item,
    discard_card,
    draw,
    enter_play,
    fire,
    heal,
    health_kos,
    healths,
    level_up,
    pending_frame,
    push,
    ruin,
)
from .combat import attack_as_effect, extra_clash
from .ids import (
    ADJACENT,
    DEITY,
    HOME,
    LANES,
    R_CLASH_CARDS,
    R_FAQ_MAKA,
    R_GOLDEN,
    R_MANIFEST,
    R_REVIVE,
    R_TALENT,
    R_ULTIMATE,
    ConduitRef,
    other,
)

if TYPE_CHECKING:
    from .rules import ArenaState

    # What an op made by :func:`_each` does to the targets found.
    Found = Callable[[ArenaState, Step, "Ctx", list[Any]], None]

Ctx = dict[str, Any]

# Each op is declared once, after its function (fields, card text, doc, example):
# ``OPS.specs`` is the vocabulary's ops (vocab.py), in this order.
OPS = OpTable()

# Fields shared by several ops.
TARGET = Field("selector", default="self", doc="whom it affects (a selector)")
REQUIRED = Field("selector", required=True)
AMOUNT = Field("value", default=1, doc="how much (a value)")
SIGNED = Field("value", default=0, lo=-99, doc="a change (a value, may be negative)")
WHO = Field("word", default="self", choices=frozenset({"self", "opponent"}),
            doc="which player")
UNTIL = Field("duration", doc="how long (default: the combat, or the turn outside one)")
LANE_WORD = frozenset({"adjacent", "here", *LANES})


def here(s: ArenaState, ctx: Ctx) -> int:
    """Where the effect happens: the user's lane (it follows the hero as it moves), or the
    frame's lane."""
    u = ctx["u"]
    if isinstance(u, int) and u >= 0 and s.zone[u] >= 0:
        return s.zone[u]
    return int(ctx["lane"])


def targets(s: ArenaState, step: Step, ctx: Ctx, implied: tuple[str, ...] = ()) -> Any:
    """The targets of a step's ``target`` field (kernel: choose)."""
    return choose(s.V, s, step.f["target"], ctx, implied)


def _each(fn: Found, implied: tuple[str, ...] = ()) -> Callable[[ArenaState, Step, Ctx],
                                                                Result]:
    """The op that does ``fn`` to each target of its selector, asking when there is a
    choice and stopping the effect when there is no target (FAQ: partial resolution)."""
    def op(s: ArenaState, step: Step, ctx: Ctx) -> Result:
        found = targets(s, step, ctx, implied)
        if found is None or found is ASKED:
            return FIZZLED if found is None else WAITING
        fn(s, step, ctx, found)
        return RESOLVED

    op.__doc__ = fn.__doc__
    return op


def _add_each(name: str, fn: Found, fields: dict[str, Field],
              text: Callable[[Step, Any], str], doc: str, example: str,
              implied: tuple[str, ...] = ()) -> None:
    """Declare an op that does ``fn`` to each of its targets (:func:`_each`); ``implied``:
    the conditions every target must meet, for the choice and for whether it can
    resolve."""
    OPS.add(name, _each(fn, implied), fields, text, doc, example, implied=implied)


# --- card text helpers ------------------------------------------------------------------------


def _n(say: Say, step: Step, key: str = "amount") -> str:
    return say.number(step.f.get(key, 1))


def _who_says(step: Step, mine: str, theirs: str) -> str:
    return theirs if step.f.get("who") == "opponent" else mine


def _short_duration(say: Say, until: str | None) -> str:
    until = until or say.default_until
    return {"combat": "this combat", "turn": "this turn"}.get(until, say.duration(until))


def _whose(step: Step, ctx: Ctx) -> int:
    """The seat a ``who`` field names (for whether a step can resolve)."""
    return int(ctx["p"]) if step.f.get("who", "self") == "self" else 1 - int(ctx["p"])


# --- damage and healing -----------------------------------------------------------------------


def _damage(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """damage: deal ``amount`` (Piercing, Stun as flagged), dealt by the hero using it."""
    n = amount(s.V, s, step, ctx)
    f = step.f
    by = ctx["u"] if isinstance(ctx["u"], int) else -1
    for t in found:
        deal_damage(s, t, n, f.get("piercing", False), f.get("stun", False), False,
                    source(ctx), by)


def _damage_text(step: Step, say: Say) -> str:
    kinds = (" Piercing" if step.f.get("piercing") else "") + (
        " Stun" if step.f.get("stun") else "")
    return f"deal {_n(say, step)}{kinds} damage to {say.sel(step.f['target'])}"


_add_each("damage", _damage, {"target": REQUIRED, "amount": AMOUNT,
                              "piercing": Field("bool", default=False),
                              "stun": Field("bool", default=False)},
          _damage_text, "deal damage, dealt by this hero (armor reduces it unless Piercing; "
          "Stun cannot KO)",
          '{ op = "damage", target = "enemy_here", amount = 2, piercing = true }')


def _heal(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """heal: remove up to ``amount`` damage."""
    n = amount(s.V, s, step, ctx)
    for t in found:
        heal(s, t, n, "effect", source(ctx))


_add_each("heal", _heal, {"target": TARGET, "amount": AMOUNT},
          lambda st, say: f"heal {_n(say, st)} damage from {say.sel(st.f['target'])}",
          "remove damage", '{ op = "heal", target = "self", amount = 2 }')


# --- players: cards and power -----------------------------------------------------------------


def _who(step: Step, ctx: Ctx) -> int:
    return other(ctx["p"]) if step.f.get("who", "self") == "opponent" else int(ctx["p"])


def _draw(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """draw: the controller (or ``who``) draws, one card at a time (rule 22)."""
    seat = _who(step, ctx)
    for _ in range(amount(s.V, s, step, ctx)):
        if not draw(s, seat, R_TALENT):
            break
    return RESOLVED


OPS.add("draw", _draw, {"amount": AMOUNT, "who": WHO},
        lambda st, say: _who_says(st, "draw ", "your opponent draws ") + say.count(
            st.f.get("amount", 1), "card", "cards"),
        "draw cards, one at a time (an empty deck loses)",
        '{ op = "draw", amount = 2 }', target="")


def _discard(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """discard: that player discards cards of their choice, or (``chosen_by`` the
    controller) of the controller's, who looks at that hand first ("your opponent
    discards a card of your choice")."""
    seat = _who(step, ctx)
    if "answer" in ctx:
        discard_card(s, seat, ctx.pop("answer"), "effect", R_CLASH_CARDS)
        ctx["_n"] = ctx.get("_n", 0) + 1
    if ctx.get("_n", 0) >= amount(s.V, s, step, ctx):
        return RESOLVED
    if not s.hands[seat]:
        return FIZZLED if not ctx.get("_n") else RESOLVED
    viewer = int(ctx["p"])
    if step.f.get("chosen_by") == "controller" and viewer != seat:
        cards = tuple(sorted(s.hands[seat]))
        if not ctx.get("_n"):  # the hand is shown to the chooser once (look's rules)
            for card in cards:
                s.know_hand(viewer, seat, card)
            s.event("look", (viewer, seat, "hand", list(cards), len(cards)), R_TALENT)
        s.ask = ("card", viewer, tuple(sorted(set(cards))))
        return WAITING
    s.ask = ("discard", seat, ())
    return WAITING


def _can_discard(s: ArenaState, step: Step, ctx: Ctx) -> bool:
    return bool(s.hands[_whose(step, ctx)])


def _discard_text(step: Step, say: Say) -> str:
    text = _who_says(step, "discard ", "your opponent discards ") + say.count(
        step.f.get("amount", 1), "card", "cards")
    if step.f.get("chosen_by") == "controller" and step.f.get("who") == "opponent":
        text = "look at your opponent's hand, then your opponent discards " + say.count(
            step.f.get("amount", 1), "card", "cards") + " of your choice"
    return text


OPS.add("discard", _discard, {"amount": AMOUNT, "who": WHO, "chosen_by": Field(
            "word", default="owner", choices=frozenset({"owner", "controller"}),
            doc="who chooses the cards: their owner, or the effect's controller (who "
            "looks at that hand first)")},
        _discard_text, "that player discards cards of their choice (``chosen_by = "
        "\"controller\"``: of yours, having looked at their hand)",
        '{ op = "discard", who = "opponent", chosen_by = "controller" }', target="",
        possible=_can_discard)


def _power(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """power: the controller (or ``who``) gains power."""
    p, n = _who(step, ctx), amount(s.V, s, step, ctx)
    s.power[p] += n
    s.event("power_gain", (p, n, s.power[p], "effect", source(ctx)), R_TALENT)
    return RESOLVED


OPS.add("power", _power, {"amount": AMOUNT, "who": WHO},
        lambda st, say: _who_says(st, "gain ", "your opponent gains ") + f"{_n(say, st)} "
        "Power", "gain power", '{ op = "power", amount = 1 }', target="")


def _lose_power(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """lose_power: a player loses power (never below 0)."""
    p = _who(step, ctx)
    n = min(s.power[p], amount(s.V, s, step, ctx))
    s.power[p] -= n
    s.event("power_loss", (p, n, s.power[p], source(ctx)), R_TALENT)
    return RESOLVED


OPS.add("lose_power", _lose_power, {"amount": AMOUNT, "who": WHO},
        lambda st, say: _who_says(st, "lose ", "your opponent loses ") + f"{_n(say, st)} "
        "Power", "lose power (not below 0)", '{ op = "lose_power", who = "opponent", '
        'amount = 1 }', target="")


# --- stats and keywords for a duration --------------------------------------------------------


def until(s: ArenaState, step: Step, ctx: Ctx) -> str:
    """A timed effect's duration: the step's ``until``, else the combat during a combat
    and the turn outside one (rule 19)."""
    return step.f.get("until") or ("combat" if s.combat is not None else "turn")


def add_modifier(s: ArenaState, ctx: Ctx, target: Any, kind: str, key: str, op: str,
                 amount_: Any, duration: str, **more: Any) -> Modifier:
    """A timed effect into the store (layer CLASH when made during a combat, so it counts
    after a committed defender's attack is set to 0; else TIMED)."""
    s.clock += 1
    layer = CLASH if s.combat is not None else TIMED
    u = ctx["u"]
    m = Modifier(s.clock, layer, u if isinstance(u, int) else -1, source(ctx) or "",
                 ctx["p"], here(s, ctx), target, kind, key, op, amount_, duration,
                 ctx["p"] if duration == "next_turn" else None, **more)
    before = healths(s) if kind == "stat" and key == "health" else None
    s.store = (*s.store, m)
    if before is not None:
        health_kos(s, before)  # Damage and KOs: health lowered to the damage
    return m


def _boost_one(s: ArenaState, ctx: Ctx, t: int, attack: int, armor: int, duration: str) -> None:
    if attack:
        add_modifier(s, ctx, t, "stat", "attack", "add", attack, duration)
    if armor:
        add_modifier(s, ctx, t, "stat", "armor", "add", armor, duration)
    s.event("boost", (s.unit_name[t], attack, armor, duration, source(ctx)), R_TALENT)


def _boost(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """boost: + attack and armor for a duration (the combat, or the turn outside one)."""
    attack = value(s.V, s, step.f.get("attack", 0), ctx)
    armor = value(s.V, s, step.f.get("armor", 0), ctx)
    duration = until(s, step, ctx)
    for t in found:
        _boost_one(s, ctx, t, attack, armor, duration)


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


_add_each("boost", _boost, {"target": TARGET, "attack": SIGNED, "armor": SIGNED,
                            "until": UNTIL},
          _boost_text, "+ attack and armor for a duration",
          '{ op = "boost", target = "friendly_here", attack = 2 }')


def _boost_choice(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """boost_choice: + amount to attack or armor, the controller chooses."""
    if "_chosen" not in ctx:
        found = targets(s, step, ctx)
        if found is None or found is ASKED:
            return FIZZLED if found is None else WAITING
        ctx["_chosen"] = tuple(found)
        ctx.pop("answer", None)
    if "answer" not in ctx:
        s.ask = ("choose", ctx["p"], ("attack", "armor"))
        return WAITING
    choice = ctx.pop("answer")
    n = amount(s.V, s, step, ctx)
    for t in ctx["_chosen"]:
        _boost_one(s, ctx, t, n if choice == "attack" else 0, n if choice == "armor" else 0,
                   until(s, step, ctx))
    ctx["_last"] = ctx["_chosen"]
    return RESOLVED


OPS.add("boost_choice", _boost_choice, {"target": TARGET, "amount": AMOUNT, "until": UNTIL},
        lambda st, say: f"{say.sel(st.f['target'])} gets +{_n(say, st)} attack or "
        f"+{_n(say, st)} armor", "+ amount to attack or armor, the controller chooses",
        '{ op = "boost_choice", amount = 2 }')


def _scale(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """scale: + ``amount`` to ``stat`` for every ``per`` damage on the hero using it."""
    u = ctx["u"]
    bonus = (s.dmg[u] if u >= 0 else 0) // max(1, step.f["per"]) * amount(s.V, s, step, ctx)
    stat = step.f["stat"]
    for t in found:
        _boost_one(s, ctx, t, bonus if stat == "attack" else 0, bonus if stat == "armor"
                   else 0, until(s, step, ctx))


_add_each("scale", _scale, {"target": TARGET, "stat": Field("word", required=True,
                                                             choices=frozenset(
                                                                 {"attack", "armor"})),
                            "per": Field("int", required=True, lo=1), "amount": AMOUNT,
                            "until": UNTIL},
          lambda st, say: f"this card gets +{_n(say, st)} {st.f['stat']} for every "
          f"{st.f['per']} damage on this hero",
          "+ amount to a stat for every ``per`` damage on this hero (Mato's cards)",
          '{ op = "scale", stat = "attack", per = 3, amount = 1 }')


def _grant(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """grant: a keyword for a duration; piercing / stun make this hero's combat damage so."""
    kw = step.f["keyword"]
    n = max(1, amount(s.V, s, step, ctx, "value")) if "value" in step.f else 1
    duration = until(s, step, ctx)
    for t in found:
        add_modifier(s, ctx, t, "keyword", kw, "grant", n, duration)
        s.event("keyword", (s.unit_name[t], kw, duration, source(ctx)), R_TALENT)


def _grant_text(step: Step, say: Say) -> str:
    kw = step.f["keyword"]
    target = step.f["target"]
    if kw in ("piercing", "stun"):
        return f"{say.possessive(target)} combat damage is {say.keyword(kw)} " \
               f"{_short_duration(say, step.f.get('until'))}"
    # a keyword with a number says it ("gains Regen 2"; 1 when the step gives none)
    number = f" {say.number(step.f.get('value', 1))}" if say.vocab.keywords[kw].valued \
        else ""
    return f"{say.sel(target)} {say.verb(target, 'gains', 'gain')} {say.keyword(kw)}" \
           f"{number} {say.duration(step.f.get('until'))}"


_add_each("grant", _grant, {"target": TARGET, "keyword": Field("keyword", required=True),
                            "value": Field("value", lo=1), "until": UNTIL},
          _grant_text, "a keyword for a duration (Piercing, Stun: this hero's combat "
          "damage)", '{ op = "grant", keyword = "vanguard" }')


def _modify(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """modify: any continuous effect on each target for a duration: a stat (add, set), a
    keyword (grant, lose), a rule, a cost."""
    spec = step.f["modifier"]
    n = value(s.V, s, spec.value, ctx)
    duration = until(s, step, ctx)
    for t in found:
        add_modifier(s, ctx, t, spec.kind, spec.key, spec.op, n, duration)
        name = s.unit_name[t]
        if spec.kind == "stat" and spec.op == "add":
            s.event("boost", (name, n if spec.key == "attack" else 0,
                               n if spec.key == "armor" else 0, duration, source(ctx)),
                     R_TALENT)
        elif spec.kind == "keyword" and spec.op == "grant":
            s.event("keyword", (name, spec.key, duration, source(ctx)), R_TALENT)
        else:
            s.event("modifier", (name, spec.kind, spec.key, spec.op, n, duration,
                                  source(ctx)), R_TALENT)


_add_each("modify", _modify, {"target": TARGET, "modifier": Field("modifier", required=True),
                              "until": UNTIL},
          modify_step_text, "any continuous effect for a duration: a stat, a keyword, a rule, "
          "a cost", '{ op = "modify", target = "enemy_here", modifier = { rule = '
          '"cannot_block" }, until = "next_turn" }')


# --- heroes: ready, place, level, play ------------------------------------------------------


def _recover(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """recover: a committed hero becomes ready."""
    for t in found:
        s.comm[t] = 0
        s.event("recover", (s.unit_name[t], "effect", None), R_TALENT)


# A committed hero to recover (rule 15), a ready hero to commit.
_add_each("recover", _recover, {"target": TARGET},
          lambda st, say: f"recover {say.sel(st.f['target'])}",
          "a committed hero becomes ready", '{ op = "recover", target = "self" }',
          implied=("committed",))


def _commit(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """commit: a ready hero becomes committed."""
    for t in found:
        s.comm[t] = 1
        s.event("commit", (s.unit_name[t], "effect"), R_TALENT)


_add_each("commit", _commit, {"target": TARGET},
          lambda st, say: f"commit {say.sel(st.f['target'])}",
          "a ready hero becomes committed", '{ op = "commit", target = "opposing" }',
          implied=("ready",))


def _move(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """move: to an adjacent lane (the controller chooses) or a named lane."""
    if "_moving" not in ctx:
        found = targets(s, step, ctx)
        if found is None or found is ASKED:
            return FIZZLED if found is None else WAITING
        if not found:  # "up to", and none chosen: nothing to do
            return RESOLVED
        ctx["_moving"] = found[0]
        ctx["_last"] = (found[0],)
        ctx.pop("answer", None)
    t = ctx["_moving"]
    start = s.zone[t]
    to = step.f.get("lane", "adjacent")
    if to != "adjacent":
        lane = here(s, ctx) if to == "here" else LANES.index(to)
        if lane == start or lane < 0:
            return FIZZLED
    else:
        lanes = ADJACENT[start]
        if "answer" in ctx:
            lane = ctx.pop("answer")
        elif len(lanes) > 1:  # from an outer lane the center is the only choice: not asked
            s.ask = ("lane", ctx["p"], lanes)
            return WAITING
        else:
            lane = lanes[0]
    s.zone[t] = lane
    s.event("move", (s.unit_name[t], LANES[start], LANES[lane], "effect", None), R_TALENT)
    fire(s, "move", {"unit": t, "start": LANES[start], "lane": LANES[lane]})
    return RESOLVED


def _move_text(step: Step, say: Say) -> str:
    lane = step.f.get("lane", "adjacent")
    where = {"adjacent": "an adjacent location", "here": "this location"}.get(
        lane, f"the {lane} lane")
    return f"move {say.sel(step.f['target'])} to {where}"


OPS.add("move", _move, {"target": TARGET, "lane": Field("word", default="adjacent",
                                                         choices=LANE_WORD)},
        _move_text, "move a hero to an adjacent lane (the controller chooses), to this "
        "location (``here``) or to a named lane",
        '{ op = "move", target = "self", lane = "center" }')


def _extra_clash(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """This hero clashes again, face up; that card's clash effects resolve at once."""
    u, p = ctx["u"], ctx["p"]
    if s.combat is None or not isinstance(u, int) or u < 0 or not s.hands[p]:
        return FIZZLED
    if "answer" not in ctx:
        s.ask = ("extra_clash", p, (u,))
        return WAITING
    card = ctx.pop("answer")
    if not card:
        return RESOLVED
    s.stack[-1].pc += 1  # this op is done; the new card's effects run first
    extra_clash(s, u, card)
    return WAITING


def _can_extra_clash(s: ArenaState, step: Step, ctx: Ctx) -> bool:
    return s.combat is not None and bool(s.hands[ctx["p"]])


OPS.add("extra_clash", _extra_clash, {}, lambda st, say: "this hero may clash again",
        "this hero may clash again, face up; that card's clash effects resolve at once",
        '{ op = "extra_clash" }', target="", possible=_can_extra_clash)


def _action_points(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """action_points: the active player gains action points this turn."""
    n = amount(s.V, s, step, ctx)
    s.ap += n
    s.event("ap_gain", (s.active, n, s.ap, source(ctx)), R_TALENT)
    return RESOLVED


OPS.add("action_points", _action_points, {"amount": AMOUNT},
        lambda st, say: "gain " + (
            "1 action point" if st.f.get("amount", 1) == 1 else
            f"{say.number(st.f.get('amount', 1))} action points"),
        "the active player gains action points this turn",
        '{ op = "action_points", amount = 1 }', target="")


def _level(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """level_up: flip a basic hero for free, then recover it if committed (FAQ)."""
    for t in found:
        if not s.lvl[t] and t % 4 != DEITY:
            level_up(s, t, free=True)


_add_each("level_up", _level, {"target": TARGET},
          lambda st, say: f"level up {say.sel(st.f['target'])}",
          "level a hero up for free (flip, then recover if committed)",
          '{ op = "level_up", target = "self" }')


def _revive(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """revive: a KO'd hero returns to a lane (the controller chooses, unless named),
    ready and undamaged."""
    if "_moving" not in ctx:
        found = targets(s, step, ctx)
        if found is None or found is ASKED:
            return FIZZLED if found is None else WAITING
        if not found:  # "up to", and none chosen: nothing to do
            return RESOLVED
        ctx["_moving"] = found[0]
        ctx["_last"] = (found[0],)
        ctx.pop("answer", None)
    t = ctx["_moving"]
    to = step.f.get("lane", "any")
    if to == "here":
        lane = here(s, ctx)
    elif to != "any":
        lane = LANES.index(to)
    elif "answer" in ctx:
        lane = ctx.pop("answer")
    else:
        s.ask = ("lane", ctx["p"], (0, 1, 2))
        return WAITING
    enter_play(s, t, lane)
    s.event("revive", (t // 4, s.unit_name[t], LANES[lane], "effect"), R_REVIVE)
    fire(s, "revive", {"unit": t, "lane": LANES[lane]})
    return RESOLVED


def _revive_text(step: Step, say: Say) -> str:
    lane = step.f.get("lane", "any")
    where = {"any": "", "here": " at this location"}.get(lane, f" in the {lane} lane")
    return f"revive {say.sel(step.f['target'])}{where}"


OPS.add("revive", _revive, {"target": REQUIRED,
                            "lane": Field("word", default="any", choices=frozenset(
                                {"any", "here", *LANES}))},
        _revive_text, "a KO'd hero returns to play, ready and undamaged, in a lane its "
        "controller chooses (or the one named)",
        '{ op = "revive", target = { side = "friendly", kind = "fallen" } }')


def _banish(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """banish: a hero goes to the void (a deity banished loses the game)."""
    for t in found:
        banished(s, t, int(ctx["p"]))  # the effect's controller banishes it


_add_each("banish", _banish, {"target": REQUIRED},
          lambda st, say: f"banish {say.sel(st.f['target'])}",
          "a hero goes to the void for good (a deity banished loses the game)",
          '{ op = "banish", target = "enemy_here" }')


def _destroy(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """destroy_item: the item of each target goes to its owner's discard pile."""
    for t in found:
        if s.item[t]:
            destroy_item(s, t, R_TALENT)


_add_each("destroy_item", _destroy, {"target": REQUIRED},
          lambda st, say: f"destroy the item of {say.sel(st.f['target'])}",
          "the item of a hero goes to its owner's discard pile",
          '{ op = "destroy_item", target = "enemy_any" }', implied=("equipped",))


def _ruin(s: ArenaState, step: Step, ctx: Ctx, found: list[Any]) -> None:
    """ruin: ruin a consecrated conduit (its owner resolves its ruin effect)."""
    for c in found:
        if not s.ruined[c.seat][c.lane]:
            ruin(s, c.seat, c.lane)


_add_each("ruin", _ruin, {"target": REQUIRED},
          lambda st, say: f"ruin {say.sel(st.f['target'])}",
          "ruin a consecrated conduit (its owner resolves its ruin effect)",
          '{ op = "ruin", target = { kind = "conduit", side = "friendly", where = '
          '["consecrated"] } }', implied=("consecrated",))


def _attack(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """attack: this hero attacks a target (a solo attack made by an effect; FAQ: only
    heroes in the defender's lane may block)."""
    u = ctx["u"]
    if s.combat is not None or not isinstance(u, int) or u < 0 or s.zone[u] < 0:
        return FIZZLED
    found = targets(s, step, ctx, ("attackable",))
    if found is None or found is ASKED:
        return FIZZLED if found is None else WAITING
    if not found:  # "up to", and none chosen: nothing to do
        return RESOLVED
    attack_as_effect(s, u, found[0], R_FAQ_MAKA)
    return RESOLVED


def _can_attack(s: ArenaState, step: Step, ctx: Ctx) -> bool:
    u = ctx["u"]
    if s.combat is not None or type(u) is not int or not 0 <= u < 8 or s.zone[u] < 0 or \
            s.rule(u, "cannot_attack"):
        return False
    # Taunt permitting: the vocabulary's "attackable" (Keywords — Taunt).
    attackable = s.V.conditions["attackable"].test
    for t in candidates(s.V, s, step.f["target"], ctx):
        if attackable(s, t, ctx, ""):
            return True
    return False


OPS.add("attack", _attack, {"target": REQUIRED},
        lambda st, say: f"this hero attacks {say.sel(st.f['target'])}",
        "this hero makes a solo attack on a hero, wherever it is (Taunt applies at the "
        "target's location; only heroes there may block)",
        '{ op = "attack", target = { side = "enemy", place = "other" } }',
        possible=_can_attack)


def _pick(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """pick: choose targets and remember them (``as``) for later steps."""
    found = targets(s, step, ctx)
    if found is None or found is ASKED:
        return FIZZLED if found is None else WAITING
    return RESOLVED


OPS.add("pick", _pick, {"target": REQUIRED},
        lambda st, say: f"choose {say.sel(st.f['target'])}",
        "choose targets to remember (``as``) for later steps",
        '{ op = "pick", target = "other_friendly_here", as = "ally" }')


# --- cards in zones ---------------------------------------------------------------------------

_ZONE_TO = {"hand": "into {their} hand", "deck_top": "on top of {their} skill deck",
            "deck_bottom": "at the bottom of {their} skill deck",
            "discard": "into {their} discard pile", "void": "into the void"}


def _deck(step: Step) -> str:
    return _who_says(step, "your skill deck", "your opponent's skill deck")


def _tops(say: Say, step: Step) -> str:
    n = step.f.get("amount", 1)
    if n == 1:
        return "the top card"
    return f"the top {say.number(n)} cards"


def _top_cards(deck: list[str], n: int) -> tuple[str, ...]:
    """The top ``n`` cards of a deck (its end), the top first."""
    return tuple(deck[len(deck) - 1 - i] for i in range(n))


def _reveal(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """reveal: show the top cards of your skill deck to both players (they stay there);
    remembered with ``as`` (their values: ``{ stat = "attack", of = "$name" }``)."""
    p = _who(step, ctx)
    deck = s.decks[p]
    n = min(amount(s.V, s, step, ctx), len(deck))
    if n == 0:
        return FIZZLED
    cards = _top_cards(deck, n)
    dest = step.f.get("to", "")
    for i, card in enumerate(cards):
        s.event("reveal_top", (p, card, len(deck)), R_CLASH_CARDS, None, True)
        if dest:
            deck.pop()
            _put(s, p, card, "deck_top", dest)
        else:
            s.know_deck(None, p, len(deck) - 1 - i, card)
    ctx["_last"] = cards
    return RESOLVED


def _reveal_text(step: Step, say: Say) -> str:
    text = f"reveal {_tops(say, step)} of {_deck(step)}"
    to = step.f.get("to")
    if to:
        their = _who_says(step, "your", "your opponent's")
        it = "it" if step.f.get("amount", 1) == 1 else "them"
        text += f" and put {it} {_ZONE_TO[to].format(their=their)}"
    return text


def _can_reveal(s: ArenaState, step: Step, ctx: Ctx) -> bool:
    seat = _whose(step, ctx)
    if step.f.get("zone") == "hand":
        return bool(s.hands[seat])
    return bool(s.decks[seat])


OPS.add("reveal", _reveal, {"amount": AMOUNT, "who": WHO, "to": Field(
            "word", choices=frozenset({"hand", "deck_bottom", "discard", "void"}))},
        _reveal_text, "show the top cards of a skill deck to both players (they stay, "
        "or go ``to`` a zone; ``as`` remembers them)",
        '{ op = "reveal", as = "top", to = "discard" }', target="",
        possible=_can_reveal)


def _look(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """look: the controller looks at the top cards of a deck, or at a hand; what it saw
    is remembered (resample keeps it) and shown in its view."""
    viewer = ctx["p"]
    whose = _who(step, ctx)
    zone = step.f.get("zone", "deck")
    if zone == "hand":
        cards = tuple(sorted(s.hands[whose]))
        if not cards:
            return FIZZLED
        for card in cards:
            s.know_hand(viewer, whose, card)
        s.event("look", (viewer, whose, "hand", list(cards), len(cards)), R_TALENT)
    else:
        cards = _look_at_deck(s, viewer, whose, amount(s.V, s, step, ctx))
        if not cards:
            return FIZZLED
    ctx["_last"] = cards
    return RESOLVED


def _look_at_deck(s: ArenaState, viewer: int, whose: int, most: int) -> tuple[str, ...]:
    """The viewer looks at the top ``most`` cards of a deck (fewer if it is shorter):
    remembered where each lies, and said to the viewer alone (event look)."""
    deck = s.decks[whose]
    n = min(most, len(deck))
    if n == 0:
        return ()
    cards = _top_cards(deck, n)
    for i, card in enumerate(cards):
        s.know_deck(viewer, whose, len(deck) - 1 - i, card)
    s.event("look", (viewer, whose, "deck", list(cards), n), R_TALENT)
    return cards


def _look_text(step: Step, say: Say) -> str:
    if step.f.get("zone") == "hand":
        return "look at " + _who_says(step, "your hand", "your opponent's hand")
    return f"look at {_tops(say, step)} of {_deck(step)}"


OPS.add("look", _look, {"amount": AMOUNT, "who": WHO, "zone": Field(
            "word", default="deck", choices=frozenset({"deck", "hand"}))},
        _look_text, "the controller looks at the top cards of a deck or at a hand "
        "(remembered: resample keeps what it saw)",
        '{ op = "look", who = "opponent", zone = "hand" }', target="",
        possible=_can_reveal)


_ORDERED = frozenset({"deck_top", "deck_bottom"})


def _look_top(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """look_top: the controller looks at the top cards of a deck, picks ``pick`` of them
    (they go ``to`` a zone) and puts the rest ``rest``: on top of the deck or at its
    bottom in the order it chooses (reordering, with ``pick = 0``), or into the discard
    pile or the void. The cards stay on the deck until every choice is made; what the
    controller saw and where it put them is remembered (``seen``)."""
    viewer = int(ctx["p"])
    whose = _who(step, ctx)
    deck = s.decks[whose]
    if "_n" not in ctx:  # the look
        looked = _look_at_deck(s, viewer, whose, amount(s.V, s, step, ctx))
        if not looked:
            return FIZZLED
        ctx["_n"] = len(looked)
        ctx["_chosen"] = ()
    n = min(int(ctx["_n"]), len(deck))
    # Read again at each answer (nothing it reads changes while the controller chooses):
    # a frame's progress keeps cards and ``_n``, not other numbers.
    pick = min(value(s.V, s, step.f.get("pick", 0), ctx), n)
    rest = step.f.get("rest", "deck_top")
    total = n if rest in _ORDERED else pick
    chosen: tuple[str, ...] = ctx.get("_chosen", ())
    left = list(_top_cards(deck, n))
    for card in chosen:
        left.remove(card)
    if "answer" in ctx:
        answer = ctx.pop("answer")
        # A searched copy of the state may hold other cards there: take one of them.
        card = answer if answer in left else left[0]
        left.remove(card)
        chosen += (card,)
    while len(chosen) < total:
        if len(set(left)) > 1:
            ctx["_chosen"] = chosen
            s.ask = ("card", viewer, tuple(sorted(set(left))))
            return WAITING
        chosen += (left.pop(0),)
    ctx["_chosen"] = chosen
    _arrange(s, viewer, whose, n, chosen, pick, step.f.get("to", "hand"), rest)
    ctx["_last"] = chosen[:pick]
    return RESOLVED


def _arrange(s: ArenaState, viewer: int, whose: int, n: int, chosen: tuple[str, ...],
             pick: int, to: str, rest: str) -> None:
    """Take the top ``n`` cards of ``whose``'s deck: the first ``pick`` chosen go ``to``
    a zone, the others ``rest`` (ordered as chosen: the first chosen nearest the top)."""
    deck = s.decks[whose]
    others = list(_top_cards(deck, n))
    for card in chosen[:pick]:
        others.remove(card)
    ordered = list(chosen[pick:]) if rest in _ORDERED else others
    del deck[len(deck) - n:]
    # What anyone knew of those places is gone; the controller knows where they go.
    base = len(deck)
    s.seen = tuple(f for f in s.seen if not (f[0] == "deck" and f[2] == whose
                                             and f[3] >= base))
    for card in chosen[:pick]:
        _put(s, whose, card, "deck_top", to)
        if to == "hand":
            s.know_hand(viewer, whose, card)
    if rest == "deck_top":
        for card in reversed(ordered):
            deck.append(card)
            s.know_deck(viewer, whose, len(deck) - 1, card)
    elif rest == "deck_bottom":
        for card in reversed(ordered):
            s.deck_bottom_insert(whose)
            deck.insert(0, card)
            s.know_deck(viewer, whose, 0, card)
    else:
        for card in ordered:
            _put(s, whose, card, "deck_top", rest)
    if rest in _ORDERED and ordered:
        s.event("deck_ordered", (viewer, whose, len(ordered), rest), R_TALENT)


def _look_top_text(step: Step, say: Say) -> str:
    n = step.f.get("amount", 1)
    their = _who_says(step, "your", "your opponent's")
    text = f"look at {_tops(say, step)} of {_deck(step)}"
    pick = step.f.get("pick", 0)
    rest = step.f.get("rest", "deck_top")
    where = {"deck_top": f"on top of {their} skill deck in any order",
             "deck_bottom": f"at the bottom of {their} skill deck in any order",
             "discard": f"into {their} discard pile", "void": "into the void"}[rest]
    if pick == 0:
        them = "it" if n == 1 else "them"
        if rest == "deck_top":
            return f"{text} and put {them} back" + ("" if n == 1 else " in any order")
        return f"{text} and put {them} {where}"
    one = "one of them" if pick == 1 else f"{say.number(pick)} of them"
    dest = _ZONE_TO[step.f.get("to", "hand")].format(their=their)
    return f"{text}, put {one} {dest} and the rest {where}"


OPS.add("look_top", _look_top, {
            "amount": AMOUNT, "who": WHO,
            "pick": Field("value", default=0, doc="how many of them the controller picks"),
            "to": Field("word", default="hand", choices=frozenset({"hand", "discard", "void"}),
                        doc="where the picked cards go"),
            "rest": Field("word", default="deck_top", choices=_ORDERED | {"discard", "void"},
                          doc="where the others go (on the deck: in the controller's order)")},
        _look_top_text, "the controller looks at the top cards of a deck, picks some (they "
        "go ``to`` a zone) and puts the rest back in the order it chooses (or ``rest``: at "
        "the bottom, into the discard pile, the void)",
        '{ op = "look_top", amount = 3, pick = 1, to = "hand", rest = "deck_bottom" }',
        target="", possible=_can_reveal)


def _move_card(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """move_card: move cards of the controller's (or ``who``'s) between its zones: the
    top of its deck, its hand (of its choice) or its discard pile (of the controller's
    choice), to its hand, the top or bottom of its deck, its discard pile or the void."""
    seat = _who(step, ctx)
    origin, dest = step.f["from"], step.f["to"]
    n = amount(s.V, s, step, ctx)
    done: tuple[str, ...] = ctx.get("_moved", ())
    if "answer" in ctx:
        card = ctx.pop("answer")
        (s.hands if origin == "hand" else s.discards)[seat].remove(card)
        s.leave_zone(seat, origin, card)
        _put(s, seat, card, origin, dest)
        done += (card,)
        ctx["_moved"] = done
    while len(done) < n:
        if origin == "deck_top":
            if not s.decks[seat]:
                break
            card = s.decks[seat].pop()
            s.leave_zone(seat, origin, card)
            _put(s, seat, card, origin, dest)
            done += (card,)
            continue
        pool = s.hands[seat] if origin == "hand" else [
            c for c in s.discards[seat] if c in s.cat.skills]
        if not pool:
            break
        chooser = seat if origin == "hand" else ctx["p"]
        s.ask = ("card", chooser, tuple(sorted(set(pool))))
        ctx["_moved"] = done
        return WAITING
    if not done and n:
        return FIZZLED
    ctx["_last"] = done
    return RESOLVED


def _put(s: ArenaState, seat: int, card: str, origin: str, dest: str) -> None:
    """Put a card that left ``origin`` into ``dest`` (events: discard; card_moved)."""
    if dest == "discard":
        s.discards[seat].append(card)
        s.event("discard", (seat, card, "effect", len(s.hands[seat]), len(s.decks[seat])),
                 R_CLASH_CARDS, None,
                 True)
        fire(s, "discard", {"seat": seat, "card": card})
        return
    if dest == "hand":
        s.hands[seat].append(card)
        if origin == "discard":
            s.know_hand(None, seat, card)
    elif dest == "deck_top":
        s.decks[seat].append(card)
        if origin == "discard":
            s.know_deck(None, seat, len(s.decks[seat]) - 1, card)
    elif dest == "deck_bottom":
        s.decks[seat].insert(0, card)
        s.deck_bottom_insert(seat)
        if origin == "discard":
            s.know_deck(None, seat, 0, card)
    else:
        s.to_void(seat, card)
    public = origin == "discard"
    s.event("card_moved", (seat, card, origin, dest, len(s.hands[seat]), len(s.decks[seat])),
             R_TALENT, None, public)


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


def _can_move_card(s: ArenaState, step: Step, ctx: Ctx) -> bool:
    seat = _whose(step, ctx)
    origin = step.f["from"]
    if origin == "deck_top":
        return bool(s.decks[seat])
    if origin == "hand":
        return bool(s.hands[seat])
    return any(c in s.cat.skills for c in s.discards[seat])


OPS.add("move_card", _move_card, {"amount": AMOUNT, "who": WHO,
                                  "from": Field("word", required=True, choices=frozenset(
                                      {"deck_top", "hand", "discard"})),
                                  "to": Field("word", required=True, choices=frozenset(
                                      {"hand", "deck_top", "deck_bottom", "discard",
                                       "void"}))},
        _move_card_text, "move cards between a player's zones",
        '{ op = "move_card", from = "deck_top", to = "discard" }', target="",
        possible=_can_move_card)


# --- copying an effect -------------------------------------------------------------------

_COPY_OF = {"opposing": "the opposing clash card",
            "discard": "the top skill card of your discard pile",
            "event": "that card"}


def _copyable(s: ArenaState, step: Step, ctx: Ctx) -> list[str]:
    """The skill cards whose clash effect a copy step may copy (docs/rules/radiant-arena.md,
    decision 43): the face-up clash cards of the heroes opposing this one in this combat,
    the top skill card of the controller's discard pile, or the triggering event's card;
    only cards with a clash effect that does not copy in turn."""
    of = step.f.get("of", "opposing")
    p = int(ctx["p"])
    found: list[str] = []
    if of == "opposing":
        c, u = s.combat, ctx["u"]
        if c is not None and isinstance(u, int) and u >= 0:
            found = [k for v, k, up in c.clashes if up and v // 4 != p]
    elif of == "discard":
        top = next((k for k in reversed(s.discards[p]) if k in s.cat.skills), None)
        found = [top] if top is not None else []
    else:
        card = (ctx.get("event") or {}).get("card")
        found = [card] if isinstance(card, str) and card in s.cat.skills else []
    out = []
    for k in found:
        program = s.cat.skills[k].clash
        if program.steps and not any(st.op == "copy" for st in program.steps):
            out.append(k)
    return out


def _copy(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """copy: resolve the clash effect of another skill card as this effect's own: its
    controller, "this hero" and "this location" are this effect's (its card stays where
    it is). An Ultimate's effect resolves only for a levelled-up or Divine hero."""
    cards = sorted(set(_copyable(s, step, ctx)))
    if "answer" in ctx:
        answer = ctx.pop("answer")
        cards = [answer] if answer in cards else cards[:1]
    if not cards:
        return FIZZLED
    if len(cards) > 1:
        s.ask = ("card", int(ctx["p"]), tuple(cards))
        return WAITING
    card = cards[0]
    k = s.cat.skills[card]
    u = ctx["u"]
    mighty = isinstance(u, int) and u >= 0 and s.mighty(u)
    if k.ultimate and not mighty:
        if isinstance(u, int) and u >= 0:
            s.event("ultimate_fizzles", (s.unit_name[u], card), R_ULTIMATE)
        return FIZZLED
    s.event("effect_copied", (int(ctx["p"]), card, source(ctx)), R_TALENT)
    s.stack[-1].pc += 1  # this step is done; the copied effect resolves on top of it
    push(s, k.clash, int(ctx["p"]), u, here(s, ctx), ctx.get("src") or "")
    return WAITING


def _can_copy(s: ArenaState, step: Step, ctx: Ctx) -> bool:
    return bool(_copyable(s, step, ctx))


OPS.add("copy", _copy, {"of": Field(
            "word", default="opposing", choices=frozenset(_COPY_OF),
            doc="whose clash effect: the opposing clash card, the top skill card of your "
            "discard pile, the triggering event's card")},
        lambda st, say: "copy the clash effect of " + _COPY_OF[st.f.get("of", "opposing")],
        "resolve another skill card's clash effect as this effect's own (``of``: the "
        "opposing clash card, the top skill card of your discard pile — the last one you "
        "played —, or the triggering event's card)",
        '{ op = "copy", of = "opposing" }', target="", possible=_can_copy)


# --- lasting effects --------------------------------------------------------------------------


def _memory(ctx: Ctx) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    return tuple((k, v) for k, v in ctx.items() if k.startswith("$"))


def _delay(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """delay: a delayed trigger ("at the start of your next turn ..."), kept as data."""
    f = step.f
    s.clock += 1
    base = {"p": ctx["p"], "u": ctx["u"], "lane": here(s, ctx), "src": ctx.get("src")}
    base.update(_memory(ctx))
    word = s.unit_name[ctx["u"]] if isinstance(ctx["u"], int) and ctx["u"] >= 0 else \
        (source(ctx) or "effect")
    s.delayed = (*s.delayed, Delayed(s.clock, f["on"], f.get("match", ()), f.get("if"),
                                     f["effects"], ctx["p"], word, source(ctx) or "",
                                     f.get("once", True), tuple(base.items())))
    return RESOLVED


def _delay_text(step: Step, say: Say) -> str:
    on = step.f["on"]
    match = dict(step.f.get("match", ()))
    seat = "your opponent's" if match.get("seat") == ENEMY else "your"
    opening = {"turn_start": f"at the start of {seat} next turn",
               "turn_end": f"at the end of {seat} next turn",
               "combat_end": "at the end of the combat"}.get(
        on, f"the next time there is a {on.replace('_', ' ')} event")
    body = "; ".join(nodes_text(say, step.f["effects"].tree))
    return f"{opening}, {body[:1].lower() + body[1:]}"


OPS.add("delay", _delay, {"on": Field("event", required=True), "match": Field("match"),
                          "if": Field("condition"), "once": Field("bool", default=True),
                          "effects": Field("program", required=True)},
        _delay_text, "a delayed trigger: when that event next happens, resolve the "
        "effects (\"at the start of your next turn\")",
        '{ op = "delay", on = "turn_start", match = { seat = "friendly" }, effects = '
        '[...] }', target="")


def _replace(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """replace: a replacement effect for a duration (Lifelink: this combat, half of the
    damage to this hero is dealt to the chosen ally instead)."""
    r = step.f["replacement"]
    duration = until(s, step, ctx)
    s.clock += 1
    u = ctx["u"]
    unit = u if isinstance(u, int) else -1
    # Which objects it applies to is its own selector (relative to its source); the
    # entry is tied to its source so that it ends if the source leaves play.
    s.store = (*s.store, Modifier(s.clock, CLASH if s.combat is not None else TIMED, unit,
                                  source(ctx) or "", ctx["p"], here(s, ctx), unit, "replace",
                                  r.hook, r.form, r, duration,
                                  ctx["p"] if duration == "next_turn" else None,
                                  _memory(ctx)))
    to = ctx.get(r.to.ref, ()) if r.to is not None and r.to.ref else ()
    if r.form == "redirect" and to and unit >= 0:
        s.event("lifelink", (s.unit_name[unit], s.unit_name[to[0]]), R_TALENT)
    else:
        # a reduction logs its amount (the other forms have none)
        n = value(s.V, s, r.value, ctx) if r.form == "reduce" and r.value is not None else 0
        s.event("modifier", (s.unit_name[unit] if unit >= 0 else None, "replace", r.hook,
                              r.form, n, duration, source(ctx)), R_TALENT)
    return RESOLVED


def _replace_text(step: Step, say: Say) -> str:
    body = replacement_text(say, step.f["replacement"]).rstrip(".")
    return f"{say.duration(step.f.get('until'))}, {body[:1].lower() + body[1:]}"


OPS.add("replace", _replace, {"replacement": Field("replacement", required=True),
                              "until": UNTIL},
        _replace_text, "a replacement effect for a duration",
        '{ op = "replace", replacement = { hook = "would_take_damage", prevent = true '
        '} }', target="")


def _script(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """script: a Python function registered by name, for a truly unique card."""
    from .scripts import SCRIPTS

    result: Result = SCRIPTS[step.f["name"]](s, ctx)
    return result


OPS.add("script", _script, {"name": Field("text", required=True)},
        lambda st, say: "", "a Python function registered by name, for a truly unique "
        "card", '{ op = "script", name = "..." }', target="")


# --- the rules' own steps (internal: not for card files) ---------------------------------------


def _no_text(step: Step, say: Any) -> str:
    return ""


def _manifest(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """The third conduit is ruined: the deity must manifest (its owner chooses how).

    Asked until answered: once the deity is in play the step is done (so a position saved
    while the question is open asks it again when loaded)."""
    p = ctx["p"]
    if s.zone[p * 4 + DEITY] != HOME:  # answered (flow: the manifest answer)
        return RESOLVED
    s.event("manifest_due", (p,), R_MANIFEST)
    s.ask = ("manifest", p, ())
    return WAITING


OPS.add("_manifest", _manifest, {}, _no_text, "the forced manifestation", "", target="",
        internal=True)


def _mass_revive(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """Mass Resurrect: revive every hero not in play when the turn began (one at a time)."""
    p = ctx["p"]
    waiting = [u for u in s.units_of(p) if u % 4 != DEITY and s.zone[u] == HOME
               and s.home_at_start >> u & 1]
    if not waiting:
        return RESOLVED
    s.ask = ("place", p, (waiting[0],))
    return WAITING


OPS.add("_mass_revive", _mass_revive, {}, _no_text, "Mass Resurrect's revival", "",
        target="", internal=True)


def _order(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """Golden Rule 2: the controller orders their own simultaneous effects.

    ``ctx["pending"]`` holds the triggers still to resolve; the one chosen (by the word of
    its source) resolves on top of this frame; with one source left no one is asked."""
    pending = ctx["pending"]
    if not pending:
        return RESOLVED
    words = list(dict.fromkeys([p.word for p in pending]))
    if "answer" in ctx:
        chosen = ctx.pop("answer")
        s.event("order", (ctx["p"], chosen), R_GOLDEN)
    elif len(words) > 1:
        s.ask = ("first", ctx["p"], tuple(words))
        return WAITING
    else:
        chosen = words[0]
    i = next(i for i, p in enumerate(pending) if p.word == chosen)
    ctx["pending"] = pending[:i] + pending[i + 1:]
    pending_frame(s, pending[i])
    return WAITING


OPS.add("_order", _order, {}, _no_text, "Golden Rule 2: ordering", "", target="",
        internal=True)


def _ko_prevented(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """A KO replaced: the unit stays in play (the lane: of the conduit picked, if one was,
    else the unit's)."""
    u = ctx["u"]
    picked = ctx.get("$pick", ())
    lane = picked[0].lane if picked and isinstance(picked[0], ConduitRef) else s.zone[u]
    s.event("ko_prevented", (s.unit_name[u], LANES[lane]), "FAQ — Do I gain any power when "
             "I KO the Wrathlord?")
    return RESOLVED


OPS.add("_ko_prevented", _ko_prevented, {}, _no_text, "a KO replaced", "", target="",
        internal=True)


def _choose_x(s: ArenaState, step: Step, ctx: Ctx) -> Result:
    """The value of X, chosen by the controller among those it can pay."""
    if "answer" in ctx:
        ctx["x"] = ctx.pop("answer")
        return RESOLVED
    options = tuple(step.f["values"](s, ctx))
    if not options:
        return FIZZLED
    if len(options) == 1:
        ctx["x"] = options[0]
        return RESOLVED
    s.ask = ("x", ctx["p"], options)
    return WAITING


OPS.add("_x", _choose_x, {}, _no_text, "the choice of X", "", target="", internal=True)


__all__ = ["OPS", "here", "targets", "source", "amount", "until", "add_modifier", "DONE",
           "candidates", "push", "mods"]
