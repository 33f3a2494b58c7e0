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

from tabletop.core import ScenarioError

from .rules import (
    BLOCK,
    CLASH_A,
    CLASH_D,
    COMBAT_END,
    CONDUIT,
    DEITY,
    DEPLOY,
    DISCARD,
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
    other,
    owner,
)

if TYPE_CHECKING:
    from .rules import ArenaState

LABELS = ("A", "B")
COMBAT = frozenset({GATHER, BLOCK, CLASH_A, CLASH_D, REVEAL, RESOLVE, COMBAT_END})
# Phases where effects can be waiting on the stack at a decision (talents in the action
# phase, Maka's attack, clash and combat-damage effects, Mass Resurrect, equip effects).
STACK_PHASES = frozenset({MAIN, BLOCK, RESOLVE, COMBAT_END, REVIVE, SHOP})
# A deck is three heroes with their skill sets, three items, a deity and its conduits.
R_DECKS = "Getting Started — Starter Decks"


def refuse(where: str, what: str, rule: str) -> ScenarioError:
    """A position play cannot reach: where, what is wrong, and the rule (its section)."""
    return ScenarioError(f"{where}: {what} ({rule})")


def _deck(s: ArenaState, seat: int) -> Any:
    return s.cat.decks[s.params["deck_a" if seat == 0 else "deck_b"]]


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
    return [*s.hands[seat], *(k for k in s.discards[seat] if k in s.cat.skills),
            *(k for u, k, _ in s.c_clash if owner(u) == seat),
            *(f[2]["skill"] for f in s.stack if f[2].get("skill") and f[2]["p"] == seat)]


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
    if s.phase == DEPLOY:
        _deployment(s)
    if s.phase == OVER:
        _over(s)


def check_playable(s: ArenaState) -> None:
    """Run to the first decision (an automatic step runs on, as in a game); the seat to
    act must have a legal action."""
    from .flow import advance

    s._legal = None
    try:
        advance(s)
        if s.to_act is not None and not s.legal_actions():
            raise ScenarioError(f"the position leaves player {LABELS[s.to_act]} no legal "
                                "action")
    except ScenarioError:
        raise
    except Exception as e:  # a gap in the checks above: still a clear refusal, no crash
        raise ScenarioError(f"the position cannot be played on ({type(e).__name__} in the "
                            "rules engine): please report it") from None


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
    if s.phase not in COMBAT and s.phase != OVER and _any_combat(s):
        raise refuse("combat", f"there is no combat in phase {_phase(s)}", R_PARTICIPANTS)


def _phase(s: ArenaState) -> str:
    from .positions import DATA_PHASES

    return repr(DATA_PHASES[s.phase])


def _any_combat(s: ArenaState) -> bool:
    return bool(s.c_att or s.c_def >= 0 or s.c_lane >= 0 or s.c_clash or s.c_blocked
                or s.c_target >= 0 or s.c_shunt)


