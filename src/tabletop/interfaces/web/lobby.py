"""What the lobby shows of each game: player counts, parameters, seat labels and teams.

Everything comes from the game's spec and a throw-away game (``State.team``), except the
choices of a parameter a person picks from a list (radiant-arena's decks), which a game
may add to :data:`CHOICES`, and the values suggested for a free-text parameter
(lightseekers' decks: one name, ``random``, or a list by seat), in :data:`SUGGESTIONS`.
Parameters that name files on the server (``paths=True``, card files) are left out: the
web server never takes them (a private table's card files are uploaded instead, their
text with the request: usercards.py; ``card_files`` says whether a game takes them).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from tabletop.core import GameSpec, TabletopError, new_game


def _arena_decks() -> dict[str, list[str]]:
    # The packaged card catalogue: the decks a person may choose (public data).
    from tabletop.games.radiant_arena.spec import catalog

    decks = sorted(catalog().decks)
    return {"deck_a": decks, "deck_b": decks}


def _lightseekers_decks() -> dict[str, list[str]]:
    # The ready decks (public data) and "random"; a list by seat is typed by hand.
    from tabletop.games.lightseekers.data import catalog
    from tabletop.games.lightseekers.rules import RANDOM

    return {"decks": [RANDOM, *sorted(catalog().decks)]}


# game id -> a function giving {parameter: [allowed values]} (a game's own web module
# would register itself here).
CHOICES: dict[str, Callable[[], dict[str, list[Any]]]] = {
    "radiant-arena": _arena_decks,
    # how strikes are decided: the game's two modes (hoshi_battle.spec's "strike")
    "hoshi-battle": lambda: {"strike": ["model", "live"]},
}
# game id -> a function giving {parameter: [values suggested]}: the field stays free text.
SUGGESTIONS: dict[str, Callable[[], dict[str, list[Any]]]] = {
    "lightseekers": _lightseekers_decks,
}


def server_only(spec: GameSpec) -> frozenset[str]:
    """The parameters a web client may not set: they name files on the server."""
    return frozenset(n for n, p in spec.params.items() if p.paths)


@cache
def _teams(game: str, players: int) -> list[list[int]] | None:
    """The seats of each side when partners share one, else ``None``."""
    try:
        state = new_game(game, players=players, seed=0)
    except TabletopError:
        return None
    if state.teams == players:
        return None
    sides: list[list[int]] = [[] for _ in range(state.teams)]
    for s in range(players):
        sides[state.team(s)].append(s)
    return sides


def bracket_for(game: str, players: int) -> str:
    """The rating bracket of a game for that many players (as ratings.bracket_of says
    of a game being played): ``teams`` when partners share a side, ``1v1`` for two,
    ``ffa`` for more."""
    if _teams(game, players) is not None:
        return "teams"
    return "1v1" if players == 2 else "ffa"


def game_info(spec: GameSpec) -> dict[str, Any]:
    """The lobby's description of a game."""
    choices = CHOICES[spec.id]() if spec.id in CHOICES else {}
    suggestions = SUGGESTIONS[spec.id]() if spec.id in SUGGESTIONS else {}
    params = [{"name": name, "type": p.type.__name__, "default": p.default, "help": p.help,
               "choices": choices.get(name), "suggestions": suggestions.get(name)}
              for name, p in spec.params.items() if name not in server_only(spec)]
    return {
        "id": spec.id, "name": spec.name, "player_counts": list(spec.player_counts),
        "default_players": spec.default_players, "rules_version": spec.rules_version,
        "labels": {str(n): list(spec.seat_labels(n)) for n in spec.player_counts},
        "teams": {str(n): t for n in spec.player_counts
                  if (t := _teams(spec.id, n)) is not None},
        "params": params, "notation": spec.notation,
        # user card files may be uploaded with a private table (usercards.py)
        "card_files": bool(spec.card_files and "cards" in spec.params),
    }
