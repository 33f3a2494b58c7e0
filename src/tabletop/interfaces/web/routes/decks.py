"""The deck builder's routes: a game's pool of cards, checking a deck as it is built (every
rule it breaks, by the game's own checker), its deck file, reading one back, the
``tabletop balance`` runs that play it against the ready decks (their commands, or a
run on the server: lab.py); an account's saved decks
(``/api/me/decks``). A table plays a built deck through ``POST /api/tables`` with ``deck``
(routes/tables.py).

A designer's card files (``cards``: as a private table takes them, checked the same way:
usercards.py) join the pool of every request that sends them, so a deck of new cards is
checked, saved and played by the same rules; a table playing it is created with the same
files. An account keeps a saved deck's files with it (by their SHA-256, their texts once
per account), so the deck opens and plays again as it was built. These requests may
carry as much as a new table's (``cards_bytes``: :data:`CARD_ROUTES`, bodies.py); one
without card files is held to the usual ``body_bytes``."""

from __future__ import annotations

import contextlib
import json
import re
import time
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from tabletop.cards.files import MAX_FILES

from .. import decks, talk, usercards
from ..bodies import read_bytes, too_big
from ..errors import ApiError
from ..limits import client_key
from ..storage import DeckRow
from .accounts import signed_in
from .common import ERRORS, hub_of
from .tables import UploadedCards, _file_name

router = APIRouter()
MOST_DECKS = 100  # the decks one account keeps
MOST_CARD_CHARS = 2 * 1024 * 1024  # the characters of card files one account keeps
# The builder's requests that may carry card files: read up to cards_bytes (bodies.py).
CARD_ROUTES = (*(("POST", f"/api/decks/{{game}}/{what}") for what in (
    "pool", "check", "file", "read", "balance", "runs")), ("POST", "/api/me/decks"))
CARDS_WORDS = ("Your card files, added to the pool as at a private table (its game's card "
               "file format, docs/cards.md; checked the same way, every problem at once)")


class DeckBody(BaseModel):
    """A deck as the builder holds it (its game's shape: see the pool's ``shape``)."""

    model_config = ConfigDict(extra="forbid")
    deck: dict[str, Any] = Field(description="radiant-arena: name, heroes, items, deity, "
                                 "conduits; lightseekers: name, hero, combos, cards "
                                 "({card id: copies})")
    cards: list[UploadedCards] = Field(default_factory=list, max_length=MAX_FILES,
                                       description=CARDS_WORDS)


class DeckFile(BaseModel):
    """A deck file's text (TOML with one ``[[deck]]``), as the builder opened it."""

    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=decks.MAX_FILE_CHARS)
    name: str = Field(default="the deck file", max_length=120)
    cards: list[UploadedCards] = Field(default_factory=list, max_length=MAX_FILES,
                                       description=CARDS_WORDS)


class PoolCards(BaseModel):
    """The designer's card files to add to the pool."""

    model_config = ConfigDict(extra="forbid")
    cards: list[UploadedCards] = Field(default_factory=list, max_length=MAX_FILES,
                                       description=CARDS_WORDS)


def _held(request: Request, cards: list[UploadedCards]) -> None:
    """A builder's request read up to ``cards_bytes`` for its card files: one without
    card files is refused (413) past the usual ``body_bytes``, as any other request."""
    limit = hub_of(request).settings.body_bytes
    if not cards and read_bytes(request.scope) > limit:
        raise ApiError(413, too_big(limit))


def _files(cards: list[UploadedCards]) -> list[usercards.CardFile]:
    return [usercards.CardFile(_file_name(c.name), c.text) for c in cards]


def _pool_files(request: Request, game: str, cards: list[UploadedCards]
                ) -> Any:
    """The pool's card files for a request (usercards.pool_files: 400 with every problem)."""
    _held(request, cards)
    return usercards.pool_files(game, _files(cards), hub_of(request).cards.get(game, []))


@router.get("/api/decks", tags=["decks"])
async def deck_games() -> dict[str, Any]:
    """The games the deck builder builds decks for."""
    return {"games": sorted(decks.GAMES)}


@router.get("/api/decks/{game}/pool", tags=["decks"], responses=ERRORS)
async def pool(game: str) -> dict[str, Any]:
    """Every card a deck of ``game`` may hold, as the tables show them, and its ready
    decks (public data)."""
    dg = decks.deck_game(game)
    return {"game": dg.game, "pool": dg.pool(), "shape": list(dg.model.model_fields)}


@router.post("/api/decks/{game}/pool", tags=["decks"], responses=ERRORS)
async def pool_with_cards(request: Request, game: str, body: PoolCards) -> dict[str, Any]:
    """The pool with your card files (the same checks as a private table's: 400 with every
    problem of every file, in your files' names): the new cards beside the game's own,
    and ``user_cards``, the files and the names of their cards."""
    dg = decks.deck_game(game)
    with _pool_files(request, dg.game, body.cards) as (cards, _, listed):
        return {"game": dg.game, "pool": dg.pool(cards), "shape": list(dg.model.model_fields),
                "user_cards": listed}


