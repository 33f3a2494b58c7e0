"""The radiant-arena heuristic and ISMCTS in radiant-arena (docs/agents.md).

Rulebook: radiant-offline-battle-arena.txt. The agents read views only; these tests
check their answers are legal, blind to what the seat cannot see, and follow the rules
of thumb the docs describe.
"""

from __future__ import annotations

import copy
import random
from typing import Any, cast

from tabletop.agents import IsmctsAgent, Resampler, decide, difficulty_agent, make_agent
from tabletop.agents.arena import NAMED_SELECTORS, OWN_KO, ArenaHeuristic, side_score
from tabletop.core import Action, State, from_scenario, new_game
from tabletop.games.radiant_arena.data import PILOT
from tabletop.games.radiant_arena.vocab import NAMED
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


def test_a_board_read_once_scores_each_action_as_a_fresh_board_does() -> None:
    """What a board remembers while it scores a step's actions (issue 28: each lane's
    ready attack, what a selector takes, the fight under way, each action's words and
    scorer) changes no score: every legal action scores the same alone on a fresh
    board, in every phase of heuristic games (talents, clash cards, answers...)."""
    h = ArenaHeuristic()
    verbs = set()
    for state in _positions(6, by="heuristic") + _positions(7, every=3):
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        legal = state.legal_actions()
        if len(legal) < 2 or view["phase"] == "draft":
            continue
        alone = [ArenaHeuristic().scores(view, [a])[0] for a in legal]
        assert h.scores(view, legal) == alone
        verbs |= {a.to_text().split()[0] for a in legal}
    assert {"talent", "clash", "move", "attack", "target"} <= verbs


def test_quiet_read_from_the_phase_is_quiet_of_the_view() -> None:
    """``quiet_state`` (issue 28: ISMCTS's rollouts ask at every step without building
    a view) answers as ``quiet`` does on the view of the seat to act, in every phase
    met (the draft, deployment, actions, combat, revive, shop, discard), and cannot tell
    for a position without a phase code."""
    h = ArenaHeuristic()
    met: dict[str, bool] = {}
    for state in _positions(2) + _positions(3) + _positions(5, by="heuristic"):
        view = state.view(state.to_act)
        assert h.quiet_state(state) == h.quiet(view), view["phase"]
        met[view["phase"]] = h.quiet(view)
    drafted = new_game(GAME, seed=1, draft=True)
    assert h.quiet_state(drafted) is False
    assert {"action", "clash", "shop", "revive"} <= set(met)
    assert True in met.values() and False in met.values()

    # a position whose phase is no such code (hoshi-battle's is a word)
    assert h.quiet_state(new_game("hoshi-battle", seed=1)) is None


def test_quiet_read_from_the_phase_searches_as_the_view_does() -> None:
    """The same search, iteration for iteration, whether the rollouts read quiet from the
    phase or from views (issue 28: a speed change that keeps the decisions)."""

    class ViewsOnly:
        """The heuristic without ``quiet_state`` (a class of its own: the heuristic may
        run compiled, and interpreted code cannot subclass a compiled class)."""

        quiet_state = None

        def __init__(self) -> None:
            self.h = ArenaHeuristic()

        def __getattr__(self, name: str) -> Any:
            return getattr(self.h, name)

    for state in _positions(4, every=25)[1:4]:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        results = []
        for heuristic in (ArenaHeuristic(), cast(ArenaHeuristic, ViewsOnly())):
            agent = IsmctsAgent(GAME, 3, iterations=30, heuristic=heuristic,
                                **ArenaHeuristic.ismcts_defaults)
            found = agent.search(legal, Resampler(state, seat), state.view(seat))
            results.append([(str(x.action), x.visits, x.value) for x in found.stats])
        assert results[0] == results[1]


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


# --- the heuristic reads effect data (issue 11) ---------------------------------------------


ENGLISH = ("text", "rules")  # the card text in a view: printed, and generated from the data


def without_english(value: Any) -> Any:
    """A view with every card text left out (``text`` and ``rules`` keys, at any depth)."""
    if isinstance(value, dict):
        return {k: without_english(v) for k, v in value.items() if k not in ENGLISH}
    if isinstance(value, list):
        return [without_english(v) for v in value]
    return value


def test_the_heuristic_reads_what_a_card_does_from_its_effect_data() -> None:
    """Issue 11: "The radiant-arena heuristic reads what a card does from the effect data,
    not its English text". At every decision of seeded games with the starter and the
    pilot cards, the scores are the same with every card text taken out of the view;
    and a talent whose effects are changed to a KO of its own hero (the text kept)
    scores below anything."""
    h = ArenaHeuristic()
    talents = 0
    for seed, cards in ((1, {}), (2, {"cards": str(PILOT), "deck_a": "pilot"})):
        state = new_game(GAME, seed=seed, **cards)
        agents = [make_agent("random", GAME, seed), make_agent("random", GAME, seed + 1)]
        while state.to_act is not None:
            seat = state.to_act
            view, legal = state.view(seat), state.legal_actions()
            if len(legal) > 1:
                assert h.scores(without_english(view), legal) == h.scores(view, legal)
                for i, a in enumerate(legal):
                    card = a.to_text().partition(":")[2]
                    face = view["players"][seat]["card_texts"].get(card)
                    if not a.to_text().startswith("talent ") or face is None:
                        continue
                    talents += 1
                    # the same text; the data now deals this hero 99 Piercing damage
                    doom = copy.deepcopy(view)
                    doom["players"][seat]["card_texts"][card]["talent"]["effects"] = [
                        {"op": "damage", "target": "self", "amount": 99, "piercing": True}]
                    assert h.scores(doom, legal)[i] < OWN_KO / 2 < h.scores(view, legal)[i]
            state.apply(decide(agents[seat], state))
    assert talents > 20


