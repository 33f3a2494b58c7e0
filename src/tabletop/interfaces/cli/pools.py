"""Card pools for ``tabletop cards GAME [NAME]``: a game's every card with its text, or one
card in full. A game's screen plugin offers its printer as ``pool(name, files)``
(radiant-arena's is in :mod:`.arena`); the games are imported only when a pool is asked
for."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop.core import ParameterError


def find(name: str, cards: Iterable[tuple[str, str]], game: str) -> str:
    """The id of the card ``name`` names (its id or printed name, case and spacing aside)
    among ``(id, name)`` pairs; raises ``ParameterError`` with the closest ids."""
    pairs = list(cards)
    want = " ".join(name.lower().split())
    for cid, printed in pairs:
        if want in (cid, printed.lower(), printed.lower().removeprefix("the ")):
            return cid
    close = sorted(cid for cid, _ in pairs if want[:3] in cid)[:6]
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    raise ParameterError(f"no card {name[:40]!r} in {game}'s card pool{hint}")


def _files(files: Sequence[Path]) -> str:
    """The ``cards`` parameter of these files (as the games cache their catalogues)."""
    return ",".join(str(p.resolve()) for p in files)


def _pool_table(title: str, rows: Iterable[tuple[str, ...]], columns: Sequence[str]) -> Table:
    table = Table(title=title, box=box.SIMPLE_HEAD)
    for col in columns:
        # ids are what the notation types: kept whole; the text takes the room left
        table.add_column(col, no_wrap=col == "id", overflow="fold",
                         ratio=1 if col == "text" else None)
    for row in rows:
        table.add_row(*row)
    return table


# --- Lightseekers ---------------------------------------------------------------------------


def lightseekers(name: str | None, files: Sequence[Path]) -> RenderableType:
    """Lightseekers' heroes, action cards and combos with their texts (reconstructed:
    the rulebook prints no card), or one card in full with the ready decks holding it;
    with the cards of the user's files (``files``)."""
    from tabletop.games.lightseekers.data import catalog
    from tabletop.games.lightseekers.views import NOTE

    cat = catalog(_files(files))
    note = Text(NOTE, style="dim")
    if name is not None:
        key = find(name, [(h.id, h.name) for h in cat.heroes] +
                   [(c.id, c.name) for c in cat.cards], "lightseekers")
        return Group(Text(_ls_card(cat, key)), note)
    rows: list[tuple[str, ...]] = []
    for h in sorted(cat.heroes, key=lambda h: (h.order, h.id)):
        rows.append((f"hero ({h.order})", h.id, h.name,
                     f"{_ls_short(h)}; health {h.health}", h.text))
    for c in sorted(cat.cards, key=lambda c: (c.combo, c.type, c.element, c.id)):
        rows.append(("combo " + c.type if c.combo else c.type, c.id, c.name, _ls_what(c),
                     c.text))
    table = _pool_table("Lightseekers TCG — the card pool", rows,
                        ("kind", "id", "name", "", "text"))
    return Group(table, Text(NOTE + " Elements in capitals are superior. `tabletop cards "
                                    "lightseekers NAME` shows one card.", style="dim"))


def _ls_short(hero: Any) -> str:
    """A hero's Elements as its screen shows them: superior ones in capitals."""
    return " ".join(e.upper() if level == "superior" else e.capitalize()
                    for e, level in hero.elements)


def _ls_elements(hero: Any) -> str:
    return ", ".join(f"{e} ({level})" for e, level in hero.elements)


def _ls_what(card: Any) -> str:
    what = "+".join(card.symbols) if card.combo else card.element
    if card.weight:
        what += f", weight {card.weight}"
    return what


def _ls_card(cat: Any, key: str) -> str:
    decks = [d.name for d in cat.decks.values()
             if key == d.hero or key in d.combos or key in dict(d.cards)]
    held = f"\nready decks: {', '.join(decks)}" if decks else ""
    if key in cat.hero_index:
        h = cat.hero(key)
        return (f"{h.name} — hero of the {h.order} Order\n"
                f"Elements: {_ls_elements(h)}; health {h.health}\n{h.text}{held}")
    c = cat.card(key)
    kind = f"{c.type} combo" if c.combo else f"{c.type} card"
    needs = (f"needs {' + '.join(c.symbols)} (paid with cards from hand)" if c.combo
             else f"Element: {c.element}")
    weight = f", weight {c.weight}" if c.weight else ""
    return f"{c.name} — {kind}\n{needs}{weight}\n{c.text}{held}"


# --- Hoshi Battle ---------------------------------------------------------------------------


def hoshi_battle(name: str | None, files: Sequence[Path]) -> RenderableType:
    """Hoshi Battle's Heroes and Duel cards with their texts (reconstructed but for the
    publisher's known words, marked), or one card in full."""
    from tabletop.games.hoshi_battle.data import catalog
    from tabletop.games.hoshi_battle.ids import TIMING_TEXT

    cat = catalog(_files(files))
    note = Text("Card texts marked reconstructed are tabletop's design, fitted to the "
                "rulebook (docs/rules/hoshi-battle.md); the others are the publisher's "
                "words.", style="dim")

    def source(card: Any) -> str:
        return "the publisher's words" if card.known else "reconstructed"

    if name is not None:
        key = find(name, [(i, cat.name(i)) for i in cat.ids], "hoshi-battle")
        if key in cat.heroes:
            h = cat.heroes[key]
            body = f"{h.name} — Hero, d{h.die}, Cost {h.cost}\n{h.text} ({source(h)})"
        else:
            c = cat.cards[key]
            body = (f"{c.name} — {c.type.capitalize()}, Cost {c.cost}\n"
                    f"{TIMING_TEXT[c.timing]}\n{c.text} ({source(c)})")
        return Group(Text(body), note)
    rows: list[tuple[str, ...]] = [
        ("hero", h.id, h.name, f"d{h.die}, Cost {h.cost}", f"{h.text} ({source(h)})")
        for h in cat.heroes.values()]
    rows += [(c.type, c.id, c.name, f"Cost {c.cost}; {TIMING_TEXT[c.timing]}",
              f"{c.text} ({source(c)})") for c in cat.cards.values()]
    table = _pool_table("Hoshi Battle — the card pool", rows, ("kind", "id", "name", "", "text"))
    return Group(table, note)


Pool = Callable[[str | None, Sequence[Path]], RenderableType]

__all__ = ["find", "lightseekers", "hoshi_battle", "Pool"]
