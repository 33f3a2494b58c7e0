"""What happens on the table: damage and health, drawing, discarding, buffs turning and
expiring, items, defeat and its rewards, and triggered abilities collected.

Every function takes the state ``s`` and records an event for each change. The rules of
when these happen are in :mod:`.flow`; the card language's ops (:mod:`.ops`) call them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.cards import Pending, Source, collect
from tabletop.cards import modifiers as mods
from tabletop.cards.replace import applicable

from .ids import (
    CIRCLE,
    DEFEAT_HEALTH,
    DEFEAT_RETURN,
    DEFEAT_VP,
    EMPTY_CORNER,
    IRREGULAR,
    LAST_STANDING_VP,
    MAX_HEALTH,
    OVER,
    R_ATTACK,
    R_BUFF,
    R_BUFF_PHASE,
    R_END,
    R_HERO,
    X_CORNER,
)

if TYPE_CHECKING:
    from .data import Card
    from .rules import LsState

Ctx = dict[str, Any]


# --- seats around the table -------------------------------------------------------------


def target_of(s: LsState, p: int) -> int:
    """The player on ``p``'s left still in the game: its target (GETTING STARTED)."""
    order, n, alive = s.order, s.players, s.alive
    i = s.pos[p]
    q = order[(i + 1) % n]  # the next seat, most often still in the game
    if alive[q]:
        return q
    for k in range(2, n):
        q = order[(i + k) % n]
        if alive[q]:
            return q
    return p


def clockwise(s: LsState, p: int, me: bool) -> list[int]:
    """The heroes still in the game clockwise from ``p`` (its target first; ``p`` itself
    before them if ``me``): the order in which an effect that reaches several heroes deals
    with them, so several defeats by one effect fall one by one in that order
    (docs/rules/lightseekers.md, Defeat)."""
    order, n, alive = s.order, s.players, s.alive
    i = s.pos[p]
    return [q for k in range(0 if me else 1, n) if alive[q := order[(i + k) % n]]]


def enemy_of(s: LsState, p: int) -> int:
    """The player on ``p``'s right still in the game: its enemy (GETTING STARTED)."""
    order, n = s.order, s.players
    i = s.pos[p]
    for k in range(1, n):
        q = order[(i - k) % n]
        if s.alive[q]:
            return q
    return p


# --- Elements -----------------------------------------------------------------------------


def access(s: LsState, p: int) -> tuple[int, int]:
    """The Elements ``p``'s hero can use (a bit mask: its own and its items'), and those at
    the superior level (no limit per turn)."""
    hero = s.cat.heroes[s.heroes[p]]
    mask = hero.mask
    cards = s.cat.cards
    for c in s.items[p]:
        mask |= cards[c].grants
    return mask, hero.superior


def active_corner(card: Card, turns: int) -> int:
    """The number on a buff's active corner (its X); ``X_CORNER`` for an 'X', 0 for empty
    or upright again (expired). An indefinite buff has none (0)."""
    if not card.corners or turns >= 4:
        return EMPTY_CORNER
    return card.corners[turns]


def buff_works(s: LsState, p: int, card: Card, turns: int, mask: int = -1) -> bool:
    """Whether a buff in play has any effect now: its Element is one the hero can use
    (ACTION CARD - BUFF: "required ... for the buff to have any effect if it's in play")
    and, for a rotating buff, its active corner holds a number (an 'X' means ignore).
    ``mask``: the Elements ``p``'s hero can use (:func:`access`), if known."""
    if card.need and card.need & (mask if mask >= 0 else access(s, p)[0]) != card.need:
        return False
    if card.rotation:
        return active_corner(card, turns) > 0
    return True


# --- continuous effects -------------------------------------------------------------------


def statics(s: LsState) -> list[tuple[Any, Ctx]]:
    """Every lingering effect in play, in order (heroes, then items, then buffs left to
    right, seat by seat): each static ability with the context its values use (X: a
    rotating buff's active corner)."""
    return _statics(s)[0]