def _units(s: ArenaState) -> None:
    pending_ko = {f[2]["u"] for f in s.stack if f[2]["src"].startswith("would-be-ko:")}
    for u in range(8):
        where = f"units.{s.unit_card[u]}"
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
        deity = p * 4 + DEITY
        name = s.unit_card[deity]
        banished = s.banished[p]
        if banished >= 0 and s.zone[banished] != VOID:
            raise refuse(f"banished[{p}]", f"{s.unit_card[banished]} is banished, so its zone "
                         "is the void", R_MANIFEST)
        if s.zone[deity] >= 0 and banished < 0:
            raise refuse(f"units.{name}", "a deity in play has manifested, banishing one of "
                         f"its player's heroes (banished[{p}])", R_MANIFEST)
        if s.zone[deity] == HOME and banished >= 0 and s.phase != OVER:
            raise refuse(f"units.{name}", "a manifested deity back at home was KO'd: the "
                         "game is over", R_WIN)
        if all(s.ruined[p]) and s.zone[deity] == HOME and banished < 0 and s.phase != OVER:
            due = any(f[2]["src"] == "forced-manifest" and f[2]["p"] == p for f in s.stack)
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
        spots += [(s.item[u], f"units.{s.unit_card[u]}.item") for u in s.units_of(p)
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
    if s.phase not in COMBAT:
        return
    active, other_seat = s.active, other(s.active)
    att = s.c_att
    if len(set(att)) != len(att):
        raise refuse("combat.attackers", "a hero attacks once", R_PARTICIPANTS)
    for u in att:
        if owner(u) != active or s.zone[u] < 0:
            raise refuse("combat.attackers", f"{s.unit_card[u]} is not a hero of the active "
                         "player in play", R_PARTICIPANTS)
    if s.phase in (GATHER, BLOCK, CLASH_A, CLASH_D, REVEAL) and not att:
        raise refuse("combat.attackers", "a combat has an attacker", R_PARTICIPANTS)
    if s.c_lane < 0:
        raise refuse("combat.lane", "a combat happens in a lane", R_PARTICIPANTS)
    d = s.c_def
    if s.phase == GATHER:
        if d >= 0 or s.c_clash or s.c_blocked or s.c_target >= 0 or s.c_shunt:
            raise refuse("combat", "while the attack is declared there is no target, block "
                         "or clash yet", R_PARTICIPANTS)
        if any(s.zone[u] != s.c_lane for u in att):
            raise refuse("combat.attackers", "the attackers are in the combat's lane",
                         R_PARTICIPANTS)
        from .legal import _attack_targets

        if not _attack_targets(s, att[0]):
            raise refuse("combat.attackers", "an attack is declared only with a target (an "
                         "enemy hero or consecrated conduit in its lane)", R_PARTICIPANTS)
        return
    if d < 0:
        raise refuse("combat.defender", "after the target is chosen there is a defender",
                     R_PARTICIPANTS)
    if d >= CONDUIT:
        if s.c_blocked or s.phase in (CLASH_A, CLASH_D, REVEAL):
            raise refuse("combat.defender", "a conduit defends only unblocked, and there is "
                         "no clash step against it", R_CLASH)
        if s.ruined[other_seat][s.c_lane] and s.phase in (BLOCK, RESOLVE):
            raise refuse("combat.defender", "a ruined conduit cannot be attacked",
                         R_PARTICIPANTS)
    elif owner(d) != other_seat:
        raise refuse("combat.defender", f"{s.unit_card[d]} is not a unit of the defending "
                     "player", R_PARTICIPANTS)
    for i, (u, _, up) in enumerate(s.c_clash):
        where = f"combat.clashes[{i}]"
        if owner(u) != active and u != d:
            raise refuse(where, f"{s.unit_card[u]} is neither an attacker nor the defender",
                         R_CLASH)
        if s.phase == CLASH_A or (s.phase == CLASH_D and (owner(u) != active or up)):
            raise refuse(where, "in this step only the attacker may have clashed, face down",
                         R_CLASH)
        if s.phase in (RESOLVE, COMBAT_END) and not up:
            raise refuse(where, "the clash cards are revealed before resolution", R_CLASH)
        if s.phase == REVEAL and up:
            raise refuse(where, "the clash cards are face down until revealed", R_CLASH)
    if len(s.c_clash) > 1 and s.phase == CLASH_D:
        raise refuse("combat.clashes", "one clash for the attacking side", R_CLASH)
    if s.c_target >= 0 and (s.c_target not in att or s.phase not in (RESOLVE, COMBAT_END)):
        raise refuse("combat.target", "the defender's damage goes to one of the attackers, "
                     "named at resolution", R_RESOLUTION)
    if s.c_shunt is not None:
        frm, to = s.c_shunt
        if frm != d or owner(to) != owner(frm) or to == frm or s.phase not in (RESOLVE,
                                                                             COMBAT_END):
            raise refuse("combat.lifelink", "Lifelink sends the defender's damage to another "
                         "friendly hero, from the clash step on", "FAQ — How does Lifelink "
                         "work?")
    if s.c_blocked and d >= CONDUIT:
        raise refuse("combat.blocked", "the blocker becomes the defender", R_BLOCK)


def _stack(s: ArenaState) -> None:
    for i, (effects, step, ctx) in enumerate(s.stack):
        where = f"stack[{i}]"
        src = ctx["src"]
        kind, _, rest = src.partition(":")
        card = rest.split(":")[0] if rest else ""
        p, u = ctx["p"], ctx["u"]
        needs_unit = kind not in ("ruin", "mass-revive", "forced-manifest", "order")
        if needs_unit and (u < 0 or owner(u) != p):
            raise refuse(where, f"the {kind} effect is used by a unit of its controller",
                         R_BASIC)
        if not needs_unit and u >= 0:
            raise refuse(where, f"a {kind} frame names no unit", R_BASIC)
        if kind in ("talent", "combat-damage", "would-be-ko", "manifest") and \
                s.unit_card[u] != card:
            raise refuse(where, f"the unit of a {kind} effect is its card ({card})", R_BASIC)
        if kind == "manifest" and u % 4 != DEITY:
            raise refuse(where, "only a deity manifests", R_MANIFEST)
        if kind == "ruin" and card not in [c for x, c in enumerate(s.cond[p])
                                           if s.ruined[p][x]]:
            raise refuse(where, f"{card!r} is not a ruined conduit of player {LABELS[p]}",
                         R_DAMAGE)
        if kind == "clash" and not any(v == u and k == card for v, k, _ in s.c_clash):
            raise refuse(where, f"{card!r} is not a clash card of {s.unit_card[u]} in this "
                         "combat", R_CLASH)
        if kind in ("equip", "item-talent") and s.item[u] != card:
            raise refuse(where, f"{s.unit_card[u]} does not have {card!r} equipped", R_SHOP)
        if kind == "would-be-ko" and (s.zone[u] < 0 or all(s.ruined[p])):
            raise refuse(where, "the KO is replaced only for a unit in play whose player has "
                         "a consecrated conduit to ruin", "FAQ — Do I gain any power when I "
                         "KO the Wrathlord?")
        op = effects[step][0] if step < len(effects) else ""
        _frame_state(s, where, ctx, op)


def _frame_state(s: ArenaState, where: str, ctx: dict[str, Any], op: str) -> None:
    """The progress of the step a frame is at: only the keys that step keeps."""
    if "n" in ctx and op != "discard":
        raise refuse(f"{where}.discarded", "only a discard step counts cards discarded",
                     R_BASIC)
    if "chosen" in ctx and (op != "boost_choice" or not ctx["chosen"] or
                            any(s.zone[u] < 0 for u in ctx["chosen"])):
        raise refuse(f"{where}.chosen", "only a boost_choice step keeps its chosen heroes, "
                     "in play", R_BASIC)
    if "moving" in ctx and (op != "move" or s.zone[ctx["moving"]] < 0):
        raise refuse(f"{where}.moving", "only a move step keeps the hero it moves, in play",
                     R_BASIC)
    if "units" in ctx:
        units = ctx["units"]
        if op != "_order" or len(set(units)) != len(units) or any(
                owner(u) != ctx["p"] for u in units):
            raise refuse(f"{where}.order", "the order frame keeps the controller's heroes "
                         "whose effects are still to resolve", "Key Concepts — The Golden "
                         "Rules")
    elif op == "_order":
        raise refuse(f"{where}.order", "the order frame lists the heroes still to resolve",
                     "Key Concepts — The Golden Rules")


def _lasting(s: ArenaState) -> None:
    """Effects that last (stat boosts, keywords, Cooldowns) and the turn's bookkeeping."""
    fights = s.phase in COMBAT or s.phase == OVER
    for name, rows in (("mods", [(m[0], m[3]) for m in s.mods]),
                       ("grants", [(g[0], g[2]) for g in s.grants])):
        for i, (u, combat) in enumerate(rows):
            if s.zone[u] < 0:
                raise refuse(f"{name}[{i}]", f"{s.unit_card[u]} is out of play: a KO or "
                             "banishment ends the effects on it", R_DAMAGE)
            if combat and not fights:
                raise refuse(f"{name}[{i}]", "an effect until the end of the combat needs a "
                             "combat", R_RESOLUTION)
    for key in sorted(s.used):
        if not _cooldown_key_ok(s, key):
            raise refuse("used", f"{key[:60]!r} is not a Cooldown ability (skill:<seat>:"
                         "<skill>, item:<item>:<talent>, unit:<unit>:<0|1>:<talent>)",
                         "Keywords — Action Keywords")
    for u in range(8):
        if s.home_at_start >> u & 1 and owner(u) != s.active:
            raise refuse("home_at_start", f"{s.unit_card[u]} is not the active player's",
                         "The End Phase — Revive Step")


def _cooldown_key_ok(s: ArenaState, key: str) -> bool:
    parts = key.split(":")
    cat = s.cat
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
        side = cat.units[parts[1]].sides[int(parts[2])]
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
    if any(s.dmg) or any(s.lvl) or any(s.comm) or any(s.item):
        problems.append("damage, a level, a committed hero or an item")
    if s.power != [0, 0] or s.ap or s.buyback != [True, True] or s.banished != [-1, -1]:
        problems.append("power, action points or a Buyback token used")
    if any(any(r) for r in s.ruined) or any(any(d) for d in s.cdmg):
        problems.append("a damaged or ruined conduit")
    if [len(h) for h in s.hands] != [HAND_SIZE, HAND_SIZE] or any(s.discards):
        problems.append(f"a hand of other than {HAND_SIZE} cards or a discard pile")
    if [sorted(x) for x in s.shops] != [sorted(_deck(s, p).items) for p in (0, 1)]:
        problems.append("an item bought")
    if s.mods or s.grants or s.used or s.home_at_start or s.revived or s.stack:
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
    if s.stack:
        raise refuse("stack", "nothing resolves once the game is over", R_WIN)


__all__ = ["check_position", "check_playable", "skill_pool"]
