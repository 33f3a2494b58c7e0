"""Text rendering for the environments: the public (spectator) view drawn by the
command line's renderer of the game, as plain text without colours."""

from __future__ import annotations

import io

from rich.console import Console

from tabletop.core import State


def render_text(state: State, width: int = 100) -> str:
    """The spectator's view of ``state`` as the terminal shows it, in plain text."""
    from tabletop.interfaces.cli.render import renderer_for

    view = state.view(None)
    labels = [state.label(s) for s in range(state.players)]
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, force_terminal=False,
                      highlight=False)
    console.print(renderer_for(state.spec.id)(view, labels))
    where = ("game over" if state.to_act is None
             else f"{state.label(state.to_act)} to act")
    return f"{buffer.getvalue()}{where}, after {len(state.history)} actions\n"
