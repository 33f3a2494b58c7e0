"""The GameSpec of hoshi-battle."""

from __future__ import annotations

from tabletop.core import GameSpec, ParamSpec

from .actions import GRAMMAR
from .data import catalog
from .events import KINDS
from .rules import HoshiState
from .words import words

RULES_VERSION = "2"

SPEC = GameSpec(
    id="hoshi-battle",
    name="Hoshi Battle (reconstructed)",
    player_counts=(2, 3, 4, 5),
    rules_version=RULES_VERSION,
    rulebook="hoshi-duel.txt",
    state=HoshiState,
    params={
        "strike": ParamSpec(str, "model", "how strikes are decided: model (a probability "
                            "per situation) or live (a referee's real-time strike)"),
        "strike_chance": ParamSpec(int, 70, "the strike model: percent chance a strike "
                                   "lands (Swift +15, Elusive -15)", low=5, high=95),
        "deal": ParamSpec(int, 5, "cards dealt of each kind (5; the variant: 4; five "
                          "players: always 4); three of each are kept", low=4, high=5),
        "deck1": ParamSpec(str, "", "Constructed Deck Variant (two players): P1's three "
                           "Heroes and three Duel cards, comma-separated ids", private=True),
        "deck2": ParamSpec(str, "", "Constructed Deck Variant: P2's deck", private=True),
        "budget": ParamSpec(int, 16, "Constructed Deck Variant: the most a deck may Cost",
                            low=0, high=60),
    },
    default_players=2,
    card_ids=catalog().ids,
    notation=GRAMMAR,
    encoding="tabletop.games.hoshi_battle.tensors",
    balance="tabletop.games.hoshi_battle.balance",
    event_kinds=KINDS,
    words=words,  # each action in words for people (words.py)
)
