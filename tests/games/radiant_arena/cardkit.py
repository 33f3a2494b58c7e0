"""Helpers for the radiant-arena card tests: small scenarios, actions, and the card texts.

A scenario is built with :func:`arena`: heroes placed with :func:`at`, hands and decks
given explicitly (so every draw is known), conduits in a fixed order. The card texts come
from the data files, so every test can quote its card's printed text and check the quote.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.radiant_arena import ArenaState
from tabletop.games.radiant_arena.spec import catalog

# The event helpers, shared with the rule tests.
from .helpers import found as found
from .helpers import happened as happened
from .helpers import index_of as index_of
from .helpers import kinds as kinds
from .helpers import scenario, with_banished

GAME = "radiant-arena"
CAT = catalog()
A, B = 0, 1
LEFT, CENTER, RIGHT = 0, 1, 2
# Conduit order used by every scenario unless a test says otherwise (lane: left, center,
# right), so that "the conduit at this location" is known.
CONDUITS_A = ("gift-of-the-elements", "natures-bounty", "ancient-wisdom")
CONDUITS_B = ("gift-of-the-elements", "natures-bounty", "smite")


def at(zone: str, *, damage: int = 0, committed: bool = False, levelled: bool = False,
       item: str = "") -> dict[str, Any]:
    """A unit entry of the scenario format."""
    return {"zone": zone, "damage": damage, "committed": committed, "levelled": levelled,
            "item": item}


def conduits(a: tuple[dict[str, Any], ...] | None = None,
             b: tuple[dict[str, Any], ...] | None = None) -> list[list[dict[str, Any]]]:
    """The conduits of both seats (fixed order), with optional damage/ruined overrides."""
    out = []
    for ids, over in ((CONDUITS_A, a), (CONDUITS_B, b)):
        row = [{"id": c, "damage": 0, "ruined": False} for c in ids]
        for lane, extra in enumerate(over or ()):
            row[lane].update(extra)
        out.append(row)
    return out


def arena(units: dict[str, str | dict[str, Any]], *, hands: tuple[list[str], list[str]] = ([], []),
          draw_piles: tuple[list[str], list[str]] | None = None, active: int = A, ap: int = 3,
          power: tuple[int, int] = (0, 0), phase: str = "action", turn: int | None = None,
          **extra: Any) -> ArenaState:
    """A scenario position: units by id (a lane name or an :func:`at` entry).

    ``draw_piles``: the cards on top of both skill decks, top card last (the rest of each
    deck is every skill card of the seat's heroes not placed elsewhere, shuffled). The turn
    is the active player's third (5 for A, 6 for B) unless given."""
    turn = 5 + active if turn is None else turn
    data: dict[str, Any] = {
        "game": GAME, "turn": turn, "active": active, "phase": phase, "action_points": ap,
        "power": list(power), "hands": [list(hands[0]), list(hands[1])],
        "units": {k: (at(v) if isinstance(v, str) else v) for k, v in units.items()},
        "conduits": conduits(),
    }
    if draw_piles is not None:
        data["deck_tops"] = [list(draw_piles[0]), list(draw_piles[1])]
    data.update(extra)
    return scenario(with_banished(data))


def play(s: ArenaState, *actions: str) -> ArenaState:
    """Apply actions in order (each must be legal)."""
    for a in actions:
        s.apply(a)
    return s


def legal(s: ArenaState) -> list[str]:
    """The legal actions' texts."""
    return [a.to_text() for a in s.legal_actions()]


def u(s: ArenaState, name: str) -> int:
    """A unit's slot."""
    return s.names[name]


def dmg(s: ArenaState, name: str) -> int:
    """Damage on a unit."""
    return s.dmg[s.names[name]]


def zone(s: ArenaState, name: str) -> int:
    """A unit's zone (lane 0..2, HOME -1, VOID -2)."""
    return s.zone[s.names[name]]


def committed(s: ArenaState, name: str) -> bool:
    """Whether a unit is committed."""
    return bool(s.comm[s.names[name]])


def skill_text(card: str) -> str:
    """A skill card's printed text (data files)."""
    return CAT.skills[card].text


def item_text(card: str) -> str:
    """An item's printed text."""
    return CAT.items[card].text


def conduit_text(card: str) -> str:
    """A conduit's ruined text."""
    return CAT.conduits[card].text


def unit_text(card: str, levelled: bool = False) -> str:
    """A hero side's (or a deity's) printed text."""
    return CAT.units[card].sides[int(levelled)].text


def quotes(doc: str | None, text: str) -> bool:
    """Whether a docstring quotes ``text`` (whitespace-insensitive)."""
    return " ".join(text.split()) in " ".join((doc or "").split())


def end_turn(s: ArenaState) -> ArenaState:
    """Pass the action phase and skip revive and shop, until the next player's turn has
    begun (its preparation phase done); the active player must have a card to draw."""
    seat = s.active
    play(s, "pass")
    while s.active == seat and s.to_act is not None:
        if "pass" in legal(s):
            s.apply("pass")
        else:
            s.apply(legal(s)[0])
    return s
