"""The core's data-file reader: one format for every problem, all of them at once (issue 30:
"one card-file loader and error format (every problem at once, with file, table, card,
key)")."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from tabletop.core import CardDataError
from tabletop.core.datafile import (
    MAX_PROBLEMS,
    check,
    entry_label,
    load_model,
    location,
    raise_problems,
    read_checked,
)


class Card(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    cost: int


class File(BaseModel):
    model_config = ConfigDict(extra="forbid")
    card: list[Card]


def test_location_leaves_out_what_does_not_apply() -> None:
    assert location("a.toml", "card", "fury", "cost") == "a.toml: card fury: cost"
    assert location("a.toml", key="ranks") == "a.toml: ranks"
    assert location("a.toml", "card", "fury") == "a.toml: card fury"


def test_entries_are_named_by_id_race_and_rank_or_place() -> None:
    assert entry_label({"id": "fury"}, 0) == "fury"
    assert entry_label({"race": "elf", "rank": "scout"}, 3) == "elf.scout"
    assert entry_label("not a table", 4) == "#5"
    assert entry_label({"id": "x" * 100}, 0).endswith("…")


def test_three_mistakes_at_once_each_with_its_place(tmp_path: Path) -> None:
    """Three mistakes in three cards: one error, three lines, nothing loaded."""
    path = tmp_path / "cards.toml"
    path.write_text('[[card]]\nid = "a"\ncost = "one"\n\n[[card]]\nid = "b"\n\n'
                    '[[card]]\nid = "c"\ncost = 1\ncolour = "red"\n')
    with pytest.raises(CardDataError) as err:
        load_model(File, path)
    lines = str(err.value).splitlines()
    assert len(lines) == 3, lines
    assert lines[0].startswith(f"{path}: card a: cost: ")
    assert lines[1].startswith(f"{path}: card b: cost: ")
    assert lines[2].startswith(f"{path}: card c: colour: ")


def test_one_entry_checked_alone_is_named_by_its_table_and_card(tmp_path: Path) -> None:
    problems: list[str] = []
    assert check(Card, {"id": "a"}, "f.toml", problems, "card", "a") is None
    assert problems == ["f.toml: card a: cost: Field required"]


def test_an_unreadable_file_is_a_problem_in_the_list(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("card = [\n")
    problems: list[str] = []
    data, found = read_checked(File, path, problems)
    assert (data, found) == ({}, None)
    assert len(problems) == 1 and str(path) in problems[0]


def test_many_problems_are_counted_past_the_first_ones() -> None:
    raise_problems([])  # none: nothing raised
    with pytest.raises(CardDataError) as err:
        raise_problems([f"p{i}" for i in range(MAX_PROBLEMS + 5)])
    lines = str(err.value).splitlines()
    assert len(lines) == MAX_PROBLEMS + 1 and lines[-1] == "... and 5 more problems"
