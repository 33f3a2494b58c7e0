"""How radiant-arena moves: carrying out a decision, then running until the next one.

:func:`apply_action` carries out one legal action; :func:`advance` then runs the
automatic steps (effects on the stack, combat steps, the phases of a turn) until some
seat must decide (``state.ask`` or a decision phase) or the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import LANES, Act
from .events import SEATS
from .rules import (
    ACTION_PHASE,
    ADJACENT,
    AP_PER_TURN,
    BLOCK,
    BUYBACK_COST,
    CLASH_A,
    CLASH_D,
    COMBAT_END,
    CONDUIT,
    DEITY,
    DEPLOY,
    DISCARD,
    DRAW,
    END,
    GATHER,
    HAND_LIMIT,
    HOME,
    KO_POWER,
    MAIN,
    OVER,
    PREP,
    R_ACTION,
    R_BASIC,
    R_BLOCK,
    R_CLASH,
    R_CLASH_CARDS,
    R_DAMAGE,
    R_DEPLOY,
    R_DRAW,
    R_EVOKER,
    R_FAQ_PARTIAL,
    R_FIRST,
    R_GOLDEN,
    R_HEROIC,
    R_MANIFEST,
    R_PARTICIPANTS,
    R_POWER,
    R_PREP,
    R_RESOLUTION,
    R_REVIVE,
    R_SHOP,
    R_SPECIAL,
    R_TALENT,
    R_ULTIMATE,
    R_WIN,
    RESOLVE,
    REVEAL,
    REVIVE,
    RUIN_POWER,
    SHOP,
    VOID,
    A,
    B,
    effect_frame,
    other,
    owner,
)

if TYPE_CHECKING:
    from .rules import ArenaState

COMBAT_PHASES = frozenset({GATHER, BLOCK, CLASH_A, CLASH_D, REVEAL, RESOLVE})


# --- carrying out a decision ------------------------------------------------------------


def apply_action(s: ArenaState, a: Act) -> None:
    """Carry out a legal action, then run to the next decision."""
    verb, args = a.verb, a.args
    if s.ask is not None:
        _answer(s, verb, args)
    elif s.phase == DEPLOY:
        u = s.names[args[0]]
        s.zone[u] = LANES.index(args[1])
        s.to_deploy -= 1
        s._event("deploy", (owner(u), args[0], args[1]), R_DEPLOY)
        if not s.to_deploy:
            s.phase = PREP
    elif verb == "pass":
        _pass(s)
    elif verb in ("attack", "with", "target"):
        _attack_step(s, verb, args[0])
    elif verb in ("block", "no-block"):
        _block(s, args[0] if args else "")
    elif verb in ("clash", "no-clash"):
        _clash(s, args)
    elif verb == "recover":
        u = _spend(s, args[0])
        s.comm[u] = 0
        s._event("recover", (args[0], "action", s.ap), R_BASIC)
    elif verb == "move":
        u = _spend(s, args[0])
        start = s.zone[u]
        s.zone[u] = LANES.index(args[1])
        s._event("move", (args[0], LANES[start], args[1], "action", s.ap), R_BASIC)
    elif verb == "level":
        u = _spend(s, args[0])
        cost = s.side(u).exp or 0
        p = s.active
        s.power[p] -= cost
        s._event("power_pay", (p, cost, s.power[p], "level", args[0]), R_BASIC)
        level_up(s, u, ap=s.ap)
    elif verb == "talent":
        _talent(s, args[0])
    elif verb == "manifest":
        s.ap -= 1
        manifest(s, s.names[args[0]], LANES.index(args[1]), s.names[args[3]], s.ap)
    elif verb == "revive":
        _revive(s, args)
    elif verb == "buy":
        _buy(s, args[0], s.names[args[1]])
    elif verb == "discard":
        _discard_card(s, s.active, args[0], "hand_limit", R_DRAW)
    advance(s)


def _spend(s: ArenaState, name: str) -> int:
    """One action point for a basic action of the hero ``name`` (the action's event says
    how many are left: its ``ap`` field)."""
    s.ap -= 1
    return s.names[name]


def _pass(s: ArenaState) -> None:
    if s.phase == MAIN:
        s._event("pass", (s.active, "action"), R_ACTION)
        s.phase = REVIVE
    elif s.phase == REVIVE:
        s._event("pass", (s.active, "revive"), R_REVIVE)
        s.phase = SHOP
    elif s.phase == SHOP:
        s._event("pass", (s.active, "shop"), R_SHOP)
        s.phase = DRAW


def _answer(s: ArenaState, verb: str, args: tuple[str, ...]) -> None:
    """An answer to the question an effect or a step asked."""
    assert s.ask is not None
    kind, seat, _ = s.ask
    s.ask = None
    if kind == "manifest":
        manifest(s, s.names[args[0]], LANES.index(args[1]), s.names[args[3]])
        return
    if kind == "place":
        u = s.names[args[0]]
        _enter_play(s, u, LANES.index(args[1]))
        s._event("revive", (seat, args[0], args[1], "mass"), R_REVIVE)
        return
    if kind == "assign":
        s.c_target = s.names[args[0]]
        s._event("assign", (seat, args[0]), R_RESOLUTION)
        return
    frame = s.stack[-1]
    ctx = frame[2]
    if verb == "target":
        ctx["answer"] = _target_id(s, seat, args[0], ctx)
    elif verb in ("choose", "discard"):
        ctx["answer"] = args[0]
    elif verb == "lane":
        ctx["answer"] = LANES.index(args[0])
    elif verb == "first":
        ctx["answer"] = s.names[args[0]]
        s._event("order", (seat, args[0]), R_GOLDEN)
    elif verb == "clash":
        ctx["answer"] = args[0]
    elif verb == "no-clash":
        ctx["answer"] = ""


def _target_id(s: ArenaState, seat: int, word: str, ctx: dict[str, Any]) -> int:
    if word == "conduit":
        lane = ctx["lane"] if ctx["u"] < 0 else s.zone[ctx["u"]]
        return CONDUIT + other(ctx["p"]) * 3 + lane
    return s.names[word]


# --- the driver -------------------------------------------------------------------------


def advance(s: ArenaState) -> None:
    """Run automatic steps until a seat must decide or the game ends."""
    while s.phase != OVER and s.ask is None:
        if s.stack:
            _step_effect(s)
            continue
        phase = s.phase
        if phase == PREP:
            _preparation(s)
        elif phase == REVEAL:
            _reveal(s)
        elif phase == RESOLVE:
            _resolve(s)
        elif phase == COMBAT_END:
            _end_combat(s)
        elif phase == REVIVE and not _revive_possible(s):
            s.phase = SHOP
        elif phase == SHOP and not _shop_possible(s):
            s.phase = DRAW
        elif phase == DRAW:
            _draw_step(s)
        elif phase == DISCARD and len(s.hands[s.active]) <= HAND_LIMIT:
            s.phase = END
        elif phase == END:
            _end_turn(s)
        elif phase == BLOCK and not _blockers(s):
            _after_block(s)
        else:
            return  # a decision phase: the seat to act decides
    # The game just ended (every consequence of the last step has happened): announce it
    # once, last. A finished position loaded from a scenario has no events to follow.
    if s.phase == OVER and s.events and s.events[-1].kind != "game_end":
        s._event("game_end", (s.winner, s.cause, s.reason, board(s)), R_WIN)


def finish(s: ArenaState, winner: int, cause: str, reason: str) -> None:
    """End the game (``cause``: deity_ko or deck_out; ``reason`` in words)."""
    if s.phase == OVER:
        return
    s.winner, s.cause, s.reason, s.phase, s.ask = winner, cause, reason, OVER, None
    for _, _, ctx in s.stack:  # a talent's skill card still goes to the discard pile
        skill = ctx.get("skill")
        if skill:
            seat = ctx["p"]
            s.discards[seat].append(skill)
            s._event("discard", (seat, skill, "talent", len(s.hands[seat])), R_TALENT)
    s.stack.clear()


ZONE_WORDS = {HOME: "home", VOID: "void", 0: "left", 1: "center", 2: "right"}


def board(s: ArenaState) -> dict[str, Any]:
    """The board as it stands, for turn_end and game_end (public information only).

    Per seat (lists indexed by seat): power, hand, deck and discard sizes, Buyback token,
    conduits' damage and ruined flags (by lane). Per unit (lists indexed by unit slot:
    seat * 4 + 0..2 for heroes, + 3 for the deity): id (null for a deity still face
    down), zone, damage, committed, levelled, item. Columns rather than one table per unit,
    because a board is made at every turn's end of every playout."""
    units = list(s.unit_card)
    for p in (A, B):
        if s.zone[p * 4 + DEITY] == HOME and s.banished[p] < 0:
            units[p * 4 + DEITY] = None
    return {
        "power": s.power[:], "hand": [len(h) for h in s.hands],
        "deck": [len(d) for d in s.decks], "discard": [len(d) for d in s.discards],
        "buyback": s.buyback[:], "conduit_damage": [s.cdmg[0][:], s.cdmg[1][:]],
        "ruined": [s.ruined[0][:], s.ruined[1][:]],
        "units": units, "zone": [ZONE_WORDS[z] for z in s.zone], "damage": s.dmg[:],
        "committed": [c == 1 for c in s.comm], "levelled": [v == 1 for v in s.lvl],
        "item": [i or None for i in s.item],
    }


