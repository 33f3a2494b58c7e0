"""Hoshi Battle's continuous effects and triggers, on the rules kernel (docs/cards.md).

Every continuous effect is a :class:`~tabletop.cards.Modifier` in one store on the state
(``s.store``, a tuple in timestamp order): "battle with" a die type (stat ``die``, set),
"an additional die" (stat ``dice``, add), full health (stat ``health``), Swift and
Elusive (keywords), the rule ``fixed_die``, and the kernel's count modifiers ("count
also as", "count instead as": kind ``count``). The kernel's queries fold them in store
order,
so where two effects set the same thing the latest applies: Card Effect Priority, "The
last card or effect played always has priority".

Hero abilities are active from the moment their condition becomes true (Card Effect
Priority: "activated during the round in which the event described on the card
occurs"): :func:`refresh` turns a conditional ability into stored modifiers, with a fresh
timestamp, when its condition starts to hold, and takes them away when it stops (the
kernel's statics by recency, :func:`tabletop.cards.modifiers.stamp_statics`), so a
Hero's ability and a Duel card take turns by recency.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.cards import TIMED, Frame, Modifier, Status, candidates, collect, holds, order, run
from tabletop.cards import value as value_of
from tabletop.cards.modifiers import counted, keyword, rule, stamp_statics, stat
from tabletop.cards.triggers import Source

from .dice import FACES, PLAIN_COUNTS, STRIKE
from .ids import R_PRIORITY

if TYPE_CHECKING:
    from tabletop.cards import ModSpec, Program

    from .rules import HoshiState

BASE_HEALTH = 2  # Terminology: "Full health ... (usually two)"


# --- queries -----------------------------------------------------------------------------


def die_of(s: HoshiState, seat: int) -> int:
    """The die type ``seat`` battles with: its Hero's printed die, then every "battle
    with" in timestamp order; a Hero with ``fixed_die`` (Saal Swordsman) keeps its own."""
    base = s.cat.heroes[s.hero[seat]].die
    if rule(s.V, s, s.store, seat, "fixed_die"):
        return base
    return stat(s.V, s, s.store, seat, "die", base, lo=TIMED, hi=TIMED)


def dice_of(s: HoshiState, seat: int) -> int:
    """How many dice ``seat`` rolls (one, plus every additional die)."""
    return max(1, stat(s.V, s, s.store, seat, "dice", 1, lo=TIMED, hi=TIMED))


def full_health(s: HoshiState, seat: int) -> int:
    """``seat``'s full health (two Hoshi Stones, changed by effects; at least one)."""
    return max(1, stat(s.V, s, s.store, seat, "health", BASE_HEALTH, lo=TIMED, hi=TIMED))


def has_keyword(s: HoshiState, seat: int, key: str) -> bool:
    """Whether ``seat`` is Swift or Elusive now."""
    return keyword(s.V, s, s.store, seat, key, 0) > 0


def count_rules(s: HoshiState, seat: int) -> list[tuple[str, str, str]]:
    """``seat``'s count effects, ``(mode, from, to)``, in timestamp order."""
    return [(m.op, m.key, m.value) for m in s.store if m.kind == "count" and m.affects == seat]


def counts_as(s: HoshiState, seat: int, face: str) -> tuple[str, ...]:
    """What ``face`` counts as for ``seat`` now (the kernel's count modifiers)."""
    return counted(s.V, s, s.store, seat, face)


