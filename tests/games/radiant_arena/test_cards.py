"""The card tests' index: every card of the two starter decks has its own scenario test,
and that test's docstring quotes the card's text as the data files print it.

The tests are in test_cards_heroes.py (each side of each hero), test_cards_skills_a.py and
test_cards_skills_b.py (the 24 skill cards), test_cards_items.py (the 6 items) and
test_cards_deities.py (the 2 deities and the 4 conduits). Card texts and numbers not printed
in the rulebook are reconstructed by tabletop (docs/rules/radiant-arena.md).
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

from . import (
    test_cards_deities,
    test_cards_heroes,
    test_cards_items,
    test_cards_skills_a,
    test_cards_skills_b,
)
from .cardkit import CAT, quotes

MODULES: tuple[ModuleType, ...] = (test_cards_heroes, test_cards_skills_a, test_cards_skills_b,
                                   test_cards_items, test_cards_deities)


def starter_cards() -> list[tuple[str, str]]:
    """(test function name, printed text) for every card of decks a and b."""
    out: list[tuple[str, str]] = []
    for deck_id in ("a", "b"):
        deck = CAT.decks[deck_id]
        for hero in deck.heroes:
            for side, name in enumerate(("basic", "levelled")):
                out.append((f"test_{hero}_{name}", CAT.units[hero].sides[side].text))
            out += [(f"test_{k.replace('-', '_')}", CAT.skills[k].text)
                    for k in dict.fromkeys(CAT.skill_set(hero))]
        out += [(f"test_{i.replace('-', '_')}", CAT.items[i].text) for i in deck.items]
        out.append((f"test_{deck.deity.replace('-', '_')}", CAT.units[deck.deity].sides[0].text))
        out += [(f"test_{c.replace('-', '_')}", CAT.conduits[c].text) for c in deck.conduits]
    return list(dict.fromkeys(out))  # Gift of the Elements and Nature's Bounty: both decks


CARDS = starter_cards()


def find(name: str) -> Callable[..., object] | None:
    for module in MODULES:
        fn = getattr(module, name, None)
        if fn is not None:
            return fn  # type: ignore[no-any-return]
    return None


def test_the_starter_decks_have_46_cards_to_test() -> None:
    """Starter Decks: 3 heroes (two sides each), 12 skill cards (3 sets of 4 names), 3
    items, a deity and 3 conduits per deck; the two decks share two conduits."""
    assert len(CARDS) == 2 * (6 + 12 + 3 + 1 + 3) - 2


@pytest.mark.parametrize(("test_name", "text"), CARDS, ids=[n[5:] for n, _ in CARDS])
def test_every_card_has_a_test_quoting_its_text(test_name: str, text: str) -> None:
    fn = find(test_name)
    assert fn is not None, f"no {test_name} in the card tests"
    assert text and quotes(fn.__doc__, text), f"{test_name}'s docstring does not quote {text!r}"
