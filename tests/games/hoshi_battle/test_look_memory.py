"""What a look lets a seat remember (issue 26, "Hoshi Battle's look effect is not
remembered in re-deals"; docs/rules/hoshi-battle.md, "Looking"): the face-down Duel
cards a seat looked at stay where it saw them in every re-deal for that seat, for as
long as they are still there; a card that leaves the hand (played, discarded) is no
longer known there; and what one seat saw reaches no other seat's re-deal. The seat
that looked sees them in its view (and so does its AI), and no other seat or spectator.

The test card is Scout's Map ("Look at your opponent's face-down Duel cards",
cards/kernel.toml), played in a Duel of the Constructed Deck Variant (a re-deal samples
the opponent's cards from the whole catalogue) and in dealt games (a re-deal deals the
unseen cards again)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tabletop.agents import decide
from tabletop.core import Action, ScenarioError, from_scenario, new_game
from tabletop.games.hoshi_battle import HoshiState

from .helpers import position

KERNEL = str(Path(__file__).parent / "cards" / "kernel.toml")
REDEALS = 200


def duel(face2: list[str]) -> HoshiState:
    """P1 (Crane Archer) holds Scout's Map and the Thief's Hook; P2 (Wind Dancer) holds
    ``face2`` face down; P1 decides first at the beginning of round 2."""
    return position("crane-archer", "wind-dancer", face1=["scouts-map", "thiefs-hook"],
                    face2=face2, params={"cards": KERNEL})


def redeals(s: HoshiState, seat: int, n: int = REDEALS) -> list[HoshiState]:
    return [s.resample(seat, random.Random(k)) for k in range(n)]


def test_before_a_look_the_opponents_cards_are_redealt() -> None:
    """The control: with no look, P1's re-deals put other cards in P2's hand (so the test
    below, which asks that they do not after a look, can fail)."""
    s = duel(["rage", "focus"])
    hands = {tuple(r.cards[1]) for r in redeals(s, 0)}
    assert len(hands) > 1 and all(len(h) == 2 for h in hands)


def test_a_look_is_kept_in_every_redeal_for_the_seat_that_looked() -> None:
    """Scout's Map: P1 looks at P2's Rage and Focus; in each of 200 re-deals for P1 P2
    still holds exactly those (the Constructed Deck Variant: the sample keeps them and
    the budget counts them)."""
    s = duel(["rage", "focus"])
    s.apply("play scouts-map")
    assert sorted(s.seen) == [(0, 1, "focus"), (0, 1, "rage")]
    for r in redeals(s, 0):
        assert sorted(r.cards[1]) == ["focus", "rage"]
        assert sorted(r.seen) == sorted(s.seen)


def test_a_card_that_leaves_the_hand_is_forgotten_there() -> None:
    """After the look, the Thief's Hook makes P2 discard one of the two at random (it is
    revealed, used): P1 knows the other one only, and its re-deals keep that one; the
    place the discarded card left holds any card again. The same when P2 plays Focus."""
    s = duel(["rage", "focus", "battle-cry"])
    s.apply("play scouts-map")
    assert len(s.seen) == 3
    s.apply("pass")  # P2 plays nothing now
    s.apply("play thiefs-hook")
    gone = s.used[1][-1]
    left = sorted(s.cards[1])
    assert sorted(c for _, _, c in s.seen) == left and gone not in left
    for r in redeals(s, 0):
        assert sorted(r.cards[1]) == left
    t = duel(["rage", "focus", "battle-cry"])
    t.apply("play scouts-map")
    t.apply("play focus")
    assert sorted(c for _, _, c in t.seen) == ["battle-cry", "rage"]


def test_a_card_not_there_at_the_look_is_not_known() -> None:
    """What a seat saw is what was there when it looked: P2 holds Rage, Focus and Battle
    Cry, and P1 saw only Rage and Focus (the position says so, as after a look and a
    draw); P1's re-deals keep those two and put various cards at the third place."""
    s = duel(["rage", "focus", "battle-cry"])
    data = {"game": "hoshi-battle", **s.to_data(),
            "seen": [{"viewer": 0, "owner": 1, "card": "rage"},
                     {"viewer": 0, "owner": 1, "card": "focus"}]}
    t = from_scenario(data, files=[Path(KERNEL)])
    assert isinstance(t, HoshiState)
    third = set()
    for r in redeals(t, 0):
        assert {"rage", "focus"} <= set(r.cards[1]) and len(r.cards[1]) == 3
        third.update(set(r.cards[1]) - {"rage", "focus"})
    assert len(third) > 1


