"""The GameSpec of radiant-arena."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from tabletop.core import GameSpec, ParameterError, ParamSpec

from .actions import GRAMMAR
from .data import Catalog, load_catalog
from .events import KINDS
from .rules import ArenaState, new_state

RULES_VERSION = "2"  # 2: structured events, strict scenarios, cards by id in positions


@cache
def catalog(cards: str = "") -> Catalog:
    """The packaged cards plus any user card files (comma-separated paths)."""
    return load_catalog([Path(p) for p in cards.split(",") if p])


def new_from_params(seed: int, params: dict[str, Any], deploy: bool = True) -> ArenaState:
    """A game with validated decks; ``deploy=False`` skips running to the first decision."""
    cat = catalog(params.get("cards", ""))
    for key in ("deck_a", "deck_b"):
        if params[key] not in cat.decks:
            raise ParameterError(f"radiant-arena: unknown deck {params[key]!r} for {key} "
                                 f"(decks: {', '.join(sorted(cat.decks))})")
    ids = [*_deck_units(cat, params["deck_a"]), *_deck_units(cat, params["deck_b"])]
    if len(set(ids)) != len(ids):
        raise ParameterError("radiant-arena: the two decks share a hero or deity "
                             f"({', '.join(sorted({i for i in ids if ids.count(i) > 1}))})")
    if deploy:
        return new_state(cat, seed, params)
    return ArenaState(2, seed, params, cat)


def seat_label(seat: int) -> str:
    """Players are A and B, as in the rulebook (A deploys first)."""
    return "AB"[seat]


def _deck_units(cat: Catalog, deck: str) -> list[str]:
    d = cat.decks[deck]
    return [*d.heroes, d.deity]


def _from_data(data: Mapping[str, Any]) -> ArenaState:
    from .positions import from_data

    return from_data(data)


SPEC = GameSpec(
    id="radiant-arena",
    name="Radiant: Offline Battle Arena",
    player_counts=(2,),
    rules_version=RULES_VERSION,
    rulebook="radiant-offline-battle-arena.txt",
    factory=lambda players, seed, params: new_from_params(seed, params),
    from_data=_from_data,
    encoding="tabletop.games.radiant_arena.tensors",
    params={
        "deck_a": ParamSpec(str, "a", "player A's deck id (starter deck a)"),
        "deck_b": ParamSpec(str, "b", "player B's deck id (starter deck b)"),
        "cards": ParamSpec(str, "", "extra card files, comma-separated (--cards)",
                           paths=True),
    },
    default_players=2,
    notation=GRAMMAR,
    seat_label=seat_label,
    event_kinds=KINDS,
)
ArenaState.spec = SPEC
