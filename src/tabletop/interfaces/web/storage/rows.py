"""What the web server stores, as rows: a table (a game being played) and its seats, each
applied action with the hash of the position after it, and what happened at a table
besides its actions (chat lines, notices such as an undo). :class:`Storage` is the
protocol every store implements (:mod:`.sqlite`, :mod:`.postgres`).

Seat tokens are never stored: only their SHA-256 (:func:`token_hash`), so the database
alone does not let anyone act for a seat.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


def token_hash(token: str) -> str:
    """What is stored of a seat token (its SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass(slots=True)
class SeatRow:
    """One seat of a table: a person (``kind="human"``) or an AI playing ``agent``.
    ``name`` is a person's guest name; ``mute_all`` and ``muted`` are the chat this seat
    chose not to read (the whole chat, or some seats)."""

    seat: int
    kind: str
    difficulty: str | None = None
    agent: str | None = None
    token_hash: str | None = None
    joined: bool = False
    name: str | None = None
    mute_all: bool = False
    muted: tuple[int, ...] = ()
    account: str | None = None  # the key of the account that holds the seat (accounts.py)


@dataclass(slots=True)
class TableRow:
    """One table: the game, its parameters, its secret seed and where it stands.
    ``options`` are the table's own settings (clock, grace period, the creator's seat);
    ``clock`` the clocks' stored state; ``rematch`` the table that followed this one;
    ``revision`` counts the writes to it."""

    id: str
    game: str
    rules_version: str
    players: int
    params: dict[str, Any]
    seed: int
    open: bool = False
    created: float = field(default_factory=time.time)
    status: str = "running"  # running | over
    actions: int = 0
    record: dict[str, Any] | None = None
    seats: list[SeatRow] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    clock: dict[str, Any] | None = None
    rematch: str | None = None
    rematch_of: str | None = None
    revision: int = 0  # raised by every write to the table (several servers: cluster.py)


@dataclass(slots=True, frozen=True)
class ActionRow:
    """One applied action: its number (from 0), the seat, its notation, the hash of the
    position after it, and who chose it: ``person`` (the seat's player), ``ai`` (the AI,
    for an AI seat or holding a person's), ``referee`` (a real-time strike's result) or
    ``server`` (a concession the table's rules made: time, abandon)."""

    n: int
    seat: int
    action: str
    hash: str
    by: str = "person"


@dataclass(slots=True, frozen=True)
class ChatRow:
    """One line of a table's chat: plain text, never markup."""

    n: int
    seat: int
    kind: str  # text | emote | phrase
    key: str | None  # an emote's or phrase's name
    text: str
    at: float


@dataclass(slots=True, frozen=True)
class NoticeRow:
    """Something that happened at a table besides an action (an undo, time given, the AI
    holding a seat...). ``public`` is what every seat may be told; ``secret`` what only
    the finished game's log shows (the notation of actions taken back)."""

    n: int
    kind: str
    seat: int | None
    public: dict[str, Any]
    secret: dict[str, Any]
    at: float


@dataclass(slots=True, frozen=True)
class DeckRow:
    """A deck an account saved in the deck builder: its game, its name (one deck of a
    name per game), the deck as JSON text, and the designer's card files it was built
    with (``cards``: each file's name as shown and the SHA-256 of its text; the texts
    are the account's, :meth:`Storage.deck_files`)."""

    account: str
    game: str
    name: str
    deck: str
    updated: float
    cards: tuple[tuple[str, str], ...] = ()


@dataclass(slots=True, frozen=True)
class AccountRow:
    """An account: ``key`` is its name in lower case (names are unique whatever their
    case), ``name`` as its owner wrote it; ``kind`` is ``person``, ``bot`` (an agent's,
    made by ``owner``, which signs in with a token) or ``ai`` (one of the server's AI
    difficulties). Only a person has a ``password_hash`` (Argon2)."""

    key: str
    name: str
    kind: str
    password_hash: str | None = None
    owner: str | None = None
    created: float = field(default_factory=time.time)


@dataclass(slots=True, frozen=True)
class RatingRow:
    """An account's rating in one game and bracket (``1v1``, ``ffa``, ``teams``):
    OpenSkill's ``mu`` and ``sigma`` after ``games`` rated games; ``name`` and ``kind``
    are the account's."""

    account: str
    game: str
    bracket: str
    mu: float
    sigma: float
    games: int
    name: str = ""
    kind: str = "person"


@dataclass(slots=True, frozen=True)
class ResultRow:
    """How a finished game went for the account at one seat: its ``place`` (1 is first;
    equal places tie), whether it won, whether it abandoned the game, and, for a rated
    game, its rating before and after."""

    table_id: str
    seat: int
    account: str
    game: str
    bracket: str
    rated: bool
    place: int
    won: bool
    abandoned: bool
    mu_before: float | None = None
    sigma_before: float | None = None
    mu_after: float | None = None
    sigma_after: float | None = None
    at: float = field(default_factory=time.time)


@dataclass(slots=True, frozen=True)
class QueueRow:
    """One entry of the matchmaking queue (matchmaking.py): who waits (``account``, or a
    guest: ``None``, with a ``name``) for a table of ``game`` for ``players``, rated or
    not, at ``rating`` (the shown number), since ``joined``; ``ai_after``: seconds after
    which the AI at ``difficulty`` fills the other seats (``None``: never); ``target``:
    the open seek this entry accepted. Of its secret only the hash is stored: it becomes
    the seat's token once the entry is ``matched`` (``table_id``, ``seat``). ``seen``:
    when its entrant last asked after it (a waiting entry nobody asks after leaves)."""

    id: str
    token_hash: str
    game: str
    players: int
    rated: bool
    account: str | None
    name: str | None
    rating: float
    ai_after: float | None
    difficulty: str
    joined: float
    target: str | None = None
    status: str = "waiting"  # waiting | matched
    table_id: str | None = None
    seat: int | None = None
    seen: float | None = None  # None: when it joined


# How a rated game's ratings change: given each account's (mu, sigma) before (``None``:
# no rating yet), the (mu, sigma) after.
Rater = Callable[[dict[str, "tuple[float, float] | None"]], dict[str, tuple[float, float]]]


class StorageError(RuntimeError):
    """The store refused a write (a lost race, a broken file, a database out of reach): the
    action is not applied."""


class StoreUnreachable(StorageError):
    """The store could not be reached (its database is down or restarting, or a SQLite
    file stayed locked by another connection past the wait): nothing of the call was
    written, and the same call may succeed in a moment."""


class Storage(Protocol):
    """What the server needs of a store. Every write is durable when the call returns, and
    a write that depends on where a table stands (an action's number, a chat line's) is
    checked in the same transaction as it is made, so that of two servers racing on one
    table exactly one succeeds and the other gets :class:`StorageError`."""

    def create(self, table: TableRow) -> None:
        """Store a new table and its seats."""

    def append(self, table_id: str, row: ActionRow, record: dict[str, Any] | None = None,
               clock: dict[str, Any] | None = None) -> None:
        """Store action ``row.n`` (it must be the next one) and the clocks after it; with
        ``record`` the game is over and its record is stored in the same transaction."""

    def rewind(self, table_id: str, to: int, notice: NoticeRow,
               clock: dict[str, Any] | None = None) -> None:
        """Take back every action from number ``to`` on, in one transaction with the
        notice that says so (which holds what was taken back)."""

    def join(self, table_id: str, seat: int, token_hash: str | None = None,
             name: str | None = None) -> None:
        """Mark a seat as joined (``token_hash``: a fresh token replacing the old one,
        which is remembered as replaced; ``name``: the person's guest name)."""

    def rename(self, table_id: str, seat: int, name: str | None) -> None:
        """Set a seat's guest name."""

    def set_muted(self, table_id: str, seat: int, mute_all: bool,
                  muted: tuple[int, ...]) -> None:
        """Store what a seat chose not to read of the chat."""

    def set_clock(self, table_id: str, clock: dict[str, Any] | None) -> None:
        """Store the clocks' state."""

    def set_rematch(self, table_id: str, rematch: str) -> None:
        """Store the table that follows ``table_id``."""

    def add_chat(self, table_id: str, row: ChatRow) -> None:
        """Store a chat line (``row.n`` must be the next one)."""

    def chat(self, table_id: str) -> list[ChatRow]:
        """A table's chat, in order."""

    def add_notice(self, table_id: str, row: NoticeRow) -> None:
        """Store a notice (``row.n`` must be the next one)."""

    def notices(self, table_id: str) -> list[NoticeRow]:
        """A table's notices, in order."""

    def replaced(self, token_hash: str) -> tuple[str, int, float] | None:
        """Where a token that was replaced belonged: (table, seat, when), or ``None``."""

    def table(self, table_id: str) -> TableRow | None:
        """A table with its seats, or ``None``."""

    def actions(self, table_id: str) -> list[ActionRow]:
        """Every action of a table, in order."""

    def tables(self, status: str | None = None, limit: int = 100) -> list[TableRow]:
        """The latest tables (newest first), optionally only those with ``status``."""

    def count_tables(self, status: str) -> int:
        """How many tables the store holds with ``status`` (``running``, ``over``)."""

    def running_clocks(self) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
        """Each unfinished table with a stored clock: (its id, its clock, its options);
        what the periodic check of stored deadlines reads (timers.py)."""

    def seats_of(self, token_hashes: Sequence[str], account: str | None,
                 limit: int = 50) -> list[tuple[str, int]]:
        """The people's seats of unfinished tables (table, seat) whose token has one of
        ``token_hashes`` or that ``account`` holds, newest tables first, at most
        ``limit``."""

    def revisions(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The revision of each of ``table_ids`` that exists (every write to a table
        raises it by one)."""

    def statuses(self, table_ids: Sequence[str]) -> dict[str, str]:
        """The status (``running``, ``over``) of each of ``table_ids`` that exists, read
        at once (the guest cap asks it of every table an address made lately)."""

    def take_lease(self, name: str, owner: str, seconds: float) -> bool:
        """Hold lease ``name`` for ``owner`` for ``seconds`` from now: ``True`` if it was
        free, expired or already ``owner``'s (then it is renewed), ``False`` if another
        owner holds it."""

    def renew_leases(self, owner: str, seconds: float) -> set[str]:
        """Renew every unexpired lease of ``owner`` for ``seconds``, drop its expired
        ones (another may take them), and return the names it still holds."""

    def release_leases(self, owner: str, names: Sequence[str] | None = None) -> None:
        """Give up ``owner``'s leases ``names`` (``None``: all of them)."""

    def expired_leases(self) -> list[str]:
        """The names of the leases whose time has run out (their owner is gone)."""

    # --- a live strike's window (several servers: strike.py, cluster.py) ---------------

    def show_strike(self, table_id: str, window: int, position: int,
                    message: dict[str, Any]) -> None:
        """Make ``message`` (what every seat is told of the window ``window``, open at
        ``position`` actions) the table's strike window; the presses of any other window
        of the table go."""

    def close_strike(self, table_id: str, window: int) -> None:
        """The window ``window`` closed: it and its presses go (another window, opened
        since, stays)."""

    def strike(self, table_id: str) -> tuple[int, dict[str, Any]] | None:
        """The table's open strike window: its position and message, or ``None``."""

    def press_strike(self, table_id: str, window: int, seat: int, after_go: float) -> bool:
        """Store ``seat``'s press in the window ``window``, made ``after_go`` seconds
        after its go (negative: before it); ``False`` if the seat had pressed already
        (its first press counts)."""

    def strike_presses(self, table_id: str, window: int) -> dict[int, float]:
        """The presses stored for the window ``window``: seat -> seconds after go."""

    # --- who is connected through each server (several servers: cluster.py) -----------

    def say_here(self, worker: str, said: Mapping[str, str | None], keep_s: float,
                 whole: bool = False) -> bool:
        """What ``worker`` says now of tables with a connection to it (table id -> its
        word; ``None``: its word on that table goes), and that its words on the others
        still stand (its beat: each word is as fresh as it); with ``whole``, ``said`` is
        all it says (its word on any other table goes).
        Every word of a server whose beat is older than ``keep_s`` seconds (a server
        gone) goes. ``False``, and nothing of ``said`` written, when ``worker``'s own
        beat was that old or missing (its earlier words are gone): say it all again,
        ``whole``."""

    def heard_here(self, worker: str, table_ids: Sequence[str], within_s: float
                   ) -> list[tuple[str, float]]:
        """What the other servers whose beat is at most ``within_s`` seconds old said of
        these tables: each word, with its age in seconds (its server's last beat)."""

    # --- accounts (accounts.py, ratings.py) ---------------------------------------------

    def add_account(self, row: AccountRow, token_hash: str | None = None) -> bool:
        """Store a new account (``token_hash``: a bot's token, hashed); ``False`` if its
        name is taken (whatever the case)."""

    def account(self, key: str) -> AccountRow | None:
        """The account of that key (a name in lower case), or ``None``."""

    def account_by_token(self, token_hash: str) -> AccountRow | None:
        """The bot whose token hashes to ``token_hash``, or ``None``."""

    def add_session(self, token_hash: str, account: str, csrf: str, expires: float) -> None:
        """Store a signed-in session (its cookie's hash) and its CSRF token."""

    def session(self, token_hash: str, now: float) -> tuple[AccountRow, str] | None:
        """The account and CSRF token of an unexpired session, or ``None``."""

    def drop_session(self, token_hash: str) -> None:
        """Forget a session (signing out)."""

    def bind_seat(self, table_id: str, seat: int, account: str, name: str) -> None:
        """The seat is the account's from now on (``name``: the account's, shown)."""

    def settle(self, table_id: str, results: list[ResultRow], rate: Rater | None) -> bool:
        """Store a finished game's results, and with ``rate`` (a rated game) every
        account's rating after it, in one transaction; ``False`` (nothing written) if the
        table's results are already stored: a game is settled once."""

    def unsettled(self, limit: int = 50) -> list[str]:
        """Finished tables with a seat an account holds whose results are not stored
        (their settling failed: the store was out of reach at the game's end), oldest
        first."""

    def ratings(self, account: str | None = None, game: str | None = None,
                bracket: str | None = None, limit: int = 100) -> list[RatingRow]:
        """Ratings: of one account, or a game's (and bracket's) best first (by
        ``mu - 3 sigma``)."""

    def results(self, account: str, limit: int = 20) -> list[ResultRow]:
        """An account's latest results, newest first."""

    def played(self, account: str) -> list[tuple[str, int, int, int]]:
        """Per game: (game, finished games, games won, games abandoned)."""

    def save_deck(self, row: DeckRow, most: int, files: Mapping[str, str] | None = None,
                  most_chars: int = 0) -> bool:
        """Store an account's deck, replacing its deck of that game and name, with the
        texts of its card files (``files``: SHA-256 -> text, those ``row.cards`` names);
        ``False`` (nothing stored) if it is a new one and the account has ``most``
        already, or if the account's card files would pass ``most_chars`` characters
        (0: no limit). Files no deck names any more are forgotten."""

    def decks(self, account: str) -> list[DeckRow]:
        """An account's saved decks, by game and name."""

    def deck_files(self, account: str) -> dict[str, str]:
        """The texts of the card files an account's decks name, by SHA-256."""

    def drop_deck(self, account: str, game: str, name: str) -> bool:
        """Forget an account's deck; ``False`` if it had none of that game and name."""

    # --- the matchmaking queue (matchmaking.py) -----------------------------------------

    def enqueue(self, row: QueueRow) -> bool:
        """Store a waiting entry; ``False`` (nothing stored) if its account waits already."""

    def queue_entry(self, entry_id: str) -> QueueRow | None:
        """One entry of the queue, or ``None``."""

    def queue_entry_by_token(self, token_hash: str) -> QueueRow | None:
        """The entry whose secret hashes to ``token_hash``, or ``None``."""

    def waiting(self) -> list[QueueRow]:
        """Every waiting entry, the longest waiting first."""

    def leave_queue(self, entry_id: str) -> bool:
        """Take a waiting entry out of the queue (the entries that accepted it as a seek
        wait on by themselves); ``False`` if it is not waiting (matched, or gone)."""

    def match_queue(self, table: TableRow, seats: dict[str, int]) -> bool:
        """In one transaction: mark each entry of ``seats`` (entry id -> seat) matched
        with ``table`` and store the table; ``False`` (nothing written) if any of them is
        no longer waiting: an entry is matched once, whichever server pairs it."""

    def forget_queue(self, before: float) -> int:
        """Delete the matched entries that joined before ``before``; returns how many."""

    def seen_entry(self, entry_id: str, at: float) -> None:
        """Its entrant asked after the entry at ``at``."""

    def drop_unseen(self, before: float) -> list[str]:
        """Take out of the queue the waiting entries nobody asked after since ``before``
        (as :meth:`leave_queue` does); returns their ids."""

    def ping(self) -> None:
        """One trivial query (``/readyz``); raises :class:`StorageError` if the store does
        not answer."""

    def close(self) -> None:
        """Release the store."""
