"""The card pool's listing in docs/rules/lightseekers.md ("The card pool"), generated from
the data; test_cards.py checks the docs hold it word for word. After changing a card,
print it with ``python -m tests.games.lightseekers.pool_doc`` and paste it in."""

from __future__ import annotations

from tabletop.games.lightseekers.data import catalog
from tabletop.games.lightseekers.ids import ORDERS

START = "### Orders and Elements (public facts)"


def pool_markdown() -> str:
    """The listing: Orders, heroes, ready decks, action cards and combos."""
    cat = catalog()
    out = [START, "", "| Order | Elements |", "|---|---|"]
    for o, els in ORDERS.items():
        out.append(f"| {o.capitalize()} | {', '.join(e.capitalize() for e in els)} |")
    out += ["", "Unaligned cards have no Element and are playable by any hero.", "",
            "### Heroes (reconstructed)", "",
            "| hero | Order | Elements (**superior**) | health | trait |",
            "|---|---|---|---|---|"]
    for h in cat.heroes:
        els = ", ".join(f"**{e.capitalize()}**" if lv == "superior" else e.capitalize()
                        for e, lv in h.elements)
        out.append(f"| {h.name} (`{h.id}`) | {h.order.capitalize()} | {els} | {h.health} | "
                   f"{h.text} |")
    out += ["", "### Ready decks (reconstructed)", "",
            "| deck | hero | combos | action cards (3 copies each) |", "|---|---|---|---|"]
    for d in cat.decks.values():
        out.append(f"| `{d.id}` | {cat.hero(d.hero).name} | {', '.join(d.combos)} | "
                   f"{', '.join(c for c, _ in d.cards)} |")
    out += ["", "### Action cards (reconstructed)", "", "| card | type | Element | text |",
            "|---|---|---|---|"]
    for c in cat.cards:
        if c.combo:
            continue
        kind = c.type + (f" ({c.weight} point{'s' if c.weight > 1 else ''})" if c.weight
                         else "") + (f", {c.rotation}" if c.rotation else "")
        out.append(f"| {c.name} (`{c.id}`) | {kind} | {c.element.capitalize()} | {c.text} |")
    out += ["", "### Combos (reconstructed)", "",
            "| combo | type | Elements and Orders | text |", "|---|---|---|---|"]
    for c in cat.cards:
        if c.combo:
            kind = c.type + (f", {c.rotation}" if c.rotation else "")
            out.append(f"| {c.name} (`{c.id}`) | {kind} | "
                       f"{', '.join(s.capitalize() for s in c.symbols)} | {c.text} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(pool_markdown(), end="")
