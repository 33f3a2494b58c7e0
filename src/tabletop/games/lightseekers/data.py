"""Loading and validating Lightseekers' cards: heroes, action cards, combos and decks.

The card pool is our design (the rulebook prints no cards): reconstructed, labelled so
wherever players see it, and fitting every word of the rulebook (docs/rules/lightseekers.md,
"The card pool"). Behaviour is written in the rules kernel's language (docs/cards.md) with
Lightseekers' vocabulary (:mod:`.vocab`) and compiled once, when the files load.

Validation is strict and reports every problem at once, each naming the file, the card and
the field: exact types, Elements and Orders that exist, the parts each card type may have
(an attack has effects; an item a weight of 1 or 2 and an Element; a rotating buff four
corners...), selectors that never need a choice, ids defined once, and the deck
construction rules (:func:`deck_problems`) for every deck.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tabletop.cards import (
    EMPTY,
    NO_COSTS,
    Compiler,
    Costs,
    ModSpec,
    Program,
    Replacement,
    Selector,
    Trigger,
)
from tabletop.cards.files import CATALOGS_KEPT
from tabletop.core import EventBook
from tabletop.core.datafile import location, read_checked

from .events import make_book
from .ids import (
    ACTION_TYPES,
    ATTACK,
    BASIC,
    BUFF,
    CIRCLE,
    COMBO_TYPES,
    DECK_ACTIONS,
    DECK_COMBOS,
    DEFEND,
    ELEMENT_BIT,
    ELEMENTS,
    EMPTY_CORNER,
    INDEFINITE,
    IRREGULAR,
    ITEM,
    MAX_COPIES,
    MAX_HEALTH,
    MAX_WEIGHT,
    ORDER_OF,
    ORDERS,
    R_SETUP,
    SUPERIOR,
    UNALIGNED,
    X_CORNER,
)
from .payment import needs
from .vocab import VOCAB

DATA_DIR = Path(__file__).parent / "data"
FILES = ("heroes", "actions", "combos", "decks")
SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"
# Words of the notation a card id may not be (they would make actions ambiguous).
RESERVED = frozenset({"hero", "pass", "play", "combo", "pay", "ability", "return"})
MAX_CARDS = 1_000

Id = Annotated[str, Field(pattern=SLUG, max_length=40)]
Name = Annotated[str, Field(min_length=1, max_length=80)]
Effects = Annotated[list[Any], Field(max_length=16)]
Parts = Annotated[list[Any], Field(max_length=8)]
Corner = Annotated[int, Field(ge=1, le=9)] | Literal["x", "empty"]
Level = Literal["basic", "superior"]
Printed = Annotated[str, Field(max_length=2_000)]


class _Strict(BaseModel):
    # strict: TOML has real types, so "2" is not 2 and 1 is not true
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class AbilityModel(_Strict):
    """An Ability: an action to use. A hero's may name the Element it uses; a card's uses
    the card's Element."""

    element: str | None = None
    health: Annotated[int, Field(ge=1, le=20)] | None = None
    effects: Effects


class PartsModel(_Strict):
    """What a card with lingering, triggered or replacement effects may carry."""

    static: Parts = []
    triggers: Parts = []
    replace: Parts = []
    ability: AbilityModel | None = None


class TraitModel(PartsModel):
    name: Name


class HeroModel(_Strict):
    id: Id
    name: Name
    order: Literal["astral", "dread", "mountain", "nature", "storm", "tech"]
    elements: dict[str, Level]
    health: Annotated[int, Field(ge=1, le=MAX_HEALTH)]
    trait: TraitModel
    text: Printed = ""  # the printed text, if given: checked against the generated one


class CardModel(PartsModel):
    id: Id
    name: Name
    type: Literal["attack", "defend", "buff", "item"]
    element: str
    effects: Effects = []
    rotation: Literal["circle", "irregular"] | None = None
    corners: Annotated[list[Corner], Field(min_length=4, max_length=4)] | None = None
    weight: Annotated[int, Field(ge=1, le=MAX_WEIGHT)] | None = None
    text: Printed = ""  # the printed text, if given: checked against the generated one


