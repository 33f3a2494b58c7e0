"""The radiant-arena heuristic and ISMCTS in radiant-arena (docs/agents.md).

Rulebook: radiant-offline-battle-arena.txt. The agents read views only; these tests
check their answers are legal, blind to what the seat cannot see, and follow the rules
of thumb the docs describe.
"""

from __future__ import annotations

import copy
import random

from tabletop.agents import IsmctsAgent, decide, difficulty_agent, make_agent
from tabletop.agents.arena import ArenaHeuristic, side_score
from tabletop.core import State, new_game
from tabletop.sim import play_match

GAME = "radiant-arena"


def _positions(seed: int, every: int = 1, by: str = "random") -> list[State]:
    """Clones of every ``every``-th decision of one game played by two ``by`` agents."""
    state = new_game(GAME, seed=seed)
    agents = [make_agent(by, GAME, seed), make_agent(by, GAME, seed + 1)]
    out = []
    i = 0
    while state.to_act is not None:
        if i % every == 0:
            out.append(state.clone())
        state.apply(decide(agents[state.to_act], state))
        i += 1
    return out


def test_the_agents_answer_legally_in_every_decision() -> None:
    """Every decision of random games (deployment, actions, combat, revive, shop, discard):
    the heuristic always, ISMCTS at every fifth decision."""
    heuristic = make_agent("heuristic", GAME, 1)
    ismcts = make_agent("ismcts:3", GAME, 1)
    verbs = set()
    for seed in (1, 2):
        for i, state in enumerate(_positions(seed)):
            legal = state.legal_actions()
            chosen = decide(heuristic, state)
            assert chosen in legal
            verbs.add(chosen.to_text().split()[0])
            if i % 5 == 0:
                assert decide(ismcts, state) in legal
    assert {"deploy", "attack", "target", "clash", "pass"} <= verbs


def test_same_decision_under_a_redeal_of_what_the_seat_cannot_see() -> None:
    """The opponent's hand, deck, shop, face-down deity and conduits, and the seat's own
    deck order, re-dealt: neither agent can tell, so neither decides differently."""
    checked = 0
    for state in _positions(4, every=9):
        seat = state.to_act
        assert seat is not None
        if len(state.legal_actions()) < 2:
            continue
        redeal = state.resample(seat, random.Random(checked))
        assert redeal.view(seat) == state.view(seat)
        for name in ("heuristic", "ismcts:6"):
            first = decide(make_agent(name, GAME, 5), state)
            second = decide(make_agent(name, GAME, 5), redeal)
            assert first == second, (name, state.view(seat)["phase"])
        checked += 1
    assert checked > 10


def test_the_heuristic_levels_up_when_it_can() -> None:
    """The Five Basic Actions, Level Up: whenever a level up is legal the heuristic takes
    it (positions where the enemy deity is in play, and may be KO'd, are left out)."""
    h = ArenaHeuristic()
    seen = 0
    for seed in range(6):
        for state in _positions(seed, by="heuristic"):
            legal = state.legal_actions()
            if not any(a.to_text().startswith("level ") for a in legal):
                continue
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            if any(u["deity"] and u["owner"] != seat and u.get("zone") in view["lanes"]
                   for u in view["units"]):
                continue  # a KO of the enemy deity may be in reach
            assert h.choose(view, legal, random.Random(0)).to_text().startswith("level ")
            seen += 1
    assert seen > 0


def test_the_heuristic_beats_random() -> None:
    """The heuristic's rules of thumb are worth something: seeded games against random,
    each deal from both seats (the benchmark measures it over hundreds of games)."""
    wins = 0
    for seed in range(5):
        for seat in (0, 1):
            names = ["random", "random"]
            names[seat] = "heuristic"
            outcome = play_match(GAME, 2, names, seed=seed).outcome()
            assert outcome is not None
            wins += seat in outcome.winners
    assert wins >= 9


def test_the_evaluation_reads_progress_toward_the_enemy_deity() -> None:
    """Winning & Losing: a ruined enemy conduit, damage on the enemy deity and a lost
    hero move the evaluation the right way; it is a chance per seat; a finished game is
    scored by its outcome."""
    h = ArenaHeuristic()
    state = _positions(7)[60]
    view = state.view(0)
    p = h.evaluate([view, state.view(1)])
    assert abs(sum(p) - 1.0) < 1e-9 and all(0.0 < x < 1.0 for x in p)
    ruined = copy.deepcopy(view)
    conduit = next(c for c in ruined["players"][1]["conduits"] if not c["ruined"])
    conduit["ruined"] = True
    assert side_score(ruined, 0) > side_score(view, 0)
    lost = copy.deepcopy(view)
    hero = next(u for u in lost["units"] if u["owner"] == 0 and not u["deity"]
                and u["zone"] != "void")
    hero["zone"] = "home"
    if hero["zone"] != view["units"][lost["units"].index(hero)]["zone"]:
        assert side_score(lost, 0) < side_score(view, 0)
    final = play_match(GAME, 2, ["heuristic", "random"], seed=3)
    outcome = final.outcome()
    assert outcome is not None
    values = h.evaluate([final.view(0), final.view(1)])
    assert values == [1.0 if s in outcome.winners else 0.0 for s in (0, 1)]


def test_ismcts_evaluates_between_turns() -> None:
    """ISMCTS in radiant-arena plays the rest of a turn by the rules of thumb and
    evaluates once the action phase is over (the heuristic's ``quiet``); explicit
    options still win over the game's defaults."""
    h = ArenaHeuristic()
    agent = make_agent("ismcts:5", GAME, 1)
    assert isinstance(agent, IsmctsAgent)
    assert (agent.rollout, agent.depth) == ("heuristic", h.ismcts_defaults["depth"])
    other = make_agent("ismcts:5:depth=0:rollout=random", GAME, 1)
    assert isinstance(other, IsmctsAgent) and (other.rollout, other.depth) == ("random", 0)
    phases = {}
    for state in _positions(2) + _positions(3):
        v = state.view(state.to_act)
        phases[v["phase"]] = h.quiet(v)
    assert phases["action"] is False and phases["clash"] is False
    assert phases["shop"] is True and phases["revive"] is True


def test_a_seat_reads_its_own_cards_and_only_those() -> None:
    """Getting Started ("Your Deity and Item cards should be kept secret"): a seat's view
    prints the face of every card in its hand and shop, and nothing of the other's."""
    state = _positions(5)[30]
    for seat in (0, 1):
        view = state.view(seat)
        mine = view["players"][seat]
        assert set(mine["card_texts"]) == set(mine["cards"]) | set(mine["shop_items"])
        assert all(face["text"] for face in mine["card_texts"].values())
        assert "card_texts" not in view["players"][1 - seat]
    assert all("card_texts" not in p for p in state.view(None)["players"])


def test_difficulty_levels_in_radiant_arena() -> None:
    """`tabletop play radiant-arena` plays the heuristic at the normal level (its default),
    random at easy (radiant-arena has no greedy agent) and ISMCTS at hard."""
    assert difficulty_agent("normal", GAME) == "heuristic"
    assert difficulty_agent("easy", GAME) == "random"
    assert difficulty_agent("hard", GAME).startswith("ismcts")