Statics = tuple[list[tuple[Any, Ctx]], dict[str, list[tuple[Any, Ctx]]],
                dict[str, list[int]]]


def _statics(s: LsState) -> Statics:
    """:func:`statics`; those changing a stat apart, by the stat's key, in the same order
    (what :func:`stat` reads: every damage dealt reads two stats); and for a stat whose
    every lingering effect is a plain "+N to your own hero" (no condition; N a number or
    X, the buff's corner), what they add up to for each seat (our cards' lingering
    effects all are: see :func:`_plain`)."""
    cached = s._statics
    if cached is not None:
        return cached
    out: list[tuple[Any, Ctx]] = []
    cat = s.cat
    for p in range(s.players):
        if not s.alive[p]:
            continue
        hero = cat.heroes[s.heroes[p]]
        for spec in hero.statics:
            out.append((spec, {"p": p, "u": p, "lane": None, "x": 0, "src": "hero"}))
        for c in s.items[p]:
            card = cat.cards[c]
            for spec in card.statics:
                out.append((spec, {"p": p, "u": p, "lane": None, "x": 0, "src": card.id}))
        for _uid, c, turns in s.buffs[p]:
            card = cat.cards[c]
            if card.statics and buff_works(s, p, card, turns):
                x = max(0, active_corner(card, turns))
                for spec in card.statics:
                    out.append((spec, {"p": p, "u": p, "lane": None, "x": x, "src": card.id}))
    by_key: dict[str, list[tuple[Any, Ctx]]] = {}
    for spec, ctx in out:
        if spec.kind == "stat":
            by_key.setdefault(spec.key, []).append((spec, ctx))
    sums: dict[str, list[int]] = {}
    for key, found in by_key.items():
        if all(_plain(spec) for spec, _ in found):
            per_seat = [0] * s.players
            for spec, ctx in found:
                per_seat[ctx["u"]] += spec.value if type(spec.value) is int else ctx["x"]
            sums[key] = per_seat
    cached = s._statics = (out, by_key, sums)
    return cached


def _plain(spec: Any) -> bool:
    """Whether a stat's static ability adds a number (or X) to its own hero, always: the
    kernel's ``modifiers.stat`` then adds exactly that for that hero, 0 for the others."""
    return (spec.op == "add" and spec.affects.ref == "self" and spec.cond is None
            and (type(spec.value) is int or spec.value == ("x",)))


def replacements(s: LsState) -> list[tuple[Any, Ctx]]:
    """Every replacement effect in play (the same order as :func:`statics`); a rotating
    buff's carries its ``b`` (to rotate it when it applies)."""
    cached = s._repl
    if cached is not None:
        return cached
    out: list[tuple[Any, Ctx]] = []
    cat = s.cat
    for p in range(s.players):
        if not s.alive[p]:
            continue
        hero = cat.heroes[s.heroes[p]]
        for r in hero.replacements:
            out.append((r, {"p": p, "u": p, "lane": None, "x": 0, "src": "hero"}))
        for c in s.items[p]:
            card = cat.cards[c]
            for r in card.replacements:
                out.append((r, {"p": p, "u": p, "lane": None, "x": 0, "src": card.id}))
        for uid, c, turns in s.buffs[p]:
            card = cat.cards[c]
            if card.replacements and buff_works(s, p, card, turns):
                x = max(0, active_corner(card, turns))
                for r in card.replacements:
                    out.append((r, {"p": p, "u": p, "lane": None, "x": x, "src": card.id,
                                    "b": uid}))
    s._repl = out
    return out


def stat(s: LsState, p: int, key: str) -> int:
    """A hero's power or armor: lingering effects in play, then timed ones (never below
    0)."""
    cached = s._statics
    if cached is None:
        cached = _statics(s)
    # Only the lingering effects on this stat: the kernel would skip the others itself.
    found = cached[1].get(key)
    if not s.store:  # no timed effect: the lingering ones alone, summed once if plain
        if not found:
            return 0
        plain = cached[2].get(key)
        if plain is not None:
            n = plain[p]
            return n if n > 0 else 0
    return max(0, mods.stat(s.V, s, s.store, p, key, 0, found or ()))


