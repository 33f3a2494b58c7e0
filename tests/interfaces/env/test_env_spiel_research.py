"""Research-grade OpenSpiel checks (issue 27): games, states, positions and the core State
pickle and pass ``serialize_game_and_state`` round trips; the deal draws from the whole
seed range; two-sided games are zero-sum; information-state strings follow OpenSpiel's
contract (a compact function of exactly what the seat knows); OpenSpiel's own IS-MCTS bot
runs with its defaults on every game and seat count."""

from __future__ import annotations

import json
import pickle
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import tabletop.interfaces.env.openspiel as spiel
from tabletop.core import get_spec, new_game
from tabletop.core.spec import MAX_SEED

from .conftest import SETUPS, random_positions


def _dealt(g: pyspiel.Game, rng: random.Random) -> pyspiel.State:
    state = g.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    return state


def _events(state: object, seat: int | None) -> list[tuple[object, ...]]:
    return [e[:5] for e in state.events_for(seat)]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_the_core_state_and_its_positions_pickle(game: str, players: int) -> None:
    """Issue 27, "Pickle ... round trips for every game, state and position, and for the
    core State itself": at positions through a random game (every 7th, and the end), a
    re-dealt copy and the position read back from its data, pickling gives the same
    position, legal actions, views and events (module-level functions and classes only:
    no closures, no classes built with type())."""
    spec = get_spec(game)
    for state in random_positions(new_game(game, players=players, seed=11), 11, every=7):
        copies = [state]
        if state.to_act is not None:
            copies.append(state.resample(state.to_act, random.Random(3)))
        try:
            copies.append(spec.from_data(state.to_data()))
        except NotImplementedError:
            pass
        for s in copies:
            back = pickle.loads(pickle.dumps(s))
            assert back.state_hash() == s.state_hash()
            assert back.legal_actions() == s.legal_actions()
            for seat in (None, *range(players)):
                assert back.view(seat) == s.view(seat)
                assert _events(back, seat) == _events(s, seat)
            if s.to_act is not None:  # it plays on alike
                a = s.legal_actions()[0]
                s2, b2 = s.clone(), back
                s2.apply(a)
                b2.apply(b2.parse_action(a.to_text()))
                assert s2.state_hash() == b2.state_hash()


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_openspiel_games_and_states_serialize(game: str, players: int) -> None:
    """Issue 27: the game and its type pickle; at every power-of-two step of a game a state
    passes pickle and ``serialize_game_and_state`` / ``deserialize_game_and_state`` (as
    OpenSpiel's games_sim_test checks them) and plays on the same."""
    g = pyspiel.load_game(spiel.short_name(game), {"players": players})
    assert str(pickle.loads(pickle.dumps(g))) == str(g)
    assert pickle.loads(pickle.dumps(g.get_type())) == g.get_type()
    rng = np.random.RandomState(players)
    state = g.new_initial_state()
    step, check = 0, 1
    while not state.is_terminal():
        step += 1
        if step == check:
            check *= 2
            for back in (pickle.loads(pickle.dumps(state)),
                         pyspiel.deserialize_game_and_state(
                             pyspiel.serialize_game_and_state(g, state))[1]):
                assert str(back) == str(state) and back.history() == state.history()
                if not state.is_chance_node():
                    assert back.legal_actions() == state.legal_actions()
                    p = state.current_player()
                    assert back.information_state_string(p) == state.information_state_string(p)
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_the_deal_draws_from_the_whole_seed_range() -> None:
    """Issue 27, "seeds drawn from the whole seed range by default": the deal is eight
    chance nodes of 256 outcomes, the seed's bytes; ``deals=k`` keeps a fixed set."""
    g = pyspiel.load_game("tabletop_radiant_perim", {"players": 3})
    assert g.max_chance_outcomes() == 256
    state = g.new_initial_state()
    for b in (0xFF, 1, 2, 3, 4, 5, 6, 7):
        assert state.is_chance_node() and len(state.chance_outcomes()) == 256
        state.apply_action(b)
    assert state.engine.seed == int.from_bytes(bytes([0xFF, 1, 2, 3, 4, 5, 6, 7]),
                                               "big") & MAX_SEED
    seeds = {_dealt(g, random.Random(k)).engine.seed for k in range(20)}
    assert len(seeds) == 20 and max(seeds) > 2**60
    fixed = pyspiel.load_game("tabletop_radiant_perim", {"players": 3, "deals": 7})
    assert fixed.max_chance_outcomes() == 7


