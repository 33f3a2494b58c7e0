"""Built decks: a deck a person puts together in the deck builder, checked by its game.

A built deck is JSON (its game's shape, :class:`ArenaDeck` or :class:`LsDeck`). Whether
it is legal is the game's own deck checker's answer (``radiant_arena.data.deck_problems``,
``lightseekers.data.deck_problems``), never a copy of the rules here or in the page: each
problem comes back with the field it is about and the rulebook's words (the section and
the sentence the game keeps with its deck rules). A legal deck becomes a deck file of its
game (a card file holding one ``[[deck]]``, as ``tabletop play --deck``/``--cards`` take
it), whose id is ``built-`` and twelve random hex digits: never a hash of the deck, which
an opponent could match against guessed decks to learn a secret one (the table's
parameters, public, name the file); a table plays it through that file
(:mod:`.deckfiles`). A deck still being built is saved as JSON (:func:`deck_json`), and
either file reads back into the builder (:func:`read_file`).

The pool is the game's packaged cards, or those and a designer's card files (``cards``:
the comma-separated paths of files :func:`.usercards.pool_files` checked, as the game's
``cards`` parameter names them): every function below that reads the pool takes them, so
a deck of new cards is checked, saved and played as one of the game's own.
"""

from __future__ import annotations

import json
import secrets
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

import tomli_w
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tabletop.core import CardDataError, TabletopError
from tabletop.core.files import parse_toml

from .errors import ApiError

CardId = Annotated[str, Field(max_length=64)]
DeckName = Annotated[str, Field(max_length=60)]
MAX_FILE_CHARS = 20_000  # a deck file the builder reads (one deck: a few hundred bytes)


class ArenaDeck(BaseModel):
    """A radiant-arena deck: three heroes (the skill deck is their three sets of ten),
    three items, a deity and its three conduits (Now Let's Play! — Anatomy of a Deck).
    Any part may be missing while it is being built: the checker says what is."""

    model_config = ConfigDict(extra="forbid")
    name: DeckName = ""
    heroes: list[CardId] = Field(default_factory=list, max_length=12)
    items: list[CardId] = Field(default_factory=list, max_length=12)
    deity: CardId = ""
    conduits: list[CardId] = Field(default_factory=list, max_length=12)


class LsDeck(BaseModel):
    """A Lightseekers deck: a hero, five combos and thirty action cards, as copies by card
    id (GETTING STARTED)."""

    model_config = ConfigDict(extra="forbid")
    name: DeckName = ""
    hero: CardId = ""
    combos: list[CardId] = Field(default_factory=list, max_length=20)
    cards: dict[CardId, Annotated[int, Field(ge=0, le=99)]] = Field(default_factory=dict,
                                                                     max_length=80)


@dataclass(frozen=True)
class Rule:
    """Where a deck rule is written: the rulebook's section and its words."""

    section: str
    words: str


@dataclass(frozen=True)
class DeckGame:
    """What the deck builder knows of one game: its deck's shape, its pool of cards, its
    checker, its deck file and how a table plays a deck file."""

    game: str
    model: type[BaseModel]
    # Each function that reads the pool takes the user card files last (``cards``: paths,
    # comma-separated; "" the packaged cards only).
    pool: Callable[..., dict[str, Any]]
    check: Callable[..., list[dict[str, str]]]  # the game's checker, every problem
    file_text: Callable[..., str]  # a legal deck's file, with the deck id given
    from_file: Callable[[dict[str, Any]], dict[str, Any]]  # a deck file's [[deck]] as JSON
    # table params giving the deck to a seat of a table of so many players
    params: Callable[[str, int, int, dict[str, Any]], dict[str, Any]]
    ready: Callable[[], list[str]]  # the ready decks it meets in a balance run
    # table params giving a ready deck to every seat (``params`` then gives one seat ours)
    against: Callable[[str], dict[str, Any]]
    unknown: Callable[..., list[str]]  # each card it names that is no card of the pool


def _problem(field: str, message: str, rule: Rule) -> dict[str, str]:
    return {"field": field, "message": message, "section": rule.section, "words": rule.words}


# --- radiant-arena --------------------------------------------------------------------


def _arena_pool(cards: str = "") -> dict[str, Any]:
    from tabletop.games.radiant_arena.draft import faces
    from tabletop.games.radiant_arena.spec import catalog

    cat = catalog(cards)
    return {**faces(cat), "decks": {
        d.id: {"name": d.name, "heroes": list(d.heroes), "items": list(d.items),
               "deity": d.deity, "conduits": list(d.conduits)} for d in cat.decks.values()}}