def changed(s: LsState) -> None:
    """The cards in play changed: lingering effects, replacements and the cards listening
    to events are gathered again when next asked (the caches are never changed in place,
    so clones may share them)."""
    s._statics = None
    s._repl = None
    s._sources = None
    s._kinds = None


def buff_changed(s: LsState, card: Card) -> None:
    """A buff entered play, left it or turned: only the caches holding its parts change
    (a buff does not change which Elements its hero can use, so the other cards' parts
    stay as they were; an item does, and calls :func:`changed`)."""
    if card.statics:
        s._statics = None
    if card.replacements:
        s._repl = None
    if card.listens:
        s._sources = None
        s._kinds = None


# --- health ----------------------------------------------------------------------------------


def deal_damage(s: LsState, t: int, amount: int, by: int | None, src: str | None,
                pierce: bool = False) -> int:
    """Deal damage to ``t``'s hero: + the dealer's power (damage to another hero), - its
    armor (unless ``pierce``), then replacement effects; at 0 health it is defeated.
    Returns the damage dealt."""
    if not s.alive[t]:
        return 0
    n = amount
    # Power and armor are 0 unless an effect in play or a timed one changes them (most
    # damage is dealt with neither): the stats are read only then.
    cached = s._statics
    if cached is None:
        cached = _statics(s)
    by_key, sums = cached[1], cached[2]
    if s.store or len(sums) != len(by_key):  # timed effects, or effects not plain: stat()
        if by is not None and by != t and s.alive[by]:
            n += stat(s, by, "power")
        if not pierce:
            n -= stat(s, t, "armor")
    elif by_key:  # only plain lingering effects: their sums (what stat() would give)
        if by is not None and by != t and s.alive[by] and "power" in sums:
            n += max(0, sums["power"][by])
        if not pierce and "armor" in sums:
            n -= max(0, sums["armor"][t])
    if n < 0:
        n = 0
    found = replacements(s) if n and s.cat.replacing else None
    if found:
        for r, ctx in applicable(s.V, s, "would_take_damage", t,
                                 {"hero": t, "amount": n, "by": by}, found, s.store):
            before = n
            if r.form == "prevent":
                n = 0
            else:
                from tabletop.cards import value

                n = max(0, n - value(s.V, s, r.value, ctx))
            s.event("reduce", (t, before, n, ctx.get("src")), R_BUFF)
            if "b" in ctx:
                rotate_by_trigger(s, ctx["p"], ctx["b"])
            if not n:
                break
    health = s.health[t] - n
    if health < 0:
        health = 0
    s.health[t] = health
    s.event("damage", (t, n, by, src, health), R_ATTACK)
    if n and "damaged" in (s._kinds if s._kinds is not None else listening(s)):
        fire(s, "damaged", {"hero": t, "amount": n, "by": by})
    if health <= 0:
        defeat(s, t)
    return n


def heal(s: LsState, t: int, amount: int, src: str | None, rule: str = R_HERO) -> None:
    """``t``'s hero gains health, never above 35 (Hero Cards)."""
    if not s.alive[t] or amount <= 0:
        return
    before = s.health[t]
    s.health[t] = min(MAX_HEALTH, before + amount)
    if s.health[t] != before:
        s.event("heal", (t, s.health[t] - before, s.health[t], src), rule)


# --- cards moving --------------------------------------------------------------------------


def draw(s: LsState, p: int, rule: str) -> bool:
    """``p`` draws the top card of its deck (nothing when the deck is empty)."""
    deck = s.deck[p]
    if not deck:
        return False
    # (rows are shared by clones: replaced, never changed in place; LsState.clone)
    c = deck[-1]
    s.deck[p] = deck[:-1]
    s.hand[p] = sorted([*s.hand[p], c])
    s.event("draw", (p, s.cat.cards[c].id, len(deck) - 1), rule, None, True)  # shown to p
    return True


