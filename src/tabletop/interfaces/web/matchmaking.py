"""Finding a game (issue 29; docs/web.md, "Finding a game"): a queue held in the store,
paired by rating, with an AI to fill the seats after a time the entrant chose.

- An entry waits for a table of one game for one player count, rated (accounts only) or
  not (guests too). Its rating is the account's in that game and bracket (ratings.py),
  or :data:`DEFAULT_RATING` for a guest or an account without one.
- Its window is ``rating ± (BASE_WINDOW + WIDEN_PER_S * seconds waited)``, at most
  ``± MAX_WINDOW``. Two entries may share a table when their windows overlap; a table for
  more than two wants every two of its entrants' windows to overlap. Fresh entries pair
  within 100 points, as lichess pairs within 100 around 1500; lichess widens by 12 points
  a missed wave (about 1 a second); its pools are large, ours small, so ours widen ten
  times as fast: two entries that waited 10 s pair within 200 points, 45 s and more
  anyone within 1,000.
- The pairing pass (every :data:`PASS_S`, and at once after each join) takes the pools
  (game, players, rated) one by one, the longest waiting entry first, and seats it with
  the entries nearest its rating (then the longest waiting) whose windows overlap. An
  entry that accepted an open seek goes with that seek, whatever their windows.
- An entry whose chosen time (``ai_after``) has passed without a full table gets one with
  the AI at its difficulty in the seats left (with the other entries near it whose own
  time passed too); ``ai_after=None`` waits for people for ever.
- A paired entry's secret (given when it joined) becomes its seat's token: the store
  never held it, only its hash; the entrant polls its entry and opens the table with it.
  A waiting entry whose entrant has not asked after it for :data:`UNSEEN_S` (its page
  was closed) leaves the queue.

With several servers (cluster.py) the pass runs in one worker at a time: the holder of
the lease :data:`LEASE`, which another worker takes once it expires (its holder died).
Whoever runs it, an entry is matched once (``Storage.match_queue``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

from openskill.models import PlackettLuce

from .lobby import bracket_for
from .ratings import RATING_SCALE
from .storage import AccountRow, QueueRow, StorageError, token_hash

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("tabletop.web")

BASE_WINDOW = 50.0  # a fresh entry's window: its rating ± 50 (two fresh ones: 100 apart)
WIDEN_PER_S = 5.0  # ... widened by 5 points each side for each second it waited
MAX_WINDOW = 500.0  # ... to ± 500 at most (after 90 s)
PASS_S = 1.0  # the pairing pass runs this often
AI_AFTER_S = (0, 600)  # the AI may fill after 0 to 600 seconds (or never)
FORGET_S = 3600.0  # a matched entry is kept this long for its entrant to read
UNSEEN_S = 30.0  # a waiting entry nobody asked after this long leaves (its page closed)
SEEN_EVERY_S = 5.0  # an entrant's asking is stored at most this often
LEASE = "matchmaking"  # the pairing pass's lease (several servers)
DEFAULT_RATING = RATING_SCALE * PlackettLuce().mu  # a guest's rating, and a new one's: 1500


def window(entry: QueueRow, now: float) -> float:
    """How far either side of its rating an entry's window reaches after waiting."""
    waited = max(0.0, now - entry.joined)
    return min(MAX_WINDOW, BASE_WINDOW + WIDEN_PER_S * waited)


def overlap(a: QueueRow, b: QueueRow, now: float) -> bool:
    """Whether the two entries' windows overlap."""
    return abs(a.rating - b.rating) <= window(a, now) + window(b, now)


def ai_due(entry: QueueRow, now: float) -> bool:
    """Whether the AI is to fill the entry's table now (its chosen time has passed)."""
    return entry.ai_after is not None and now - entry.joined >= entry.ai_after


@dataclass(frozen=True)
class Group:
    """The entrants of one new table (its first seats' people, in this order) and how
    many seats the AI fills (at the first entrant's difficulty)."""

    entries: tuple[QueueRow, ...]
    ai_seats: int = 0


def _gather(lead: QueueRow, seekers: list[QueueRow], others: list[QueueRow], n: int,
            now: float) -> list[QueueRow]:
    """``lead``, the entries that accepted it (``seekers``), then the nearest ``others``
    in rating whose windows overlap those of every entrant but the seekers: n at most."""
    group = [lead, *seekers[:n - 1]]
    near = sorted(others, key=lambda e: (abs(e.rating - lead.rating), e.joined, e.id))
    for e in near:
        if len(group) >= n:
            break
        if all(overlap(e, g, now) for g in group if g not in seekers):
            group.append(e)
    return group


