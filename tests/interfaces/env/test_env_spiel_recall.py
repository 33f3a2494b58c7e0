"""Perfect-recall information-state tensors (issue 27, "Perfect-recall
information-state tensors where the game's history matters"): the observation followed
by the seat's record of the events it was told (interfaces/env/recall.py). Two histories
that end in the same observation give different tensors, the same history the same
tensor, and nothing the seat was not shown is in it."""

from __future__ import annotations

import pickle
import random
import re
from pathlib import Path

import numpy as np
import pyspiel
import pytest

import tabletop.interfaces.env.openspiel as spiel
from tabletop.interfaces.env.recall import (
    LAST,
    acts_tuple,
    event_kinds,
    recall_of,
    recall_parts,
)

from .conftest import SETUPS

DECK1 = "charming-trader,bronze-monk,clay-champion,battle-cry,smoke-bomb,focus"
DECK2 = ("crane-archer,night-hunter,stone-golem,rage,scorching-sun,swift-boots",
         "storm-caller,vengeful-squire,fox-spirit,valley-of-echoes,counterstrike,battle-cry")


def _dealt(g: pyspiel.Game, deal: int) -> pyspiel.State:
    state = g.new_initial_state()
    state.apply_action(deal)
    return state


def _own(state: pyspiel.State, seat: int) -> list[tuple[int, int]]:
    """``seat``'s actions (codec indices) and the events before each."""
    return [(action, at) for who, action, at in acts_tuple(state.acts) if who == seat]


def _info(state: pyspiel.State, seat: int) -> np.ndarray:
    return np.asarray(state.information_state_tensor(seat), dtype=np.float32)


def _obs(state: pyspiel.State, seat: int) -> np.ndarray:
    return np.asarray(state.observation_tensor(seat), dtype=np.float32)


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_the_information_state_is_the_observation_then_the_record(game: str,
                                                                  players: int) -> None:
    """The layout: the observation tensor, then the recall parts; the record's values lie
    in [0, 1]; the running record (kept with the state) equals one read from the start;
    a re-deal for the seat, a clone and a pickled copy give the same tensor."""
    g = pyspiel.load_game(spiel.short_name(game), {"players": players, "deals": 20})
    recall_size = sum(size for _, size, _ in recall_parts(game))
    assert g.information_state_tensor_size() == g.observation_tensor_size() + recall_size
    state = _dealt(g, 4)
    rng = random.Random(players)
    for step in range(60):
        if state.is_terminal():
            break
        if step % 6 == 0:
            for p in range(players):
                info = _info(state, p)
                n = g.observation_tensor_size()
                assert np.array_equal(info[:n], _obs(state, p))
                assert info[n:].min() >= 0 and info[n:].max() <= 1
                fresh = np.zeros(recall_size, np.float32)
                recall_of(state.engine, p, state.acts).encode(fresh, state.engine.to_act)
                assert np.array_equal(info[n:], fresh)
                again = state.resampled(p, random.Random(step))
                assert np.array_equal(_info(again, p), info)
                assert np.array_equal(_info(state.clone(), p), info)
                assert np.array_equal(_info(pickle.loads(pickle.dumps(state)), p), info)
        state.apply_action(rng.choice(state.legal_actions()))


def test_two_histories_with_one_observation_give_two_information_states() -> None:
    """Goofspiel: P2 wins the first two prizes with its 10 and its 5 in either order
    (P1 bidding 3 and 2): the same hands, scores and prize after, so the same view and
    observation; but the bids were told in another order, so the information-state
    tensors (and strings) differ. Replaying the same bids gives the same tensor."""
    g = pyspiel.load_game("tabletop_goofspiel", {"players": 2, "deals": 5})

    def played(bids: list[tuple[str, str]]) -> pyspiel.State:
        state = _dealt(g, 1)
        for mine, theirs in bids:
            for text in (mine, theirs):
                state.apply_action(state.codec.index[text])
        return state

    a = played([("bid 3", "bid 10"), ("bid 2", "bid 5")])
    b = played([("bid 2", "bid 5"), ("bid 3", "bid 10")])
    assert a.engine.view(0)["scores"] == [0, 15]
    for seat in (0, 1):
        assert a.engine.view(seat) == b.engine.view(seat)
        assert np.array_equal(_obs(a, seat), _obs(b, seat))
        assert not np.array_equal(_info(a, seat), _info(b, seat))
        assert a.information_state_string(seat) != b.information_state_string(seat)
        same = played([("bid 3", "bid 10"), ("bid 2", "bid 5")])
        assert np.array_equal(_info(same, seat), _info(a, seat))
    # The record's fields: the same kinds were told as often, in another order: the
    # counts agree and the digest does not.
    obs = g.observation_tensor_size()
    parts = {name: size for name, size, _ in recall_parts("goofspiel")}
    at = obs + 1 + parts["recall_kinds"] + parts["recall_last"]
    ia, ib = _info(a, 0), _info(b, 0)
    assert np.array_equal(ia[:at], ib[:at])
    assert not np.array_equal(ia[at:], ib[at:])


