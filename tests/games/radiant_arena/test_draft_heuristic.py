"""The heuristic and ISMCTS agents draft (issue 12: "The heuristic and ISMCTS agents draft
sensibly (a documented draft heuristic)"; agents/arena_draft.py).

The draft heuristic reads the cards' faces from the draft's view (stats, keywords,
talents as data, sets), never their names: it values a hero by what it is and what the
team lacks, bans what the opponent would value most, takes a sturdy deity and items worth
their cost; among close choices it picks at random, weighted by worth.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

from tabletop import new_game
from tabletop.agents import decide, make_agent
from tabletop.agents.arena_draft import (
    FIRST_EVOKER,
    choose,
    deity_value,
    hero_value,
    item_value,
    score,
    team_bonus,
)
from tabletop.games.radiant_arena.actions import act
from tabletop.games.radiant_arena.rules import DRAFT

GAME = "radiant-arena"


def draft_view(seed: int = 1, *actions: str) -> dict:  # type: ignore[type-arg]
    s = new_game(GAME, seed=seed, draft=True)
    for a in actions:
        s.apply(a)
    return s.view(s.to_act)


def test_a_hero_is_valued_by_its_face_not_its_name() -> None:
    """The same face under another name scores the same; better stats score more."""
    view = draft_view()
    cards = view["draft"]["cards"]
    maka = cards["heroes"]["maka"]
    assert hero_value(maka, cards["skills"]) == hero_value(copy.deepcopy(maka),
                                                           cards["skills"])
    stronger = copy.deepcopy(maka)
    stronger["sides"][0]["armor"] += 2
    assert hero_value(stronger, cards["skills"]) > hero_value(maka, cards["skills"])
    taunting = copy.deepcopy(maka)
    taunting["sides"][0]["keywords"].append("taunt")
    assert hero_value(taunting, cards["skills"]) > hero_value(maka, cards["skills"])


def test_the_team_wants_one_evoker_and_every_class() -> None:
    """The Evoker Keyword: power comes from an Evoker, and two do not stack: the first one
    is worth FIRST_EVOKER more, a second one less than nothing; a class the team lacks is
    worth something."""
    cards = draft_view()["draft"]["cards"]["heroes"]
    bran, brighid, alyn, mato = (cards[h] for h in ("bran", "brighid", "alyn", "mato"))
    assert team_bonus(bran, [alyn]) - team_bonus(bran, [brighid]) > FIRST_EVOKER
    assert team_bonus(mato, [alyn]) > team_bonus(mato, [cards["gorran"]])


def test_a_ban_takes_what_the_opponent_would_pick() -> None:
    """The ban of A scores each hero for B's team: B already has an Evoker, so an Evoker is
    worth less to ban than to B's first pick."""
    view = draft_view(2, "pick alyn", "pick bran")  # A to ban; B has Bran (Evoker)
    assert view["draft"]["stage"] == "ban"
    ban_brighid = score(view, ["ban", "brighid"])
    cards = view["draft"]["cards"]
    assert ban_brighid == hero_value(cards["heroes"]["brighid"], cards["skills"]) + \
        team_bonus(cards["heroes"]["brighid"], [cards["heroes"]["bran"]])
    assert ban_brighid < hero_value(cards["heroes"]["brighid"], cards["skills"]) + FIRST_EVOKER


def test_deities_and_items_are_valued_by_their_faces() -> None:
    """A deity by its stats and abilities; an item by its bonuses and abilities less its
    cost (the same item for more power is worth less)."""
    cards = draft_view()["draft"]["cards"]
    assert deity_value(cards["deities"]["iron-colossus"]) > deity_value(
        {**cards["deities"]["iron-colossus"], "armor": 0})
    fury = cards["items"]["fury"]
    assert item_value(fury) > item_value({**fury, "cost": fury["cost"] + 2})


def test_close_choices_share_the_picks_and_a_far_better_one_is_taken() -> None:
    """choose: weights exp(score / T); a choice 20 points better is (nearly) always taken,
    two equal ones about evenly."""
    a, b, c = (act("pick", h) for h in ("alyn", "bran", "mato"))
    rng = random.Random(1)
    far = Counter(id(choose([a, b], [20.0, 0.0], rng)) for _ in range(200))
    assert far[id(a)] == 200
    even = Counter(id(choose([a, c], [1.0, 1.0], rng)) for _ in range(400))
    assert 150 < even[id(a)] < 250


def test_heuristics_draft_whole_games_and_vary() -> None:
    """Two heuristic agents draft and play; over seeds the drafts differ, and every choice
    was legal (decide checks it)."""
    drafts = set()
    for seed in range(6):
        s = new_game(GAME, seed=seed, draft=True)
        agents = [make_agent("heuristic", GAME, seed * 2 + i) for i in range(2)]
        while s.phase == DRAFT:
            s.apply(decide(agents[s.to_act], s))
        assert s.draft is not None and len(s.deck_list) == 2
        drafts.add(s.draft.picks)
    assert len(drafts) >= 4


def test_ismcts_searches_the_draft() -> None:
    """ISMCTS drafts too: its choice in the draft is a legal one, from searching
    resamples of the draft (the other seat's secret choices re-dealt)."""
    s = new_game(GAME, seed=4, draft=True)
    for a in ("pick itotia", "pick gorran", "ban maka", "ban bran", "pick aurelia",
              "pick nyx", "pick torvald", "pick eleanor", "deity storm-king"):
        s.apply(a)
    agent = make_agent("ismcts:8", GAME, 3)
    action = decide(agent, s)
    assert action in s.legal_actions() and action.to_text().startswith("item ")
