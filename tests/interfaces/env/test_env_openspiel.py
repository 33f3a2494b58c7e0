"""The OpenSpiel registration: every game loads by name, passes OpenSpiel's random
simulation tests (its game-API consistency checks), builds its tensors from a seat's view
only, and OpenSpiel's IS-MCTS bot plays a game against our random agent (issue 16,
"Environment adapters")."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import tabletop.interfaces.env.openspiel as spiel
from tabletop.agents import decide, make_agent
from tabletop.core import record_of, verify
from tabletop.interfaces.env import EnvError

from .conftest import SETUPS


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_random_simulation_tests(game: str, players: int) -> None:
    """pyspiel.random_sim_test plays whole games through the API and checks it (legal
    actions sorted and applicable, chance outcomes summing to 1, returns at the end,
    clones, observation and information-state tensors and strings)."""
    g = pyspiel.load_game(spiel.short_name(game), {"players": players})
    assert g.num_players() == players and g.num_distinct_actions() > 0
    pyspiel.random_sim_test(g, num_sims=2, serialize=True, verbose=False)


def test_the_deal_is_the_chance_node_and_decides_the_seed() -> None:
    g = pyspiel.load_game("tabletop_radiant_perim", {"players": 3, "deals": 50})
    state = g.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 50 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    state.apply_action(17)
    assert state.engine.seed == 17 and state.current_player() == 0
    assert [state.action_to_string(0, a) for a in state.legal_actions()][:2] == [
        "pick a1", "pick a2"]


def test_tensors_and_strings_come_from_the_view_only() -> None:
    """Re-deal what a seat cannot see: its observation and information-state tensors and
    strings do not change (DESIGN.md, hidden information)."""
    g = pyspiel.load_game("tabletop_radiant_arena", {"deals": 10})
    state = g.new_initial_state()
    state.apply_action(3)
    rng = random.Random(3)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    for seat in (0, 1):
        other = state.resampled(seat, random.Random(seat))
        for get in ("observation_tensor", "information_state_tensor",
                    "observation_string", "information_state_string"):
            assert getattr(other, get)(seat) == getattr(state, get)(seat), get
        assert np.any(state.observation_tensor(seat))
    assert state.observation_string(0) != state.observation_string(1)


def test_a_public_observer_sees_the_spectators_view() -> None:
    g = pyspiel.load_game("tabletop_radiant_perim", {"players": 2, "deals": 5})
    state = g.new_initial_state()
    state.apply_action(1)
    public = g.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True,
        private_info=pyspiel.PrivateInfoType.NONE))
    assert public.string_from(state, 0) == public.string_from(state, 1)
    with pytest.raises(ValueError, match="reveal hidden cards"):
        g.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True,
            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_openspiel_ismcts_plays_our_random_agent() -> None:
    """OpenSpiel's IS-MCTS bot (with the engine's resampler) against the engine's random
    agent: a whole two-player game of legal moves that replays as a record."""
    g = pyspiel.load_game("tabletop_radiant_perim", {"players": 2, "deals": 100})
    bot = ismcts.ISMCTSBot(g, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                           uct_c=2.0, max_simulations=8,
                           random_state=np.random.RandomState(0),
                           use_observation_string=True)
    bot.set_resampler(spiel.make_resampler(1))
    state = g.new_initial_state()
    state.apply_action(21)
    ours = make_agent("random", "radiant-perim", 5)
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            chosen = decide(ours, state.engine)
            state.apply_action(state.codec.index_of(chosen))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    verify(record_of(state.engine))


def test_bad_parameters() -> None:
    with pytest.raises(EnvError, match="played by 2, 3, 4 players, not 5"):
        pyspiel.load_game("tabletop_radiant_perim", {"players": 5})
    with pytest.raises(EnvError, match="unknown deck 'z'"):
        pyspiel.load_game("tabletop_radiant_arena", {"deck_a": "z"})
    with pytest.raises(EnvError, match="deals is 0"):
        pyspiel.load_game("tabletop_radiant_arena", {"deals": -1})
