"""A table's chat (docs/web.md, "Chat"): seats write, seats read, spectators do neither.

A line is plain text (at most :data:`MAX_CHARS` characters, on one line, without control
characters), one of a few emotes (a key and its name in words; the client draws it), or a
preset phrase. The server stores it with the table
as it was written and never adds markup; the client shows it as text. Each seat may send
a burst of five lines, then one every two seconds; a table holds at most
:data:`MAX_LINES`. Each seat may mute another seat, or the whole chat: the server then
leaves those lines out of that seat's messages (its choice, stored with its seat).
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from .errors import ApiError
from .storage import ChatRow, StorageError, StoreUnreachable

if TYPE_CHECKING:
    from .hub import Hub
    from .tables import LiveTable

MAX_CHARS = 200
MAX_LINES = 2000
NAME_CHARS = 24
# An emote by its key, with its name in words: the line's text is the name; the client
# draws the emote from its key (static/js/emotes.js, inline SVG), so no emoji goes on the
# wire and none needs an emoji font.
EMOTES = {"wave": "Wave", "thumbs-up": "Thumbs up", "laugh": "Laugh", "wow": "Wow",
          "think": "Thinking", "oops": "Oops"}
PHRASES = {"hello": "Hello!", "good-luck": "Good luck!", "have-fun": "Have fun!",
           "nice": "Nice move!", "thanks": "Thanks!", "oops": "Oops!",
           "well-played": "Well played!", "good-game": "Good game!"}


def presets() -> dict[str, Any]:
    """What the chat offers besides text (the lobby's ``GET /api/games`` lists it)."""
    return {"emotes": [{"key": k, "text": v} for k, v in EMOTES.items()],
            "phrases": [{"key": k, "text": v} for k, v in PHRASES.items()],
            "max_chars": MAX_CHARS}


def plain(text: str, limit: int, what: str) -> str:
    """``text`` as one line of plain text: whitespace runs made one space, at most
    ``limit`` characters; 400 for control or format characters, or nothing left."""
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") and ch not in "\t\n\r":
            raise ApiError(400, f"{what} holds a control character (U+{ord(ch):04X})")
    line = " ".join(text.split())
    if not line:
        raise ApiError(400, f"{what} is empty")
    if len(line) > limit:
        raise ApiError(400, f"{what} is {len(line)} characters long: at most {limit}")
    return line


async def say(hub: Hub, live: LiveTable, seat: int, kind: str, text: str | None,
              key: str | None) -> ChatRow:
    """``seat`` writes a line: ``text``, or an emote's or phrase's ``key``."""
    if kind == "text":
        if text is None:
            raise ApiError(400, "a text line needs its text")
        line, name = plain(text, MAX_CHARS, "the line"), None
    elif kind in ("emote", "phrase"):
        table = EMOTES if kind == "emote" else PHRASES
        if key not in table:
            raise ApiError(400, f"no {kind} {key!r} (known: {', '.join(table)})")
        line, name = table[key], key
    else:
        raise ApiError(400, "kind must be text, emote or phrase")
    # Asked before the chat's checks: the limit may be Redis' to say (shared.py), and no
    # other line may come between the checks and this one's place in the chat.
    wait = await hub.limit("chat", (live.row.id, seat))
    if wait:
        raise ApiError(429, f"you are writing too fast: wait {wait:.0f} s",
                       retry_after=round(wait, 1))
    if len(live.chat) >= MAX_LINES:
        raise ApiError(409, f"this table's chat is full ({MAX_LINES} lines)")
    row = ChatRow(len(live.chat), seat, kind, name, line, hub.now())
    try:
        hub.storage.add_chat(live.row.id, row)
    except StoreUnreachable:
        raise  # 503 (ops.py): nothing applied; the same request may be tried again
    except StorageError:
        raise ApiError(409, "the line could not be stored; try again") from None
    live.chat.append(row)
    live.notify()
    return row


def mute(hub: Hub, live: LiveTable, seat: int, target: int | None, muted: bool) -> None:
    """``seat`` mutes (or unmutes) ``target``'s lines, or the whole chat (``None``); its
    connections are sent the chat again as it now reads it."""
    me = live.row.seats[seat]
    if target is None:
        mute_all, seats = muted, me.muted
    else:
        if not 0 <= target < live.row.players:
            raise ApiError(400, f"no seat {target} at this table (0..{live.row.players - 1})")
        if target == seat:
            raise ApiError(400, "you cannot mute yourself")
        chosen = set(me.muted)
        if muted:
            chosen.add(target)
        else:
            chosen.discard(target)
        mute_all, seats = me.mute_all, tuple(sorted(chosen))
    hub.storage.set_muted(live.row.id, seat, mute_all, seats)
    me.mute_all, me.muted = mute_all, seats
    for w in live.watchers:
        if w.seat == seat:
            w.cursor.epoch = -1  # the whole chat again, as this seat now reads it
            w.wake()