# --- the turn ---------------------------------------------------------------------------


def _preparation(s: ArenaState) -> None:
    """The Preparation Phase: action points, Evoker, Regen, start-of-turn effects."""
    s.turn += 1
    p = s.active
    s.used.clear()
    s.revived = False
    s.home_at_start = sum(1 << u for u in s.units_of(p) if s.zone[u] == HOME)
    first = s.turn == 1
    s.ap = AP_PER_TURN - 1 if first else AP_PER_TURN
    s._event("turn_start", (s.turn, p, s.ap), R_FIRST if first else R_PREP)
    evoker = next((u for u in s.units_of(p) if s.in_play(u) and s.keyword(u, "evoker")), -1)
    if evoker >= 0:
        s.power[p] += 1
        s._event("power_gain", (p, 1, s.power[p], "evoker", s.unit_card[evoker]), R_EVOKER)
    for u in s.units_of(p):
        regen = s.side(u).regen
        if s.in_play(u) and regen and s.dmg[u]:
            healed = min(regen, s.dmg[u])
            s.dmg[u] -= healed
            s._event("heal", (s.unit_card[u], healed, s.dmg[u] + healed, s.dmg[u], "regen",
                              s.unit_card[u]), R_HEROIC)
    s.phase = MAIN


def _draw_step(s: ArenaState) -> None:
    p = s.active
    if not draw(s, p, R_DRAW):
        return
    s.phase = DISCARD if len(s.hands[p]) > HAND_LIMIT else END