# Setups whose first moves transpose (the same observation by two paths, told in another
# order: hoshi-battle's setup discards, lightseekers' and radiant-arena's opening plays);
# in the others short random games do not meet (goofspiel's is built above).
TRANSPOSING = [(g, n) for g, n in SETUPS if g in ("lightseekers", "radiant-arena")
               or (g == "hoshi-battle" and n < 5)]


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_equal_observations_with_other_histories_differ_in_random_games(game: str,
                                                                        players: int) -> None:
    """Over 30 short random games from one deal, every two positions a seat sees alike
    (equal observation tensors) have equal information-state tensors exactly when the
    seat was told the same events, in the same order, and took the same actions among
    them (issue 27: a seat knows what it chose)."""
    g = pyspiel.load_game(spiel.short_name(game), {"players": players, "deals": 50})
    seen: dict[tuple[int, bytes], dict[str, bytes]] = {}
    for run in range(30):
        state = _dealt(g, 1)
        rng = random.Random(run)
        for _ in range(10):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
            for p in range(players):
                told = repr(([e[:2] for e in state.engine.events_for(p)],
                             _own(state, p)))
                info = _info(state, p).tobytes()
                by_told = seen.setdefault((p, _obs(state, p).tobytes()), {})
                assert by_told.setdefault(told, info) == info  # the same history
    collided = 0
    for by_told in seen.values():
        infos = list(by_told.values())
        assert len(set(infos)) == len(infos)  # other histories, other tensors
        collided += len(infos) > 1
    if (game, players) in TRANSPOSING:
        assert collided > 0


def test_no_hidden_card_is_in_the_record() -> None:
    """Two constructed hoshi-battle games alike but for P2's deck (hidden from P1): P1's
    information-state tensor is the same in both (its record holds P2's deal event
    without the cards); P2's differs. A spectator's record (a public perfect-recall
    observer) is the same in both too."""
    states = []
    for deck2 in DECK2:
        g = pyspiel.load_game("tabletop_hoshi_battle",
                              {"deals": 3, "deck1": DECK1, "deck2": deck2})
        state = _dealt(g, 2)
        state.apply_action(state.codec.index["hero bronze-monk"])
        states.append((g, state))
    (ga, a), (gb, b) = states
    assert np.array_equal(_info(a, 0), _info(b, 0))
    assert not np.array_equal(_info(a, 1), _info(b, 1))
    kind = pyspiel.IIGObservationType(perfect_recall=True, public_info=True,
                                      private_info=pyspiel.PrivateInfoType.NONE)
    public = [ga.make_py_observer(kind), gb.make_py_observer(kind)]
    public[0].set_from(a, 0)
    public[1].set_from(b, 0)
    assert np.array_equal(public[0].tensor, public[1].tensor)
    assert public[0].dict["recall_events"][0] > 0


def test_the_record_names_its_parts() -> None:
    """The kinds are the game's event table and ``other``; the last events are one-hot,
    most recent first."""
    kinds = event_kinds("goofspiel")
    assert kinds[-1] == "other" and "bid" in kinds
    g = pyspiel.load_game("tabletop_goofspiel", {"players": 2, "deals": 5})
    state = _dealt(g, 1)
    state.apply_action(state.codec.index["bid 3"])
    observer = g.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, 0)
    last = observer.dict["recall_last"].reshape(LAST, len(kinds))
    told = [e.kind for e in state.engine.events_for(0)]
    assert told[-1] == "bid"
    for i, kind in enumerate(reversed(told[-LAST:])):
        assert last[i, kinds.index(kind)] == 1 and last[i].sum() == 1
    assert last[len(told):].sum() == 0
    counts = observer.dict["recall_kinds"]
    assert counts[kinds.index("bid")] == pytest.approx(1 / 11)


def test_docs_list_the_record() -> None:
    """docs/research.md documents the record, part by part, with radiant-perim's sizes."""
    text = (Path(__file__).resolve().parents[3] / "docs" / "research.md").read_text()
    section = text.split("**Information-state tensor**")[1].split("\n- **")[0]
    for name, size, meaning in recall_parts("radiant-perim"):
        assert re.search(rf"\| `{name}` \| {size} \| {re.escape(meaning)} \|", section), name