def test_what_a_seat_saw_leaks_to_no_other_seat() -> None:
    """The re-deal for P2 (the owner) changes nothing P2 sees: its own cards, and what P1
    knows of them (P2 saw the look's public copy: P1 looked at its two cards). The
    re-deal for P1 does not change P1's view or events (a view depends only on what the
    seat was told), and P2's copy of the look names no card."""
    s = duel(["rage", "focus"])
    s.apply("play scouts-map")
    for r in redeals(s, 1, 50):
        assert r.cards[1] == s.cards[1] and r.seen == s.seen
        assert r.view(1) == s.view(1)
    for r in redeals(s, 0, 50):
        assert r.view(0) == s.view(0)
        assert [e.fields for e in r.events] == [e.fields for e in s.events_for(0)]
    (theirs,) = [e for e in s.events_for(1) if e.kind == "look"]
    assert "cards" not in theirs.fields


def _dealt_look(players: int) -> HoshiState:
    """A dealt game with the test cards, played at random (seeded) until P-something has
    just played Scout's Map."""
    for seed in range(600):
        s = new_game("hoshi-battle", players=players, seed=seed, cards=KERNEL)
        assert isinstance(s, HoshiState)
        rng = random.Random(seed)
        while s.to_act is not None and len(s.history) < 400:
            legal = [a.to_text() for a in s.legal_actions()]
            if "play scouts-map" in legal:
                s.apply("play scouts-map")
                if s.seen:
                    return s
                continue
            s.apply(rng.choice([a for a in legal if a != "discard scouts-map"] or legal))
    raise AssertionError("no seed found a look")


def test_a_look_is_kept_in_dealt_games() -> None:
    """Two players, dealt: the other seat's face-down cards the viewer looked at stay in
    every re-deal for the viewer; the rest of the unseen cards are dealt again."""
    s = _dealt_look(2)
    (v, o, _), *_ = s.seen
    seen = sorted(c for _, _, c in s.seen)
    decks = set()
    for r in redeals(s, v):
        assert sorted(r.cards[o]) == seen
        decks.add(tuple(r.card_deck))
    assert len(decks) > 1  # the undealt pile is re-dealt still


def test_a_third_seat_redeal_names_no_true_card() -> None:
    """Three players: a seat that neither looked nor was looked at gets re-deals where
    the viewer's knowledge names as many of the owner's new cards (one fact a card), not
    the true ones every time (that would tell it what it has not seen)."""
    s = _dealt_look(3)
    v, o = s.seen[0][0], s.seen[0][1]
    third = next(p for p in range(3) if p not in (v, o))
    named = set()
    for r in redeals(s, third):
        facts = [c for w, t, c in r.seen if (w, t) == (v, o)]
        assert len(facts) == len(s.seen) and set(facts) <= set(r.cards[o])
        named.add(tuple(sorted(facts)))
    assert len(named) > 1


def test_a_position_keeps_what_was_seen_and_refuses_a_false_fact() -> None:
    """Positions round-trip ``seen``; a fact naming a card the owner does not hold face
    down, or a seat's own cards, is refused (the look knows only what is there)."""
    s = duel(["rage", "focus"])
    s.apply("play scouts-map")
    data = {"game": "hoshi-battle", **s.to_data()}
    files = [Path(KERNEL)]
    back = from_scenario(data, files=files)
    assert isinstance(back, HoshiState) and back.seen == s.seen
    for bad in ({"viewer": 0, "owner": 1, "card": "curse"},
                {"viewer": 1, "owner": 1, "card": "rage"}):
        with pytest.raises(ScenarioError, match=r"seen\[0\]"):
            from_scenario({**data, "seen": [bad]}, files=files)
    with pytest.raises(ScenarioError, match="missing key 'card'"):
        from_scenario({**data, "seen": [{"viewer": 0, "owner": 1}]}, files=files)


