"""What one seat may know: every hero's health, Victory Points, Elements, buffs (with the
active corner of each) and items, hand and deck sizes, discard piles (face up), a combo
being paid for, and its own hand. Nothing else: no other hand, no deck order, no seed.

``cards`` describes each card in its hand or in play (type, Element, weight, corners,
text, and what it does in numbers), so a client (a screen, the heuristic) needs nothing
but the view.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from . import board
from .data import Card, Catalog
from .ids import ELEMENT_BIT, ELEMENTS, STEP_NAMES, SUPERIOR
from .legal import weight

if TYPE_CHECKING:
    from .rules import LsState

NOTE = ("The heroes and cards of this game are reconstructed (our design): the rulebook "
        "prints none. See docs/rules/lightseekers.md.")


X_GUESS = 2  # an X (a corner's number) counted in a summary


def summary(program: Any) -> dict[str, int]:
    """What a program does, in numbers (for clients that weigh cards, like the heuristic):
    damage to your target or enemy, damage to others (``area``), to yourself, health,
    cards drawn, discarded and milled, buffs and items discarded, timed armor and power.
    Conditions are ignored and an X counts as 2."""
    out: dict[str, int] = {}

    def num(v: Any) -> int:
        return v if type(v) is int else X_GUESS

    for step in program.steps:
        f = step.f
        op = step.op
        sel = f.get("target")
        who = getattr(sel, "name", "") or ""
        if op == "damage":
            key = {"self": "self_damage", "others": "area", "everyone": "area"}.get(
                who, "damage")
            out[key] = out.get(key, 0) + num(f.get("amount", 1))
        elif op in ("heal", "draw", "discard", "mill", "recycle"):
            key = op if who in ("self", "") or op in ("discard", "mill") else op + "_other"
            out[key] = out.get(key, 0) + num(f.get("amount", 1))
        elif op in ("destroy_buff", "destroy_item"):
            out[op] = out.get(op, 0) + 1
        elif op == "modify":
            spec = f["modifier"]
            out[spec.key] = out.get(spec.key, 0) + num(spec.value)
    return out


def card_info(cat: Catalog, index: int) -> dict[str, Any]:
    """A card as data for views (built once per card of a catalogue, then kept with it):
    what it is, its text, and ``does``, a summary in numbers of playing it (``ability``:
    of its Ability; ``lingering``: its lingering power and armor)."""
    infos = cat.derived.setdefault("card_info", {})
    found = infos.get(index)
    if found is None:
        found = infos[index] = _card_info(cat.cards[index])
    assert isinstance(found, dict)
    return found


def _card_info(card: Card) -> dict[str, Any]:
    out: dict[str, Any] = {"name": card.name, "type": card.type, "combo": card.combo,
                           "text": card.text, "reconstructed": True}
    if card.combo:
        out["elements"] = list(card.symbols)
    else:
        out["element"] = card.element
    if card.weight:
        out["weight"] = card.weight
    if card.rotation:
        out["rotation"] = card.rotation
        out["corners"] = [board.corner_word(card, t) for t in range(4)]
    out["does"] = summary(card.effects)
    if card.ability is not None:
        out["ability"] = summary(card.ability.program)
    lingering: dict[str, int] = {}
    for m in card.statics:
        v = m.value if type(m.value) is int else X_GUESS
        lingering[m.key] = lingering.get(m.key, 0) + v
    if lingering:
        out["lingering"] = lingering
    if card.triggers:
        out["triggers"] = [t.on for t in card.triggers]
    if card.replacements:
        out["shields"] = True
    return out


@cache
def _elements(mask: int, superior: int) -> dict[str, str]:
    """The Elements a hero can use, with their levels (built once per combination; views
    share it, so it is read, never changed)."""
    return {e: ("superior" if ELEMENT_BIT[e] & superior else "basic") for e in ELEMENTS
            if ELEMENT_BIT[e] & mask}


def _hero_ability(cat: Catalog, index: int) -> dict[str, Any] | None:
    """A hero's Ability in numbers (what it does, its Element and cost), or None (made
    once per hero of a catalogue)."""
    infos = cat.derived.setdefault("hero_ability", {})
    if index not in infos:
        infos[index] = _ability_info(cat.heroes[index].ability)
    found: dict[str, Any] | None = infos[index]
    return found


def _ability_info(ability: Any) -> dict[str, Any] | None:
    if ability is None:
        return None
    return {"does": summary(ability.program), "element": ability.element or None,
            "health": ability.costs.amount("health")}


def view(s: LsState, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator)."""
    cat = s.cat
    cards = cat.cards
    named: set[int] = set()
    heroes = []
    for p in range(s.players):
        hero = cat.heroes[s.heroes[p]]
        elements = _elements(*board.access(s, p))
        buffs = []
        for slot, (_, c, turns) in enumerate(s.buffs[p]):
            named.add(c)
            card = cards[c]
            entry: dict[str, Any] = {"card": card.id, "slot": slot + 1,
                                     "active": board.buff_works(s, p, card, turns)}
            if card.rotation:
                entry["turns"] = turns
                entry["corner"] = board.corner_word(card, turns)
            buffs.append(entry)
        named.update(s.items[p])
        alive = s.alive[p]
        heroes.append({
            "seat": p, "hero": hero.id, "name": hero.name, "trait": hero.text,
            "ability": _hero_ability(s.cat, hero.index),
            "printed": [[e, lv] for e, lv in hero.elements],
            "elements": elements, "health": s.health[p], "vp": s.vp[p], "in_game": alive,
            "hand": len(s.hand[p]), "deck": len(s.deck[p]),
            "discard": [cards[c].id for c in s.disc[p]],
            "buffs": buffs, "items": [cards[c].id for c in s.items[p]],
            "weight": weight(s, p),
            "power": board.stat(s, p, "power") if alive else 0,
            "armor": board.stat(s, p, "armor") if alive else 0,
            "target": board.target_of(s, p) if alive else None,
            "enemy": board.enemy_of(s, p) if alive else None,
            "empty_checks": s.empties[p],
            "superior": [e for e, lv in hero.elements if lv == SUPERIOR],
        })
    out: dict[str, Any] = {
        "game": "lightseekers", "seat": seat, "to_act": s.to_act, "turn": s.turn,
        "active": s.active, "step": STEP_NAMES[s.step], "order": list(s.order),
        "actions": s.acts, "combo_played": s.combo, "passed": s.passed,
        "used": [e for e in ELEMENTS if ELEMENT_BIT[e] & s.used],
        "heroes": heroes, "out": list(s.out), "note": NOTE,
    }
    if seat is not None:
        out["hand"] = [cards[c].id for c in s.hand[seat]]
        named.update(s.hand[seat])
    if s.paying is not None:
        combo, symbols, paid = s.paying
        named.add(combo)
        named.update(paid)
        out["paying"] = {"seat": s.active, "combo": cards[combo].id, "symbols": list(symbols),
                         "paid": [cards[c].id for c in paid]}
    else:
        out["paying"] = None
    if s.rewards:
        p, n = s.rewards[0]
        out["returning"] = {"seat": p, "left": n}
    else:
        out["returning"] = None
    out["timed"] = [{"seat": m.affects, "stat": m.key, "change": m.value, "until": m.until,
                     "card": m.card} for m in s.store]
    out["cards"] = {cards[c].id: card_info(s.cat, c) for c in sorted(named)}
    if s.conceded:
        out["conceded"] = s.conceded_data()
    outcome = s.outcome()
    if outcome is not None:
        out["outcome"] = outcome.to_json()
    return out


__all__ = ["view", "card_info", "NOTE"]
