"""Illegal actions: IllegalActionError names the rulebook section and says why; the
position is left exactly as it was (to_data, events, history, legal actions)."""

from __future__ import annotations

import pytest

from tabletop.core import IllegalActionError, new_game

from .helpers import assert_illegal, meld_phase, war


def recruit():
    return new_game("radiant-perim", 3, seed=2)


def meld():
    return meld_phase([["avis.knight", "avis.mount"], ["avis.scout"]])


def war_move():
    return war([["avis.scout", "avis.assassin"], ["avis.elder"]])


def war_play():
    return war([["avis.scout", "avis.assassin", "mariner.knight", "mariner.mount",
                 "treefolk.assassin"], ["avis.elder", "mariner.elder"], []],
               radiant="stonedweller", tracker="clouds-2", need_move=False)


CASES = [
    # (position, action, section, words of the reason)
    (recruit, "meld done", "Phase 2: Meld", "recruit phase"),
    (recruit, "move clouds-1", "Phase 3: War", "recruit phase"),
    (recruit, "play avis.knight", "Phase 3: War", "recruit phase"),
    (meld, "pick a1", "Phase 1: Recruit", "meld phase"),
    (meld, "meld council", "Phase 2: Meld", "do not form a Council of Elders"),
    (meld, "meld mounted-knight treefolk", "Phase 2: Meld", "single race"),
    (meld, "pass", "Phase 3: War", "meld phase"),
    (war_move, "pick a1", "Phase 1: Recruit", "war phase"),
    (war_move, "meld mounted-knight avis", "Phase 2: Meld", "war phase"),
    (war_move, "move clouds-2", "Phase 3: War — Moves", "does not share an edge"),
    (war_move, "play avis.scout", "Phase 3: War — Moves", "first move the battle tracker"),
    (war_move, "pass", "Phase 3: War — Moves", "first move the battle tracker"),
    (war_move, "assassinate avis.elder @p2 with avis", "Phase 3: War — Moves",
     "first move the battle tracker"),
    (war_play, "move clouds-1", "Phase 3: War — Moves", "has moved already"),
    (war_play, "play mariner.knight", "Phase 3: War — Battles", "native to clouds-2"),
    (war_play, "play mariner.knight+mariner.mount", "Phase 3: War — Battles",
     "native to clouds-2"),
    (war_play, "play avis.phalanx", "Phase 3: War — Battles", "you hold no Avis Phalanx"),
    (war_play, "play avis.mount+avis.knight", "Phase 3: War — Mounted Knights",
     "same race"),
    (war_play, "pass", "Phase 3: War — Assassinations", "only a player whose card"),
    (war_play, "assassinate avis.elder @p2 with stonedweller",
     "Phase 3: War — Assassinations", "you hold no Stonedwellers Assassin"),
    (war_play, "assassinate avis.elder @p2 with treefolk", "Phase 3: War — Assassinations",
     "native to clouds-2 or Radiant"),
    (war_play, "assassinate mariner.elder @p2 with avis", "Phase 3: War — Assassinations",
     "target must be a card native"),
    (war_play, "assassinate avis.elder @p1 with avis", "Phase 3: War — Assassinations",
     "P1 is not an opponent"),
    (war_play, "assassinate avis.elder @p3 with avis", "Phase 3: War — Assassinations",
     "P3 has no cards"),
]


@pytest.mark.parametrize(("make", "action", "section", "words"), CASES,
                         ids=[f"{m.__name__}: {a}" for m, a, _, _ in CASES])
def test_illegal_action_names_the_rule_and_changes_nothing(make, action: str, section: str,
                                                           words: str) -> None:
    """Every illegal action: IllegalActionError naming the rule's section; no change."""
    err = assert_illegal(make(), action, section)
    assert isinstance(err, IllegalActionError)
    assert err.rule == section
    assert words in err.reason
    assert f'"{action}"' in str(err)
