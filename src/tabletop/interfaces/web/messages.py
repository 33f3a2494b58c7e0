"""Every message a seat receives, built here and nowhere else (contract 4, docs/web.md
"The seat's message").

A seat's message holds only what that seat may know: the core's ``view(seat)``, the seat's
copies of the events, its legal actions with their words, and the table's own things
(presence, clocks, chat, offers, notices, a rematch's link), each put through the same
filter here: spectators read no chat and see no offers; a seat reads the chat it has not
muted; a rematch's link goes only to the seat it belongs to, built from the token that
seat itself presented.

Three kinds: ``state`` (everything, for a new connection or after an undo), ``update``
(what changed since the connection's last message, or nothing at all) and ``reply`` (the
answer to a request: the state without the events, chat and notices, which come over the
connection).
"""

from __future__ import annotations

from typing import Any, Literal

from tabletop.core import get_spec

from . import usercards
from .accounts import AI_NAMES
from .engine import labels as words_of
from .presence import GRACE_S
from .storage import ChatRow, NoticeRow
from .tables import Cursor, LiveTable
from .talk import EMOTES

Kind = Literal["state", "update", "reply"]


def table_line(live: LiveTable) -> dict[str, Any]:
    """What anyone may know of the table (the lobby's line, and ``table`` in every
    message): its game, seats (who plays each, whether its player is here, whether the
    AI holds it), whose turn, who is thinking, the outcome."""
    spec = get_spec(live.row.game)
    row = live.row
    out: dict[str, Any] = {
        "id": row.id, "game": row.game, "name": spec.name,
        "players": row.players, "params": public_params(live),
        "labels": list(spec.seat_labels(row.players)),
        "seats": [{"seat": s.seat, "label": spec.seat_label(s.seat), "kind": s.kind,
                   "difficulty": s.difficulty, "joined": s.joined, "name": s.name,
                   "connected": live.connected(s.seat),
                   "ai_holding": s.kind == "human" and (s.seat in live.held
                                                        or s.seat == live.ai_turn),
                   "grace_left_ms": grace_left_ms(live, s.seat),
                   **_account_of(live, s.seat)}
                  for s in row.seats],
        "open": row.open, "status": "over" if live.state.is_over else "running",
        "to_act": live.state.to_act, "thinking": live.thinking,
        "created": row.created, "options": public_options(live),
    }
    if live.broken:
        out["broken"] = live.broken
    outcome = live.state.outcome()
    if outcome is not None:
        out["outcome"] = outcome.to_json()
        out["actions"] = len(live.state.history)
    return out


def grace_left_ms(live: LiveTable, seat: int) -> int | None:
    """How long a gone person's seat still waits before the AI holds it (or it concedes),
    in ms as of now: public like the seat's presence. ``None``: not gone, an AI seat, no
    grace period (the table waits for ever) or the game is over."""
    gone = live.gone_since[seat]
    grace = live.row.options.get("grace_s", GRACE_S)
    if gone is None or grace is None or live.state.is_over or live.row.seats[seat].kind != "human":
        return None
    return max(0, int((gone + grace - live.now()) * 1000))


def public_params(live: LiveTable) -> dict[str, Any]:
    """The table's parameters anyone may know: a private one (hoshi-battle's constructed
    decks: a seat's hand) only once the game is over."""
    if live.state.is_over:
        return dict(live.row.params)
    spec = get_spec(live.row.game).params
    return {k: v for k, v in live.row.params.items()
            if not (k in spec and spec[k].private)}


def _account_of(live: LiveTable, seat: int) -> dict[str, Any]:
    """Who holds a seat, when an account does: its name, and whether it is a bot."""
    account = live.accounts.get(seat)
    row = live.row.seats[seat]
    if account is None and row.kind == "ai" and live.row.options.get("rated"):
        # A rated table's AI plays as its difficulty's account (ratings.py).
        return {"account": AI_NAMES.get(row.difficulty or "normal"), "bot": True}
    if account is None:
        return {"account": None, "bot": False}
    return {"account": account.name, "bot": account.kind in ("bot", "ai")}


def public_options(live: LiveTable) -> dict[str, Any]:
    """The table's settings (clock, grace period): chosen in the open, known to all."""
    o = live.row.options
    return {"clock": o.get("clock"), "grace_s": o.get("grace_s"),
            "on_leave": o.get("on_leave", "ai"), "rated": bool(o.get("rated")),
            "user_cards": usercards.listed(o)}


def chat_line(live: LiveTable, line: ChatRow) -> dict[str, Any]:
    """One chat line as a seat reads it: plain text, never markup. An emote's text is its
    name in words (a line stored when emotes were emoji reads so too)."""
    text = line.text
    if line.kind == "emote" and line.key in EMOTES:
        text = EMOTES[line.key]
    out: dict[str, Any] = {"n": line.n, "seat": line.seat,
                           "label": get_spec(live.row.game).seat_label(line.seat),
                           "text": text, "kind": line.kind,
                           "at": int(line.at * 1000)}
    if line.key is not None:
        out["key"] = line.key
    return out


