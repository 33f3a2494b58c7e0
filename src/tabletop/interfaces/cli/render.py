"""Screens for the terminal: a renderer per game id, and a generic fallback.

A renderer turns one seat's view (``State.view(seat)``, plain JSON-ready data) into Rich
renderables; it never sees the state. ``labels`` names the player of each seat
("you", "greedy", ...), seat 1 first.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.syntax import Syntax

from tabletop.core import Event

Renderer = Callable[[dict[str, Any], Sequence[str]], RenderableType]
# A screen to stop at (the end of an age) given a seat's new events and view, or None.
Pause = Callable[[Sequence[Event], dict[str, Any]], "RenderableType | None"]


def render_generic(view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
    """Any game: the view as indented JSON, with the seats' players above it."""
    players = ", ".join(f"seat {i + 1}: {name}" for i, name in enumerate(labels))
    body = Syntax(json.dumps(view, indent=2, ensure_ascii=False), "json",
                  theme="ansi_dark", word_wrap=True)
    return Panel(body, title=f"view of seat {view.get('seat', '?')}", subtitle=players)


def renderer_for(game_id: str) -> Renderer:
    """The renderer of ``game_id``, or :func:`render_generic` for a game without one."""
    if game_id == "radiant-perim":
        from . import render_perim

        return render_perim.render
    if game_id == "radiant-arena":
        from . import render_arena

        return render_arena.render
    return render_generic


def pause_for(game_id: str) -> Pause | None:
    """The game's screen to stop at between decisions (radiant-perim: the end-of-age
    scoring), or ``None``."""
    if game_id == "radiant-perim":
        from . import render_perim

        return render_perim.pause
    return None


def cards_for(game_id: str) -> Renderer | None:
    """The game's card reference for the ``cards`` command (every card a seat can read,
    whole), or ``None``."""
    if game_id == "radiant-arena":
        from . import render_arena

        return lambda view, labels: render_arena.cards(view)
    return None
