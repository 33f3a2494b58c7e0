"""hoshi-battle's designed observation (issue 27, "Designed observation encodings for
lightseekers and hoshi-battle (named fields, as the other two have)"): named fields of
what the seat may see (docs/rules/hoshi-battle.md, "Hidden information"), a fixed shape
at every player count (2-5), values in [0, 1], equal for states the seat cannot tell
apart, and no hidden card in it; the face-down cards a seat looked at (``known``,
docs/rules/hoshi-battle.md, "Looking") for that seat alone."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tests.games.hoshi_battle.helpers import position

from tabletop.core import State, from_scenario, new_game
from tabletop.games.hoshi_battle.tensors import CARD_IDS, HERO_IDS
from tabletop.interfaces.env.codec import HASHED_SIZE, Codec, codec, hashed_view

PLAYERS = [2, 3, 4, 5]
KERNEL = str(Path(__file__).parents[2] / "games" / "hoshi_battle" / "cards" / "kernel.toml")
DECK1 = "charming-trader,bronze-monk,clay-champion,battle-cry,smoke-bomb,focus"
DECK2 = ("crane-archer,night-hunter,stone-golem,rage,scorching-sun,swift-boots",
         "storm-caller,vengeful-squire,fox-spirit,valley-of-echoes,counterstrike,battle-cry")


def spans(c: Codec) -> dict[str, slice]:
    """Each part's slice of the observation."""
    out, at = {}, 0
    for name, size, _ in c.parts:
        out[name] = slice(at, at + size)
        at += size
    return out


def play(state: State, seed: int, moves: int) -> State:
    rng = random.Random(seed)
    for _ in range(moves):
        if state.to_act is None:
            break
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", PLAYERS)
def test_named_fields_a_fixed_shape_and_values_in_range_through_games(players: int) -> None:
    c = codec("hoshi-battle", players)
    assert not c.generic_observation
    names = [p[0] for p in c.parts]
    assert len(set(names)) == len(names)
    assert {"phase", "hero", "stones", "faces", "my_heroes", "my_cards", "duel",
            "round"} <= set(names)
    for seed in range(4):
        state = c.new_state(seed)
        rng = random.Random(seed)
        while True:
            for seat in (None, *range(players)):
                obs = c.observe(state, seat)
                assert obs.shape == (c.size,) and obs.dtype == np.float32
                assert obs.min() >= 0 and obs.max() <= 1, (seed, seat)
            if state.to_act is None:
                break
            state.apply_unchecked(rng.choice(state.legal_actions()))


def test_the_live_strike_and_the_constructed_decks_are_encoded_too() -> None:
    # strike = live: the referee's decision point ("The strike (reconstructed)") shows
    # its striker and defender; the Constructed Deck Variant has the same layout.
    c = codec("hoshi-battle", 2, strike="live", deck1=DECK1, deck2=DECK2[0])
    at = spans(c)
    state = c.new_state(3)
    rng = random.Random(3)
    struck = 0
    while state.to_act is not None:
        view = state.view(0)
        obs = c.observe(state, 0)
        assert obs.min() >= 0 and obs.max() <= 1
        live = obs[at["live_strike"]].reshape(2, 2)
        if view["live_strike"] is not None:
            struck += 1
            assert live[0, view["live_strike"]["striker"]] == 1
            assert live[1, view["live_strike"]["defender"]] == 1
        else:
            assert live.sum() == 0
        assert obs[at["strike"]][0] == 1
        state.apply_unchecked(rng.choice(state.legal_actions()))
    assert struck > 0


@pytest.mark.parametrize("players", PLAYERS)
def test_equal_under_re_deals_for_the_seat(players: int) -> None:
    # State.resample(seat) re-deals what the seat cannot see: its tensor is the same;
    # another seat's hidden cards do change, and so does that seat's tensor.
    c = codec("hoshi-battle", players)
    differed = checked = 0
    for moves in (0, 3 * players, 40):
        state = play(c.new_state(11), 11, moves)
        if state.to_act is None:
            continue
        for seat in range(players):
            mine = c.observe(state, seat)
            other_seat = (seat + 1) % players
            for k in range(4):
                world = state.resample(seat, random.Random(k))
                assert np.array_equal(c.observe(world, seat), mine)
                checked += 1
                if world.view(other_seat)["hand"] != state.view(other_seat)["hand"]:
                    differed += not np.array_equal(c.observe(world, other_seat),
                                                   c.observe(state, other_seat))
    assert checked >= players * 8 and differed > 0


