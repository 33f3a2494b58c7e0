"""What a game reports on its balance: the hook ``tabletop.sim.reports`` runs (issue 30, "The
balance reports go behind one hook in ``sim``").

A game declares its report as data and one function, in a module it names in
``GameSpec.balance`` (a dotted module name, imported only by the simulation layer, like
``GameSpec.encoding``), as the module's ``REPORT``, a :class:`BalanceSpec`:

- its **tallies**: what is counted per card, each a column of the report ("kept: games
  won"): for every card, how many times it took part and its share of the wins;
- its **sections**: the tables of the report, a row per card with the card's own
  columns (name, cost ...) and the tallies shown;
- ``count``: from a finished game, every ``(tally, card, win)`` to add (``win`` the share
  of a win: 1, 0, or a tie's part).

The simulation layer plays the games, replays each record, counts, and writes the rates
with their intervals, so no game imports it (layers: docs/adding-a-game.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State

Count = tuple[str, str, float]  # (tally key, card id, share of a win)


@dataclass(frozen=True, slots=True)
class Tally:
    """One count kept per card: ``key`` (as ``count`` names it) and its column's header."""

    key: str
    column: str


@dataclass(frozen=True, slots=True)
class Section:
    """One table of the report: ``columns`` head the card's own cells, given by ``rows``
    (each card id with its cells, in the catalogue's order), then the ``tallies`` shown."""

    title: str
    columns: tuple[str, ...]
    rows: Callable[[], list[tuple[str, tuple[str, ...]]]]
    tallies: tuple[Tally, ...]


@dataclass(frozen=True, slots=True)
class BalanceSpec:
    """A game's balance report. ``players``: the seats of the games played; ``sort``: the
    tally the rows are ordered by (best rate first); ``flag``: the tally whose interval,
    wholly above or below one half, marks a card strong or weak."""

    players: int
    sections: tuple[Section, ...]
    count: Callable[[State], Iterable[Count]]
    sort: str
    flag: str


__all__ = ["BalanceSpec", "Count", "Section", "Tally"]