def draw(s: ArenaState, seat: int, rule: str) -> bool:
    """Draw one card; drawing from an empty deck loses the game at once."""
    if not s.decks[seat]:
        finish(s, other(seat), "deck_out", f"{SEATS[seat]} had to draw from an empty skill "
               "deck")
        return False
    card = s.decks[seat].pop()
    hand = s.hands[seat]
    hand.append(card)
    s._event("draw", (seat, card, len(hand), len(s.decks[seat])), rule, None, True)
    return True


def _end_turn(s: ArenaState) -> None:
    """Draw Step 3-5: unused action points are lost; turn effects end; the turn passes."""
    s.ap = 0
    s.mods = [m for m in s.mods if m[3]]
    s.grants = [g for g in s.grants if g[2]]
    s._event("turn_end", (s.turn, s.active, board(s)), R_DRAW)
    s.active = other(s.active)
    s.phase = PREP


def _discard_card(s: ArenaState, seat: int, skill: str, why: str, rule: str) -> None:
    hand = s.hands[seat]
    hand.remove(skill)
    s.discards[seat].append(skill)
    s._event("discard", (seat, skill, why, len(hand)), rule, None, True)


# --- basic actions and talents ---------------------------------------------------------


def level_up(s: ArenaState, u: int, free: bool = False, ap: int | None = None) -> None:
    """Level Up: flip first, then recover if committed (FAQ). ``ap``: the action points
    left after the level action (None when an effect levels the hero up)."""
    s.lvl[u] = 1
    name = s.unit_card[u]
    s._event("level_up", (name, free, ap), R_BASIC)
    if s.comm[u]:
        s.comm[u] = 0
        s._event("recover", (name, "level_up", None), R_BASIC)


