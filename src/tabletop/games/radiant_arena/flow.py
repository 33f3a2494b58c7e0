"""How radiant-arena moves: carrying out a decision, then running until the next one.

:func:`apply_action` carries out one legal action; :func:`advance` then runs the
automatic steps (effects on the stack, triggers waiting, combat steps, the phases of a
turn) until some seat must decide (``state.ask`` or a decision phase) or the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.cards import DONE, Frame, Status, order, run
from tabletop.cards import modifiers as mods
from tabletop.cards.triggers import next_turn

from . import combat, draft
from .actions import Act
from .board import (
    REPLACING,
    board,
    discard_card,
    draw,
    enter_play,
    fire,
    heal,
    health_kos,
    healths,
    knock_out,
    level_up,
    manifest,
    pending_frame,
    push,
    ruin,
)
from .ids import (
    AP_PER_TURN,
    BLOCK,
    BUYBACK_COST,
    COMBAT_END,
    CONDUITS,
    DEPLOY,
    DISCARD,
    DRAFT,
    DRAW,
    END,
    GATHER,
    HAND_LIMIT,
    HOME,
    LANES,
    MAIN,
    OVER,
    PREP,
    R_ACTION,
    R_BASIC,
    R_DEPLOY,
    R_DRAW,
    R_EVOKER,
    R_FAQ_PARTIAL,
    R_FIRST,
    R_HEROIC,
    R_PARTICIPANTS,
    R_PREP,
    R_RESOLUTION,
    R_REVIVE,
    R_SHOP,
    R_TALENT,
    R_WIN,
    RESOLVE,
    REVEAL,
    REVIVE,
    SHOP,
    A,
    other,
    owner,
)
from .legal import (
    item_cost,
    legal_actions,
    level_cost,
    revive_actions,
    shop_buys,
    talent_ap,
    talent_context,
)

if TYPE_CHECKING:
    from .rules import ArenaState

# Costs a talent pays when it is announced (the others are its program's first steps).
ON_ANNOUNCE = ("commit", "self_damage")
# The steps whose legal actions always end with a pass (legal.legal_actions).
_OWN_PASS = (MAIN, REVIVE, SHOP)


# --- carrying out a decision ------------------------------------------------------------


def apply_action(s: ArenaState, a: Act) -> None:
    """Carry out a legal action, then run to the next decision."""
    verb, args = a.verb, a.args
    seat = s.to_act
    # A pass is forced when nothing is legal; the main phase, the Revive Step and the Shop
    # Step always offer a pass of their own, so only other steps and questions are listed
    # again (the checked apply has just listed them: the main phase's are most of a
    # playout's time).
    if verb == "pass" and (s.ask is not None or s.phase not in _OWN_PASS) \
            and s.phase != DRAFT and not legal_actions(s):
        forced_pass(s)
    elif s.phase == DRAFT:
        draft.apply_action(s, a)
    elif s.ask is not None:
        _answer(s, verb, args)
    elif s.phase == DEPLOY:
        u = s.lookup(args[0], seat)
        s.zone[u] = LANES.index(args[1])
        s.to_deploy -= 1
        s.event("deploy", (owner(u), args[0], args[1]), R_DEPLOY)
        if not s.to_deploy:
            s.phase = PREP
    elif verb == "pass":
        _pass(s)
    elif verb == "attack":
        s.ap -= 1
        combat.declare(s, s.lookup(args[0], seat))
    elif verb == "with":
        combat.join(s, s.lookup(args[0], seat))
    elif verb == "target":
        word = args[0]
        assert s.combat is not None
        defender = combat.conduit_target(s) if word == "conduit" else s.lookup(word, seat)
        combat.target(s, word, defender)
    elif verb in ("block", "no-block"):
        combat.block(s, s.lookup(args[0], seat) if args else None)
    elif verb in ("clash", "no-clash"):
        by = s.lookup(args[2], seat) if len(args) == 3 else None
        combat.clash(s, args[0] if args else None, by)
    elif verb == "recover":
        u = _spend(s, args[0], seat)
        s.comm[u] = 0
        s.event("recover", (args[0], "action", s.ap), R_BASIC)
    elif verb == "move":
        u = _spend(s, args[0], seat)
        start = s.zone[u]
        s.zone[u] = LANES.index(args[1])
        s.event("move", (args[0], LANES[start], args[1], "action", s.ap), R_BASIC)
        fire(s, "move", {"unit": u, "start": LANES[start], "lane": args[1]})
    elif verb == "level":
        u = _spend(s, args[0], seat)
        cost = level_cost(s, u) or 0
        p = s.active
        s.power[p] -= cost
        s.event("power_pay", (p, cost, s.power[p], "level", args[0]), R_BASIC)
        level_up(s, u, ap=s.ap)
    elif verb == "talent":
        _talent(s, args[0], seat)
    elif verb == "manifest":
        s.ap -= 1
        manifest(s, s.lookup(args[0], seat), LANES.index(args[1]), s.lookup(args[3], seat),
                 s.ap)
    elif verb == "revive":
        _revive(s, args, seat)
    elif verb == "buy":
        _buy(s, args[0], s.lookup(args[1], seat))
    elif verb == "discard":
        discard_card(s, s.active, args[0], "hand_limit", R_DRAW)
    advance(s)


def forced_pass(s: ArenaState) -> None:
    """The seat to act has nothing legal and passes (docs/rules/radiant-arena.md, "A seat
    with nothing to do"): a question with no option left ends its effect's step (FAQ —
    partial resolution); an attack with no target left and no one to join ends with no
    clash and no damage (Combat — Step One: the target must be "an enemy hero or conduit
    at the same location as the attackers")."""
    seat = s.to_act
    assert seat is not None
    if s.ask is not None:
        kind = s.ask[0]
        s.ask = None
        s.event("no_answer", (seat, kind), R_FAQ_PARTIAL)
        if s.stack:
            frame = s.stack[-1]
            if not frame.done:
                step = frame.program.steps[frame.pc]
                s.event("effect_stops", (frame.ctx.get("src"), _printed_step(frame),
                                         step.op), R_FAQ_PARTIAL)
                frame.pc = len(frame.program.steps)
        return
    if s.phase == GATHER and s.combat is not None:
        c = s.combat
        s.event("no_target", (seat, LANES[c.lane] if c.lane >= 0 else None),
                R_PARTICIPANTS)
        s.phase = COMBAT_END
        return
    raise AssertionError(f"radiant-arena: nothing legal in phase {s.phase}")


def _spend(s: ArenaState, name: str, seat: int | None) -> int:
    """One action point for a basic action of the hero ``name`` (the action's event says
    how many are left: its ``ap`` field)."""
    s.ap -= 1
    return s.lookup(name, seat)


def _pass(s: ArenaState) -> None:
    if s.phase == MAIN:
        s.event("pass", (s.active, "action"), R_ACTION)
        s.phase = REVIVE
    elif s.phase == REVIVE:
        s.event("pass", (s.active, "revive"), R_REVIVE)
        s.phase = SHOP
    elif s.phase == SHOP:
        s.event("pass", (s.active, "shop"), R_SHOP)
        s.phase = DRAW


def _answer(s: ArenaState, verb: str, args: tuple[str, ...]) -> None:
    """An answer to the question an effect or a step asked."""
    assert s.ask is not None
    kind, seat, options = s.ask
    s.ask = None
    if kind == "manifest":
        manifest(s, s.lookup(args[0], seat), LANES.index(args[1]), s.lookup(args[3], seat))
        return
    if kind == "place":
        u = s.lookup(args[0], seat)
        enter_play(s, u, LANES.index(args[1]))
        s.event("revive", (seat, args[0], args[1], "mass"), R_REVIVE)
        fire(s, "revive", {"unit": u, "lane": args[1]})
        return
    if kind == "assign":
        assert s.combat is not None
        s.combat.target = s.lookup(args[0], seat)
        s.event("assign", (seat, args[0]), R_RESOLUTION)
        return
    ctx = s.stack[-1].ctx
    if verb == "target":
        ctx["answer"] = _object(s, seat, args[0], options)
    elif verb == "choose":
        ctx["answer"] = int(args[0]) if kind == "x" else args[0]
    elif verb == "discard":
        ctx["answer"] = args[0]
    elif verb == "lane":
        lane = LANES.index(args[0])
        ctx["answer"] = next(c for c in options if c.lane == lane) if kind == "conduit" \
            else lane
    elif verb == "first":
        ctx["answer"] = args[0]
    elif verb == "clash":
        ctx["answer"] = args[0]
    elif verb == "no-clash":
        ctx["answer"] = ""


def _object(s: ArenaState, seat: int, word: str, options: tuple[Any, ...]) -> Any:
    """The object an answer names among the options asked."""
    if word == "none":
        return DONE
    if word == "conduit":
        return next(o for o in options if o in CONDUITS[0] or o in CONDUITS[1])
    return s.lookup(word, seat)


# --- the driver -------------------------------------------------------------------------


def advance(s: ArenaState) -> None:
    """Run automatic steps until a seat must decide or the game ends."""
    while s.phase != OVER and s.ask is None:
        if s.stack:
            step_effect(s)
            continue
        if s.pending:
            flush(s)
            continue
        phase = s.phase
        if phase == PREP:
            _preparation(s)
        elif phase == REVEAL:
            combat.reveal(s)
        elif phase == RESOLVE:
            depth = len(s.stack)
            combat.resolve(s)
            if s.pending and s.phase != OVER and len(s.stack) > depth and all(
                    f.ctx.get("src") in s.cat.conduits or f.ctx.get("src") == "forced-manifest"
                    for f in s.stack[depth:]):
                # A conduit ruined by combat damage: its ruin effect (Conduits: "effects
                # that are triggered when the conduit is flipped") and the triggers of that
                # combat damage happen at the same time, so Golden Rule 2 orders them: the
                # triggers go on top, the active player's first (rule 14).
                flush(s)
        elif phase == COMBAT_END:
            combat.end(s)
        elif phase == REVIVE and not revive_actions(s):
            s.phase = SHOP
        elif phase == SHOP and not shop_buys(s):
            s.phase = DRAW
        elif phase == DRAW:
            _draw_step(s)
        elif phase == DISCARD and len(s.hands[s.active]) <= HAND_LIMIT:
            s.phase = END
        elif phase == END:
            _end_turn(s)
        elif phase == BLOCK and not combat.blockers(s):
            combat.after_block(s)
        else:
            return  # a decision phase: the seat to act decides
    # The game just ended (every consequence of the last step has happened): announce it
    # once, last. A finished position loaded from a scenario has no events to follow.
    if s.phase == OVER and s.events and s.events[-1].kind != "game_end":
        s.event("game_end", (s.winner, s.cause, s.reason, board(s)), R_WIN)


def concede(s: ArenaState, seat: int, reason: str) -> None:
    """A player concedes, runs out of time or abandons the game: the other player wins
    (Key Concepts — Winning & Losing; docs/rules/radiant-arena.md, "Concessions"). The
    game stops where it stands (``to_act`` is ``None`` once a seat has conceded)."""
    s.event("concede", (seat, reason), R_WIN)
    s.event("game_end", (other(seat), reason, f"Player {s.concession_words()}",
                          None if s.phase == DRAFT else board(s)), R_WIN)


def step_effect(s: ArenaState) -> None:
    """Resolve one step of the effect on top of the stack (tabletop.cards.program)."""
    frame = s.stack[-1]
    if frame.pc == 0 and combat.gate(s, frame):
        return  # a clash effect replaced as it was about to resolve
    # A replacement's instead effects are not replaced by that replacement again ("If you
    # would draw, instead draw two" would never end): the hooks read the running frame's.
    s.replacing = frame.ctx.get(REPLACING, ())
    try:
        status = run(s.V, s, frame)
    finally:
        s.replacing = ()
    if status == Status.FINISHED:
        s.stack.pop()
        skill = frame.ctx.get("skill")
        if skill:  # a talent's skill card, once resolved
            seat = frame.ctx["p"]
            s.discards[seat].append(skill)
            s.event("discard", (seat, skill, "talent", len(s.hands[seat]), len(s.decks[seat])),
                     R_TALENT)
        if s.pending and s.phase != OVER:
            flush(s)  # triggers wait until the effect that set them off has finished
    elif status == Status.STOP:
        step = frame.program.steps[frame.pc]
        s.event("effect_stops", (frame.ctx.get("src"), _printed_step(frame), step.op),
                 R_FAQ_PARTIAL)
        frame.pc = len(frame.program.steps)


def _printed_step(frame: Frame) -> int:
    """The step that failed, counted from 1 among the card's own steps (not its costs,
    X or the rules' bookkeeping)."""
    steps = frame.program.steps
    return sum(1 for st in steps[:frame.pc + 1] if not st.op.startswith("_"))


def flush(s: ArenaState) -> None:
    """Put the triggers waiting on the stack (Golden Rule 2): the active player's resolve
    first; a player with several orders them (``first``)."""
    groups = order(s.pending, s.active, 2)
    s.pending = ()
    for group in groups[::-1]:  # the stack runs last-in first
        if len(group) == 1:
            pending_frame(s, group[0])
        else:
            push(s, s.cat.rules["order"], group[0].controller, -1,
                 s.combat.lane if s.combat is not None else 0, "order", pending=tuple(group))


# --- the turn ---------------------------------------------------------------------------


def _preparation(s: ArenaState) -> None:
    """The Preparation Phase: action points, Evoker, Regen, start-of-turn effects."""
    s.turn += 1
    p = s.active
    next_turn(s.used)  # once a turn again (once a game stays: docs/cards.md §6-7)
    s.revived = False
    s.home_at_start = sum(1 << u for u in range(p * 4, p * 4 + 4) if s.zone[u] == HOME)
    # "Any other effects that ... expire after a player's turn begins"
    if s.store and _expire(s, "next_turn", p):
        return
    first = s.turn == 1
    s.ap = AP_PER_TURN - 1 if first else AP_PER_TURN
    s.event("turn_start", (s.turn, p, s.ap), R_FIRST if first else R_PREP)
    evoker = next((u for u in range(p * 4, p * 4 + 4)
                   if s.zone[u] >= 0 and s.keyword(u, "evoker")), -1)
    if evoker >= 0:
        s.power[p] += 1
        s.event("power_gain", (p, 1, s.power[p], "evoker", s.unit_name[evoker]), R_EVOKER)
    for u in range(p * 4, p * 4 + 4):
        if s.zone[u] >= 0 and s.dmg[u]:
            regen = s.regen(u)
            if regen:
                heal(s, u, regen, "regen", s.unit_name[u], R_HEROIC)
    s.phase = MAIN
    fire(s, "turn_start", {"seat": p})


def _draw_step(s: ArenaState) -> None:
    p = s.active
    if not draw(s, p, R_DRAW):
        return
    s.phase = DISCARD if len(s.hands[p]) > HAND_LIMIT else END


def _end_turn(s: ArenaState) -> None:
    """Draw Step 3-5: unused action points are lost; end-of-turn effects trigger and turn
    effects end; the turn passes."""
    s.ap = 0
    if "@turn_end" not in s.used:
        s.used.add("@turn_end")
        fire(s, "turn_end", {"seat": s.active})
        if s.pending:
            return  # they resolve first; then the turn ends
    if s.store and _expire(s, "turn"):
        return
    s.event("turn_end", (s.turn, s.active, board(s)), R_DRAW)
    s.active = other(s.active)
    s.phase = PREP


def _expire(s: ArenaState, until: str, arg: Any = None) -> bool:
    """End the stored effects of one duration; a health bonus that ends may KO (Damage
    and KOs). Whether that ended the game."""
    kept = mods.expire(s.store, until, arg)
    if len(kept) == len(s.store):
        return False  # nothing ended (the healths are unchanged)
    before = healths(s)
    s.store = kept
    return health_kos(s, before) and s.phase == OVER


# --- basic actions and talents ---------------------------------------------------------


def _talent(s: ArenaState, word: str, seat: int | None) -> None:
    """Announce a talent: the skill card is revealed from hand, its action points and the
    costs paid on the spot are paid, then its program (other costs first) resolves."""
    name, _, ability = word.partition(":")
    u = s.lookup(name, seat)
    p = owner(u)
    talent = next(t for n, t in s.talents_of(u) if n == ability)
    ctx = talent_context(s, u, ability, talent)
    skill = ctx["skill"]
    if skill:
        s.hands[p].remove(skill)
    cost = talent_ap(s, u, talent)
    s.ap -= cost
    s.event("talent", (p, name, ability, skill or None, len(s.hands[p]), cost, s.ap),
             R_TALENT, None, bool(skill))
    power = talent.fixed("power")
    src = skill or (_item_of(s, u, ability) or s.unit_name[u])
    if power:
        s.power[p] -= power
        s.event("power_pay", (p, power, s.power[p], "talent", skill or name), R_TALENT)
    if talent.cooldown:
        s.used.add(s.cooldown_key(u, ability))
    frame_ctx = {"skill": skill} if skill else {}
    frame = push(s, talent.program, p, u, s.zone[u], src, **frame_ctx)
    for key in ON_ANNOUNCE:  # commit this hero, damage to this hero
        amount = talent.fixed(key)
        if amount:
            s.V.costs[key].pay(s, frame.ctx, amount)
    if skill and s.seen:
        s.seen_leaves_hand(p, skill)


def _item_of(s: ArenaState, u: int, ability: str) -> str:
    it = s.item[u]
    if it and any(t.id == ability for t in s.cat.items[it].talents):
        return it
    return ""


def _revive(s: ArenaState, args: tuple[str, ...], seat: int | None) -> None:
    p = s.active
    s.revived = True
    if args[0] == "buyback":
        u = s.lookup(args[1], seat)
        s.buyback[p] = False
        s.power[p] -= BUYBACK_COST
        s.event("power_pay", (p, BUYBACK_COST, s.power[p], "buyback", args[1]), R_REVIVE)
        enter_play(s, u, LANES.index(args[2]))
        s.event("revive", (p, args[1], args[2], "buyback"), R_REVIVE)
        fire(s, "revive", {"unit": u, "lane": args[2]})
        return
    lane = LANES.index(args[1])
    s.event("mass_resurrect", (p, args[1]), R_REVIVE)
    # After the ruin effect has resolved, revive everyone not in play when the turn began.
    push(s, s.cat.rules["mass-revive"], p, -1, lane, "mass-revive")
    ruin(s, p, lane)


def _buy(s: ArenaState, item: str, u: int) -> None:
    """Shop Step: reveal, pay, equip, destroy the item held before, equip effects."""
    p = s.active
    it = s.cat.items[item]
    cost = item_cost(s, item, u)  # as offered: before it is equipped
    s.shops[p].remove(item)
    old = s.item[u]
    s.item[u] = item
    s.cards_in_play()
    unit = s.unit_name[u]
    s.event("buy", (p, item, cost, unit, len(s.shops[p])), R_SHOP, None, True)
    s.power[p] -= cost
    s.event("power_pay", (p, cost, s.power[p], "buy", item), R_SHOP)
    if old:
        s.discards[p].append(old)
        s.event("item_destroyed", (p, old, unit), R_SHOP)
        if s.store:
            s.store = mods.forget(s.store, _item_ref(u))
    if it.equip:
        push(s, it.equip, p, u, s.zone[u], item)
    fire(s, "equip", {"unit": u, "item": item})
    if s.zone[u] >= 0 and s.dmg[u] >= s.health_of(u):
        knock_out(s, u, None)


def _item_ref(u: int) -> Any:
    from .ids import ITEMS

    return ITEMS[u]


__all__ = ["apply_action", "advance", "concede", "step_effect", "flush", "board", "A",
           "BLOCK"]
