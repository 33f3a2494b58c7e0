"""The GameSpec of hoshi-battle."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core import GameSpec, ParamSpec, State
from tabletop.core.balance import BalanceSpec, GameTally, Kind, SeatTally, distinct

from .actions import GRAMMAR
from .data import catalog
from .events import KINDS
from .rules import HoshiState
from .words import words

RULES_VERSION = "2"


def tally(state: State) -> GameTally:
    """What a finished game counts for the balance report (docs/balance/hoshi-battle.md):
    each seat's kept Heroes and Duel cards (three and three of the five dealt), the
    Heroes it sent into a Duel and the Duel cards it played; the first Duel's starting
    player; the rounds fought."""
    assert isinstance(state, HoshiState)
    cat = state.cat
    fought: list[list[str]] = [[] for _ in range(state.players)]
    played: list[list[str]] = [[] for _ in range(state.players)]
    first, rounds = None, 0
    for e in state.events:
        f = e.fields
        if e.kind == "duel":
            first = f["starter"] if first is None else first
            for seat, hero in enumerate(f["fighters"]):
                fought[seat].append(hero)
        elif e.kind == "play":
            played[f["seat"]].append(f["card"])
        elif e.kind == "round":
            rounds += 1
    seats = []
    for seat in range(state.players):
        kept = distinct((*state.hands[seat], *state.exiled[seat], *state.cards[seat],
                         *state.in_play[seat], *state.used[seat]))
        heroes = tuple(c for c in kept if c in cat.heroes)
        cards = tuple(c for c in kept if c in cat.cards)
        seats.append(SeatTally({"hero": heroes, "card": cards},
                               {"hero": distinct(fought[seat]),
                                "card": distinct(played[seat])}))
    return GameTally(tuple(seats), first or 0, rounds)


def _heroes(params: Mapping[str, Any]) -> dict[str, str]:
    return {h: hero.name for h, hero in catalog(params.get("cards", "")).heroes.items()}


def _cards(params: Mapping[str, Any]) -> dict[str, str]:
    return {c: card.name for c, card in catalog(params.get("cards", "")).cards.items()}


BALANCE = BalanceSpec(
    kinds=(Kind("hero", "Heroes", _heroes, played=True),
           Kind("card", "Duel cards", _cards, played=True)),
    tally=tally,
)

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
        "cards": ParamSpec(str, "", "extra card files, comma-separated (--cards)",
                           paths=True),
    },
    default_players=2,
    card_ids=catalog().ids,
    notation=GRAMMAR,
    encoding="tabletop.games.hoshi_battle.tensors",
    balance=BALANCE,  # what `tabletop balance` tallies (tally above)
    card_files="tabletop.games.hoshi_battle.cardfiles",
    event_kinds=KINDS,
    words=words,  # each action in words for people (words.py)
)
