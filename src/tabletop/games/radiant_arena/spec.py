"""The GameSpec of radiant-arena."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from tabletop.cards.files import CATALOGS_KEPT
from tabletop.core import GameSpec, ParameterError, ParamSpec, State
from tabletop.core.balance import BalanceSpec, GameTally, Kind, SeatTally, distinct

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


@lru_cache(maxsize=CATALOGS_KEPT)
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


def tally(state: State) -> GameTally:
    """What a finished game counts for the balance report (docs/balance/radiant-arena.md):
    each seat's heroes, deity and items (drafted, or its ready deck's), the skill cards
    of its heroes' sets and those it played (clashed or used for a talent), its ready
    deck when the decks were not drafted; A deploys first; the turns; the ending (deity
    ko, deck out)."""
    assert isinstance(state, ArenaState)
    cat = state.cat
    played: list[list[str]] = [[], []]
    for e in state.events:
        if e.kind in ("reveal", "extra_clash", "talent"):
            card = e.fields.get("card")
            if card in cat.skills:
                played[e.fields["seat"]].append(card)
    seats = []
    for seat, deck in enumerate(state.deck_list):
        held = {"hero": tuple(deck.heroes), "deity": (deck.deity,),
                "item": tuple(deck.items),
                "skill": distinct(k for h in deck.heroes for k in cat.skill_set(h)),
                "deck": (deck.id,) if state.draft is None else ()}
        seats.append(SeatTally(held, {"skill": distinct(played[seat])}))
    return GameTally(tuple(seats), 0, state.turn, state.cause.replace("_", " "))


def _names(kind: str) -> Callable[[Mapping[str, Any]], dict[str, str]]:
    def names(params: Mapping[str, Any]) -> dict[str, str]:
        cat = catalog(params.get("cards", ""))
        tables: dict[str, Mapping[str, Any]] = {
            "hero": {k: u for k, u in cat.units.items() if not u.is_deity},
            "deity": {k: u for k, u in cat.units.items() if u.is_deity},
            "item": cat.items, "skill": cat.skills, "deck": cat.decks}
        return {k: v.name for k, v in tables[kind].items()}
    return names


BAND = (0.40, 0.60)  # issue 12: no hero, deity or item outside 40-60% of its games
BALANCE = BalanceSpec(
    kinds=(Kind("hero", "Heroes", _names("hero"), band=BAND),
           Kind("deity", "Deities", _names("deity"), band=BAND),
           Kind("item", "Items", _names("item"), band=BAND),
           Kind("skill", "Skill cards", _names("skill"), played=True),
           Kind("deck", "Ready decks", _names("deck"), matchups=True)),
    tally=tally,
    params={"draft": True},  # drafted decks: every hero, deity and item gets played
)

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
    balance=BALANCE,  # what `tabletop balance` tallies (tally above)
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
    card_files="tabletop.games.radiant_arena.cardfiles",
)
