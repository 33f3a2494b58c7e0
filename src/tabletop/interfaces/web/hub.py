"""The hub: every live table of the server, its store and its AI pool.

It creates, resumes and serves tables. Every change to a table's game goes one way: it
is applied to a copy of the state under the table's lock, stored (with the clocks after
it), and only then made the table's state and acknowledged; then the table's connections
are woken, its AI seats started and its clock's deadline set again (:meth:`Hub.changed`).
AI seats decide in a worker pool off the event loop.

With several servers on one store (:mod:`.cluster`), a table in memory is checked against
the store's revision before a request uses it, and reloaded if another server changed
it; its AI seats and clock run only on the server holding its lease (:meth:`Hub.keeps`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

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

from . import deckfiles, engine, usercards
from .ai import DecisionJob, agent_seed, decide_job
from .clock import ClockOptions
from .errors import ApiError
from .limits import Holdings, Limiter, Settings, Sockets
from .lobby import server_only
from .shared import Shared, SharedDown
from .storage import (
    AccountRow,
    NoticeRow,
    SeatRow,
    Storage,
    StorageError,
    StoreUnreachable,
    TableRow,
    token_hash,
)
from .strike import Referee
from .tables import LiveTable
from .tasks import wait_event
from .usercards import CardFile

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger("tabletop.web")

SETTLE_AGAIN_S = 60.0  # how often finished games whose settling failed are tried again
HOLD_DIFFICULTY = "normal"  # the AI that holds a person's seat, or plays a timed-out turn
BOT_PREFIX = "bot_"  # how a bot account's token begins (routes/accounts.py makes them)
# How long an AI seat's next move waits while a person's action is being served. The
# server is one event loop: every AI commit (its store write, the views it wakes) runs
# between a person's request and its answer, so at 100 AI tables a person's action queued
# behind all of theirs (issue 29, Measured: p99 277 ms against 250). The AI tables are
# nobody's to wait for; bounded, so that a person's action that never ends, or people
# acting without a pause, slow the AI tables down and never stop them.
PEOPLE_FIRST_S = 0.25
# How many AI moves may be on their way to the store at once. The store writes on few
# connections (SQLite one, under a lock; PostgreSQL a pool of four), so more in flight
# only make a queue, which a person's write then waits in: at 100 AI tables on SQLite a
# person's store write took 109 ms (median) behind the AI writes queued before it came
# (the wait above holds back only those that come after it). Three keep the store busy
# and leave PostgreSQL's fourth connection to a person's write.
AI_WRITES = 3


def new_token() -> str:
    """A fresh seat token (the secret of a join link)."""
    return secrets.token_urlsafe(18)


class Hub:
    """Every live table of the server, its store and its AI pool. ``now`` is the server's
    clock (wall time: clocks are stored and survive a restart)."""

    def __init__(self, storage: Storage, pool: Executor, max_finished: int = 256,
                 now: Callable[[], float] = time.time, limits: Settings | None = None
                 ) -> None:
        from .lab import BURST, EVERY_S, Lab
        from .matchmaking import Matchmaker
        from .presence import Presence
        from .timers import ClockKeeper

        self.storage = storage
        self.pool = pool
        self.tables: dict[str, LiveTable] = {}
        self.max_finished = max_finished
        self.now = now
        # The real-time strike's referee (strike.py): the only source of its results.
        self.referee = Referee(self._refereed, lambda live, seat: live.ai_plays(seat),
                               difficulty=self._difficulty)
        self.presence = Presence(self)
        self.clocks = ClockKeeper(self)
        # Rate limits: what one seat (or one address) may do, burst and rate per second.
        self.settings = settings = limits or Settings()
        self.limits = {"chat": Limiter(5, 0.5), "gift": Limiter(3, 0.5),
                       "offer": Limiter(4, 0.2),
                       "create": Limiter(settings.create_burst, settings.create_per_min / 60),
                       "create_account": Limiter(settings.create_burst,
                                                 settings.create_per_min / 60),
                       "register": Limiter(settings.register_burst,
                                           settings.register_per_hour / 3600),
                       "login": Limiter(settings.login_burst, settings.login_per_min / 60),
                       "wrong": Limiter(settings.wrong_burst, settings.wrong_per_min / 60),
                       "join": Limiter(20, 1.0)}
        # The user card files every table of a game gets (serve --cards: usercards.py),
        # by game, and the checked files and listing made of them (once per game).
        self.cards: dict[str, list[CardFile]] = {}
        self._server_cards: dict[str, tuple[dict[str, str], list[dict[str, Any]]]] = {}
        self.holdings = Holdings(settings.guest_window_s)  # who made which tables lately
        self.sweeper: asyncio.Task[None] | None = None  # idle tables out of memory
        self.settler: asyncio.Task[None] | None = None  # games whose settling failed
        self._unsettleable: set[str] = set()  # ... and those that have nothing to settle
        self.sockets = Sockets(settings.sockets_per_address, settings.sockets_total)
        # Told how long each AI decision took (the server's metrics set it: metrics.py).
        self.thought: Callable[[str, float], None] = lambda game, seconds: None
        # Several servers on one store (cluster.py); None: this server alone. With it,
        # the limits above are counted in Redis for all the servers (shared.py).
        self.cluster: Cluster | None = None
        self.shared: Shared | None = None
        self.matchmaker = Matchmaker(self)  # the queue's pairing pass (matchmaking.py)
        # the deck builder's balance runs (lab.py), and how often one client may start one
        self.limits["balance"] = Limiter(BURST, 1 / EVERY_S)
        self.lab = Lab(pool, lambda key: self.limit("balance", key), lambda: self.shared)
        # Who was to act at a table out of memory and since which step, by (table,
        # revision): the "your turn" list reads it without keeping the table in memory
        # (turns.py); None: nobody.
        self.to_act_cache: dict[tuple[str, int], tuple[int, int] | None] = {}
        # People's actions being served now (:meth:`person`), and set while there is none:
        # what the AI seats' next moves wait for (:meth:`_people_first`).
        self.people = 0
        self._no_people = asyncio.Event()
        self._no_people.set()
        self._ai_writes = asyncio.Semaphore(AI_WRITES)  # AI moves being stored now

    # --- loading ----------------------------------------------------------------------

    async def resume(self) -> int:
        """Load the unfinished tables from the store (the newest, as many as memory may
        hold: the others load when named) and restart their AI seats; start the sweep of
        idle tables out of memory."""
        self._start_sweeper()
        self._start_settler()
        self.matchmaker.start()
        self.clocks.start()
        count = 0
        for row in self.storage.tables("running", limit=self.settings.max_live):
            try:
                live = self._load(row)
            except RecordError as e:
                log.error("table %s cannot be resumed: %s", row.id, e)
                continue
            self.tables[row.id] = live
            if self.cluster is not None:
                self.cluster.loaded(live)
            self.changed(live, notify=False)
            count += 1
        return count

    def _load(self, row: TableRow, since: State | None = None) -> LiveTable:
        """A table rebuilt from its stored actions; the last stored hash must match.
        ``since``: a position of the table in memory, replayed on from if the stored
        actions go on from it."""
        rows = self.storage.actions(row.id)
        texts = [r.action for r in rows]
        done = None if since is None else [a.to_text() for a in since.history]
        if since is not None and done is not None and texts[:len(done)] == done:
            state = since.clone()
            for i, text in enumerate(texts[len(done):], start=len(done)):
                try:
                    state.apply(text)
                except TabletopError as e:
                    raise RecordError(f"action {i + 1} of table {row.id} does not replay: "
                                      f"{e}") from None
        else:
            record = Record(row.game, row.rules_version,
                            {"players": row.players, **row.params}, row.seed, texts, None,
                            "0" * 64)
            state = replay(record, files=deckfiles.of_row(row.options))
        if rows and state.state_hash() != rows[-1].hash:
            raise RecordError(f"replay of table {row.id} reached another position than the "
                              "one stored")
        live = self._live(row, state, rows)
        now = self.now()
        if live.clock is not None and self.cluster is None:
            # (Several servers: the stored clock is the keeper's, and runs on; the one
            # that takes a dead keeper's table over resumes it: cluster.py.)
            live.clock = live.clock.resumed(now)
        if not state.is_over:
            # Nobody is connected to a table the server just loaded: its people are away
            # from now on (their grace period starts), until they connect again.
            for s in row.seats:
                if s.kind == "human" and s.joined:
                    live.ever_connected[s.seat] = True
                    live.gone_since[s.seat] = now
        return live

    def detached(self, row: TableRow) -> LiveTable:
        """A table rebuilt from the store without serving it: not in memory, nothing of
        it running (the "your turn" list reads whose turn it is: turns.py)."""
        return self._load(row)

    def _live(self, row: TableRow, state: State, actions: Any = ()) -> LiveTable:
        live = LiveTable(row, state, actions, self.storage.chat(row.id),
                         self.storage.notices(row.id))
        for s in row.seats:
            account = self.storage.account(s.account) if s.account else None
            if account is not None:
                live.accounts[s.seat] = account
        live.on_over = self._settle
        live.now = self.now
        live.shown_after = self.presence.shown_after
        return live

    def get(self, table_id: str) -> LiveTable:
        """The table ``table_id`` (loaded from the store if needed: a table that left
        memory comes back as after a restart); 404 if unknown. A request or a connection
        naming a table keeps it in memory (:meth:`sweep`)."""
        live = self.tables.get(table_id)
        if live is not None:
            live.touched = time.monotonic()
            if self.cluster is not None and not live.lock.locked():
                self.catch_up(live)
            return live
        row = self.storage.table(table_id) if len(table_id) <= 64 else None
        if row is None:
            raise ApiError(404, f"no table {table_id[:40]!r}")
        self.make_room()
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
        if self.cluster is not None:
            self.cluster.loaded(live)  # who is connected to it elsewhere?
        if not live.state.is_over:
            self.changed(live, notify=False)  # its AI, clock and grace period go on
        return live

    # --- several servers: another changed the table ----------------------------------

    def catch_up(self, live: LiveTable, force: bool = False) -> bool:
        """Reload ``live`` from the store if another server changed it (its stored
        revision is not the one in memory; the caller holds its lock, or nothing is being
        written to it); ``force``: whatever the revision (the store refused a write as
        not the next one: memory is behind, e.g. a write whose caller was cancelled).
        Returns whether it was reloaded."""
        if not force:
            stored = self.storage.revisions([live.row.id]).get(live.row.id)
            if stored is None or stored == live.revision:
                return False
        row = self.storage.table(live.row.id)
        if row is None:
            return False
        try:
            fresh = self._load(row, since=live.state)
        except RecordError as e:
            log.error("table %s cannot be reloaded: %s", row.id, e)
            return False
        live.became(fresh)
        self.changed(live)
        return True

    async def catch_up_locked(self, live: LiveTable) -> bool:
        """:meth:`catch_up` once no write to the table is in progress."""
        async with live.lock:
            return self.catch_up(live)

    def keeps(self, live: LiveTable) -> bool:
        """Whether this server runs the table's AI seats and clock: alone, always; with
        others, while it holds the table's lease (cluster.py)."""
        return self.cluster is None or self.cluster.keeps(live)

    async def finished(self, table_ids: Sequence[str]) -> set[str]:
        """Which of ``table_ids`` are finished (or unknown). A table in memory answers for
        itself, but with several servers only when over: another may have ended it a
        moment ago, and the store knows. The others are asked of the store all at once,
        off the event loop (one query, not one a table: the guest cap asks this of every
        table an address made within its window, a thousand for a busy client)."""
        over: set[str] = set()
        ask: list[str] = []
        for t in table_ids:
            live = self.tables.get(t)
            if live is not None and (live.state.is_over or self.cluster is None):
                if live.state.is_over:
                    over.add(t)
            else:
                ask.append(t)
        if ask:
            stored = await asyncio.to_thread(self.storage.statuses, ask)
            over.update(t for t in ask if stored.get(t, "over") == "over")
        return over

    # --- limits: this server's own, or every server's through Redis (shared.py) -------

    async def limit(self, which: str, key: Hashable, take: bool = True) -> float:
        """0 if ``key`` may do ``which`` now (with ``take`` a token of its limit is
        taken), else the seconds to wait; counted for every server where they share
        Redis, by this one alone otherwise (and while Redis is out of reach)."""
        limiter = self.limits[which]
        if self.shared is not None:
            with contextlib.suppress(SharedDown):
                return await self.shared.wait(which, key, limiter, take)
        return limiter.wait(key) if take else limiter.due(key)

    async def hold(self, key: str, table_id: str) -> None:
        """The address ``key`` made the table ``table_id`` (see :meth:`holding`)."""
        self.holdings.add(key, table_id)
        if self.shared is not None:
            with contextlib.suppress(SharedDown):
                await self.shared.hold(key, table_id, self.settings.guest_window_s)

    async def holding(self, key: str) -> list[float]:
        """How long ago the address ``key`` made each of its unfinished tables made within
        the guest window (``Settings.guest_window_s``), oldest first."""
        window = self.settings.guest_window_s
        if self.shared is not None:
            with contextlib.suppress(SharedDown):
                made = await self.shared.held(key, window)
                over = await self.finished([t for t, _ in made])
                await self.shared.forget(key, sorted(over))
                return [age for t, age in made if t not in over]
        mine = self.holdings.within(key)
        over = await self.finished(list(mine))
        self.holdings.forget(key, over)
        now = self.holdings.clock()
        return [now - at for t, at in mine.items() if t not in over]

    async def socket_open(self, key: str) -> str | None:
        """Why the address ``key`` may not open one more WebSocket connection (``None``:
        it may, and it is counted: :meth:`socket_close` when it closes)."""
        refusal = self.sockets.refusal(key)  # this server's own cap holds anyway
        if refusal is None and self.shared is not None:
            with contextlib.suppress(SharedDown):
                refusal = await self.shared.socket_open(key, self.sockets)
        if refusal is None:
            self.sockets.arrive(key)
        return refusal

    async def socket_close(self, key: str) -> None:
        """A connection counted by :meth:`socket_open` closed."""
        self.sockets.leave(key)
        if self.shared is not None:
            await self.shared.socket_close(key)

    # --- memory: idle tables leave it -------------------------------------------------

    def idle(self, live: LiveTable, now: float, idle_s: float) -> bool:
        """Whether ``live`` may leave memory: nobody connected, nothing running for it
        (an action being stored, its AI, a strike window) and nobody named it for
        ``idle_s`` seconds. All it holds is then in the store, but its open offers."""
        return (not live.watchers and not live.lock.locked()
                and (live.ai_task is None or live.ai_task.done())
                and live.strike is None and live.row.id not in self.referee.tasks
                and now - live.touched >= idle_s)

    def evict(self, live: LiveTable) -> None:
        """Take ``live`` out of memory (its timers stop); :meth:`get` loads it again from
        the store, as a restarted server does (its running clock starts again from
        :data:`~.clock.RESTART_MS` after that, as after a restart)."""
        tid = live.row.id
        if self.tables.get(tid) is live:
            del self.tables[tid]
        self.referee.far.pop(tid, None)
        if self.cluster is not None:
            self.cluster.release(tid)  # another server holding the table may keep it
        for tasks in (self.presence.tasks, self.clocks.tasks):
            task = tasks.pop(tid, None)
            if task is not None:
                task.cancel()

    def sweep(self) -> int:
        """Evict the tables idle for ``idle_s`` (finished or not), then, while memory
        holds more than ``max_live``, the idle ones least lately named; returns how
        many left."""
        now = time.monotonic()
        gone = [t for t in self.tables.values() if self.idle(t, now, self.settings.idle_s)]
        for live in gone:
            self.evict(live)
        over = len(self.tables) - self.settings.max_live
        if over > 0:
            spare = sorted((t for t in self.tables.values() if self.idle(t, now, self._least)),
                           key=lambda t: t.touched)[:over]
            for live in spare:
                self.evict(live)
            gone += spare
        return len(gone)

    @property
    def _least(self) -> float:
        """The least idle time of a table that leaves memory early (over ``max_live``):
        one named a moment ago may still be in a request's hands."""
        return min(self.settings.idle_s, 0.25)

    def make_room(self) -> None:
        """Room for one more live table; 429 if memory holds ``max_live`` tables that
        are all in use."""
        if len(self.tables) < self.settings.max_live:
            return
        now = time.monotonic()
        spare = [t for t in self.tables.values() if self.idle(t, now, self._least)]
        if not spare:
            raise ApiError(429, f"the server holds {len(self.tables):,} live tables, the "
                           "most it takes: try again in a minute", retry_after=60)
        self.evict(min(spare, key=lambda t: t.touched))

    def _start_sweeper(self) -> None:
        async def sweeper(every: float) -> None:
            while True:
                await asyncio.sleep(every)
                gone = self.sweep()
                if gone:
                    log.debug("%d idle tables left memory", gone)

        if self.sweeper is None:
            every = max(0.05, min(30.0, self.settings.idle_s / 4))
            self.sweeper = asyncio.get_running_loop().create_task(sweeper(every))

    def _forget_finished(self) -> None:
        over = [t for t, live in self.tables.items()
                if live.state.is_over and not live.watchers]
        for t in over[: max(0, len(over) - self.max_finished)]:
            del self.tables[t]

    # --- creating and joining -------------------------------------------------------

    def create(self, game: str, players: int | None, params: dict[str, Any],
               seats: list[dict[str, Any]], open_: bool, options: dict[str, Any],
               me: int | None = None, name: str | None = None,
               account: AccountRow | None = None,
               files: dict[str, str] | None = None
               ) -> tuple[LiveTable, dict[int, str], int | None]:
        """A new table; returns it, the token of every person's seat and the creator's
        seat (``me``, default the first person's), which is joined at once: nobody else
        can take it, open table or not. ``account``: the creator's, which holds that seat
        (a rated table, ``options["rated"]``, needs one). ``files``: deck files the
        server made (name -> text: a built deck, decks.py), which the table's ``cards``
        parameter names and its options keep (deckfiles.py)."""
        row, state, tokens, mine = self.build(game, players, params, seats, open_, options,
                                              me, name, account, files)
        self.make_room()
        self.storage.create(row)
        return self.adopt(row, state), tokens, mine

    def build(self, game: str, players: int | None, params: dict[str, Any],
              seats: list[dict[str, Any]], open_: bool, options: dict[str, Any],
              me: int | None = None, name: str | None = None,
              account: AccountRow | None = None, files: dict[str, str] | None = None,
              given: dict[int, tuple[str, str | None, AccountRow | None]] | None = None,
              ) -> tuple[TableRow, State, dict[int, str], int | None]:
        """A new table checked and dealt but neither stored nor served (:meth:`create`
        does both); ``given``: people's seats already taken (seat -> the hash of the token
        its person holds, their guest name, their account), as the matchmaking queue
        seats its entrants (matchmaking.py)."""
        given = given or {}
        if options.get("rated"):
            if account is None:
                raise ApiError(403, "a rated table is for accounts: sign in to create one")
            clock = options.get("clock")
            turn_based = isinstance(clock, dict) and ClockOptions.from_json(clock).turn_based
            if options.get("grace_s") is None and not turn_based:
                raise ApiError(400, "a rated table needs a grace period (grace_s): a "
                               "player gone past it loses the game")
            options = {**options, "on_leave": "ai"}  # the AI finishes an abandoned seat
        try:
            spec = get_spec(game)
        except TabletopError as e:
            raise ApiError(404, str(e)) from None
        for pname in params:
            if pname in server_only(spec):
                raise ApiError(400, f"{game}: parameter {pname!r} names files on the server; "
                               "the web server does not take it")
            if open_ and pname in spec.params and spec.params[pname].private:
                raise ApiError(400, f"{game}: parameter {pname!r} is a seat's secret (its "
                               "hand); an open table, where strangers take seats, does "
                               "not take it")
        n = spec.default_players if players is None else players
        local = dict(params)
        if self.cards.get(game) and "user_cards" not in options:
            # The server's own card files (serve --cards), kept with the table like a
            # user's: it replays the same on a server started without them.
            if game not in self._server_cards:
                self._server_cards[game] = usercards.check(game, [], self.cards[game])
            stored, listed = self._server_cards[game]
            files = {**stored, **(files or {})}
            options = {**options, "user_cards": listed}
        if files:
            local["cards"] = ",".join(str(p) for p in deckfiles.paths(files))
            options = {**options, "files": dict(files)}
        if len(seats) not in (0, n):
            raise ApiError(400, f"give one entry per seat ({n}), not {len(seats)}")
        wanted = seats or [{"kind": "human"}] + [{"kind": "ai"}] * (n - 1)
        people = [s for s, w in enumerate(wanted) if w.get("kind", "human") == "human"]
        if me is not None and me not in people:
            raise ApiError(400, f"seat {me} is not a person's seat: you cannot sit there")
        mine = me if me is not None else (people[0] if people else None)
        try:
            # The spec checks the names first: a client's ``seed`` or ``players`` must
            # not reach new_game's own arguments (a chosen seed is a known deal).
            checked = spec.check_params(n, local)
            state = new_game(game, players=n, **checked)
        except TabletopError as e:
            raise ApiError(400, str(e)) from None
        if files:  # the table names its files as a record does (by name: deckfiles.py)
            state.params["cards"] = ",".join(sorted(files))
        rows: list[SeatRow] = []
        tokens: dict[int, str] = {}
        for s, want in enumerate(wanted):
            kind = want.get("kind", "human")
            if kind == "human" and s in given:
                held, who, owner = given[s]
                rows.append(SeatRow(s, "human", token_hash=held, joined=True,
                                    name=owner.name if owner is not None else who,
                                    account=None if owner is None else owner.key))
            elif kind == "human":
                token = new_token()
                tokens[s] = token
                mine_here = s == mine
                rows.append(SeatRow(
                    s, "human", token_hash=token_hash(token), joined=mine_here,
                    name=(account.name if account is not None else name) if mine_here
                    else None, account=account.key if mine_here and account else None))
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
                       seats=rows, options={**options, "creator": mine})
        return row, state, tokens, mine

    def _settle(self, live: LiveTable) -> None:
        """The game is over: its results and ratings (ratings.py), once."""
        from .ratings import settle

        try:
            settle(self.storage, live)
        except StorageError as e:  # the game stands; its results wait for the store
            log.warning("table %s: its results could not be stored (%s); they are tried "
                        "again every %g s", live.row.id, e, SETTLE_AGAIN_S)
        except Exception:  # the game stands whatever happens to its ratings: say so
            log.exception("table %s: its results could not be settled", live.row.id)

    def settle_missed(self) -> int:
        """Settle the finished games whose settling failed (the store was out of reach
        at their end, on this server or another, before a restart or not), from the
        table in memory or its record; returns how many were settled. A
        ``StorageError`` stops the pass (the next one goes on)."""
        from .ratings import settle

        done = 0
        for table_id in self.storage.unsettled():
            if table_id in self._unsettleable:
                continue
            live = self.tables.get(table_id)
            row = self.storage.table(table_id) if live is None else live.row
            try:
                live = live or (self._load(row) if row is not None else None)
            except (RulesVersionError, RecordError) as e:
                log.error("table %s cannot be settled: %s", table_id, e)
                live = None
            if live is not None and settle(self.storage, live):
                done += 1
            else:  # (no outcome, or settled meanwhile: not asked again)
                self._unsettleable.add(table_id)
        return done

    def _start_settler(self) -> None:
        async def settler() -> None:
            while True:
                try:
                    done = await asyncio.to_thread(self.settle_missed)
                    if done:
                        log.info("settled %d finished games whose results had waited", done)
                except StorageError as e:
                    log.warning("the unsettled games could not be read (%s)", e)
                except Exception:  # a bug: say so, and go on with the next pass
                    log.exception("settling the unsettled games failed")
                await asyncio.sleep(SETTLE_AGAIN_S)

        if self.settler is None:
            self.settler = asyncio.get_running_loop().create_task(settler())

    def adopt(self, row: TableRow, state: State) -> LiveTable:
        """Serve a table just stored (a rematch)."""
        live = self._live(row, state)
        self.tables[row.id] = live
        self.changed(live, notify=False)
        return live

    def seat_for(self, live: LiveTable, token: str | None) -> int | None:
        """The seat a token acts for at this table (``None``: no token, a spectator): a
        seat's token, or a bot account's own token for the seat its account holds here;
        403 for a token of no seat here, saying in words when it was a seat's link whose
        seat someone else has taken since."""
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
        if token.startswith(BOT_PREFIX):
            # A bot's own token acts for the seats its account holds here (any seat token
            # it was given works too).
            bot = self.storage.account_by_token(h)
            if bot is not None:
                seat = next((s for s, a in sorted(live.accounts.items())
                             if a.key == bot.key), None)
                if seat is None:
                    raise ApiError(403, f"the bot {bot.name} holds no seat at table "
                                   f"{live.row.id}: join one first")
                return seat
        taken = self.storage.replaced(h)
        if taken is not None and taken[0] == live.row.id:
            label = get_spec(live.row.game).seat_label(taken[1])
            when = time.strftime("%H:%M UTC", time.gmtime(taken[2]))
            raise ApiError(403, f"Seat {label} was taken by another player at {when}, "
                           "before this link was used: the table is open, and anyone may "
                           "take a seat nobody has joined. This link no longer opens the "
                           "seat; you can still watch the table.",
                           seat_taken={"seat": taken[1], "at": int(taken[2] * 1000)})
        raise ApiError(403, f"this token is not a seat of table {live.row.id}")

    def join(self, live: LiveTable, seat: int, token: str | None,
             name: str | None = None, account: AccountRow | None = None) -> str | None:
        """Take a seat: with its token (a join link), or, at an open table, a person's
        seat nobody has joined yet (a fresh token is returned, the old link stops and
        says why). ``name``: the person's guest name; ``account``: the signed-in
        player's, which holds the seat from now on (its name is the seat's)."""
        if not 0 <= seat < live.row.players:
            raise ApiError(400, f"no seat {seat} at this table (0..{live.row.players - 1})")
        row = live.row.seats[seat]
        if row.kind != "human":
            raise ApiError(409, f"seat {seat} is played by the AI")
        self._check_account(live, seat, account)
        if seat in live.accounts:
            name = live.accounts[seat].name  # an account's seat shows the account's name
        elif account is not None:
            name = account.name
        if token:
            if self.seat_for(live, token) != seat:
                raise ApiError(403, f"this token is not seat {seat}'s")
            if account is not None and seat not in live.accounts:
                self._bind(live, seat, account)
            elif not row.joined or (name is not None and name != row.name):
                self.storage.join(live.row.id, seat, name=name)
                row.joined = True
                row.name = name if name is not None else row.name
                live.notify()
            return None
        if not live.row.open:
            raise ApiError(403, "this table is by invitation: use the seat's join link")
        if row.joined:
            raise ApiError(409, f"seat {seat} is taken")
        fresh = new_token()
        self.storage.join(live.row.id, seat, token_hash(fresh), name)
        row.token_hash = token_hash(fresh)
        row.joined = True
        row.name = name
        if account is not None:
            self._bind(live, seat, account)
        self.add_notice(live, "seat_taken", seat)
        live.notify()
        return fresh

    def _check_account(self, live: LiveTable, seat: int, account: AccountRow | None
                       ) -> None:
        """403 when ``account`` (``None``: a guest) may not sit at ``seat``: another
        account holds it, a rated table's seat wants an account, or the account holds
        another seat here already (one account, one result)."""
        held = live.accounts.get(seat)
        if held is not None:
            if (account is not None and account.key != held.key) or (
                    account is None and live.row.options.get("rated")):
                raise ApiError(403, f"seat {seat} is {held.name}'s account's: sign in as "
                               f"{held.name} to play it")
            return
        if account is None:
            if live.row.options.get("rated"):
                raise ApiError(403, "this table is rated: its seats are for accounts; sign "
                               "in (or register) to take a seat")
            return
        for other, a in live.accounts.items():
            if a.key == account.key and other != seat:
                raise ApiError(409, f"your account already holds seat {other} here")

    def _bind(self, live: LiveTable, seat: int, account: AccountRow) -> None:
        self.storage.bind_seat(live.row.id, seat, account.key, account.name)
        row = live.row.seats[seat]
        row.account, row.name, row.joined = account.key, account.name, True
        live.accounts[seat] = account
        live.notify()

    def reclaim(self, live: LiveTable, account: AccountRow) -> tuple[int, str]:
        """``account``'s seat at the table with a fresh token (its old link stops)."""
        seat = next((s for s, a in live.accounts.items() if a.key == account.key), None)
        if seat is None:
            raise ApiError(404, f"{account.name} holds no seat at table {live.row.id}")
        if live.state.is_over:
            raise ApiError(409, "the game is over: watch its replay")
        fresh = new_token()
        self.storage.join(live.row.id, seat, token_hash(fresh))
        live.row.seats[seat].token_hash = token_hash(fresh)
        return seat, fresh

    # --- acting ---------------------------------------------------------------------

    @contextlib.contextmanager
    def person(self) -> Iterator[None]:
        """Around a person's action, from its request's arrival to its answer: meanwhile
        the AI seats' next moves wait (at most :data:`PEOPLE_FIRST_S`) before they are
        committed, so that the person is answered first."""
        self.people += 1
        self._no_people.clear()
        try:
            yield
        finally:
            self.people -= 1
            if self.people == 0:
                self._no_people.set()

    async def _people_first(self) -> None:
        """Wait until no person's action is being served, or :data:`PEOPLE_FIRST_S`."""
        if self.people:
            await wait_event(self._no_people, PEOPLE_FIRST_S)

    async def act(self, live: LiveTable, seat: int, text: str, version: int) -> str:
        """Apply ``text`` for ``seat`` answering the position it saw (``version``); the
        action is stored before this returns its notation."""
        async with live.lock:
            if self.cluster is not None:
                self.catch_up(live)  # another server may have moved it on a moment ago
            if live.state.is_over:
                raise ApiError(409, "the game is over")
            if self.referee.pending(live):
                raise ApiError(409, "a real-time strike is open: its result is the server's "
                               "to decide; press with POST /api/tables/{id}/strike")
            if version != live.version(seat):
                raise ApiError(409, f"stale: the table has moved on (your version is "
                               f"{live.version(seat)}, not {version}); reload the table")
            if live.ai_plays(seat) and live.state.to_act == seat:
                raise ApiError(409, "the AI plays this turn for you ("
                               + ("your time ran out" if seat == live.ai_turn else
                                  "you were away; it hands the seat back once you are "
                                  "connected to the table again") + ")")
            new = live.state.clone()
            try:
                new.apply(text, seat=seat)
            except IllegalActionError as e:
                raise ApiError(409, str(e), reason=e.reason, rule=e.rule,
                               action=e.action_text) from None
            except (NotationError, TabletopError) as e:
                raise ApiError(400, str(e)) from None
            await self._store(live, new, seat)
            done = new.history[-1].to_text()
        self.changed(live)
        return done

    async def concede(self, live: LiveTable, seat: int, reason: str = "concede",
                      by: str = "person") -> str:
        """``seat`` concedes (contract 3: ``State.concede``), recorded like any action."""
        async with live.lock:
            if self.cluster is not None:
                self.catch_up(live)
            if live.state.is_over:
                raise ApiError(409, "the game is over")
            if not engine.can_concede(live.state, seat):
                raise ApiError(409, f"{live.state.label(seat)} cannot concede: it is no "
                               "longer in the game")
            new = live.state.clone()
            try:
                engine.concede(new, seat, reason)
            except TabletopError as e:
                raise ApiError(409, str(e)) from None
            await self._store(live, new, seat, by)
            done = new.history[-1].to_text()
        self.changed(live)
        return done

    async def _store(self, live: LiveTable, new: State, seat: int, by: str = "person"
                     ) -> None:
        """Commit ``new`` (the caller holds the lock); 409 if the store refuses."""
        try:
            await live.commit(new, seat, self.storage, by)
        except StoreUnreachable:
            raise  # 503 (ops.py): nothing applied; the same request may be tried again
        except StorageError as e:
            log.error("%s", e)
            if self.cluster is not None:
                self.catch_up(live, force=True)  # another's action came first: show it
            raise ApiError(409, "the action could not be stored; try again") from None

    def changed(self, live: LiveTable, notify: bool = True) -> None:
        """After a change to a table: wake its connections, start its AI seats, set its
        clock's deadline and its presence timers again."""
        self.clocks.sync(live)
        self.referee.forget(live)  # another server's strike window, once moved on from
        if notify:
            live.notify()
        self.start_ai(live)
        self.clocks.schedule(live)
        self.presence.schedule(live)

    def add_notice(self, live: LiveTable, kind: str, seat: int | None,
                   secret: dict[str, Any] | None = None, **public: Any) -> NoticeRow:
        """Store a notice of the table (kind, seat, public fields; ``secret`` is shown
        only in the finished game's history) and add it to the table."""
        row = NoticeRow(len(live.notices), kind, seat, public, secret or {}, self.now())
        self.storage.add_notice(live.row.id, row)
        live.notices.append(row)
        return row

    # --- AI seats -------------------------------------------------------------------

    def _difficulty(self, live: LiveTable, seat: int) -> str:
        s = live.row.seats[seat]
        if s.kind == "ai" and s.difficulty:
            return s.difficulty
        return HOLD_DIFFICULTY

    async def _refereed(self, live: LiveTable, seat: int, text: str) -> None:
        """Store a strike's result, decided by the referee, as the striker's action."""
        async with live.lock:
            new = live.state.clone()
            new.apply(text, seat=seat)
            try:
                await live.commit(new, seat, self.storage, "referee")
            except StorageError as e:  # the table stays at the strike: a new window opens
                log.error("%s", e)
        live.strike = None
        self.changed(live)

    def _ai_seat(self, live: LiveTable) -> int | None:
        if self.referee.pending(live):  # nobody decides a live strike but the referee
            if self.keeps(live):  # (several servers: the table's keeper's referee)
                self.referee.open_if_due(live)
            elif self.cluster is not None and not self.referee.knows(live):
                self.cluster.look_at_strike(live.row.id)  # the keeper's, from the store
            return None
        s = live.state.to_act
        return s if s is not None and live.ai_plays(s) else None

    def start_ai(self, live: LiveTable) -> None:
        """Start the table's AI loop if the AI is to act for a seat and no loop runs."""
        if live.broken or self._ai_seat(live) is None:
            return
        if live.ai_task is not None and not live.ai_task.done():
            return
        if not self.keeps(live):
            return  # another server keeps this table
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop yet (created outside the server): resume() starts it
        live.ai_task = loop.create_task(self._ai_loop(live))

    def _agent(self, live: LiveTable, seat: int) -> str:
        s = live.row.seats[seat]
        if s.kind == "ai":
            return s.agent or "random"
        return difficulty_agent(HOLD_DIFFICULTY, live.row.game)

    async def _ai_loop(self, live: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        while (seat := self._ai_seat(live)) is not None:
            if not self.keeps(live):
                break  # (several servers: its lease was lost; the new keeper plays on)
            if live.thinking != seat:
                live.thinking = seat
                live.notify()
            st, row = live.state, live.row
            job = DecisionJob(row.id, row.game, row.rules_version,
                              {"players": row.players, **row.params}, row.seed,
                              tuple(a.to_text() for a in st.history),
                              self._agent(live, seat), agent_seed(row.seed, len(st.history)),
                              tuple(str(p) for p in deckfiles.of_row(row.options)))
            try:
                began = time.perf_counter()
                text, n = await loop.run_in_executor(self.pool, decide_job, job)
                self.thought(row.game, time.perf_counter() - began)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # a bug in an agent: stop this table's AI, say so
                log.exception("table %s: the AI of seat %s failed", row.id, seat)
                live.broken = f"the AI failed ({type(e).__name__}); the table is paused"
                live.thinking = None
                live.notify()
                return
            async with live.lock:
                if (len(live.state.history) != n or live.state.to_act != seat
                        or not live.ai_plays(seat)):
                    continue  # the table moved on meanwhile (or the person is back)
                try:
                    async with self._ai_writes:
                        await self._people_first()  # a person's action is answered first
                        new = live.state.clone()
                        new.apply(text, seat=seat)
                        await live.commit(new, seat, self.storage, "ai")
                except StorageError as e:
                    log.error("%s", e)
                    if self.cluster is not None and not isinstance(e, StoreUnreachable):
                        self.catch_up(live, force=True)  # it moved on meanwhile
                        if not self.keeps(live):
                            break
                    await asyncio.sleep(0.5)
                    continue
            live.notify()
            self.clocks.schedule(live)
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

    def history(self, live: LiveTable) -> dict[str, Any]:
        """The table's history besides its game: every notice (undo, takeback, time given,
        the AI holding a seat...). Finished: also who chose each action and what each undo
        took back; mid-game only the notices' public parts (an action's notation, even
        how many were taken back, can be secret)."""
        from .messages import notice

        if not live.state.is_over:
            return {"finished": False, "notices": [notice(live, n) for n in live.notices]}
        actions = [{"n": a.n, "seat": a.seat, "action": a.action, "by": a.by}
                   for a in self.storage.actions(live.row.id)]
        return {"finished": True, "actions": actions,
                "notices": [{**notice(live, n), **n.secret} for n in live.notices]}

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
        files = deckfiles.of_row(live.row.options)
        state = (initial_state(record, files) if step == 0
                 else replay(record, upto=step, files=files))
        return {"step": step, "steps": total, "seat": seat,
                "action": record.actions[step - 1] if step else None,
                "actor": None if step == 0 else live.actors[step - 1],
                "view": state.view(seat),
                "events": [e.to_json() for e in state.events_for(seat)]}

    def shutdown(self) -> None:
        """Stop every task of every table (the server stops)."""
        if self.sweeper is not None:
            self.sweeper.cancel()
        if self.settler is not None:
            self.settler.cancel()
        self.matchmaker.stop()
        self.lab.cancel()
        self.referee.cancel()
        self.clocks.cancel()
        self.presence.cancel()
        for live in self.tables.values():
            if live.ai_task is not None:
                live.ai_task.cancel()
