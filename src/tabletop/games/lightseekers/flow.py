"""How Lightseekers moves: carrying out a decision, then running until the next one.

:func:`apply_action` carries out one legal action; :func:`advance` then runs what happens
by itself (effects on the stack, triggered abilities waiting, the phases of a turn) until
a seat must decide or the game is over. A turn (TAKING TURNS) is five phases, the buff
phase in three steps:

1. start of turn: timed effects "until the start of your next turn" end; effects "at the
   start of the turn" of heroes, then items, then buffs;
2. buff phase: circle buffs rotate (their lingering effects follow their corner); expired
   buffs go to the top of the discard pile; instant effects of buffs (not Abilities);
3. action phase (decisions): one combo, or up to two actions (a card, or an Ability);
4. draw phase: 1 card after a combo, else 1 per action not performed;
5. end of turn: effects "at the end of the turn"; effects "until the end of the turn"
   end; the empty deck check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.cards import Frame, Status, run
from tabletop.cards import modifiers as mods
from tabletop.core.state import without

from . import board
from .actions import Act
from .ids import (
    ACTION,
    ACTIONS_PER_TURN,
    ATTACK,
    BUFF,
    CHECK,
    DRAW,
    EMPTY_DECK_LOSS,
    END,
    EXPIRE,
    INSTANT,
    ITEM,
    OVER,
    R_ACTION_PHASE,
    R_ATTACK,
    R_BUFF,
    R_BUFF_PHASE,
    R_COMBO,
    R_DRAW,
    R_END,
    R_END_TURN,
    R_ITEM,
    R_START,
    ROTATE,
    START,
)
from .payment import complete

if TYPE_CHECKING:
    from .rules import LsState

MAX_STEPS = 10_000  # effects resolved without a decision: far beyond any real turn


def apply_action(s: LsState, a: Act) -> None:
    """Carry out a legal action, then run to the next decision."""
    verb = a.verb
    if s.rewards:
        _return(s, a.card)
    elif s.paying is not None:
        _pay(s, a.card)
    elif verb == "pass":
        s.passed = True
        s.event("pass", (s.active, s.acts), R_ACTION_PHASE)
    elif verb == "play":
        _play(s, s.cat.index[a.card])
    elif verb == "ability":
        _ability(s, a.card, a.n)
    elif verb == "combo":
        _combo(s, s.cat.index[a.card])
    advance(s)


# --- the action phase ---------------------------------------------------------------------


def _play(s: LsState, c: int) -> None:
    p = s.active
    card = s.cat.cards[c]
    s.hand[p] = without(s.hand[p], c)
    # An action; one requiring an Element marks it used: a basic Element allows one such
    # action a turn (Phase 3: silver frame), a superior one no limit (legal.py).
    s.acts += 1
    s.used |= card.uses
    target = board.target_of(s, p) if card.type == ATTACK else None
    s.event("play", (p, card.id, card.type, card.element, target), R_ACTION_PHASE)
    _resolve(s, p, c, target)


def _resolve(s: LsState, p: int, c: int, target: int | None) -> None:
    """A card played (or a combo paid for) takes effect: an attack or defend resolves
    then is discarded; a buff enters the buff row; an item is equipped."""
    card = s.cat.cards[c]
    kind = card.type
    if kind == BUFF:
        board.place_buff(s, p, c)
        return
    if kind == ITEM:
        s.items[p] = [*s.items[p], c]
        board.changed(s)
        s.event("equip", (p, card.id, card.weight), R_ITEM)
        return
    # An attack or defend: its effects, then to the discard pile (its frame carries the
    # card: advance() discards it once the frame is finished or cannot resolve).
    s.stack.append(Frame(card.effects, 0, {"p": p, "u": p, "lane": None, "src": card.id,
                                           "x": 0, "card": c}))
    if kind == ATTACK and target is not None:
        kinds = s._kinds if s._kinds is not None else board.listening(s)
        if "attack" in kinds:
            board.fire(s, "attack", {"hero": p, "target": target})
        if "attacked" in kinds:
            board.fire(s, "attacked", {"hero": target, "by": p})


def _ability(s: LsState, source: str, n: int) -> None:
    p = s.active
    cat = s.cat
    if source == "hero":
        ability = cat.heroes[s.heroes[p]].ability
        x, uid = 0, None
    else:
        c = cat.index[source]
        ability = cat.cards[c].ability
        x, uid = 0, None
        seen = 0
        if cat.cards[c].type == ITEM:
            for item in s.items[p]:
                if item == c:
                    seen += 1
        else:
            for u, b, turns in s.buffs[p]:
                if b == c:
                    seen += 1
                    if seen == n:
                        x, uid = max(0, board.active_corner(cat.cards[c], turns)), u
                        break
    assert ability is not None
    s.acts += 1  # an action, as a card played (_play)
    s.used |= ability.bit
    s.event("ability", (p, source, ability.element or None), R_ACTION_PHASE)
    for name, amount in ability.costs.items:
        s.V.costs[name].pay(s, {"p": p, "src": source}, amount)
    # An effect's context (ops.py): its controller p, whose hero u is the same seat, the
    # card (or "hero") it comes from and X, a rotating buff's corner.
    ctx = {"p": p, "u": p, "lane": None, "src": source, "x": x}
    if uid is not None:
        ctx["b"] = uid
    s.stack.append(Frame(ability.program, 0, ctx))


def _combo(s: LsState, c: int) -> None:
    p = s.active
    card = s.cat.cards[c]
    s.hand[p] = without(s.hand[p], c)
    s.paying = (c, card.symbols, ())
    s.event("combo", (p, card.id, list(card.symbols)), R_COMBO)


def _pay(s: LsState, card_id: str) -> None:
    assert s.paying is not None
    p = s.active
    cat = s.cat
    c = cat.index[card_id]
    combo, symbols, paid = s.paying
    s.hand[p] = without(s.hand[p], c)
    paid = (*paid, c)
    s.event("pay", (p, card_id, cat.cards[combo].id), R_COMBO)
    if not complete(symbols, [cat.cards[x].slots for x in paid]):
        s.paying = (combo, symbols, paid)
        return
    # Paid: the payment goes back into the deck, which is shuffled; the combo resolves.
    s.paying = None
    s.deck[p] = [*s.deck[p], *paid]
    board.shuffle(s, p, "payment", R_COMBO)
    s.combo = True
    target = board.target_of(s, p) if cat.cards[combo].type == ATTACK else None
    _resolve(s, p, combo, target)


def _return(s: LsState, card_id: str) -> None:
    seat, n = s.rewards[0]
    c = s.cat.index[card_id]
    s.disc[seat] = without(s.disc[seat], c)
    s.deck[seat] = [*s.deck[seat], c]
    s.event("return", (seat, card_id), R_END)
    if n > 1:
        s.rewards = [(seat, n - 1), *s.rewards[1:]]
    else:
        s.rewards = s.rewards[1:]
        board.shuffle(s, seat, "return", R_END)


# --- running ------------------------------------------------------------------------------


_NEXT = Status.NEXT
_WAIT = Status.WAIT


def advance(s: LsState) -> None:
    """Run until a seat must decide or the game is over."""
    v = s.V
    for _ in range(MAX_STEPS):
        stack = s.stack
        if stack:
            frame = stack[-1]
            status = run(v, s, frame)
            if status is _NEXT and frame.pc < len(frame.program.steps):  # not done
                continue
            if status is _WAIT:  # no op of this game asks or pushes frames
                raise AssertionError("a Lightseekers effect waited for a decision")
            stack = s.stack
            if stack and stack[-1] is frame:  # done, or it cannot resolve
                stack.pop()
                ctx = frame.ctx
                if "card" in ctx:  # ACTION CARD - ATTACK & DEFEND: "Discarded after they
                    # have been played"
                    board.to_discard(s, ctx["p"], ctx["card"], "played", R_ATTACK)
                if "b" in ctx:
                    _finished(s, frame)
            continue
        if s.queue:
            waiting = s.queue
            s.queue = []
            for pending in waiting[::-1]:  # the first resolves first
                stack.append(Frame(pending.program, 0, pending.context()))
            continue
        step = s.step
        if s.rewards and step != OVER and _settle_rewards(s):
            return  # the enemy of a defeated hero chooses cards to move back
        if step == OVER:
            return
        if not s.alive[s.active]:
            _next_player(s)
            continue
        if step == ACTION:
            if s.paying is not None or not (s.passed or s.combo
                                            or s.acts >= ACTIONS_PER_TURN):
                return
            s.step = step = DRAW
        STEPS[step](s)
    raise AssertionError("effects ran without end")


def _settle_rewards(s: LsState) -> bool:
    """Whether a reward waits for its player's choice: one whose discard pile holds no
    more cards than are to move back (effects may have taken some since the defeat) moves
    them all without a choice."""
    while s.rewards:
        seat, n = s.rewards[0]
        if len(s.disc[seat]) > n:
            return True
        s.rewards = s.rewards[1:]
        moved = s.disc[seat]
        s.disc[seat] = []
        s.deck[seat] = [*s.deck[seat], *moved]
        for c in moved:
            s.event("return", (seat, s.cat.cards[c].id), R_END)
        if moved:
            board.shuffle(s, seat, "return", R_END)
    return False


def _finished(s: LsState, frame: Frame) -> None:
    """An effect of a buff has resolved: an irregular buff turns."""
    board.rotate_by_trigger(s, frame.ctx["p"], frame.ctx["b"])


# The steps of a turn. Each runs the next one itself while no effect is waiting (the
# driver loop resolves effects between steps), so a turn takes few rounds of the loop.


def _start(s: LsState) -> None:
    p = s.active
    s.turn += 1
    if s.store:
        s.store = tuple(mods.expire(s.store, "next_turn", p))
    s.event("turn", (p, s.turn), R_START)
    if "turn_start" in (s._kinds if s._kinds is not None else board.listening(s)):
        board.fire(s, "turn_start", {"seat": p})
    s.step = ROTATE
    if not s.queue:
        _rotate(s)


def _rotate(s: LsState) -> None:
    if not s.buffs[s.active]:
        # No buff to rotate, to expire or to take effect: the buff phase has nothing to do.
        s.step = ACTION
        return
    board.rotate_circles(s, s.active)
    s.step = EXPIRE
    _expire(s)


def _expire(s: LsState) -> None:
    if s.buffs[s.active]:
        board.discard_expired(s, s.active)
    s.step = INSTANT
    _instant(s)


def _instant(s: LsState) -> None:
    """Instant effects of buffs in play, left to right (not their Abilities)."""
    p = s.active
    s.step = ACTION
    if not s.buffs[p]:
        return
    cat = s.cat
    frames = []
    mask = board.access(s, p)[0]
    for _uid, c, turns in s.buffs[p]:
        card = cat.cards[c]
        if card.effects and board.buff_works(s, p, card, turns, mask):
            x = max(0, board.active_corner(card, turns))
            ctx = {"p": p, "u": p, "lane": None, "src": card.id, "x": x}
            frames.append(Frame(card.effects, 0, ctx))
    s.stack.extend(reversed(frames))


def _draw(s: LsState) -> None:
    p = s.active
    n = 1 if s.combo else ACTIONS_PER_TURN - s.acts
    for _ in range(n):
        board.draw(s, p, R_DRAW)
    s.step = END
    _end(s)


def _end(s: LsState) -> None:
    if "turn_end" in (s._kinds if s._kinds is not None else board.listening(s)):
        board.fire(s, "turn_end", {"seat": s.active})
    s.step = CHECK
    if not s.queue:
        _check(s)


def _check(s: LsState) -> None:
    """End of turn: timed effects of the turn end; the empty deck check (our decision,
    docs/rules/lightseekers.md: the n-th check costs 5 x n health, then the discard pile
    becomes the deck)."""
    p = s.active
    if s.store:
        s.store = tuple(mods.expire(s.store, "turn"))
    if not s.deck[p]:
        s.empties[p] += 1
        loss = EMPTY_DECK_LOSS * s.empties[p]
        s.health[p] = max(0, s.health[p] - loss)
        deck = s.disc[p][:]  # (a new row: clones share the discard pile's)
        s.disc[p] = []
        s.chance.shuffle(deck)
        s.deck[p] = deck
        s.event("empty_deck", (p, loss, s.health[p], s.empties[p], len(s.deck[p])),
                 R_END_TURN)
        if s.health[p] <= 0:
            board.defeat(s, p)
            if s.step == OVER:
                return
    _next_player(s)
    if not s.rewards:
        _start(s)


def _next_player(s: LsState) -> None:
    """The next player in the circle still in the game takes its turn."""
    s.active = board.target_of(s, s.active) if s.alive[s.active] else _after(s)
    s.step = START
    s.acts = 0
    s.used = 0
    s.combo = False
    s.passed = False
    s.paying = None


def _after(s: LsState) -> int:
    i = s.pos[s.active]
    for k in range(1, s.players):
        q = s.order[(i + k) % s.players]
        if s.alive[q]:
            return q
    return s.active


STEPS = {START: _start, ROTATE: _rotate, EXPIRE: _expire, INSTANT: _instant, DRAW: _draw,
         END: _end, CHECK: _check}

__all__ = ["apply_action", "advance", "R_ATTACK", "R_BUFF", "R_BUFF_PHASE"]
