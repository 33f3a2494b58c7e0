"""Views: what one seat of radiant-arena may know, as JSON-ready data.

Hidden from the other seat: a hand (only its size), the deck (only its size), the shop's
items (only how many), a deity still face down at home, the ruined faces of consecrated
conduits, and a clash card still face down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.cards import SET_ZERO

from . import draft
from .faces import card_faces, unit_faces
from .ids import DEITY, DRAFT, HOME, LANES, PHASE_NAMES, VOID, ConduitRef, owner

if TYPE_CHECKING:
    from .rules import ArenaState

RECONSTRUCTED = ("Card texts and numbers not printed in the rulebook are reconstructed by "
                 "tabletop (see docs/rules/radiant-arena.md).")
ZONES = {HOME: "home", VOID: "void"}


def _zone(z: int) -> str:
    return LANES[z] if z >= 0 else ZONES[z]


def _unit(s: ArenaState, u: int, faces: dict[str, dict[str, Any]],
          items: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Unit ``u`` as every seat sees it; ``faces`` and ``items`` are the catalog's
    ``unit_faces`` and ``card_faces``, read once a view (a search builds many)."""
    card = s.cat.units[s.unit_card[u]]
    side = card.sides[s.lvl[u]]
    attack, armor, health, keywords = s.stats(u)
    face = faces[f"{card.id}:{s.lvl[u]}"]
    return {
        "id": s.unit_name[u], "card": s.unit_card[u], "name": card.name, "owner": owner(u),
        "deity": u % 4 == DEITY, "zone": _zone(s.zone[u]), "levelled": bool(s.lvl[u]),
        "subtitle": side.subtitle, "committed": bool(s.comm[u]), "damage": s.dmg[u],
        "attack": attack, "armor": armor, "health": health,
        "exp": side.exp, "keywords": sorted(keywords),
        "regen": s.regen(u), "item": s.item[u] or None, "text": side.text,
        "rules": face["rules"], "talents": face["talents"],
        # Both printed sides of a hero (a deity has one): the side it levels into is as
        # public as the card itself. The equipped item's face (bonuses, text, its talents
        # as data: usable by this hero only).
        "sides": face["sides"],
        "item_card": items[s.item[u]] if s.item[u] else None,
        **({"conduits": face["conduits"]} if "conduits" in face else {}),
    }


def _seen_values(s: ArenaState, u: int, seat: int | None) -> tuple[int, int]:
    """Combat values of the clash cards of ``u`` that ``seat`` has seen (not face down)."""
    atk = arm = 0
    assert s.combat is not None
    for v, skill, up in s.combat.clashes:
        if v == u and (up or owner(v) == seat):
            atk += s.cat.skills[skill].attack
            arm += s.cat.skills[skill].armor
    return atk, arm


def _seen_attack(s: ArenaState, u: int, seat: int | None) -> int:
    atk = _seen_values(s, u, seat)[0]
    assert s.combat is not None
    if u == s.combat.defender and s.comm[u]:  # as combat.attack_in_combat
        return atk + s.stat(u, "attack", base=0, lo=SET_ZERO)
    return s.attack_of(u) + atk


def known(s: ArenaState, seat: int) -> list[dict[str, Any]]:
    """What ``seat`` has seen of hidden cards (an effect let it look): the cards it knows
    in the other seat's hand, and in decks by position from the bottom."""
    out: list[dict[str, Any]] = []
    for fact in s.seen:
        if fact[1] != seat:
            continue
        if fact[0] == "hand":
            out.append({"owner": fact[2], "zone": "hand", "card": fact[3]})
        else:
            out.append({"owner": fact[2], "zone": "deck", "position": fact[3],
                        "card": fact[4]})
    return out


def resolving(s: ArenaState, seat: int | None) -> dict[str, Any] | None:
    """What asks ``seat`` its question, when an effect does (every effect on the stack is
    public: a talent announced, a clash card revealed, a trigger): the card or unit it
    comes from (``source``), the hero using it (``unit``, None for none), its controller
    (``seat``) and the step asking, as written in the card file (``step``: an op's table
    or a ``choose`` with its options; None for the rules' own steps, such as paying a
    cost or choosing X), so a client can tell what the answer will do."""
    if s.ask is None or s.ask[1] != seat or not s.stack:
        return None
    frame = s.stack[-1]
    if frame.done:
        return None
    step = frame.program.steps[frame.pc]
    u = frame.ctx.get("u", -1)
    return {"source": frame.ctx.get("src"),
            "unit": s.unit_name[u] if type(u) is int and 0 <= u < 8 else None,
            "seat": frame.ctx.get("p"),
            "step": step.raw if step.op == "_choose" or step.op[0] != "_" else None}


