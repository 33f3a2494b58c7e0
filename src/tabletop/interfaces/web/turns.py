"""The "your turn" list (docs/web.md, "Turn-based tables"): the unfinished tables where
it is one of my seats' turn. My seats are those my account holds and those whose token
this browser holds (the lobby keeps the tokens of the seats it opened in localStorage and
sends them in a request's body, never in a URL); nobody else's seat is ever listed.

A table out of memory is not brought back for this (a turn-based table waits in the
store): whose turn it is comes from a replay made once per stored revision and kept
(:attr:`Hub.to_act_cache`), the time left from its stored clock.

Each entry carries ``since``, the step at which this turn began (:func:`turn_start`), so
that a page that reads the list every 20 s notifies a turn that ended and came back
between two readings (the list looks the same; its ``since`` does not).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import RecordError, TabletopError, get_spec

from .clock import ClockOptions, stored_deadline
from .storage import token_hash

if TYPE_CHECKING:
    from .hub import Hub
    from .storage import AccountRow

MOST = 50  # seats looked at per request
CACHE_MOST = 4096  # (table, revision) pairs kept


def turn_start(actors: list[int], seat: int) -> int:
    """The step at which ``seat``'s turn began, given the seat of each action so far:
    the number of actions before its latest run of its own (a turn may be several
    decisions; another seat's action between two of them starts a new turn)."""
    n = len(actors)
    while n and actors[n - 1] == seat:
        n -= 1
    return n


def your_turns(hub: Hub, tokens: list[str], account: AccountRow | None) -> list[dict[str, Any]]:
    """The tables where it is the turn of a seat of ``tokens`` or of ``account``, each
    with the seat, its label, the step its turn began at (``since``) and the time left on
    its clock (``None``: no clock runs)."""
    hashes = sorted({token_hash(t) for t in tokens if t})
    seats = hub.storage.seats_of(hashes, None if account is None else account.key, MOST)
    now = hub.now()
    out = []
    for table_id, seat in seats:
        found = _turn(hub, table_id, seat, now)
        if found is not None:
            out.append(found)
    out.sort(key=lambda t: (t["left_ms"] is None, t["left_ms"] or 0, t["table"]))
    return out


def _turn(hub: Hub, table_id: str, seat: int, now: float) -> dict[str, Any] | None:
    live = hub.tables.get(table_id)
    left: int | None = None
    if live is not None:
        if (live.state.is_over or live.state.to_act != seat or live.ai_plays(seat)):
            return None
        row = live.row
        since = turn_start(live.actors, seat)
        if live.clock is not None and live.clock.running == seat:
            left = live.clock.message(now)["deadline_in_ms"]
    else:
        stored = hub.storage.table(table_id)
        if stored is None or stored.status != "running":
            return None
        row = stored
        key = (table_id, row.revision)
        if key not in hub.to_act_cache:
            if len(hub.to_act_cache) >= CACHE_MOST:
                hub.to_act_cache.clear()
            try:
                loaded = hub.detached(row)
                to_act = loaded.state.to_act
                hub.to_act_cache[key] = None if to_act is None else (
                    to_act, turn_start(loaded.actors, to_act))
            except (RecordError, TabletopError):
                hub.to_act_cache[key] = None  # no longer loads: nobody's turn here
        cached = hub.to_act_cache[key]
        if cached is None or cached[0] != seat:
            return None
        since = cached[1]
        deadline = stored_deadline(row.clock, row.options)
        if deadline is not None and row.clock is not None and row.clock["running"] == seat:
            left = max(0, int((deadline - now) * 1000))
    spec = get_spec(row.game)
    chosen = row.options.get("clock")
    options = ClockOptions.from_json(chosen) if chosen else None
    return {"table": table_id, "game": row.game, "name": spec.name, "seat": seat,
            "label": spec.seat_label(seat), "since": since, "left_ms": left,
            "limit_ms": None if options is None else options.limit_ms,
            "turn_based": options is not None and options.turn_based}
