"""The lobby's routes: the games, the tables, creating a table, taking a seat."""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from tabletop.agents import DIFFICULTIES
from tabletop.cards.files import MAX_FILES
from tabletop.core import games

from .. import accounts, deckfiles, decks, talk, usercards
from ..clock import INCREMENT_S, LIMITS_S, MOVE_LIMITS_S, check_options
from ..errors import ApiError
from ..hub import Hub
from ..limits import client_key
from ..lobby import game_info
from ..messages import table_line
from ..presence import GRACE_RANGE_S, GRACE_S
from ..turns import your_turns
from ..usercards import CardFile
from .common import ERRORS, TableId, hub_of

router = APIRouter()
Name = Annotated[str, Field(max_length=200, description="A guest name (at most 24 "
                            "characters of plain text)")]


class SeatChoice(BaseModel):
    """Who plays a seat: a person, or the AI at a difficulty."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "ai"] = "human"
    difficulty: Literal["easy", "normal", "hard"] | None = None


class ClockChoice(BaseModel):
    """The table's clock: none; ``move`` (each turn has ``limit_s``); ``game`` (each
    person has ``limit_s`` for the game and gains ``increment_s`` after each turn). When
    a clock runs out: ``ai`` (the AI plays that turn) or ``lose`` (the seat loses on
    time)."""

    model_config = ConfigDict(extra="forbid")
    mode: Literal["none", "move", "game"] = "none"
    limit_s: int = Field(default=60, ge=min(LIMITS_S[0], MOVE_LIMITS_S[0]),
                         le=max(LIMITS_S[1], MOVE_LIMITS_S[1]),
                         description="Seconds: a turn's (up to 14 days; an hour or more "
                         "makes a turn-based table) or the game's (up to 3 hours)")
    increment_s: int = Field(default=0, ge=INCREMENT_S[0], le=INCREMENT_S[1])
    on_timeout: Literal["ai", "lose"] | None = None


class NewTable(BaseModel):
    """A table to create."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64, examples=["radiant-perim"])
    players: int | None = Field(default=None, ge=1, le=16)
    params: dict[Annotated[str, Field(max_length=64)],
                 Annotated[str, Field(max_length=200)] | bool | int] = Field(
        default_factory=dict, max_length=16)
    seats: list[SeatChoice] = Field(default_factory=list, max_length=16,
                                    description="One entry per seat (default: you, then AIs)")
    open: bool = Field(default=False, description="Listed in the lobby: anyone may take a "
                       "person's seat nobody has joined")
    seat: int | None = Field(default=None, ge=0, le=63, description="Your seat (a person's; "
                             "default the first); you are seated at once")
    name: Name | None = None
    clock: ClockChoice | None = None
    grace_s: int | None = Field(default=GRACE_S, ge=GRACE_RANGE_S[0], le=GRACE_RANGE_S[1],
                                description="How long a disconnected person's seat waits "
                                "before the AI holds it (null: for ever)")
    on_leave: Literal["ai", "concede"] = Field(default="ai", description="After the grace "
                                               "period: the AI holds the seat, or it "
                                               "concedes")
    rated: bool = Field(default=False, description="A rated game: for accounts only (you "
                        "must be signed in, and every person's seat is taken by an "
                        "account); the ratings change once at its end; a player gone past "
                        "the grace period loses and the AI finishes the seat")
    deck: dict[str, Any] | None = Field(default=None, description="A deck built in the "
                                        "deck builder, for your seat (its game's shape: "
                                        "POST /api/decks/{game}/check); it must be legal")
    cards: list[UploadedCards] = Field(
        default_factory=list, max_length=MAX_FILES, description="User card files for a "
        "private table (not open, not rated) of a game that takes them: checked before the "
        "table is made (every problem at once), kept with the table, public to its seats")


class UploadedCards(BaseModel):
    """A user card file for the table (its game's card file format, docs/cards.md)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=200, description="The file's name, as shown at the table")
    text: str = Field(description="The file's text (TOML)")


class JoinSeat(BaseModel):
    """Take a seat: with its token, or a free seat of an open table without one."""

    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=63)
    token: str | None = Field(default=None, max_length=200)
    name: Name | None = None


def _name(name: str | None) -> str | None:
    return None if name is None else talk.plain(name, talk.NAME_CHARS, "the name")


@router.get("/api/games", tags=["games"])
async def list_games() -> dict[str, Any]:
    """Every game the server plays: player counts, parameters, seat labels, teams; the AI
    difficulties; the chat's emotes and phrases."""
    return {"games": [game_info(spec) for spec in games()],
            "difficulties": list(DIFFICULTIES), "chat": talk.presets()}


