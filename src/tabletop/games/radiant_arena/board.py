"""What happens to the board: damage, healing, KOs, ruin, drawing, entering and leaving
play, levelling up, manifestation, the end of the game; and the glue to the rules kernel
(effect frames, trigger events, replacement effects).

Key Concepts — Damage and KOs, Special Damage Types, Power, Manifestation; Winning &
Losing. Each function changes the state and records an event for every change.
Replacement effects (docs/rules/radiant-arena.md, "Replacement effects") apply at the
"would" points: damage (prevention and redirection before armor, then armor, then Stun's
cap), a KO, a draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tabletop.cards import (
    Frame,
    Pending,
    Program,
    Replacement,
    Source,
    candidates,
    collect_delayed,
    value,
)
from tabletop.cards import collect as collect_triggers
from tabletop.cards import modifiers as mods
from tabletop.cards.replace import applicable, spend

from .events import SEATS
from .ids import (
    ACTION_PHASE,
    CONDUITS,
    DEITY,
    HOME,
    ITEMS,
    KO_POWER,
    LANES,
    OVER,
    R_DAMAGE,
    R_DRAW,
    R_HEROIC,
    R_MANIFEST,
    R_POWER,
    R_RESOLUTION,
    R_SPECIAL,
    R_TALENT,
    R_WIN,
    RUIN_POWER,
    VOID,
    ConduitRef,
    ItemRef,
    other,
    owner,
)

if TYPE_CHECKING:
    from .rules import ArenaState


# --- frames and triggers ---------------------------------------------------------------

# The context key of a frame that is an instead replacement's effects: the addresses of
# the replacements it (and the frames that made it) stands for. Comprehensive rules of the
# big card games (a replacement applies once to one event, never to what it makes) and
# docs/rules/radiant-arena.md, "Replacement effects".
REPLACING = "replacing"


def instead(s: ArenaState, r: Replacement, ctx: dict[str, Any], **more: Any) -> Frame:
    """Push the instead effects of ``r`` (their frame carries the chain of replacements
    it stands for, so none of them replaces what these effects do)."""
    assert r.program is not None
    return push(s, r.program, ctx["p"], ctx["u"], ctx["lane"], ctx["src"],
                **{REPLACING: (*s.replacing, r.program.address)}, **more)


def _standing(s: ArenaState, r: Replacement) -> bool:
    """Whether ``r`` applies: not when the running frame is its own instead effects."""
    return not (s.replacing and r.program is not None and r.program.address in s.replacing)



def push(s: ArenaState, program: Program, seat: int, unit: Any, lane: int, src: str,
         **ctx: Any) -> Frame:
    """Put a new effect frame on the stack (it resolves before those below). Context:
    ``p`` the controller, ``u`` the unit using it ("this hero", -1 for none), ``lane``
    where it happens ("this location" when there is no unit), ``src`` the card."""
    frame = Frame(program, 0, {"p": seat, "u": unit, "lane": lane, "src": src, **ctx})
    s.stack.append(frame)
    return frame


def fire(s: ArenaState, kind: str, event: dict[str, Any]) -> None:
    """Something happened that cards may trigger on (docs/rules/radiant-arena.md,
    "Triggers"): collect the triggered abilities it sets off into ``s.pending``; they
    resolve once the current effect has finished (flow.flush)."""
    if kind in s.cat.listening:
        found = collect_triggers(s.V, s, kind, event, sources(s, kind), s.used)
        if found:
            s.pending += tuple(found)
    if s.delayed:
        fired, s.delayed = collect_delayed(s.V, s, kind, event, s.delayed)
        s.pending += tuple(fired)


def sources(s: ArenaState, kind: str) -> list[Any]:
    """The cards in play whose triggered abilities listen to ``kind``: each unit in play
    (its current side), its item, and each ruined conduit (in seat and lane order)."""
    out = []
    cat = s.cat
    units = cat.units
    for u in range(8):
        z = s.zone[u]
        if z < 0:
            continue
        card = s.unit_card[u]
        # (the abilities read directly: the cards' properties are plain-Python calls)
        held = units[card].sides[s.lvl[u]].abilities
        if kind in held.listens:
            out.append(Source(u // 4, u, z, card, s.unit_name[u], f"unit:{card}:{s.lvl[u]}",
                              held.triggers))
        it = s.item[u]
        if it:
            held = cat.items[it].abilities
            if kind in held.listens:
                out.append(Source(u // 4, u, z, it, it, f"item:{it}", held.triggers))
    for p in (0, 1):
        for lane in range(3):
            if s.ruined[p][lane]:
                c = cat.conduits[s.cond[p][lane]]
                held = c.abilities
                if kind in held.listens:
                    out.append(Source(p, -1, lane, c.id, c.id, f"conduit:{c.id}",
                                      held.triggers))
    return out


def replacements(s: ArenaState, hook: str, obj: Any,
                 event: dict[str, Any]) -> list[tuple[Replacement, dict[str, Any]]]:
    """The replacement effects of ``hook`` that apply to ``obj`` now, in order: printed
    ones of the cards in play (units in slot order with their items, then ruined
    conduits), Vanguard's while its hero attacks, then those made by effects (by
    timestamp)."""
    statics: list[tuple[Replacement, dict[str, Any]]] = []
    cat = s.cat
    if hook in cat.replaced:
        for u in range(8):
            z = s.zone[u]
            if z < 0:
                continue
            ctx = {"p": u // 4, "u": u, "lane": z, "src": s.unit_card[u]}
            statics.extend((r, ctx) for r in s.side(u).replacements)
            it = s.item[u]
            if it:
                statics.extend((r, {**ctx, "src": it}) for r in cat.items[it].replacements)
        for p in (0, 1):
            for lane in range(3):
                if s.ruined[p][lane]:
                    c = cat.conduits[s.cond[p][lane]]
                    statics.extend((r, {"p": p, "u": -1, "lane": lane, "src": c.id})
                                   for r in c.replacements)
    combat = s.combat
    if hook == "would_take_damage" and combat is not None:
        # Keywords — Vanguard: "While a hero with Vanguard is attacking, other heroes
        # controlled by the same player cannot take damage."
        for u in combat.attackers:
            if s.keyword(u, "vanguard"):
                statics.append((cat.vanguard, {"p": u // 4, "u": u, "lane": s.zone[u],
                                               "src": s.unit_name[u]}))
    if not statics and not s.store:
        return []
    return applicable(s.V, s, hook, obj, event, statics, s.store, s.used)


def applied(s: ArenaState, r: Replacement, ctx: dict[str, Any]) -> None:
    """A replacement has just applied: its limit is counted (once a turn, once a game,
    the next time only: docs/cards.md §7)."""
    if r.limit:
        s.store = spend(r, ctx, s.used, s.store)


# --- damage ----------------------------------------------------------------------------


def deal_damage(s: ArenaState, target: Any, amount: int, piercing: bool, stun: bool,
                combat: bool = False, source: str | None = None, by: int = -1) -> int:
    """Deal ``amount`` damage, all of it Piercing or none (see :func:`hit`)."""
    return hit(s, target, amount if piercing else 0, 0 if piercing else amount, stun, combat,
               source, by)


def hit(s: ArenaState, target: Any, pierce: int, normal: int, stun: bool,
        combat: bool = False, source: str | None = None, by: int = -1,
        used: tuple[int, ...] = ()) -> int:
    """Damage to a unit or conduit: ``pierce`` points of Piercing damage and ``normal``
    ones that armor reduces; Stun cannot KO. Returns the damage dealt.

    ``source`` names what deals it (a unit or card id, "conduit"), ``by`` the unit that
    deals it (-1: none) for triggers. Replacement effects apply first (``used``: those
    already applied to this damage, each applies once)."""
    if isinstance(target, ConduitRef):
        return _conduit_damage(s, target, pierce, normal, stun, combat, source)
    if s.zone[target] < 0:
        return 0
    name = s.unit_name[target]
    if s.combat is not None or s.store or "would_take_damage" in s.cat.replaced:
        event = {"unit": target, "amount": pierce + normal, "piercing": bool(pierce),
                 "stun": stun, "combat": combat, "source": by}
        for r, ctx in replacements(s, "would_take_damage", target, event):
            rid = id(r)
            if rid in used or not _standing(s, r):
                continue
            used += (rid,)
            if r.form != "redirect":
                applied(s, r, ctx)
            if r.form == "prevent":
                s.event("damage_prevented", (name, source_word(s, ctx)), R_HEROIC)
                return 0
            if r.form == "reduce":
                cut = max(0, value(s.V, s, r.value, ctx))
                taken = min(normal, cut)
                normal -= taken
                pierce = max(0, pierce - (cut - taken))
            elif r.form == "redirect":
                assert r.to is not None
                to = [t for t in candidates(s.V, s, r.to, ctx) if t != target and (
                    isinstance(t, ConduitRef) or s.zone[t] >= 0)]
                if not to:
                    continue
                applied(s, r, ctx)
                total = pierce + normal
                moved = total if r.value is None else min(total, max(0, value(
                    s.V, s, r.value, ctx)))
                moved_p = min(pierce, moved)
                moved_n = moved - moved_p
                pierce, normal = pierce - moved_p, normal - moved_n
                hit(s, to[0], moved_p, moved_n, stun, combat, source, by, used)
            elif r.form == "instead":
                instead(s, r, ctx, event=event)
                return 0
            if pierce + normal <= 0:
                break
    before: int = s.dmg[target]
    health = s.health_of(target)
    armor = 0
    if normal:
        armor = s.armor_of(target)
        if combat and s.combat is not None:
            armor += s.combat.values(s, target)[1]
    dealt = pierce + max(0, normal - armor)
    flag = bool(pierce)
    if dealt <= 0:
        s.event("damage", (name, 0, before, before, health, flag, stun, combat, source),
                 R_DAMAGE)
        return 0
    if stun and before + dealt >= health:
        # Special Damage Types: Stun damage "cannot cause a KO ... that hero remains in
        # play with 1 health remaining instead".
        dealt = max(0, health - 1 - before)
        s.dmg[target] = max(before, health - 1)
        s.event("damage", (name, dealt, before, s.dmg[target], health, flag, True, combat,
                            source), R_SPECIAL)
        if dealt:
            fire(s, "damage_taken", {"unit": target, "amount": dealt, "combat": combat,
                                     "source": by})
        return dealt
    s.dmg[target] = after = before + dealt
    s.event("damage", (name, dealt, before, after, health, flag, stun, combat, source),
             R_DAMAGE)
    fire(s, "damage_taken", {"unit": target, "amount": dealt, "combat": combat, "source": by})
    if after >= health:
        knock_out(s, target, source, by)
    return dealt


def source_word(s: ArenaState, ctx: dict[str, Any]) -> str:
    """How a replacement's source is named in events: its unit, else its card."""
    u = ctx.get("u", -1)
    return s.unit_name[u] if isinstance(u, int) and u >= 0 else str(ctx.get("src"))


