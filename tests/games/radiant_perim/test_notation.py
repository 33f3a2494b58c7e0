"""The notation of radiant-perim's actions (seats named by their labels, @p1..@p4), scenarios
and records.

The actions are those of the rulebook's phases: Phase 1: Recruit (pick), Phase 2: Meld
(meld), Phase 3: War (move, play, mounted knight, assassinate, pass)."""

from __future__ import annotations

import random

import pytest

from tabletop.core import (
    NotationError,
    ScenarioError,
    new_game,
    record_of,
    verify,
)
from tabletop.games.radiant_perim.actions import (
    Assassinate,
    Meld,
    MeldDone,
    Move,
    Pass,
    Pick,
    Play,
)
from tabletop.games.radiant_perim.rules import C

from .helpers import position, scenario_file, war


def t(race: str, rank: str) -> int:
    return C.type_of(C.races.index(race), C.ranks.index(rank))


@pytest.mark.parametrize(("text", "action"), [
    ("pick a1", Pick(0)),
    ("pick b2", Pick(4)),
    ("pick c3", Pick(8)),
    ("meld council", Meld(0)),
    ("meld army avis", Meld(1, 0)),
    ("meld guild", Meld(2)),
    ("meld mounted-knight mariner", Meld(3, 3)),
    ("meld done", MeldDone()),
    ("move clouds-1", Move(C.regions.index("clouds-1"))),
    ("move sea-6", Move(C.regions.index("sea-6"))),
    ("play avis.knight", Play(t("avis", "knight"))),
    ("play avis.knight+avis.mount", Play(t("avis", "knight"), t("avis", "mount"))),
    ("assassinate stonedweller.phalanx @p2 with mariner",
     Assassinate(t("stonedweller", "phalanx"), 1, 3)),
    ("pass", Pass()),
])
def test_notation_reads_and_writes_every_action(text: str, action) -> None:
    """Each action's notation reads to the action and writes back the same (a seat is named
    by its label in the notation, P2 as @p2; it is 0-based inside)."""
    s = war([["avis.scout"], ["avis.elder"], ["avis.mount"]])
    assert s.parse_action(text) == action
    assert action.to_text() == text
    assert s.parse_action(f"  {text.upper()}  ") == action


@pytest.mark.parametrize(("text", "fragment"), [
    ("", "empty action"),
    ("pick d1", "pool slots are a1..c3"),
    ("pick a4", "pool slots are a1..c3"),
    ("move clouds-7", "unknown region"),
    ("meld legion", "unknown meld"),
    ("meld army", "names a race"),
    ("meld council avis", "names no race"),
    ("meld army elves", "unknown race"),
    ("play elf.knight", "unknown race"),
    ("play avis.king", "unknown rank"),
    ("assassinate avis.knight @p4 with avis", "@p1..@p3"),
    ("assassinate avis.knight @p0 with avis", "@p1..@p3"),
    ("assassinate avis.knight @4 with avis", "@p1..@p3"),
    ("assassinate avis.knight @0 with avis", "@p1..@p3"),
    ("assassinate avis.knight 2 with avis", "@p1..@p3"),
    ("assassinate avis.knight p2 with avis", "@p1..@p3"),
    ("assassinate avis.knight @² with avis", "plain ASCII"),
    ("assassinate avis.knight @p2 with elves", "unknown race"),
    ("attack clouds-1", "expected"),
    ("pass now", "expected"),
])
def test_notation_errors_say_what_is_wrong(text: str, fragment: str) -> None:
    """Text that is not an action raises NotationError saying why; nothing changes."""
    s = war([["avis.scout"], ["avis.elder"], ["avis.mount"]])
    before = s.to_data()
    with pytest.raises(NotationError) as info:
        s.apply(text)
    assert fragment in str(info.value)
    assert s.to_data() == before


@pytest.mark.parametrize("old", ["@2", "@P2", "@p2"])
def test_notation_reads_the_target_as_label_or_old_number(old: str) -> None:
    """The target seat is written with its label, ``@p2`` (lower case, like the rest of the
    notation); ``@P2`` and the rules-version-1 notation ``@2`` still read as P2, so earlier
    records replay."""
    s = war([["avis.scout"], ["avis.elder"], ["avis.mount"]])
    action = s.parse_action(f"assassinate avis.knight {old} with avis")
    assert action == Assassinate(t("avis", "knight"), 1, 0)
    assert action.to_text() == "assassinate avis.knight @p2 with avis"


def test_notation_every_legal_action_round_trips() -> None:
    """Every legal action in a played-out game writes notation that reads back to it."""
    rng = random.Random(3)
    for players in (2, 3, 4):
        s = new_game("radiant-perim", players, seed=players)
        while not s.is_over:
            actions = s.legal_actions()
            for a in actions:
                assert s.parse_action(a.to_text()) == a
            s.apply(rng.choice(actions).to_text())


def test_record_of_a_scenario_game_verifies() -> None:
    """A game begun from a scenario (the Seth, Anna and Ben example) replays to the same
    hash from its record."""
    s = scenario_file("seth_anna_ben")
    s.apply("assassinate stonedweller.phalanx @p3 with stonedweller")
    s.apply("play stonedweller.knight+stonedweller.mount")
    record = record_of(s)
    assert record.start is not None
    assert verify(record).state_hash() == s.state_hash()


def test_scenario_round_trips_through_to_data() -> None:
    """Positions as data: to_data of a scenario reads back to the same position."""
    s = scenario_file("majority_example")
    again = position(**s.to_data())
    assert again.to_data() == s.to_data()


def test_scenario_rejects_a_card_placed_too_often() -> None:
    """A scenario may not place more than the two copies of a card."""
    with pytest.raises(ScenarioError, match="there are 2 avis.knight cards"):
        war([["avis.knight", "avis.knight"], ["avis.knight"]])
