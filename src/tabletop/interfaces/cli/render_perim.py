"""The radiant-perim screen: the map of Perim, the seats, the hand, the pool or the battle.

Reads only the view of one seat (see ``tabletop.games.radiant_perim.views``) and, for the
end-of-age screen, that seat's events; it imports nothing from the game. It fits a
100x40 terminal with the log and the legal actions below it: the four realms in two rows
as they lie on the board (clouds and mountains above, sea and forest below), one line per
seat, one line for the hand. Seats are 0-based in the view; the screen shows each seat by
its label (P1..P4, from the game's spec) and each side by its colour. The ranks are the
rulebook's ranking chart (Phase 3: War — Battles), lowest first; a mounted knight
outranks them all.
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

from tabletop.core import Event, get_spec

RANKS = ("assassin", "elder", "scout", "mount", "knight", "phalanx", "mounted knight")
# Each realm is drawn as seen from the centre: inner row 2 1 3, outer row 4 5 6.
LAYOUT = ((2, 1, 3), (4, 5, 6))
KEY = ("■ cube · free · $ coins (silver 3, copper 1) · T temple · ⇄ portal · ◆ tracker · "
       "map and cards reconstructed")


def _label(view: dict[str, Any], seat: int) -> str:
    """The label people see for a seat (P1 for seat 0)."""
    return get_spec(view["game"]).seat_label(seat)


def _side(view: dict[str, Any], side: int | None, text: str = "■") -> Text:
    if side is None:
        return Text("·", style="dim")
    colour = view["sides"][side]
    return Text(text, style=f"bold {colour}")


def _realm_races(view: dict[str, Any]) -> dict[str, str]:
    """The native race of each realm: the commonest native among its regions."""
    counts: dict[str, Counter[str]] = {}
    for r in view["regions"]:
        counts.setdefault(r["realm"], Counter()).update(r["natives"])
    return {realm: c.most_common(1)[0][0] for realm, c in counts.items()}


def _region_cell(view: dict[str, Any], region: dict[str, Any]) -> Text:
    """``5 ■ $3 T``: the region's number in its realm (the panel names the realm), its
    cube, coins, temple, portal and the battle tracker."""
    here = view["tracker"] == region["id"]
    cell = Text()
    cell.append(region["id"].rsplit("-", 1)[1], style="bold reverse" if here else "bold")
    cell.append(" ")
    cell.append_text(_side(view, region["control"]))
    coins = 3 * region["silver"] + region["copper"]
    if coins:
        cell.append(f" ${coins}", style="yellow")
    if region["temple"]:
        cell.append(" T", style="dim")
    if region["portal_twin"]:
        cell.append(" ⇄", style="cyan")
    if here:
        cell.append(" ◆", style="bold")
    return cell


def _realm(view: dict[str, Any], realm: str, race: str) -> Panel:
    by_number = {int(r["id"].rsplit("-", 1)[1]): r for r in view["regions"]
                 if r["realm"] == realm}
    grid = Table.grid(padding=(0, 1))
    for _ in range(3):
        grid.add_column(width=11, no_wrap=True)
    for row in LAYOUT:
        grid.add_row(*[_region_cell(view, by_number[n]) if n in by_number else Text()
                       for n in row])
    radiant = view["radiant"] == race
    title = Text(f"{realm}-1..6 · {race}")
    if radiant:
        title.append(" ★ Radiant", style="bold magenta")
    return Panel(grid, title=title, title_align="left", box=box.ROUNDED, padding=(0, 0),
                 border_style="magenta" if radiant else "white", expand=False)


def _links(view: dict[str, Any]) -> Text:
    """How the realms touch: the edges between realms and the portal pairs."""
    realms = list(dict.fromkeys(r["realm"] for r in view["regions"]))
    twins = sorted({tuple(sorted((r["id"], r["portal_twin"]))) for r in view["regions"]
                    if r["portal_twin"]})
    # Each realm borders the next one clockwise: its 3 the next's 2, its 6 the next's 4
    # (docs/rules/radiant-perim.md, The map of Perim); inside a realm, rows 2 1 3 / 4 5 6
    # share the edges drawn, and 1 touches the centre.
    portals = ", ".join(f"{a.rsplit('-', 1)[0]}–{b.rsplit('-', 1)[0]}" for a, b in twins)
    return Text(f"{'→'.join(realms)} clockwise: 3│next 2, 6│next 4 · portals 6⇄6 {portals}",
                style="dim")


def _board(view: dict[str, Any]) -> RenderableType:
    races = _realm_races(view)
    realms = list(dict.fromkeys(r["realm"] for r in view["regions"]))
    panels = [_realm(view, realm, races[realm]) for realm in realms]
    grid = Table.grid()
    grid.add_column()
    grid.add_column()
    # Clockwise from the top left, as the board lies.
    grid.add_row(panels[0], panels[1])
    grid.add_row(panels[3], panels[2])
    return Group(grid, _links(view), Text(KEY, style="dim"))


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


def _seats(view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
    """One line per seat: who plays it, side, score, hand, captured, coins, melds, and
    what is known of another seat's hand."""
    lines: list[RenderableType] = []
    me = view["seat"]
    for hand, captured, melds in zip(view["hands"], view["captured"], view["melds"],
                                     strict=True):
        seat, side = hand["seat"], hand["side"]
        line = Text("▶" if view["to_act"] == seat else " ", style="bold")
        line.append(_label(view, seat), style="bold" if seat == me else "")
        line.append(" D" if view["dealer"] == seat else "  ")
        line.append(f" {labels[seat] if seat < len(labels) else '?':<10.10}")
        line.append_text(_side(view, side, f"■ {view['sides'][side]:<6}"))
        line.append(f" score {view['scores'][side]:>2} · hand {hand['count']} · captured "
                    f"{captured['count']}")
        if captured["unseen"]:
            line.append(f" ({captured['unseen']} unseen)", style="dim")
        line.append(f" · coins {view['coins_taken'][side]}")
        if melds:
            line.append(f" · melds {', '.join(melds)}")
        if seat != me and (hand["known"] or hand["lacks"]):
            line.append(f"\n     holds {_cards(hand['known'])}", style="dim")
            if hand["lacks"]:
                line.append(f"; lacks {_cards(hand['lacks'], missing=True)}", style="dim")
        lines.append(line)
    return Group(*lines)


