"""radiant-perim's re-deal through the core's constrained deal (issue 30: "re-dealing
hidden cards from a declared list of hidden zones"): the types known to be missing from
a hand (docs/rules/radiant-perim.md decisions 6 and 9; Phase 3: War, Assassinations) are
slots' forbidden cards, and a re-deal always finds a deal that respects them."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tabletop.core import from_scenario
from tabletop.games.radiant_perim import PerimState
from tabletop.games.radiant_perim.actions import CATALOG as C

GAME = "radiant-perim"
OWN = {1: ["avis.assassin", "avis.elder"], 2: ["treefolk.assassin", "treefolk.elder"],
       3: ["mariner.scout", "mariner.mount"]}


def tight() -> PerimState:
    """A war position of four players with an empty deck, where what seat 0 knows leaves
    one deal of the others' six unknown cards: seat 3 lacks every type but its own two,
    seat 2 lacks seat 1's, seat 1 lacks seat 3's. A random deal fails most of the time
    (seat 1, dealt first of the two with room to spare, takes two of its four allowed
    types at random: one draw in six is right)."""
    everything = Counter({C.card_slug(t): C.copies[t] for t in range(C.n_types)})
    held = Counter(card for cards in OWN.values() for card in cards)
    mine = ["stonedweller.knight", "stonedweller.phalanx"]
    captured = everything - held - Counter(mine)
    seats: list[dict[str, Any]] = [{"hand": mine, "captured": sorted(captured.elements())}]
    lacks = {1: OWN[3], 2: OWN[1], 3: OWN[1] + OWN[2]}
    for p in (1, 2, 3):
        seats.append({"hand": OWN[p], "lacks": lacks[p]})
    s = from_scenario({"game": GAME, "players": 4, "seed": 5, "age": 1, "phase": "war",
                       "turn": 1, "need_move": True, "radiant": "avis", "deck": [],
                       "seat": seats})
    assert isinstance(s, PerimState)
    return s


def test_a_tight_position_resamples_to_the_one_deal_there_is() -> None:
    """Every seed finds the one deal (by a random deal or by the matching that follows
    when random deals fail): each hand keeps its own two cards."""
    s = tight()
    for k in range(60):
        r = s.resample(0, random.Random(k))
        assert r.view(0) == s.view(0)
        for p, cards in OWN.items():
            assert r.hands[p] == s.hands[p], f"seed {k}: seat {p} was dealt another hand"
            assert sorted(C.card_slug(t) for t in range(C.n_types)
                          for _ in range(r.hands[p][t])) == sorted(cards)


def test_a_resample_moves_hidden_cards_where_it_may() -> None:
    """The same position with seat 2's restriction lifted: seats 1 and 2 may now swap
    cards, and resamples do (the deal is random, not the true one kept)."""
    s = tight()
    s.absent[2] = 0
    hands = {tuple(s.resample(0, random.Random(k)).hands[1]) for k in range(40)}
    assert len(hands) > 1
