"""What several servers on one store read and write besides the tables (issue 29, Several
servers), on both stores: every write to a table raises its revision (how a server
holding the table in memory tells that another changed it) and is told to the store's
``written`` hook once committed; leases give a table's AI seats and clocks one owner at
a time, renewed by it, taken over by another once expired."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.interfaces.web.storage import (
    ActionRow,
    ChatRow,
    NoticeRow,
    SeatRow,
    Storage,
    StorageError,
    TableRow,
    open_storage,
)

from .services import postgres_schema


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    if request.param == "sqlite":
        s = open_storage(tmp_path / "store.sqlite3")
        yield s
        s.close()
    else:
        with postgres_schema() as url:
            s = open_storage(url)
            yield s
            s.close()


def _table(tid: str = "t1") -> TableRow:
    return TableRow(id=tid, game="radiant-perim", rules_version="7", players=2, params={},
                    seed=7, seats=[SeatRow(0, "human"), SeatRow(1, "ai", agent="random")])


def _revision(store: Storage, tid: str = "t1") -> int:
    return store.revisions([tid])[tid]


def test_every_write_to_a_table_raises_its_revision_and_is_told(store: Any) -> None:
    told: list[str] = []
    store.written = told.append
    store.create(_table())
    assert _revision(store) == 0 and told == ["t1"]  # made at the revision it was given
    writes = [
        lambda: store.append("t1", ActionRow(0, 0, "pass", "h0")),
        lambda: store.join("t1", 0, "hash", "Ada"),
        lambda: store.rename("t1", 0, "Bea"),
        lambda: store.set_muted("t1", 0, True, ()),
        lambda: store.set_clock("t1", {"remaining": [1]}),
        lambda: store.set_rematch("t1", "t2"),
        lambda: store.add_chat("t1", ChatRow(0, 0, "text", None, "hi", 1.0)),
        lambda: store.add_notice("t1", NoticeRow(0, "undo", 0, {}, {}, 1.0)),
        lambda: store.rewind("t1", 0, NoticeRow(1, "undo", 0, {}, {}, 2.0)),
    ]
    for i, write in enumerate(writes, start=1):
        write()
        assert _revision(store) == i
        assert told[-1] == "t1" and len(told) == i + 1
    assert store.table("t1").revision == len(writes)
    with pytest.raises(StorageError):
        store.append("t1", ActionRow(5, 0, "pass", "h5"))  # refused: not the next one
    assert _revision(store) == len(writes) and len(told) == len(writes) + 1
    assert store.revisions(["t1", "nope"]) == {"t1": len(writes)}


def test_a_lease_has_one_owner_until_it_expires(store: Any) -> None:
    assert store.take_lease("table:t1", "w1", 30)
    assert not store.take_lease("table:t1", "w2", 30)  # w1 holds it
    assert store.take_lease("table:t1", "w1", 30)  # its owner renews it
    assert store.expired_leases() == []
    assert store.renew_leases("w1", 30) == {"table:t1"}
    assert store.renew_leases("w2", 30) == set()
    store.release_leases("w1", ["table:t1"])
    assert store.take_lease("table:t1", "w2", 30)  # released: free for another


def test_an_expired_lease_is_taken_over_and_lost_by_its_old_owner(store: Any) -> None:
    assert store.take_lease("table:t1", "dead", 0.05)
    assert store.take_lease("table:t2", "dead", 30)
    time.sleep(0.1)  # the owner stops renewing (it was killed)
    assert store.expired_leases() == ["table:t1"]
    assert store.take_lease("table:t1", "w2", 30)
    assert store.expired_leases() == []
    assert store.renew_leases("dead", 30) == {"table:t2"}  # it holds only the other one
    store.release_leases("dead")
    assert store.take_lease("table:t2", "w2", 30)
    assert store.renew_leases("w2", 30) == {"table:t1", "table:t2"}


def test_a_strike_window_and_its_presses_are_shared_through_the_store(store: Any) -> None:
    """Issue 29 with docs/web.md, "The real-time strike": the keeper's open window (what
    every seat is told) and the presses made through the other servers, each seat's
    first press only; a new window drops the old one's presses; closing an old window
    leaves a newer one; none of it is a write to the table (no revision)."""
    told: list[str] = []
    store.create(_table())
    store.written = told.append
    shown = {"id": 5, "phase": "ready", "striker": 0, "defender": 1, "window_ms": 1500}
    assert store.strike("t1") is None
    store.show_strike("t1", 5, 12, shown)
    assert store.strike("t1") == (12, shown)
    assert store.press_strike("t1", 5, 1, 0.25)
    assert not store.press_strike("t1", 5, 1, 0.1)  # the seat's first press counts
    assert store.press_strike("t1", 5, 0, -0.3)
    assert store.strike_presses("t1", 5) == {1: 0.25, 0: -0.3}
    store.show_strike("t1", 5, 12, {**shown, "phase": "go"})
    assert store.strike("t1") == (12, {**shown, "phase": "go"})
    assert store.strike_presses("t1", 5) == {1: 0.25, 0: -0.3}  # the same window
    store.show_strike("t1", 9, 12, {**shown, "id": 9})  # opened again at the position
    assert store.strike_presses("t1", 5) == {} and store.strike_presses("t1", 9) == {}
    store.close_strike("t1", 5)  # the old one's end leaves the new one
    assert store.strike("t1") == (12, {**shown, "id": 9})
    store.close_strike("t1", 9)
    assert store.strike("t1") is None
    assert told == [] and _revision(store) == 0
