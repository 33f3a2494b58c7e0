"""The rules kernel's forms at work in radiant-arena (issue 26, "The kernel carries the
forms above"): each test plays a test card (cards/kernel.toml) whose effect the outside
probe found crashing, silently wrong or impossible to write as data."""

from __future__ import annotations

from typing import Any

from .cardkit import A, legal, play, u
from .helpers import CARDS, EXTRA_CARDS, scenario, with_banished

KERNEL_CARDS = f"{EXTRA_CARDS},{CARDS / 'kernel.toml'}"


def position(units: dict[str, Any], *, hands: list[list[str]] | None = None,
             deck_a: str = "a-kernel", **fields: Any) -> Any:
    """A scenario with the kernel test cards (player A's deck has the test items)."""
    return scenario(with_banished({
        "game": "radiant-arena", "params": {"deck_a": deck_a, "deck_b": "b",
                                            "cards": KERNEL_CARDS},
        "units": units, "hands": hands if hands is not None else [[], []], **fields}))


def test_a_timed_instead_replacement_made_by_the_replace_op_fires() -> None:
    """Issue 26, crashes: "A timed `instead` replacement made by the `replace` op raises
    `KeyError: 'src'` when it fires (the KO, damage and draw hooks read a context field
    that the modifier's context never gets)". The Ward Charm: "Until the end of the turn,
    if this hero would take damage, instead draw a card." Viggo's combat damage to
    Iskandar is replaced: no damage, one more card in A's hand, drawn from its deck."""
    s = position({"iskandar": {"zone": "left", "item": "ward-charm"},
                  "viggo": {"zone": "left"}, "alyn": {"zone": "right"}},
                 hands=[["time-lock"], []])
    play(s, "talent iskandar:ward")
    deck = len(s.decks[A])
    play(s, "attack iskandar", "target viggo", "no-clash", "no-clash")
    assert s.dmg[u(s, "iskandar")] == 0
    assert len(s.hands[A]) == 2 and len(s.decks[A]) == deck - 1
    assert s.active == A and "pass" in legal(s)
