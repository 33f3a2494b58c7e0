"""The radiant-perim screen: the map of Perim, hands, drafting pool, battle and scores.

Reads only the view of one seat (see ``tabletop.games.radiant_perim.views``); it imports
nothing from the game. Seats and sides are 0-based in the view; the screen shows each seat
by its label (P1..P4, from the game's spec) and each side by its colour. The ranks are the
rulebook's ranking chart (Phase 3: War — Battles), lowest first; a mounted knight outranks
them all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop.core import get_spec

RANKS = ("assassin", "elder", "scout", "mount", "knight", "phalanx", "mounted knight")
# Each realm is drawn as seen from the centre: inner row 2 1 3, outer row 4 5 6.
LAYOUT = ((2, 1, 3), (4, 5, 6))
LEGEND = "■ side in control · $ coin points (silver 3, copper 1) · ◆ battle tracker"


def _label(view: dict[str, Any], seat: int) -> str:
    """The label people see for a seat (P1 for seat 0)."""
    return get_spec(view["game"]).seat_label(seat)


def _side_text(view: dict[str, Any], side: int | None) -> Text:
    if side is None:
        return Text("· free", style="dim")
    colour = view["sides"][side]
    return Text(f"■ {colour}", style=f"bold {colour}")


def _realm_races(view: dict[str, Any]) -> dict[str, str]:
    """The native race of each realm: the commonest native among its regions."""
    counts: dict[str, Counter[str]] = {}
    for r in view["regions"]:
        counts.setdefault(r["realm"], Counter()).update(r["natives"])
    return {realm: c.most_common(1)[0][0] for realm, c in counts.items()}


def _region_cell(view: dict[str, Any], region: dict[str, Any], race: str) -> Text:
    """Two lines: the region (◆ when the tracker is there, ⇄ for a portal), then its
    controlling side and the coin points on it."""
    here = view["tracker"] == region["id"]
    cell = Text()
    cell.append(region["id"], style="bold reverse" if here else "bold")
    if here:
        cell.append("◆", style="bold")
    if len(region["natives"]) > 1:
        cell.append("⇄", style="cyan")
    cell.append("\n")
    cell.append_text(_side_text(view, region["control"]))
    coins = 3 * region["silver"] + region["copper"]
    if coins:
        cell.append(f" ${coins}", style="yellow")
    return cell


def _realm(view: dict[str, Any], realm: str, race: str) -> Panel:
    regions = [r for r in view["regions"] if r["realm"] == realm]
    by_number: dict[int, dict[str, Any]] = {}
    for i, r in enumerate(regions):
        tail = r["id"].rsplit("-", 1)[-1]
        by_number[int(tail) if tail.isdigit() else i + 1] = r
    grid = Table.grid(padding=(0, 1))
    for _ in range(3):
        grid.add_column(width=12)
    for row in LAYOUT:
        grid.add_row(*[_region_cell(view, by_number[n], race) if n in by_number else Text()
                       for n in row])
    radiant = view["radiant"] == race
    title = Text(f"{realm.capitalize()} · {race}")
    if radiant:
        title.append(" ★ Radiant", style="bold magenta")
    return Panel(grid, title=title, title_align="left", box=box.ROUNDED, padding=(0, 0),
                 border_style="magenta" if radiant else "white", expand=False)


def _board(view: dict[str, Any]) -> RenderableType:
    races = _realm_races(view)
    realms = list(dict.fromkeys(r["realm"] for r in view["regions"]))
    panels = [_realm(view, realm, races[realm]) for realm in realms]
    grid = Table.grid()
    grid.add_column()
    grid.add_column()
    if len(panels) == 4:
        # Clockwise from the top left, as the board lies.
        grid.add_row(panels[0], panels[1])
        grid.add_row(panels[3], panels[2])
    else:
        for i in range(0, len(panels), 2):
            grid.add_row(*panels[i:i + 2])
    tracker = view["tracker"]
    where = Text("◆ Battle tracker: ", style="bold")
    if tracker is None:
        where.append("the centre of the board")
    else:
        region = next(r for r in view["regions"] if r["id"] == tracker)
        where.append(f"{tracker} ({' and '.join(region['natives'])} native)")
    twins: dict[str, list[str]] = {}
    for r in view["regions"]:
        if len(r["natives"]) > 1:
            twins.setdefault("+".join(r["natives"]), []).append(r["id"])
    lines: list[RenderableType] = [grid, where]
    if twins:
        lines.append(Text("⇄ portals: " + "; ".join(f"{' & '.join(ids)} native to {races}"
                                                    for races, ids in twins.items()),
                          style="dim"))
    lines.append(Text(LEGEND, style="dim"))
    return Group(*lines)


def _cards(cards: Sequence[str], missing: bool = False) -> str:
    """``avis: assassin×2, mount · mariner: knight`` — grouped by race, ranks ascending.

    With ``missing`` (card types known to be missing) a whole race reads ``avis: any``.
    """
    if not cards:
        return "—"
    groups: dict[str, Counter[str]] = {}
    for c in cards:
        race, _, rank = c.partition(".")
        groups.setdefault(race, Counter())[rank] += 1
    parts = []
    for race, ranks in groups.items():
        if missing and set(ranks) >= set(RANKS[:-1]):
            parts.append(f"{race}: any")
            continue
        names = [f"{rank}×{n}" if n > 1 else rank
                 for rank, n in sorted(ranks.items(), key=lambda kv: _rank_index(kv[0]))]
        parts.append(f"{race}: {', '.join(names)}")
    return " · ".join(parts)


def _rank_index(rank: str) -> int:
    return RANKS.index(rank) if rank in RANKS else len(RANKS)


def _players(view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, expand=False, show_edge=False)
    for name in ("seat", "side", "player", "score", "hand", "captured", "melds shown"):
        table.add_column(name, no_wrap=name != "melds shown")
    me = view["seat"]
    known_lines: list[RenderableType] = []
    for hand, captured, melds in zip(view["hands"], view["captured"], view["melds"], strict=True):
        seat = hand["seat"]
        mark = "▶" if view["to_act"] == seat else " "
        dealer = " D" if view["dealer"] == seat else ""
        label = labels[seat] if seat < len(labels) else "?"
        cap = str(captured["count"])
        if captured["unseen"]:
            cap += f" ({captured['unseen']} unseen)"
        table.add_row(
            f"{mark}{_label(view, seat)}{dealer}",
            _side_text(view, hand["side"]),
            Text(label, style="bold" if seat == me else ""),
            str(view["scores"][hand["side"]]),
            str(hand["count"]),
            cap,
            ", ".join(melds) or "—",
        )
        if seat != me and (hand["known"] or hand["lacks"]):
            line = Text(f"{_label(view, seat)} is known to hold: ")
            line.append(_cards(hand["known"]))
            if hand["lacks"]:
                line.append(f"; known not to hold: {_cards(hand['lacks'], missing=True)}",
                            style="dim")
            known_lines.append(line)
    return Group(table, *known_lines)


def _pool(view: dict[str, Any]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, header_style="bold", pad_edge=False, show_edge=False)
    table.add_column("")
    for col in "123":
        table.add_column(col, justify="center", min_width=20)
    pool, slots = view["pool"], view["pool_slots"]
    for row in "abc":
        cells = []
        for col in "123":
            i = slots.index(row + col)
            cells.append(Text(pool[i] or "—", style="bold" if pool[i] else "dim"))
        table.add_row(Text(row, style="bold"), *cells)
    return table


def _battle(view: dict[str, Any]) -> RenderableType:
    battle = view["battle"]
    tracker = view["tracker"]
    if tracker is None:
        return Text("No battle yet: the battle tracker is at the centre.")
    region = next(r for r in view["regions"] if r["id"] == tracker)
    lines = Text()
    coins = region["silver"] * 3 + region["copper"]
    lines.append(f"Battle of {tracker}", style="bold")
    natives = " or ".join(region["natives"])
    if view["radiant"] in region["natives"]:
        counts = f"{natives} (native; {view['radiant']} is also Radiant)"
    else:
        counts = f"{natives} (native) or {view['radiant']} (Radiant)"
    lines.append(f" — counts: {counts}; {coins} coin points at stake\n")
    if view["need_move"]:
        lines.append(f"{_label(view, view['to_act'])} moves the battle tracker next.\n")
    for play in battle["plays"]:
        cards = " + ".join(play["cards"])
        rank = RANKS[play["rank"]] if 0 <= play["rank"] < len(RANKS) else str(play["rank"])
        note = "" if play["counts"] else "  (neither native nor Radiant)"
        lines.append(f"  {_label(view, play['seat'])}: {cards}  ranks as {rank}{note}\n")
    if not battle["plays"] and not view["need_move"]:
        lines.append("  no card played yet\n")
    if battle["winning"] is not None:
        lines.append(f"  winning: {_label(view, battle['winning'])}", style="bold")
    if battle["may_pass"]:
        lines.append(f"   (may pass: {', '.join(_label(view, p) for p in battle['may_pass'])})")
    return lines


def render(view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
    """The screen of one seat of radiant-perim."""
    radiant = view["radiant"]
    realm = next((r for r, race in _realm_races(view).items() if race == radiant), "?")
    head = Text()
    head.append(f"Age {view['age']} of 3 · {view['phase']} phase", style="bold")
    head.append(f" · dealer {_label(view, view['dealer'])} · Radiant: ")
    head.append(f"{radiant} (native to {realm.capitalize()})", style="bold magenta")
    scores = Text("Scores: ")
    for i, colour in enumerate(view["sides"]):
        seats = [_label(view, h["seat"]) for h in view["hands"] if h["side"] == i]
        scores.append(f"{colour} {view['scores'][i]}", style=f"bold {colour}")
        scores.append(f" ({', '.join(seats)})   ")
    parts: list[RenderableType] = [head, scores, _board(view),
                                   _players(view, labels)]
    me = view["seat"]
    if me is not None:
        mine = view["hands"][me].get("cards", [])
        hand = Text(f"Your hand ({len(mine)}): ", style="bold")
        hand.append(_cards(mine))
        parts.append(hand)
        if view.get("my_melds"):
            parts.append(Text(f"Set aside to meld (secret until revealed): "
                              f"{', '.join(view['my_melds'])}", style="cyan"))
    if view["phase"] == "recruit":
        parts.append(Text(f"Drafting pool (deck: {view['deck']} cards)", style="bold"))
        parts.append(_pool(view))
    elif view["phase"] == "war":
        parts.append(_battle(view))
    if "outcome" in view:
        out = view["outcome"]
        winners = " and ".join(_label(view, s) for s in out["winners"])
        parts.append(Text(f"Game over: {winners} win — {out['reason']}", style="bold green"))
    parts.append(Text(view.get("note", ""), style="dim italic"))
    return Group(*parts)
