"""Loading and validating Hoshi Battle's cards (``data/heroes.toml``, ``data/cards.toml``).

The 20 Heroes and 20 Duel cards are reconstructed except seven known texts
(docs/rules/hoshi-battle.md, "Cards"). Behaviour is written in the rules kernel's
language (docs/cards.md) and compiled with this game's vocabulary (:mod:`.vocab`) into
immutable nodes. Validation is strict and reports every problem at once, each naming the
file, the card and the field: types and ranges exact (pydantic, strict), every op and
word known (the kernel's compiler), ids defined once, the known words contained in the
printed text, and the printed text saying what the behaviour does (:mod:`.text`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tabletop.cards import EMPTY, Compiler, ModSpec, Program, Trigger
from tabletop.cards.files import CATALOGS_KEPT
from tabletop.cards.text import same_text
from tabletop.core.datafile import check, entry_label, location, raise_problems, read_checked

from .ids import CARD_TYPES, TIMINGS
from .text import TextError, card_text, hero_text
from .vocab import VOCAB

DATA_DIR = Path(__file__).parent / "data"
SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"
# Words of the notation that a card id may not be.
RESERVED = frozenset({"pass", "wait", "hit", "miss", "strike", "hero", "play", "discard"})

Id = Annotated[str, Field(pattern=SLUG, max_length=40)]
Name = Annotated[str, Field(min_length=1, max_length=60)]
Text = Annotated[str, Field(min_length=1, max_length=400)]
UserText = Annotated[str, Field(max_length=400)]  # a user's card may leave it out
Cost = Annotated[int, Field(ge=0, le=9)]
Items = Annotated[list[Any], Field(max_length=6)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class HeroModel(_Strict):
    id: Id
    name: Name
    die: Literal[8, 10]
    cost: Cost
    text: Text
    known: str = ""
    static: Items = []
    triggers: Items = []


class CardModel(_Strict):
    id: Id
    name: Name
    type: Literal["artifact", "power", "legend"]
    cost: Cost
    timing: Literal["duel_start", "round_start", "round_end", "hit_taken", "hit_given",
                    "stone_lost"]
    text: Text
    known: str = ""
    effects: Items = []
    triggers: Items = []


class HeroFile(_Strict):
    hero: Annotated[list[dict[str, Any]], Field(max_length=100)]


class CardFile(_Strict):
    card: Annotated[list[dict[str, Any]], Field(max_length=100)]


class UserHeroModel(HeroModel):
    text: UserText = ""


class UserCardModel(CardModel):
    text: UserText = ""


class UserFile(_Strict):
    """A user's card file (``--cards``): Heroes, Duel cards or both; a card's ``text`` may
    be left out (its generated text is printed), and one that differs from the
    generated text is a warning of the loader (tabletop.cards.files), not an error."""

    hero: Annotated[list[dict[str, Any]], Field(max_length=100)] = []
    card: Annotated[list[dict[str, Any]], Field(max_length=100)] = []


@dataclass(frozen=True, slots=True)
class Hero:
    """A Hero card: its die type (8 or 10), Cost, printed text (``known``: the
    publisher's words, when known) and its ability as compiled data."""

    id: str
    name: str
    die: int
    cost: int
    text: str
    known: str
    statics: tuple[ModSpec, ...]
    triggers: tuple[Trigger, ...]


@dataclass(frozen=True, slots=True)
class Card:
    """A Duel card: its type (artifact, power, legend), Cost, timing, printed text
    (``known``: the publisher's words) and behaviour (effects when played, triggers
    while in play)."""

    id: str
    name: str
    type: str
    cost: int
    timing: str
    text: str
    known: str
    effects: Program
    triggers: tuple[Trigger, ...]


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every Hero and Duel card, by id (in file order)."""

    heroes: dict[str, Hero]
    cards: dict[str, Card]
    # What the rules derive from the cards, made once per catalogue (the event book with
    # these names, the order of ids in hands), by name.
    derived: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def name(self, card_id: str) -> str:
        """The printed name of any card id (the id itself if unknown)."""
        found = self.heroes.get(card_id) or self.cards.get(card_id)
        return found.name if found is not None else card_id

    @property
    def ids(self) -> tuple[str, ...]:
        """Every card id, Heroes first."""
        return (*self.heroes, *self.cards)


def _compile_hero(c: Compiler, m: HeroModel, where: str) -> Hero:
    statics = tuple(c.modifier(raw, f"{where}: static[{i}]") for i, raw in enumerate(m.static))
    triggers = tuple(c.trigger(raw, f"{where}: triggers[{i}]", f"hero:{m.id}:trigger:{i}")
                     for i, raw in enumerate(m.triggers))
    return Hero(m.id, m.name, m.die, m.cost, m.text, m.known, statics, triggers)


def _compile_card(c: Compiler, m: CardModel, where: str) -> Card:
    effects = c.program(m.effects, f"{where}: effects", f"card:{m.id}") if m.effects else EMPTY
    triggers = tuple(c.trigger(raw, f"{where}: triggers[{i}]", f"card:{m.id}:trigger:{i}")
                     for i, raw in enumerate(m.triggers))
    return Card(m.id, m.name, m.type, m.cost, m.timing, m.text, m.known, effects, triggers)


def _printing(card: Any, text: str) -> Any:
    from dataclasses import replace

    return replace(card, text=text)


def _check_text(c: Compiler, where: str, printed: str, known: str,
                generate: Any, user: bool = False) -> None:
    """The packaged cards' printed text must say what the data does (a problem); a user
    card's is checked by the loader (a warning), but the data must have a text."""
    if known and known not in printed:
        c.problem(where, f"the known text {known!r} is not in the printed text")
    try:
        generated = generate()
    except TextError as e:
        c.problem(where, f"text: {e}")
        return
    if not user and not same_text(printed, generated):
        c.problem(where, f"the printed text says {printed!r}; the data does "
                  f"{generated!r}")


def load_catalog(hero_path: Path = DATA_DIR / "heroes.toml",
                 card_path: Path = DATA_DIR / "cards.toml",
                 extra: tuple[Path, ...] = ()) -> Catalog:
    """Read, validate and compile both files, then any user card files (``extra``: their
    Heroes and Duel cards join the pool); every problem at once as a
    ``CardDataError``."""
    c = Compiler(VOCAB)
    problems: list[str] = []  # the files' and entries' shapes (c.problems: the cards')
    _, hfile = read_checked(HeroFile, hero_path, problems)
    _, cfile = read_checked(CardFile, card_path, problems)
    heroes: dict[str, Hero] = {}
    cards: dict[str, Card] = {}
    seen: set[str] = set()
    Model = type[HeroModel | CardModel]
    entries: list[tuple[Path, str, list[dict[str, Any]], Model, bool]] = [
        (hero_path, "hero", hfile.hero if hfile else [], HeroModel, False),
        (card_path, "card", cfile.card if cfile else [], CardModel, False)]
    for path in extra:
        _, ufile = read_checked(UserFile, path, problems)
        if ufile is not None:
            entries += [(path, "hero", ufile.hero, UserHeroModel, True),
                        (path, "card", ufile.card, UserCardModel, True)]
    for path, table, items, model, user in entries:
        for i, raw in enumerate(items):
            label = entry_label(raw, i)
            where = location(path, table, label)
            m = check(model, raw, path, problems, table, label)
            if m is None:
                continue
            if m.id in seen or m.id in RESERVED:
                c.problem(where, "defined twice" if m.id in seen else
                          "a word of the notation cannot be a card id")
            seen.add(m.id)
            if isinstance(m, HeroModel):
                hero = _compile_hero(c, m, where)
                heroes[m.id] = hero
                if not c.problems:
                    _check_text(c, where, m.text, m.known,
                                lambda h=hero: hero_text(h.statics, h.triggers), user)
            else:
                card = _compile_card(c, m, where)
                cards[m.id] = card
                if not c.problems:
                    _check_text(c, where, m.text, m.known, lambda k=card: card_text(
                        k.type, k.timing, k.effects, k.triggers), user)
    if not c.problems:  # a user card without a printed text prints its generated one
        heroes = {k: v if v.text else _printing(v, hero_text(v.statics, v.triggers))
                  for k, v in heroes.items()}
        cards = {k: v if v.text else _printing(v, card_text(v.type, v.timing, v.effects,
                                                            v.triggers))
                 for k, v in cards.items()}
    if not heroes or not cards:
        problems.append("hoshi-battle needs Heroes and Duel cards")
    raise_problems(problems + c.problems)
    assert set(CARD_TYPES) >= {k.type for k in cards.values()}
    assert set(TIMINGS) >= {k.timing for k in cards.values()}
    return Catalog(heroes, cards)


@lru_cache(maxsize=CATALOGS_KEPT)
def catalog(cards: str = "") -> Catalog:
    """The packaged cards plus any user card files (comma-separated paths; the ``cards``
    parameter), loaded once for each set of files."""
    return load_catalog(extra=tuple(Path(p) for p in cards.split(",") if p))


__all__ = ["Hero", "Card", "Catalog", "load_catalog", "catalog", "DATA_DIR", "RESERVED"]
