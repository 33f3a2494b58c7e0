"""The faces of radiant-arena's cards as data: what a card shows a player (its generated
text, stats, talents and effects as written in the card file), public and the same for
every seat. Read by the views and the draft (both above this module); built once per
catalog."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .data import Catalog


def talent_face(t: Any) -> dict[str, Any]:
    """A talent as data a client reads: its costs, Cooldown, Ultimate and its effects as
    written in the card file (docs/rules/radiant-arena-cards.md), for agents to read what
    it does without the English."""
    return {"id": t.id, "ap": t.cost, "power": t.power,
            "costs": {k: v for k, v in t.costs.items}, "cooldown": t.cooldown,
            "ultimate": t.ultimate, "effects": list(t.effects.raw)}


_UNIT_FACES: dict[tuple[str, ...], dict[str, dict[str, Any]]] = {}


def unit_faces(cat: Catalog) -> dict[str, dict[str, Any]]:
    """Per hero side (``id:0``, ``id:1``) and deity: the card text generated from its data
    and its talents as data; a deity's also its three conduits (name, text, ruin effect
    as data). Built once per catalog; shared, read-only."""
    if cat.sources not in _UNIT_FACES:
        from .text import texts

        generated = texts(cat)
        faces: dict[str, dict[str, Any]] = {}
        for unit in cat.units.values():
            sides = [{"subtitle": side.subtitle, "attack": side.attack, "armor": side.armor,
                      "health": side.health, "exp": side.exp,
                      "keywords": sorted(side.keywords), "regen": side.regen,
                      "text": side.text,
                      "rules": generated[unit.id if unit.is_deity else f"{unit.id}:{n}"]}
                     for n, side in enumerate(unit.sides[:1] if unit.is_deity
                                              else unit.sides)]
            for n, side in enumerate(unit.sides):
                key = unit.id if unit.is_deity else f"{unit.id}:{n}"
                faces[f"{unit.id}:{n}"] = {
                    "rules": generated[key],
                    "talents": [talent_face(t) for t in side.talents],
                    "sides": sides}
                if unit.is_deity:  # its set of conduits: public, as the deity card is
                    faces[f"{unit.id}:{n}"]["conduits"] = [
                        {"id": c.id, "name": c.name, "text": c.text, "rules": generated[c.id],
                         "ruin": list(c.ruin.raw)}
                        for c in (cat.conduits[k] for k in unit.conduits)]
        _UNIT_FACES[cat.sources] = faces
    return _UNIT_FACES[cat.sources]


_FACES: dict[tuple[str, ...], dict[str, dict[str, Any]]] = {}


def card_faces(cat: Catalog) -> dict[str, dict[str, Any]]:
    """The printed face of every skill card and item, as a player reads it (public data).

    A seat's view lists the faces of the cards in its hand and shop (``card_texts``), so
    a person or an agent knows what each card does without the card files. Built once
    per catalog; the entries are shared, read-only.
    """
    if cat.sources not in _FACES:
        from .text import texts

        generated = texts(cat)
        faces: dict[str, dict[str, Any]] = {}
        for k in cat.skills.values():
            t = k.talent
            faces[k.id] = {
                "kind": "skill", "name": k.name, "hero": k.hero, "attack": k.attack,
                "armor": k.armor, "ultimate": k.ultimate, "text": k.text,
                "talent": None if t is None else {**talent_face(t), "ap": t.cost},
                "clash": bool(k.clash), "clash_effects": list(k.clash.raw),
                "rules": generated[k.id]}
        for i in cat.items.values():
            faces[i.id] = {
                "kind": "item", "name": i.name, "cost": i.cost, "attack": i.attack,
                "armor": i.armor, "health": i.health, "keywords": sorted(i.keywords | i.grants),
                "text": i.text, "rules": generated[i.id], "equip": list(i.equip.raw),
                "talents": [talent_face(t) for t in i.talents]}
        _FACES[cat.sources] = faces
    return _FACES[cat.sources]
