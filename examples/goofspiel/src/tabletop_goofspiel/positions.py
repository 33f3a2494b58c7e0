"""Goofspiel positions from scenario data, strictly: every key known, every type exact,
every value in range, and nothing play cannot reach (a card in two places, a bid that is
not the next seat's, scores that do not add up to prizes won).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core import Chance, ScenarioError
from tabletop.core.spec import MAX_SEED

if TYPE_CHECKING:
    from .rules import GoofState

KEYS = ("players", "seed", "params", "round", "prize", "turn", "deck", "hands", "bids",
        "scores", "chance", "conceded")


def _int(data: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScenarioError(f"field {key!r} must be an integer from {low} to {high}, "
                            f"not {value!r}")
    return value


def _cards(value: Any, where: str, top: int) -> list[int]:
    if not isinstance(value, list) or not all(
            isinstance(c, int) and not isinstance(c, bool) and 1 <= c <= top for c in value):
        raise ScenarioError(f"{where} must be a list of cards from 1 to {top}")
    if len(set(value)) != len(value):
        raise ScenarioError(f"{where}: a card twice (Components: one card of each value)")
    return list(value)


def from_data(data: Mapping[str, Any], state: type[GoofState]) -> GoofState:
    """The position ``data`` describes, as a ``state`` (the class: this module is below
    the rules and does not import them); raises ``ScenarioError`` naming what is wrong."""

    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise ScenarioError(f"(top level): unknown key {unknown[0]!r}")
    players = _int(data, "players", 2, 2, 4)
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise ScenarioError("field 'params' must be a table")
    s = state(players, _int(data, "seed", 0, 0, MAX_SEED),
              state.spec.check_params(players, params))
    s.events = []
    top = s.cards
    s.round = _int(data, "round", 1, 0, top)
    s.prize = _int(data, "prize", s.prize, 0, top)
    s.turn = _int(data, "turn", 0, 0, players - 1)
    s.deck = _cards(data.get("deck", s.deck), "deck", top)
    hands = data.get("hands", s.hands)
    if not isinstance(hands, list) or len(hands) != players:
        raise ScenarioError(f"field 'hands' must list {players} hands")
    s.hands = [_cards(h, f"hands[{p}]", top) for p, h in enumerate(hands)]
    for key in ("bids", "scores"):
        value = data.get(key, getattr(s, key))
        if not isinstance(value, list) or len(value) != players or not all(
                isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in value):
            raise ScenarioError(f"field {key!r} must list {players} counts (0 for none)")
        setattr(s, key, list(value))
    if "chance" in data:
        text = data["chance"]
        if not isinstance(text, str) or len(text) != 16 or text.strip("0123456789abcdef"):
            raise ScenarioError("field 'chance' must be 16 lowercase hex digits")
        s.chance = Chance(int(text, 16))
    if "conceded" in data:
        s.read_conceded(data["conceded"])
    _check(s)
    return s


def _check(s: Any) -> None:
    """What play reaches: cards in one place each, the rounds played, the bids so far."""
    top, players = s.cards, s.players
    played = s.round - (1 if s.prize else 0)  # rounds fully played
    prizes_out = top - len(s.deck) - (1 if s.prize else 0)
    if s.prize and (s.prize in s.deck):
        raise ScenarioError("prize: the card face up is also in the deck")
    if played != prizes_out:
        raise ScenarioError(f"round {s.round} with {len(s.deck)} cards in the deck: "
                            "one prize card is turned each round (A Round)")
    if s.prize == 0 and s.deck:
        raise ScenarioError("no prize face up while the deck has cards (A Round)")
    if s.to_act is not None and s.turn in s.conceded:
        raise ScenarioError("turn: a player who left bids no more (Leaving the Game)")
    for p in range(players):
        bid = s.bids[p]
        if bid > top or (bid and bid in s.hands[p]):
            raise ScenarioError(f"bids[{p}]: {bid} is not a card out of that hand")
        if p in s.conceded:
            if bid or len(s.hands[p]) < top - played:
                raise ScenarioError(f"hands[{p}], bids[{p}]: a player who left bids no "
                                    "more and keeps its hand (Leaving the Game)")
            continue
        if (bid != 0) != (p < s.turn):
            raise ScenarioError(f"bids[{p}]: the seats before the one to act have bid, "
                                "the others not (bids are made in seat order)")
        expected = top - played - (1 if bid else 0)
        if len(s.hands[p]) != expected:
            raise ScenarioError(f"hands[{p}] holds {len(s.hands[p])} cards; after {played} "
                                f"rounds it holds {expected}")
    if sum(s.scores) > sum(range(1, top + 1)):
        raise ScenarioError("scores: more points than the prize deck holds")
    if s.prize == 0 and s.turn:
        raise ScenarioError("turn: nobody acts once the game is over")