class ComboModel(PartsModel):
    id: Id
    name: Name
    type: Literal["attack", "defend", "buff"]
    elements: Annotated[list[str], Field(min_length=1, max_length=4)]
    effects: Effects = []
    rotation: Literal["circle", "irregular"] | None = None
    corners: Annotated[list[Corner], Field(min_length=4, max_length=4)] | None = None
    text: Printed = ""  # the printed text, if given: checked against the generated one


class DeckModel(_Strict):
    id: Id
    name: Name
    hero: Id
    combos: Annotated[list[Id], Field(max_length=20)]
    cards: dict[str, Annotated[int, Field(ge=1, le=30)]]


class CardFile(_Strict):
    hero: Annotated[list[HeroModel], Field(max_length=MAX_CARDS)] = []
    card: Annotated[list[CardModel], Field(max_length=MAX_CARDS)] = []
    combo: Annotated[list[ComboModel], Field(max_length=MAX_CARDS)] = []
    deck: Annotated[list[DeckModel], Field(max_length=MAX_CARDS)] = []


# --- the catalogue the rules use --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ability:
    """An Ability: the Element it uses (``""``: none), its costs and its program."""

    element: str
    bit: int
    costs: Costs
    program: Program


@dataclass(frozen=True, slots=True)
class Card:
    """An action card or a combo, as the rules see it.

    ``need``: the Elements (a bit mask) the hero must be able to use to play it (and, for a
    buff, for it to have any effect); ``orders``: the Orders a combo lists (the hero needs
    one Element of each); ``symbols``: what a combo's payment must cover (Elements and
    Orders, in order); ``slots``: what this card pays for as payment (an aligned action
    card or an item its Element; a combo each symbol on it); ``uses``: the Element an
    action playing it uses (0 for items and unaligned cards); ``grants``: an item's
    Element; ``corners``: a rotating buff's four corners in the order they become active
    (-1 'X', 0 empty, else the number); ``listens``: its triggers by event kind."""

    index: int
    id: str
    name: str
    combo: bool
    type: str
    element: str
    elements: tuple[str, ...]
    need: int
    orders: tuple[str, ...]
    symbols: tuple[str, ...]
    slots: tuple[str, ...]
    uses: int
    grants: int
    weight: int
    rotation: str
    corners: tuple[int, ...]
    effects: Program
    statics: tuple[ModSpec, ...]
    triggers: tuple[Trigger, ...]
    replacements: tuple[Replacement, ...]
    ability: Ability | None
    listens: dict[str, tuple[Trigger, ...]] = field(default_factory=dict, compare=False)
    text: str = ""
    needs: tuple[tuple[str, int], ...] = ()  # a combo's symbols counted (payment.needs)
    printed: str = ""  # the text a card file gave (empty: none; ``text`` is generated)


@dataclass(frozen=True, slots=True)
class Hero:
    """A hero card: Elements at their levels, health and trait."""

    index: int
    id: str
    name: str
    order: str
    elements: tuple[tuple[str, str], ...]
    mask: int
    superior: int
    health: int
    trait: str
    statics: tuple[ModSpec, ...]
    triggers: tuple[Trigger, ...]
    replacements: tuple[Replacement, ...]
    ability: Ability | None
    listens: dict[str, tuple[Trigger, ...]] = field(default_factory=dict, compare=False)
    text: str = ""
    printed: str = ""  # the text a card file gave (empty: none; ``text`` is generated)


