"""A game never leaves the seat to act without a legal action while it is not over (issue
26: "guarantee, in the core, that a game never offers an empty list of legal actions while
it is not over (a property test over every game with the shipped pool and with random card
files from the kernel's own generators)"; the outside probe's mirror game crashed the
heuristic on ``max()`` of an empty list).

The core's ``State.legal_actions`` gives the game's forced action when its rules offer
nothing (``State._forced_actions``; radiant-arena: a pass, docs/rules/radiant-arena.md, "A
seat with nothing to do") and raises ``NoLegalAction`` for a game that has none. Random
games of every installed game and player count with the shipped cards, and radiant-arena
games with card files written by ``tabletop.testing.cardgen`` from its vocabulary (a hero
with its skill set and three items, every ability random), must play to their end.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import get_spec, new_game
from tabletop.core.plugins import load_group
from tabletop.core.state import NoLegalAction, State
from tabletop.games.radiant_arena.vocab import VOCAB
from tabletop.testing.cardgen import CardGen

INSTALLED = sorted(load_group("tabletop.games").loaded)
SCALE = float(os.environ.get("TABLETOP_PROPERTY_SCALE", "1"))
MAX_DECISIONS = 4_000
SETTINGS: dict[str, Any] = dict(deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def play_out(state: State, rng: random.Random) -> int:
    """Random legal moves to the end: at every decision the list is not empty. Returns
    the number of decisions."""
    n = 0
    while state.to_act is not None and n < MAX_DECISIONS:
        legal = state.legal_actions()
        assert legal, f"{state.spec.id}: an empty list of legal actions at decision {n}"
        state.apply(legal[rng.randrange(len(legal))])
        n += 1
    return n


CASES = [pytest.param(g, n, id=f"{g}-{n}p") for g in INSTALLED
         for n in get_spec(g).player_counts]


@pytest.mark.parametrize(("game", "players"), CASES)
@settings(max_examples=max(1, round(4 * SCALE)), **SETTINGS)
@given(seed=seeds)
def test_the_shipped_pool_never_leaves_a_seat_without_a_legal_action(
        game: str, players: int, seed: int) -> None:
    """Every game and player count, its own cards, random legal play to the end."""
    play_out(new_game(game, players=players, seed=seed), random.Random(seed))


# --- random card files (radiant-arena's card format, the kernel's generator) ------------------


def _talent(g: CardGen, i: int) -> dict[str, Any]:
    return {"id": f"gen-{i}", "cost": g.rng.randint(0, 1), "effects": g.effects(
        g.rng.randint(1, 3))}


def _abilities(g: CardGen, t: dict[str, Any]) -> dict[str, Any]:
    """Random triggers, static abilities and replacements onto a card's table."""
    for key, make in (("triggers", g.trigger), ("static", g.modifier),
                      ("replace", g.replacement)):
        if g.rng.random() < 0.5:
            made = make()
            if made is not None:
                t[key] = [made]
    return t


def arena_file(seed: int) -> dict[str, Any]:
    """A radiant-arena card file (docs/rules/radiant-arena-cards.md) of random abilities:
    a hero (both sides), its ten skill cards (two kinds, one Ultimate), three items, and
    two decks with them."""
    g = CardGen(VOCAB, random.Random(seed), ("zeal", "nova-burst"))
    items = [_abilities(g, {
        "id": f"gen-item-{i}", "name": f"Gen Item {i}", "cost": 2, "attack": 0, "armor": 0,
        "health": 0, "keywords": [], "text": "", "grants": [],
        "equip": g.effects(1) if g.rng.random() < 0.3 else [], "talent": [_talent(g, i)]})
        for i in range(3)]
    hero = {"id": "nova", "name": "Nova", "class": "warrior",
            "basic": _abilities(g, {"subtitle": "Spark", "attack": 3, "armor": 1, "health": 8,
                                    "exp": 4, "talent": [_talent(g, 10)]}),
            "levelled": _abilities(g, {"subtitle": "Star", "attack": 4, "armor": 1,
                                       "health": 9, "talent": [_talent(g, 11)]})}
    skills = [{"id": "nova-burst", "name": "Nova Burst", "hero": "nova", "count": 9,
               "attack": 2, "armor": 0, "clash": g.effects(2)},
              {"id": "supernova", "name": "Supernova", "hero": "nova", "count": 1,
               "attack": 4, "armor": 0, "ultimate": True, "clash": g.effects(2)}]
    deck = {"id": "gen", "name": "Generated", "heroes": ["nova", "mato", "iskandar"],
            "items": [it["id"] for it in items], "deity": "final-judge",
            "conduits": ["gift-of-the-elements", "natures-bounty", "ancient-wisdom"]}
    return {"hero": [hero], "skill": skills, "item": items,
            "deck": [deck, {**deck, "id": "gen-b", "heroes": ["nova", "alyn", "mato"]}]}


@settings(max_examples=max(1, round(40 * SCALE)), **SETTINGS)
@given(cards=seeds, seed=seeds)
def test_random_arena_card_files_never_leave_a_seat_without_a_legal_action(
        tmp_path: Path, cards: int, seed: int) -> None:
    """radiant-arena with a random card file: its deck against starter deck B, or the
    mirror of two generated decks (the probe's case)."""
    path = tmp_path / f"gen-{cards}.toml"
    path.write_text(tomli_w.dumps(arena_file(cards)))
    state = new_game("radiant-arena", seed=seed, cards=str(path), deck_a="gen",
                     deck_b="gen-b" if seed % 2 else "b")
    play_out(state, random.Random(seed))


def test_a_game_with_nothing_legal_and_no_forced_action_is_a_bug_named() -> None:
    """The core's guarantee itself: a game whose rules offer nothing and that declares no
    forced action raises NoLegalAction naming the game and the seat (never an empty
    list an agent would take ``max()`` of)."""
    from tabletop_goofspiel.rules import GoofState

    class Stuck(GoofState):
        """goofspiel whose rules offer nothing (a subclass: a compiled State's methods
        cannot be replaced on an instance)."""

        def _legal_actions(self) -> list[Any]:
            return []

    state = Stuck(2, 1, new_game("goofspiel", seed=1).params)
    with pytest.raises(NoLegalAction, match="goofspiel: seat 0 has no legal action"):
        state.legal_actions()
