"""Screens for the terminal: a renderer per game id, and a generic fallback.

A renderer turns one seat's view (``State.view(seat)``, plain JSON-ready data) into Rich
renderables; it never sees the state. ``labels`` names the player of each seat
("you", "greedy", ...), seat 0 first. Games add theirs through the ``tabletop.renderers``
entry-point group; the CLI names no game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, cast

from rich.console import RenderableType
from rich.panel import Panel
from rich.syntax import Syntax

from tabletop.core import Event
from tabletop.core.plugins import load_group

Renderer = Callable[[dict[str, Any], Sequence[str]], RenderableType]
# A screen to stop at (the end of an age) given a seat's new events and view, or None.
Pause = Callable[[Sequence[Event], dict[str, Any]], "RenderableType | None"]


def render_generic(view: dict[str, Any], labels: Sequence[str]) -> RenderableType:
    """Any game: the view as indented JSON, with the seats' players above it."""
    players = ", ".join(f"P{i + 1}: {name}" for i, name in enumerate(labels))
    body = Syntax(json.dumps(view, indent=2, ensure_ascii=False), "json",
                  theme="ansi_dark", word_wrap=True)
    return Panel(body, title=f"view of seat {view.get('seat', '?')}", subtitle=players)


def _screen(game_id: str) -> Any | None:
    """The game's screen plugin (``tabletop.renderers`` entry point: the game id -> a
    module or object with ``render(view, labels)`` and, optionally, ``pause(events,
    view)``, ``cards(view)``, ``referee`` and ``pool(name, files)``), or ``None``; a
    broken one raises ``PluginError``."""
    return load_group("tabletop.renderers").get(game_id)


def renderer_for(game_id: str) -> Renderer:
    """The renderer of ``game_id``, or :func:`render_generic` for a game without one."""
    screen = _screen(game_id)
    return render_generic if screen is None else cast(Renderer, screen.render)


def pause_for(game_id: str) -> Pause | None:
    """The game's screen to stop at between decisions (radiant-perim: the end-of-age
    scoring), or ``None``."""
    return getattr(_screen(game_id), "pause", None)


# A referee of decisions no player makes (a real-time strike: hoshi-battle): given the
# spectator's view, the people's seats and the console, the action text, or None.
Referee = Callable[[dict[str, Any], Sequence[int], Any], "str | None"]


def referee_for(game_id: str) -> Referee | None:
    """The game's referee (an optional ``referee`` of its screen plugin), or ``None``."""
    return getattr(_screen(game_id), "referee", None)


def pool_for(game_id: str) -> Callable[[str | None, Sequence[Any]], RenderableType] | None:
    """The game's card pool for ``tabletop cards`` (an optional ``pool(name, files)`` of
    its screen plugin: every card with its text, or the card ``name`` in full; ``files``:
    extra card files), or ``None``."""
    return getattr(_screen(game_id), "pool", None)


def cards_for(game_id: str) -> Renderer | None:
    """The game's card reference for the ``cards`` command (every card a seat can read,
    whole), or ``None``."""
    cards = getattr(_screen(game_id), "cards", None)
    return None if cards is None else (lambda view, labels: cards(view))