@router.get("/api/tables", tags=["tables"], responses=ERRORS)
async def list_tables(request: Request,
                      status: Literal["open", "running", "over"] | None = None,
                      ) -> dict[str, Any]:
    """The latest tables: ``open`` (a person's seat is free to take), ``running``,
    ``over``. Public lines only."""
    hub = hub_of(request)
    stored = "over" if status == "over" else ("running" if status else None)
    out = []
    for row in hub.storage.tables(stored, limit=100):
        if status == "open" and not (row.open and any(
                s.kind == "human" and not s.joined for s in row.seats)):
            continue
        try:
            out.append(table_line(hub.get(row.id)))
        except ApiError:
            continue  # a table that no longer loads (another rules version)
    return {"tables": out}


class MyTokens(BaseModel):
    """The seat tokens this browser holds (the lobby keeps them in localStorage)."""

    model_config = ConfigDict(extra="forbid")
    tokens: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=list,
                                                                max_length=50)


@router.post("/api/turns", tags=["tables"], responses=ERRORS)
async def my_turns(request: Request, body: MyTokens) -> dict[str, Any]:
    """The unfinished tables where it is your turn: at the seats your account holds (when
    signed in) and at those whose ``tokens`` you send (a guest's; in the body, never in
    a URL). Each with the time left on its clock (``left_ms``; ``None``: no clock runs).
    Nothing changes; only your own seats are listed."""
    hub = hub_of(request)
    found = accounts.who(request, hub.storage)
    account = None if found is None else found.account
    return {"turns": your_turns(hub, body.tokens, account)}


@router.post("/api/tables", tags=["tables"], status_code=201, responses=ERRORS)
async def create_table(request: Request, body: NewTable) -> dict[str, Any]:
    """Create a table. You are seated at once (``you``: your seat). Returns its public
    line and, for each person's seat, its secret token and join link (the only time they
    are given)."""
    hub = hub_of(request)
    try:
        clock = check_options(None if body.clock is None else body.clock.model_dump())
    except ValueError as e:
        raise ApiError(400, str(e)) from None
    name = _name(body.name)
    found = accounts.who(request, hub.storage, change=True)
    account = None if found is None else found.account
    key = client_key(request.client.host if request.client else None)
    await _check_holdings(hub, key)
    limits = hub.settings
    wait = await hub.limit("create", key)
    if wait:
        raise ApiError(429, f"too many new tables from your address: wait {math.ceil(wait)} "
                       f"s (an address may make {limits.create_burst} at once, then "
                       f"{limits.create_per_min:g} a minute)", retry_after=round(wait, 1))
    if account is not None:
        # An account counts on its own too (a bot's tables come from many addresses).
        wait = await hub.limit("create_account", account.key)
        if wait:
            raise ApiError(429, f"too many new tables from your account: wait "
                           f"{math.ceil(wait)} s (an account may make "
                           f"{limits.create_burst} at once, then {limits.create_per_min:g} "
                           "a minute)", retry_after=round(wait, 1))
    # A turn-based table's people come and go for days: no grace period (its clock
    # decides what happens to a seat whose player does not come back).
    grace = None if clock is not None and clock.turn_based else body.grace_s
    options: dict[str, Any] = {
        "clock": None if clock is None else clock.to_json(), "grace_s": grace,
        "on_leave": body.on_leave, "rated": body.rated}
    params: dict[str, Any] = dict(body.params)
    files = None
    stored: dict[str, str] = {}
    if body.cards:
        stored, listed = _user_cards(hub, body)
        options["user_cards"] = listed
    if body.deck is not None:  # checked with the user card files: it may hold their cards
        params, files = _built_deck(body, params, stored)
    if stored:
        files = {**(files or {}), **stored}
    live, tokens, me = hub.create(body.game, body.players, params,
                                  [s.model_dump() for s in body.seats], body.open, options,
                                  body.seat, name, account, files)
    await hub.hold(key, live.row.id)
    line = table_line(live)
    return {"table": line, "you": me, "seats": [
        {"seat": s, "label": line["labels"][s], "token": t,
         "link": f"/table/{live.row.id}#token={t}"} for s, t in sorted(tokens.items())]}