def notice(live: LiveTable, row: NoticeRow) -> dict[str, Any]:
    """A notice as any seat is told it (its public part only)."""
    return {"n": row.n, "kind": row.kind, "seat": row.seat, "at": int(row.at * 1000),
            **row.public}


def reads(live: LiveTable, seat: int | None, line: ChatRow) -> bool:
    """Whether ``seat`` reads a chat line: seats only, not what it muted (its own lines
    always)."""
    if seat is None:
        return False
    if line.seat == seat:
        return True
    me = live.row.seats[seat]
    return not me.mute_all and line.seat not in me.muted


def build(live: LiveTable, seat: int | None, kind: Kind = "state",
          cursor: Cursor | None = None, token: str | None = None) -> dict[str, Any] | None:
    """The message for ``seat`` (``None``: a spectator). With a ``cursor`` (a live
    connection), an ``update`` holds only what is new since the cursor's last message,
    is ``None`` when nothing the seat may see changed, and becomes a ``state`` after an
    undo; ``token`` is the one the seat presented (for a rematch's link)."""
    state = live.state
    legal = live.legal(seat)
    labels = words_of(state, seat) if legal and seat is not None else []
    parts: dict[str, Any] = {
        "table": table_line(live), "seat": seat, "version": live.version(seat),
        "view": state.view(seat), "legal": legal, "labels": labels,
        "strike": live.strike,
        "clock": None if live.clock is None else live.clock.message(live.now()),
        "offers": [] if seat is None else [o.to_json() for o in live.offers],
        "rematch": _rematch(live, seat, token),
        "muted": _muted(live, seat),
    }
    if kind == "update" and cursor is not None and cursor.epoch != live.epoch:
        kind = "state"
    key = None
    if cursor is not None:
        key = {k: v for k, v in parts.items() if k not in ("version", "clock", "table")}
        key["clock"] = None if live.clock is None else live.clock.key()
        # the grace left runs down by itself: what changes it is a seat going or coming
        table = parts["table"]
        key["table"] = {**table, "seats": [{**x, "grace_left_ms": None} for x in table["seats"]]}
        key["gone"] = list(live.gone_since)
    if kind == "update":
        assert cursor is not None
        raw = state.events[cursor.events:]
        events = [c.to_json() for e in raw if (c := e.seen_by(seat)) is not None]
        chat = [chat_line(live, c) for c in live.chat[cursor.chat:] if reads(live, seat, c)]
        notices = [notice(live, n) for n in live.notices[cursor.notices:]]
        if not events and not chat and not notices and key == cursor.last:
            _advance(live, cursor, key)
            return None
    elif kind == "state":
        events = live.events(seat)
        chat = [chat_line(live, c) for c in live.chat if reads(live, seat, c)]
        notices = [notice(live, n) for n in live.notices]
    if cursor is not None:
        _advance(live, cursor, key)
    if kind == "reply":
        return {"type": kind, **parts}
    return {"type": kind, **parts, "events": events, "chat": chat, "notices": notices}


def _advance(live: LiveTable, cursor: Cursor, key: Any) -> None:
    cursor.epoch = live.epoch
    cursor.events = len(live.state.events)
    cursor.chat = len(live.chat)
    cursor.notices = len(live.notices)
    cursor.last = key


def _rematch(live: LiveTable, seat: int | None, token: str | None) -> dict[str, Any] | None:
    """The rematch table and this seat's link to it, for the seat that presented its
    token only (it sits at the rematch with the same token)."""
    if live.row.rematch is None or seat is None or not token:
        return None
    if live.row.seats[seat].kind != "human":
        return None
    return {"table": live.row.rematch, "link": f"/table/{live.row.rematch}#token={token}"}


def _muted(live: LiveTable, seat: int | None) -> dict[str, Any] | None:
    """What this seat chose not to read of the chat (its own business)."""
    if seat is None:
        return None
    me = live.row.seats[seat]
    return {"all": me.mute_all, "seats": sorted(me.muted)}


def moved() -> dict[str, Any]:
    """To an older connection of a seat opened elsewhere since: it stops acting."""
    return {"type": "moved", "error": "this seat was opened in another tab or window; "
            "this one no longer follows the table"}


def pong(ping: Any, probe: str, rtt_ms: int | None) -> dict[str, Any]:
    """The answer to a ping: the client's ``ping`` back, a ``probe`` it echoes at once
    (the server times that round trip itself) and the seat's round trip as measured."""
    return {"type": "pong", "ping": ping, "probe": probe, "rtt_ms": rtt_ms}


def error(body: dict[str, Any]) -> dict[str, Any]:
    """A refusal on the WebSocket."""
    return {"type": "error", **body}
