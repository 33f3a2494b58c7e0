"""The codec: a distinct, stable action index space per game with a stable mapping to the
notation; observations built from a seat's view only (the differential leak test on
tensors); the generic fallbacks; bad input (issue 16, "Environment adapters" and "Bad
input")."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import numpy as np
import pytest

from tabletop.core import get_spec, new_game
from tabletop.core import spec as core_spec
from tabletop.interfaces.env import EnvError, codec, returns_of
from tabletop.interfaces.env.codec import HASHED_SIZE, discover_actions, hashed_view

from .conftest import ENCODED, SETUPS, random_positions

DOCS = Path(__file__).resolve().parents[3] / "docs" / "research.md"


@pytest.mark.parametrize(("game", "players"), ENCODED)
def test_every_legal_action_has_an_index_that_reads_back(game: str, players: int) -> None:
    """Each legal action of random games has an index whose text is its notation, and the
    game's parser reads that text back to the same action."""
    c = codec(game, players)
    assert not c.generic_actions and not c.generic_observation
    assert len(set(c.actions)) == c.n_actions
    first = new_game(game, players=players, seed=0)
    for text in c.actions:  # every index names an action the notation reads
        assert first.parse_action(text).to_text() == text
    for seed in range(3):
        for state in random_positions(new_game(game, players=players, seed=seed), seed):
            for action in state.legal_actions():
                i = c.index_of(action)
                assert c.actions[i] == action.to_text()
                assert state.parse_action(c.actions[i]) == action
            mask = c.mask(state)
            assert mask.dtype == np.int8 and int(mask.sum()) == len(state.legal_actions())


@pytest.mark.parametrize(("game", "players"), ENCODED)
def test_the_action_space_is_stable_and_covers_random_play(game: str, players: int) -> None:
    """The index space is fixed (the same when built again) and no action met in 30 random
    games is missing from it."""
    c = codec(game, players)
    enc = __import__(get_spec(game).encoding, fromlist=["encoding"])
    again = enc.encoding(players, get_spec(game).check_params(players, {}))
    assert again.actions == c.actions
    assert set(discover_actions(game, players, dict(c.params), games=30, seed=99)) <= set(
        c.actions)


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_observations_do_not_change_when_hidden_cards_are_redealt(game: str, players: int,
                                                                  ) -> None:
    """DESIGN.md, hidden information: re-deal what a seat cannot see
    (``State.resample``) and its observation tensor (and mask) stay the same."""
    c = codec(game, players)
    rng = random.Random(7)
    checked = 0
    for state in random_positions(new_game(game, players=players, seed=5), 5, every=7):
        if state.to_act is None:
            break
        for seat in range(players):
            obs = c.observe(state, seat)
            assert obs.shape == (c.size,) and obs.dtype == np.float32
            for _ in range(2):
                other = state.resample(seat, rng)
                assert np.array_equal(c.observe(other, seat), obs)
                assert np.array_equal(c.mask(other, seat), c.mask(state, seat))
            checked += 1
    assert checked >= 6


def test_an_observation_shows_my_hand_but_not_the_others() -> None:
    """The encoder reads the view: my cards are in ``my_hand``, and another seat's
    observation of the same state differs there."""
    c = codec("radiant-perim", 3)
    state = new_game("radiant-perim", players=3, seed=2)
    for _ in range(12):  # the first round of picks: everyone holds cards
        state.apply(state.legal_actions()[0])
    at = {name: sum(size for _, size, _ in c.parts[:i]) for i, (name, _, _) in
          enumerate(c.parts)}
    size = dict((name, size) for name, size, _ in c.parts)
    mine = [c.observe(state, s)[at["my_hand"]:at["my_hand"] + size["my_hand"]]
            for s in range(3)]
    for s in range(3):
        assert mine[s].sum() == len(state.view(s)["hands"][s]["cards"]) > 0
    assert not np.array_equal(mine[0], mine[1])


