"""Difficulty levels for people: ``easy``, ``normal`` and ``hard`` mapped to agents.

Each level lists agent names from the preferred down; a game gets the first one that
plays it (``greedy`` and ``heuristic`` exist per game, ``random`` and ``ismcts`` play
every game):

- ``easy``: the one-step ``greedy`` agent (else ``random``);
- ``normal``: the ``heuristic`` agent (else ISMCTS with a small budget);
- ``hard``: ISMCTS with one second a decision.
"""

from __future__ import annotations

from tabletop.core import ParameterError

from .base import make_agent

DIFFICULTIES: dict[str, tuple[str, ...]] = {
    "easy": ("greedy", "random"),
    "normal": ("heuristic", "ismcts:200"),
    "hard": ("ismcts:1s",),
}


def difficulty_agent(level: str, game_id: str) -> str:
    """The agent name that plays ``game_id`` at ``level``; raises ``ParameterError``."""
    key = level.strip().lower()
    if key not in DIFFICULTIES:
        raise ParameterError(f"unknown difficulty {level!r} (known: {', '.join(DIFFICULTIES)})")
    for name in DIFFICULTIES[key]:
        try:
            make_agent(name, game_id, 0)
        except ParameterError:
            continue
        return name
    raise ParameterError(f"no agent plays {game_id} at difficulty {key}")