def _talent(s: ArenaState, word: str) -> None:
    name, _, ability = word.partition(":")
    u = s.names[name]
    p = owner(u)
    talent = next(t for n, t in s.talents_of(u) if n == ability)
    skill = ability if ability in s.cat.skills and talent is s.cat.skills[ability].talent else ""
    if skill:
        s.hands[p].remove(skill)
    s.ap -= talent.cost
    s._event("talent", (p, name, ability, skill or None, len(s.hands[p]), talent.cost, s.ap),
             R_TALENT, None, bool(skill))
    if talent.power:
        s.power[p] -= talent.power
        s._event("power_pay", (p, talent.power, s.power[p], "talent", skill or name), R_TALENT)
    if talent.cooldown:
        s.used.add(s.cooldown_key(u, ability))
    s.stack.append(effect_frame(talent.effects, p, u, s.zone[u], talent_source(s, u, ability),
                                skill=skill))


def talent_source(s: ArenaState, u: int, ability: str) -> str:
    """The source key of a talent's frame: which card's effects are resolving."""
    if ability in s.cat.skills:
        return f"skill-talent:{ability}"
    it = s.item[u]
    if it and any(t.id == ability for t in s.cat.items[it].talents):
        return f"item-talent:{it}:{ability}"
    return f"talent:{s.unit_card[u]}:{s.lvl[u]}:{ability}"


def manifest(s: ArenaState, deity: int, lane: int, banish: int, ap: int | None = None) -> None:
    """Manifestation: banish one of your heroes, the deity enters ready and undamaged.
    ``ap``: the action points left after the Manifest action (None when forced)."""
    p = owner(deity)
    s._event("banish", (p, s.unit_card[banish], s.item[banish] or None), R_MANIFEST)
    # Banished "for the rest of the game": nothing of it stays on the board (its damage,
    # its state, its item, the effects on it).
    s.zone[banish], s.dmg[banish], s.comm[banish], s.item[banish] = VOID, 0, 0, ""
    s.mods = [m for m in s.mods if m[0] != banish]
    s.grants = [g for g in s.grants if g[0] != banish]
    s.banished[p] = banish
    _leave_combat(s, banish)
    _enter_play(s, deity, lane)
    name = s.unit_card[deity]
    s._event("manifest", (p, name, LANES[lane], ap), R_MANIFEST, None, True)
    manifest_fx = s.cat.units[name].manifest
    if manifest_fx:
        s.stack.append(effect_frame(manifest_fx, p, deity, lane, f"manifest:{name}"))


def _enter_play(s: ArenaState, u: int, lane: int) -> None:
    s.zone[u], s.dmg[u], s.comm[u] = lane, 0, 0


def _revive_possible(s: ArenaState) -> bool:
    return bool(legal.revive_actions(s))


def _shop_possible(s: ArenaState) -> bool:
    return bool(legal.shop_actions(s))


def _revive(s: ArenaState, args: tuple[str, ...]) -> None:
    p = s.active
    s.revived = True
    if args[0] == "buyback":
        u = s.names[args[1]]
        s.buyback[p] = False
        s.power[p] -= BUYBACK_COST
        s._event("power_pay", (p, BUYBACK_COST, s.power[p], "buyback", args[1]), R_REVIVE)
        _enter_play(s, u, LANES.index(args[2]))
        s._event("revive", (p, args[1], args[2], "buyback"), R_REVIVE)
        return
    lane = LANES.index(args[1])
    s._event("mass_resurrect", (p, args[1]), R_REVIVE)
    # After the ruin effect has resolved, revive everyone not in play when the turn began.
    s.stack.append([MASS_REVIVE, 0, {"p": p, "u": -1, "lane": lane, "src": "mass-revive"}])
    ruin(s, p, lane)


def _buy(s: ArenaState, item: str, u: int) -> None:
    """Shop Step: reveal, pay, equip, destroy the item held before, equip effects."""
    p = s.active
    it = s.cat.items[item]
    s.shops[p].remove(item)
    old = s.item[u]
    s.item[u] = item
    unit = s.unit_card[u]
    s._event("buy", (p, item, it.cost, unit, len(s.shops[p])), R_SHOP, None, True)
    s.power[p] -= it.cost
    s._event("power_pay", (p, it.cost, s.power[p], "buy", item), R_SHOP)
    if old:
        s.discards[p].append(old)
        s._event("item_destroyed", (p, old, unit), R_SHOP)
    if it.equip:
        s.stack.append(effect_frame(it.equip, p, u, s.zone[u], f"equip:{item}"))
    _check_health(s, u)


