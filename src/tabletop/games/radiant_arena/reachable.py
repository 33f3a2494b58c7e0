"""Whether a scenario's position is one that play can reach, and can be played on.

:func:`check_position` refuses, with the rule it breaks, a position the rules could never
produce: more copies of a card than a seat's decks hold, a card in two places, damage at
or above health, a deity banished or levelled, a hero in the void that was not banished,
a phase inconsistent with the turn, the combat or the effects in progress, and so on.
:func:`check_playable` then runs the position to its first decision, as a game would, and
makes sure the seat to act has a legal action. Every refusal is a ``ScenarioError``.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from tabletop.core.reachable import check_playable as playable
from tabletop.core.reachable import refuse

from .ids import (
    BLOCK,
    CLASH_A,
    CLASH_D,
    COMBAT_END,
    DATA_PHASES,
    DEITY,
    DEPLOY,
    DISCARD,
    END,
    GATHER,
    HAND_LIMIT,
    HAND_SIZE,
    HOME,
    MAIN,
    OVER,
    PREP,
    R_BASIC,
    R_BLOCK,
    R_CLASH,
    R_DAMAGE,
    R_DEPLOY,
    R_DRAW,
    R_FIRST,
    R_MANIFEST,
    R_PARTICIPANTS,
    R_RESOLUTION,
    R_SHOP,
    R_WIN,
    RESOLVE,
    REVEAL,
    REVIVE,
    SHOP,
    VOID,
    ConduitRef,
    other,
    owner,
)

if TYPE_CHECKING:
    from .rules import ArenaState

LABELS = ("A", "B")
COMBAT = frozenset({GATHER, BLOCK, CLASH_A, CLASH_D, REVEAL, RESOLVE, COMBAT_END})
# Phases where effects can be waiting on the stack at a decision: any decision of a turn
# (talents, clash and trigger effects, Mass Resurrect, equip and end-of-turn effects).
STACK_PHASES = frozenset({MAIN, GATHER, BLOCK, CLASH_A, CLASH_D, REVEAL, RESOLVE, COMBAT_END,
                          REVIVE, SHOP, DISCARD, END})
R_DECKS = "Getting Started — Starter Decks"


def _deck(s: ArenaState, seat: int) -> Any:
    return s.deck_list[seat]


def skill_pool(s: ArenaState, seat: int) -> list[str]:
    """The skill cards of ``seat``'s heroes not placed in a hand, discard pile, clash or
    talent being resolved; refuses more copies of a card than the set has."""
    pool = Counter(k for h in range(seat * 4, seat * 4 + 3)
                   for k in s.cat.skill_set(s.unit_card[h]))
    placed = Counter(_placed_skills(s, seat))
    for card, n in placed.items():
        if n > pool[card]:
            have = f"has {pool[card]}" if pool[card] else "has none"
            raise refuse(f"player {LABELS[seat]}", f"{n} copies of skill card {card!r} in "
                         f"play, but the skill sets of its heroes {have}", R_DECKS)
    return sorted((pool - placed).elements())


def _placed_skills(s: ArenaState, seat: int) -> list[str]:
    clashes = s.combat.clashes if s.combat is not None else []
    return [*s.hands[seat], *(k for k in s.discards[seat] if k in s.cat.skills),
            *(k for k in s.void[seat] if k in s.cat.skills),
            *(k for u, k, _ in clashes if owner(u) == seat),
            *(f.ctx["skill"] for f in s.stack if f.ctx.get("skill") and f.ctx["p"] == seat)]


def check_position(s: ArenaState) -> None:
    """Refuse a position play cannot reach (see the module docstring)."""
    _turn(s)
    _units(s)
    _conduits(s)
    _skills(s)
    _items(s)
    _combat(s)
    _stack(s)
    _lasting(s)
    _seen(s)
    if s.phase == DEPLOY:
        _deployment(s)
    if s.phase == OVER:
        _over(s)


def check_playable(s: ArenaState) -> None:
    """Run to the first decision (an automatic step runs on, as in a game); the seat to
    act must have a legal action (the core's check)."""
    from .flow import advance

    s._legal = None
    playable(s, lambda: advance(s))


# --- the parts ---------------------------------------------------------------------------


def _turn(s: ArenaState) -> None:
    if s.phase == DEPLOY:
        if s.turn != 0 or s.active != 0:
            raise refuse("turn", "deployment comes before turn 1, player A first (turn 0, "
                         "active 0)", R_DEPLOY)
        return
    turn = s.turn + 1 if s.phase == PREP else s.turn
    if turn < 1:
        raise refuse("turn", "after deployment turns count from 1", R_FIRST)
    if (turn - 1) % 2 != s.active:
        raise refuse("active", f"turn {turn} is player {LABELS[(turn - 1) % 2]}'s (player A "
                     "takes the odd turns, B the even ones)", R_FIRST)
    if s.phase == DISCARD and len(s.hands[s.active]) <= HAND_LIMIT:
        raise refuse("phase", f"the discard step needs a hand of more than {HAND_LIMIT}",
                     R_DRAW)
    if s.stack and s.phase not in STACK_PHASES:
        raise refuse("stack", f"no effect can be resolving in phase {_phase(s)}", R_BASIC)
    if s.phase not in COMBAT and s.phase != OVER and s.combat is not None:
        raise refuse("combat", f"there is no combat in phase {_phase(s)}", R_PARTICIPANTS)
    if s.phase in COMBAT and s.combat is None:
        raise refuse("combat", f"phase {_phase(s)} is a step of a combat", R_PARTICIPANTS)
    if s.pending and s.phase not in STACK_PHASES:
        raise refuse("pending", f"no trigger can be waiting in phase {_phase(s)}", R_BASIC)


def _phase(s: ArenaState) -> str:
    return repr(DATA_PHASES[s.phase])


def _units(s: ArenaState) -> None:
    pending_ko = {f.ctx["u"] for f in s.stack if f.ctx.get("on") == "would_be_koed"}
    for u in range(8):
        where = f"units.{s.unit_name[u]}"
        zone, p = s.zone[u], owner(u)
        deity = u % 4 == DEITY
        if deity and zone == VOID:
            raise refuse(where, "a deity is never banished", R_MANIFEST)
        if deity and s.lvl[u]:
            raise refuse(where, "a deity has no EXP cost and cannot level up", R_BASIC)
        if zone == VOID and s.banished[p] != u:
            raise refuse(where, f"only the hero player {LABELS[p]} banished (banished[{p}]) "
                         "is in the void", R_MANIFEST)
        if zone < 0 and (s.dmg[u] or s.comm[u]):
            raise refuse(where, "out of play a unit has no damage and is ready (a KO "
                         "removes its damage)", R_DAMAGE)
        if zone == VOID and s.item[u]:
            raise refuse(where, "a banished hero's item goes to the void with it",
                         R_MANIFEST)
        if zone >= 0 and s.dmg[u] >= s.health_of(u) and u not in pending_ko:
            raise refuse(where, f"damage {s.dmg[u]} is at or above its health "
                         f"{s.health_of(u)}: it would have been KO'd", R_DAMAGE)
    for p in (0, 1):
        god = p * 4 + DEITY
        name = s.unit_name[god]
        banished = s.banished[p]
        if banished >= 0 and s.zone[banished] != VOID:
            raise refuse(f"banished[{p}]", f"{s.unit_name[banished]} is banished, so its zone "
                         "is the void", R_MANIFEST)
        if s.zone[god] >= 0 and banished < 0:
            raise refuse(f"units.{name}", "a deity in play has manifested, banishing one of "
                         f"its player's heroes (banished[{p}])", R_MANIFEST)
        if s.zone[god] == HOME and banished >= 0 and s.phase != OVER:
            raise refuse(f"units.{name}", "a manifested deity back at home was KO'd: the "
                         "game is over", R_WIN)
        if all(s.ruined[p]) and s.zone[god] == HOME and banished < 0 and s.phase != OVER:
            due = any(f.program is s.cat.rules["forced-manifest"] and f.ctx["p"] == p
                      for f in s.stack)
            if not due:
                raise refuse(f"conduits[{p}]", "all three conduits are ruined but the deity "
                             "has not manifested (nor is it about to)", R_MANIFEST)


def _conduits(s: ArenaState) -> None:
    health = s.cat.conduit_health
    for p in (0, 1):
        own = sorted(_deck(s, p).conduits)
        if sorted(s.cond[p]) != own:
            raise refuse(f"conduits[{p}]", f"player {LABELS[p]}'s conduits are those of its "
                         f"deity: {', '.join(own)}, one per lane", R_DECKS)
        for x in range(3):
            if not s.ruined[p][x] and s.cdmg[p][x] >= health:
                raise refuse(f"conduits[{p}][{x}]", f"damage {s.cdmg[p][x]} is at or above "
                             f"its health {health}: it would be ruined", R_DAMAGE)


def _skills(s: ArenaState) -> None:
    for p in (0, 1):
        pool = Counter(k for h in range(p * 4, p * 4 + 3)
                       for k in s.cat.skill_set(s.unit_card[h]))
        placed = Counter(_placed_skills(s, p)) + Counter(s.decks[p])
        for card, n in sorted(placed.items()):
            if n > pool[card]:
                have = f"has {pool[card]}" if pool[card] else "has none"
                raise refuse(f"player {LABELS[p]}", f"{n} copies of skill card {card!r}, "
                             f"but the skill sets of its heroes {have}", R_DECKS)
        missing = pool - placed
        if missing:
            cards = ", ".join(sorted(missing.elements())[:5])
            raise refuse(f"player {LABELS[p]}", f"skill cards missing ({cards}...): every "
                         "card is in the deck, the hand, the discard pile, a clash or a "
                         "talent being resolved", R_DECKS)


def _items(s: ArenaState) -> None:
    """Each item of a seat's deck is in one place: its shop, equipped, destroyed (the
    discard pile) or gone to the void with a banished hero."""
    for p in (0, 1):
        own = set(_deck(s, p).items)
        seen: dict[str, str] = {}
        spots = [(i, f"shops[{p}]") for i in s.shops[p]]
        spots += [(i, f"discards[{p}]") for i in s.discards[p] if i in s.cat.items]
        spots += [(i, f"void[{p}]") for i in s.void[p] if i in s.cat.items]
        spots += [(s.item[u], f"units.{s.unit_name[u]}.item") for u in s.units_of(p)
                  if s.item[u]]
        for item, where in spots:
            if item not in own:
                raise refuse(where, f"{item!r} is not an item of player {LABELS[p]}'s deck",
                             R_SHOP)
            if item in seen:
                raise refuse(where, f"{item!r} is also in {seen[item]}: each item is in one "
                             "place", R_SHOP)
            seen[item] = where


def _combat(s: ArenaState) -> None:
    c = s.combat
    if c is None or s.phase not in COMBAT:
        return
    active, other_seat = s.active, other(s.active)
    att = c.attackers
    if len(set(att)) != len(att):
        raise refuse("combat.attackers", "a hero attacks once", R_PARTICIPANTS)
    for u in att:
        if owner(u) != active or s.zone[u] < 0:
            raise refuse("combat.attackers", f"{s.unit_name[u]} is not a hero of the active "
                         "player in play", R_PARTICIPANTS)
    if s.phase in (GATHER, BLOCK, CLASH_A, CLASH_D, REVEAL) and not att:
        raise refuse("combat.attackers", "a combat has an attacker", R_PARTICIPANTS)
    if c.lane < 0:
        raise refuse("combat.lane", "a combat happens in a lane", R_PARTICIPANTS)
    d = c.defender
    if s.phase == GATHER:
        if d is not None or c.clashes or c.blocked or c.target >= 0:
            raise refuse("combat", "while the attack is declared there is no target, block "
                         "or clash yet", R_PARTICIPANTS)
        if any(s.zone[u] != c.lane for u in att):
            raise refuse("combat.attackers", "the attackers are in the combat's lane",
                         R_PARTICIPANTS)
        from .legal import _attack_targets

        if not _attack_targets(s, att[0]):
            raise refuse("combat.attackers", "an attack is declared only with a target (an "
                         "enemy hero or consecrated conduit in its lane)", R_PARTICIPANTS)
        return
    if d is None:
        raise refuse("combat.defender", "after the target is chosen there is a defender",
                     R_PARTICIPANTS)
    if isinstance(d, ConduitRef):
        if c.blocked or s.phase in (CLASH_A, CLASH_D, REVEAL):
            raise refuse("combat.defender", "a conduit defends only unblocked, and there is "
                         "no clash step against it", R_CLASH)
        if s.ruined[other_seat][c.lane] and s.phase in (BLOCK, RESOLVE):
            raise refuse("combat.defender", "a ruined conduit cannot be attacked",
                         R_PARTICIPANTS)
    elif owner(d) != other_seat:
        raise refuse("combat.defender", f"{s.unit_name[d]} is not a unit of the defending "
                     "player", R_PARTICIPANTS)
    for i, (u, _, up) in enumerate(c.clashes):
        where = f"combat.clashes[{i}]"
        if owner(u) != active and u != d:
            raise refuse(where, f"{s.unit_name[u]} is neither an attacker nor the defender",
                         R_CLASH)
        if s.phase == CLASH_A or (s.phase == CLASH_D and (owner(u) != active or up)):
            raise refuse(where, "in this step only the attacker may have clashed, face down",
                         R_CLASH)
        if s.phase in (RESOLVE, COMBAT_END) and not up:
            raise refuse(where, "the clash cards are revealed before resolution", R_CLASH)
        if s.phase == REVEAL and up:
            raise refuse(where, "the clash cards are face down until revealed", R_CLASH)
    if len(c.clashes) > 1 and s.phase == CLASH_D:
        raise refuse("combat.clashes", "one clash for the attacking side", R_CLASH)
    if c.target >= 0 and (c.target not in att or s.phase not in (RESOLVE, COMBAT_END)):
        raise refuse("combat.target", "the defender's damage goes to one of the attackers, "
                     "named at resolution", R_RESOLUTION)
    if c.blocked and isinstance(d, ConduitRef):
        raise refuse("combat.blocked", "the blocker becomes the defender", R_BLOCK)


def _stack(s: ArenaState) -> None:
    """Effects being resolved: each is a card's own program (the position names it by
    address), used by a unit of its controller, at a step of it."""
    rules = {id(p) for p in s.cat.rules.values()}
    for i, f in enumerate(s.stack):
        where = f"stack[{i}]"
        ctx = f.ctx
        u = ctx["u"]
        unit = isinstance(u, int) and u >= 0
        if unit and owner(u) != ctx["p"]:
            raise refuse(where, "an effect is used by a unit of its controller", R_BASIC)
        if id(f.program) in rules and unit:
            raise refuse(where, "a frame of the rules names no unit", R_BASIC)
        if ctx.get("skill") and not f.program.address.startswith(f"skill:{ctx['skill']}:"):
            raise refuse(where, f"{ctx['skill']!r} is the card of its own talent", R_BASIC)
        address = f.program.address
        if address.startswith("skill:") and address.endswith(":clash"):
            card = address.split(":")[1]
            clashes = s.combat.clashes if s.combat is not None else []
            if not any(v == u and k == card for v, k, _ in clashes):
                raise refuse(where, f"{card!r} is not a clash card of its unit in this "
                             "combat", R_CLASH)
        if ctx.get("on") == "would_be_koed" and (not unit or s.zone[u] < 0):
            raise refuse(where, "a KO is replaced only for a unit in play", "FAQ — Do I gain "
                         "any power when I KO the Wrathlord?")
        if f.program is s.cat.rules["order"]:
            pending = ctx.get("pending", ())
            if not pending or any(p.controller != ctx["p"] for p in pending):
                raise refuse(f"{where}.order", "the order frame lists its controller's "
                             "effects still to resolve", "Key Concepts — The Golden Rules")


def _lasting(s: ArenaState) -> None:
    """Effects that last (the modifier store, Cooldowns) and the turn's bookkeeping."""
    fights = s.phase in COMBAT or s.phase == OVER
    for i, m in enumerate(s.store):
        target = m.affects
        if isinstance(target, int) and target >= 0 and s.zone[target] < 0:
            raise refuse(f"modifiers[{i}]", f"{s.unit_name[target]} is out of play: a KO or "
                         "banishment ends the effects on it", R_DAMAGE)
        if m.until == "combat" and not fights:
            raise refuse(f"modifiers[{i}]", "an effect until the end of the combat needs a "
                         "combat", R_RESOLUTION)
        if m.ts > s.clock:
            raise refuse(f"modifiers[{i}].timestamp", f"{m.ts} is after the clock "
                         f"({s.clock})", "docs/cards.md — timestamps")
    for key in sorted(s.used):
        if not _cooldown_key_ok(s, key):
            raise refuse("used", f"{key[:60]!r} is not a Cooldown ability (skill:<seat>:"
                         "<skill>, item:<item>:<talent>, unit:<unit>:<0|1>:<talent>) nor a "
                         "trigger limited to once a turn", "Keywords — Action Keywords")
    for u in range(8):
        if s.home_at_start >> u & 1 and owner(u) != s.active:
            raise refuse("home_at_start", f"{s.unit_name[u]} is not the active player's",
                         "The End Phase — Revive Step")


def _seen(s: ArenaState) -> None:
    """What a seat looked at must be true of the cards where they are."""
    for i, f in enumerate(s.seen):
        if f[0] == "hand":
            if f[3] not in s.hands[f[2]] or f[1] == f[2]:
                raise refuse(f"seen[{i}]", f"{f[3]!r} is not in player {LABELS[f[2]]}'s "
                             "hand", R_DRAW)
        elif f[3] >= len(s.decks[f[2]]) or s.decks[f[2]][f[3]] != f[4]:
            raise refuse(f"seen[{i}]", f"the card at position {f[3]} of player "
                         f"{LABELS[f[2]]}'s deck is not {f[4]!r}", R_DRAW)


def _cooldown_key_ok(s: ArenaState, key: str) -> bool:
    parts = key.split(":")
    cat = s.cat
    if key == "@turn_end":
        return s.phase == END
    if parts[0] == "game":  # once a game (a trigger's, a replacement's): docs/cards.md
        parts = parts[1:]
    if parts and parts[0] in ("trigger", "replace"):
        return len(parts) >= 3
    if parts[0] == "skill" and len(parts) == 3:
        skill = cat.skills.get(parts[2])
        return parts[1] in ("0", "1") and bool(skill and skill.talent and
                                               skill.talent.cooldown)
    if parts[0] == "item" and len(parts) == 3:
        item = cat.items.get(parts[1])
        return bool(item and any(t.id == parts[2] and t.cooldown for t in item.talents))
    if parts[0] == "unit" and len(parts) == 4:
        if parts[1] not in s.names or parts[2] not in ("0", "1"):
            return False
        side = cat.units[s.unit_card[s.names[parts[1]]]].sides[int(parts[2])]
        return any(t.id == parts[3] and t.cooldown for t in side.talents)
    return False


def _deployment(s: ArenaState) -> None:
    """Before turn 1 nothing has happened but the deal and the heroes placed so far."""
    placed = [sum(1 for u in range(p * 4, p * 4 + 3) if s.zone[u] >= 0) for p in (0, 1)]
    k = sum(placed)
    if k >= 6 or placed != [(k + 1) // 2, k // 2]:
        raise refuse("units", "players deploy one hero at a time, A first, until all six "
                     "are placed", R_DEPLOY)
    problems = []
    if any(s.zone[u] == VOID or (u % 4 == DEITY and s.zone[u] >= 0) for u in range(8)):
        problems.append("a deity in play or a hero banished")
    if any(s.dmg) or any(s.lvl) or any(s.comm) or any(s.item) or any(s.void):
        problems.append("damage, a level, a committed hero or an item")
    if s.power != [0, 0] or s.ap or s.buyback != [True, True] or s.banished != [-1, -1]:
        problems.append("power, action points or a Buyback token used")
    if any(any(r) for r in s.ruined) or any(any(d) for d in s.cdmg):
        problems.append("a damaged or ruined conduit")
    if [len(h) for h in s.hands] != [HAND_SIZE, HAND_SIZE] or any(s.discards):
        problems.append(f"a hand of other than {HAND_SIZE} cards or a discard pile")
    if [sorted(x) for x in s.shops] != [sorted(_deck(s, p).items) for p in (0, 1)]:
        problems.append("an item bought")
    if s.store or s.used or s.home_at_start or s.revived or s.stack or s.pending or \
            s.delayed:
        problems.append("effects of a turn")
    if problems:
        raise refuse("phase", f"during deployment there is no {'; no '.join(problems)}",
                     R_DEPLOY)


def _over(s: ArenaState) -> None:
    loser = other(s.winner)
    if s.cause == "deck_out" and s.decks[loser]:
        raise refuse("cause", f"player {LABELS[loser]} lost by drawing from an empty deck, "
                     "but it has cards", R_WIN)
    if s.cause == "deity_ko":
        deity = loser * 4 + DEITY
        if s.zone[deity] != HOME or s.banished[loser] < 0:
            raise refuse("cause", f"player {LABELS[loser]}'s deity was KO'd, so it manifested "
                         "and is at home", R_WIN)
    if s.stack or s.pending:
        raise refuse("stack", "nothing resolves once the game is over", R_WIN)


__all__ = ["check_position", "check_playable", "skill_pool"]
