"""The GameSpec of Lightseekers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core import Chance, GameSpec, ParamSpec, State
from tabletop.core.balance import BalanceSpec, GameTally, Kind, SeatTally, distinct

from .actions import GRAMMAR
from .data import catalog
from .events import KINDS
from .rules import LsState, decks_for
from .words import words

RULES_VERSION = "2"


def tally(state: State) -> GameTally:
    """What a finished game counts for the balance report (docs/balance/lightseekers.md):
    each seat's hero, ready deck and the cards of its deck (combos too), and the cards it
    played (action cards and combos); the seat drawn to play first; the turns."""
    assert isinstance(state, LsState)
    cat = state.cat
    # The seats' decks as the game drew them: decks_for reads the seed's chance first.
    decks = decks_for(cat, state.players, state.params.get("decks", ""), Chance(state.seed))
    played: list[list[str]] = [[] for _ in range(state.players)]
    for e in state.events:
        if e.kind in ("play", "combo"):
            played[e.fields["seat"]].append(e.fields["card"])
    seats = []
    for seat, d in enumerate(decks):
        deck = cat.decks[d]
        held = {"hero": (deck.hero,), "deck": (deck.id,),
                "card": distinct((*deck.combos, *(c for c, _ in deck.cards)))}
        seats.append(SeatTally(held, {"card": distinct(played[seat])}))
    return GameTally(tuple(seats), state.order[0], state.turn)


def _heroes(params: Mapping[str, Any]) -> dict[str, str]:
    return {h.id: h.name for h in catalog(params.get("cards", "")).heroes}


def _decks(params: Mapping[str, Any]) -> dict[str, str]:
    return {d.id: d.name for d in catalog(params.get("cards", "")).decks.values()}


def _cards(params: Mapping[str, Any]) -> dict[str, str]:
    return {c.id: c.name for c in catalog(params.get("cards", "")).cards}


BALANCE = BalanceSpec(
    kinds=(Kind("hero", "Heroes", _heroes), Kind("deck", "Ready decks", _decks, matchups=True),
           Kind("card", "Cards", _cards, played=True)),
    tally=tally,
    params={"decks": "random"},  # a different ready deck each, drawn from the seed
)

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
                                        "seed"),
            "cards": ParamSpec(str, "", "extra card files, comma-separated (--cards)",
                               paths=True)},
    default_players=2,
    card_ids=tuple(c.id for c in catalog().cards) + tuple(h.id for h in catalog().heroes),
    notation=GRAMMAR,
    encoding="tabletop.games.lightseekers.tensors",
    balance=BALANCE,  # what `tabletop balance` tallies (tally above)
    event_kinds=KINDS,
    words=words,  # each action in words for people (words.py)
    card_files="tabletop.games.lightseekers.cardfiles",
)