def _arena_check(deck: ArenaDeck, cards: str = "") -> list[dict[str, str]]:
    from tabletop.games.radiant_arena.data import deck_problems
    from tabletop.games.radiant_arena.ids import DECK_RULES
    from tabletop.games.radiant_arena.spec import catalog

    out = []
    for field, message in deck_problems(catalog(cards), deck.heroes, deck.items, deck.deity,
                                        deck.conduits):
        rule = DECK_RULES["set" if message.startswith("hero ") else field]
        out.append(_problem(field, message, Rule(rule.section, rule.words)))
    return out


def _arena_unknown(deck: ArenaDeck, cards: str = "") -> list[str]:
    from tabletop.games.radiant_arena.spec import catalog

    cat = catalog(cards)
    heroes = {u for u, unit in cat.units.items() if not unit.is_deity}
    deities = set(cat.units) - heroes
    out = [f"heroes[{i}]: no hero {h!r}" for i, h in enumerate(deck.heroes) if h not in heroes]
    if deck.deity and deck.deity not in deities:
        out.append(f"deity: no deity {deck.deity!r}")
    out += [f"conduits[{i}]: no conduit {c!r}" for i, c in enumerate(deck.conduits)
            if c not in cat.conduits]
    out += [f"items[{i}]: no item {c!r}" for i, c in enumerate(deck.items)
            if c not in cat.items]
    return out


def _arena_file(deck: ArenaDeck, ident: str, cards: str = "") -> str:
    from tabletop.games.radiant_arena.data import Deck
    from tabletop.games.radiant_arena.decks import deck_text
    from tabletop.games.radiant_arena.spec import catalog

    built = Deck(ident, deck.name or ident, tuple(deck.heroes), tuple(deck.items), deck.deity,
                 tuple(deck.conduits))
    return deck_text(built, catalog(cards), "built in tabletop's deck builder")


def _arena_ready() -> list[str]:
    from tabletop.games.radiant_arena.spec import catalog

    return sorted(catalog().decks)


def _arena_params(ident: str, seat: int, players: int, params: dict[str, Any]
                  ) -> dict[str, Any]:
    return {**params, "draft": False, ("deck_a", "deck_b")[min(seat, 1)]: ident}


# --- lightseekers ---------------------------------------------------------------------


LS_HEADER = """# A Lightseekers deck (GETTING STARTED): a hero, 5 different combos and 30 action
# cards, at most 3 of each. Play it with `tabletop play lightseekers --cards <this file>
# --param decks=<its id>,<another deck>`; the cards are RECONSTRUCTED by tabletop.
"""


def _ls_rule() -> Rule:
    from tabletop.games.lightseekers.ids import DECK_WORDS, R_SETUP

    return Rule(R_SETUP, DECK_WORDS)


def _ls_pool(cards: str = "") -> dict[str, Any]:
    from tabletop.games.lightseekers.data import catalog
    from tabletop.games.lightseekers.views import card_info

    cat = catalog(cards)
    return {
        "heroes": {h.id: {"name": h.name, "order": h.order, "text": h.text,
                          "elements": [[e, lv] for e, lv in h.elements]} for h in cat.heroes},
        "cards": {c.id: card_info(cat, i) for i, c in enumerate(cat.cards)},
        "decks": {d.id: {"name": d.name, "hero": d.hero, "combos": list(d.combos),
                         "cards": dict(d.cards)} for d in cat.decks.values()},
    }


def _ls_check(deck: LsDeck, cards: str = "") -> list[dict[str, str]]:
    from tabletop.games.lightseekers.data import catalog, deck_problems

    cat = catalog(cards)
    by_id = {c.id: c for c in cat.cards}
    heroes = {h.id: h for h in cat.heroes}
    rule = _ls_rule()
    out = []
    for message in deck_problems(by_id, heroes, deck.hero, list(deck.combos),
                                 {c: n for c, n in deck.cards.items() if n}):
        field, _, rest = message.partition(": ")
        # the section is given beside the message: not twice
        out.append(_problem(field, rest.removesuffix(f" ({rule.section})"), rule))
    return out


def _ls_unknown(deck: LsDeck, cards: str = "") -> list[str]:
    from tabletop.games.lightseekers.data import catalog

    cat = catalog(cards)
    out = [f"hero: no hero {deck.hero!r}"] if deck.hero and deck.hero not in cat.hero_index \
        else []
    out += [f"combos[{i}]: no card {c!r}" for i, c in enumerate(deck.combos)
            if c not in cat.index]
    out += [f"cards: no card {c!r}" for c in deck.cards if c not in cat.index]
    return out


