"""The command line's additions for radiant-arena's card pool (issue 12).

- ``tabletop play radiant-arena --draft``: draft against the AI (Now Let's Play! —
  Drafting), then play. "Randomly determine who will be player A and who will be player
  B": without ``--seat`` you sit at A or B at random.
- ``--deck PATH``: with ``--draft``, the deck you drafted is saved there (a readable deck
  file) once the draft is done; without it, you play the deck of that file.
- ``tabletop cards radiant-arena [NAME]``: the pool, or one card with its text generated
  from the data (what runs is what you read).

Kept apart from app.py, which only calls these functions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop.core import GameSpec, ParameterError, State

from .pools import find

ARENA = "radiant-arena"


def draft_and_deck(spec: GameSpec, draft: bool, deck: Path | None, seat: str | None,
                   seats: str | None, params: list[str], cards: list[Path]
                   ) -> tuple[list[str], list[Path], str | None]:
    """The parameters, card files and seat of a ``play`` with ``--draft`` / ``--deck``."""
    if not draft and deck is None:
        return params, cards, seat
    if spec.id != ARENA:
        raise ParameterError(f"--draft and --deck are for {ARENA}, not {spec.id}")
    if any(p.split("=", 1)[0].strip() in ("draft", "deck_a", "deck_b") for p in params) and (
            draft or deck is not None):
        raise ParameterError("give --draft / --deck, or --param draft / deck_a / deck_b, not "
                             "both")
    if draft:
        if seat is None and seats is None:
            # Now Let's Play! — Players: "Randomly determine who will be player A and who
            # will be player B."
            seat = random.SystemRandom().choice(["A", "B"])
        return [*params, "draft=true"], cards, seat
    assert deck is not None
    from tabletop.games.radiant_arena.decks import deck_id

    ident = deck_id(deck)
    mine = spec.seat_of(seat or "1", 2) if seats is None else _first_human(seats)
    return [*params, f"deck_{'ab'[mine]}={ident}"], [*cards, deck], seat


def _first_human(seats: str) -> int:
    names = [n.strip() for n in seats.split(",") if n.strip()]
    return names.index("human") if "human" in names else 0


class DeckSaver:
    """Saves the deck a person drafted to ``path`` once the draft is done (once)."""

    def __init__(self, path: Path | None, humans: list[int], console: Console) -> None:
        self.path, self.humans, self.console = path, humans, console
        self.saved = path is None

    def __call__(self, state: State) -> None:
        if self.saved or getattr(state, "draft", None) is None or not getattr(
                state, "deck_list", ()):
            return
        from tabletop.core import game_id
        from tabletop.games.radiant_arena.decks import write_deck

        seat = self.humans[0]
        deck = state.deck_list[seat]  # type: ignore[attr-defined]
        mine = type(deck)("drafted", f"Drafted by Player {'AB'[seat]} (game "
                          f"{game_id(state.seed)})", deck.heroes, deck.items, deck.deity,
                          deck.conduits)
        assert self.path is not None
        write_deck(self.path, mine, state.cat)  # type: ignore[attr-defined]
        self.saved = True
        self.console.print(Text(f"Your drafted deck is saved to {self.path} (play it again "
                                f"with --deck {self.path}).", style="dim"), soft_wrap=True)


def chain(*calls: Callable[[State], Any]) -> Callable[[State], None]:
    """One on-change callback that runs each of ``calls`` in order."""
    def run(state: State) -> None:
        for call in calls:
            call(state)
    return run


# --- the draft's screen ------------------------------------------------------------------------


def render_draft(view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
    """The screen of the draft for one seat: the pick order with the step reached, the
    heroes left, the picks and bans, and this seat's secret choices (the other seat's only
    as counts)."""
    from rich.console import Group

    d = view["draft"]
    me = view["seat"] if view["seat"] is not None else 0
    parts: list[Any] = [Text("The draft (Now Let's Play! — Drafting)", style="bold")]
    order = Text("Order: ")
    for i, step in enumerate(d["order"]):
        word = f"{'AB'[step['seat']]} {step['action']}"
        style = "bold reverse" if i == d["step"] else ("dim" if i < d["step"] else "")
        order.append(word, style=style)
        order.append(" · " if i < len(d["order"]) - 1 else "")
    order.append(" · then each player's deity and three items, in secret",
                 style="bold reverse" if d["step"] >= len(d["order"]) else "")
    parts.append(order)
    parts.append(Text("Heroes left: " + (", ".join(d["pool"]) or "none")))
    parts.append(Text("Banned: " + (", ".join(d["bans"]) or "none")))
    for p in (me, 1 - me):
        entry = d["players"][p]
        who = "You" if p == me else "Opponent"
        label = labels[p] if p < len(labels) else ""
        line = Text(f"{who} ({'AB'[p]}, {label}): heroes {', '.join(entry['picks']) or '—'}")
        if p == me:
            line.append(f" · deity {entry['deity'] or '—'} · items "
                        f"{', '.join(entry['items'] or []) or '—'}")
        else:
            line.append(f" · deity {'chosen' if entry['deity_chosen'] else '—'} · "
                        f"{entry['items_chosen']} item(s) chosen (secret)")
        parts.append(line)
    parts.append(Text("`tabletop cards radiant-arena NAME` shows a card; the cards are "
                      "reconstructed by tabletop.", style="dim"))
    return Group(*parts)


# --- tabletop cards --------------------------------------------------------------------------


def pool(name: str | None, files: Sequence[Path]) -> RenderableType:
    """radiant-arena's card pool (a table), or one card in full (``tabletop cards``)."""
    from tabletop.games.radiant_arena.spec import catalog
    from tabletop.games.radiant_arena.text import texts
    from tabletop.games.radiant_arena.views import RECONSTRUCTED

    cat = catalog(",".join(str(p.resolve()) for p in files))
    generated = texts(cat)
    if name is not None:
        key = _find(cat, name)
        return Group(Text(card_text(cat, key, generated)), Text(RECONSTRUCTED, style="dim"))
    table = Table(title="Radiant: Offline Battle Arena — the card pool", box=box.SIMPLE_HEAD)
    table.add_column("kind", overflow="fold")
    table.add_column("id", no_wrap=True)  # ids are what the notation types: kept whole
    table.add_column("name", overflow="fold")
    table.add_column("", overflow="fold")
    table.add_column("text", overflow="fold", ratio=1)
    for u in sorted(cat.units.values(), key=lambda u: (u.is_deity, u.hero_class, u.id)):
        side = u.sides[0]
        stats = f"{side.attack}/{side.armor}/{side.health}"
        if u.is_deity:
            table.add_row("deity", u.id, u.name, stats, generated[u.id])
        else:
            table.add_row(f"hero ({u.hero_class})", u.id, u.name, stats + f" exp {side.exp}",
                          generated[f"{u.id}:0"])
    for k in sorted(cat.skills.values(), key=lambda k: (k.hero, not k.ultimate, k.id)):
        table.add_row("skill", k.id, k.name, f"{k.hero} x{k.count} {k.attack}/{k.armor}",
                      generated[k.id])
    for i in sorted(cat.items.values(), key=lambda i: i.id):
        # its stat bonuses and its type (weapon, armor) are not in its text: beside it
        extra = [_bonus(i)] if _bonus(i) != "none" else []
        extra += sorted(f"{k} item" for k in i.keywords)
        table.add_row("item", i.id, i.name, "; ".join([f"cost {i.cost}", *extra]),
                      generated[i.id] or i.text)
    for c in sorted(cat.conduits.values(), key=lambda c: c.id):
        table.add_row("conduit", c.id, c.name, "", generated[c.id])
    return Group(table, Text(RECONSTRUCTED + " `tabletop cards radiant-arena NAME` shows "
                                             "one card.", style="dim"))


