"""The card text of radiant-arena, generated from the card data (docs/cards.md §9).

What a player reads is what runs: each ability is written from its compiled effects by
the rules kernel (:mod:`tabletop.cards.text`) with radiant-arena's vocabulary, under its
printed prefix ("Talent (1 AP, Cooldown): ", "Ultimate Clash: ", "Ruin: ", "Equip: ",
"Manifestation: "). A card's printed text (``text`` in the card files) is kept for
people and checked against the generated one (:func:`check_texts`; reminder text in
parentheses aside): both say the same.
"""

from __future__ import annotations

from tabletop.cards.text import (
    Say,
    modifier_text,
    program_text,
    replacement_text,
    same_text,
    trigger_text,
)

from .data import Abilities, Catalog, Item, Side, Skill, Talent
from .vocab import PHRASES, VOCAB


def say(until: str = "turn") -> Say:
    """A writer of card text ("this hero"; timed effects last the turn on a talent, the
    combat on a clash effect, unless they say otherwise)."""
    return Say(VOCAB, "this hero", PHRASES, until)


def talent_text(t: Talent) -> str:
    """"Talent (1 AP, 2 Power, Cooldown): Deal 3 Piercing damage to ..."."""
    parts = []
    for name, amount in t.costs.items:
        spec = VOCAB.costs[name]
        parts.append(spec.text("X" if amount == "x" else amount))
    if not any(name == "ap" for name, _ in t.costs.items):
        parts.insert(0, "0 AP")
    if t.cooldown:
        parts.append("Cooldown")
    head = ("Ultimate Talent" if t.ultimate else "Talent") + f" ({', '.join(parts)}): "
    return head + program_text(say("turn"), t.effects)


def abilities_text(a: Abilities) -> list[str]:
    """The sentences of a card's triggered, static and replacement abilities."""
    out = [trigger_text(say("turn"), t) for t in a.triggers]
    out += [modifier_text(say("turn"), m) for m in a.statics]
    out += [replacement_text(say("turn"), r) for r in a.replacements]
    return out


def side_text(side: Side, manifest: str = "") -> str:
    """A hero side's (or a deity's) abilities."""
    parts = [manifest] if manifest else []
    parts += abilities_text(side.abilities)
    parts += [talent_text(t) for t in side.talents]
    if side.regen:  # a keyword with a number: printed in the text box too
        parts.append(f"Regen {side.regen}.")
    return " ".join(p for p in parts if p)


def skill_text(k: Skill) -> str:
    """A skill card's clash effect or talent."""
    if k.talent is not None:
        return talent_text(k.talent)
    if k.clash:
        head = "Ultimate Clash: " if k.ultimate else "Clash: "
        return head + program_text(say("combat"), k.clash)
    return ""


def item_text(i: Item) -> str:
    """An item's equip effect, keywords it gives, abilities and talents."""
    parts = []
    if i.equip:
        parts.append("Equip: " + program_text(say("turn"), i.equip))
    parts += [f"This hero has {VOCAB.keywords[k].text}." for k in sorted(i.grants)]
    parts += abilities_text(i.abilities)
    parts += [talent_text(t) for t in i.talents]
    return " ".join(parts)


def texts(cat: Catalog) -> dict[str, str]:
    """The generated text of every card by id (a hero's two sides as ``id:0``, ``id:1``)."""
    out: dict[str, str] = {}
    for u in cat.units.values():
        if u.is_deity:
            manifest = ("Manifestation: " + program_text(say("turn"), u.manifest)
                        if u.manifest else "")
            out[u.id] = side_text(u.sides[0], manifest)
        else:
            for n, side in enumerate(u.sides):
                out[f"{u.id}:{n}"] = side_text(side)
    for k in cat.skills.values():
        out[k.id] = skill_text(k)
    for i in cat.items.values():
        out[i.id] = item_text(i)
    for c in cat.conduits.values():
        parts = ["Ruin: " + program_text(say("turn"), c.ruin)] if c.ruin else []
        out[c.id] = " ".join([*parts, *abilities_text(c.abilities)])
    return out


def printed(cat: Catalog) -> dict[str, str]:
    """The printed text of every card, keyed as :func:`texts`."""
    out: dict[str, str] = {}
    for u in cat.units.values():
        if u.is_deity:
            out[u.id] = u.sides[0].text
        else:
            for n, side in enumerate(u.sides):
                out[f"{u.id}:{n}"] = side.text
    out.update((k.id, k.text) for k in cat.skills.values())
    out.update((i.id, i.text) for i in cat.items.values())
    out.update((c.id, c.text) for c in cat.conduits.values())
    return out


def check_texts(cat: Catalog, only: set[str] | None = None) -> list[str]:
    """Every card whose printed text does not say what its data does (the differences,
    for a test or a card file's author)."""
    generated = texts(cat)
    out = []
    for key, text in printed(cat).items():
        if only is not None and key.split(":")[0] not in only:
            continue
        if not same_text(text, generated[key]):
            out.append(f"{key}: printed {text!r}; the data says {generated[key]!r}")
    return out


__all__ = ["say", "talent_text", "skill_text", "item_text", "side_text", "texts",
           "printed", "check_texts"]
