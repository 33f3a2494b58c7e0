"""Live tables: the true state of every game the server runs, and the one way out of it.

A :class:`LiveTable` holds one game's :class:`~tabletop.core.State`. Everything sent to a
client is built here by :func:`LiveTable.seat_message` from the core's ``view(seat)`` and
the seat's copies of the events (``Event.seen_by``): nothing else of the state leaves.

Each seat has a *version*: the events it has seen plus the actions it has taken. A seat
answers a position by quoting its version; another seat's secret step (a meld set aside)
changes nothing a seat sees, so it changes neither its version nor what is pushed to it
(the number of actions taken is itself secret: it counts the melds).

The :class:`Hub` creates, resumes and serves tables: an action is applied to a copy of
the state under the table's lock, stored, and only then made the table's state and
acknowledged. AI seats decide in a worker pool off the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Iterable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from tabletop.agents import difficulty_agent
from tabletop.core import (
    IllegalActionError,
    NotationError,
    Record,
    RecordError,
    RulesVersionError,
    State,
    TabletopError,
    get_spec,
    initial_state,
    new_game,
    record_of,
    replay,
)

from .ai import DecisionJob, agent_seed, decide_job
from .errors import ApiError
from .lobby import server_only
from .storage import ActionRow, SeatRow, Storage, StorageError, TableRow, token_hash
from .strike import Referee, live_strike

log = logging.getLogger("tabletop.web")

MAX_WATCHERS = 64  # live connections to one table


@dataclass(eq=False)
class Watcher:
    """A live connection to a table for one seat (``None``: a spectator). The table puts
    a wake-up in ``queue``; the connection then sends what changed for its seat."""

    seat: int | None
    queue: asyncio.Queue[bool] = field(default_factory=lambda: asyncio.Queue(maxsize=1))
    sent_raw: int = 0          # events of the state already considered
    last: dict[str, Any] | None = None  # the last message's view, legal and thinking

    def wake(self) -> None:
        if self.queue.empty():
            self.queue.put_nowait(True)


class LiveTable:
    """One game being played (or finished) on this server."""

    def __init__(self, row: TableRow, state: State, actors: Iterable[int] = ()) -> None:
        """``actors``: the seat that took each action of ``state`` (a resumed table)."""
        self.row = row
        self.state = state
        self.lock = asyncio.Lock()
        self.thinking: int | None = None
        self.watchers: set[Watcher] = set()
        self.ai_task: asyncio.Task[None] | None = None
        self.broken = ""  # why an AI cannot go on (a bug), shown to every seat
        self.strike: dict[str, Any] | None = None  # an open strike window (strike.py)
        n = state.players
        self._seen = [0] * (n + 1)  # events visible to each seat; [n]: spectators
        self._own = [0] * n
        self._count(state.events)
        for s in actors:
            self._own[s] += 1

    def _count(self, events: Iterable[Any]) -> None:
        n = self.state.players
        for e in events:
            if e.seats is None:
                for s in range(n + 1):
                    self._seen[s] += 1
            else:
                for s in e.seats:
                    if 0 <= s < n:
                        self._seen[s] += 1

    # --- what a seat may know -------------------------------------------------------

    def version(self, seat: int | None) -> int:
        """What ``seat`` has seen so far, as one number (events seen + its own actions)."""
        if seat is None:
            return self._seen[self.state.players]
        return self._seen[seat] + self._own[seat]

    def legal(self, seat: int | None) -> list[str]:
        """The legal actions of ``seat`` (none unless it is to act)."""
        if seat is None or self.state.to_act != seat or live_strike(self.state) is not None:
            return []  # a live strike's result is the referee's, not a seat's choice
        return [a.to_text() for a in self.state.legal_actions()]

    def events(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The seat's copies of the events, from its ``since``-th on."""
        return [e.to_json() for e in self.state.events_for(seat)[since:]]

    def summary(self) -> dict[str, Any]:
        """What anyone may know of the table (the lobby's line)."""
        spec = get_spec(self.row.game)
        out: dict[str, Any] = {
            "id": self.row.id, "game": self.row.game, "name": spec.name,
            "players": self.row.players, "params": self.public_params(),
            "labels": list(spec.seat_labels(self.row.players)),
            "seats": [{"seat": s.seat, "label": spec.seat_label(s.seat), "kind": s.kind,
                       "difficulty": s.difficulty, "joined": s.joined}
                      for s in self.row.seats],
            "open": self.row.open, "status": "over" if self.state.is_over else "running",
            "to_act": self.state.to_act, "thinking": self.thinking,
            "created": self.row.created,
        }
        if self.broken:
            out["broken"] = self.broken
        outcome = self.state.outcome()
        if outcome is not None:
            out["outcome"] = outcome.to_json()
            out["actions"] = len(self.state.history)
        return out

    def public_params(self) -> dict[str, Any]:
        """The table's parameters anyone may know: a private one (hoshi-battle's
        constructed decks: a seat's hand) only once the game is over."""
        if self.state.is_over:
            return dict(self.row.params)
        spec = get_spec(self.row.game).params
        return {k: v for k, v in self.row.params.items()
                if not (k in spec and spec[k].private)}

    def seat_message(self, seat: int | None, kind: str = "state") -> dict[str, Any]:
        """Everything ``seat`` may know now: the table's public line, the seat's view, its
        events, its legal actions and version. The one builder of what leaves a table."""
        return {
            "type": kind, "table": self.summary(), "seat": seat,
            "version": self.version(seat), "view": self.state.view(seat),
            "legal": self.legal(seat), "events": self.events(seat), "strike": self.strike,
        }

    def update_for(self, w: Watcher) -> dict[str, Any] | None:
        """What changed for a watcher's seat since its last message (``None``: nothing it
        may see changed, so nothing is sent)."""
        raw = self.state.events
        new = [c.to_json() for e in raw[w.sent_raw:]
               if (c := e.seen_by(w.seat)) is not None]
        w.sent_raw = len(raw)
        now = {"view": self.state.view(w.seat), "legal": self.legal(w.seat),
               "thinking": self.thinking, "broken": self.broken, "strike": self.strike}
        if not new and now == w.last:
            return None
        w.last = now
        return {"type": "update", "table": self.summary(), "seat": w.seat,
                "version": self.version(w.seat), "view": now["view"], "legal": now["legal"],
                "events": new, "strike": self.strike}

    def first_message(self, w: Watcher) -> dict[str, Any]:
        """The whole table for a watcher that just connected."""
        msg = self.seat_message(w.seat)
        w.sent_raw = len(self.state.events)
        w.last = {"view": msg["view"], "legal": msg["legal"], "thinking": self.thinking,
                  "broken": self.broken, "strike": self.strike}
        return msg

    def notify(self) -> None:
        """Wake every live connection (each decides what its seat may see of it)."""
        for w in self.watchers:
            w.wake()

    # --- changes --------------------------------------------------------------------

    async def commit(self, new: State, seat: int, storage: Storage) -> None:
        """Store the action just applied to ``new`` (a copy of the state), then make it the
        table's state. Raises ``StorageError`` (the table is then unchanged). The write
        (and its fsync) runs in a thread so that other tables go on meanwhile; the
        caller holds the table's lock."""
        n = len(self.state.history)
        text = new.history[-1].to_text()
        record = record_of(new).to_json() if new.is_over else None
        row = ActionRow(n, seat, text, new.state_hash())
        await asyncio.to_thread(storage.append, self.row.id, row, record)
        old = len(self.state.events)
        self.state = new
        self._own[seat] += 1
        self._count(new.events[old:])
        if new.is_over:
            self.row.status = "over"
            self.row.record = record
        if self.thinking is not None and new.to_act != self.thinking:
            self.thinking = None


