"""The GameSpec of radiant-perim."""

from __future__ import annotations

from tabletop.core import GameSpec

from .actions import CATALOG, GRAMMAR
from .events import KINDS
from .rules import PerimState
from .words import words

# 2: seats and sides 0-based in data (views, events, scenarios), events with kinds and
# fields, the assassination target written @p2.
RULES_VERSION = "3"


def _from_data(data: object) -> PerimState:
    from .positions import from_data

    return from_data(data, PerimState)  # type: ignore[arg-type]


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
)
