"""The core's strict reader of positions (issue 30: position files shared; one error
format for every game's scenarios)."""

from __future__ import annotations

import pytest

from tabletop.core import ScenarioError
from tabletop.core.positions import Table, flag, listing, number, word


def test_values_are_read_with_their_exact_types_and_ranges() -> None:
    top = Table({"turn": 3, "over": False, "phase": "war", "hands": [[1], [2]]}, "(top level)")
    assert top.int("turn", 0, 0, 9) == 3
    assert top.bool("over", True) is False
    assert top.str("phase", "", ("war", "meld")) == "war"
    assert top.list("hands", [], 2) == [[1], [2]]
    assert top.int("round", 7) == 7  # missing: the default
    top.done()


@pytest.mark.parametrize(("read", "says"), [
    (lambda: number(True, "turn"), "turn: must be an integer, not a boolean"),
    (lambda: number(3.0, "turn"), "turn: must be an integer, not a number with a point"),
    (lambda: number(1000, "turn"), "turn: 1000 is out of range (0 to 999)"),
    (lambda: flag(1, "over"), "over: must be true or false, not an integer"),
    (lambda: word("acton", "phase", ("action", "war")), "phase: 'acton' is not one of "
     "action, war"),
    (lambda: listing([1], "hands", 2), "hands: must list 2 values, not 1"),
    (lambda: Table([], "params"), "params: must be a table, not a list"),
])
def test_each_mistake_is_named_where_it_is(read: object, says: str) -> None:
    with pytest.raises(ScenarioError) as err:
        read()  # type: ignore[operator]
    assert str(err.value) == says


def test_a_key_no_one_reads_is_refused() -> None:
    top = Table({"turn": 1, "prise": 3}, "(top level)")
    top.int("turn", 0)
    with pytest.raises(ScenarioError, match="unknown key 'prise'"):
        top.done()


def test_nested_tables_name_their_path() -> None:
    top = Table({"combat": {"lane": "x"}}, "(top level)")
    with pytest.raises(ScenarioError, match=r"^combat\.lane: must be an integer"):
        top.table("combat").int("lane", 0)