def _conduit_damage(s: ArenaState, c: ConduitRef, pierce: int, normal: int, stun: bool,
                    combat: bool, source: str | None) -> int:
    seat, lane = c
    amount = pierce + normal
    if s.ruined[seat][lane] or amount <= 0:
        return 0
    before = s.cdmg[seat][lane]
    s.cdmg[seat][lane] = after = before + amount
    health = s.cat.conduit_health
    # A conduit has no armor: Piercing changes nothing (reported if all of it is).
    s.event("conduit_damage", (seat, LANES[lane], amount, before, after, health,
                                bool(pierce) and not normal, stun, combat, source),
             R_RESOLUTION if combat else R_DAMAGE)
    fire(s, "damage_taken", {"unit": c, "amount": amount, "combat": combat, "source": -1})
    if after >= health:
        ruin(s, seat, lane)
    return amount


def heal(s: ArenaState, u: int, amount: int, cause: str, source: str | None,
         rule: str = R_TALENT) -> int:
    """Remove up to ``amount`` damage from a unit (the event even when it heals 0)."""
    before = s.dmg[u]
    healed = min(max(0, amount), before)
    s.dmg[u] = before - healed
    s.event("heal", (s.unit_name[u], healed, before, before - healed, cause, source), rule)
    return healed


def knock_out(s: ArenaState, u: int, source: str | None, by: int = -1) -> None:
    """KO: to its home, damage removed, items and level kept; the enemy gains 2 power.
    Replacement effects of "would be KO'd" apply first (the Wrathlord)."""
    p = owner(u)
    event = {"unit": u, "source": by}
    for r, ctx in replacements(s, "would_be_koed", u, event):
        if not _standing(s, r):
            continue
        applied(s, r, ctx)
        if r.form == "prevent":
            s.event("ko_prevented", (s.unit_name[u], LANES[s.zone[u]]), R_DAMAGE)
            return
        if r.form == "instead":
            instead(s, r, ctx, event=event)
            return
    lane = LANES[s.zone[u]]
    fire(s, "ko", {"unit": u, "seat": p, "source": by, "lane": lane})  # before it leaves
    leave_play(s, u, HOME)
    s.event("ko", (s.unit_name[u], lane, source), R_DAMAGE)
    if u % 4 == DEITY:
        finish(s, other(p), "deity_ko", f"{s.cat.units[s.unit_card[u]].name}, the deity of "
               f"{SEATS[p]}, was KO'd")
        return
    o = other(p)
    s.power[o] += KO_POWER
    s.event("power_gain", (o, KO_POWER, s.power[o], "ko", s.unit_name[u]), R_POWER)


