"""Loading and validating radiant-arena's card files (format: docs/rules/radiant-arena-cards.md).

The starter decks' texts are reconstructed (the rulebook names the cards but prints few
texts; see docs/rules/radiant-arena.md). Every error names the file, the card and the
field. Effects become tuples ``(op, fields)`` so the rules never parse data on a hot path.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tabletop.core import CardDataError
from tabletop.core.datafile import validate
from tabletop.core.files import parse_toml, read_text

if TYPE_CHECKING:
    from tabletop.core import EventBook

DATA_DIR = Path(__file__).parent / "data"
FILES = ("heroes", "deities", "conduits", "items", "skills", "decks")

# Limits on a card file (a user's file is input like any other): its size, its cards,
# and the numbers on them. The rulebook's numbers are all far inside these.
MAX_FILE_BYTES = 1_000_000
MAX_FILES = 32
MAX_CARDS = 1_000  # cards of all kinds in one file
MAX_STAT = 99  # attack, armor, exp, regen, costs, effect amounts
MAX_HEALTH = 999
MAX_COPIES = 30  # copies of one skill card in its hero's set
MAX_SET = 60  # skill cards in one hero's set
SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"
# Words of the notation that a card id may not be (they would make actions ambiguous).
RESERVED = frozenset({"left", "center", "right", "conduit", "by", "banish", "mass",
                      "buyback", "attack", "armor", "home", "void"})

Id = Annotated[str, Field(pattern=SLUG, max_length=40)]
Name = Annotated[str, Field(min_length=1, max_length=80)]
Text = Annotated[str, Field(max_length=2_000)]
Stat = Annotated[int, Field(ge=0, le=MAX_STAT)]
Health = Annotated[int, Field(ge=1, le=MAX_HEALTH)]
Keyword = Annotated[str, Field(pattern=SLUG, max_length=24)]
Effects = Annotated[list[dict[str, Any]], Field(max_length=16)]

OPS = {
    "damage": {"target", "amount", "piercing", "stun"},
    "heal": {"target", "amount"},
    "draw": {"amount"},
    "discard": {"who", "amount"},
    "power": {"amount"},
    "boost": {"target", "attack", "armor"},
    "boost_choice": {"target", "amount"},
    "scale": {"target", "stat", "per", "amount"},
    "recover": {"target"},
    "commit": {"target"},
    "move": {"target"},
    "extra_clash": set(),
    "action_points": {"amount"},
    "grant": {"target", "keyword"},
    "level_up": {"target"},
    "script": {"name"},
}
SELECTORS = frozenset({
    "self", "friendly_here", "other_friendly_here", "friendly_any", "enemy_here",
    "enemy_any", "opposing", "all_enemies_here", "all_friendlies_here", "all_opposing",
    "enemy_conduit_here",
})
HERO_KEYWORDS = frozenset({"evoker", "taunt", "vanguard", "divine"})
GRANTABLE = frozenset({"piercing", "stun", "taunt", "vanguard"})

Effect = tuple[str, dict[str, Any]]


class _Strict(BaseModel):
    # strict: TOML has real types, so "2" is not 2 and 1 is not true
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class TalentModel(_Strict):
    id: Id
    cost: Stat
    power: Stat = 0
    cooldown: bool = False
    ultimate: bool = False
    effects: Effects


class SideModel(_Strict):
    subtitle: Annotated[str, Field(max_length=80)]
    attack: Stat
    armor: Stat
    health: Health
    exp: Stat | None = None
    keywords: Annotated[list[Keyword], Field(max_length=8)] = []
    regen: Stat = 0
    text: Text = ""
    talent: Annotated[list[TalentModel], Field(max_length=4)] = []
    on_combat_damage: Effects = []


class HeroModel(_Strict):
    id: Id
    name: Name
    hero_class: Literal["tank", "warrior", "support"] = Field(alias="class")
    basic: SideModel
    levelled: SideModel


class DeityModel(_Strict):
    id: Id
    name: Name
    attack: Stat
    armor: Stat
    health: Health
    keywords: Annotated[list[Keyword], Field(max_length=8)] = ["divine"]
    regen: Stat = 0
    text: Text = ""
    conduits: Annotated[list[Id], Field(min_length=3, max_length=3)]
    manifest: Effects = []
    talent: Annotated[list[TalentModel], Field(max_length=4)] = []
    on_would_be_ko: Id | None = None
    on_combat_damage: Effects = []


class ConsecratedModel(_Strict):
    attack: Stat
    health: Health


class ConduitModel(_Strict):
    id: Id
    name: Name
    text: Text = ""
    ruin: Effects = []


class ItemModel(_Strict):
    id: Id
    name: Name
    cost: Stat
    attack: Stat = 0
    armor: Stat = 0
    health: Stat = 0
    keywords: Annotated[list[Keyword], Field(max_length=8)] = []
    text: Text = ""
    equip: Effects = []
    talent: Annotated[list[TalentModel], Field(max_length=4)] = []
    grants: Annotated[list[Keyword], Field(max_length=8)] = []


class SkillModel(_Strict):
    id: Id
    name: Name
    hero: Id
    count: Annotated[int, Field(ge=1, le=MAX_COPIES)]
    attack: Stat = 0
    armor: Stat = 0
    ultimate: bool = False
    text: Text = ""
    talent: TalentModel | None = None
    clash: Effects = []


class DeckModel(_Strict):
    id: Id
    name: Name
    heroes: Annotated[list[Id], Field(min_length=3, max_length=3)]
    items: Annotated[list[Id], Field(min_length=3, max_length=3)]
    deity: Id
    conduits: Annotated[list[Id], Field(min_length=3, max_length=3)]


class CardFile(_Strict):
    """One card file; any of the tables may be absent (a user file may add a few cards)."""

    hero: Annotated[list[HeroModel], Field(max_length=MAX_CARDS)] = []
    deity: Annotated[list[DeityModel], Field(max_length=MAX_CARDS)] = []
    consecrated: ConsecratedModel | None = None
    conduit: Annotated[list[ConduitModel], Field(max_length=MAX_CARDS)] = []
    item: Annotated[list[ItemModel], Field(max_length=MAX_CARDS)] = []
    skill: Annotated[list[SkillModel], Field(max_length=MAX_CARDS)] = []
    deck: Annotated[list[DeckModel], Field(max_length=MAX_CARDS)] = []


# --- the catalog the rules use ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Talent:
    """A talent: its action point and power costs, Cooldown, Ultimate, and effects."""

    id: str
    cost: int
    power: int
    cooldown: bool
    ultimate: bool
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Side:
    """One face of a hero (or a deity's only face)."""

    subtitle: str
    attack: int
    armor: int
    health: int
    exp: int | None
    keywords: frozenset[str]
    regen: int
    text: str
    talents: tuple[Talent, ...]
    on_combat_damage: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Unit:
    """A hero or a deity: the card as the rules see it."""

    id: str
    name: str
    is_deity: bool
    sides: tuple[Side, Side]  # basic, levelled (a deity's two are the same)
    conduits: tuple[str, ...] = ()
    manifest: tuple[Effect, ...] = ()
    on_would_be_ko: str | None = None
    hero_class: str = "deity"


@dataclass(frozen=True, slots=True)
class Skill:
    """A skill card."""

    id: str
    name: str
    hero: str
    count: int
    attack: int
    armor: int
    ultimate: bool
    text: str
    talent: Talent | None
    clash: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Item:
    """An item card."""

    id: str
    name: str
    cost: int
    attack: int
    armor: int
    health: int
    keywords: frozenset[str]
    text: str
    equip: tuple[Effect, ...]
    talents: tuple[Talent, ...]
    grants: frozenset[str]


@dataclass(frozen=True, slots=True)
class Conduit:
    """A conduit's ruined face."""

    id: str
    name: str
    text: str
    ruin: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Deck:
    """A starting deck: heroes, items, deity and conduits (skills follow the heroes)."""

    id: str
    name: str
    heroes: tuple[str, ...]
    items: tuple[str, ...]
    deity: str
    conduits: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every card by id, and the consecrated conduits' stats.

    ``names`` gives the printed name of every card id (units, skills, items, conduits: ids
    are unique across kinds); ``book`` renders the game's events with these names.
    """

    units: dict[str, Unit]
    skills: dict[str, Skill]
    items: dict[str, Item]
    conduits: dict[str, Conduit]
    decks: dict[str, Deck]
    conduit_attack: int
    conduit_health: int
    sources: tuple[str, ...]
    names: dict[str, str] = field(init=False, compare=False, repr=False)
    book: EventBook = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        from .events import make_book

        names = {c.id: c.name for table in (self.units, self.skills, self.items, self.conduits)
                 for c in table.values()}
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "book", make_book(names))

    def skill_set(self, hero: str) -> list[str]:
        """The skill ids of a hero's set, each as many times as its count."""
        return [s.id for s in self.skills.values() if s.hero == hero for _ in range(s.count)]


# The type each effect field must have, and its range (bool fields have none).
_INT_FIELDS = {"amount": (0, MAX_STAT), "attack": (-MAX_STAT, MAX_STAT),
               "armor": (-MAX_STAT, MAX_STAT), "per": (1, MAX_STAT)}
_BOOL_FIELDS = frozenset({"piercing", "stun"})
_WORD_FIELDS: dict[str, frozenset[str]] = {
    "target": SELECTORS, "keyword": GRANTABLE, "stat": frozenset({"attack", "armor"}),
    "who": frozenset({"self", "opponent"})}


class _Checker:
    """Validates effect lists and references, naming file, card and field."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, card: str, field: str, msg: str) -> CardDataError:
        return CardDataError(f"{self.path}: {card}: field {field!r}: {msg}")

    def effects(self, raw: Iterable[dict[str, Any]], card: str, field: str) -> tuple[Effect, ...]:
        from .scripts import SCRIPTS

        out = []
        for i, eff in enumerate(raw):
            where = f"{field}[{i}]"
            op = eff.get("op")
            if not isinstance(op, str) or op not in OPS:
                raise self.fail(card, where, f"unknown op {_short(op)} (ops: "
                                f"{', '.join(sorted(OPS))})")
            fields = {k: v for k, v in eff.items() if k != "op"}
            extra = set(fields) - OPS[op]
            if extra:
                raise self.fail(card, where, f"op {op!r} has no field {_short(sorted(extra)[0])}")
            for key, value in fields.items():
                self._field(card, where, key, value)
            if "target" in OPS[op] and "target" not in fields:
                if op == "damage":
                    raise self.fail(card, where, "damage needs a target")
                fields["target"] = "self"
            if op == "grant" and "keyword" not in fields:
                raise self.fail(card, where, f"keyword must be one of {sorted(GRANTABLE)}")
            if op == "scale" and "stat" not in fields:
                raise self.fail(card, where, "stat must be attack or armor")
            if op == "script" and fields.get("name") not in SCRIPTS:
                raise self.fail(card, where, f"unknown script {_short(fields.get('name'))}")
            out.append((op, fields))
        return tuple(out)

    def _field(self, card: str, where: str, key: str, value: Any) -> None:
        """One field of an effect: the right type, in range."""
        if key in _INT_FIELDS:
            lo, hi = _INT_FIELDS[key]
            if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
                raise self.fail(card, where, f"{key} must be an integer from {lo} to {hi}, "
                                f"not {_short(value)}")
        elif key in _BOOL_FIELDS:
            if not isinstance(value, bool):
                raise self.fail(card, where, f"{key} must be true or false, not {_short(value)}")
        elif key in _WORD_FIELDS:
            if not isinstance(value, str) or value not in _WORD_FIELDS[key]:
                what = "target" if key == "target" else key
                raise self.fail(card, where, f"unknown {what} {_short(value)} (one of "
                                f"{', '.join(sorted(_WORD_FIELDS[key]))})")
        elif key == "name" and not isinstance(value, str):
            raise self.fail(card, where, f"name must be a script name, not {_short(value)}")

    def talent(self, t: TalentModel, card: str) -> Talent:
        return Talent(t.id, t.cost, t.power, t.cooldown, t.ultimate,
                      self.effects(t.effects, card, f"talent {t.id}.effects"))

    def side(self, s: SideModel, card: str, field: str) -> Side:
        bad = set(s.keywords) - HERO_KEYWORDS
        if bad:
            raise self.fail(card, f"{field}.keywords", f"unknown keyword {sorted(bad)[0]!r}")
        ids = [t.id for t in s.talent]
        if len(set(ids)) != len(ids):
            raise self.fail(card, f"{field}.talent", "two talents with the same id")
        return Side(s.subtitle, s.attack, s.armor, s.health, s.exp, frozenset(s.keywords),
                    s.regen, s.text, tuple(self.talent(t, card) for t in s.talent),
                    self.effects(s.on_combat_damage, card, f"{field}.on_combat_damage"))


def _short(value: Any) -> str:
    """A value from a card file, quoted briefly in an error message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _read(path: Path) -> dict[str, Any]:
    """A card file's TOML, within the size limit; every failure is a ``CardDataError``."""
    return parse_toml(read_text(path, CardDataError, MAX_FILE_BYTES), str(path), CardDataError)


def load_catalog(extra: Iterable[Path] = ()) -> Catalog:
    """The packaged card files, then any extra files (later cards replace earlier ones
    of the same kind). Every problem is a ``CardDataError`` naming file, card and field."""
    extra = [Path(p) for p in extra]
    if len(extra) > MAX_FILES:
        raise CardDataError(f"{len(extra)} card files; at most {MAX_FILES} may be loaded")
    paths = [DATA_DIR / f"{name}.toml" for name in FILES] + extra
    units: dict[str, Unit] = {}
    skills: dict[str, Skill] = {}
    items: dict[str, Item] = {}
    conduits: dict[str, Conduit] = {}
    decks: dict[str, Deck] = {}
    kinds: dict[str, str] = {}  # card id -> its kind: an id names one card of one kind
    origin: dict[str, Path] = {}  # "kind id" -> the file that defined it last
    consecrated: ConsecratedModel | None = None
    for path in paths:
        f = validate(CardFile, _read(path), path)
        ck = _Checker(path)
        count = sum(len(x) for x in (f.hero, f.deity, f.conduit, f.item, f.skill, f.deck))
        if count > MAX_CARDS:
            raise CardDataError(f"{path}: {count} cards; a card file may have at most "
                                f"{MAX_CARDS}")
        for kind, table in (("hero", f.hero), ("deity", f.deity), ("conduit", f.conduit),
                            ("item", f.item), ("skill", f.skill)):
            for c in table:
                if c.id in RESERVED:
                    raise ck.fail(f"{kind} {c.id}", "id", "a word of the notation cannot be "
                                  "a card id")
                # A hero may replace a hero, a deity a deity (later files win); an id never
                # names cards of two kinds (notation, discard piles and events rely on it).
                known = kinds.setdefault(c.id, kind)
                if known != kind:
                    article = "an" if known[0] in "aeiou" else "a"
                    raise ck.fail(f"{kind} {c.id}", "id", f"already the id of {article} "
                                  f"{known} card")
                origin[f"{kind} {c.id}"] = path
        consecrated = f.consecrated or consecrated
        for h in f.hero:
            card = f"hero {h.id}"
            if h.basic.exp is None:
                raise ck.fail(card, "basic.exp", "a hero's basic side needs an exp cost")
            units[h.id] = Unit(h.id, h.name, False, (ck.side(h.basic, card, "basic"),
                                                     ck.side(h.levelled, card, "levelled")),
                               hero_class=h.hero_class)
        for d in f.deity:
            card = f"deity {d.id}"
            side = ck.side(SideModel(subtitle="", attack=d.attack, armor=d.armor,
                                     health=d.health, keywords=d.keywords, regen=d.regen,
                                     text=d.text, talent=d.talent,
                                     on_combat_damage=d.on_combat_damage), card, "deity")
            if len(set(d.conduits)) != 3:
                raise ck.fail(card, "conduits", "a deity's three conduits are different cards")
            if d.on_would_be_ko is not None:
                from .scripts import SCRIPTS

                if d.on_would_be_ko not in SCRIPTS:
                    raise ck.fail(card, "on_would_be_ko", f"unknown script {d.on_would_be_ko!r}")
            units[d.id] = Unit(d.id, d.name, True, (side, side), tuple(d.conduits),
                               ck.effects(d.manifest, card, "manifest"), d.on_would_be_ko)
        for c in f.conduit:
            conduits[c.id] = Conduit(c.id, c.name, c.text,
                                     ck.effects(c.ruin, f"conduit {c.id}", "ruin"))
        for it in f.item:
            card = f"item {it.id}"
            bad = set(it.grants) - GRANTABLE
            if bad:
                raise ck.fail(card, "grants", f"unknown keyword {sorted(bad)[0]!r}")
            if len({t.id for t in it.talent}) != len(it.talent):
                raise ck.fail(card, "talent", "two talents with the same id")
            items[it.id] = Item(it.id, it.name, it.cost, it.attack, it.armor, it.health,
                                frozenset(it.keywords), it.text,
                                ck.effects(it.equip, card, "equip"),
                                tuple(ck.talent(t, card) for t in it.talent),
                                frozenset(it.grants))
        for s in f.skill:
            card = f"skill {s.id}"
            talent = None
            if s.talent is not None:
                talent = ck.talent(s.talent, card)
                talent = Talent(s.id, talent.cost, talent.power, talent.cooldown,
                                talent.ultimate or s.ultimate, talent.effects)
            skills[s.id] = Skill(s.id, s.name, s.hero, s.count, s.attack, s.armor, s.ultimate,
                                 s.text, talent, ck.effects(s.clash, card, "clash"))
        for dk in f.deck:
            origin[f"deck {dk.id}"] = path
            decks[dk.id] = Deck(dk.id, dk.name, tuple(dk.heroes), tuple(dk.items), dk.deity,
                                tuple(dk.conduits))
    if consecrated is None:
        raise CardDataError(f"{paths[0]}: no [consecrated] table (conduit attack and health)")
    cat = Catalog(units, skills, items, conduits, decks, consecrated.attack, consecrated.health,
                  tuple(str(p) for p in paths))
    try:
        _check_references(cat)
    except _Reference as e:
        card, field, msg = e.args
        raise CardDataError(f"{origin.get(card, paths[0])}: {card}: field "
                            f"{field!r}: {msg}") from None
    return cat


class _Reference(Exception):
    """A broken reference: (card, field, message); load_catalog adds the file."""


def _check_references(cat: Catalog) -> None:
    """What one card says of another: decks, skill sets, deities' conduits, talent ids."""
    for k in cat.skills.values():
        if k.hero not in cat.units or cat.units[k.hero].is_deity:
            raise _Reference(f"skill {k.id}", "hero", f"unknown hero {k.hero!r}")
    for u in cat.units.values():
        card = f"{'deity' if u.is_deity else 'hero'} {u.id}"
        for c in u.conduits:
            if c not in cat.conduits:
                raise _Reference(card, "conduits", f"unknown conduit {c!r}")
        _check_talent_ids(cat, card, [t.id for side in u.sides for t in side.talents])
        if not u.is_deity and len(cat.skill_set(u.id)) > MAX_SET:
            raise _Reference(card, "id", f"{len(cat.skill_set(u.id))} skill cards in its "
                             f"set; at most {MAX_SET}")
    for i in cat.items.values():
        _check_talent_ids(cat, f"item {i.id}", [t.id for t in i.talents])
    for d in cat.decks.values():
        card = f"deck {d.id}"
        for h in d.heroes:
            if h not in cat.units or cat.units[h].is_deity:
                raise _Reference(card, "heroes", f"unknown hero {h!r}")
            if not cat.skill_set(h):
                raise _Reference(card, "heroes", f"hero {h!r} has no skill cards")
        if len(set(d.heroes)) != 3:
            raise _Reference(card, "heroes", "three different heroes")
        for i in d.items:
            if i not in cat.items:
                raise _Reference(card, "items", f"unknown item {i!r}")
        if len(set(d.items)) != 3:
            raise _Reference(card, "items", "three different items")
        if d.deity not in cat.units or not cat.units[d.deity].is_deity:
            raise _Reference(card, "deity", f"unknown deity {d.deity!r}")
        for c in d.conduits:
            if c not in cat.conduits:
                raise _Reference(card, "conduits", f"unknown conduit {c!r}")
        if sorted(d.conduits) != sorted(cat.units[d.deity].conduits):
            raise _Reference(card, "conduits", f"the conduits of its deity {d.deity!r} "
                             f"({', '.join(cat.units[d.deity].conduits)})")


def _check_talent_ids(cat: Catalog, card: str, ids: list[str]) -> None:
    """A hero's, deity's or item's talent is named ``hero:id`` in the notation, like a skill
    card used for its talent: the two must not share a name."""
    for t in ids:
        if t in cat.skills:
            raise _Reference(card, "talent", f"id {t!r} is also a skill card's id")
