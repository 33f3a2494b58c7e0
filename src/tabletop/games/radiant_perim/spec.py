"""The GameSpec of radiant-perim."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core import GameSpec, State
from tabletop.core.balance import BalanceSpec, GameTally, Kind, SeatTally, distinct

from .actions import CATALOG, GRAMMAR
from .events import CARD_NAMES, KINDS, MELD_NAMES
from .rules import PerimState
from .words import words

# 2: seats and sides 0-based in data (views, events, scenarios), events with kinds and
# fields, the assassination target written @p2.
RULES_VERSION = "3"


def _from_data(data: object) -> PerimState:
    from .positions import from_data

    return from_data(data, PerimState)  # type: ignore[arg-type]


def tally(state: State) -> GameTally:
    """What a finished game counts for the balance report (docs/balance/radiant-perim.md):
    each seat's cards over the three ages (dealt or drafted in Recruit) and those it
    played in a War, and the melds it revealed; P1, left of the first dealer, drafts
    first. Ages have no turns to count (decisions only)."""
    assert isinstance(state, PerimState)
    n = state.players
    held: list[list[str]] = [[] for _ in range(n)]
    played: list[list[str]] = [[] for _ in range(n)]
    melds: list[list[str]] = [[] for _ in range(n)]
    for e in state.events:
        f = e.fields
        if e.kind == "dealt":
            held[f["seat"]].extend(f["cards"])
        elif e.kind == "pick":
            held[f["seat"]].append(f["card"])
        elif e.kind == "play":
            played[f["seat"]].extend(f["cards"])
        elif e.kind in ("assassination", "assassination_failed"):
            played[f["seat"]].append(f["assassin"])
        elif e.kind == "melds_revealed":
            melds[f["seat"]].extend(m["meld"] for m in f["melds"])
    seats = tuple(SeatTally({"card": distinct(held[s]), "meld": distinct(melds[s])},
                            {"card": distinct(c for c in played[s] if c in held[s])})
                  for s in range(n))
    return GameTally(seats, 0, None)


def _cards(params: Mapping[str, Any]) -> dict[str, str]:
    return dict(CARD_NAMES)


def _melds(params: Mapping[str, Any]) -> dict[str, str]:
    return dict(MELD_NAMES)


BALANCE = BalanceSpec(
    kinds=(Kind("card", "Cards", _cards, played=True), Kind("meld", "Melds", _melds)),
    tally=tally,
)

SPEC = GameSpec(
    id="radiant-perim",
    name="Radiant (Tin Shoe Games)",
    player_counts=(2, 3, 4),
    rules_version=RULES_VERSION,
    rulebook="radiant-tin-shoe-games.txt",
    state=PerimState,
    from_data=_from_data,
    default_players=3,
    notation=GRAMMAR,
    card_ids=tuple(f"perim.{CATALOG.card_slug(t)}" for t in range(CATALOG.n_types)),
    event_kinds=KINDS,
    words=words,  # each action in words for people (words.py)
    encoding="tabletop.games.radiant_perim.tensors",
    balance=BALANCE,  # what `tabletop balance` tallies (tally above)
)
