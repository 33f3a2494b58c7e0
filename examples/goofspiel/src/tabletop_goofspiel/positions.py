"""Goofspiel positions from scenario data, strictly: every key known, every type exact,
every value in range, and nothing play cannot reach (a card in two places, a bid that is
not the next seat's, scores that do not add up to prizes won).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core import Chance, ScenarioError
from tabletop.core.positions import Table, number
from tabletop.core.reachable import check_playable
from tabletop.core.spec import MAX_SEED

if TYPE_CHECKING:
    from .rules import GoofState


def _cards(value: Any, where: str, top: int) -> list[int]:
    if not isinstance(value, list) or not all(
            isinstance(c, int) and not isinstance(c, bool) and 1 <= c <= top for c in value):
        raise ScenarioError(f"{where} must be a list of cards from 1 to {top}")
    if len(set(value)) != len(value):
        raise ScenarioError(f"{where}: a card twice (Components: one card of each value)")
    return list(value)


def from_data(data: Mapping[str, Any], state: type[GoofState]) -> GoofState:
    """The position ``data`` describes, as a ``state`` (the class: this module is below
    the rules and does not import them); raises ``ScenarioError`` naming what is wrong.
    Read with the core's strict reader (:class:`tabletop.core.positions.Table`)."""
    top = Table(data, "(top level)")
    players = top.int("players", 2, 2, 4)
    params = top.table("params").data
    s = state(players, top.int("seed", 0, 0, MAX_SEED),
              state.spec.check_params(players, dict(params)))
    s.events = []
    n = s.cards
    s.round = top.int("round", 1, 0, n)
    s.prize = top.int("prize", s.prize, 0, n)
    s.turn = top.int("turn", 0, 0, players - 1)
    s.deck = _cards(top.list("deck", s.deck), "deck", n)
    s.hands = [_cards(h, f"hands[{p}]", n)
               for p, h in enumerate(top.list("hands", s.hands, players))]
    for key in ("bids", "scores"):  # 0: no bid yet
        counts = top.list(key, getattr(s, key), players)
        setattr(s, key, [number(x, f"{key}[{i}]", 0, MAX_SEED) for i, x in enumerate(counts)])
    if "chance" in top:
        text = top.str("chance", "")
        if len(text) != 16 or text.strip("0123456789abcdef"):
            raise ScenarioError("chance: must be 16 lowercase hex digits")
        s.chance = Chance(int(text, 16))
    if "conceded" in top:
        s.read_conceded(top.raw("conceded"))
    top.done()
    _check(s)
    check_playable(s)  # the seat to act has a legal action (issue 30)
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