def healths(s: ArenaState) -> list[int]:
    """The health of each unit in play (0 for one out of play), to compare after a change."""
    return [s.health_of(u) if s.zone[u] >= 0 else 0 for u in range(8)]


def health_kos(s: ArenaState, before: list[int]) -> bool:
    """Damage and KOs: "When a hero has accumulated a number of damage tokens greater than
    or equal to their health stat, they are instantly KO'd" — also when its health drops to
    its damage (a health bonus ends). ``before``: the healths before the change; only a
    unit whose health dropped is checked, so a KO prevented or replaced is not asked
    again. Whether one was KO'd."""
    kod = False
    for u in range(8):
        if s.dmg[u] and s.zone[u] >= 0 and s.phase != OVER:
            health = s.health_of(u)
            if health < before[u] and s.dmg[u] >= health:
                knock_out(s, u, None)
                kod = True
    return kod


def leave_play(s: ArenaState, u: int, zone: int) -> None:
    """A unit leaves the lanes (KO'd: home; banished: the void): its damage and committed
    state go, the effects on it and those lasting while it is in play end, and it leaves
    the combat."""
    s.zone[u], s.dmg[u], s.comm[u] = zone, 0, 0
    if s.store:
        s.store = mods.forget(mods.forget(s.store, u), ITEMS[u])
    if s.combat is not None:
        s.combat.leave(u)


