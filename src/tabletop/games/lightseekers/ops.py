"""The ops of Lightseekers' card language: what each step of an effect does.

Each op has the kernel's signature ``(state, step, ctx) -> Result``: ``RESOLVED`` when
done, ``FIZZLED`` when it cannot resolve (no target: the rest of the effect does not
happen); never ``WAITING``, as no op asks a question: a Lightseekers effect never needs
a choice (an attack goes to your target; the named selectors each name one hero, or each
of several). ``ctx``: ``p`` the controller, ``u`` its hero (the same seat), ``src`` the
card (``hero`` for a trait), ``x`` the active corner of a rotating buff.

Each op is declared once, right after its function: ``OPS.add(name, function, fields,
card text, doc, example)`` (the kernel's :class:`~tabletop.cards.OpTable`); the
vocabulary (vocab.py) takes ``OPS.specs``. A new op is one edit, in this file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.cards import (
    FIZZLED,
    RESOLVED,
    TIMED,
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
from tabletop.cards.select import ASKED
from tabletop.cards.text import Say, modify_step_text

from .board import (
    changed,
    clockwise,
    deal_damage,
    draw,
    enemy_of,
    heal,
    remove_buff,
    shuffle,
    target_of,
    to_discard,
)
from .ids import R_ATTACK, R_BUFF, R_ITEM

if TYPE_CHECKING:
    from .rules import LsState

Ctx = dict[str, Any]

# Each op is declared once, after its function (fields, card text, doc, example):
# ``OPS.specs`` is the vocabulary's ops (vocab.py).
OPS = OpTable()

TARGET = Field("selector", default="target", doc="whom it affects (default: your target)")
SELF = Field("selector", default="self", doc="whom it affects (default: your hero)")
AMOUNT = Field("value", default=1, doc="how much (a value; \"x\": the active corner)")
UNTIL = Field("duration", default="next_turn",
              doc="turn (until the end of the turn) or next_turn (the start of your next "
                  "turn)")


def _n(say: Say, step: Step) -> str:
    return say.number(step.f.get("amount", 1))


def _cards(say: Say, step: Step) -> str:
    return say.count(step.f.get("amount", 1), "card", "cards")


def _top(say: Say, step: Step) -> str:
    n = step.f.get("amount", 1)
    return "the top card" if n == 1 else f"the top {say.number(n)} cards"


def _subject(say: Say, step: Step, mine: str, theirs: str) -> str:
    sel = step.f["target"]
    if sel.ref == "self":
        return mine
    return f"{say.sel(sel)} {theirs}"


def _damage_text(step: Step, say: Say) -> str:
    pierce = " that ignores armor" if step.f.get("pierce") else ""
    return f"deal {_n(say, step)} damage{pierce} to {say.sel(step.f['target'])}"


def targets(s: LsState, step: Step, ctx: Ctx) -> list[Any] | None:
    """The heroes a step reaches; None when there are none. The named selectors are read
    directly (the same heroes the kernel's ``choose`` gives: they are on every effect's
    hot path); any other selector goes through the kernel."""
    sel = step.f["target"]
    name = sel.name
    p = ctx["p"]
    if name == "target":
        t = target_of(s, p)
        return [t] if t != p else None
    if name == "self":
        return [p] if s.alive[p] else None
    if name == "enemy":
        t = enemy_of(s, p)
        return [t] if t != p else None
    # Several heroes are reached one by one clockwise from the controller (its target
    # first), so several defeats by one effect fall in that order (docs/rules, Defeat).
    if name == "others":
        return clockwise(s, p, False) or None
    if name == "everyone":
        return clockwise(s, p, True) or None
    found = choose(s.V, s, sel, ctx)
    if found is ASKED:  # the loader allows only selectors that never ask
        raise AssertionError("a Lightseekers effect asked for a target")
    if found and len(found) > 1:
        n, i = s.players, s.pos[p]
        found = sorted(found, key=lambda q: (s.pos[q] - i) % n)
    return found  # type: ignore[no-any-return]


def _damage(s: LsState, step: Step, ctx: Ctx) -> Result:
    """damage: deal ``amount`` damage, dealt by the controller's hero (its power adds; the
    recipient's armor reduces it unless ``pierce``)."""
    f = step.f
    by = ctx["p"]
    if f["target"].name == "target":  # (as targets() reads it: most attacks)
        t = target_of(s, by)
        found = [t] if t != by else None
    else:
        found = targets(s, step, ctx)
    if not found:
        return FIZZLED
    n = f.get("amount", 0)  # amount() and src(), written out: the hottest op
    if type(n) is not int:
        n = value(s.V, s, n, ctx)
    if n < 0:
        n = 0
    where = ctx.get("src")
    pierce = f.get("pierce", False)
    for t in found:
        deal_damage(s, t, n, by, where if isinstance(where, str) else None, pierce)
    return RESOLVED