@pytest.mark.parametrize(("game", "players", "zero_sum"), [
    ("radiant-arena", 2, True), ("radiant-perim", 2, True), ("radiant-perim", 3, False),
    ("radiant-perim", 4, True), ("lightseekers", 2, True), ("lightseekers", 3, False),
    ("hoshi-battle", 2, True), ("hoshi-battle", 5, False), ("goofspiel", 2, True)])
def test_game_types_are_zero_sum_where_returns_are(game: str, players: int,
                                                   zero_sum: bool) -> None:
    """Issue 27, "Correct game types": two sides (two players, or radiant-perim's two
    teams of partners) are zero-sum, and their returns do sum to 0."""
    g = pyspiel.load_game(spiel.short_name(game), {"players": players})
    want = (pyspiel.GameType.Utility.ZERO_SUM if zero_sum
            else pyspiel.GameType.Utility.GENERAL_SUM)
    assert g.get_type().utility == want
    if zero_sum:
        assert g.utility_sum() == 0.0
        state = _dealt(g, random.Random(players))
        rng = random.Random(1)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == 0.0


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_information_state_strings_follow_openspiels_contract(game: str, players: int,
                                                              ) -> None:
    """Issue 27, information-state strings: a re-deal for seat p leaves p's string as it
    was (p cannot tell the states apart), while another seat q's string follows the cards
    the re-deal gave q (its own cards are part of what it knows); strings are short."""
    g = pyspiel.load_game(spiel.short_name(game), {"players": players, "deals": 50})
    state = g.new_initial_state()
    state.apply_action(players)
    rng = random.Random(players)
    differed = 0
    for step in range(40):
        if state.is_terminal():
            break
        if step % 4 == 0:
            for p in range(players):
                key = state.information_state_string(p)
                assert len(key) < 80
                for k in range(3):
                    other = state.resampled(p, random.Random(k))
                    assert other.information_state_string(p) == key
                    for q in range(players):
                        view_same = (other.engine.view(q) == state.engine.view(q))
                        same = (other.information_state_string(q)
                                == state.information_state_string(q))
                        if not view_same:  # q can tell them apart: its cards differ
                            assert not same
                            differed += 1
        state.apply_action(rng.choice(state.legal_actions()))
    # Goofspiel's hands are public (only the prize order is hidden from all): no re-deal
    # gives a seat other cards. In every other game some did.
    assert differed > 0 or game == "goofspiel"


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_equal_information_state_strings_mean_equal_views(game: str, players: int) -> None:
    """Issue 27, information-state strings (built from the seat's event record, not its
    view): over random games from 10 deals of the whole seed range, and three re-deals of
    each played on alike, two states that give a seat one string show it one view (its
    own cards included), and a seat's string is the same in a clone. So the events tell
    every seat all it sees; a game whose events left something out fails here."""
    g = pyspiel.load_game(spiel.short_name(game), {"players": players})
    views: dict[str, str] = {}
    checked = repeated = 0

    def check(state: pyspiel.State) -> None:
        nonlocal checked, repeated
        for p in range(players):
            key = state.information_state_string(p)
            view = json.dumps(state.engine.view(p), sort_keys=True, default=str)
            repeated += key in views
            assert views.setdefault(key, view) == view, (p, key)
            checked += 1

    for k in range(10):
        rng = random.Random(k)
        state = _dealt(g, rng)
        for step in range(24):
            if state.is_terminal():
                break
            check(state)
            if step == 8:
                p = state.current_player()
                for r in range(3):  # re-deals for the seat to act, played on alike
                    other = state.resampled(p, random.Random(r))
                    for _ in range(4):
                        if other.is_terminal():
                            break
                        check(other)
                        assert other.clone().information_state_string(p) == \
                            other.information_state_string(p)
                        other.apply_action(other.legal_actions()[0])
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100 and repeated > 0


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_openspiel_ismcts_runs_with_its_defaults(game: str, players: int) -> None:
    """Issue 27: OpenSpiel's Python ``ISMCTSBot`` with its defaults (information-state
    keys, no resampler of ours: it calls ``resample_from_infostate``) plays a few moves of
    every game and seat count; each is legal."""
    g = pyspiel.load_game(spiel.short_name(game), {"players": players})
    bot = ismcts.ISMCTSBot(g, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                           uct_c=2.0, max_simulations=4,
                           random_state=np.random.RandomState(0))
    state = _dealt(g, random.Random(5))
    for _ in range(3):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_resample_from_infostate_keeps_what_the_seat_knows() -> None:
    """Issue 27, ``resample_from_infostate``: OpenSpiel's sampler drives the engine's
    re-deal; the seat's view and information state are unchanged."""
    g = pyspiel.load_game("tabletop_radiant_perim", {"players": 3})
    state = _dealt(g, random.Random(2))
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    p = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hands = set()
    for _ in range(5):
        other = state.resample_from_infostate(p, sampler)
        assert other.engine.view(p) == state.engine.view(p)
        assert other.information_state_string(p) == state.information_state_string(p)
        hands.add(repr(other.engine.view((p + 1) % 3)["hands"]))
    assert other.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_openspiels_cpp_bots_on_every_game(game: str, players: int) -> None:
    """Issue 27, "OpenSpiel's C++ IS-MCTS and MCTS": the C++ ``MCTSBot`` plays a few legal
    moves of every game and seat count through ``cpp_bot_step`` (its ``step`` binding drops
    the interpreter's lock, which a Python state's C++ Clone needs: docs/research.md). The
    C++ ``ISMCTSBot`` stops where OpenSpiel stops it: a Python state's C++ side
    (``PyState``) does not forward ``ResampleFromInfostate`` to Python, so the base
    ``State::ResampleFromInfostate`` raises for every imperfect-information Python game.
    This test fails the day OpenSpiel forwards it; then the bot should be played here."""
    g = pyspiel.load_game(spiel.short_name(game), {"players": players})
    bot = pyspiel.MCTSBot(g, pyspiel.RandomRolloutEvaluator(1, 0), uct_c=2.0,
                          max_simulations=4, max_memory_mb=100, solve=False, seed=0,
                          verbose=False)
    state = _dealt(g, random.Random(5))
    for _ in range(3):
        if state.is_terminal():
            break
        action = spiel.cpp_bot_step(bot, state)
        assert action in state.legal_actions()
        state.apply_action(action)
    while len(state.legal_actions()) < 2:  # the bot's shortcut for one action aside
        state.apply_action(state.legal_actions()[0])
    is_bot = pyspiel.ISMCTSBot(0, pyspiel.RandomRolloutEvaluator(1, 0), 2.0, 4)
    with pytest.raises(pyspiel.SpielError, match=r"ResampleFromInfostate\(\) not implemented"):
        is_bot.step_with_policy(state)
    # Python's own call reaches ours (the C++ bot's call does not).
    p = state.current_player()
    other = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(p) == state.information_state_string(p)