def enter_play(s: ArenaState, u: int, lane: int) -> None:
    """A unit enters a lane, ready and undamaged. It has now been in play this turn: if it is
    KO'd again, Mass Resurrect cannot bring it back ("Heroes who were KO'd during the
    current turn cannot be revived using Mass Resurrect")."""
    s.zone[u], s.dmg[u], s.comm[u] = lane, 0, 0
    s.home_at_start &= ~(1 << u)


def ruin(s: ArenaState, seat: int, lane: int) -> None:
    """A conduit is ruined: flip it, its owner resolves its ruin effect."""
    s.ruined[seat][lane] = True
    s.cards_in_play()  # its ruined face may have abilities
    cid = s.cond[seat][lane]
    conduit = s.cat.conduits[cid]
    s.event("ruin", (seat, LANES[lane], cid), R_DAMAGE, None, True)
    if s.phase in ACTION_PHASE:
        o = other(seat)
        s.power[o] += RUIN_POWER
        s.event("power_gain", (o, RUIN_POWER, s.power[o], "ruin", cid), R_POWER)
    if s.store:
        s.store = mods.forget(s.store, CONDUITS[seat][lane])
    deity = seat * 4 + DEITY
    if all(s.ruined[seat]) and s.zone[deity] == HOME and s.phase != OVER:
        # The third conduit: the deity must manifest (after the ruin effect resolves).
        push(s, s.cat.rules["forced-manifest"], seat, -1, lane, "forced-manifest")
    if conduit.ruin:
        push(s, conduit.ruin, seat, -1, lane, cid)
    fire(s, "ruin", {"conduit": CONDUITS[seat][lane], "seat": seat, "lane": LANES[lane]})


