"""The GameSpec of radiant-arena."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from tabletop.core import GameSpec, ParameterError, ParamSpec

from .actions import GRAMMAR
from .data import Catalog, deck_problems, load_catalog
from .events import KINDS
from .positions import from_data
from .rules import ArenaState, new_state
from .words import words

# 2: structured events, strict scenarios, cards by id in positions; 3: the rules kernel
# (tabletop.cards): its data in positions, new event kinds, decks that may share a deity;
# 4: the card pool loaded by default, the draft (its decisions, events and positions).
RULES_VERSION = "4"


@cache
def catalog(cards: str = "") -> Catalog:
    """The packaged cards plus any user card files (comma-separated paths)."""
    return load_catalog([Path(p) for p in cards.split(",") if p])


def new_from_params(seed: int, params: dict[str, Any], deploy: bool = True) -> ArenaState:
    """A game with validated decks; ``deploy=False`` skips running to the first decision."""
    cat = catalog(params.get("cards", ""))
    for key in () if params.get("draft") else ("deck_a", "deck_b"):
        if params[key] not in cat.decks:
            raise ParameterError(f"radiant-arena: unknown deck {params[key]!r} for {key} "
                                 f"(decks: {', '.join(sorted(cat.decks))})")
        d = cat.decks[params[key]]
        problems = deck_problems(cat, d.heroes, d.items, d.deity, d.conduits)
        if problems:  # the deck construction rules, wherever a deck enters the engine
            raise ParameterError(f"radiant-arena: deck {d.id!r} for {key}: " + "; ".join(
                f"{f}: {m}" for f, m in problems))
    if deploy:
        return new_state(cat, seed, params)
    return ArenaState(2, seed, params, cat)


def seat_label(seat: int) -> str:
    """Players are A and B, as in the rulebook (A deploys first)."""
    return "AB"[seat]


def _from_data(data: Mapping[str, Any]) -> ArenaState:
    return from_data(data, lambda seed, params: new_from_params(seed, params, deploy=False),
                     lambda params: SPEC.check_params(2, params))


SPEC = GameSpec(
    id="radiant-arena",
    name="Radiant: Offline Battle Arena",
    player_counts=(2,),
    rules_version=RULES_VERSION,
    rulebook="radiant-offline-battle-arena.txt",
    state=ArenaState,  # its constructor also takes the catalog: built by the factory
    factory=lambda players, seed, params: new_from_params(seed, params),
    from_data=_from_data,
    encoding="tabletop.games.radiant_arena.tensors",
    params={
        "deck_a": ParamSpec(str, "a", "player A's deck id (starter deck a)"),
        "deck_b": ParamSpec(str, "b", "player B's deck id (starter deck b)"),
        "cards": ParamSpec(str, "", "extra card files, comma-separated (--cards)",
                           paths=True),
        "draft": ParamSpec(bool, False, "draft the decks first (pick and ban heroes, then "
                           "a secret deity and three items each); deck_a and deck_b are "
                           "not used"),
    },
    default_players=2,
    notation=GRAMMAR,
    seat_label=seat_label,
    event_kinds=KINDS,
    words=words,  # each action in words for people (words.py)
)