def test_two_worlds_differing_only_in_hidden_cards_give_the_same_tensor() -> None:
    # Two constructed games alike but for P2's deck (hidden from P1 until revealed):
    # P1's tensor is the same in both, before and after its choice of Hero; P2's and
    # P1's own hand fields are what each holds.
    games = [new_game("hoshi-battle", players=2, seed=5, deck1=DECK1, deck2=d) for d in DECK2]
    c = codec("hoshi-battle", 2, deck1=DECK1, deck2=DECK2[0])
    at = spans(c)
    for step in range(2):
        p1 = [c.observe(g, 0) for g in games]
        assert np.array_equal(p1[0], p1[1]), step
        p2 = [c.observe(g, 1) for g in games]
        assert not np.array_equal(p2[0], p2[1])
        if step == 0:
            assert games[0].to_act == 0
            for g in games:
                g.apply(g.parse_action("hero bronze-monk"))
    mine = c.observe(games[0], 0)
    held = [HERO_IDS[i] for i in np.flatnonzero(mine[at["my_heroes"]])]
    assert sorted(held) == sorted(games[0].view(0)["hand"]["heroes"])
    assert HERO_IDS[int(mine[at["my_chosen"]].argmax())] == "bronze-monk"
    cards = [CARD_IDS[i] for i in np.flatnonzero(mine[at["my_cards"]])]
    assert sorted(cards) == ["battle-cry", "focus", "smoke-bomb"]
    # A spectator holds no hand: every my_ field is empty.
    spectator = c.observe(games[0], None)
    for name in ("my_heroes", "my_chosen", "my_cards", "my_discarded"):
        assert spectator[at[name]].sum() == 0


def test_fields_say_what_the_view_says() -> None:
    # Field by field against the view, in the middle of a three-player game: seats seen
    # from me, the Heroes revealed, stones, dice faces, the phase and whose decision.
    c = codec("hoshi-battle", 3)
    at = spans(c)
    state = play(c.new_state(4), 1, 30)
    view = state.view(1)
    assert view["phase"] == "window" and view["players"][0]["hero"] is not None
    obs = c.observe(state, 1)

    def rows(name: str, width: int) -> np.ndarray:
        return obs[at[name]].reshape(3, width)

    def rel(p: int) -> int:
        return (p - 1) % 3

    assert obs[at["phase"]].tolist() == [0, 0, 1, 0, 0]
    assert obs[at["to_act"]][rel(view["to_act"])] == 1 and obs[at["to_act"]].sum() == 1
    assert obs[at["duel"]][0] == pytest.approx(view["duel"] / 9)
    assert obs[at["round"]][0] == pytest.approx(view["round"] / 20)
    for p in view["duelists"]:
        assert obs[at["duelists"]][rel(p)] == 1
    for p, pl in enumerate(view["players"]):
        r = rel(p)
        if pl["hero"] is None:
            assert rows("hero", len(HERO_IDS))[r].sum() == 0
            continue
        assert HERO_IDS[int(rows("hero", len(HERO_IDS))[r].argmax())] == pl["hero"]
        assert obs[at["stones"]][r] == pytest.approx(pl["stones"] / 4)
        faces = rows("faces", 4)[r] * 3
        for k, symbol in enumerate(("strike", "moon", "sun", "blank")):
            assert faces[k] == pytest.approx(pl["faces"].count(symbol))
        played = {CARD_IDS[i] for i in np.flatnonzero(rows("in_play", len(CARD_IDS))[r])}
        assert played == set(pl["in_play"])


def _with_seen(state: State, facts: list[tuple[int, int, str]]) -> State:
    """``state`` rebuilt from its position, with ``facts`` (viewer, owner, card) as what
    was seen (docs/rules/hoshi-battle.md, "Looking": positions carry ``seen``)."""
    data: dict[str, Any] = {"game": "hoshi-battle", **state.to_data()}
    data["seen"] = [{"viewer": v, "owner": o, "card": c} for v, o, c in facts]
    return from_scenario(data)


def _known(c: Codec, obs: np.ndarray) -> np.ndarray:
    return obs[spans(c)["known"]].reshape(c.players, len(CARD_IDS))


def _names(row: np.ndarray) -> list[str]:
    return sorted(CARD_IDS[i] for i in np.flatnonzero(row))