# --- cards -------------------------------------------------------------------------------


def draw(s: ArenaState, seat: int, rule: str) -> bool:
    """Draw one card; drawing from an empty deck loses the game at once (rule 22).
    Replacement effects of "would draw" apply first."""
    if "would_draw" in s.cat.replaced or s.store:
        for r, ctx in draw_replacements(s, seat):
            if not _standing(s, r):
                continue
            applied(s, r, ctx)
            if r.form == "prevent":
                return True
            if r.form == "instead":
                instead(s, r, ctx)
                return True
    if not s.decks[seat]:
        finish(s, other(seat), "deck_out", f"{SEATS[seat]} had to draw from an empty skill "
               "deck")
        return False
    card = s.decks[seat].pop()
    hand = s.hands[seat]
    hand.append(card)
    s.event("draw", (seat, card, len(hand), len(s.decks[seat])), rule, None, True)
    if s.seen:
        s.seen_draw(seat)
    fire(s, "draw", {"seat": seat})
    return True


def draw_replacements(s: ArenaState, seat: int) -> list[tuple[Replacement, dict[str, Any]]]:
    """"If you would draw": the replacements that apply to ``seat`` drawing (``affects``
    a side: the kernel's replace.applicable), printed ones and those effects made."""
    return replacements(s, "would_draw", seat, {"seat": seat})


def discard_card(s: ArenaState, seat: int, card: str, why: str, rule: str) -> None:
    """A card from ``seat``'s hand to its discard pile."""
    hand = s.hands[seat]
    hand.remove(card)
    s.discards[seat].append(card)
    s.event("discard", (seat, card, why, len(hand), len(s.decks[seat])), rule, None, True)
    if s.seen:
        s.seen_leaves_hand(seat, card)
    fire(s, "discard", {"seat": seat, "card": card})


def finish(s: ArenaState, winner: int, cause: str, reason: str) -> None:
    """End the game (``cause``: deity_ko, deck_out, or a concession's reason; ``reason``
    in words)."""
    if s.phase == OVER:
        return
    s.winner, s.cause, s.reason, s.phase, s.ask = winner, cause, reason, OVER, None
    for frame in s.stack:  # a talent's skill card still goes to the discard pile
        skill = frame.ctx.get("skill")
        if skill:
            seat = frame.ctx["p"]
            s.discards[seat].append(skill)
            s.event("discard", (seat, skill, "talent", len(s.hands[seat]), len(s.decks[seat])),
                     R_TALENT)
    s.stack.clear()
    s.pending = ()


# --- level up and manifestation --------------------------------------------------------


def level_up(s: ArenaState, u: int, free: bool = False, ap: int | None = None) -> None:
    """Level Up: flip first, then recover if committed (FAQ). ``ap``: the action points
    left after the level action (None when an effect levels the hero up)."""
    from .ids import R_BASIC

    s.lvl[u] = 1
    name = s.unit_name[u]
    s.event("level_up", (name, free, ap), R_BASIC)
    if s.comm[u]:
        s.comm[u] = 0
        s.event("recover", (name, "level_up", None), R_BASIC)
    fire(s, "level_up", {"unit": u})


def manifest(s: ArenaState, deity: int, lane: int, banish: int, ap: int | None = None) -> None:
    """Manifestation: banish one of your heroes, the deity enters ready and undamaged.
    ``ap``: the action points left after the Manifest action (None when forced)."""
    p = owner(deity)
    banished(s, banish)
    s.banished[p] = banish
    enter_play(s, deity, lane)
    s.cards_in_play()
    s.name_deities()
    name = s.unit_name[deity]
    s.event("manifest", (p, name, LANES[lane], ap), R_MANIFEST, None, True)
    manifest_fx = s.cat.units[s.unit_card[deity]].manifest
    if manifest_fx:
        push(s, manifest_fx, p, deity, lane, s.unit_card[deity])
    fire(s, "manifest", {"unit": deity, "lane": LANES[lane]})


