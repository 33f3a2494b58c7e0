"""Combat (the rulebook's "Combat"): determining participants, blocking, the clash step and
resolution, as a :class:`Combat` value on the State and the procedures that run it.

Step One (attack, join, target, block), Step Two (clashes face down, revealed together;
the attacker's clash effects, then the defender's), Step Three (a committed defender's
attack is 0 before clash values; combined attack; simultaneous damage; the defender's
damage to one attacker), and the end of combat (bonuses end, clash cards discarded).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from tabletop.cards import SET_ZERO
from tabletop.cards import modifiers as mods

from .board import (
    applied,
    fire,
    health_kos,
    healths,
    hit,
    instead,
    push,
    replacements,
    source_word,
)
from .ids import (
    BLOCK,
    CLASH_A,
    CLASH_D,
    COMBAT_END,
    CONDUITS,
    GATHER,
    LANES,
    MAIN,
    OVER,
    R_BLOCK,
    R_CLASH,
    R_CLASH_CARDS,
    R_PARTICIPANTS,
    R_RESOLUTION,
    R_ULTIMATE,
    RESOLVE,
    REVEAL,
    ConduitRef,
    other,
    owner,
)

if TYPE_CHECKING:
    from tabletop.cards import Frame

    from .rules import ArenaState


class Clash(NamedTuple):
    """A clash card on the table: the hero who clashed it, the card, and whether it is
    face up (revealed, or an additional clash)."""

    unit: int
    card: str
    face_up: bool


# What makes two combats equal: every field.
_FIELDS = ("attackers", "defender", "lane", "clashes", "blocked", "target")


class Combat:
    """A combat under way: its attackers, the defender (a unit, or a conduit), its lane,
    the clash cards, whether the defender blocked, and the attacker named to take the
    defender's damage (-1: not named)."""

    def __init__(self, attackers: list[int], lane: int, defender: Any = None,
                 clashes: list[Clash] | None = None, blocked: bool = False,
                 target: int = -1) -> None:
        self.attackers = attackers
        self.defender = defender
        self.lane = lane
        self.clashes = clashes if clashes is not None else []
        self.blocked = blocked
        self.target = target

    def copy(self) -> Combat:
        """An independent copy."""
        return Combat(self.attackers[:], self.lane, self.defender, self.clashes[:],
                      self.blocked, self.target)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by its constructor (compiled: mypyc's __new__ would want its arguments).
        return (Combat, (self.attackers, self.lane, self.defender, self.clashes,
                         self.blocked, self.target))

    def __eq__(self, other_: object) -> bool:
        return isinstance(other_, Combat) and all(
            getattr(self, k) == getattr(other_, k) for k in _FIELDS)

    __hash__ = None  # type: ignore[assignment]

    def leave(self, u: int) -> None:
        """A participant leaves the combat (KO'd, banished)."""
        if u in self.attackers:
            self.attackers.remove(u)

    def hero_defends(self) -> bool:
        """Whether the defender is a hero (not a conduit, not yet chosen)."""
        return isinstance(self.defender, int)

    def values(self, s: ArenaState, u: int) -> tuple[int, int]:
        """The combat values of every card ``u`` clashed in this combat."""
        atk = arm = 0
        skills = s.cat.skills
        for v, card, _ in self.clashes:
            if v == u:
                atk += skills[card].attack
                arm += skills[card].armor
        return atk, arm


# --- Step One ----------------------------------------------------------------------------


def declare(s: ArenaState, u: int) -> None:
    """The Attack action: commit the hero; the target and joiners follow."""
    s.comm[u] = 1
    s.combat = Combat([u], s.zone[u])
    s.phase = GATHER
    s.event("attack", (s.active, s.unit_name[u], LANES[s.zone[u]], s.ap), R_PARTICIPANTS)


def join(s: ArenaState, u: int) -> None:
    """A hero joins a team attack and is committed."""
    assert s.combat is not None
    s.comm[u] = 1
    s.combat.attackers.append(u)
    s.event("join", (s.active, s.unit_name[u]), R_PARTICIPANTS)


def target(s: ArenaState, word: str, defender: Any) -> None:
    """Step One, 1: the attack's target; then the defending player may block."""
    c = s.combat
    assert c is not None
    c.defender = defender
    if isinstance(defender, int):
        c.lane = s.zone[defender]
    s.event("target", (s.active, word, LANES[c.lane]), R_PARTICIPANTS)
    s.phase = BLOCK
    for u in c.attackers:
        fire(s, "attack", {"unit": u, "target": defender, "lane": LANES[c.lane]})


def attack_as_effect(s: ArenaState, u: int, defender: int, rule: str) -> None:
    """An attack made by an effect (Maka): a solo attack on a hero, wherever it is; only
    heroes at the defender's location may block."""
    s.comm[u] = 1
    s.combat = Combat([u], s.zone[defender], defender)
    s.event("snipe", (owner(u), s.unit_name[u], s.unit_name[defender],
                       LANES[s.zone[defender]]), rule)
    s.phase = BLOCK
    fire(s, "attack", {"unit": u, "target": defender, "lane": LANES[s.zone[defender]]})


def blockers(s: ArenaState) -> list[int]:
    """Ready heroes of the defender at the target's location (not the target itself)
    that may block."""
    c = s.combat
    assert c is not None
    d = other(s.active)
    return [u for u in s.units_at(d, c.lane) if not s.comm[u] and u != c.defender
            and not s.rule(u, "cannot_block")]


def block(s: ArenaState, u: int | None) -> None:
    """Blocking: a ready hero is committed and becomes the defender (or no block)."""
    c = s.combat
    assert c is not None
    seat = other(s.active)
    if u is not None:
        original = c.defender
        s.comm[u] = 1
        c.defender, c.blocked = u, True
        s.event("block", (seat, s.unit_name[u]), R_BLOCK)
        fire(s, "block", {"unit": u, "target": original})
    else:
        s.event("no_block", (seat,), R_BLOCK)
    after_block(s)


def after_block(s: ArenaState) -> None:
    """Step Two happens only if every participant is a hero: not against a conduit."""
    assert s.combat is not None
    s.phase = CLASH_A if s.combat.hero_defends() else RESOLVE


# --- Step Two ----------------------------------------------------------------------------


def clash(s: ArenaState, card: str | None, by: int | None) -> None:
    """A seat clashes a card face down (or declines); the attacker first."""
    c = s.combat
    assert c is not None
    attacker = s.phase == CLASH_A
    seat = s.active if attacker else other(s.active)
    if card is not None:
        u = by if by is not None else (c.attackers[0] if attacker else c.defender)
        hand = s.hands[seat]
        hand.remove(card)
        c.clashes.append(Clash(u, card, False))
        s.event("clash", (seat, s.unit_name[u], card, len(hand)), R_CLASH)
    else:
        s.event("no_clash", (seat,), R_CLASH)
    s.phase = CLASH_D if attacker else REVEAL


def reveal(s: ArenaState) -> None:
    """Reveal the clash cards together; the attacker's effects resolve, then the
    defender's."""
    c = s.combat
    assert c is not None
    frames: list[tuple[int, str]] = []
    skills = s.cat.skills
    for u, card, _ in c.clashes:
        k = skills[card]
        s.event("reveal", (owner(u), s.unit_name[u], card, k.attack, k.armor), R_CLASH, None,
                 True)
        frames.append((u, card))
    if s.seen:  # a card known in a hand (an effect looked at it) has left it, revealed
        for u, card, up in c.clashes:
            if not up:
                s.seen_leaves_hand(owner(u), card)
    c.clashes = [Clash(u, k, True) for u, k, _ in c.clashes]
    for u, card in frames:
        fire(s, "clash_revealed", {"unit": u, "card": card})
    # The stack runs last-in first: push the defender's first so the attacker's go first.
    for u, card in reversed(frames):
        clash_effect(s, u, card)
    s.phase = RESOLVE


def clash_effect(s: ArenaState, u: int, card: str) -> Frame | None:
    """Push the frame of a clash card's effect (None: it has none, an Ultimate of a mortal
    hero who is not levelled up, or a replacement stopped it)."""
    k = s.cat.skills[card]
    if not k.clash:
        return None
    if k.ultimate and not s.mighty(u):
        s.event("ultimate_fizzles", (s.unit_name[u], card), R_ULTIMATE)
        return None
    # Its replacements ("clash_effect_resolves") are asked as it is about to resolve
    # (gate), not now: an effect resolving before it may make one (issue 26).
    return push(s, k.clash, owner(u), u, s.zone[u], card)


def gate(s: ArenaState, frame: Frame) -> bool:
    """A clash effect about to resolve (its frame on top, at its first step): the
    replacements of "clash_effect_resolves" that apply now, the first of them taking its
    place (prevent: it does not resolve; instead: those effects do). Checked when each
    clash effect is about to resolve, so the attacker's "the opposing hero's clash
    effects do not resolve this combat" stops the defender's (Clash Cards & Clash
    Effects: the attacker's effects resolve first). True when the frame was replaced."""
    if frame.pc or not (s.store or "clash_effect_resolves" in s.cat.replaced):
        return False
    card = frame.ctx.get("src")
    k = s.cat.skills.get(card) if isinstance(card, str) else None
    if k is None or frame.program is not k.clash:
        return False
    u = frame.ctx["u"]
    for r, ctx in replacements(s, "clash_effect_resolves", u, {"unit": u, "card": card}):
        if r.form in ("prevent", "instead"):
            applied(s, r, ctx)
        if r.form == "prevent":
            s.stack.pop()
            s.event("clash_prevented", (s.unit_name[u], card, source_word(s, ctx)), R_CLASH)
            return True
        if r.form == "instead" and r.program is not None:
            s.stack.pop()
            instead(s, r, ctx)
            return True
    return False


def extra_clash(s: ArenaState, u: int, card: str) -> None:
    """An additional clash: face up, its effects at once (Clash Cards & Clash Effects)."""
    c = s.combat
    assert c is not None
    p = owner(u)
    hand = s.hands[p]
    hand.remove(card)
    c.clashes.append(Clash(u, card, True))
    if s.seen:
        s.seen_leaves_hand(p, card)
    k = s.cat.skills[card]
    s.event("extra_clash", (p, s.unit_name[u], card, k.attack, k.armor, len(hand)),
             R_CLASH_CARDS, None, True)
    fire(s, "clash_revealed", {"unit": u, "card": card})
    clash_effect(s, u, card)


# --- Step Three --------------------------------------------------------------------------


def clash_values(s: ArenaState, u: int) -> tuple[int, int]:
    """The combat values of every card ``u`` clashed in the current combat (0 and 0 when
    there is none)."""
    return s.combat.values(s, u) if s.combat is not None else (0, 0)


def attack_in_combat(s: ArenaState, u: int) -> int:
    """Attack in Step Three (docs: rule 9): printed, item, static and timed effects; a
    committed defending hero's attack is then set to 0; then this combat's clash effects
    and the clash values are added (they can raise it above 0 again)."""
    c = s.combat
    atk, _ = clash_values(s, u)
    if c is not None and u == c.defender and s.comm[u]:
        # Step Three, 1: "If the defender is a hero and they are committed, set their
        # attack stat to 0" (layer SET_ZERO), then this combat's bonuses (layer CLASH).
        return atk + s.stat(u, "attack", base=0, lo=SET_ZERO)
    return s.attack_of(u) + atk


def armor_in_combat(s: ArenaState, u: int) -> int:
    """Armor in Step Three: armor with bonuses and combat values."""
    return s.armor_of(u) + clash_values(s, u)[1]


def resolve(s: ArenaState) -> None:
    """Step Three: Resolution — combined attack, simultaneous damage."""
    c = s.combat
    assert c is not None
    lane0 = s.zone[c.attackers[0]] if c.attackers else -1
    attackers = [u for u in c.attackers if s.zone[u] >= 0 and s.zone[u] == lane0]
    d = c.defender
    conduit = isinstance(d, ConduitRef)
    # A defender moved away by a clash effect has left the combat, like a KO'd one
    # (docs/rules/radiant-arena.md, rule 16): it must still be in the combat's lane.
    defender_here = conduit or (s.zone[d] >= 0 and (c.lane < 0 or s.zone[d] == c.lane))
    if conduit:
        back = 0 if s.ruined[d.seat][d.lane] else s.cat.conduit_attack
    else:
        back = attack_in_combat(s, d) if defender_here else 0
    # Vanguard: while it attacks, the other attackers cannot take damage, so the
    # defender's damage goes to a Vanguard hero (docs/rules/radiant-arena.md, rule 10).
    takers = [u for u in attackers if s.keyword(u, "vanguard")] or attackers
    if back > 0 and len(takers) > 1 and c.target not in takers:
        s.ask = ("assign", other(s.active), tuple(takers))
        return
    victim = c.target if c.target in takers else (takers[0] if takers else -1)
    parts = [attack_in_combat(s, u) for u in attackers]
    piercing = sum(a for u, a in zip(attackers, parts, strict=True) if s.keyword(u, "piercing"))
    total = sum(parts)
    stun = bool(attackers) and all(s.keyword(u, "stun") for u in attackers)
    names = [s.unit_name[u] for u in attackers]
    # A conduit that defends is named "conduit": its consecrated card is face down.
    defender = "conduit" if conduit else s.unit_name[d]
    s.event("resolution", (names, defender, total, back, piercing, stun), R_RESOLUTION)
    by = attackers[0] if attackers else -1
    dealt = taken = 0
    if defender_here and total > 0:
        dealt = hit(s, d, piercing, total - piercing, stun, True, names[0], by)
    if victim >= 0 and back > 0:
        pierce = not conduit and s.keyword(d, "piercing")
        taken = hit(s, victim, back if pierce else 0, 0 if pierce else back,
                    not conduit and s.keyword(d, "stun"), True, defender,
                    -1 if conduit else d)
    if s.phase == OVER:  # a deity was KO'd: the game is over (Winning & Losing)
        end(s)  # clash cards to the discard piles; no combat left in the views
        s.phase = OVER
        return
    # "As long as one point is dealt, all attacking heroes are considered to have dealt
    # damage": their triggers, and the defender's, resolve after all combat damage.
    if taken > 0 and not conduit:
        fire(s, "combat_damage_dealt", {"unit": d, "target": victim, "amount": taken})
    if dealt > 0:
        for u in attackers:
            fire(s, "combat_damage_dealt", {"unit": u, "target": d, "amount": dealt})
    s.phase = COMBAT_END


def end(s: ArenaState) -> None:
    """Combat ends: bonuses are lost, clash cards go to their owners' discard piles."""
    c = s.combat
    lane = LANES[c.lane] if c is not None and c.lane >= 0 else None
    s.event("combat_end", (lane,), R_RESOLUTION)
    if c is not None:
        for u, card, _ in c.clashes:
            seat = owner(u)
            s.discards[seat].append(card)
            s.event("discard", (seat, card, "clash", len(s.hands[seat]), len(s.decks[seat])),
                     R_RESOLUTION)
    before = healths(s) if s.store else None
    if before is not None:
        s.store = mods.expire(s.store, "combat")
    s.combat = None
    s.phase = MAIN
    if before is not None:
        health_kos(s, before)  # a health bonus of the combat ended (Damage and KOs)
    fire(s, "combat_end", {"lane": lane})


def in_combat(s: ArenaState) -> bool:
    """Whether a combat is under way."""
    return s.combat is not None


def conduit_target(s: ArenaState) -> ConduitRef:
    """The enemy conduit in the attack's lane."""
    assert s.combat is not None
    return CONDUITS[other(s.active)][s.combat.lane]


__all__ = ["Clash", "Combat", "clash_values", "declare", "join", "target", "attack_as_effect",
           "blockers", "block", "after_block", "clash", "reveal", "clash_effect", "extra_clash",
           "attack_in_combat", "armor_in_combat", "resolve", "end", "in_combat",
           "conduit_target"]