def _built_deck(body: NewTable, params: dict[str, Any], stored: dict[str, str]
                ) -> tuple[dict[str, Any], dict[str, str]]:
    """The table's parameters and deck files for the creator's built deck: its deck
    file (refused, with every rule it breaks, unless legal; its pool has the table's
    user card files, ``stored``) and the parameter that gives it to the creator's seat."""
    dg = decks.deck_game(body.game)
    if "draft" in params and params["draft"] is not False:
        raise ApiError(400, f"{body.game}: a built deck is played, not drafted: leave out "
                       "the parameter 'draft'")
    cards = ",".join(str(p) for p in deckfiles.paths(stored))
    ident, text = decks.legal_file(dg, decks.parse(dg, body.deck, cards=cards), cards)
    players = body.players or 2
    kinds = [s.kind for s in body.seats] or ["human"]
    seat = body.seat if body.seat is not None else kinds.index("human") if (
        "human" in kinds) else 0
    if not 0 <= seat < players:
        raise ApiError(400, f"seat {seat}: the table has {players} seats")
    return dg.params(ident, seat, players, params), {f"{ident}.toml": text}


def _user_cards(hub: Hub, body: NewTable) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """The table's user card files, checked (usercards.py): refused at an open or a
    rated table, and with every problem of every file (400, nothing made)."""
    if body.open:
        raise ApiError(400, "an open table takes no user card files: strangers who take "
                       "its seats would play by cards they did not agree to; make a "
                       "private table (its seats by invitation link) to play them")
    if body.rated:
        raise ApiError(400, "a rated table takes no user card files: a rating compares "
                       "games played with the same cards (the game's own, and the "
                       "server's)")
    files = [CardFile(_file_name(c.name), c.text) for c in body.cards]
    return usercards.check(body.game, files, hub.cards.get(body.game, []))


def _file_name(name: str) -> str:
    """A card file's name to show: its last part, printable, at most 80 characters."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    shown = "".join(ch for ch in base if ch.isprintable()).strip()[:80]
    return shown or "card file"


async def _check_holdings(hub: Hub, key: str) -> None:
    """429 if the address ``key`` already holds as many unfinished tables as a guest may
    (among those it made within the window), saying how many and how to free one."""
    limits = hub.settings
    held = await hub.holding(key)
    if len(held) < limits.guest_tables:
        return
    wait = max(1.0, limits.guest_window_s - held[0])
    window = _duration(limits.guest_window_s)
    raise ApiError(429, f"your address holds {len(held)} unfinished tables made in the last "
                   f"{window}, the most a guest may hold: finish or concede one of them "
                   "(Concede at its table, or POST /api/tables/{id}/concede with its "
                   f"seat's token), or wait {_duration(wait)} until the oldest no longer "
                   "counts", retry_after=round(wait, 1), unfinished=len(held),
                   most=limits.guest_tables)


def _duration(seconds: float) -> str:
    """``seconds`` in words: "40 s", "12 min", "1 h"."""
    if seconds < 120:
        return f"{math.ceil(seconds)} s"
    if seconds < 2 * 3600:
        return f"{math.ceil(seconds / 60)} min"
    return f"{seconds / 3600:.3g} h"


@router.get("/api/tables/{table_id}", tags=["tables"], responses=ERRORS)
async def get_table(request: Request, table_id: TableId) -> dict[str, Any]:
    """A table's public line."""
    return table_line(hub_of(request).get(table_id))


@router.post("/api/tables/{table_id}/join", tags=["seats"], responses=ERRORS)
async def join(request: Request, table_id: TableId, body: JoinSeat) -> dict[str, Any]:
    """Take a seat (see JoinSeat), or give your name. A fresh token comes back only when
    an open seat was taken without one."""
    hub = hub_of(request)
    live = hub.get(table_id)
    name = _name(body.name)
    wait = await hub.limit("join", client_key(request.client.host if request.client
                                              else None))
    if wait:
        raise ApiError(429, f"too many joins: wait {wait:.0f} s", retry_after=round(wait, 1))
    found = accounts.who(request, hub.storage, change=True)
    fresh = hub.join(live, body.seat, body.token, name,
                     None if found is None else found.account)
    out: dict[str, Any] = {"table": table_line(live), "seat": body.seat}
    if fresh is not None:
        out["token"] = fresh
        out["link"] = f"/table/{live.row.id}#token={fresh}"
    return out