def banished(s: ArenaState, u: int, by: int | None = None) -> None:
    """A hero goes to the void for the rest of the game, with its item; nothing of it
    stays on the board (damage, state, the effects on it). ``by``: the seat that banishes
    it (an effect's controller; by default its owner, as a manifestation does)."""
    p = owner(u)
    s.event("banish", (p if by is None else by, s.unit_name[u], s.item[u] or None),
            R_MANIFEST)
    leave_play(s, u, VOID)
    if s.item[u]:
        s.to_void(p, s.item[u])
    s.item[u] = ""
    if u % 4 == DEITY:  # Glossary — Deity: "You lose the game ... if your deity is ever
        finish(s, other(p), "deity_ko", f"{s.cat.units[s.unit_card[u]].name}, the deity "
               f"of {SEATS[p]}, was banished")  # ... KO'd or banished."


def destroy_item(s: ArenaState, u: int, rule: str) -> None:
    """The item equipped on ``u`` is destroyed: to its owner's discard pile."""
    p = owner(u)
    old = s.item[u]
    s.item[u] = ""
    s.discards[p].append(old)
    s.event("item_destroyed", (p, old, s.unit_name[u]), rule)
    if s.store:
        s.store = mods.forget(s.store, ITEMS[u])
    if s.zone[u] >= 0 and s.dmg[u] and s.dmg[u] >= s.health_of(u):
        knock_out(s, u, None)  # its health bonus is gone: "instantly KO'd"


ZONE_WORDS = {HOME: "home", VOID: "void", 0: "left", 1: "center", 2: "right"}
# The same by zone + 2 (a board is made at every turn's end of every playout).
_ZONE_WORD: Final = tuple(ZONE_WORDS[z] for z in range(VOID, 3))


def board(s: ArenaState) -> dict[str, Any]:
    """The board as it stands, for turn_end and game_end (public information only).

    Per seat (lists indexed by seat): power, hand, deck and discard sizes, Buyback token,
    conduits' damage and ruined flags (by lane). Per unit (lists indexed by unit slot:
    seat * 4 + 0..2 for heroes, + 3 for the deity): id (null for a deity still face
    down), zone, damage, committed, levelled, item. Columns rather than one table per unit,
    because a board is made at every turn's end of every playout."""
    units: list[str | None] = list(s.unit_name)
    for p in (0, 1):
        if s.zone[p * 4 + DEITY] == HOME and s.banished[p] < 0:
            units[p * 4 + DEITY] = None
    return {
        "power": s.power[:], "hand": [len(h) for h in s.hands],
        "deck": [len(d) for d in s.decks], "discard": [len(d) for d in s.discards],
        "buyback": s.buyback[:], "conduit_damage": [s.cdmg[0][:], s.cdmg[1][:]],
        "ruined": [s.ruined[0][:], s.ruined[1][:]],
        "units": units, "zone": [_ZONE_WORD[z + 2] for z in s.zone], "damage": s.dmg[:],
        "committed": [c == 1 for c in s.comm], "levelled": [v == 1 for v in s.lvl],
        "item": [i or None for i in s.item],
    }


def pending_frame(s: ArenaState, p: Pending) -> Frame:
    """Push the frame of one pending trigger."""
    ctx = p.context()
    frame = Frame(p.program, 0, ctx)
    s.stack.append(frame)
    return frame


__all__ = ["push", "fire", "sources", "replacements", "deal_damage", "hit", "heal",
           "knock_out", "leave_play", "enter_play", "ruin", "draw", "discard_card", "finish",
           "level_up", "manifest", "banished", "destroy_item", "healths", "health_kos",
           "board",
           "pending_frame", "ItemRef", "R_DRAW", "R_WIN"]
