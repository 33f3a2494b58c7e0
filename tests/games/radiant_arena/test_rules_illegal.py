"""Illegal actions: each raises IllegalActionError naming the rule and its rulebook section,
and leaves the position (to_data, events, history, legal actions) unchanged."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tabletop.core import NotationError, new_game
from tabletop.games.radiant_arena.rules import ArenaState

from .helpers import EXTRA_CARDS, assert_illegal, play, position

R_DEPLOY = "Setting Up Your First Game — Deployment"
R_ACTION = "The Turn — The Action Phase"
R_BASIC = "The Turn — The Five Basic Actions"
R_TALENT = "The Turn — Talent Actions"
R_PARTICIPANTS = "Combat — Step One: Determine Participants"
R_BLOCK = "Combat — Blocking"
R_CLASH = "Combat — Step Two: Clash"
R_CLASH_CARDS = "Combat — Clash Cards & Clash Effects"
R_RESOLUTION = "Combat — Step Three: Resolution"
R_REVIVE = "The End Phase — Revive Step"
R_SHOP = "The End Phase — Shop Step"
R_DRAW = "The End Phase — Draw Step"
R_MANIFEST = "Key Concepts — Manifestation"
R_KEYWORDS = "Keywords — Action Keywords"
R_PARTIAL = "FAQ — I can only partially resolve a card's effects. What should I do?"
R_WIN = "Key Concepts — Winning & Losing"


def deploying() -> ArenaState:
    state = new_game("radiant-arena", 2, 3, cards=EXTRA_CARDS)
    assert isinstance(state, ArenaState)
    return state


def main() -> ArenaState:
    return position({"alyn": {"zone": "left"}, "mato": {"zone": "center", "committed": True},
                     "iskandar": {"zone": "left"}, "viggo": {"zone": "left"},
                     "eleanor": {"zone": "right"}, "bran": {"zone": "left"}},
                    hands=[["time-lock", "chronostorm", "red-harvest"], ["zeal", "sunder"]],
                    power=[3, 0], buyback=[False, True])


def gathering() -> ArenaState:
    return play(main(), "attack alyn")


def blocking() -> ArenaState:
    return play(main(), "attack alyn", "target viggo")


def clashing() -> ArenaState:
    return play(main(), "attack alyn", "target viggo", "no-block")


def defending() -> ArenaState:
    return play(clashing(), "clash red-harvest")


def assigning() -> ArenaState:
    return play(main(), "attack alyn", "with iskandar", "target viggo", "no-block", "no-clash",
                "no-clash")


def shopping() -> ArenaState:
    return play(main(), "pass")


def reviving() -> ArenaState:
    return play(position({"alyn": {"zone": "home"}, "mato": {"zone": "left"}},
                         phase="preparation", turn=5, hands=[["time-lock"], []]), "pass")


def discarding() -> ArenaState:
    return play(position({"alyn": {"zone": "left"}, "mato": {"zone": "left"},
                          "iskandar": {"zone": "left"}},
                         hands=[["time-lock"] * 3 + ["red-harvest"] * 3 + ["chronostorm"], []],
                         deck_tops=[["massacre"], []]),
                "pass")


def over() -> ArenaState:
    return play(position({"alyn": {"zone": "left"}, "oracle": {"zone": "left", "damage": 12}}),
                "attack alyn", "target oracle", "no-clash", "no-clash")


CASES: list[tuple[Callable[[], ArenaState], str, str, str]] = [
    # (position, action, section, words of the reason)
    (deploying, "deploy viggo left", R_DEPLOY, ""),
    (deploying, "deploy final-judge left", R_DEPLOY, ""),
    (deploying, "attack alyn", R_DEPLOY, "not possible now"),
    (main, "move viggo center", R_ACTION, "not yours"),
    (main, "attack mato", R_BASIC, "committed"),
    (main, "recover alyn", R_BASIC, "ready"),
    (main, "move alyn right", R_BASIC, "not adjacent"),
    (main, "level mato", R_BASIC, "EXP"),
    (main, "level alyn", R_BASIC, "EXP"),
    (main, "talent iskandar:chronostorm", R_KEYWORDS, "Ultimate"),
    (main, "talent alyn:study", R_TALENT, "no talent"),
    (main, "talent iskandar:arcane-evocation", R_TALENT, "no talent"),
    (main, "block bran", R_ACTION, "not possible now"),
    (main, "revive buyback alyn left", R_ACTION, "not possible now"),
    (main, "attack dragon", R_ACTION, "not a lane or a card known to you"),
    (gathering, "target eleanor", R_PARTICIPANTS, "legal target"),
    (gathering, "with mato", R_PARTICIPANTS, ""),
    (gathering, "pass", R_PARTICIPANTS, "not possible now"),
    (blocking, "block viggo", R_BLOCK, "not the target"),
    (blocking, "block eleanor", R_BLOCK, "ready hero at the target's location"),
    (clashing, "clash zeal", R_CLASH, "not in your hand"),
    (clashing, "clash red-harvest by iskandar", R_CLASH, ""),
    (defending, "clash red-harvest", R_CLASH, "not in your hand"),
    (defending, "pass", R_CLASH, "not possible now"),
    (assigning, "assign mato", R_RESOLUTION, "answer is awaited"),
    (assigning, "pass", R_RESOLUTION, "answer is awaited"),
    (shopping, "buy wurmbane alyn", R_SHOP, ""),
    (shopping, "buy fury viggo", R_SHOP, ""),
    (shopping, "attack alyn", R_SHOP, "not possible now"),
    (reviving, "revive buyback alyn left", R_REVIVE, ""),
    (reviving, "buy fury mato", R_REVIVE, "not possible now"),
    (discarding, "pass", R_DRAW, "not possible now"),
    (discarding, "discard zeal", R_DRAW, ""),
    (over, "pass", R_WIN, "game is over"),
]


@pytest.mark.parametrize(("make", "action", "section", "words"), CASES,
                         ids=[f"{m.__name__}:{a}" for m, a, _, _ in CASES])
def test_illegal_action_names_its_rule_and_changes_nothing(
        make: Callable[[], ArenaState], action: str, section: str, words: str) -> None:
    """Every refusal names the rule and its section (rulebook headings) and leaves the
    position unchanged."""
    err = assert_illegal(make(), action, section)
    assert words in err.reason


def test_forced_manifestation_must_be_answered() -> None:
    """Manifestation: "your Deity must manifest immediately" — nothing else may happen."""
    s = position({"mato": {"zone": "left"}, "viggo": {"zone": "home"}},
                 conduits=[[{"id": "gift-of-the-elements"}, {"id": "natures-bounty"},
                            {"id": "ancient-wisdom"}],
                           [{"id": "smite", "damage": 6}, {"id": "natures-bounty", "ruined": True},
                            {"id": "gift-of-the-elements", "ruined": True}]],
                 hands=[["brute-strength"], []])
    play(s, "talent mato:brute-strength")
    assert_illegal(s, "manifest oracle left banish alyn", R_MANIFEST)  # not B's hero
    assert_illegal(s, "pass", R_MANIFEST)


def test_malformed_notation_is_a_notation_error_and_changes_nothing() -> None:
    """Wrong shapes are refused before the rules are asked (actions.py grammar)."""
    s = main()
    before = s.to_data()
    for text in ("", "attack", "fly alyn", "talent alyn", "clash zeal with alyn",
                 "manifest final-judge left alyn mato", "revive soon alyn"):
        with pytest.raises(NotationError):
            s.apply(text)
    assert s.to_data() == before


def test_partial_resolution_refusal_names_the_faq() -> None:
    """FAQ — partial resolution, rule 15: Red Harvest ("Deal 1 Piercing damage to each enemy
    hero at this location, then heal 1 damage from this hero") needs an enemy hero at the
    user's location."""
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "center"}},
                 hands=[["red-harvest"], []])
    err = assert_illegal(s, "talent alyn:red-harvest", R_PARTIAL)
    assert "no legal target" in err.reason
