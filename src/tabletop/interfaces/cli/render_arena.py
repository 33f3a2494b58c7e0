"""The radiant-arena screen: three lanes with heroes and conduits, hands, power, combat.

Reads only the view of one seat (see ``tabletop.games.radiant_arena.views``); it imports
nothing from the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

SIDE_STYLE = ("bold cyan", "bold magenta")


def _unit_line(u: dict[str, Any]) -> Text:
    if u.get("hidden"):
        return Text("face-down deity", style="dim")
    state = "committed" if u["committed"] else "ready"
    star = "★" if u["levelled"] else ""
    text = Text(f"{u['name']}{star}", style=SIDE_STYLE[u["owner"]])
    text.append(f" {u['attack']}⚔ {u['armor']}⛨ {u['health'] - u['damage']}/{u['health']}♥"
                f" {state}")
    if u["item"]:
        text.append(f" [{u['item']}]", style="yellow")
    if u["keywords"]:
        text.append(" " + ",".join(u["keywords"]), style="dim")
    return text


def _conduit(c: dict[str, Any], label: str) -> Text:
    if c["ruined"]:
        return Text(f"{label} conduit: ruined ({c['name']})", style="dim")
    name = f" — {c['name']}" if c["name"] else ""
    return Text(f"{label} conduit: {c['health'] - c['damage']}/{c['health']}♥ "
                f"{c['attack']}⚔{name}")


def render(view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
    """The whole screen for one seat."""
    me = view["seat"] if view["seat"] is not None else 0
    foe = 1 - me
    parts: list[RenderableType] = []
    active = "A" if view["active"] == 0 else "B"
    head = Text(f"Turn {view['turn']} · player {active} is active · {view['phase']} · "
                f"{view['action_points']} action point(s)", style="bold")
    parts.append(head)
    lanes = Table(box=box.SIMPLE_HEAVY, expand=True)
    for lane in view["lanes"]:
        lanes.add_column(lane, ratio=1)
    rows: list[list[RenderableType]] = []
    for seat, label in ((foe, "their"), (me, "your")):
        conduits = view["players"][seat]["conduits"]
        cells: list[RenderableType] = []
        for i, lane in enumerate(view["lanes"]):
            units = [u for u in view["units"] if u["owner"] == seat and u["zone"] == lane]
            lines = [_unit_line(u) for u in units] or [Text("—", style="dim")]
            cells.append(Group(_conduit(conduits[i], label), *lines))
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
        parts.append(Panel(Text(
            f"Attackers {', '.join(combat['attackers'])} (attack {combat['attack']}) → "
            f"{combat['defender'] or 'choosing a target'} in the {combat['lane']} lane"
            f"{' (blocked)' if combat['blocked'] else ''} · clashes: {clashes}"),
            title="Combat"))
    parts.append(Text(view["note"], style="dim italic"))
    return Group(*parts)


def _cards(title: str, ids: Sequence[str], faces: dict[str, Any]) -> RenderableType:
    """A hand or shop, one card a line with its combat values or cost and its text."""
    if not ids:
        return Text(f"{title}: empty")
    table = Table(title=title, box=box.SIMPLE, show_header=False, title_justify="left",
                  pad_edge=False)
    for cid in dict.fromkeys(ids):  # one line per card name, with its count
        face = faces.get(cid, {})
        count = ids.count(cid)
        if face.get("kind") == "item":
            stats = f"cost {face['cost']}"
        else:
            stats = f"{face.get('attack', 0)}/{face.get('armor', 0)}"
        table.add_row(f"{count}× {face.get('name', cid)} ({cid})", stats,
                      Text(face.get("text", ""), style="dim"))
    return table