def _check_health(s: ArenaState, u: int) -> None:
    if s.in_play(u) and s.dmg[u] >= s.health_of(u):
        knock_out(s, u, None)


# --- combat -----------------------------------------------------------------------------


def _attack_step(s: ArenaState, verb: str, word: str) -> None:
    p = s.active
    if verb == "attack":
        u = _spend(s, word)
        s.comm[u] = 1
        s.c_att, s.c_lane = [u], s.zone[u]
        s.c_clash, s.c_blocked, s.c_shunt, s.c_def, s.c_target = [], False, None, -1, -1
        s.phase = GATHER
        s._event("attack", (p, word, LANES[s.c_lane], s.ap), R_PARTICIPANTS)
    elif verb == "with":
        u = s.names[word]
        s.comm[u] = 1
        s.c_att.append(u)
        s._event("join", (p, word), R_PARTICIPANTS)
    else:
        if word == "conduit":
            s.c_def = CONDUIT + other(p) * 3 + s.c_lane
        else:
            s.c_def = s.names[word]
            s.c_lane = s.zone[s.c_def]
        s._event("target", (p, word, LANES[s.c_lane]), R_PARTICIPANTS)
        s.phase = BLOCK


def _blockers(s: ArenaState) -> list[int]:
    """Ready heroes of the defender at the target's location (not the target itself)."""
    d = other(s.active)
    return [u for u in s.units_at(d, s.c_lane) if not s.comm[u] and u != s.c_def]


def _block(s: ArenaState, word: str) -> None:
    seat = other(s.active)
    if word:
        u = s.names[word]
        s.comm[u] = 1
        s.c_def, s.c_blocked = u, True
        s._event("block", (seat, word), R_BLOCK)
    else:
        s._event("no_block", (seat,), R_BLOCK)
    _after_block(s)


def _after_block(s: ArenaState) -> None:
    # Step Two happens only if every participant is a hero: not against a conduit.
    s.phase = CLASH_A if s.c_def < CONDUIT else RESOLVE


def _clash(s: ArenaState, args: tuple[str, ...]) -> None:
    attacker = s.phase == CLASH_A
    seat = s.active if attacker else other(s.active)
    if args:
        skill = args[0]
        u = s.names[args[2]] if len(args) == 3 else (s.c_att[0] if attacker else s.c_def)
        hand = s.hands[seat]
        hand.remove(skill)
        s.c_clash.append((u, skill, False))
        s._event("clash", (seat, s.unit_card[u], skill, len(hand)), R_CLASH)
    else:
        s._event("no_clash", (seat,), R_CLASH)
    s.phase = CLASH_D if attacker else REVEAL


def _reveal(s: ArenaState) -> None:
    """Reveal the clash cards together; the attacker's effects resolve, then the defender's."""
    frames = []
    for u, skill, _ in s.c_clash:
        card = s.cat.skills[skill]
        s._event("reveal", (owner(u), s.unit_card[u], skill, card.attack, card.armor), R_CLASH,
                 None, True)
        frames.append(_clash_frame(s, u, skill))
    s.c_clash = [(u, k, True) for u, k, _ in s.c_clash]
    # The stack runs last-in first: push the defender's first so the attacker's go first.
    for frame in reversed(frames):
        if frame is not None:
            s.stack.append(frame)
    s.phase = RESOLVE


def clash_frame(s: ArenaState, u: int, skill: str) -> list[Any] | None:
    """The frame of a clash card's effects (None: it has none, or an Ultimate of a mortal
    hero who is not levelled up)."""
    return _clash_frame(s, u, skill)


def _clash_frame(s: ArenaState, u: int, skill: str) -> list[Any] | None:
    card = s.cat.skills[skill]
    if not card.clash:
        return None
    if card.ultimate and not s.mighty(u):
        s._event("ultimate_fizzles", (s.unit_card[u], skill), R_ULTIMATE)
        return None
    return effect_frame(card.clash, owner(u), u, s.zone[u], f"clash:{skill}")


def clash_values(s: ArenaState, u: int) -> tuple[int, int]:
    """The combat values of every card ``u`` clashed in this combat."""
    atk = arm = 0
    for v, skill, _ in s.c_clash:
        if v == u:
            atk += s.cat.skills[skill].attack
            arm += s.cat.skills[skill].armor
    return atk, arm