def pairings(waiting: list[QueueRow], now: float) -> list[Group]:
    """The tables to make of the waiting entries (the longest waiting first in each
    pool): full ones of people, and those the AI fills for an entry whose time passed."""
    pools: dict[tuple[str, int, bool], list[QueueRow]] = {}
    for e in sorted(waiting, key=lambda e: (e.joined, e.id)):
        pools.setdefault((e.game, e.players, e.rated), []).append(e)
    groups: list[Group] = []
    for (_, n, _), entries in pools.items():
        ids = {e.id for e in entries}
        used: set[str] = set()
        for lead in entries:
            if lead.id in used or (lead.target in ids and lead.target not in used):
                continue  # seated already, or goes with the seek it accepted
            free = [e for e in entries if e.id not in used and e is not lead]
            seekers = [e for e in free if e.target == lead.id]
            others = [e for e in free if e.target is None or e.target not in ids]
            group = _gather(lead, seekers, others, n, now)
            if len(group) < n and ai_due(lead, now):
                group = _gather(lead, seekers, [e for e in others if ai_due(e, now)], n, now)
                groups.append(Group(tuple(group), n - len(group)))
            elif len(group) == n:
                groups.append(Group(tuple(group)))
            else:
                continue
            used.update(e.id for e in group)
    return groups


def rating_of(hub: Hub, account: AccountRow | None, game: str, players: int) -> float:
    """The rating an entrant waits with: the account's in the game's bracket for that
    many players, else :data:`DEFAULT_RATING`."""
    if account is None:
        return DEFAULT_RATING
    found = hub.storage.ratings(account=account.key, game=game,
                                bracket=bracket_for(game, players))
    return RATING_SCALE * found[0].mu if found else DEFAULT_RATING


class Matchmaker:
    """The pairing pass of one server: it runs while this server leads the matchmaking
    (alone, always; with others, while it holds :data:`LEASE`)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.task: asyncio.Task[None] | None = None
        self._last_forget = 0.0

    def start(self) -> None:
        """Run the pass every :data:`PASS_S` on the running loop."""
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        """Stop the pass (the server stops)."""
        if self.task is not None:
            self.task.cancel()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(PASS_S)
            try:
                self.tick()
            except StorageError:
                pass  # (said in the log; tried again at the next pass)
            except Exception:  # a bug must not stop the queue for good: say it, go on
                log.exception("matchmaking: the pairing pass failed")

    def leads(self) -> bool:
        """Whether this server runs the pairing pass now."""
        cluster = self.hub.cluster
        return cluster is None or cluster.keeps_named(LEASE)

    def tick(self) -> list[str]:
        """One pairing pass if this server leads; returns the tables it made."""
        if not self.leads():
            return []
        return self.pass_once(self.hub.now())

    def pass_once(self, now: float) -> list[str]:
        """Pair the waiting entries as :func:`pairings` says; returns the tables made."""
        try:
            waiting = self.hub.storage.waiting()
            if any((e.seen or e.joined) < now - UNSEEN_S for e in waiting):
                # (written only when there is one: an idle queue costs one read a pass)
                gone = self.hub.storage.drop_unseen(now - UNSEEN_S)
                log.info("matchmaking: %d entries nobody asked after left the queue",
                         len(gone))
                waiting = self.hub.storage.waiting()
            if now - self._last_forget > FORGET_S / 10:
                self._last_forget = now
                self.hub.storage.forget_queue(now - FORGET_S)
        except StorageError as e:
            log.warning("matchmaking: cannot read the queue (%s)", e)
            raise
        made = []
        for group in pairings(waiting, now):
            table_id = self.seat(group)
            if table_id is not None:
                made.append(table_id)
        return made

    def seat(self, group: Group) -> str | None:
        """Make the group's table (its people's seats in a random order, the AI in the
        rest) and mark its entries matched, in one transaction; ``None`` if another pass
        matched one of them first (or one left)."""
        first = group.entries[0]
        n = first.players
        order = list(range(n))
        secrets.SystemRandom().shuffle(order)
        people = dict(zip(order, group.entries, strict=False))
        accounts = {e.id: self.hub.storage.account(e.account) if e.account else None
                    for e in group.entries}
        given = {s: (e.token_hash, e.name, accounts[e.id]) for s, e in people.items()}
        wanted = [{"kind": "human"} if s in people else
                  {"kind": "ai", "difficulty": first.difficulty} for s in range(n)]
        options = {"clock": None, "grace_s": 60, "on_leave": "ai", "rated": first.rated,
                   "queue": True}
        holder = next((a for a in accounts.values() if a is not None), None)
        try:
            row, state, _, _ = self.hub.build(first.game, n, {}, wanted, False, options,
                                              None, None, holder, None, given)
            self.hub.make_room()
        except Exception as e:  # noqa: BLE001 - a pool that cannot be seated: say so
            log.error("matchmaking: cannot make a table of %s for %d (%s)", first.game, n, e)
            return None
        if not self.hub.storage.match_queue(row, {e.id: s for s, e in people.items()}):
            return None
        self.hub.adopt(row, state)
        log.info("matchmaking: table %s of %s for %s (%d AI seats)", row.id, first.game,
                 ", ".join(e.name or "a guest" for e in group.entries), group.ai_seats)
        return row.id


def new_entry(game: str, players: int, rated: bool, account: AccountRow | None,
              name: str | None, rating: float, ai_after: float | None, difficulty: str,
              joined: float, target: str | None = None) -> tuple[QueueRow, str]:
    """A waiting entry and its secret (the seat token it becomes)."""
    secret = secrets.token_urlsafe(18)
    row = QueueRow(secrets.token_hex(6), token_hash(secret), game, players, rated,
                   None if account is None else account.key,
                   account.name if account is not None else name, rating, ai_after,
                   difficulty, joined, target)
    return row, secret