OPS.add("damage", _damage, {"target": TARGET, "amount": AMOUNT,
                            "pierce": Field("bool", default=False, doc="ignores armor")},
        _damage_text, "deal damage, dealt by your hero (its power adds, the recipient's "
        "armor reduces it unless pierce)", '{ op = "damage", amount = 3 }')


def _heal(s: LsState, step: Step, ctx: Ctx) -> Result:
    """heal: the hero gains ``amount`` health (never above 35)."""
    found = targets(s, step, ctx)
    if not found:
        return FIZZLED
    n = amount(s.V, s, step, ctx)
    for t in found:
        heal(s, t, n, source(ctx), R_ATTACK)
    return RESOLVED


OPS.add("heal", _heal, {"target": SELF, "amount": AMOUNT},
        lambda st, say: f"{say.sel(st.f['target'])} "
        f"{say.verb(st.f['target'], 'gains', 'gain')} {_n(say, st)} health",
        "a hero gains health (never above 35)", '{ op = "heal", amount = 2 }')


def _draw(s: LsState, step: Step, ctx: Ctx) -> Result:
    """draw: that player draws ``amount`` cards (as many as its deck holds)."""
    found = targets(s, step, ctx)
    if not found:
        return FIZZLED
    n = amount(s.V, s, step, ctx)
    for t in found:
        for _ in range(n):
            draw(s, t, R_ATTACK)
    return RESOLVED


OPS.add("draw", _draw, {"target": SELF, "amount": AMOUNT},
        lambda st, say: _subject(say, st, f"draw {_cards(say, st)}",
                                 f"draws {_cards(say, st)}"),
        "draw cards (as many as the deck holds)", '{ op = "draw", amount = 2 }')


def _discard(s: LsState, step: Step, ctx: Ctx) -> Result:
    """discard: that player discards ``amount`` cards from its hand at random (revealed)."""
    found = targets(s, step, ctx)
    if not found:
        return FIZZLED
    n = amount(s.V, s, step, ctx)
    for t in found:
        hand = s.hand[t] = s.hand[t][:]  # its own row (clones share the old one)
        for _ in range(min(n, len(hand))):
            c = hand.pop(s.chance.below(len(hand)))
            to_discard(s, t, c, "random", R_ATTACK)
    return RESOLVED


OPS.add("discard", _discard, {"target": TARGET, "amount": AMOUNT},
        lambda st, say: _subject(say, st, f"discard {_cards(say, st)} at random",
                                 f"discards {_cards(say, st)} at random"),
        "discard cards from hand at random (they are revealed)",
        '{ op = "discard", amount = 1 }')


def _mill(s: LsState, step: Step, ctx: Ctx) -> Result:
    """mill: the top ``amount`` cards of that player's deck go to its discard pile."""
    found = targets(s, step, ctx)
    if not found:
        return FIZZLED
    n = amount(s.V, s, step, ctx)
    for t in found:
        deck = s.deck[t] = s.deck[t][:]  # its own row (clones share the old one)
        for _ in range(min(n, len(deck))):
            to_discard(s, t, deck.pop(), "deck", R_ATTACK)
    return RESOLVED