def test_the_seat_that_looked_sees_what_it_saw_in_its_view_alone() -> None:
    """Issue 26 (the look shown): after Scout's Map, P1's view names P2's face-down cards
    it saw (``hand.known``: owner and card, with the cards' faces to draw them) until
    one leaves the hand; P2's view and a spectator's hold no such part, and the
    spectator's names none of P2's face-down cards. Before the look P1's view has none
    (every view of a game without a look is as it was)."""
    s = duel(["rage", "focus", "battle-cry"])
    assert "known" not in s.view(0)["hand"]
    s.apply("play scouts-map")
    faces = sorted(["rage", "focus", "battle-cry"], key=s.order.__getitem__)
    mine = s.view(0)
    assert mine["hand"]["known"] == [{"owner": 1, "card": c} for c in faces]
    assert set(faces) <= set(mine["cards"])
    assert "known" not in s.view(1)["hand"]
    spectator = s.view(None)
    assert "hand" not in spectator
    # (Battle Cry is also one of P1's used cards, public: the other two are P2's alone)
    assert not [c for c in ("rage", "focus") if f'"{c}"' in json.dumps(spectator)]
    s.apply("play focus")  # P2 plays one of them: it is no longer known face down
    assert [k["card"] for k in s.view(0)["hand"]["known"]] == [c for c in faces
                                                                if c != "focus"]


def test_the_seat_that_looked_has_it_in_its_ais_view_and_no_other_seat() -> None:
    """What an AI seat decides from (``decide``: the seat's view): P1's AI gets what P1
    saw; P2's AI, deciding just after the look, gets nothing of it."""
    s = duel(["rage", "focus"])
    s.apply("play scouts-map")
    p2, p1 = Spy(), Spy()
    decide(p2, s)  # P2 decides now
    assert s.to_act == 1 and "known" not in p2.views[-1]["hand"]
    s.apply("pass")
    decide(p1, s)
    assert s.to_act == 0
    assert sorted(k["card"] for k in p1.views[-1]["hand"]["known"]) == ["focus", "rage"]


def test_with_three_players_only_the_viewer_sees_it() -> None:
    """Three players, dealt: the seat that looked has the part; the owner and the third
    seat do not, and the viewer's view is the same in every re-deal for it."""
    s = _dealt_look(3)
    v, o = s.seen[0][0], s.seen[0][1]
    known = s.view(v)["hand"]["known"]
    assert sorted(k["card"] for k in known) == sorted(c for _, _, c in s.seen)
    assert all(k["owner"] == o for k in known)
    for p in range(3):
        if p != v:
            assert "known" not in s.view(p)["hand"]
    for r in redeals(s, v, 50):
        assert r.view(v) == s.view(v)


class Spy:
    """An agent that keeps every view it is given and takes the first legal action."""

    name = "spy"

    def __init__(self) -> None:
        self.views: list[dict[str, Any]] = []

    def act(self, view: dict[str, Any], legal: Sequence[Action],
            resampler: Any = None) -> Action:
        self.views.append(view)
        return legal[0]


def test_the_looks_words_name_the_owner_and_the_card() -> None:
    """The look's text (issue 26, "the generated text says exactly what the data does"):
    the owner is a seat's label and the source the card's name, not their raw values; the
    owner's copy says how many cards, naming none."""
    s = duel(["rage", "focus"])
    s.apply("play scouts-map")
    (mine,) = [e.text for e in s.events_for(0) if e.kind == "look"]
    (theirs,) = [e.text for e in s.events_for(1) if e.kind == "look"]
    assert mine == "P1 looks at Rage, Focus, the face-down cards of P2 (Scout's Map)."
    assert theirs == "P1 looks at the 2 face-down card(s) of P2 (Scout's Map)."
