"""What a game's balance report tallies: the hook of the game contract that ``tabletop
balance GAME`` reads (issue 26, "One balance command for every game"; issue 30 put the
reports behind one hook in ``sim``).

A game fills in ``GameSpec.balance`` with a :class:`BalanceSpec`, declared once in its
package (its ``spec.py``):

- ``kinds``: the things it tallies (heroes, deities, items, skill cards, decks, cards ...),
  each a :class:`Kind` that knows every id of its kind and its printed name;
- ``tally``: from a finished game, a :class:`GameTally`: for every seat, the ids of each
  kind it had (drafted, kept, its deck) and, for the kinds that say so, the ids it played;
  which seat moved first; how many turns the game took;
- ``params``: the parameters of the games a report plays (radiant-arena drafts its decks,
  lightseekers deals each seat a random ready deck).

The simulation layer (``tabletop.sim.balance``) plays the games, calls ``tally`` in the
process that played each one, and folds the tallies into win rates with intervals, the
first seat's advantage, game lengths and "played and won" deltas, the same report for
every game. No game imports the simulation layer: the arrow points down, from there to
this declaration (layers: docs/adding-a-game.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import State

Names = Callable[[Mapping[str, Any]], Mapping[str, str]]


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of thing a report tallies.

    ``key`` names it in a tally and in the JSON (``"hero"``); ``title`` heads its table
    (``"Heroes"``); ``names`` gives, for the parameters of the games (card files among
    them), every id of the kind with its printed name, in the catalogue's order (an id
    no game used still gets a row). ``played``: the tally says which of these each seat
    played, so the report compares the games it was played in with those it was only
    held in. ``band``: the win rates the game's design aims within (radiant-arena's 40-60%
    for heroes, deities and items), a rate outside is marked. ``matchups``: each seat of
    a two-player game has one of these (a ready deck), and the report tabulates every
    pair that met."""

    key: str
    title: str
    names: Names
    played: bool = False
    band: tuple[float, float] | None = None
    matchups: bool = False


@dataclass(frozen=True, slots=True)
class SeatTally:
    """What one seat had in a game (``held``: kind key -> ids) and what it played
    (``played``: kind key -> ids, for the kinds with ``played``; each a subset of what it
    held). An id counts once per seat and game, however many copies."""

    held: Mapping[str, tuple[str, ...]]
    played: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GameTally:
    """One finished game's tally: a :class:`SeatTally` per seat, the seat that moved
    first (the rulebook's first player), the turns the game took (``None``: the game
    has no turns to count; the report then shows decisions only), and how it ended in a
    word or two that many games share ("deity KO"; empty: the outcome's reason)."""

    seats: tuple[SeatTally, ...]
    first: int = 0
    turns: int | None = None
    ending: str = ""


@dataclass(frozen=True, slots=True)
class BalanceSpec:
    """A game's balance report (see the module doc)."""

    kinds: tuple[Kind, ...]
    tally: Callable[[State], GameTally]
    params: Mapping[str, Any] = field(default_factory=dict)

    def kind(self, key: str) -> Kind:
        """The kind ``key``; ``KeyError`` if the game tallies none."""
        for k in self.kinds:
            if k.key == key:
                return k
        raise KeyError(key)


def distinct(ids: Iterable[object]) -> tuple[str, ...]:
    """The ids of an iterable, each once, in the order first seen (a seat's tally)."""
    seen: dict[str, None] = {}
    for x in ids:
        if x:
            seen.setdefault(str(x), None)
    return tuple(seen)


__all__ = ["BalanceSpec", "GameTally", "Kind", "Names", "SeatTally", "distinct"]
