"""Loading and validating radiant-arena's card files (format: docs/rules/radiant-arena-cards.md).

The starter decks' texts are reconstructed (the rulebook names the cards but prints few
texts; see docs/rules/radiant-arena.md). Every error names the file, the card and the
field. Effects become tuples ``(op, fields)`` so the rules never parse data on a hot path.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tabletop.core import CardDataError
from tabletop.core.datafile import load_model

DATA_DIR = Path(__file__).parent / "data"
FILES = ("heroes", "deities", "conduits", "items", "skills", "decks")

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
    model_config = ConfigDict(extra="forbid", frozen=True)


class TalentModel(_Strict):
    id: str
    cost: int = Field(ge=0)
    power: int = Field(default=0, ge=0)
    cooldown: bool = False
    ultimate: bool = False
    effects: list[dict[str, Any]]


class SideModel(_Strict):
    subtitle: str
    attack: int = Field(ge=0)
    armor: int = Field(ge=0)
    health: int = Field(ge=1)
    exp: int | None = Field(default=None, ge=0)
    keywords: list[str] = []
    regen: int = Field(default=0, ge=0)
    text: str = ""
    talent: list[TalentModel] = []
    on_combat_damage: list[dict[str, Any]] = []


class HeroModel(_Strict):
    id: str
    name: str
    hero_class: Literal["tank", "warrior", "support"] = Field(alias="class")
    basic: SideModel
    levelled: SideModel


class DeityModel(_Strict):
    id: str
    name: str
    attack: int = Field(ge=0)
    armor: int = Field(ge=0)
    health: int = Field(ge=1)
    keywords: list[str] = ["divine"]
    regen: int = Field(default=0, ge=0)
    text: str = ""
    conduits: list[str] = Field(min_length=3, max_length=3)
    manifest: list[dict[str, Any]] = []
    talent: list[TalentModel] = []
    on_would_be_ko: str | None = None
    on_combat_damage: list[dict[str, Any]] = []


class ConsecratedModel(_Strict):
    attack: int = Field(ge=0)
    health: int = Field(ge=1)


class ConduitModel(_Strict):
    id: str
    name: str
    text: str = ""
    ruin: list[dict[str, Any]] = []


class ItemModel(_Strict):
    id: str
    name: str
    cost: int = Field(ge=0)
    attack: int = 0
    armor: int = 0
    health: int = 0
    keywords: list[str] = []
    text: str = ""
    equip: list[dict[str, Any]] = []
    talent: list[TalentModel] = []
    grants: list[str] = []


class SkillModel(_Strict):
    id: str
    name: str
    hero: str
    count: int = Field(ge=1)
    attack: int = 0
    armor: int = 0
    ultimate: bool = False
    text: str = ""
    talent: TalentModel | None = None
    clash: list[dict[str, Any]] = []


class DeckModel(_Strict):
    id: str
    name: str
    heroes: list[str] = Field(min_length=3, max_length=3)
    items: list[str] = Field(min_length=3, max_length=3)
    deity: str
    conduits: list[str] = Field(min_length=3, max_length=3)


class CardFile(_Strict):
    """One card file; any of the tables may be absent (a user file may add a few cards)."""

    hero: list[HeroModel] = []
    deity: list[DeityModel] = []
    consecrated: ConsecratedModel | None = None
    conduit: list[ConduitModel] = []
    item: list[ItemModel] = []
    skill: list[SkillModel] = []
    deck: list[DeckModel] = []


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
    """Every card by id, and the consecrated conduits' stats."""

    units: dict[str, Unit]
    skills: dict[str, Skill]
    items: dict[str, Item]
    conduits: dict[str, Conduit]
    decks: dict[str, Deck]
    conduit_attack: int
    conduit_health: int
    sources: tuple[str, ...]

    def skill_set(self, hero: str) -> list[str]:
        """The skill ids of a hero's set, each as many times as its count."""
        return [s.id for s in self.skills.values() if s.hero == hero for _ in range(s.count)]