def _ls_file(deck: LsDeck, ident: str, cards: str = "") -> str:
    from tabletop.games.lightseekers.data import catalog

    names = catalog(cards).names
    summary = "# hero: " + names.get(deck.hero, deck.hero) + "; combos: " + ", ".join(
        names.get(c, c) for c in deck.combos)
    body = tomli_w.dumps({"deck": [{"id": ident, "name": deck.name or ident,
                                    "hero": deck.hero, "combos": list(deck.combos),
                                    "cards": {c: n for c, n in deck.cards.items() if n}}]})
    return LS_HEADER + "# built in tabletop's deck builder\n" + summary + "\n\n" + body


def _ls_ready() -> list[str]:
    from tabletop.games.lightseekers.data import catalog

    return sorted(catalog().decks)


def _ls_params(ident: str, seat: int, players: int, params: dict[str, Any]
               ) -> dict[str, Any]:
    from tabletop.games.lightseekers.data import catalog

    others = [d for d in str(params.get("decks", "")).split(",") if d] or sorted(
        catalog().decks)[:1]
    by_seat = [others[(s - (s > seat)) % len(others)] for s in range(players)]
    by_seat[seat] = ident
    return {**params, "decks": ",".join(by_seat)}


def _from_file(fields: tuple[str, ...]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def read(deck: dict[str, Any]) -> dict[str, Any]:
        return {k: deck[k] for k in ("name", *fields) if k in deck}
    return read


GAMES: dict[str, DeckGame] = {
    "radiant-arena": DeckGame("radiant-arena", ArenaDeck, _arena_pool, _arena_check,
                              _arena_file, _from_file(("heroes", "items", "deity",
                                                       "conduits")), _arena_params,
                              _arena_ready, lambda other: {"deck_a": other, "deck_b": other},
                              _arena_unknown),
    "lightseekers": DeckGame("lightseekers", LsDeck, _ls_pool, _ls_check, _ls_file,
                             _from_file(("hero", "combos", "cards")), _ls_params,
                             _ls_ready, lambda other: {"decks": other}, _ls_unknown),
}


# --- what the API does with them ------------------------------------------------------


def deck_game(game: str) -> DeckGame:
    """The deck builder's part of ``game``; 404 for a game it does not build decks for."""
    found = GAMES.get(game)
    if found is None:
        raise ApiError(404, f"the deck builder builds decks for {', '.join(sorted(GAMES))}, "
                       f"not {game[:40]!r}")
    return found


def parse(dg: DeckGame, raw: Any, where: str = "deck", cards: str = "") -> BaseModel:
    """``raw`` as a deck of ``dg``'s shape naming only cards of its pool (with the user
    card files ``cards``); 422 naming every field that is not of the shape, 400 every
    card that is none of the pool (``where``: how to call the deck in the message)."""
    try:
        deck = dg.model.model_validate(raw)
    except ValidationError as e:
        problems = []
        for err in e.errors():
            at = ".".join([where, *(str(x) for x in err.get("loc", ()))])
            problems.append(f"{at}: {err.get('msg', 'invalid')}")
        raise ApiError(422, f"not a {dg.game} deck: " + "; ".join(problems)[:800]) from None
    unknown = dg.unknown(deck, cards)
    if unknown:
        mine = " and your card files" if cards else ""
        raise ApiError(400, f"{where}: " + "; ".join(unknown)[:800] + f" (not a card of "
                       f"{dg.game}'s pool{mine}: GET /api/decks/{dg.game}/pool lists them)")
    return deck


def problems(dg: DeckGame, deck: BaseModel, cards: str = "") -> list[dict[str, str]]:
    """Every deck construction rule ``deck`` breaks, by its game's checker (with the user
    card files ``cards``)."""
    try:
        return dg.check(deck, cards)
    except TabletopError as e:  # the checker could not read it: still the deck's fault
        raise ApiError(400, f"{dg.game} deck: {e}") from None


def new_id() -> str:
    """A fresh id for a built deck's file: random, so that it tells nothing of the deck."""
    return "built-" + secrets.token_hex(6)


def legal_file(dg: DeckGame, deck: BaseModel, cards: str = "") -> tuple[str, str]:
    """The id and the deck file of a legal deck (with the user card files ``cards``: the
    file needs them beside it); 400 listing every rule it breaks otherwise (a deck file
    its game would refuse is never made)."""
    found = problems(dg, deck, cards)
    if found:
        raise ApiError(400, f"the {dg.game} deck breaks {len(found)} deck construction "
                       "rule" + ("s" if len(found) > 1 else "") + ": " + "; ".join(
                           f"{p['field']}: {p['message']} ({p['section']}: "
                           f"\"{p['words']}\")" for p in found)[:1500], problems=found)
    ident = new_id()
    return ident, dg.file_text(deck, ident, cards)


def balance_commands(dg: DeckGame, ident: str, games: int = 100,
                     card_files: tuple[str, ...] = ()) -> list[str]:
    """The ``tabletop balance`` command lines that play the deck saved as ``<ident>.toml``
    against each ready deck of its game (the deck in the first seat; the report gives the
    first seat's advantage beside its win rate); ``card_files``: the names of the user
    card files it needs, given first."""
    mine = "".join(f" --cards {shlex.quote(name)}" for name in card_files)
    out = []
    for other in dg.ready():
        params = dg.params(ident, 0, 2, dg.against(other))
        flags = " ".join(f"--param {k}={str(v).lower() if isinstance(v, bool) else v}"
                         for k, v in sorted(params.items()))
        out.append(f"tabletop balance {dg.game}{mine} --cards {ident}.toml {flags} --games {games} "
                   f"--focus {ident} --out balance-{ident}-vs-{other}")
    return out


def deck_json(dg: DeckGame, deck: BaseModel) -> str:
    """A deck as the builder saves it to a JSON file, legal or not: ``{"game": ...,
    "deck": {...}}`` (the API's ``deck``), which :func:`read_file` reads back."""
    return json.dumps({"game": dg.game, "deck": deck.model_dump()}, indent=1)


def _read_json(dg: DeckGame, text: str, where: str, cards: str = "") -> BaseModel:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as e:
        raise ApiError(400, f"{where}: not valid JSON ({e.msg}, line {e.lineno} column "
                       f"{e.colno})") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("deck"), dict) or set(raw) - {
            "game", "deck"}:
        raise ApiError(400, f"{where}: a deck's JSON file is {{\"game\": ..., \"deck\": "
                       "{...}} (as the deck builder saves it)")
    if raw.get("game") != dg.game:
        raise ApiError(400, f"{where} holds a {str(raw.get('game'))[:40]!r} deck, not a "
                       f"{dg.game} one: open it in /decks/{str(raw.get('game'))[:40]}")
    return parse(dg, raw["deck"], f"{where}: deck", cards)