def count_table(s: HoshiState, seat: int, faces: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """What each of ``faces`` counts as for ``seat`` now (:func:`counts_as` of each), not
    to be changed. Without a count modifier in the store (most rounds) every face counts
    as itself, which the kernel would find face by face after a pass over the store each:
    the table made once (``PLAIN_COUNTS``, every symbol)."""
    store = s.store
    for m in store:
        if m.kind == "count":
            return {f: counted(s.V, s, store, seat, f) for f in set(faces)}
    return PLAIN_COUNTS


def roll_die(s: HoshiState, seat: int, sides: int = 0) -> tuple[str, tuple[str, ...]]:
    """One die of ``seat``'s current type (or of ``sides`` faces): the face, and what it
    counts as."""
    faces = FACES[sides or die_of(s, seat)]
    face = faces[s.chance.below(len(faces))]
    return face, counts_as(s, seat, face)


def shows_symbol(symbols: tuple[str, ...]) -> bool:
    """Whether a counted face rolls the symbol (a hit)."""
    return STRIKE in symbols


# --- the store ---------------------------------------------------------------------------


def effect_code(kind: str, key: str, op: str, amount: Any) -> str:
    """A modifier in a word, for events and views: ``die=8``, ``dice+1``, ``health=3``,
    ``swift``, ``fixed_die``, a count ``also_moon_strike`` (mode, symbol, counts as)."""
    if kind == "stat":
        return f"{key}={amount}" if op == "set" else f"{key}{amount:+d}"
    if kind == "count":
        return f"{op}_{key}_{amount}"
    return key


def add_modifier(s: HoshiState, seat: int, ctx: dict[str, Any], kind: str, key: str, op: str,
                 amount: Any, until: str, cond: Any = None) -> Modifier:
    """A new modifier on ``seat`` made by the effect in ``ctx`` (its controller ``p``,
    its card ``src``), stamped with the next timestamp, and its event. ``cond``: it
    applies only while that condition holds (until ``while``, the kernel's; it ends with
    the Duel, as every effect does)."""
    s.clock += 1
    arg = ctx.get("static")
    if cond is not None:
        until, arg = "while", cond
    m = Modifier(s.clock, TIMED, ctx["p"], ctx.get("src", ""), ctx["p"], 0, seat, kind, key,
                 op, amount, until, arg)
    s.store = (*s.store, m)
    s.event("effect", (seat, m.card, m.controller, effect_code(kind, key, op, amount), until,
                       s.clock), R_PRIORITY)
    return m


def expire(s: HoshiState, until: str) -> None:
    """End every modifier of one duration (``round``, at the end of a round)."""
    if any(m.until == until for m in s.store):
        s.store = tuple(m for m in s.store if m.until != until)


def activate(s: HoshiState, seat: int, spec: ModSpec, ctx: dict[str, Any]) -> None:
    """Turn a Hero's ability (static ``ctx["static"]``) on: its modifiers stored with the
    next timestamp (the kernel's :func:`~tabletop.cards.modifiers.stamp_statics`), and an
    ``effect`` event for each."""
    _stamp(s, seat, spec, ctx, True)


def _stamp(s: HoshiState, seat: int, spec: ModSpec, ctx: dict[str, Any], on: bool) -> bool:
    targets = [seat] if spec.affects.ref == "self" else candidates(s.V, s, spec.affects, ctx)
    amount = value_of(s.V, s, spec.value, ctx) if spec.kind == "stat" else spec.value
    before = len(s.store)
    s.store, s.clock, changed = stamp_statics(s.store, s.clock, seat, ctx["src"], seat,
                                              ctx["static"], (spec,), on, targets, (amount,))
    for m in s.store[before:]:
        s.event("effect", (m.affects, m.card, m.controller,
                           effect_code(m.kind, m.key, m.op, m.value), m.until, m.ts),
                R_PRIORITY)
    return changed


def ability_context(seat: int, hero_id: str, index: int) -> dict[str, Any]:
    """The context a Hero's ability ``index`` (a static) is read and turned on in."""
    return {"p": seat, "u": seat, "lane": 0, "src": hero_id, "static": index}


def refresh(s: HoshiState) -> None:
    """Turn Hero abilities on and off as their conditions start and stop holding (the
    starting player's first when several change at once), until nothing changes."""
    heroes = s.cat.heroes
    for _ in range(4):
        changed = False
        for seat in s.duel_order():
            hero_id = s.hero[seat]
            for i, spec in enumerate(heroes[hero_id].statics):
                # The ability's context made only where it is read (a condition to test,
                # the ability to turn on or off): most abilities have none and stay on.
                ctx: dict[str, Any] | None = None
                if spec.cond is None:
                    now = True
                else:
                    ctx = ability_context(seat, hero_id, i)
                    now = holds(s.V, s, spec.cond, ctx)
                active = False  # its modifiers are in the store
                for m in s.store:
                    if (m.until == "static" and m.controller == seat and m.arg == i
                            and m.card == hero_id):
                        active = True
                        break
                if now != active:
                    s.event("ability", (seat, hero_id, now, s.clock + 1 if now else s.clock),
                            R_PRIORITY)
                    _stamp(s, seat, spec, ctx or ability_context(seat, hero_id, i), now)
                    changed = True
        if not changed:
            return


# --- effects and triggers ----------------------------------------------------------------


def resolve(s: HoshiState, program: Program, ctx: dict[str, Any]) -> None:
    """Resolve a program fully, now (Card Effect Priority: "Each card is resolved fully
    before another card can be played"). No op of Hoshi Battle asks a question; a step
    that cannot resolve (no target) is skipped."""
    frame = Frame(program, 0, ctx)
    for _ in range(4 * len(program.steps) + 4):
        status = run(s.V, s, frame)
        if status == Status.FINISHED:
            break
        if status == Status.STOP:
            frame.pc += 1
        elif status == Status.WAIT:  # pragma: no cover - a vocabulary mistake
            raise RuntimeError(f"{program.address}: an op of hoshi-battle asked a question")
    refresh(s)


def sources(s: HoshiState) -> list[Source]:
    """Every card in play whose triggered abilities listen: each duelist's Hero, then
    its Artifacts and Legends in the order they were played."""
    out = []
    for seat in s.duel_order():
        hero = s.cat.heroes[s.hero[seat]]
        if hero.triggers:
            out.append(Source(seat, seat, 0, hero.id, hero.name, f"{seat}:{hero.id}",
                              hero.triggers))
        for card_id in s.in_play[seat]:
            card = s.cat.cards[card_id]
            if card.triggers:
                out.append(Source(seat, seat, 0, card_id, card.name, f"{seat}:{card_id}",
                                  card.triggers))
    return out


def _listened(s: HoshiState, kind: str) -> bool:
    """Whether a card in play (of :func:`sources`) has a trigger on ``kind``: read from
    the cards, without building the sources (most events set nothing off)."""
    cat = s.cat
    for seat in s.duelists:
        hero_id = s.hero[seat]
        if hero_id:
            for t in cat.heroes[hero_id].triggers:
                if t.on == kind:
                    return True
            for card_id in s.in_play[seat]:
                for t in cat.cards[card_id].triggers:
                    if t.on == kind:
                        return True
    return False


def fire(s: HoshiState, kind: str, fields: dict[str, Any]) -> None:
    """The triggers ``kind`` sets off, resolved one at a time: the last player to hit
    first, then the other (each in the order of its cards). A hit cancelled stops the
    abilities that would cancel it again."""
    if not _listened(s, kind):
        return
    pending = collect(s.V, s, kind, fields, sources(s))
    for group in order(pending, s.last_hitter, s.players):
        for p in group:
            if kind == "struck" and not s.pending_hit:
                return
            ctx = p.context()
            ctx.setdefault("dur", "duel")
            resolve(s, p.program, ctx)


__all__ = ["BASE_HEALTH", "die_of", "dice_of", "full_health", "has_keyword", "count_rules",
           "count_table", "roll_die", "shows_symbol", "effect_code", "add_modifier", "expire",
           "ability_context", "refresh", "resolve", "sources", "fire", "activate"]