def combat_attack(s: ArenaState, u: int) -> int:
    """Attack in Step Three: a committed defending hero starts from 0 (then combat values).

    Bonuses made by this combat's clash effects (Battle Frenzy: "this card gets +1 attack",
    FAQ) are added after, like combat values; printed, item and turn bonuses are not."""
    atk, _ = clash_values(s, u)
    if u == s.c_def and s.comm[u]:
        return atk + sum(a for v, a, _, combat in s.mods if v == u and combat)
    return s.attack_of(u) + atk


def combat_armor(s: ArenaState, u: int) -> int:
    """Armor in Step Three: armor with bonuses and combat values."""
    return s.armor_of(u) + clash_values(s, u)[1]


def _resolve(s: ArenaState) -> None:
    """Step Three: Resolution — combined attack, simultaneous damage."""
    attackers = [u for u in s.c_att if s.in_play(u) and s.zone[u] == s.zone[s.c_att[0]]]
    d = s.c_def
    defender_here = d >= CONDUIT or s.in_play(d)
    if d >= CONDUIT:
        seat, lane = divmod(d - CONDUIT, 3)
        back = 0 if s.ruined[seat][lane] else s.cat.conduit_attack
    else:
        back = combat_attack(s, d) if defender_here else 0
    # Vanguard: while it attacks, the other attackers cannot take damage, so the
    # defender's damage goes to a Vanguard hero (docs/rules/radiant-arena.md, rule 10).
    takers = [u for u in attackers if s.keyword(u, "vanguard")] or attackers
    if back > 0 and len(takers) > 1 and s.c_target not in takers:
        s.ask = ("assign", other(s.active), tuple(takers))
        return
    victim = s.c_target if s.c_target in takers else (takers[0] if takers else -1)
    parts = [combat_attack(s, u) for u in attackers]
    piercing = sum(a for u, a in zip(attackers, parts, strict=True) if s.keyword(u, "piercing"))
    total = sum(parts)
    stun = bool(attackers) and all(s.keyword(u, "stun") for u in attackers)
    names = [s.unit_card[u] for u in attackers]
    # A conduit that defends is named "conduit": its consecrated card is face down.
    defender = "conduit" if d >= CONDUIT else s.unit_card[d]
    s._event("resolution", (names, defender, total, back, piercing, stun), R_RESOLUTION)
    dealt = taken = 0
    if defender_here and total > 0:
        dealt = _combat_hit(s, d, piercing, total - piercing, stun, names[0])
    if victim >= 0 and back > 0:
        hero = d < CONDUIT
        pierce = hero and s.keyword(d, "piercing")
        taken = _combat_hit(s, victim, back if pierce else 0, 0 if pierce else back,
                            hero and s.keyword(d, "stun"), defender)
    if s.phase == OVER:  # a deity was KO'd: the game is over (Winning & Losing)
        _end_combat(s)  # clash cards to the discard piles; no combat left in the views
        s.phase = OVER
        return
    # "As long as one point is dealt, all attacking heroes are considered to have dealt damage."
    if taken > 0 and d < CONDUIT:
        _combat_damage_trigger(s, d)
    if dealt > 0:
        own = [u for u in attackers if s.in_play(u) and s.side(u).on_combat_damage]
        if len(own) > 1:
            # Golden Rule 2: the active player orders their own simultaneous effects.
            s.stack.append([ORDER, 0, {"p": s.active, "u": -1, "lane": s.c_lane,
                                       "src": "order", "units": tuple(own)}])
        else:
            for u in own:
                _combat_damage_trigger(s, u)
    s.phase = COMBAT_END


def _combat_hit(s: ArenaState, target: int, piercing: int, normal: int, stun: bool,
                source: str) -> int:
    """Combat damage: armor reduces only the part that is not Piercing; Lifelink splits it."""
    shares = [(target, piercing, normal)]
    if s.c_shunt is not None and s.c_shunt[0] == target and s.in_play(s.c_shunt[1]):
        moved = (piercing + normal + 1) // 2  # half, rounded up, before armor
        moved_p = min(piercing, moved)
        shares = [(s.c_shunt[1], moved_p, moved - moved_p),
                  (target, piercing - moved_p, normal - (moved - moved_p))]
    dealt = 0
    for unit, p, n in shares:
        if unit >= CONDUIT:  # no armor: Piercing changes nothing (reported if all of it)
            dealt += deal_damage(s, unit, p + n, bool(p) and not n, stun, True, source)
            continue
        if not p or not n:  # all Piercing, or none: deal_damage applies armor itself
            dealt += deal_damage(s, unit, p or n, bool(p), stun, True, source)
        else:
            armor = combat_armor(s, unit) if s.in_play(unit) else 0
            dealt += deal_damage(s, unit, p + max(0, n - armor), True, stun, True, source)
    return dealt


