"""The cards each Hoshi Battle player starts with: the deal's size (Setup) and the decks
of the Constructed Deck Variant, checked (below the rules: positions read them too)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core import ParameterError

from .data import catalog
from .ids import KEEP_CARDS, KEEP_HEROES


def deal_size(params: Mapping[str, Any], players: int) -> int:
    """How many Heroes (and Duel cards) each player is dealt: ``deal``, or fewer when the
    twenty of each kind cannot give that many to every player (five players: four)."""
    return min(int(params["deal"]), len(catalog(params.get("cards", "")).heroes) // players)


def check_params(params: Mapping[str, Any]) -> tuple[list[list[str]], list[list[str]]] | None:
    """Check the values the spec's types cannot (``strike``, the constructed decks); the
    decks as (heroes, cards) per seat, or None for the deal. Raises ParameterError."""
    if params["strike"] not in ("model", "live"):
        raise ParameterError(f"hoshi-battle parameter 'strike' must be model or live, not "
                             f"{params['strike'][:20]!r}")
    decks = [params["deck1"], params["deck2"]]
    if not any(decks):
        return None
    if not all(decks):
        raise ParameterError("hoshi-battle: the Constructed Deck Variant needs both decks "
                             "(deck1 and deck2)")
    cat = catalog(params.get("cards", ""))
    heroes, cards, problems = [], [], []
    if int(params["deal"]) != 5:  # two variants at once: the decks would silently win
        problems.append(f"deal {params['deal']} is for the deal; the Constructed Deck "
                        "Variant deals nothing (leave deal at 5)")
    for seat, text in enumerate(decks):
        words = [w.strip() for w in text.split(",")]
        ids = [w for w in words if w]
        h = [i for i in ids if i in cat.heroes]
        c = [i for i in ids if i in cat.cards]
        unknown = [i[:30] for i in ids if i not in cat.heroes and i not in cat.cards]
        where = f"deck{seat + 1}"
        if len(ids) != len(words):  # named apart: an empty name would read as nothing
            problems.append(f"{where}: an empty card id (a stray comma)")
        if unknown:
            problems.append(f"{where}: unknown cards {', '.join(unknown[:5])}")
        if len(h) != KEEP_HEROES or len(c) != KEEP_CARDS:
            problems.append(f"{where}: three Heroes and three Duel cards, not {len(h)} and "
                            f"{len(c)}")
        if len(set(ids)) != len(ids):
            problems.append(f"{where}: a card twice")
        total = sum(cat.heroes[i].cost for i in h) + sum(cat.cards[i].cost for i in c)
        if total > params["budget"]:
            problems.append(f"{where}: Cost {total} is over the budget of {params['budget']}")
        heroes.append(h)
        cards.append(c)
    if problems:
        raise ParameterError("hoshi-battle: " + "; ".join(problems))
    return heroes, cards


__all__ = ["check_params", "deal_size"]