def read_file(dg: DeckGame, text: str, where: str = "the deck file", cards: str = ""
              ) -> BaseModel:
    """The deck a deck file holds (TOML with one ``[[deck]]``, or the builder's JSON:
    :func:`deck_json`); 400 saying what is wrong and where (the line, the table, the
    field)."""
    if len(text) > MAX_FILE_CHARS:
        raise ApiError(413, f"{where} is {len(text)} characters long: a deck file is at most "
                       f"{MAX_FILE_CHARS}")
    if text.lstrip().startswith("{"):  # no TOML file starts so: a table opens with "["
        return _read_json(dg, text, where, cards)
    try:
        raw = parse_toml(text, where, CardDataError)
    except CardDataError as e:
        raise ApiError(400, str(e)) from None
    decks = raw.get("deck")
    others = sorted(k for k in raw if k != "deck")
    if others:
        raise ApiError(400, f"{where}: a deck file holds one [[deck]] table, not "
                       f"{', '.join(others)} (card files go to --cards)")
    if not isinstance(decks, list) or len(decks) != 1 or not isinstance(decks[0], dict):
        count = len(decks) if isinstance(decks, list) else 0
        raise ApiError(400, f"{where}: a deck file holds one [[deck]] table, not {count}")
    fields = dg.model.model_fields
    unknown = sorted(k for k in decks[0] if k not in fields and k != "id")
    if unknown:
        raise ApiError(400, f"{where}: [[deck]]: no field {', '.join(map(repr, unknown))} in "
                       f"a {dg.game} deck (fields: id, {', '.join(fields)})")
    return parse(dg, dg.from_file(decks[0]), f"{where}: [[deck]]", cards)


__all__ = ["ArenaDeck", "LsDeck", "DeckGame", "GAMES", "deck_game", "parse", "problems",
           "new_id", "legal_file", "read_file", "deck_json", "balance_commands", "Rule"]
