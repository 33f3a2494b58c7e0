"""The ops of Hoshi Battle's card language (docs/rules/hoshi-battle.md, "Cards"): what
each step of an effect does to the state. Each takes the state, the compiled step and
the effect's context (``p`` its controller, ``src`` its card, ``dur`` the duration of an
effect that names none) and returns one of the kernel's named results: ``RESOLVED`` when
done, ``FIZZLED`` when it cannot resolve (no op asks: never ``WAITING``).

Each op is declared once, right after its function: ``OPS.add(name, function, fields,
card text, doc, example)`` (the kernel's :class:`~tabletop.cards.OpTable`); the
vocabulary (vocab.py) takes ``OPS.specs`` and the card text (text.py) its clauses
(:func:`op_clause`). A new op is one edit, in this file."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.cards import (
    ASKED,
    ENEMY,
    FIZZLED,
    RESOLVED,
    Field,
    OpTable,
    Result,
    Selector,
    Step,
    choose,
)

from .board import add_modifier, full_health, refresh, roll_die
from .dice import COUNT_MODES, ROLL_DICE, SYMBOLS
from .ids import R_CARD_TEXT, R_HEALTH, R_HIT, R_LEAVE, R_STONE

if TYPE_CHECKING:
    from .rules import HoshiState

Ctx = dict[str, Any]

# Each op is declared once, after its function (fields, card text, doc, example):
# ``OPS.specs`` is the vocabulary's ops (vocab.py).
OPS = OpTable()

TARGET = Field("selector", default="self", doc="who: self, opponent or all")
AMOUNT = Field("int", default=1, lo=1, hi=3, doc="how many")
UNTIL = Field("duration", doc="how long (default: while in play, or the Duel)")
SYMBOL = Field("word", required=True, choices=frozenset(SYMBOLS), doc="a die symbol")
WHILE = Field("condition", doc="it applies only while this holds (\"while ...\")")
OPPONENT = Field("selector", default="opponent", doc="who: opponent, self or all")

NUMBERS = ("no", "one", "two", "three", "four", "five")
SUBJECT = {"strike": "results of the symbol", "moon": "Moon results", "sun": "Sun results",
           "blank": "blank results"}
OBJECT = {"strike": "the symbol", "moon": "a Moon", "sun": "a Sun", "blank": "a blank"}

class TextError(ValueError):
    """Card data the text generator has no words for (a card file's mistake)."""


def who(sel: Selector) -> str:
    """``self``, ``opponent`` or ``all`` for a selector of this game."""
    if sel.ref == "self":
        return "self"
    if sel.name in ("opponent", "all"):
        return sel.name
    raise TextError(f"a target must be self, opponent or all, not {sel.raw!r}")


def verb(target: str, mine: str, theirs: str) -> str:
    """The verb for a target: ``mine`` for you and all players, ``theirs`` after "your
    opponent"."""
    return {"self": mine, "opponent": f"your opponent {theirs}",
            "all": f"all players {mine}"}[target]


def whose(target: str) -> str:
    """The possessive for a target ("your", "your opponent's", "all players'")."""
    return {"self": "your", "opponent": "your opponent's", "all": "all players'"}[target]


def _until_words(step: Step) -> str:
    return " this round" if step.f.get("until") == "round" else ""


def count_words(whose: str, mode: str, a: str, b: str) -> str:
    """"your Moon results count also as the symbol"."""
    return f"{whose} {SUBJECT[a]} count {mode} as {OBJECT[b]}"


def keyword_words(target: str, key: str) -> str:
    """Swift or Elusive for a target, as a clause."""
    if key == "swift":
        return {"self": "your strikes are Swift", "opponent": "your opponent's strikes are "
                "Swift", "all": "all strikes are Swift"}[target]
    return {"self": "strikes against you are Elusive", "opponent": "strikes against your "
            "opponent are Elusive", "all": "all strikes are Elusive"}[target]



def _n(step: Step) -> int:
    return int(step.f.get("amount", 1))


def _stones(step: Step) -> str:
    n = _n(step)
    return "a Hoshi Stone" if n == 1 else f"{NUMBERS[n]} Hoshi Stones"


def _text(step: Step, say: Any) -> str:
    # The kernel's text hook (``text(step, say)``): this game's clauses need no Say.
    return op_clause(step)


# Conditions on "you" (self) and on your opponent (exists enemy where ...).
SELF_COND = {("full_health", False): "you are at full health",
             ("full_health", True): "you are not at full health",
             ("last_stone", False): "you have one Hoshi Stone left",
             ("first_strike", False): "you are hit for the first time this Duel",
             ("rolled_symbol", False): "you roll the symbol",
             ("rolled_moon", False): "you roll a Moon",
             ("rolled_sun", False): "you roll a Sun"}
ENEMY_COND = {("full_health", False): "your opponent is at full health",
              ("full_health", True): "your opponent is not at full health",
              ("higher_cost", False): "your opponent's Hero has a higher Cost",
              ("lower_cost", False): "your opponent's Hero has a lower Cost",
              ("last_stone", False): "your opponent has one Hoshi Stone left"}
def cond_clause(cond: Any) -> str:
    """A condition as a clause ("your opponent's Hero has a higher Cost")."""
    if cond is not None and cond[0] == "self" and len(cond[1]) == 1:
        name, neg, _ = cond[1][0]
        if (name, neg) in SELF_COND:
            return SELF_COND[(name, neg)]
    if cond is not None and cond[0] == "exists" and cond[1].side == ENEMY and \
            len(cond[1].where) == 1:
        name, neg, _ = cond[1].where[0]
        if (name, neg) in ENEMY_COND:
            return ENEMY_COND[(name, neg)]
    raise TextError(f"no words for the condition {cond!r}")


def op_clause(step: Step) -> str:
    """One step as a clause ("your opponent battles with the d10"): the op's words
    (declared with it), its duration, and the condition it lasts while ("while you have
    one Hoshi Stone left, battle with the d8")."""
    words = _WORDS.get(step.op)
    if words is None:
        raise TextError(f"no words for op {step.op!r}")
    cond = step.f.get("while")
    if cond is None:
        return words(step) + _until_words(step)
    if step.f.get("until"):
        raise TextError("an effect lasts while a condition holds or until a time, not both")
    return f"while {cond_clause(cond)}, {words(step)}"


# Each op's clause, by name (filled by ``_add`` beside each op).
_WORDS: dict[str, Callable[[Step], str]] = {}


def _add(run: Callable[[HoshiState, Step, Ctx], Result], fields: dict[str, Field],
         words: Callable[[Step], str], doc: str, example: str, target: str = "target",
         colon: bool = False) -> None:
    name = run.__name__
    _WORDS[name] = words
    OPS.add(name, run, fields, _text, doc, example, target=target, colon=colon)


def targets(s: HoshiState, step: Step, ctx: Ctx) -> list[int] | None:
    """The players a step reaches (``self``, ``opponent``, ``all``), None if none."""
    found = choose(s.V, s, step.f["target"], ctx)
    if found is None or found is ASKED:  # no op of this game asks: one opponent at most
        return None
    return [int(t) for t in found]


def _until(step: Step, ctx: Ctx) -> str:
    return str(step.f.get("until") or ctx.get("dur") or "duel")


def battle_with(s: HoshiState, step: Step, ctx: Ctx) -> Result:
    """battle_with: the targets battle with the d8 or the d10 (a die type, set)."""
    found = targets(s, step, ctx)
    if found is None:
        return FIZZLED
    sides = 8 if step.f["die"] == "d8" else 10
    for t in found:
        add_modifier(s, t, ctx, "stat", "die", "set", sides, _until(step, ctx),
                     step.f.get("while"))
    return RESOLVED


def _battle_with_words(step: Step) -> str:
    return verb(who(step.f["target"]), "battle with", "battles with") + f" the {step.f['die']}"


_add(battle_with, {"target": TARGET, "die": Field("word", required=True, choices=frozenset(
    {"d8", "d10"})), "until": UNTIL, "while": WHILE}, _battle_with_words,
    "battle with the d8 or the d10", '{ op = "battle_with", die = "d8" }')


def extra_die(s: HoshiState, step: Step, ctx: Ctx) -> Result:
    """extra_die: the targets battle with ``amount`` additional dice."""
    found = targets(s, step, ctx)
    if found is None:
        return FIZZLED
    for t in found:
        add_modifier(s, t, ctx, "stat", "dice", "add", int(step.f["amount"]),
                     _until(step, ctx), step.f.get("while"))
    return RESOLVED


def _extra_die_words(step: Step) -> str:
    n = _n(step)
    return verb(who(step.f["target"]), "battle with", "battles with") + (
        " an additional die" if n == 1 else f" {NUMBERS[n]} additional dice")


_add(extra_die, {"target": TARGET, "amount": AMOUNT, "until": UNTIL, "while": WHILE},
     _extra_die_words, "battle with an additional die", '{ op = "extra_die" }')


def count(s: HoshiState, step: Step, ctx: Ctx) -> Result:
    """count: the targets' ``symbol`` results count also (or instead) as ``as`` (the
    kernel's count modifier: key the symbol, op the mode, value what it counts as)."""
    found = targets(s, step, ctx)
    if found is None:
        return FIZZLED
    for t in found:
        add_modifier(s, t, ctx, "count", step.f["symbol"], step.f["mode"], step.f["as"],
                     _until(step, ctx), step.f.get("while"))
    return RESOLVED


def _count_words(step: Step) -> str:
    f = step.f
    return count_words(whose(who(f["target"])), f["mode"], f["symbol"], f["as"])


_add(count, {"target": TARGET, "symbol": SYMBOL, "as": SYMBOL,
             "mode": Field("word", default="also", choices=frozenset(COUNT_MODES)),
             "until": UNTIL, "while": WHILE}, _count_words,
     "results of a symbol count also (or instead) as another",
     '{ op = "count", symbol = "moon", as = "strike" }')


def health(s: HoshiState, step: Step, ctx: Ctx) -> Result:
    """health: the targets' full health is ``amount`` Hoshi Stones more."""
    found = targets(s, step, ctx)
    if found is None:
        return FIZZLED
    for t in found:
        add_modifier(s, t, ctx, "stat", "health", "add", int(step.f["amount"]),
                     _until(step, ctx), step.f.get("while"))
    return RESOLVED


def _health_words(step: Step) -> str:
    n = _n(step)
    more = "one Hoshi Stone" if n == 1 else f"{NUMBERS[n]} Hoshi Stones"
    return f"{whose(who(step.f['target']))} full health is {more} more"


_add(health, {"target": TARGET, "amount": AMOUNT, "until": UNTIL, "while": WHILE}, _health_words,
     "full health is more Hoshi Stones", '{ op = "health", amount = 1 }')


def grant(s: HoshiState, step: Step, ctx: Ctx) -> Result:
    """grant: the targets are Swift or Elusive."""
    found = targets(s, step, ctx)
    if found is None:
        return FIZZLED
    for t in found:
        add_modifier(s, t, ctx, "keyword", step.f["keyword"], "grant", 1, _until(step, ctx),
                     step.f.get("while"))
    return RESOLVED


def _grant_words(step: Step) -> str:
    return keyword_words(who(step.f["target"]), step.f["keyword"])


_add(grant, {"target": TARGET, "keyword": Field("keyword", required=True), "until": UNTIL,
             "while": WHILE},
     _grant_words, "Swift or Elusive", '{ op = "grant", keyword = "swift" }')


def regain(s: HoshiState, step: Step, ctx: Ctx) -> Result:
    """regain: the targets regain ``amount`` Hoshi Stones, never above full health."""
    found = targets(s, step, ctx)
    if found is None:
        return FIZZLED
    for t in found:
        room = max(0, full_health(s, t) - s.stones[t])
        gain = min(room, int(step.f["amount"]))
        if gain:
            s.stones[t] += gain
            s.event("stone", (t, gain, s.stones[t], ctx.get("src", "")), R_HEALTH)
    refresh(s)
    return RESOLVED


def _regain_words(step: Step) -> str:
    return verb(who(step.f["target"]), "regain", "regains") + f" {_stones(step)}"


_add(regain, {"target": TARGET, "amount": AMOUNT}, _regain_words,
     "regain Hoshi Stones (not above full health)", '{ op = "regain" }')


def lose_stone(s: HoshiState, step: Step, ctx: Ctx) -> Result:
    """lose_stone: the targets discard ``amount`` Hoshi Stones (a stone discarded)."""
    found = targets(s, step, ctx)
    if found is None:
        return FIZZLED
    for t in found:
        loss = min(s.stones[t], int(step.f["amount"]))
        if loss:
            s.stones[t] -= loss
            s.stone_lost = True
            s.event("stone", (t, -loss, s.stones[t], ctx.get("src", "")), R_STONE)
    refresh(s)
    return RESOLVED


def _lose_stone_words(step: Step) -> str:
    return verb(who(step.f["target"]), "lose", "loses") + f" {_stones(step)}"


_add(lose_stone, {"target": TARGET, "amount": AMOUNT}, _lose_stone_words,
     "discard Hoshi Stones", '{ op = "lose_stone", target = "opponent" }')


def roll(s: HoshiState, step: Step, ctx: Ctx) -> Result:
    """roll: the controller rolls one die of its current type; what it counts as is
    remembered for the next steps' conditions (``rolled_symbol``, ``rolled_moon``)."""
    seat = ctx["p"]
    face, symbols = roll_die(s, seat, ROLL_DICE.get(step.f.get("die", ""), 0))
    ctx["roll"] = symbols
    s.event("roll", (seat, ctx.get("src", ""), face, list(symbols)), R_HIT)
    return RESOLVED


def _roll_words(step: Step) -> str:
    die = step.f.get("die")
    return f"roll the {die}" if die else "roll a die"


_add(roll, {"die": Field("word", choices=frozenset(ROLL_DICE), doc="a die named (default: "
                         "one of your die type); the d12 only here")}, _roll_words,
     "roll a die of your type (or the d8, d10, d12 named); rolled_symbol / rolled_moon test "
     "it", '{ op = "roll", die = "d12" }', target="", colon=True)


def cancel(s: HoshiState, step: Step, ctx: Ctx) -> Result:
    """cancel: the hit about to be resolved is cancelled (the round ends all the same)."""
    if not s.pending_hit:
        return FIZZLED
    s.pending_hit = False
    s.event("cancel", (ctx["p"], ctx.get("src", "")), R_HIT)
    return RESOLVED


def _cancel_words(step: Step) -> str:
    return "the hit is cancelled"


_add(cancel, {}, _cancel_words, "the hit being resolved is cancelled", '{ op = "cancel" }',
     target="")


# --- Duel cards: drawing, looking, discarding (docs/rules/hoshi-battle.md, "Drawing,
# looking and discarding") -------------------------------------------------------------------


def _cards_words(n: int) -> str:
    return "a Duel card" if n == 1 else f"{NUMBERS[n]} Duel cards"


def draw(s: HoshiState, step: Step, ctx: Ctx) -> Result:
    """draw: the targets take Duel cards from the undealt pile, face down (private to
    each; the pile is face down to everyone)."""
    found = targets(s, step, ctx)
    if found is None or not s.card_deck:
        return FIZZLED
    for t in found:
        for _ in range(_n(step)):
            if not s.card_deck:
                break
            card = s.card_deck.pop()
            s.cards[t] = s.sort([*s.cards[t], card])
            s.drawn[t] += 1
            s.event("draw_card", (t, card, len(s.cards[t]), ctx.get("src", "")), R_CARD_TEXT)
    return RESOLVED


def _draw_words(step: Step) -> str:
    return verb(who(step.f["target"]), "draw", "draws") + " " + _cards_words(_n(step))


_add(draw, {"target": TARGET, "amount": AMOUNT}, _draw_words,
     "draw Duel cards from the undealt pile, face down", '{ op = "draw" }')


def look(s: HoshiState, step: Step, ctx: Ctx) -> Result:
    """look: the controller looks at the targets' face-down Duel cards (an event private
    to it; it cannot reveal what it saw). It knows them there until they leave the hand
    (``seen``)."""
    found = targets(s, step, ctx)
    seat = int(ctx["p"])
    if found is None:
        return FIZZLED
    for t in found:
        if t != seat:
            s.event("look", (seat, t, list(s.cards[t]), len(s.cards[t]), ctx.get("src", "")),
                    R_CARD_TEXT)
            s.know(seat, t)  # remembered while true: resample keeps it (hidden.py)
    return RESOLVED


def _look_words(step: Step) -> str:
    return f"look at {whose(who(step.f['target']))} face-down Duel cards"


_add(look, {"target": OPPONENT}, _look_words,
     "look at a player's face-down Duel cards", '{ op = "look", target = "opponent" }')


def discard(s: HoshiState, step: Step, ctx: Ctx) -> Result:
    """discard: the targets discard face-down Duel cards at random (the game's seeded
    chance): each is revealed and leaves play as a used Power does (``used``), so every
    player still holds the three Duel cards it kept, in one place or another."""
    found = targets(s, step, ctx)
    if found is None or not any(s.cards[t] for t in found):
        return FIZZLED
    for t in found:
        for _ in range(_n(step)):
            if not s.cards[t]:
                break
            row = s.cards[t][:]  # (rows are shared by clones: replaced, not changed)
            card = row.pop(s.chance.below(len(row)))
            s.cards[t] = row
            if s.seen:
                s.forget(t, card)
            s.used[t] = [*s.used[t], card]
            s.event("leave", (t, card, "discarded"), R_LEAVE)
    return RESOLVED


def _discard_words(step: Step) -> str:
    n = _n(step)
    return verb(who(step.f["target"]), "discard", "discards") + " " + (
        "a face-down Duel card" if n == 1 else f"{NUMBERS[n]} face-down Duel cards") + \
        " at random"


_add(discard, {"target": OPPONENT, "amount": AMOUNT}, _discard_words,
     "discard face-down Duel cards at random", '{ op = "discard", target = "opponent" }')