def _new_token() -> str:
    return secrets.token_urlsafe(18)


class Hub:
    """Every live table of the server, its store and its AI pool."""

    def __init__(self, storage: Storage, pool: Executor, max_finished: int = 256) -> None:
        self.storage = storage
        self.pool = pool
        self.tables: dict[str, LiveTable] = {}
        self.max_finished = max_finished
        # The real-time strike's referee (strike.py): the only source of its results.
        self.referee = Referee(self._refereed,
                               lambda live, seat: live.row.seats[seat].kind == "ai")

    # --- loading ----------------------------------------------------------------------

    async def resume(self) -> int:
        """Load every unfinished table from the store and restart its AI seats."""
        count = 0
        for row in self.storage.tables("running", limit=10**9):
            try:
                live = self._load(row)
            except RecordError as e:
                log.error("table %s cannot be resumed: %s", row.id, e)
                continue
            self.tables[row.id] = live
            self.start_ai(live)
            count += 1
        return count

    def _load(self, row: TableRow) -> LiveTable:
        """A table rebuilt from its stored actions; the last stored hash must match."""
        rows = self.storage.actions(row.id)
        record = Record(row.game, row.rules_version, {"players": row.players, **row.params},
                        row.seed, [r.action for r in rows], None, "0" * 64)
        state = replay(record)
        if rows and state.state_hash() != rows[-1].hash:
            raise RecordError(f"replay of table {row.id} reached another position than the "
                              "one stored")
        return LiveTable(row, state, [r.seat for r in rows])

    def get(self, table_id: str) -> LiveTable:
        """The table ``table_id`` (loaded from the store if needed); 404 if unknown."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        row = self.storage.table(table_id) if len(table_id) <= 64 else None
        if row is None:
            raise ApiError(404, f"no table {table_id[:40]!r}")
        try:
            live = self._load(row)
        except RulesVersionError as e:
            # Public: the game and two version numbers (no stored action, no state).
            log.error("table %s cannot be loaded: %s", row.id, e)
            raise ApiError(410, f"table {row.id} cannot be loaded: {e}") from None
        except RecordError as e:
            # The reason quotes stored actions and the true state: the server's log only.
            log.error("table %s cannot be loaded: %s", row.id, e)
            raise ApiError(410, f"table {row.id} cannot be loaded: its stored actions no "
                           "longer replay under this server's rules") from None
        self._forget_finished()
        self.tables[row.id] = live
        return live

    def _forget_finished(self) -> None:
        over = [t for t, live in self.tables.items()
                if live.state.is_over and not live.watchers]
        for t in over[: max(0, len(over) - self.max_finished)]:
            del self.tables[t]

    # --- creating and joining -------------------------------------------------------

    def create(self, game: str, players: int | None, params: dict[str, Any],
               seats: list[dict[str, Any]], open_: bool) -> tuple[LiveTable, dict[int, str]]:
        """A new table; returns it and the token of every human seat."""
        try:
            spec = get_spec(game)
        except TabletopError as e:
            raise ApiError(404, str(e)) from None
        for name in params:
            if name in server_only(spec):
                raise ApiError(400, f"{game}: parameter {name!r} names files on the server; "
                               "the web server does not take it")
            if open_ and name in spec.params and spec.params[name].private:
                raise ApiError(400, f"{game}: parameter {name!r} is a seat's secret (its "
                               "hand); an open table, where strangers take seats, does "
                               "not take it")
        n = spec.default_players if players is None else players
        if len(seats) not in (0, n) if isinstance(n, int) else True:
            raise ApiError(400, f"give one entry per seat ({n}), not {len(seats)}")
        try:
            # The spec checks the names first: a client's ``seed`` or ``players`` must
            # not reach new_game's own arguments (a chosen seed is a known deal).
            checked = spec.check_params(n, params)
            state = new_game(game, players=n, **checked)
        except TabletopError as e:
            raise ApiError(400, str(e)) from None
        rows: list[SeatRow] = []
        tokens: dict[int, str] = {}
        wanted = seats or [{"kind": "human"}] + [{"kind": "ai"}] * (n - 1)
        for s, want in enumerate(wanted):
            kind = want.get("kind", "human")
            if kind == "human":
                token = _new_token()
                tokens[s] = token
                rows.append(SeatRow(s, "human", token_hash=token_hash(token)))
            elif kind == "ai":
                level = want.get("difficulty") or "normal"
                try:
                    agent = difficulty_agent(level, game)
                except TabletopError as e:
                    raise ApiError(400, f"seat {spec.seat_label(s)}: {e}") from None
                rows.append(SeatRow(s, "ai", difficulty=level.strip().lower(), agent=agent,
                                    joined=True))
            else:
                raise ApiError(400, f"seat {spec.seat_label(s)}: kind must be human or ai")
        row = TableRow(id=secrets.token_hex(6), game=game, rules_version=spec.rules_version,
                       players=n, params=dict(state.params), seed=state.seed, open=open_,
                       seats=rows)
        self.storage.create(row)
        live = LiveTable(row, state)
        self.tables[row.id] = live
        self.start_ai(live)
        return live, tokens

    def seat_for(self, live: LiveTable, token: str | None) -> int | None:
        """The seat a token acts for at this table (``None``: no token, a spectator);
        403 for a token of no seat here."""
        if token is None or token == "":
            return None
        h = token_hash(token)
        for s in live.row.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                if live.row.open and not s.joined:
                    # Using a link joins its seat: a seat whose cards someone has seen
                    # is no longer free for a stranger to take.
                    self.storage.join(live.row.id, s.seat)
                    s.joined = True
                return s.seat
        raise ApiError(403, f"this token is not a seat of table {live.row.id}")

    def join(self, live: LiveTable, seat: int, token: str | None) -> str | None:
        """Take a seat: with its token (a join link), or, at an open table, a person's
        seat nobody has joined yet (a fresh token is returned, the old link stops)."""
        if not 0 <= seat < live.row.players:
            raise ApiError(400, f"no seat {seat} at this table (0..{live.row.players - 1})")
        row = live.row.seats[seat]
        if row.kind != "human":
            raise ApiError(409, f"seat {seat} is played by the AI")
        if token:
            if self.seat_for(live, token) != seat:
                raise ApiError(403, f"this token is not seat {seat}'s")
            if not row.joined:
                self.storage.join(live.row.id, seat)
                row.joined = True
            return None
        if not live.row.open:
            raise ApiError(403, "this table is by invitation: use the seat's join link")
        if row.joined:
            raise ApiError(409, f"seat {seat} is taken")
        fresh = _new_token()
        self.storage.join(live.row.id, seat, token_hash(fresh))
        row.token_hash = token_hash(fresh)
        row.joined = True
        return fresh

    # --- acting ---------------------------------------------------------------------

    async def act(self, live: LiveTable, seat: int, text: str, version: int) -> str:
        """Apply ``text`` for ``seat`` answering the position it saw (``version``); the
        action is stored before this returns its notation."""
        async with live.lock:
            if live.state.is_over:
                raise ApiError(409, "the game is over")
            if self.referee.pending(live):
                raise ApiError(409, "a real-time strike is open: its result is the server's "
                               "to decide; press with POST /api/tables/{id}/strike")
            if version != live.version(seat):
                raise ApiError(409, f"stale: the table has moved on (your version is "
                               f"{live.version(seat)}, not {version}); reload the table")
            new = live.state.clone()
            try:
                new.apply(text, seat=seat)
            except IllegalActionError as e:
                raise ApiError(409, str(e), reason=e.reason, rule=e.rule,
                               action=e.action_text) from None
            except NotationError as e:
                raise ApiError(400, str(e)) from None
            except TabletopError as e:
                raise ApiError(400, str(e)) from None
            try:
                await live.commit(new, seat, self.storage)
            except StorageError as e:
                log.error("%s", e)
                raise ApiError(409, "the action could not be stored; try again") from None
            done = new.history[-1].to_text()
        live.notify()
        self.start_ai(live)
        return done

    # --- AI seats -------------------------------------------------------------------

    async def _refereed(self, live: LiveTable, seat: int, text: str) -> None:
        """Store a strike's result, decided by the referee, as the striker's action."""
        async with live.lock:
            new = live.state.clone()
            new.apply(text, seat=seat)
            try:
                await live.commit(new, seat, self.storage)
            except StorageError as e:  # the table stays at the strike: a new window opens
                log.error("%s", e)
        live.strike = None
        live.notify()
        self.start_ai(live)

    def _ai_seat(self, live: LiveTable) -> int | None:
        if self.referee.pending(live):  # nobody decides a live strike but the referee
            self.referee.open_if_due(live)
            return None
        s = live.state.to_act
        return s if s is not None and live.row.seats[s].kind == "ai" else None

    def start_ai(self, live: LiveTable) -> None:
        """Start the table's AI loop if an AI seat is to act and none runs."""
        if live.broken or self._ai_seat(live) is None:
            return
        if live.ai_task is not None and not live.ai_task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop yet (created outside the server): resume() starts it
        live.ai_task = loop.create_task(self._ai_loop(live))

    async def _ai_loop(self, live: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        while (seat := self._ai_seat(live)) is not None:
            if live.thinking != seat:
                live.thinking = seat
                live.notify()
            st, row = live.state, live.row
            job = DecisionJob(row.id, row.game, row.rules_version,
                              {"players": row.players, **row.params}, row.seed,
                              tuple(a.to_text() for a in st.history),
                              row.seats[seat].agent or "random",
                              agent_seed(row.seed, len(st.history)))
            try:
                text, n = await loop.run_in_executor(self.pool, decide_job, job)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # a bug in an agent: stop this table's AI, say so
                log.exception("table %s: the AI of seat %s failed", row.id, seat)
                live.broken = f"the AI failed ({type(e).__name__}); the table is paused"
                live.thinking = None
                live.notify()
                return
            async with live.lock:
                if len(live.state.history) != n or live.state.to_act != seat:
                    continue  # the table moved on meanwhile: decide again
                new = live.state.clone()
                new.apply(text, seat=seat)
                try:
                    await live.commit(new, seat, self.storage)
                except StorageError as e:
                    log.error("%s", e)
                    await asyncio.sleep(0.5)
                    continue
            live.notify()
        if live.thinking is not None:
            live.thinking = None
            live.notify()

    # --- records and replays ----------------------------------------------------------

    def record(self, live: LiveTable, seat: int | None) -> dict[str, Any]:
        """The finished game's record; mid-game, only the seat's own history (its events):
        the raw actions and the seed would tell what it may not know."""
        if live.state.is_over:
            return {"finished": True, "record": record_of(live.state).to_json()}
        return {"finished": False, "seat": seat, "events": live.events(seat)}

    def replay_step(self, live: LiveTable, step: int, seat: int | None) -> dict[str, Any]:
        """A finished game after ``step`` actions, as ``seat`` saw it."""
        if not live.state.is_over:
            raise ApiError(409, "a game can be replayed once it is over")
        total = len(live.state.history)
        if not 0 <= step <= total:
            raise ApiError(400, f"step must be 0..{total}")
        if seat is not None and not 0 <= seat < live.state.players:
            raise ApiError(400, f"seat must be 0..{live.state.players - 1}")
        record = record_of(live.state)
        state = initial_state(record) if step == 0 else replay(record, upto=step)
        return {"step": step, "steps": total, "seat": seat,
                "action": record.actions[step - 1] if step else None,
                "actor": None if step == 0 else self._actor(live, step - 1),
                "view": state.view(seat),
                "events": [e.to_json() for e in state.events_for(seat)]}

    def _actor(self, live: LiveTable, n: int) -> int | None:
        rows = self.storage.actions(live.row.id)
        return rows[n].seat if n < len(rows) else None
