"""A toy game for the kernel's unit tests: a few creatures in three places, two seats.

It is deliberately unlike radiant-arena (its own stats, conditions, ops and costs), so the
tests show that ``tabletop.cards`` knows nothing of any game: everything it reads goes
through this vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.cards import (
    FIZZLED,
    RESOLVED,
    WAITING,
    ConditionSpec,
    CostSpec,
    EventSpec,
    Field,
    HookSpec,
    KeywordSpec,
    KindSpec,
    OpSpec,
    PlaceSpec,
    Result,
    StatSpec,
    Step,
    Vocabulary,
    choose,
    value,
)
from tabletop.cards.select import ASKED
from tabletop.cards.text import Say


@dataclass
class Creature:
    name: str
    owner: int
    place: int | None  # None: off the board
    power: int = 1
    health: int = 5
    damage: int = 0
    ready: bool = True
    keywords: frozenset[str] = frozenset()


@dataclass
class World:
    """The toy state: creatures by id (0, 1, ...), score and energy per seat, an ask."""

    creatures: list[Creature]
    score: list[int] = field(default_factory=lambda: [0, 0])
    energy: list[int] = field(default_factory=lambda: [3, 3])
    asked: tuple[str, int, tuple[Any, ...]] | None = None
    rolls: list[int] = field(default_factory=list)
    log: list[str] = field(default_factory=list)


def _objects(w: World) -> list[int]:
    return [i for i, c in enumerate(w.creatures) if c.place is not None]


def _ask(w: World, kind: str, seat: int, options: tuple[Any, ...]) -> None:
    w.asked = (kind, seat, options)


def _random(w: World, n: int) -> int:
    return w.rolls.pop(0) % n if w.rolls else 0


def _targets(w: World, step: Step, ctx: dict[str, Any]) -> Any:
    return choose(VOCAB, w, step.f["target"], ctx)


def _hit(w: World, step: Step, ctx: dict[str, Any]) -> Result:
    found = _targets(w, step, ctx)
    if found is None or found is ASKED:
        return FIZZLED if found is None else WAITING
    for t in found:
        w.creatures[t].damage += value(VOCAB, w, step.f["amount"], ctx)
        w.log.append(f"hit {w.creatures[t].name}")
    return RESOLVED


def _mend(w: World, step: Step, ctx: dict[str, Any]) -> Result:
    found = _targets(w, step, ctx)
    if found is None or found is ASKED:
        return FIZZLED if found is None else WAITING
    for t in found:
        c = w.creatures[t]
        c.damage = max(0, c.damage - value(VOCAB, w, step.f["amount"], ctx))
    return RESOLVED


def _tap(w: World, step: Step, ctx: dict[str, Any]) -> Result:
    found = choose(VOCAB, w, step.f["target"], ctx, ("ready",))
    if found is None or found is ASKED:
        return FIZZLED if found is None else WAITING
    for t in found:
        w.creatures[t].ready = False
    return RESOLVED


def _gain(w: World, step: Step, ctx: dict[str, Any]) -> Result:
    w.score[ctx["p"]] += value(VOCAB, w, step.f["amount"], ctx)
    return RESOLVED


def _pay_energy(w: World, ctx: dict[str, Any], n: int) -> Result:
    w.energy[ctx["p"]] -= n
    return RESOLVED


def _pay_tap(w: World, ctx: dict[str, Any], n: int) -> Result:
    w.creatures[ctx["u"]].ready = False
    return RESOLVED


SEL = Field("selector", required=True)
AMOUNT = Field("value", required=True)

VOCAB = Vocabulary(
    game="toy",
    kinds={"creature": KindSpec("creature", _objects,
                                lambda w, o: isinstance(o, int) and 0 <= o < len(w.creatures)
                                and w.creatures[o].place is not None,
                                "creature", "creatures")},
    default_kinds=("creature",),
    places={
        "here": PlaceSpec("here", lambda w, o, h: w.creatures[o].place == h, "in this place"),
        "adjacent": PlaceSpec("adjacent", lambda w, o, h: abs(
            (w.creatures[o].place or 0) - h) == 1, "in an adjacent place"),
        "other": PlaceSpec("other", lambda w, o, h: w.creatures[o].place != h,
                           "in another place"),
        "anywhere": PlaceSpec("anywhere", lambda w, o, h: True, "anywhere"),
    },
    conditions={
        "hurt": ConditionSpec("hurt", lambda w, o, ctx, a: w.creatures[o].damage > 0, "hurt"),
        "ready": ConditionSpec("ready", lambda w, o, ctx, a: w.creatures[o].ready, "ready"),
        "named": ConditionSpec("named", lambda w, o, ctx, a: w.creatures[o].name == a,
                               " named {arg}", arg="card"),
        "keyword": ConditionSpec("keyword", lambda w, o, ctx, a: a in w.creatures[o].keywords,
                                 " with {arg}", arg="keyword"),
    },
    stats={
        "power": StatSpec("power", lambda w, o: w.creatures[o].power, "{of}'s power", True),
        "damage": StatSpec("damage", lambda w, o: w.creatures[o].damage, "the damage on {of}"),
    },
    keywords={"guard": KeywordSpec("guard", "Guard"),
              "mend": KeywordSpec("mend", "Mend", valued=True),
              "ancient": KeywordSpec("ancient", "Ancient", grantable=False)},
    events={
        "hit": EventSpec("hit", {"unit": "object", "seat": "seat", "amount": "int"},
                         "When {unit} is hit", subject="unit"),
        "dawn": EventSpec("dawn", {"seat": "seat"}, "At the start of {seat} turn"),
        "cast": EventSpec("cast", {"seat": "seat", "school": "word"},
                          "When {seat} player casts {school} magic"),
    },
    hooks={"would_hit": HookSpec("would_hit", {"unit": "object", "amount": "int"},
                                 frozenset({"prevent", "reduce", "redirect", "instead"}),
                                 "unit", "If {subject} would be hit")},
    ops={
        "hit": OpSpec("hit", {"target": SEL, "amount": AMOUNT}, _hit,
                      lambda s, say: f"hit {say.sel(s.f['target'])} for "
                                     f"{say.number(s.f['amount'])}", "Hit.", "{op='hit'}"),
        "mend": OpSpec("mend", {"target": SEL, "amount": AMOUNT}, _mend,
                       lambda s, say: f"mend {say.number(s.f['amount'])} on "
                                      f"{say.sel(s.f['target'])}", "Mend.", "{op='mend'}"),
        "tap": OpSpec("tap", {"target": SEL}, _tap,
                      lambda s, say: f"tap {say.sel(s.f['target'])}", "Tap.", "{op='tap'}",
                      implied=("ready",)),
        "gain": OpSpec("gain", {"amount": AMOUNT}, _gain,
                       lambda s, say: f"gain {say.number(s.f['amount'])} points", "Gain.",
                       "{op='gain'}", target=""),
        # A roll whose result the next condition reads (its text joins it with a colon).
        "toss": OpSpec("toss", {}, lambda w, s, c: True, lambda s, say: "toss a coin",
                       "Toss.", "{op='toss'}", target="", colon=True),
        # An op with a field of its own named ``as`` ("count also as").
        "paint": OpSpec("paint", {"target": SEL, "as": Field("word", required=True,
                                                              choices=frozenset({"star",
                                                                                 "moon"}))},
                        lambda w, s, c: True, lambda s, say: f"paint as {s.f['as']}",
                        "Paint.", "{op='paint', as='moon'}"),
        "note": OpSpec("note", {"text": Field("text", required=True),
                                "flag": Field("bool"), "times": Field("int", lo=1, hi=3)},
                       lambda w, s, c: True, lambda s, say: "", "Nothing.", "{op='note'}",
                       target=""),
    },
    costs={
        "energy": CostSpec("energy", lambda w, ctx, n: w.energy[ctx["p"]] >= n, _pay_energy,
                           lambda n: f"{n} energy", x=True),
        "tap": CostSpec("tap", lambda w, ctx, n: w.creatures[ctx["u"]].ready, _pay_tap,
                        lambda n: "tap this", kind="bool"),
    },
    owner=lambda w, o: w.creatures[o].owner if isinstance(o, int) else None,
    place=lambda w, o: w.creatures[o].place if isinstance(o, int) else None,
    ask=_ask,
    random=_random,
    rules={"cannot_tap": "can't be tapped"},
    cost_keys={"energy": "energy costs"},
    symbols={"star": "a star", "moon": "a moon", "blank": "a blank"},
    selectors={"foe_here": {"side": "enemy", "place": "here"},
               "all_foes_here": {"side": "enemy", "place": "here", "count": "each"}},
)


def world() -> World:
    """Seat 0: ana (place 0), bo (place 1), cy (place 1, hurt); seat 1: dee (place 1),
    eli (place 2), fay (off the board), gus (place 1, guard)."""
    return World([
        Creature("ana", 0, 0, power=2),
        Creature("bo", 0, 1, power=3),
        Creature("cy", 0, 1, damage=2),
        Creature("dee", 1, 1, power=1),
        Creature("eli", 1, 2, power=4, ready=False),
        Creature("fay", 1, None),
        Creature("gus", 1, 1, keywords=frozenset({"guard"})),
    ])


def ctx(p: int = 0, u: int = 1, lane: int = 1, **more: Any) -> dict[str, Any]:
    """A context: seat 0, "this" is bo (place 1)."""
    return {"p": p, "u": u, "lane": lane, **more}


def say() -> Say:
    return Say(VOCAB, this="this creature", phrases={"foe_here": "a foe here"})