def test_docs_list_every_part_of_each_encoding() -> None:
    """docs/research.md documents each game's observation: every part, with its size."""
    text = DOCS.read_text()
    for game, players in [("radiant-perim", 3), ("radiant-arena", 2), ("lightseekers", 3),
                          ("hoshi-battle", 2)]:
        c = codec(game, players)
        section = text.split(f"### {game}")[1].split("\n### ")[0]
        for name, size, _ in c.parts:
            assert re.search(rf"\| `{name}` \| {size} \|", section), (game, name, size)
        assert f"{c.size}" in section and f"{c.n_actions}" in section


def test_the_index_space_ignores_user_cards_met_earlier_in_the_process() -> None:
    """hoshi-battle interns the action of a user's card when first met (a ``--cards``
    game in the same process); the research index space stays the packaged pool's, so a
    test or a server that met one first cannot change it (docs/research.md's 84)."""
    from tabletop.games.hoshi_battle import actions, tensors

    before = tensors.action_texts()
    met = [actions.discard("user-card"), actions.play("user-card"),
           actions.choose_hero("user-hero")]
    try:
        assert tensors.action_texts() == before
        assert not any(a.to_text() in before for a in met)
    finally:  # leave the interned tables as the packaged pool has them
        del actions.DISCARDS["user-card"], actions.PLAYS["user-card"]
        del actions.HEROES["user-hero"]


def test_returns_from_the_outcome() -> None:
    """+1 for the winners (both partners of a team), -1 for the others, 0 when all share."""
    assert returns_of({"winners": [1]}, 2) == [-1.0, 1.0]
    assert returns_of({"winners": [0, 2]}, 4) == [1.0, -1.0, 1.0, -1.0]
    assert returns_of({"winners": [0, 1, 2]}, 3) == [0.0, 0.0, 0.0]
    # Nobody wins (issue 27: two sides stay zero-sum): 0 for every seat.
    assert returns_of({"winners": []}, 2) == [0.0, 0.0]


def test_the_generic_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game without an encoding module gets a discovered action space (sorted, stable)
    and a hashed view; an action the discovery never met is a clear error."""
    plain = dataclasses.replace(get_spec("radiant-perim"), id="perim-plain", encoding="")
    monkeypatch.setitem(core_spec._REGISTRY, "perim-plain", plain)
    c = codec("perim-plain", 2)
    assert c.generic_actions and c.generic_observation
    assert list(c.actions) == sorted(c.actions) and "pick a1" in c.index
    assert c.size == HASHED_SIZE
    state = c.new_state(4)
    for seat in (0, 1):
        obs = c.observe(state, seat)
        assert np.array_equal(obs, c.observe(state.resample(seat, random.Random(1)), seat))
    out = np.zeros(8, np.float32)
    hashed_view({"a": 2, "b": ["x", None], "c": {"d": True}}, out)
    assert out.sum() == 5.0  # 2 for the number, 1 per string, null and bool
    rare = dataclasses.replace(c, actions=c.actions[1:], index={}, _by_action={})
    with pytest.raises(EnvError, match="discovered from random games"):
        rare.index_of(state.parse_action(c.actions[0]))


def test_bad_setups_are_refused() -> None:
    """Unknown game, seat count or parameter: one clear error each."""
    with pytest.raises(EnvError, match="unknown game 'chess'"):
        codec("chess")
    with pytest.raises(EnvError, match="played by 2, 3, 4 players, not 5"):
        codec("radiant-perim", 5)
    with pytest.raises(EnvError, match="no parameter 'colour'"):
        codec("radiant-arena", 2, colour="red")


def test_bad_action_indices_are_refused_and_change_nothing() -> None:
    """Out of range, not an integer, or not legal now: EnvError, the state untouched."""
    c = codec("radiant-perim", 3)
    state = c.new_state(1)
    before = state.state_hash()
    illegal = c.index["pass"]
    for bad, needle in [(-1, "out of range"), (c.n_actions, "out of range"),
                        ("pick a1", "integer index"), (1.0, "integer index"),
                        (True, "integer index"), (illegal, r"\('pass'\) is not legal now")]:
        with pytest.raises(EnvError, match=needle):
            c.action(state, bad)
    assert state.state_hash() == before
    assert c.action(state, np.int64(c.index["pick b2"])).to_text() == "pick b2"
