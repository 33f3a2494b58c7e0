"""The GameSpec of Lightseekers."""

from __future__ import annotations

from tabletop.core import GameSpec, ParamSpec

from .actions import GRAMMAR
from .data import catalog
from .events import KINDS
from .rules import LsState
from .words import words

RULES_VERSION = "2"

SPEC = GameSpec(
    id="lightseekers",
    name="Lightseekers TCG",
    player_counts=(2, 3, 4, 5, 6),
    rules_version=RULES_VERSION,
    rulebook="lightseekers-tcg.txt",
    state=LsState,
    params={"decks": ParamSpec(str, "", "each seat's ready deck, comma-separated by seat "
                                        "and cycled (default: the six Orders' decks in turn), "
                                        "or random: a different one each, drawn from the "
                                        "seed")},
    default_players=2,
    card_ids=tuple(c.id for c in catalog().cards) + tuple(h.id for h in catalog().heroes),
    notation=GRAMMAR,
    encoding="tabletop.games.lightseekers.tensors",
    event_kinds=KINDS,
    words=words,  # each action in words for people (words.py)
)
