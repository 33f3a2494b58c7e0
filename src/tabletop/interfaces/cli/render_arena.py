"""The radiant-arena screen: three lanes with heroes and conduits, hands, power, combat.

Reads only the view of one seat (see ``tabletop.games.radiant_arena.views``); it imports
nothing from the game. The board fits a 100x40 terminal with the log and the legal
actions below it: one line a unit, one line a card of the hand or the shop (its text cut
to the line); the `cards` command (:func:`cards`) prints every card's whole text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from . import arena

SIDE_STYLE = ("bold cyan", "bold magenta")
KEY = ("⚔ attack ⛨ armor ♥ health left/health ★ levelled ⏸ committed [item] · `cards`: "
       "whole texts · cards reconstructed")


def _unit_line(u: dict[str, Any]) -> Text:
    """One line (cut to the lane's width): name, stats, committed, keywords, item."""
    if u.get("hidden"):
        return Text("face-down deity", style="dim", no_wrap=True)
    star = "★" if u["levelled"] else ""
    text = Text(f"{u['name']}{star}", style=SIDE_STYLE[u["owner"]], no_wrap=True,
                overflow="ellipsis")
    text.append(f" {u['attack']}⚔{u['armor']}⛨ {u['health'] - u['damage']}/{u['health']}♥")
    if u["committed"]:
        text.append(" ⏸", style="bold red")
    if u["keywords"]:
        text.append(" " + ",".join(u["keywords"]), style="dim")
    if u["item"]:
        text.append(f" [{u['item']}]", style="yellow")
    return text


def _conduit(c: dict[str, Any], label: str) -> Text:
    if c["ruined"]:
        return Text(f"{label} conduit ruined: {c['name']}", style="dim", no_wrap=True,
                    overflow="ellipsis")
    text = Text(f"{label} conduit {c['health'] - c['damage']}/{c['health']}♥ {c['attack']}⚔",
                style="underline", no_wrap=True, overflow="ellipsis")
    if c["name"]:
        text.append(f" {c['name']}", style="dim")
    return text


def render(view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
    """The whole screen for one seat."""
    if view.get("phase") == "draft":  # the draft has its own screen (issue 12)
        from .arena import render_draft

        return render_draft(view, labels)
    me = view["seat"] if view["seat"] is not None else 0
    foe = 1 - me
    parts: list[RenderableType] = []
    active = "A" if view["active"] == 0 else "B"
    head = Text(f"Turn {view['turn']} · player {active} is active · {view['phase']} · "
                f"{view['action_points']} action point(s)", style="bold")
    parts.append(head)
    lanes = Table(box=box.SIMPLE_HEAD, expand=True, padding=(0, 1), pad_edge=False,
                  show_edge=False)
    for lane in view["lanes"]:
        lanes.add_column(lane, ratio=1)
    rows: list[list[RenderableType]] = []
    for seat, label in ((foe, "their"), (me, "your")):
        conduits = view["players"][seat]["conduits"]
        cells: list[RenderableType] = []
        for i, lane in enumerate(view["lanes"]):
            units = [u for u in view["units"] if u["owner"] == seat and u["zone"] == lane]
            lines = [_unit_line(u) for u in units] or [Text("—", style="dim")]
            conduit = _conduit(conduits[i], label)
            cells.append(Group(*lines, conduit) if seat == me else Group(conduit, *lines))
        rows.append(cells)
    lanes.add_row(*rows[0])
    lanes.add_row(*rows[1])
    parts.append(lanes)
    for seat in (me, foe):
        p = view["players"][seat]
        who = "You" if seat == me else "Opponent"
        home = [u for u in view["units"] if u["owner"] == seat and u["zone"] == "home"]
        away = ", ".join("face-down deity" if u.get("hidden") else u["name"] for u in home)
        line = Text(f"{who} ({p['name']}, {labels[seat] if seat < len(labels) else ''}): "
                    f"power {p['power']} · hand {p['hand']} · deck {p['deck']} · "
                    f"shop {p['shop']} · buyback {'ready' if p['buyback'] else 'used'}"
                    f"{' · home: ' + away if away else ''}", style=SIDE_STYLE[seat])
        parts.append(line)
    mine = view["players"][me]
    if "cards" in mine:
        parts.append(_cards("Your hand", mine["cards"], mine.get("card_texts", {})))
        parts.append(_cards("Your shop", mine["shop_items"], mine.get("card_texts", {})))
    combat = view.get("combat")
    if combat:
        clashes = ", ".join(f"{c['hero']}: {c['card'] or 'face down'}"
                            for c in combat["clashes"]) or "none"
        line = Text("Combat: ", style="bold red")
        line.append(f"{', '.join(combat['attackers'])} (attack {combat['attack']}) → "
                    f"{combat['defender'] or 'choosing a target'} in the {combat['lane']} lane"
                    f"{' (blocked)' if combat['blocked'] else ''} · clashes: {clashes}")
        parts.append(line)
    parts.append(Text(KEY, style="dim"))
    return Group(*parts)


def _cards(title: str, ids: Sequence[str], faces: dict[str, Any]) -> RenderableType:
    """A hand or shop, one card a line: count, name (id), combat values or cost, and as
    much of its text as the line holds."""
    if not ids:
        return Text(f"{title}: empty", style="bold")
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
    for cid in dict.fromkeys(ids):  # one line per card name, with its count
        face = faces.get(cid, {})
        table.add_row(f"{ids.count(cid)}× {face.get('name', cid)} ({cid})", _stats(face),
                      Text(face.get("text", ""), style="dim"))
    return Group(Text(title, style="bold"), table)


def _stats(face: dict[str, Any]) -> str:
    if face.get("kind") == "item":
        bonus = [f"+{face[k]}{sym}" for k, sym in (("attack", "⚔"), ("armor", "⛨"),
                                                   ("health", "♥")) if face.get(k)]
        return ", ".join([f"cost {face['cost']}", *bonus, *face.get("keywords", [])])
    return f"{face.get('attack', 0)}⚔/{face.get('armor', 0)}⛨"


def cards(view: dict[str, Any]) -> RenderableType:
    """Every card this seat can read, whole: the units in play and at home (their side in
    use), the conduits it knows, and the skill cards and items of its hand and shop."""
    parts: list[RenderableType] = [Text("Every card you can see", style="bold")]
    for u in view["units"]:
        if u.get("hidden"):
            continue
        line = Text(f"{u['name']}{'★' if u['levelled'] else ''}", style=SIDE_STYLE[u["owner"]])
        line.append(f" ({u['id']}, player {'AB'[u['owner']]}, {u['zone']})")
        if u.get("subtitle"):
            line.append(f" — {u['subtitle']}")
        line.append(f": {u['attack']}⚔ {u['armor']}⛨ {u['health']}♥")
        if u.get("exp") is not None:
            line.append(f" · level up for {u['exp']} power")
        if u["keywords"]:
            line.append(f" · {', '.join(u['keywords'])}")
        if u.get("text"):
            line.append(f"\n    {u['text']}", style="dim")
        sides = u.get("sides") or []
        if len(sides) == 2:  # a hero: the side it is not on
            other = sides[0 if u["levelled"] else 1]
            word = "basic side" if u["levelled"] else "levelled side"
            line.append(f"\n    {word}: {other['subtitle']}, {other['attack']}⚔ "
                        f"{other['armor']}⛨ {other['health']}♥"
                        + (f" · {', '.join(other['keywords'])}" if other["keywords"] else "")
                        + (f" — {other['text']}" if other["text"] else ""), style="dim")
        item = u.get("item_card")
        if item:
            line.append(f"\n    equipped: {item['name']} ({_stats(item)})"
                        + (f" — {item['text']}" if item["text"] else ""), style="yellow")
        parts.append(line)
    for p in view["players"]:
        for c in p["conduits"]:
            if c["name"]:
                state = "ruined" if c["ruined"] else "consecrated"
                line = Text(f"{c['name']} (conduit of player {p['name']}, {c['lane']}, "
                            f"{state})")
                if c.get("text"):
                    line.append(f"\n    {c['text']}", style="dim")
                parts.append(line)
    me = view["seat"]
    if me is not None:
        mine = view["players"][me]
        faces = mine.get("card_texts", {})
        for cid in dict.fromkeys([*mine.get("cards", []), *mine.get("shop_items", [])]):
            face = faces.get(cid, {})
            line = Text(f"{face.get('name', cid)} ({cid}, {face.get('kind', 'card')}) "
                        f"{_stats(face)}")
            line.append(f"\n    {face.get('text', '')}", style="dim")
            parts.append(line)
    parts.append(Text(KEY, style="dim"))
    return Group(*parts)


# ``tabletop cards``: the whole card pool (it reads the card files, not a view).
pool = arena.pool