def to_discard(s: LsState, p: int, c: int, why: str, rule: str) -> None:
    """A card to the top of ``p``'s discard pile. One from the hand at random or from the
    top of the deck is seen by everyone for the first time: the event ``reveals`` it."""
    s.disc[p] = [*s.disc[p], c]
    s.event("discard", (p, s.cat.cards[c].id, why), rule, None,
             why == "random" or why == "deck")


def shuffle(s: LsState, p: int, why: str, rule: str) -> None:
    """Shuffle ``p``'s deck (a new row: clones share the old one)."""
    deck = s.deck[p][:]
    s.chance.shuffle(deck)
    s.deck[p] = deck
    s.event("shuffle", (p, len(s.deck[p]), why), rule)


def place_buff(s: LsState, p: int, c: int) -> None:
    """A buff enters play at the right end of ``p``'s buff row, upright (ACTION CARD -
    BUFF: "placed on the table when played, in the order they were played from left to
    right")."""
    s.uid += 1
    s.buffs[p] = [*s.buffs[p], (s.uid, c, 0)]
    buff_changed(s, s.cat.cards[c])
    s.event("buff", (p, s.cat.cards[c].id, len(s.buffs[p])), R_BUFF)


def corner_word(card: Card, turns: int) -> str | int:
    """A buff's active corner for people and views: a number, ``x``, ``empty`` or
    ``upright`` (back where it started: expired)."""
    if turns >= 4:
        return "upright"
    v = card.corners[turns]
    return "x" if v == X_CORNER else "empty" if v == EMPTY_CORNER else v


def rotate(s: LsState, p: int, i: int, rule: str) -> bool:
    """Turn buff ``i`` of ``p`` 90 degrees anticlockwise; True if it has now expired (its
    active corner is empty, or it is upright again)."""
    uid, c, turns = s.buffs[p][i]
    card = s.cat.cards[c]
    turns += 1
    row = list(s.buffs[p])
    row[i] = (uid, c, turns)
    s.buffs[p] = row
    buff_changed(s, card)  # its parts follow its corner
    s.event("rotate", (p, card.id, i + 1, corner_word(card, turns)), rule)
    return turns >= 4 or card.corners[turns] == EMPTY_CORNER


def expired(card: Card, turns: int) -> bool:
    """Whether a rotating buff in this position has expired."""
    return bool(card.rotation) and (turns >= 4 or card.corners[turns] == EMPTY_CORNER)


def remove_buff(s: LsState, p: int, i: int, why: str, rule: str) -> None:
    """Buff ``i`` of ``p`` leaves play for the top of its discard pile."""
    uid, c, _ = s.buffs[p][i]
    row = list(s.buffs[p])
    del row[i]
    s.buffs[p] = row
    buff_changed(s, s.cat.cards[c])
    if why == "expired":
        s.event("expire", (p, s.cat.cards[c].id, i + 1), rule)
    s.disc[p] = [*s.disc[p], c]
    if why != "expired":
        s.event("discard", (p, s.cat.cards[c].id, why), rule)


def rotate_by_trigger(s: LsState, p: int, uid: int) -> None:
    """An irregular buff whose effect triggered turns once; expired, it is discarded at
    once (ACTION CARD - BUFF: irregular corners "only rotate when their effect is
    triggered")."""
    if not s.alive[p]:
        return
    for i, (u, c, _) in enumerate(s.buffs[p]):
        if u == uid:
            if s.cat.cards[c].rotation != IRREGULAR:
                return
            if rotate(s, p, i, R_BUFF):
                remove_buff(s, p, i, "expired", R_BUFF)
            return


def rotate_circles(s: LsState, p: int) -> None:
    """Buff phase, first step: every circle buff of ``p`` turns."""
    for i, (_, c, _) in enumerate(s.buffs[p]):
        if s.cat.cards[c].rotation == CIRCLE:
            rotate(s, p, i, R_BUFF_PHASE)


