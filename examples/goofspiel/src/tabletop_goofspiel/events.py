"""Goofspiel's events: a kind per thing that happens, with JSON-ready fields.

Seats are 0-based in fields and read as their labels (P1, P2, ...) in sentences. A bid is
private to its player until the reveal: one event whose ``card`` field only the bidder
sees (the others read "P2 bids a card face down").
"""

from __future__ import annotations

from typing import Any

from tabletop.core import CONCEDE, EventBook, EventKind, plain_words

KINDS = (
    EventKind("round", ("round", "prize", "deck"),
              "Round {round}: the prize is {prize}; {deck} prize cards are left face down.",
              "A round begins: the top prize card (`prize`, its value) is turned face up; "
              "`deck` prize cards remain."),
    EventKind("bid", ("seat", "card"), "{seat} bids {card} face down.",
              "`seat` places a bid face down; `card` (its value) is private to that seat.",
              redacted="{seat} bids a card face down.", private={"card": "seat"}),
    EventKind("reveal", ("bids", "winner", "prize", "scores"),
              "The bids are revealed: {bids}. {winner} wins the prize ({prize}); scores "
              "{scores}.",
              "Every bid is revealed (`bids`, per seat); `winner` (a seat, or null for a "
              "tie: the prize is discarded) scores the `prize`; `scores` per seat after."),
    EventKind("game_over", ("scores", "winners"),
              "The game is over: {winners} win with {scores}.",
              "The prize deck is empty (or one player is left): final `scores` per seat "
              "and the winning `seats`."),
    CONCEDE,  # the core's kind: a player leaves the game (Leaving the Game)
)


def words(name: str, value: Any) -> str:
    """A field in words: seats by label (nobody for a tie), lists joined by commas."""
    if name in ("seat", "winner"):
        return "nobody (a tie)" if value is None else f"P{value + 1}"
    if name == "winners":
        return " and ".join(f"P{s + 1}" for s in value)
    return plain_words(name, value)


BOOK = EventBook("goofspiel", KINDS, words)
