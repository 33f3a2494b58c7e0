"""The GameSpec of Goofspiel: what the game is, before any state exists."""

from __future__ import annotations

from tabletop.core import GameSpec, ParamSpec

from .actions import GRAMMAR
from .events import KINDS
from .rules import GoofState
from .words import words

# Bumped whenever the rules change (what is legal, what happens): records of another
# version are refused, and the golden playthroughs (make golden) say when to bump it.
RULES_VERSION = "1"

SPEC = GameSpec(
    id="goofspiel",
    name="Goofspiel (tabletop's template game)",
    player_counts=(2, 3, 4),
    rules_version=RULES_VERSION,
    rulebook="goofspiel.txt",  # in this package: found by tabletop check
    state=GoofState,           # builds games and reads positions (GoofState.from_data)
    params={"cards": ParamSpec(int, 13, "cards per suit (fewer: a shorter game)", low=3,
                               high=13)},
    default_players=2,
    notation=GRAMMAR,
    event_kinds=KINDS,
    words=words,               # each action in words for people (words.py)
)
