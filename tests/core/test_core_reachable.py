"""The core's part of the reachability check of scenarios (issue 30: "the reachability
check" shared): one refusal format, and the last check every game makes."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core import ScenarioError
from tabletop.core.reachable import check_playable, refuse


class Stand:
    """A stand-in position: ``to_act`` with these legal actions."""

    def __init__(self, to_act: int | None, legal: tuple[Any, ...], fail: bool = False) -> None:
        self.to_act, self.legal, self.fail = to_act, legal, fail

    def legal_actions(self) -> tuple[Any, ...]:
        if self.fail:
            raise KeyError("a gap in the game's checks")
        return self.legal

    def label(self, seat: int) -> str:
        return f"P{seat + 1}"


def test_a_refusal_names_the_key_what_is_wrong_and_the_rule() -> None:
    assert str(refuse("copper.sea-2", "no coin is ever placed on a portal", "Portals")) == \
        "copper.sea-2: no coin is ever placed on a portal (Portals)"


def test_the_seat_to_act_must_have_a_legal_action() -> None:
    check_playable(Stand(0, ("pass",)))  # type: ignore[arg-type]
    check_playable(Stand(None, ()))  # type: ignore[arg-type]  # over: nothing to check
    with pytest.raises(ScenarioError, match="P2 is to act but has no legal action"):
        check_playable(Stand(1, ()))  # type: ignore[arg-type]


def test_the_game_runs_to_its_first_decision_first() -> None:
    s = Stand(0, ())
    check_playable(s, lambda: setattr(s, "legal", ("go",)))  # type: ignore[arg-type]


def test_a_crash_of_the_rules_on_a_position_is_a_refusal() -> None:
    with pytest.raises(ScenarioError, match="cannot be played on .KeyError"):
        check_playable(Stand(0, (), fail=True))  # type: ignore[arg-type]
