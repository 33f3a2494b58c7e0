"""The balance hook (issue 30: "The balance reports go behind one hook in sim ... nothing in
games imports sim"): a game declares a BalanceSpec in the module GameSpec.balance names;
tabletop.sim.reports runs it; a game without one is refused by name."""

from __future__ import annotations

import pytest

from tabletop.core import ParameterError
from tabletop.core.balance import BalanceSpec
from tabletop.sim.reports import balance_spec


def test_a_game_without_a_report_is_refused_by_name() -> None:
    with pytest.raises(ParameterError, match="radiant-perim declares no balance report"):
        balance_spec("radiant-perim")


def test_the_declared_report_is_the_games_data() -> None:
    spec = balance_spec("hoshi-battle")
    assert isinstance(spec, BalanceSpec)
    assert [s.title for s in spec.sections] == ["Heroes", "Duel cards"]
    assert {t.key for s in spec.sections for t in s.tallies} == {"kept", "duels", "played"}