OPS.add("mill", _mill, {"target": TARGET, "amount": AMOUNT},
        lambda st, say: f"put {_top(say, st)} of "
        f"{'your' if st.f['target'].ref == 'self' else say.possessive(st.f['target'])} "
        "deck into the discard pile",
        "the top cards of a deck go to its discard pile", '{ op = "mill", amount = 2 }')


def _destroy_buff(s: LsState, step: Step, ctx: Ctx) -> Result:
    """destroy_buff: the newest buff of that hero (the rightmost) is discarded."""
    found = targets(s, step, ctx)
    if not found:
        return FIZZLED
    for t in found:
        if s.buffs[t]:
            remove_buff(s, t, len(s.buffs[t]) - 1, "destroyed", R_BUFF)
    return RESOLVED


OPS.add("destroy_buff", _destroy_buff, {"target": TARGET},
        lambda st, say: f"discard {say.possessive(st.f['target'])} newest buff",
        "the rightmost buff of a hero goes to its discard pile",
        '{ op = "destroy_buff" }')


def _destroy_item(s: LsState, step: Step, ctx: Ctx) -> Result:
    """destroy_item: the newest item equipped by that hero is discarded."""
    found = targets(s, step, ctx)
    if not found:
        return FIZZLED
    for t in found:
        if s.items[t]:
            c = s.items[t][-1]
            s.items[t] = s.items[t][:-1]
            changed(s)
            to_discard(s, t, c, "destroyed", R_ITEM)
    return RESOLVED


OPS.add("destroy_item", _destroy_item, {"target": TARGET},
        lambda st, say: f"discard {say.possessive(st.f['target'])} newest item",
        "the item a hero equipped last goes to its discard pile",
        '{ op = "destroy_item" }')


def _modify(s: LsState, step: Step, ctx: Ctx) -> Result:
    """modify: that hero gets + or - power or armor until the end of the turn or the start
    of the controller's next turn."""
    found = targets(s, step, ctx)
    if not found:
        return FIZZLED
    spec = step.f["modifier"]
    n = value(s.V, s, spec.value, ctx)
    until = step.f.get("until") or "next_turn"
    p = ctx["p"]
    for t in found:
        s.clock += 1
        m = Modifier(s.clock, TIMED, p, source(ctx) or "", p, None, t, "stat", spec.key,
                     "add", n, until, p if until == "next_turn" else None)
        s.store = (*s.store, m)
        s.event("modifier", (t, spec.key, n, until, source(ctx)), R_ATTACK)
    return RESOLVED


OPS.add("modify", _modify,
        {"target": SELF, "modifier": Field("modifier", required=True), "until": UNTIL},
        modify_step_text, "+ or - power or armor for a while",
        '{ op = "modify", modifier = { stat = "armor", add = 2 } }')


def _recycle(s: LsState, step: Step, ctx: Ctx) -> Result:
    """recycle: the top ``amount`` cards of the controller's discard pile go back into its
    deck, which is shuffled."""
    p = ctx["p"]
    n = min(amount(s.V, s, step, ctx), len(s.disc[p]))
    if not n:
        return FIZZLED
    # Their own rows (clones share the old ones).
    disc = s.disc[p] = s.disc[p][:]
    deck = s.deck[p] = s.deck[p][:]
    for _ in range(n):
        c = disc.pop()
        deck.append(c)
        s.event("return", (p, s.cat.cards[c].id), R_ATTACK)
    shuffle(s, p, "return", R_ATTACK)
    return RESOLVED


OPS.add("recycle", _recycle, {"amount": AMOUNT},
        lambda st, say: f"shuffle {_top(say, st)} of your discard pile into "
        "your deck", "discarded cards go back into the deck, which is shuffled",
        '{ op = "recycle", amount = 2 }', target="")


__all__ = ["OPS", "targets", "amount"]