def test_known_cards_are_in_the_lookers_tensor_alone_and_end_when_the_card_leaves() -> None:
    """"Looking": the seat that looked has the other seat's face-down cards it saw (its
    ``known`` row for that seat); the owner and a spectator see nothing of it (their
    tensors are those of the same position with no look); when the owner plays one it
    is no longer known there. (No packaged card looks: the position carries the facts.)"""
    c = codec("hoshi-battle", 2)
    bare = position("crane-archer", "wind-dancer", face2=["rage", "focus"], seen=[])
    looked = position("crane-archer", "wind-dancer", face2=["rage", "focus"],
                      seen=[{"viewer": 0, "owner": 1, "card": k} for k in ("rage", "focus")])
    for step in range(2):
        mine, plain = c.observe(looked, 0), c.observe(bare, 0)
        known = _known(c, mine)
        assert known[0].sum() == 0  # my own row: nothing to know
        assert _names(known[1]) == (["focus", "rage"] if step == 0 else ["rage"])
        outside = np.ones(c.size, dtype=bool)
        outside[spans(c)["known"]] = False
        assert np.array_equal(mine[outside], plain[outside])  # the rest as without a look
        assert _known(c, plain).sum() == 0
        for seat in (1, None):
            assert np.array_equal(c.observe(looked, seat), c.observe(bare, seat)), seat
            assert _known(c, c.observe(looked, seat)).sum() == 0
        if step == 0:  # P1 passes, P2 plays Focus: it leaves the hand, and the knowledge
            for s in (bare, looked):
                s.apply("pass")
                s.apply("play focus")


def _duel_of_three(seed: int) -> State:
    """A dealt three-player game played at random (seeded) until a reveal window."""
    c = codec("hoshi-battle", 3)
    state = c.new_state(seed)
    rng = random.Random(seed)
    while state.to_act is not None:
        if state.view(None)["phase"] == "window":
            return state
        state.apply_unchecked(rng.choice(state.legal_actions()))
    raise AssertionError(f"seed {seed}: no reveal window")


def test_with_three_seats_only_the_looker_has_them_and_re_deals_keep_its_tensor() -> None:
    """Three players, dealt: P1 knows P2's face-down cards ("Looking"). P1's ``known``
    row for P2 names them; P2 (the owner), P3 (a third seat) and a spectator have the
    tensors of the same position with no look. Every re-deal for P1 (``resample``: the
    states it cannot tell apart) gives P1 the same tensor, though the cards it has not
    seen are dealt anew (P3's tensor in the re-deals differs)."""
    c = codec("hoshi-battle", 3)
    state = _duel_of_three(2)
    assert state.cards[1], "P2 holds face-down cards"
    facts = [(0, 1, k) for k in state.cards[1]]
    bare, looked = _with_seen(state, []), _with_seen(state, facts)
    mine = c.observe(looked, 0)
    known = _known(c, mine)
    assert _names(known[1]) == sorted(state.cards[1])
    assert known[0].sum() == 0 and known[2].sum() == 0
    assert not np.array_equal(mine, c.observe(bare, 0))
    for seat in (1, 2, None):
        assert np.array_equal(c.observe(looked, seat), c.observe(bare, seat)), seat
    third = c.observe(looked, 2)
    differed = 0
    for k in range(20):
        world = looked.resample(0, random.Random(k))
        assert sorted(world.cards[1]) == sorted(state.cards[1])
        assert np.array_equal(c.observe(world, 0), mine), k
        differed += not np.array_equal(c.observe(world, 2), third)
    assert differed > 0


def test_a_real_look_reaches_the_lookers_generic_tensor_alone() -> None:
    """A game with a card that looks (Scout's Map, a user card file: such games get the
    generic hashed view, docs/research.md): two worlds alike but for one of P2's
    face-down cards give P1 the same tensor before the look and different ones after
    it; a spectator's is the same in both, before and after."""
    worlds = [position("crane-archer", "wind-dancer", face1=["scouts-map"],
                       face2=["rage", other], params={"cards": KERNEL})
              for other in ("counterstrike", "scorching-sun")]

    def hashed(s: State, seat: int | None) -> np.ndarray:
        out = np.zeros(HASHED_SIZE, dtype=np.float32)
        hashed_view(s.view(seat), out)
        return out

    assert np.array_equal(hashed(worlds[0], 0), hashed(worlds[1], 0))
    for w in worlds:
        w.apply("play scouts-map")
        assert w.seen
    assert not np.array_equal(hashed(worlds[0], 0), hashed(worlds[1], 0))
    assert np.array_equal(hashed(worlds[0], None), hashed(worlds[1], None))