def _pool(view: dict[str, Any]) -> Text:
    pool, slots = view["pool"], view["pool_slots"]
    text = Text(f"Drafting pool (deck {view['deck']}):", style="bold")
    for row in "abc":
        text.append("\n ")
        for col in "123":
            card = pool[slots.index(row + col)]
            text.append(f" {row}{col} ", style="bold")
            text.append(f"{card or '—':<22}", style="" if card else "dim")
    return text


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
        counts = f"{natives} (native; also Radiant)"
    else:
        counts = f"{natives} (native) or {view['radiant']} (Radiant)"
    lines.append(f" — counts: {counts}; ${coins} at stake")
    if view["need_move"]:
        lines.append(f"\n  {_label(view, view['to_act'])} moves the battle tracker next.")
    for play in battle["plays"]:
        cards = " + ".join(play["cards"])
        rank = RANKS[play["rank"]] if 0 <= play["rank"] < len(RANKS) else str(play["rank"])
        note = "" if play["counts"] else "  (neither native nor Radiant)"
        lines.append(f"\n  {_label(view, play['seat'])}: {cards}  ranks as {rank}{note}")
    if not battle["plays"] and not view["need_move"]:
        lines.append("\n  no card played yet")
    if battle["winning"] is not None:
        lines.append(f"\n  winning: {_label(view, battle['winning'])}", style="bold")
    if battle["may_pass"]:
        lines.append(f"   (may pass: {', '.join(_label(view, p) for p in battle['may_pass'])})")
    return lines


def render(view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
    """The screen of one seat of radiant-perim."""
    head = Text()
    head.append(f"Age {view['age']}/3 · {view['phase']}", style="bold")
    head.append(f" · dealer {_label(view, view['dealer'])} · Radiant ")
    head.append(view["radiant"], style="bold magenta")
    head.append(" ·")
    for i, colour in enumerate(view["sides"]):
        head.append(f" {colour} {view['scores'][i]}", style=f"bold {colour}")
    parts: list[RenderableType] = [head, _board(view), _seats(view, labels)]
    me = view["seat"]
    if me is not None:
        mine = view["hands"][me].get("cards", [])
        hand = Text(f"Your hand ({len(mine)}): ", style="bold")
        hand.append(_cards(mine))
        if view.get("my_melds"):
            hand.append(f" · set aside to meld (secret): {', '.join(view['my_melds'])}",
                        style="cyan")
        parts.append(hand)
    if view["phase"] == "recruit":
        parts.append(_pool(view))
    elif view["phase"] == "war":
        parts.append(_battle(view))
    if "outcome" in view:
        out = view["outcome"]
        winners = " and ".join(_label(view, s) for s in out["winners"])
        parts.append(Text(f"Game over: {winners} win — {out['reason']}", style="bold green"))
    return Group(*parts)


def pause(events: Sequence[Event], view: dict[str, Any]) -> RenderableType | None:
    """The end-of-age scoring screen, once an age has been scored among ``events`` (a
    seat's copies): majorities realm by realm, coins, printed coins and the scores."""
    ended = [e for e in events if e.kind == "age_ends"]
    if not ended:
        return None
    age = ended[-1].fields["age"]
    sides = view["sides"]
    table = Table(title=f"End of age {age}: scoring", box=box.SIMPLE_HEAD)
    table.add_column("")
    for colour in sides:
        table.add_column(colour, justify="right", style=colour)
    for e in events:
        f = e.fields
        if e.kind == "realm_scored" and f["age"] == age:
            table.add_row(f"{f['realm']} (cubes · points)",
                          *[f"{c} · {p}" for c, p in zip(f["cubes"], f["points"], strict=True)])
        elif e.kind == "coins_scored" and f["age"] == age:
            table.add_row("coins taken in battle", *map(str, f["coins"]))
        elif e.kind == "card_coins_scored":
            per_side = [0] * len(sides)
            for seat, n in enumerate(f["printed"]):
                per_side[view["hands"][seat]["side"]] += n
            table.add_row("coins printed on captured cards", *map(str, per_side))
    table.add_row(Text("score after the age", style="bold"),
                  *[Text(str(s), style="bold") for s in ended[-1].fields["scores"]])
    return table