@pytest.mark.parametrize(("game", "players"), [("radiant-perim", 3), ("goofspiel", 2),
                                               ("radiant-arena", 2)])
def test_python_answers_equal_pyspiels_own(game: str, players: int) -> None:
    """Issue 27, the OpenSpiel path's speed: ``legal_actions`` and ``is_chance_node`` are
    answered in Python (no round trip through C++); at every step of a game, from the
    deal to the end, they give what pyspiel's C++ methods give for every player argument
    (the C++ ones reach the game through ``_legal_actions``), and a clone keeps them."""
    g = pyspiel.load_game(spiel.short_name(game), {"players": players})
    state = g.new_initial_state()
    rng = random.Random(players)
    steps = 0
    while True:
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for p in range(players):
            assert state.legal_actions(p) == pyspiel.State.legal_actions(state, p)
        if state.is_chance_node():
            assert state.legal_actions(pyspiel.PlayerId.CHANCE) == \
                pyspiel.State.legal_actions(state, pyspiel.PlayerId.CHANCE)
        elif not state.is_terminal():
            with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
                state.legal_actions(pyspiel.PlayerId.CHANCE)
        if steps % 9 == 0:
            copy = state.clone()
            assert copy.legal_actions() == state.legal_actions()
            assert copy.current_player() == state.current_player()
        if state.is_terminal():
            break
        legal = state.legal_actions()
        legal.clear()  # a caller's list is its own
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    assert state.legal_actions() == [] == pyspiel.State.legal_actions(state)


@pytest.mark.parametrize(("game", "players"), [("radiant-perim", 3), ("goofspiel", 2),
                                               ("lightseekers", 2)])
def test_legal_indices_are_the_codecs_at_every_step(game: str, players: int) -> None:
    """Issue 27, the codec's indices cached beside the state's legal actions: the lists
    the adapter remembers (by the identity of the action objects) are, at every step of
    several games and their clones, the codec's own indices of the engine's legal actions,
    and an index applied carries out the engine's action of that index."""
    g = pyspiel.load_game(spiel.short_name(game), {"players": players})
    c = g.codec
    for seed in range(4):
        rng = random.Random(seed)
        state = _dealt(g, rng)
        copies = []
        while not state.is_terminal():
            engine = state.engine
            assert state.legal_actions() == sorted(c.legal_indices(engine))
            chosen = rng.choice(state.legal_actions())
            state.apply_action(chosen)
            assert c.index_of(state.engine.history[-1]) == chosen
            if rng.random() < 0.1:
                copies.append(state.clone())
        for copy in copies:  # later games' lists do not change what a copy gives
            if not copy.is_terminal():
                assert copy.legal_actions() == sorted(c.legal_indices(copy.engine))


