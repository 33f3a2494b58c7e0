"""The Lightseekers screen: every hero (2 to 6) with health, Victory Points, Elements,
power and armor, buffs (with their active corners) and items; your hand; a combo being
paid for. Reads only the view of one seat (see ``tabletop.games.lightseekers.views``); it
imports nothing from the game. It fits a 100x40 terminal with the log and the legal
actions below it: two lines a hero, one line a card in hand (its text cut to the line;
with a big hand, names only); the `cards` command (:func:`cards`) prints every card's
whole text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from . import pools

WIDTH = 100
SEAT_STYLE = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue",
              "bold red")
KEY = ("cards reconstructed · ♥ health ★ VP ⚔ power ⛨ armor · CAPS: superior Element · "
       "[corner] of a rotating buff")
FULL_HAND = 8  # more cards than this: names only


def _name(view: dict[str, Any], cid: str) -> str:
    info = view["cards"].get(cid)
    return info["name"] if info else cid


def _label(labels: Sequence[str], seat: int) -> str:
    """The seat (P1...), with the player's name when the table gives one."""
    name = labels[seat] if seat < len(labels) else ""
    tag = f"P{seat + 1}"
    return tag if not name or name == tag else f"{tag} ({name})"


def _tag(seat: int | None) -> str:
    return "—" if seat is None else f"P{seat + 1}"


def _elements(hero: dict[str, Any]) -> str:
    return " ".join(e.upper() if lv == "superior" else e.capitalize()
                    for e, lv in hero["elements"].items())


def _hero_lines(view: dict[str, Any], hero: dict[str, Any], labels: Sequence[str]
                ) -> tuple[Text, Text]:
    seat = hero["seat"]
    style = SEAT_STYLE[seat % len(SEAT_STYLE)]
    mark = "▶" if view["active"] == seat and view["to_act"] is not None else " "
    head = Text(f"{mark}{_label(labels, seat)} ", style=style, no_wrap=True,
                overflow="ellipsis")
    head.append(hero["name"], style=style)
    if not hero["in_game"]:
        head.append(f"  defeated · {hero['vp']}★", style="dim")
        return head, Text("")
    head.append(f"  {hero['health']}♥ {hero['vp']}★ {hero['power']}⚔ {hero['armor']}⛨")
    head.append(f"  hand {hero['hand']} deck {hero['deck']} discard {len(hero['discard'])}")
    if hero["target"] is not None and hero["target"] != hero["enemy"]:
        head.append(f"  →{_tag(hero['target'])} ←{_tag(hero['enemy'])}", style="dim")
    head.append(f"  {_elements(hero)}", style="dim")
    board = Text("    ", no_wrap=True, overflow="ellipsis")
    parts = []
    for b in hero["buffs"]:
        corner = f"[{b['corner']}]" if "corner" in b else ""
        parts.append(Text(f"{_name(view, b['card'])}{corner}",
                          style="" if b["active"] else "dim"))
    if parts:
        board.append("buffs: ", style="dim")
        for i, p in enumerate(parts):
            board.append(p)
            if i < len(parts) - 1:
                board.append(", ")
    if hero["items"]:
        board.append("  items: " if parts else "items: ", style="dim")
        board.append(", ".join(_name(view, c) for c in hero["items"]), style="yellow")
    if not parts and not hero["items"]:
        board.append("no buffs, no items", style="dim")
    return head, board


def render(view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
    """The whole screen for one seat (or a spectator)."""
    active = view["active"]
    head = Text(f"Turn {view['turn']} · {_label(labels, active)}'s turn · "
                f"{view['step']} · actions {view['actions']}/2", style="bold")
    if view["combo_played"]:
        head.append(" · combo played")
    if view["used"]:
        head.append(f" · used: {', '.join(view['used'])}", style="dim")
    parts: list[RenderableType] = [head, Text(KEY, style="dim", no_wrap=True,
                                              overflow="ellipsis")]
    for hero in view["heroes"]:
        parts.extend(_hero_lines(view, hero, labels))
    paying = view.get("paying")
    if paying:
        line = Text(f"{_label(labels, paying['seat'])} pays for "
                    f"{_name(view, paying['combo'])}: {', '.join(paying['symbols'])}",
                    style="bold yellow", no_wrap=True, overflow="ellipsis")
        if paying["paid"]:
            line.append(f" · paid: {', '.join(_name(view, c) for c in paying['paid'])}")
        parts.append(line)
    returning = view.get("returning")
    if returning:
        parts.append(Text(f"{_label(labels, returning['seat'])} moves {returning['left']} "
                          "more discarded card(s) back into the deck", style="bold yellow"))
    hand = view.get("hand")
    if hand is not None:
        parts.append(_hand(view, hand))
    if "outcome" in view:
        out = view["outcome"]
        winners = " and ".join(_label(labels, s) for s in out["winners"])
        parts.append(Text(f"Game over: {winners} wins ({out['reason']}).", style="bold green"))
    return Group(*parts)


def _hand(view: dict[str, Any], hand: list[str]) -> RenderableType:
    title = Text(f"Your hand ({len(hand)}):", style="bold")
    if len(hand) > FULL_HAND:
        title.append(" " + ", ".join(_name(view, c) for c in hand))
        return Text.assemble(title, no_wrap=False)
    lines: list[RenderableType] = [title]
    for cid in hand:
        info = view["cards"].get(cid, {})
        kind = info.get("type", "?")
        element = info.get("element") or "+".join(info.get("elements", []))
        line = Text(f"  {info.get('name', cid)}", style="bold", no_wrap=True,
                    overflow="ellipsis")
        line.append(f" ({'combo ' if info.get('combo') else ''}{kind}, {element}): ",
                    style="dim")
        line.append(info.get("text", ""))
        lines.append(line)
    return Group(*lines)


def cards(view: dict[str, Any]) -> RenderableType:
    """Every card this seat can read, whole: its hand and the cards in play, and the
    heroes' traits."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, width=WIDTH)
    table.add_column("card", style="bold", no_wrap=True)
    table.add_column("what")
    table.add_column("text (reconstructed)")
    for hero in view["heroes"]:
        table.add_row(hero["name"], "hero " + _elements(hero), hero["trait"])
    for info in view["cards"].values():
        what = info["type"] + (" combo" if info.get("combo") else "")
        element = info.get("element") or "+".join(info.get("elements", []))
        if info.get("weight"):
            what += f", {info['weight']} pt"
        table.add_row(info["name"], f"{what}, {element}", info["text"])
    return table


# ``tabletop cards``: the whole card pool (it reads the card files, not a view).
pool = pools.lightseekers