def _bonus(item: Any) -> str:
    """An item's stat bonuses ("+1 attack, +2 armor"), or "none"."""
    return ", ".join(f"+{v} {n}" for n, v in (("attack", item.attack), ("armor", item.armor),
                                             ("health", item.health)) if v) or "none"


def _find(cat: Any, name: str) -> str:
    """A card by id or printed name (case and spacing aside)."""
    return find(name, [(c.id, c.name) for t in (cat.units, cat.skills, cat.items,
                                                cat.conduits) for c in t.values()], ARENA)


def card_text(cat: Any, key: str, generated: dict[str, str]) -> str:
    """One card as a player reads it: name, kind, numbers, keywords and text."""
    if key in cat.units:
        u = cat.units[key]
        if u.is_deity:
            s = u.sides[0]
            return "\n".join([
                f"{u.name} — deity (Divine)",
                f"attack {s.attack}, armor {s.armor}, health {s.health}; keywords: "
                f"{', '.join(sorted(s.keywords)) or 'none'}",
                f"conduits: {', '.join(cat.names[c] for c in u.conduits)}",
                generated[key] or "(no text)"])
        lines = [f"{u.name} — {u.hero_class} hero"]
        for n, s in enumerate(u.sides):
            exp = f", EXP {s.exp}" if s.exp is not None else ""
            lines.append(f"{'basic' if n == 0 else 'levelled'}: {s.subtitle} — attack "
                         f"{s.attack}, armor {s.armor}, health {s.health}{exp}; keywords: "
                         f"{', '.join(sorted(s.keywords)) or 'none'}"
                         + (f", Regen {s.regen}" if s.regen else ""))
            lines.append("  " + (generated[f"{key}:{n}"] or "(no text)"))
        sets = [k for k in cat.skills.values() if k.hero == key]
        lines.append("set: " + ", ".join(f"{k.name} x{k.count}" for k in sets))
        return "\n".join(lines)
    if key in cat.skills:
        k = cat.skills[key]
        kind = "Ultimate skill" if k.ultimate else "skill"
        return (f"{k.name} — {kind} of {cat.names[k.hero]} (x{k.count} in the set)\n"
                f"combat values: {k.attack} attack, {k.armor} armor\n"
                f"{generated[key] or k.text or '(no text)'}")
    if key in cat.items:
        i = cat.items[key]
        bonus = _bonus(i)
        return (f"{i.name} — item, cost {i.cost} power; bonuses: {bonus}; keywords: "
                f"{', '.join(sorted(i.keywords)) or 'none'}\n"
                f"{generated[key] or i.text or '(no text)'}")
    c = cat.conduits[key]
    deities = [u.name for u in cat.units.values() if key in u.conduits]
    return (f"{c.name} — conduit (ruined face; consecrated: Divine Conduit, attack "
            f"{cat.conduit_attack}, health {cat.conduit_health})\n"
            f"deities: {', '.join(deities) or 'none'}\n{generated[key]}")


__all__ = ["draft_and_deck", "DeckSaver", "chain", "pool", "card_text"]