def test_a_copy_taken_during_the_deal_is_dealt_on_its_own() -> None:
    """Issue 27 (the deal's chance nodes cost less: a state's own engine takes the next
    seed byte in place): a clone taken between two seed bytes, and the original, each go
    on with their own bytes and end with the seed those bytes make; the game's blank
    (before any byte) is not changed by any of them."""
    g = pyspiel.load_game("tabletop_goofspiel", {"players": 2})
    state = g.new_initial_state()
    for byte in (1, 2, 3):
        state.apply_action(byte)
    copy = state.clone()
    for byte in (4, 5, 6, 7, 8):
        state.apply_action(byte)
    assert str(copy) == f"before the deal (3 of {spiel.SEED_BYTES} seed bytes)"
    for byte in (9, 10, 11, 12, 13):
        copy.apply_action(byte)
    assert state.engine.seed == int.from_bytes(bytes(range(1, 9)), "big") & MAX_SEED
    assert copy.engine.seed == int.from_bytes(bytes((1, 2, 3, *range(9, 14))), "big") \
        & MAX_SEED
    assert state.history() == list(range(1, 9)) and copy.history() == [1, 2, 3, *range(9, 14)]
    assert str(g.new_initial_state()) == f"before the deal (0 of {spiel.SEED_BYTES} seed bytes)"



# Random games a setup's test below plays: radiant-arena's whole-game check needs a
# hundred (a defender who declines Zeal's additional clash and must then assign the
# damage of two attackers comes about once in some hundred random games; deal 91 is the
# first), the others' ten.
DEALS = {"radiant-arena": 120}


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_one_information_state_string_means_one_set_of_legal_actions(game: str,
                                                                     players: int) -> None:
    """Issue 27, OpenSpiel's contract ("a function of exactly what the seat knows ... equal
    for states the seat cannot tell apart and different for states it can"), as OpenSpiel's
    ``ISMCTSBot`` relies on it: it keys its tree by the string of the seat to act and
    takes the legal actions of the first state it met there. In random games (fixed
    deals), no string of a seat to act is met with two sets of legal actions. At every
    8th position of the first three, every re-deal for the seat to act
    (``resample_from_infostate``) gives that seat the same string and the same legal
    actions; the position and its re-deals are then played on, each choice a function of
    that seat's string (so their paths agree while its string does, and part as the
    other seats' hidden cards decide), and checked alike. (In radiant-arena, declining
    an additional clash told no event, so the defender's string stayed as it went from
    that question to assigning the attackers' damage: OpenSpiel's search then played
    ``clash overkill`` where only ``assign`` was legal.)"""
    deals = DEALS.get(game, 10)
    g = pyspiel.load_game(spiel.short_name(game), {"players": players, "deals": deals})
    met: dict[tuple[int, str], list[int]] = {}

    def check(world: pyspiel.State) -> list[int]:
        q = world.current_player()
        actions: list[int] = world.legal_actions()
        seen = met.setdefault((q, world.information_state_string(q)), actions)
        assert seen == actions, ([world.codec.actions[a] for a in seen],
                                 [world.codec.actions[a] for a in actions])
        return actions

    redeals = 0
    for deal in range(deals):
        rng = random.Random(deal)
        state = g.new_initial_state()
        state.apply_action(deal)
        step = 0
        while not state.is_terminal():
            legal = check(state)
            if deal < 3 and step % 8 == 7:
                p = state.current_player()
                key = state.information_state_string(p)
                worlds = [state.clone()]
                for r in range(4):
                    other = state.resample_from_infostate(p, random.Random(r).random)
                    assert other.information_state_string(p) == key
                    assert other.legal_actions() == legal
                    worlds.append(other)
                    redeals += 1
                for world in worlds:
                    for depth in range(16):
                        if world.is_terminal():
                            break
                        actions = check(world)
                        pick = random.Random(f"{world.information_state_string(p)} {depth}")
                        world.apply_action(pick.choice(actions))
            state.apply_action(rng.choice(legal))
            step += 1
    assert redeals > 0