def view(s: ArenaState, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None``: a spectator)."""
    if s.phase == DRAFT:
        return _draft_view(s, seat)
    units = []
    faces, items = unit_faces(s.cat), card_faces(s.cat)
    for u in range(8):
        # Face down until it manifests (which banishes a hero); a KO'd deity stays known.
        hidden = (u % 4 == DEITY and s.zone[u] == HOME and s.banished[owner(u)] < 0
                  and owner(u) != seat)
        units.append({"owner": owner(u), "deity": True, "zone": "home", "hidden": True}
                     if hidden else _unit(s, u, faces, items))
    players = []
    for p in (0, 1):
        mine = p == seat
        conduits = []
        for lane in range(3):
            ruined = s.ruined[p][lane]
            c = s.cat.conduits[s.cond[p][lane]]
            conduits.append({
                "lane": LANES[lane], "ruined": ruined, "damage": s.cdmg[p][lane],
                "health": s.cat.conduit_health, "attack": s.cat.conduit_attack,
                "name": c.name if ruined or mine else None,
                "text": c.text if ruined or mine else None,
            })
        entry: dict[str, Any] = {
            "seat": p, "name": "A" if p == 0 else "B", "power": s.power[p],
            "buyback": s.buyback[p], "hand": len(s.hands[p]), "deck": len(s.decks[p]),
            "discard": list(s.discards[p]), "shop": len(s.shops[p]), "conduits": conduits,
        }
        if mine:
            entry["cards"] = sorted(s.hands[p])
            entry["shop_items"] = sorted(s.shops[p])
            entry["card_texts"] = {c: items[c] for c in (*entry["cards"], *entry["shop_items"])}
            entry["known"] = known(s, p)
        players.append(entry)
    combat = None
    fight = s.combat
    if fight is not None:
        clashes = []
        for u, skill, up in fight.clashes:
            seen = up or owner(u) == seat
            k = s.cat.skills[skill]
            clashes.append({"hero": s.unit_name[u],
                            "card": skill if seen else None,
                            "face_up": up,
                            # what the card does, for a client to read (None: not seen)
                            "ultimate": k.ultimate if seen else None,
                            "effects": list(k.clash.raw) if seen else None})
        defender = fight.defender
        hero = isinstance(defender, int)
        combat = {
            "attackers": [s.unit_name[u] for u in fight.attackers],
            "defender": None if defender is None else (
                "conduit" if isinstance(defender, ConduitRef) else s.unit_name[defender]),
            "lane": LANES[fight.lane] if fight.lane >= 0 else None,
            "blocked": fight.blocked, "clashes": clashes,
            # Totals count only the clash cards this seat has seen.
            "attack": sum(_seen_attack(s, u, seat) for u in fight.attackers if s.in_play(u)),
            "defence": None if not hero else {
                "attack": _seen_attack(s, defender, seat),
                "armor": s.armor_of(defender) + _seen_values(s, defender, seat)[1]},
        }
    out: dict[str, Any] = {
        "game": "radiant-arena", "note": RECONSTRUCTED,
        "seat": seat, "to_act": s.to_act, "turn": s.turn, "active": s.active,
        "phase": PHASE_NAMES[s.phase], "action_points": s.ap,
        "asking": None if s.ask is None or s.ask[1] != seat else s.ask[0],
        "resolving": resolving(s, seat),
        "units": units, "players": players, "combat": combat,
        "lanes": list(LANES),
    }
    if s.draft is not None:
        out["draft"] = draft.view(s, seat)
    if s.conceded:
        out["conceded"] = s.conceded_data()
    outcome = s.outcome()
    if outcome is not None:
        out["outcome"] = outcome.to_json()
    return out


def _draft_view(s: ArenaState, seat: int | None) -> dict[str, Any]:
    """The view while the draft lasts: the usual keys (no units, cards or conduits yet)
    and the draft as ``seat`` may see it (:func:`.draft.view`)."""
    players = []
    for p in (0, 1):
        entry: dict[str, Any] = {
            "seat": p, "name": "AB"[p], "power": 0, "buyback": True, "hand": 0, "deck": 0,
            "discard": [], "shop": 0, "conduits": []}
        if p == seat:
            entry.update(cards=[], shop_items=[], card_texts={}, known=[])
        players.append(entry)
    return {
        "game": "radiant-arena", "note": RECONSTRUCTED, "seat": seat, "to_act": s.to_act,
        "turn": 0, "active": 0, "phase": PHASE_NAMES[s.phase], "action_points": 0,
        "asking": None, "units": [], "players": players, "combat": None,
        "lanes": list(LANES), "draft": draft.view(s, seat),
    }