def discard_expired(s: LsState, p: int) -> None:
    """Buff phase, second step: expired buffs go to the top of the discard pile, left to
    right."""
    cards = s.cat.cards
    i = 0
    while i < len(s.buffs[p]):
        _, c, turns = s.buffs[p][i]
        card = cards[c]
        if card.rotation and (turns >= 4 or card.corners[turns] == EMPTY_CORNER):  # expired
            remove_buff(s, p, i, "expired", R_BUFF_PHASE)
        else:
            i += 1


# --- triggered abilities ---------------------------------------------------------------------


def sources(s: LsState, kind: str, start_of_turn: bool = False) -> list[Source]:
    """The cards in play listening to ``kind``, in the order their effects resolve: seat by
    seat from the active player, each its hero, items, then buffs left to right; at the
    start of a turn heroes first, then items, then buffs (Phase 1: "heroes, items, or
    buffs (in that order)"). A buff with no effect now (an 'X', an Element the hero
    cannot use) is left out."""
    cat = s.cat
    seats = [q for q in turn_order(s) if s.alive[q]]
    heroes: list[Source] = []
    items: list[Source] = []
    buffs: list[Source] = []
    for q in seats:
        per: list[Source] = []
        hero = cat.heroes[s.heroes[q]]
        # (No trigger has a once-a-turn limit, so a source's key is only its name.)
        trig = hero.listens.get(kind)
        if trig:
            (heroes if start_of_turn else per).append(
                Source(q, q, None, "hero", "hero", "hero", trig))
        for c in s.items[q]:
            card = cat.cards[c]
            trig = card.listens.get(kind)
            if trig:
                (items if start_of_turn else per).append(
                    Source(q, q, None, card.id, card.id, card.id, trig))
        for uid, c, turns in s.buffs[q]:
            card = cat.cards[c]
            trig = card.listens.get(kind)
            if trig and buff_works(s, q, card, turns):
                (buffs if start_of_turn else per).append(
                    Source(q, q, uid, card.id, card.id, card.id, trig))
        if not start_of_turn:
            heroes.extend(per)
    return heroes + items + buffs


def turn_order(s: LsState) -> list[int]:
    """Every seat in turn order, from the active player."""
    i = s.pos[s.active]
    n = s.players
    return [s.order[(i + k) % n] for k in range(n)]


def listening(s: LsState) -> frozenset[str]:
    """The event kinds some hero or card in play (of a player still in the game) has a
    trigger on: an event of another kind sets nothing off."""
    kinds = s._kinds
    if kinds is not None:
        return kinds
    cards = s.cat.cards
    found: set[str] = set()
    for q in range(s.players):
        if not s.alive[q]:
            continue
        found.update(s.cat.heroes[s.heroes[q]].listens)
        for c in s.items[q]:
            found.update(cards[c].listens)
        for _, c, _ in s.buffs[q]:
            found.update(cards[c].listens)
    kinds = s._kinds = frozenset(found)
    return kinds


def fire(s: LsState, kind: str, event: dict[str, Any]) -> None:
    """Something happened that cards may trigger on: the triggered abilities it sets off
    wait in ``s.queue`` until the effect being resolved has finished."""
    kinds = s._kinds
    if kinds is None:
        kinds = listening(s)
    if kind not in kinds:
        return
    cache = s._sources
    key = (kind, s.active)
    if cache is None:
        cache = s._sources = {}
    found_sources = cache.get(key)
    if found_sources is None:
        found_sources = cache[key] = sources(s, kind, kind == "turn_start")
    if not found_sources:
        return
    found = collect(s.V, s, kind, event, found_sources)
    for p in found:
        s.queue.append(_with_corner(s, p))


def _with_corner(s: LsState, p: Pending) -> Pending:
    """A buff's trigger resolves with X = its active corner, and remembers the buff (``b``:
    an irregular buff turns once its effect has resolved)."""
    ctx = dict(p.ctx)
    uid = ctx.get("lane")
    if uid is None:
        ctx["x"] = 0
        return p._replace(ctx=tuple(ctx.items()))
    for u, c, turns in s.buffs[p.controller]:
        if u == uid:
            ctx["x"] = max(0, active_corner(s.cat.cards[c], turns))
            ctx["b"] = uid
            break
    return p._replace(ctx=tuple(ctx.items()))