class _Checker:
    """Validates effect lists and references, naming file, card and field."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, card: str, field: str, msg: str) -> CardDataError:
        return CardDataError(f"{self.path}: {card}: field {field!r}: {msg}")

    def effects(self, raw: Iterable[dict[str, Any]], card: str, field: str) -> tuple[Effect, ...]:
        out = []
        for i, eff in enumerate(raw):
            where = f"{field}[{i}]"
            op = eff.get("op")
            if op not in OPS:
                raise self.fail(card, where, f"unknown op {op!r} (ops: {', '.join(sorted(OPS))})")
            fields = {k: v for k, v in eff.items() if k != "op"}
            extra = set(fields) - OPS[op]
            if extra:
                raise self.fail(card, where, f"op {op!r} has no field {sorted(extra)[0]!r}")
            target = fields.get("target")
            if "target" in OPS[op] and target is None and op not in ("damage",):
                fields["target"] = "self"
            if op == "damage" and target is None:
                raise self.fail(card, where, "damage needs a target")
            if fields.get("target", "self") not in SELECTORS:
                raise self.fail(card, where, f"unknown target {fields['target']!r}")
            for key in ("amount", "attack", "armor", "per"):
                if key in fields and (not isinstance(fields[key], int)
                                      or isinstance(fields[key], bool)):
                    raise self.fail(card, where, f"{key} must be an integer")
            if op == "grant" and fields.get("keyword") not in GRANTABLE:
                raise self.fail(card, where, f"keyword must be one of {sorted(GRANTABLE)}")
            if op == "scale" and fields.get("stat") not in ("attack", "armor"):
                raise self.fail(card, where, "stat must be attack or armor")
            if op == "discard" and fields.get("who", "self") not in ("self", "opponent"):
                raise self.fail(card, where, "who must be self or opponent")
            if op == "script":
                from .scripts import SCRIPTS

                if fields.get("name") not in SCRIPTS:
                    raise self.fail(card, where, f"unknown script {fields.get('name')!r}")
            out.append((op, fields))
        return tuple(out)

    def talent(self, t: TalentModel, card: str) -> Talent:
        return Talent(t.id, t.cost, t.power, t.cooldown, t.ultimate,
                      self.effects(t.effects, card, f"talent {t.id}.effects"))

    def side(self, s: SideModel, card: str, field: str) -> Side:
        bad = set(s.keywords) - HERO_KEYWORDS
        if bad:
            raise self.fail(card, f"{field}.keywords", f"unknown keyword {sorted(bad)[0]!r}")
        return Side(s.subtitle, s.attack, s.armor, s.health, s.exp, frozenset(s.keywords),
                    s.regen, s.text, tuple(self.talent(t, card) for t in s.talent),
                    self.effects(s.on_combat_damage, card, f"{field}.on_combat_damage"))


def load_catalog(extra: Iterable[Path] = ()) -> Catalog:
    """The packaged card files, then any extra files (later cards replace earlier ones)."""
    paths = [DATA_DIR / f"{name}.toml" for name in FILES] + [Path(p) for p in extra]
    units: dict[str, Unit] = {}
    skills: dict[str, Skill] = {}
    items: dict[str, Item] = {}
    conduits: dict[str, Conduit] = {}
    decks: dict[str, Deck] = {}
    consecrated: ConsecratedModel | None = None
    for path in paths:
        f = load_model(CardFile, path)
        ck = _Checker(path)
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
            decks[dk.id] = Deck(dk.id, dk.name, tuple(dk.heroes), tuple(dk.items), dk.deity,
                                tuple(dk.conduits))
    if consecrated is None:
        raise CardDataError(f"{paths[0]}: no [consecrated] table (conduit attack and health)")
    cat = Catalog(units, skills, items, conduits, decks, consecrated.attack, consecrated.health,
                  tuple(str(p) for p in paths))
    _check_references(cat)
    return cat


def _check_references(cat: Catalog) -> None:
    for d in cat.decks.values():
        where = f"deck {d.id}"
        for h in d.heroes:
            if h not in cat.units or cat.units[h].is_deity:
                raise CardDataError(f"{where}: unknown hero {h!r}")
            if not cat.skill_set(h):
                raise CardDataError(f"{where}: hero {h!r} has no skill cards")
        for i in d.items:
            if i not in cat.items:
                raise CardDataError(f"{where}: unknown item {i!r}")
        if d.deity not in cat.units or not cat.units[d.deity].is_deity:
            raise CardDataError(f"{where}: unknown deity {d.deity!r}")
        for c in d.conduits:
            if c not in cat.conduits:
                raise CardDataError(f"{where}: unknown conduit {c!r}")
    for u in cat.units.values():
        for c in u.conduits:
            if c not in cat.conduits:
                raise CardDataError(f"deity {u.id}: unknown conduit {c!r}")
