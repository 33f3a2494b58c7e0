"""The terminal screen of Goofspiel (``tabletop.renderers`` plugin): the prize, every
hand (hands are open), who has bid, and the scores. Reads one seat's view only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text


def render(view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
    """The screen of one seat."""
    head = Text(f"Round {view['round']} · prize ", style="bold")
    head.append(str(view["prize"] or "—"), style="bold yellow")
    head.append(f" · {view['deck']} prize cards face down")
    table = Table(box=None, pad_edge=False)
    for col in ("seat", "player", "score", "bid", "hand"):
        table.add_column(col)
    for seat, hand in enumerate(view["hands"]):
        mine = seat == view["seat"]
        bid = (str(view.get("my_bid")) if mine and view.get("my_bid") else
               "face down" if view["bid"][seat] else "—")
        table.add_row(f"{'▶' if view['to_act'] == seat else ' '}P{seat + 1}",
                      labels[seat] if seat < len(labels) else "", str(view["scores"][seat]),
                      bid, " ".join(map(str, hand)))
    return Group(head, table, Text(view["note"], style="dim italic"))