@router.post("/api/decks/{game}/check", tags=["decks"], responses=ERRORS)
async def check(request: Request, game: str, body: DeckBody) -> dict[str, Any]:
    """Every deck construction rule the deck breaks, each with its field, the message of
    the game's checker and the rulebook's section and words (``legal``: none). An
    unknown card is one of them; a deck of the wrong shape is a 422 naming the field."""
    dg = decks.deck_game(game)
    with _pool_files(request, dg.game, body.cards) as (cards, _, _):
        deck = decks.parse(dg, body.deck, cards=cards)
        found = decks.problems(dg, deck, cards)
    return {"legal": not found, "problems": found}


@router.post("/api/decks/{game}/file", tags=["decks"], responses=ERRORS)
async def deck_file(request: Request, game: str, body: DeckBody,
                    format: Literal["toml", "json"] = "toml") -> Response:
    """The deck file of a legal deck (``<id>.toml``: what ``--cards`` and ``--deck``
    take); 400 listing every rule an illegal one breaks. ``format=json``: the deck as it
    is, legal or not (``{game, deck}``), to open in the builder again."""
    dg = decks.deck_game(game)
    with _pool_files(request, dg.game, body.cards) as (cards, _, _):
        deck = decks.parse(dg, body.deck, cards=cards)
        if format != "json":
            ident, text = decks.legal_file(dg, deck, cards)
    if format == "json":
        name = re.sub(r"[^A-Za-z0-9]+", "-", str(getattr(deck, "name", ""))).strip("-")
        return Response(decks.deck_json(dg, deck), media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="{name or "deck"}.{dg.game}.json"'})
    return Response(text, media_type="application/toml", headers={
        "Content-Disposition": f'attachment; filename="{ident}.toml"', "X-Deck-Id": ident})


@router.post("/api/decks/{game}/read", tags=["decks"], responses=ERRORS)
async def read(request: Request, game: str, body: DeckFile) -> dict[str, Any]:
    """The deck a deck file holds (its TOML, or the JSON ``format=json`` saves), and
    every rule it breaks; 400 saying what is wrong with the file and where."""
    dg = decks.deck_game(game)
    with _pool_files(request, dg.game, body.cards) as (cards, _, _):
        deck = decks.read_file(dg, body.text, body.name[:120], cards)
        found = decks.problems(dg, deck, cards)
    return {"deck": deck.model_dump(), "legal": not found, "problems": found}


@router.post("/api/decks/{game}/balance", tags=["decks"], responses=ERRORS)
async def balance(request: Request, game: str, body: DeckBody) -> dict[str, Any]:
    """The ``tabletop balance`` commands that play a legal deck against each ready deck
    (win rates with 95% intervals), and the deck file they name (``file``, ``text``);
    with your card files, the commands name them too (saved beside it by their names)."""
    dg = decks.deck_game(game)
    with _pool_files(request, dg.game, body.cards) as (cards, _, listed):
        ident, text = decks.legal_file(dg, decks.parse(dg, body.deck, cards=cards), cards)
    mine = tuple(f["file"] for f in listed if f["from"] == "table")
    return {"id": ident, "file": f"{ident}.toml", "text": text,
            "commands": decks.balance_commands(dg, ident, card_files=mine)}


@router.post("/api/decks/{game}/runs", tags=["decks"], status_code=202, responses=ERRORS)
async def start_run(request: Request, game: str, body: DeckBody) -> dict[str, Any]:
    """Start a balance run of a legal deck on the server: a few games against each ready
    deck (lab.py); follow it at ``GET /api/decks/runs/{id}``. 400 lists the rules an
    illegal deck breaks; one run at a time per client (409), a few a minute and a few
    on the server at once (429)."""
    dg = decks.deck_game(game)
    _held(request, body.cards)
    if body.cards:
        raise ApiError(400, "a balance run on the server plays the game's own cards: for a "
                       "deck of your card files, run the commands (POST "
                       f"/api/decks/{dg.game}/balance) beside them")
    deck = decks.parse(dg, body.deck)
    client = client_key(request.client.host if request.client else None)
    return (await hub_of(request).lab.start(dg, deck, client)).to_json()


@router.get("/api/decks/runs/{run_id}", tags=["decks"], responses=ERRORS)
async def run_status(request: Request, run_id: str) -> dict[str, Any]:
    """A balance run: its status, the games played of all and the result so far (the
    built deck's win rate with its 95% interval against each ready deck; the first
    seat's win rate and advantage)."""
    return await hub_of(request).lab.status(run_id)


@router.get("/api/decks/runs/{run_id}/report.json", tags=["decks"], responses=ERRORS)
async def run_report(request: Request, run_id: str) -> Response:
    """A balance run's whole report (``tabletop balance``'s report.json), with the run
    and its deck file, as a download."""
    report = await hub_of(request).lab.report(run_id)
    return Response(json.dumps(report, indent=1), media_type="application/json",
                    headers={"Content-Disposition": 'attachment; filename="balance-'
                             f'{report["run"]["deck"]}.json"'})


class SavedDeck(BaseModel):
    """A deck to keep in your account: its game, and the deck (named by its ``name``)."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    deck: dict[str, Any]
    cards: list[UploadedCards] = Field(default_factory=list, max_length=MAX_FILES,
                                       description=CARDS_WORDS + "; the account keeps them "
                                       "with the deck")


def _kept_problems(request: Request, dg: decks.DeckGame, raw: dict[str, Any],
                   cards: list[UploadedCards]) -> list[dict[str, str]]:
    """The rules a kept deck breaks now, with its card files in the pool; a card the
    pool no longer has, or a file that no longer loads (another version), is one of
    them rather than a refusal of the whole list."""
    with contextlib.ExitStack() as files:
        try:
            pool, _, _ = files.enter_context(usercards.pool_files(
                dg.game, _files(cards), hub_of(request).cards.get(dg.game, [])))
        except ApiError as e:
            return [{"field": "cards", "message": e.message, "section": "", "words": ""}]
        try:
            return decks.problems(dg, decks.parse(dg, raw, cards=pool), pool)
        except ApiError as e:
            return [{"field": "deck", "message": e.message, "section": "", "words": ""}]


@router.get("/api/me/decks", tags=["decks"], responses=ERRORS)
async def my_decks(request: Request) -> dict[str, Any]:
    """The decks your account keeps (401 for a guest), each with the rules it breaks now
    and its card files (``cards``: name and SHA-256 of each; ``files``: their texts, by
    SHA-256, once for all the decks), to send with it again."""
    who = signed_in(request, change=False)
    storage = hub_of(request).storage
    rows = storage.decks(who.account.key)
    texts = storage.deck_files(who.account.key) if any(r.cards for r in rows) else {}
    out = []
    for row in rows:
        dg = decks.GAMES.get(row.game)
        if dg is None:
            continue
        raw = json.loads(row.deck)
        cards = [UploadedCards(name=n, text=texts.get(sha, "")) for n, sha in row.cards]
        found = _kept_problems(request, dg, raw, cards)
        out.append({"game": row.game, "name": row.name, "deck": raw,
                    "cards": [{"name": n, "sha256": sha} for n, sha in row.cards],
                    "legal": not found, "problems": found, "updated": row.updated})
    named = {sha for d in out for sha in (c["sha256"] for c in d["cards"])}
    return {"decks": out, "files": {sha: t for sha, t in texts.items() if sha in named}}


@router.post("/api/me/decks", tags=["decks"], status_code=201, responses=ERRORS)
async def save_deck(request: Request, body: SavedDeck) -> dict[str, Any]:
    """Keep a deck in your account under its name (the deck of that game and name is
    replaced), with the card files it was built with (checked as the builder checks
    them); one still being built is kept too, with the rules it breaks. A session sends
    its CSRF token (X-CSRF-Token)."""
    who = signed_in(request, change=True)
    dg = decks.deck_game(body.game)
    with _pool_files(request, dg.game, body.cards) as (cards, _, _):
        deck = decks.parse(dg, body.deck, cards=cards)
        found = decks.problems(dg, deck, cards)
    name = talk.plain(str(getattr(deck, "name", "")), 60, "the deck's name")
    deck = deck.model_copy(update={"name": name})
    files = _files(body.cards)
    shas = [f.stored.removesuffix(".toml") for f in files]
    row = DeckRow(who.account.key, dg.game, name, json.dumps(deck.model_dump()), time.time(),
                  tuple((f.name, sha) for f, sha in zip(files, shas, strict=True)))
    storage = hub_of(request).storage
    if not storage.save_deck(row, MOST_DECKS, {sha: f.text for f, sha in
                                               zip(files, shas, strict=True)},
                             MOST_CARD_CHARS):
        kept = storage.decks(who.account.key)
        if len(kept) >= MOST_DECKS and not any(
                (d.game, d.name) == (dg.game, name) for d in kept):
            raise ApiError(409, f"your account keeps {MOST_DECKS} decks already: delete "
                           "one first (DELETE /api/me/decks/{game}/{name})")
        raise ApiError(409, f"your account's decks keep {MOST_CARD_CHARS:,} characters of "
                       "card files at most, and these would pass it: delete a deck whose "
                       "files you no longer need first (DELETE /api/me/decks/{game}/{name})")
    return {"game": dg.game, "name": name, "legal": not found, "problems": found,
            "cards": [{"name": n, "sha256": sha} for n, sha in row.cards]}


@router.delete("/api/me/decks/{game}/{name}", tags=["decks"], responses=ERRORS)
async def drop_deck(request: Request, game: str, name: str) -> dict[str, Any]:
    """Forget a deck your account keeps (and the card files no other of its decks
    names); 404 if it keeps none of that game and name."""
    who = signed_in(request, change=True)
    if not hub_of(request).storage.drop_deck(who.account.key, game[:64], name[:60]):
        raise ApiError(404, f"your account keeps no {game[:40]} deck named {name[:60]!r}")
    return {"dropped": {"game": game, "name": name}}