# --- defeat ------------------------------------------------------------------------------------


def defeat(s: LsState, t: int) -> None:
    """``t``'s hero is at 0 health: it is removed from the game; its enemy gains 1 VP and
    5 health and moves 5 discarded cards back into its deck (ENDING THE GAME); when one
    player remains, it gains 1 VP and the game is over."""
    if not s.alive[t]:
        return
    enemy = enemy_of(s, t)
    s.alive[t] = False
    s.out.append(t)
    changed(s)
    s.event("defeat", (t, enemy), R_END)
    # Its effects still waiting fizzle: it is no longer in the game.
    _drop(s, [f for f in s.stack if f.ctx["p"] == t])
    s.stack[:] = [f for f in s.stack if f.ctx["p"] != t]
    s.queue[:] = [q for q in s.queue if q.controller != t]
    s.rewards = [r for r in s.rewards if r[0] != t]
    s.vp[enemy] += DEFEAT_VP
    s.health[enemy] = min(MAX_HEALTH, s.health[enemy] + DEFEAT_HEALTH)
    returns = min(DEFEAT_RETURN, len(s.disc[enemy]))
    s.event("reward", (enemy, s.vp[enemy], s.health[enemy], returns), R_END)
    living = [q for q in range(s.players) if s.alive[q]]
    if len(living) == 1:
        finish(s, living[0])
        return
    if returns == len(s.disc[enemy]):
        # Five or fewer: there is nothing to choose; all of them go back.
        moved = s.disc[enemy]
        s.disc[enemy] = []
        s.deck[enemy] = [*s.deck[enemy], *moved]
        for c in moved:
            s.event("return", (enemy, s.cat.cards[c].id), R_END)
        if returns:
            shuffle(s, enemy, "return", R_END)
    else:
        s.rewards = [*s.rewards, (enemy, returns)]


def _drop(s: LsState, frames: list[Any]) -> None:
    """Effects that will not resolve (their player is out, or the game is over): a card
    being played still goes to its discard pile."""
    for f in frames[::-1]:  # not reversed(): mypyc 2.4 fails on reversed() of list[Any]
        if "card" in f.ctx:
            to_discard(s, f.ctx["p"], f.ctx["card"], "played", R_ATTACK)


def finish(s: LsState, last: int) -> None:
    """One player remains: it gains 1 VP; most VP wins (ENDING THE GAME)."""
    s.vp[last] += LAST_STANDING_VP
    s.step = OVER
    _drop(s, s.stack)
    s.stack.clear()
    s.queue.clear()
    s.rewards = []
    s.event("game_over", (list(s.vp), list(winners(s)), list(s.out)), R_END)


def winners(s: LsState) -> tuple[int, ...]:
    """Most Victory Points wins; a tie goes to the player who stayed in the game longest
    (the last one standing, then the last defeated: our decision, docs/rules). A player
    who conceded does not win."""
    playing = [p for p in range(s.players) if p not in s.conceded]
    best = max(s.vp[p] for p in playing)
    tied = [p for p in playing if s.vp[p] == best]
    if len(tied) == 1:
        return tuple(tied)

    def survival(p: int) -> int:
        return len(s.out) if s.alive[p] else s.out.index(p)

    top = max(survival(p) for p in tied)
    return tuple(p for p in tied if survival(p) == top)


__all__ = ["target_of", "enemy_of", "access", "active_corner", "buff_works", "statics",
           "replacements", "stat", "changed", "buff_changed", "deal_damage", "heal", "draw",
           "to_discard", "shuffle", "place_buff", "rotate", "expired", "remove_buff",
           "rotate_by_trigger", "rotate_circles", "discard_expired", "sources", "turn_order",
           "fire", "defeat", "finish", "winners", "corner_word"]