@dataclass(frozen=True, slots=True)
class Deck:
    """A ready deck: its hero, five combos and thirty action cards."""

    id: str
    name: str
    hero: str
    combos: tuple[str, ...]
    cards: tuple[tuple[str, int], ...]
    contents: tuple[int, ...]  # every card of the deck (card indexes), combos first


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every hero, card and deck; ``names`` the name of every id; ``listening`` the event
    kinds some card triggers on; ``replacing`` whether any card has a replacement
    effect."""

    cards: tuple[Card, ...]
    index: dict[str, int]
    heroes: tuple[Hero, ...]
    hero_index: dict[str, int]
    decks: dict[str, Deck]
    names: dict[str, str]
    listening: frozenset[str]
    replacing: bool
    book: EventBook = field(compare=False)  # built from the cards (a memo)
    # For each event kind: the heroes and the cards (indexes) with a trigger on it.
    listeners: dict[str, tuple[frozenset[int], frozenset[int]]] = field(default_factory=dict)
    # The book of each line-up of heroes (by seat), made once: one game's events and its
    # replay's are alike, book and all.
    books: dict[tuple[int, ...], EventBook] = field(default_factory=dict)
    # What the rules and views derive from the cards, made once per catalogue (the legal
    # actions' tables, the cards as view data), by name.
    derived: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def book_of(self, heroes: tuple[int, ...]) -> EventBook:
        """The event book of a game whose seats play these heroes (names in sentences)."""
        book = self.books.get(heroes)
        if book is None:
            book = self.books[heroes] = make_book(
                self.names, tuple(self.heroes[h].name for h in heroes))
        return book

    def card(self, card_id: str) -> Card:
        """The card with this id."""
        return self.cards[self.index[card_id]]

    def hero(self, hero_id: str) -> Hero:
        """The hero with this id."""
        return self.heroes[self.hero_index[hero_id]]


# --- compiling ----------------------------------------------------------------------------


def _element_word(c: Compiler, raw: str, where: str, unaligned: bool = False) -> str:
    ok = set(ELEMENTS) | ({UNALIGNED} if unaligned else set())
    if raw not in ok:
        c.problem(where, f"unknown Element {raw!r} (one of {', '.join(sorted(ok))})")
        return ""
    return raw


def _no_choices(c: Compiler, program: Program, where: str) -> None:
    """Selectors must name their heroes (target, enemy, self, others, everyone, or
    remembered ones): a Lightseekers effect never asks for a target, nor offers a choice."""
    for step in program.steps:
        if step.op == "_choose":
            c.problem(where, "choose is not part of Lightseekers' card language (an "
                      "effect never asks a question)")
        for name, v in step.f.items():
            if isinstance(v, Selector) and not (v.name or v.ref or v.many):
                c.problem(f"{where}.{name}", "a selector must be named (target, enemy, "
                          "self, others, everyone) or take each hero it allows "
                          "(count = \"each\")")


def _uses_x(raw: Any) -> bool:
    if raw == "x":
        return True
    if isinstance(raw, dict):
        return any(_uses_x(v) for v in raw.values())
    if isinstance(raw, list):
        return any(_uses_x(v) for v in raw)
    return False


def _parts(c: Compiler, m: PartsModel, where: str, address: str
           ) -> tuple[tuple[ModSpec, ...], tuple[Trigger, ...], tuple[Replacement, ...]]:
    statics = tuple(c.modifier(raw, f"{where}.static[{i}]") for i, raw in enumerate(m.static))
    for i, spec in enumerate(statics):
        if spec.kind != "stat" or spec.key not in ("power", "armor"):
            c.problem(f"{where}.static[{i}]", "a lingering effect changes power or armor")
    triggers = tuple(c.trigger(raw, f"{where}.triggers[{i}]", f"{address}:trigger{i}")
                     for i, raw in enumerate(m.triggers))
    for i, t in enumerate(triggers):
        _no_choices(c, t.program, f"{where}.triggers[{i}]")
        if t.limit:
            c.problem(f"{where}.triggers[{i}].limit", "Lightseekers triggers have no limit")
    repl = tuple(c.replacement(raw, f"{where}.replace[{i}]", f"{address}:replace{i}")
                 for i, raw in enumerate(m.replace))
    return statics, triggers, repl


def _ability(c: Compiler, m: AbilityModel | None, element: str, where: str,
             address: str) -> Ability | None:
    if m is None:
        return None
    program = c.program(m.effects, f"{where}.effects", f"{address}:ability")
    if not m.effects:
        c.problem(f"{where}.effects", "an Ability needs effects")
    _no_choices(c, program, f"{where}.effects")
    costs = c.costs({"health": m.health} if m.health else {}, where) if m.health else NO_COSTS
    return Ability(element, ELEMENT_BIT.get(element, 0), costs, program)


def _listens(triggers: tuple[Trigger, ...]) -> dict[str, tuple[Trigger, ...]]:
    out: dict[str, list[Trigger]] = {}
    for t in triggers:
        out.setdefault(t.on, []).append(t)
    return {k: tuple(v) for k, v in out.items()}


def _corners(raw: list[Any] | None) -> tuple[int, ...]:
    if raw is None:
        return ()
    return tuple(X_CORNER if v == "x" else EMPTY_CORNER if v == "empty" else int(v)
                 for v in raw)


def _shape(c: Compiler, m: CardModel | ComboModel, where: str) -> None:
    """The parts each type of card may have (ACTION CARD - ATTACK & DEFEND, - BUFF,
    - ITEM; Combo Cards)."""
    has_parts = bool(m.static or m.triggers or m.replace or m.ability)
    if m.type in (ATTACK, DEFEND):
        if not m.effects:
            c.problem(f"{where}.effects", f"an {m.type} card needs effects")
        if has_parts or m.rotation or m.corners is not None:
            c.problem(where, f"an {m.type} card has only effects (it is discarded after "
                      "it is played)")
    if isinstance(m, CardModel):
        if m.type == ITEM:
            if m.weight is None:
                c.problem(f"{where}.weight", "an item needs a weight (1 or 2 points)")
            if m.element == UNALIGNED:
                c.problem(f"{where}.element", "an item grants an Element")
            if m.effects or m.rotation or m.corners is not None:
                c.problem(where, "an item has static, triggers, replace or an ability")
            if not has_parts:
                c.problem(where, "an item needs an effect while in play")
        elif m.weight is not None:
            c.problem(f"{where}.weight", "only items have a weight")
    if m.type == BUFF:
        if not (has_parts or m.effects):
            c.problem(where, "a buff needs effects")
        if (m.rotation is None) != (m.corners is None):
            c.problem(where, "a rotating buff has rotation and its four corners")
        corners = _corners(m.corners)
        if m.rotation == IRREGULAR:
            if corners and corners[0] <= 0:
                c.problem(f"{where}.corners", "an irregular buff starts with a number "
                          "(it turns only when its effect triggers)")
            if m.effects:
                c.problem(f"{where}.effects", "an irregular buff's effects are triggers, "
                          "replacements or an ability")
        if m.rotation == CIRCLE and corners and all(v <= 0 for v in corners):
            c.problem(f"{where}.corners", "a rotating buff needs a number on a corner")
        if corners and corners[0] == EMPTY_CORNER:
            c.problem(f"{where}.corners", "the upright corner of a buff is not empty")
    uses_x = _uses_x([m.effects, m.static, m.triggers, m.replace,
                      m.ability.effects if m.ability else []])
    if uses_x and m.rotation is None:
        c.problem(where, "only a rotating buff has an X (its active corner)")


def _compile_card(c: Compiler, m: CardModel | ComboModel, index: int, where: str) -> Card:
    combo = isinstance(m, ComboModel)
    address = f"{'combo' if combo else 'card'}:{m.id}"
    _shape(c, m, where)
    if isinstance(m, ComboModel):
        symbols = []
        for i, e in enumerate(m.elements):
            if e not in ELEMENTS and e not in ORDERS:
                c.problem(f"{where}.elements[{i}]", f"unknown Element or Order {e!r}")
            else:
                symbols.append(e)
        elements = tuple(e for e in symbols if e in ELEMENT_BIT)
        orders = tuple(e for e in symbols if e in ORDERS)
        need = sum(ELEMENT_BIT[e] for e in set(elements))
        element = ""
        slots = tuple(symbols)
        uses = grants = weight = 0
    else:
        element = _element_word(c, m.element, f"{where}.element", unaligned=True)
        aligned = element in ELEMENT_BIT
        elements = (element,) if aligned else ()
        orders = ()
        symbols = []
        slots = elements
        bit = ELEMENT_BIT.get(element, 0)
        item = m.type == ITEM
        # An item's Element is gained, not required (ACTION CARD - ITEM).
        need = 0 if item else bit
        uses = 0 if item else bit
        grants = bit if item else 0
        weight = m.weight or 0
    effects = c.program(m.effects, f"{where}.effects", f"{address}:effects") \
        if m.effects else EMPTY
    _no_choices(c, effects, f"{where}.effects")
    statics, triggers, repl = _parts(c, m, where, address)
    if m.ability is not None and m.ability.element is not None:
        c.problem(f"{where}.ability.element", "a card's Ability uses the card's Element")
    ability_element = element if element in ELEMENT_BIT else (elements[0] if combo and
                                                             elements else "")
    ability = _ability(c, m.ability, ability_element, f"{where}.ability", address)
    return Card(index, m.id, m.name, combo, m.type, element, elements, need, orders,
                tuple(symbols), slots, uses, grants, weight, m.rotation or INDEFINITE,
                _corners(m.corners), effects, statics, triggers, repl, ability,
                _listens(triggers), "", needs(symbols), m.text)


def _compile_hero(c: Compiler, m: HeroModel, index: int, where: str) -> Hero:
    levels: list[tuple[str, str]] = []
    for e, level in m.elements.items():
        if _element_word(c, e, f"{where}.elements"):
            levels.append((e, level))
    if len(m.elements) != 3:
        c.problem(f"{where}.elements", f"a hero has three Elements, not {len(m.elements)}")
    if levels and not any(ORDER_OF[e] == m.order for e, _ in levels):
        c.problem(f"{where}.order", f"none of its Elements belongs to the {m.order} Order")
    mask = sum(ELEMENT_BIT[e] for e, _ in levels)
    superior = sum(ELEMENT_BIT[e] for e, lv in levels if lv == SUPERIOR)
    t = m.trait
    statics, triggers, repl = _parts(c, t, f"{where}.trait", f"hero:{m.id}")
    element = ""
    if t.ability is not None and t.ability.element is not None:
        element = _element_word(c, t.ability.element, f"{where}.trait.ability.element")
        if element and element not in m.elements:
            c.problem(f"{where}.trait.ability.element", f"{element} is not one of the "
                      "hero's Elements")
    if _uses_x([t.static, t.triggers, t.replace, t.ability.effects if t.ability else []]):
        c.problem(f"{where}.trait", "only a rotating buff has an X (its active corner)")
    ability = _ability(c, t.ability, element, f"{where}.trait.ability", f"hero:{m.id}")
    return Hero(index, m.id, m.name, m.order, tuple(levels), mask, superior, m.health,
                t.name, statics, triggers, repl, ability, _listens(triggers), "", m.text)


def deck_problems(cat_cards: dict[str, Card], heroes: dict[str, Hero], hero: str,
                  combos: list[str], cards: dict[str, int]) -> list[str]:
    """Every way a deck breaks the construction rules (GETTING STARTED: "a hero and a deck
    containing 5 combos and 30 action cards. A deck can't contain any duplicate combos
    and must have at most 3 of each action card"), each naming the rule."""
    rule = f"({R_SETUP})"
    out: list[str] = []
    if hero not in heroes:
        out.append(f"hero: unknown hero {hero!r} {rule}")
    for cid in combos:
        card = cat_cards.get(cid)
        if card is None:
            out.append(f"combos: unknown combo {cid!r}")
        elif not card.combo:
            out.append(f"combos: {cid!r} is an action card, not a combo")
    if len(set(combos)) != len(combos):
        dup = sorted({c for c in combos if combos.count(c) > 1})
        out.append(f"combos: {', '.join(dup)} twice; a deck can't contain any duplicate "
                   f"combos {rule}")
    if len(combos) != DECK_COMBOS:
        out.append(f"combos: {len(combos)} combos; a deck contains {DECK_COMBOS} {rule}")
    total = 0
    for cid, n in cards.items():
        card = cat_cards.get(cid)
        if card is None:
            out.append(f"cards: unknown card {cid!r}")
            continue
        if card.combo:
            out.append(f"cards: {cid!r} is a combo; combos go in combos")
            continue
        total += n
        if n > MAX_COPIES:
            out.append(f"cards: {n} copies of {cid!r}; a deck must have at most "
                       f"{MAX_COPIES} of each action card {rule}")
    if total != DECK_ACTIONS:
        out.append(f"cards: {total} action cards; a deck contains {DECK_ACTIONS} {rule}")
    return out


def load_catalog(paths: tuple[Path, ...] = ()) -> Catalog:
    """The packaged cards (and any further files), compiled and validated; every problem
    is reported at once in one ``CardDataError``."""
    files = [DATA_DIR / f"{name}.toml" for name in FILES] + list(paths)
    c = Compiler(VOCAB)
    heroes: dict[str, Hero] = {}
    cards: dict[str, Card] = {}
    decks: dict[str, DeckModel] = {}
    deck_file: dict[str, Path] = {}
    seen: dict[str, str] = {}
    for path in files:
        _, data = read_checked(CardFile, path, c.problems)
        if data is None:
            continue
        entries: list[tuple[str, Any]] = [("hero", h) for h in data.hero] + \
            [("card", m) for m in data.card] + [("combo", m) for m in data.combo]
        for kind, m in entries:
            where = location(path, kind, m.id)
            if m.id in seen:
                c.problem(where, f"id {m.id!r} is already a {seen[m.id]}")
                continue
            if m.id in RESERVED:
                c.problem(where, f"{m.id!r} is a word of the notation")
            seen[m.id] = kind
            if kind == "hero":
                heroes[m.id] = _compile_hero(c, m, len(heroes), where)
            else:
                cards[m.id] = _compile_card(c, m, len(cards), where)
        for d in data.deck:
            if d.id in decks:
                c.problem(location(path, "deck", d.id), "defined twice")
            decks[d.id] = d
            deck_file[d.id] = path
    for d in decks.values():
        for message in deck_problems(cards, heroes, d.hero, d.combos, d.cards):
            c.problem(location(deck_file[d.id], "deck", d.id), message)
    c.raise_problems()
    names = {k: v.name for k, v in cards.items()} | {k: v.name for k, v in heroes.items()}
    from .text import card_text, hero_text

    ordered = tuple(_with_text(card, card_text(card)) for card in cards.values())
    index = {card.id: card.index for card in ordered}
    hero_list = tuple(_with_text(h, hero_text(h)) for h in heroes.values())
    built = {d.id: Deck(d.id, d.name, d.hero, tuple(d.combos), tuple(d.cards.items()),
                        tuple(index[x] for x in d.combos) + tuple(
                            index[x] for x, n in d.cards.items() for _ in range(n)))
             for d in decks.values()}
    listening = frozenset(k for x in (*ordered, *hero_list) for k in x.listens)
    replacing = any(x.replacements for x in (*ordered, *hero_list))
    listeners = {k: (frozenset(h.index for h in hero_list if k in h.listens),
                     frozenset(c.index for c in ordered if k in c.listens))
                 for k in listening}
    return Catalog(ordered, index, hero_list, {h.id: h.index for h in hero_list}, built,
                   names, listening, replacing, make_book(names), listeners)


def _with_text(card: Any, text: str) -> Any:
    object.__setattr__(card, "text", text)
    return card


@lru_cache(maxsize=CATALOGS_KEPT)
def catalog(cards: str = "") -> Catalog:
    """The packaged card pool plus any user card files (comma-separated paths; the
    ``cards`` parameter), loaded once for each set of files."""
    return load_catalog(tuple(Path(p) for p in cards.split(",") if p))


__all__ = ["Catalog", "Card", "Hero", "Deck", "Ability", "load_catalog", "catalog",
           "deck_problems", "BASIC", "ACTION_TYPES", "COMBO_TYPES"]