def combat_damage_trigger(s: ArenaState, u: int) -> None:
    """Push a unit's "after this hero deals combat damage" effects."""
    _combat_damage_trigger(s, u)


def _combat_damage_trigger(s: ArenaState, u: int) -> None:
    fx = s.side(u).on_combat_damage
    if fx and s.in_play(u):
        s.stack.append(effect_frame(fx, owner(u), u, s.zone[u],
                                    f"combat-damage:{s.unit_card[u]}:{s.lvl[u]}"))


def _end_combat(s: ArenaState) -> None:
    """Combat ends: bonuses are lost, clash cards go to their owners' discard piles."""
    s._event("combat_end", (LANES[s.c_lane] if s.c_lane >= 0 else None,), R_RESOLUTION)
    for u, skill, _ in s.c_clash:
        seat = owner(u)
        s.discards[seat].append(skill)
        s._event("discard", (seat, skill, "clash", len(s.hands[seat])), R_RESOLUTION)
    s.mods = [m for m in s.mods if not m[3]]
    s.grants = [g for g in s.grants if not g[2]]
    s.c_att, s.c_clash, s.c_def, s.c_target, s.c_shunt = [], [], -1, -1, None
    s.c_blocked, s.c_lane = False, -1
    s.phase = MAIN


def _leave_combat(s: ArenaState, u: int) -> None:
    if u in s.c_att:
        s.c_att.remove(u)


def in_combat(s: ArenaState) -> bool:
    """Whether a combat is under way."""
    return s.phase in COMBAT_PHASES or bool(s.c_att)


# --- damage, KOs and ruin ---------------------------------------------------------------


def deal_damage(s: ArenaState, target: int, amount: int, piercing: bool, stun: bool,
                combat: bool = False, source: str | None = None) -> int:
    """Damage after armor (Piercing ignores it; Stun cannot KO). Returns damage dealt.

    ``source`` names what deals it (a unit or card id, "conduit"), for the events."""
    if target >= CONDUIT:
        seat, lane = divmod(target - CONDUIT, 3)
        if s.ruined[seat][lane] or amount <= 0:
            return 0
        before = s.cdmg[seat][lane]
        s.cdmg[seat][lane] = after = before + amount
        health = s.cat.conduit_health
        s._event("conduit_damage", (seat, LANES[lane], amount, before, after, health, piercing,
                                    stun, combat, source), R_RESOLUTION if combat else R_DAMAGE)
        if after >= health:
            ruin(s, seat, lane)
        return amount
    if not s.in_play(target):
        return 0
    name = s.unit_card[target]
    for v in s.c_att:
        if v != target and owner(v) == owner(target) and s.keyword(v, "vanguard"):
            s._event("damage_prevented", (name, s.unit_card[v]), R_HEROIC)
            return 0
    before = s.dmg[target]
    health = s.health_of(target)
    hit = amount if piercing else max(0, amount - s.armor_of(target) - (
        clash_values(s, target)[1] if combat else 0))
    if hit <= 0:
        s._event("damage", (name, 0, before, before, health, piercing, stun, combat, source),
                 R_DAMAGE)
        return 0
    if stun and before + hit >= health:
        hit = max(0, health - 1 - before)
        s.dmg[target] = max(before, health - 1)
        s._event("damage", (name, hit, before, s.dmg[target], health, piercing, True, combat,
                            source), R_SPECIAL)
        return hit
    s.dmg[target] = after = before + hit
    s._event("damage", (name, hit, before, after, health, piercing, stun, combat, source),
             R_DAMAGE)
    if after >= health:
        knock_out(s, target, source)
    return hit