def test_the_named_selectors_are_read_as_the_game_defines_them() -> None:
    """The heuristic's table of named selectors (docs/rules/radiant-arena-cards.md) is
    the game's own."""
    assert NAMED_SELECTORS == NAMED


# --- never a KO of its own unit when another action is available ----------------------------


def own_ko(state: State, seat: int, action: Action) -> bool:
    """Whether ``action``'s own immediate result is a KO of a hero or deity of ``seat``:
    a KO (or the game lost to a deity KO'd) in the events from the action up to the next
    decision of either seat, within the turn."""
    s = state.clone()
    n = len(s.events)
    s.apply(action)
    owner = {u["id"]: u["owner"] for u in s.view(None)["units"] if not u.get("hidden")}
    for e in s.events[n:]:
        if e.kind == "turn_start":
            return False
        if e.kind == "ko" and owner.get(e.fields["unit"]) == seat:
            return True
        if e.kind == "game_end" and e.fields["cause"] == "deity_ko" \
                and e.fields["winner"] != seat:
            return True
    return False


def surely(state: State, seat: int, action: Action) -> bool | None:
    """``own_ko`` when the seat can know it: the same in the position and in six
    re-deals of what the seat cannot see (None when they differ)."""
    found = {own_ko(state, seat, action)}
    for i in range(6):
        found.add(own_ko(state.resample(seat, random.Random(len(state.events) * 10 + i)),
                         seat, action))
    return found.pop() if len(found) == 1 else None


def test_the_heuristic_never_kos_its_own_unit_when_another_action_is_available() -> None:
    """Issue 11: the heuristic "never picks an action whose own immediate result is a KO
    of its own hero or deity when another action is available". In every position of
    seeded random games (starter decks, and the pilot deck against deck B) where some
    legal action surely KOs a unit of the seat to act at once and another surely does
    not (as far as the seat can know: hidden cards re-dealt change nothing), the
    heuristic's choice does not. The positions include Viggo's Wrath at 1 health left,
    the defender's clash that would not stop a lethal attack, Feel No Pain's armor that
    would, a conduit ruined whose ruin effect (Smite) strikes back, Riptide's choice and
    a Defiance that recovers a committed defender. The seeds are ones whose games reach
    such positions often."""
    heuristic = make_agent("heuristic", GAME, 0)
    risky = 0
    for seed in (2, 28, 33, 39, 59):  # 52 such positions with the tuned starter cards
        cards = {"cards": str(PILOT), "deck_a": "pilot"} if seed % 2 else {}
        state = new_game(GAME, seed=seed, **cards)
        agents = [make_agent("random", GAME, seed), make_agent("random", GAME, seed + 1)]
        while state.to_act is not None:
            seat = state.to_act
            legal = state.legal_actions()
            if len(legal) > 1 and any(own_ko(state, seat, a) for a in legal):
                known = {a: surely(state, seat, a) for a in legal}
                if True in known.values() and False in known.values():
                    risky += 1
                    chosen = decide(heuristic, state)
                    assert known[chosen] is not True, (seed, chosen.to_text(), [
                        a.to_text() for a in legal if known[a] is False])
            state.apply(decide(agents[seat], state))
    assert risky >= 30


def _scenario(units: dict[str, dict[str, Any]], **fields: Any) -> State:
    data = {"game": GAME, "turn": 5, "active": 0, "phase": "action", "action_points": 3,
            "power": [0, 0], "hands": [[], []], "units": units, **fields}
    return from_scenario(data)


def test_the_heuristic_does_not_pay_a_cost_that_kos_its_hero() -> None:
    """Viggo's Wrath (Talent: "Deal 1 Piercing damage to this hero, then this hero gets
    +2 attack"): with 1 health left the talent would KO him at once, so it scores below
    everything else and is not chosen; with 2 left it is a boost like any other."""
    h = ArenaHeuristic()
    for damage, doomed in ((6, True), (5, False)):  # Viggo's health 7
        state = _scenario({"viggo": {"zone": "left", "damage": damage},
                           "alyn": {"zone": "left"}}, active=1, turn=6)
        view, legal = state.view(1), state.legal_actions()
        texts = [a.to_text() for a in legal]
        wrath = h.scores(view, legal)[texts.index("talent viggo:wrath")]
        assert (wrath < OWN_KO / 2) == doomed
        if doomed:
            assert decide(make_agent("heuristic", GAME, 0), state).to_text() != \
                "talent viggo:wrath"


def test_the_heuristic_does_not_attack_a_conduit_that_strikes_back_a_ko() -> None:
    """Combat, Step Three: a consecrated conduit strikes back with 2 attack. Alyn (1
    health left, 1 armor) attacking alone where no enemy can block would be KO'd by the
    conduit at once: the heuristic targets the committed Viggo instead."""
    state = _scenario({"alyn": {"zone": "left", "damage": 6},
                       "viggo": {"zone": "left", "committed": True}})
    state.apply("attack alyn")
    texts = [a.to_text() for a in state.legal_actions()]
    assert texts == ["target viggo", "target conduit"]
    assert own_ko(state, 0, state.parse_action("target conduit"))
    assert decide(make_agent("heuristic", GAME, 0), state).to_text() == "target viggo"