def knock_out(s: ArenaState, u: int, source: str | None) -> None:
    """KO: to its home, damage removed, items and level kept; the enemy gains 2 power."""
    p = owner(u)
    name = s.unit_card[u]
    script = s.cat.units[name].on_would_be_ko
    if script and any(not r for r in s.ruined[p]):
        s.stack.append([(("script", {"name": script}),), 0,
                        {"p": p, "u": u, "lane": s.zone[u], "src": f"would-be-ko:{name}"}])
        return
    lane = LANES[s.zone[u]]
    s.zone[u], s.dmg[u], s.comm[u] = HOME, 0, 0
    s.mods = [m for m in s.mods if m[0] != u]
    s.grants = [g for g in s.grants if g[0] != u]
    _leave_combat(s, u)
    s._event("ko", (name, lane, source), R_DAMAGE)
    if u % 4 == DEITY:
        finish(s, other(p), "deity_ko", f"{s.cat.units[name].name}, the deity of {SEATS[p]}, "
               "was KO'd")
        return
    o = other(p)
    s.power[o] += KO_POWER
    s._event("power_gain", (o, KO_POWER, s.power[o], "ko", name), R_POWER)


def ruin(s: ArenaState, seat: int, lane: int) -> None:
    """A conduit is ruined: flip it, its owner resolves its ruin effect."""
    s.ruined[seat][lane] = True
    cid = s.cond[seat][lane]
    conduit = s.cat.conduits[cid]
    s._event("ruin", (seat, LANES[lane], cid), R_DAMAGE, None, True)
    if s.phase in ACTION_PHASE:
        o = other(seat)
        s.power[o] += RUIN_POWER
        s._event("power_gain", (o, RUIN_POWER, s.power[o], "ruin", cid), R_POWER)
    deity = seat * 4 + DEITY
    if all(s.ruined[seat]) and s.zone[deity] == HOME and s.phase != OVER:
        # The third conduit: the deity must manifest (after the ruin effect resolves).
        s.stack.append([FORCED_MANIFEST, 0, {"p": seat, "u": -1, "lane": lane,
                                             "src": "forced-manifest"}])
    if conduit.ruin:
        s.stack.append(effect_frame(conduit.ruin, seat, -1, lane, f"ruin:{cid}"))


# --- effects ----------------------------------------------------------------------------

# The frames the rules push themselves (not a card's effects).
MASS_REVIVE: tuple[Any, ...] = (("_mass_revive", {}),)
FORCED_MANIFEST: tuple[Any, ...] = (("_manifest", {}),)
ORDER: tuple[Any, ...] = (("_order", {}),)


def source_card(ctx: dict[str, Any]) -> str | None:
    """The card (or unit) whose effect a frame resolves, from its source key."""
    parts = ctx["src"].split(":")
    return parts[1] if len(parts) > 1 else None


def _step_effect(s: ArenaState) -> None:
    frame = s.stack[-1]
    effects, idx, ctx = frame
    if idx >= len(effects):
        s.stack.pop()
        skill = ctx.get("skill")
        if skill:  # a talent's skill card, once resolved
            seat = ctx["p"]
            s.discards[seat].append(skill)
            s._event("discard", (seat, skill, "talent", len(s.hands[seat])), R_TALENT)
        return
    op, fields = effects[idx]
    result = effects_.run_op(s, op, fields, ctx)
    if result is None:
        s._event("effect_stops", (source_card(ctx), idx + 1, op), R_FAQ_PARTIAL)
        frame[1] = len(effects)
    elif result:
        frame[1] = idx + 1
        ctx.pop("answer", None)
        ctx.pop("n", None)


def draw_cards(s: ArenaState, seat: int, amount: int) -> bool:
    """Draw several cards (stops if the game ends)."""
    return all(draw(s, seat, R_TALENT) for _ in range(amount))


def discard_one(s: ArenaState, seat: int, skill: str) -> None:
    """A discard asked for by an effect."""
    _discard_card(s, seat, skill, "effect", R_CLASH_CARDS)


def enter_play(s: ArenaState, u: int, lane: int) -> None:
    """Put a unit into play, ready and undamaged."""
    _enter_play(s, u, lane)


def adjacent(lane: int) -> tuple[int, ...]:
    """The lanes next to a lane."""
    return ADJACENT[lane]


__all__ = ["apply_action", "advance", "deal_damage", "knock_out", "ruin", "finish",
           "level_up", "manifest", "draw", "in_combat", "combat_attack", "combat_armor",
           "clash_values", "BUYBACK_COST", "board", "source_card", "talent_source"]

# Imported last: these modules import this one.
from . import effects as effects_  # noqa: E402
from . import legal  # noqa: E402
