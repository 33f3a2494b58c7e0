"""Loading and validating radiant-arena's card files (format: docs/rules/radiant-arena-cards.md).

The starter decks' texts are reconstructed (the rulebook names the cards but prints few
texts; see docs/rules/radiant-arena.md). Behaviour is written in the rules kernel's
language (docs/cards.md) and compiled with radiant-arena's vocabulary (:mod:`.vocab`) into
immutable nodes, so the rules never parse data on a hot path.

Validation is strict and reports every problem at once, each naming the file, the card
and the field: types and ranges exact, the fields of every op, references that resolve,
a hero's set of ten skill cards with exactly one Ultimate, ids defined once (a later
file replaces a card only if it lists it in ``overrides``), and the deck construction
rules (:func:`deck_problems`) for every deck.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
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
    Step,
    Trigger,
    with_costs,
)
from tabletop.cards.costs import x_values
from tabletop.core import CardDataError, EventBook
from tabletop.core.datafile import location, problem_text, read_checked
from tabletop.core.pickling import pickle_frozen_by_fields

from .events import make_book
from .ids import (
    DECK_HEROES,
    DECK_ITEMS,
    R_ANATOMY,
    R_CONDUIT_ICON,
    R_DECKS,
    R_PICK,
    SET_SIZE,
    SET_ULTIMATES,
)
from .vocab import VOCAB

DATA_DIR = Path(__file__).parent / "data"
FILES = ("heroes", "deities", "conduits", "items", "skills", "decks")
# The card pool beyond the starter decks (issue 12): loaded by default after FILES.
POOL_DIR = DATA_DIR / "pool"
POOL_FILES = ("heroes", "skills", "deities", "conduits", "items", "decks")
# The pilot set (issue 11): a second card file, not loaded by default (give it with
# --cards): two heroes with their sets, a deity with its conduits, four items, two decks.
PILOT = DATA_DIR / "pilot.toml"

# Limits on a card file (a user's file is input like any other): its size, its cards,
# and the numbers on them. The rulebook's numbers are all far inside these.
MAX_FILE_BYTES = 1_000_000
MAX_FILES = 32
MAX_CARDS = 1_000  # cards of all kinds in one file
MAX_STAT = 99  # attack, armor, exp, regen, costs, effect amounts
MAX_HEALTH = 999
MAX_COPIES = 30  # copies of one skill card in its hero's set
_GAME_CACHE = 4_096  # catalogs for_game keeps (one per set of flags met)
SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"
# Words of the notation that a card id may not be (they would make actions ambiguous).
RESERVED = frozenset({"left", "center", "right", "conduit", "by", "banish", "mass",
                      "buyback", "attack", "armor", "home", "void", "none", "done"})

Id = Annotated[str, Field(pattern=SLUG, max_length=40)]
Name = Annotated[str, Field(min_length=1, max_length=80)]
Text = Annotated[str, Field(max_length=2_000)]
Stat = Annotated[int, Field(ge=0, le=MAX_STAT)]
Health = Annotated[int, Field(ge=1, le=MAX_HEALTH)]
Keyword = Annotated[str, Field(pattern=SLUG, max_length=24)]
Effects = Annotated[list[Any], Field(max_length=16)]
AbilityList = Annotated[list[Any], Field(max_length=8)]
CostValue = Stat | Literal["x"]

HERO_KEYWORDS = frozenset({"evoker", "taunt", "vanguard", "divine"})
GRANTABLE = frozenset(k for k, spec in VOCAB.keywords.items() if spec.grantable)
# Costs a talent pays when announced; the others are its program's first steps.
PAID_ON_ANNOUNCE = frozenset({"ap", "power", "commit", "self_damage"})

Effect = Step  # a compiled step (see tabletop.cards.nodes)


class _Strict(BaseModel):
    # strict: TOML has real types, so "2" is not 2 and 1 is not true
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class TalentModel(_Strict):
    id: Id
    cost: CostValue
    power: CostValue = 0
    discard: Annotated[int, Field(ge=0, le=9)] = 0
    commit: bool = False
    self_damage: Annotated[int, Field(ge=0, le=20)] = 0
    ruin: bool = False
    cooldown: bool = False
    ultimate: bool = False
    effects: Effects


class AbilitiesModel(_Strict):
    """What every card with abilities may carry (docs/cards.md)."""

    triggers: AbilityList = []
    static: AbilityList = []
    replace: AbilityList = []


class SideModel(AbilitiesModel):
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


class DeityModel(AbilitiesModel):
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
    on_combat_damage: Effects = []


class ConsecratedModel(_Strict):
    attack: Stat
    health: Health


class ConduitModel(AbilitiesModel):
    id: Id
    name: Name
    text: Text = ""
    ruin: Effects = []


class ItemModel(AbilitiesModel):
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
    """One card file; any of the tables may be absent (a user file may add a few cards).
    ``overrides`` lists the ids of cards of earlier files that this file replaces."""

    overrides: Annotated[list[Id], Field(max_length=MAX_CARDS)] = []
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
    """A talent: its costs (action points, power, X, discard...), Cooldown, Ultimate, and
    its program (the costs not paid when announced first, then the effects)."""

    id: str
    cost: int | str  # action points ("x": X)
    power: int | str
    costs: Costs
    cooldown: bool
    ultimate: bool
    program: Program
    effects: Program  # the effects alone (card text, views)
    # Precomputed for legal actions (their hot path): the action points and power paid
    # when announced (X excluded), whether it commits its hero, and the other costs.
    ap: int = field(init=False, compare=False)
    pay_power: int = field(init=False, compare=False)
    commits: bool = field(init=False, compare=False)
    extra: Costs | None = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ap", self.fixed("ap"))
        object.__setattr__(self, "pay_power", self.fixed("power"))
        object.__setattr__(self, "commits", bool(self.fixed("commit")))
        rest = tuple((k, v) for k, v in self.costs.items if k not in ("ap", "power"))
        object.__setattr__(self, "extra", Costs(rest, self.costs.x) if rest or self.costs.x
                           else None)

    @property
    def x(self) -> bool:
        """Whether the talent has an X cost."""
        return bool(self.costs.x)

    def fixed(self, name: str) -> int:
        """A cost paid when announced (0 for X, paid when X is chosen)."""
        amount = self.costs.amount(name)
        return amount if isinstance(amount, int) else 0


@dataclass(frozen=True, slots=True)
class Abilities:
    """The triggered, static and replacement abilities of a card (docs/cards.md), and the
    event kinds its triggers listen to."""

    triggers: tuple[Trigger, ...] = ()
    statics: tuple[ModSpec, ...] = ()
    replacements: tuple[Replacement, ...] = ()
    listens: frozenset[str] = frozenset()


NONE = Abilities()


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
    abilities: Abilities = NONE

    @property
    def triggers(self) -> tuple[Trigger, ...]:
        return self.abilities.triggers

    @property
    def statics(self) -> tuple[ModSpec, ...]:
        return self.abilities.statics

    @property
    def replacements(self) -> tuple[Replacement, ...]:
        return self.abilities.replacements

    @property
    def listens(self) -> frozenset[str]:
        return self.abilities.listens


@dataclass(frozen=True, slots=True)
class Unit:
    """A hero or a deity: the card as the rules see it."""

    id: str
    name: str
    is_deity: bool
    sides: tuple[Side, Side]  # basic, levelled (a deity's two are the same)
    conduits: tuple[str, ...] = ()
    manifest: Program = EMPTY
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
    clash: Program


@dataclass(frozen=True, slots=True)
class Item:
    """An item card. ``grants``: keywords it gives its hero unconditionally (applied with
    the item's stat bonuses); its other static abilities are in ``abilities``."""

    id: str
    name: str
    cost: int
    attack: int
    armor: int
    health: int
    keywords: frozenset[str]
    text: str
    equip: Program
    talents: tuple[Talent, ...]
    grants: frozenset[str]
    abilities: Abilities = NONE

    @property
    def triggers(self) -> tuple[Trigger, ...]:
        return self.abilities.triggers

    @property
    def statics(self) -> tuple[ModSpec, ...]:
        return self.abilities.statics

    @property
    def replacements(self) -> tuple[Replacement, ...]:
        return self.abilities.replacements

    @property
    def listens(self) -> frozenset[str]:
        return self.abilities.listens


@dataclass(frozen=True, slots=True)
class Conduit:
    """A conduit's ruined face: its ruin effect, and abilities active while ruined."""

    id: str
    name: str
    text: str
    ruin: Program
    abilities: Abilities = NONE

    @property
    def triggers(self) -> tuple[Trigger, ...]:
        return self.abilities.triggers

    @property
    def statics(self) -> tuple[ModSpec, ...]:
        return self.abilities.statics

    @property
    def replacements(self) -> tuple[Replacement, ...]:
        return self.abilities.replacements

    @property
    def listens(self) -> frozenset[str]:
        return self.abilities.listens


@dataclass(frozen=True, slots=True)
class Deck:
    """A starting deck: heroes, items, deity and conduits (skills follow the heroes)."""

    id: str
    name: str
    heroes: tuple[str, ...]
    items: tuple[str, ...]
    deity: str
    conduits: tuple[str, ...]


# The rules' own programs: frames the rules push (not a card's effects).
_RULE_STEPS = {"forced-manifest": "_manifest", "mass-revive": "_mass_revive",
               "order": "_order"}
RULE_PROGRAMS = {name: Program(f"rule:{name}", (Step(op),)) for name, op in _RULE_STEPS.items()}
# Keywords — Vanguard: "While a hero with Vanguard is attacking, other heroes controlled
# by the same player cannot take damage." (a replacement the keyword gives).
VANGUARD_RAW = {"hook": "would_take_damage", "affects": {"side": "friendly",
                                                          "exclude": ["self"]},
                "prevent": True}


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every card by id, and the consecrated conduits' stats.

    ``names`` gives the printed name of every card id (units, skills, items, conduits: ids
    are unique across kinds); ``book`` renders the game's events with these names;
    ``programs`` every compiled program by address (positions name frames by it);
    ``listening`` the event kinds some card triggers on, ``replaced`` the hooks some card
    replaces, ``static_kinds`` the kinds of static abilities some card has (stat, keyword,
    rule, cost; an item's printed keywords apart), so the rules skip what no card uses.
    """

    units: dict[str, Unit]
    skills: dict[str, Skill]
    items: dict[str, Item]
    conduits: dict[str, Conduit]
    decks: dict[str, Deck]
    conduit_attack: int
    conduit_health: int
    sources: tuple[str, ...]
    programs: dict[str, Program] = field(default_factory=dict)
    vanguard: Replacement = field(default=None, compare=False, repr=False)  # type: ignore
    names: dict[str, str] = field(init=False, compare=False, repr=False)
    book: EventBook = field(init=False, compare=False, repr=False)
    listening: frozenset[str] = field(init=False, compare=False, repr=False)
    replaced: frozenset[str] = field(init=False, compare=False, repr=False)
    static_kinds: frozenset[str] = field(init=False, compare=False, repr=False)
    # Each card's (listening, replaced, static_kinds), by id (for_game unites them)
    card_flags: dict[str, tuple[frozenset[str], frozenset[str], frozenset[str]]] = field(
        init=False, compare=False, repr=False)
    rules: dict[str, Program] = field(init=False, compare=False, repr=False)
    # for_game's catalogs by their cards (shared by all the catalogs made from this one)
    games: dict[Any, Catalog] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        names = {c.id: c.name for table in (self.units, self.skills, self.items, self.conduits)
                 for c in table.values()}
        object.__setattr__(self, "names", names)
        # an item's talent is named by its item in the log (its id is no name)
        talents = {(u.id, t.id): i.name for i in self.items.values() for t in i.talents
                   for u in self.units.values()
                   if all(t.id != own.id for side in u.sides for own in side.talents)}
        object.__setattr__(self, "book", make_book(names, talents))
        self._set_flags(self.units, self.items, self.conduits)
        object.__setattr__(self, "rules", RULE_PROGRAMS)
        object.__setattr__(self, "games", {})

    def _set_flags(self, units: Iterable[str], items: Iterable[str],
                   conduits: Iterable[str]) -> None:
        # Each card's own flags, once: for_game unites those of the cards in a game.
        holders = {**{u: [s.abilities for s in self.units[u].sides] for u in units},
                   **{i: [self.items[i].abilities] for i in items},
                   **{c: [self.conduits[c].abilities] for c in conduits}}
        object.__setattr__(self, "card_flags", {card: (
            frozenset(k for a in held for k in a.listens),
            frozenset(r.hook for a in held for r in a.replacements),
            frozenset(m.kind for a in held for m in a.statics)) for card, held in holders.items()})
        for name, value in zip(_FLAGS, self._flags(holders), strict=True):
            object.__setattr__(self, name, value)

    def _flags(self, cards: Iterable[str]) -> tuple[frozenset[str], frozenset[str],
                                                    frozenset[str]]:
        """``listening``, ``replaced`` and ``static_kinds`` of these cards (ids are unique
        across kinds)."""
        listening: set[str] = set()
        replaced: set[str] = set()
        kinds: set[str] = set()
        flags = self.card_flags
        for card in cards:
            heard, hooks, statics = flags[card]
            listening |= heard
            replaced |= hooks
            kinds |= statics
        return frozenset(listening), frozenset(replaced), frozenset(kinds)

    def for_game(self, units: Iterable[str], items: Iterable[str],
                 conduits: Iterable[str]) -> Catalog:
        """This catalog as one game sees it: every card (views, messages and resamples
        still know the whole pool), but ``listening``, ``replaced`` and ``static_kinds``
        computed for the cards of that game only (its units, items and conduits), so the
        rules skip what none of its cards uses, whatever else the pool holds. Cached by
        those flags (the sets of cards met in games are many, the flags they come to few:
        one catalog for each)."""
        flags = self._flags((*units, *items, *conduits))
        found = self.games.get(flags)
        if found is None:
            found = object.__new__(Catalog)
            for name in _FIELDS:
                object.__setattr__(found, name, getattr(self, name))
            for name, value in zip(_FLAGS, flags, strict=True):
                object.__setattr__(found, name, value)
            if len(self.games) >= _GAME_CACHE:
                self.games.clear()
            self.games[flags] = found
        return found

    def skill_set(self, hero: str) -> list[str]:
        """The skill ids of a hero's set, each as many times as its count."""
        return [s.id for s in self.skills.values() if s.hero == hero for _ in range(s.count)]

    def program(self, address: str) -> Program | None:
        """A compiled program by its address (a card's, or the rules' own)."""
        return self.programs.get(address) or RULE_PROGRAMS.get(address.removeprefix("rule:"))

    def step_of(self, node: Any) -> str | None:
        """The address of the step (``<program>/<index>``) one of whose fields is ``node``
        (a replacement made by an effect, a delayed trigger's effects), for positions."""
        for address, program in self.programs.items():
            for i, step in enumerate(program.steps):
                if any(v is node for v in step.f.values()):
                    return f"{address}/{i}"
        return None


# --- compiling a file's cards ---------------------------------------------------------


class _Loader:
    """Compiles the cards of every file, collecting every problem (file, card, field)."""

    def __init__(self) -> None:
        self.c = Compiler(VOCAB)
        self.c.finish_replacement = self.finish_replacement
        self.programs: dict[str, Program] = {}

    def problem(self, where: str, msg: str) -> None:
        self.c.problem(where, msg)

    def program(self, raw: Any, where: str, address: str) -> Program:
        p = self.c.program(raw, where, address)
        self.register(p)
        for step in p.steps:
            if step.op == "script":
                from .scripts import SCRIPTS

                if step.f.get("name") not in SCRIPTS:
                    self.problem(where, f"unknown script {step.f.get('name')!r} (scripts: "
                                 f"{', '.join(sorted(SCRIPTS)) or 'none'})")
        return p

    def register(self, p: Program) -> None:
        """Keep a program (and those inside its steps) by address, for positions."""
        if not p.steps:
            return
        self.programs[p.address] = p
        for step in p.steps:
            for v in step.f.values():
                if isinstance(v, Program):
                    self.register(v)
                elif isinstance(v, Replacement) and v.program is not None:
                    self.register(v.program)

    def talent(self, t: TalentModel, where: str, address: str, skill: bool = False) -> Talent:
        raw = {"ap": t.cost, "power": t.power, "discard": t.discard, "commit": t.commit,
               "self_damage": t.self_damage, "ruin": t.ruin}
        costs = self.c.costs({k: v for k, v in raw.items() if v not in (0, False)},
                             f"{where}.cost")
        effects = self.program(t.effects, f"{where}.effects", address)
        program = with_costs(effects, costs, PAID_ON_ANNOUNCE)
        if costs.x:
            program = _with_x(program, costs)
        if program is not effects:
            self.programs[address] = program
        return Talent(t.id, t.cost, t.power, costs if costs.items else NO_COSTS, t.cooldown,
                      t.ultimate, program, effects)

    def abilities(self, m: AbilitiesModel, where: str, address: str,
                  combat_damage: list[Any] | None = None) -> Abilities:
        triggers = [self.c.trigger(t, f"{where}triggers[{i}]", f"{address}:trigger:{i}")
                    for i, t in enumerate(m.triggers)]
        if combat_damage:
            # "After this hero deals combat damage, ..." (the older field, kept)
            triggers.append(self.c.trigger({"on": "combat_damage_dealt",
                                            "effects": combat_damage},
                                           f"{where}on_combat_damage",
                                           f"{address}:combat-damage"))
        for t in triggers:
            self.register(t.program)
        statics = tuple(self.c.modifier(x, f"{where}static[{i}]")
                        for i, x in enumerate(m.static))
        reps = tuple(self._replacement(r, f"{where}replace[{i}]", f"{address}:replace:{i}")
                     for i, r in enumerate(m.replace))
        if not (triggers or statics or reps):
            return NONE
        return Abilities(tuple(triggers), statics, reps, frozenset(t.on for t in triggers))

    def _replacement(self, raw: Any, where: str, address: str) -> Replacement:
        return self.c.replacement(raw, where, address)

    def finish_replacement(self, r: Replacement) -> Replacement:
        """An "instead" replacement's program: its pick first (remembered as ``$pick``);
        a KO replaced says so (``ko_prevented``) before its effects."""
        if r.form != "instead" or r.program is None:
            return r
        steps: list[Step] = []
        if r.pick is not None:
            steps.append(Step("pick", {"target": r.pick}, "$pick"))
        if r.hook == "would_be_koed":
            steps.append(Step("_ko_prevented"))
        if steps:
            shift = len(steps)
            moved = tuple(Step(s.op, s.f, s.remember, s.jump + shift if s.jump >= 0 else -1,
                               s.cond, tuple((o, a + shift) for o, a in s.options), s.raw)
                          for s in r.program.steps)
            program = Program(r.program.address, (*steps, *moved), r.program.raw,
                              r.program.tree)
            r = Replacement(r.hook, r.form, r.affects, r.cond, r.value, r.to, program, r.pick,
                            r.raw, r.limit, r.address)
        if r.program is not None:
            self.register(r.program)
        return r


def _with_x(program: Program, costs: Costs) -> Program:
    """A talent with an X cost: X is chosen first, among the values its controller can
    pay; then the X costs are paid (``_pay`` steps for them come after)."""
    x_costs = Costs(tuple((k, v) for k, v in costs.items if v == "x"), costs.x)
    steps = [Step("_x", {"values": lambda s, ctx: x_values(VOCAB, s, x_costs, ctx)}),
             *(Step("_pay", {"cost": k, "amount": "x"}) for k, _ in x_costs.items
               if k in PAID_ON_ANNOUNCE)]
    shift = len(steps)
    moved = tuple(Step(s.op, s.f, s.remember, s.jump + shift if s.jump >= 0 else -1, s.cond,
                       tuple((o, a + shift) for o, a in s.options), s.raw)
                  for s in program.steps)
    return Program(program.address, (*steps, *moved), program.raw, program.tree)


def load_catalog(extra: Iterable[Path] = ()) -> Catalog:
    """The packaged card files, then any extra files (a later file replaces a card of the
    same kind only if it lists it in ``overrides``). Every problem is reported at once in
    one ``CardDataError``, each naming file, card and field."""
    extra = [Path(p) for p in extra]
    if len(extra) > MAX_FILES:
        raise CardDataError(f"{len(extra)} card files; at most {MAX_FILES} may be loaded")
    paths = [DATA_DIR / f"{name}.toml" for name in FILES] + [
        POOL_DIR / f"{name}.toml" for name in POOL_FILES] + extra
    return load_files(paths)


def load_files(paths: list[Path]) -> Catalog:
    """A catalog from exactly these files (in order)."""
    units: dict[str, Unit] = {}
    skills: dict[str, Skill] = {}
    items: dict[str, Item] = {}
    conduits: dict[str, Conduit] = {}
    decks: dict[str, Deck] = {}
    kinds: dict[str, str] = {}  # card id -> its kind: an id names one card of one kind
    origin: dict[str, Path] = {}  # "kind id" -> the file that defined it last
    consecrated: ConsecratedModel | None = None
    ld = _Loader()
    structural: list[str] = []
    for path in paths:
        _, f = read_checked(CardFile, path, structural, MAX_FILE_BYTES)
        if f is None:
            continue
        count = sum(len(x) for x in (f.hero, f.deity, f.conduit, f.item, f.skill, f.deck))
        if count > MAX_CARDS:
            structural.append(f"{path}: {count} cards; a card file may have at most "
                              f"{MAX_CARDS}")
            continue
        overrides = set(f.overrides)
        # A hero's set comes whole from one file (Anatomy of a Deck: "Players may not
        # change these sets"): a file that overrides a hero brings its new set, and the
        # skill cards earlier files gave that hero are dropped.
        for h in overrides & {c.id for c in f.hero}:
            for k in [k for k, skill in skills.items() if skill.hero == h]:
                del skills[k]
                kinds.pop(k, None)
                origin.pop(f"skill {k}", None)
        seen_here: set[str] = set()
        for kind, table in (("hero", f.hero), ("deity", f.deity), ("conduit", f.conduit),
                            ("item", f.item), ("skill", f.skill), ("deck", f.deck)):
            for c in table:
                where = f"{path}: {kind} {c.id}"
                if c.id in RESERVED:
                    ld.problem(f"{where}: id", "a word of the notation cannot be a "
                               "card id")
                key = c.id if kind != "deck" else f"deck {c.id}"
                if key in seen_here:
                    ld.problem(f"{where}: id", "defined twice in this file")
                seen_here.add(key)
                if kind == "deck":
                    if c.id in decks and c.id not in overrides:
                        ld.problem(f"{where}: id", "already defined in "
                                   f"{origin[f'deck {c.id}']} (list it in overrides to "
                                   "replace it)")
                    origin[f"deck {c.id}"] = path
                    continue
                known = kinds.setdefault(c.id, kind)
                if known != kind:
                    article = "an" if known[0] in "aeiou" else "a"
                    ld.problem(f"{where}: id", f"already the id of {article} "
                               f"{known} card")
                elif f"{kind} {c.id}" in origin and c.id not in overrides:
                    ld.problem(f"{where}: id", "already defined in "
                               f"{origin[f'{kind} {c.id}']} (list it in overrides to "
                               "replace it)")
                origin[f"{kind} {c.id}"] = path
        for name in sorted(overrides - {c.id for t in (f.hero, f.deity, f.conduit, f.item,
                                                         f.skill, f.deck) for c in t}):
            ld.problem(f"{path}: overrides", f"{name!r} is not a card of this file")
        consecrated = f.consecrated or consecrated
        _compile_file(ld, path, f, units, skills, items, conduits, decks)
    problems = structural + ld.c.problems
    if consecrated is None and not problems:
        problems.append(f"{paths[0]}: no [consecrated] table (conduit attack and health)")
    if not problems:
        cat = Catalog(units, skills, items, conduits, decks, consecrated.attack,  # type: ignore
                      consecrated.health, tuple(str(p) for p in paths),  # type: ignore
                      dict(ld.programs))
        problems += [f"{location(origin.get(card, paths[0]), card=card, key=fld)}: {msg}"
                     for card, fld, msg in reference_problems(cat)]
        if not problems:
            vanguard = ld.c.replacement(VANGUARD_RAW, "vanguard", "rule:vanguard")
            object.__setattr__(cat, "vanguard", vanguard)
            return cat
    raise CardDataError(problem_text(problems))


def _compile_file(ld: _Loader, path: Path, f: CardFile, units: dict[str, Unit],
                  skills: dict[str, Skill], items: dict[str, Item],
                  conduits: dict[str, Conduit], decks: dict[str, Deck]) -> None:
    for h in f.hero:
        where = f"{path}: hero {h.id}"
        if h.basic.exp is None:
            ld.problem(f"{where}: basic.exp", "a hero's basic side needs an exp cost")
        if h.levelled.exp is not None:
            ld.problem(f"{where}: levelled.exp", "a levelled hero has no exp cost")
        sides = (_side(ld, h.basic, where, "basic", f"unit:{h.id}:0"),
                 _side(ld, h.levelled, where, "levelled", f"unit:{h.id}:1"))
        units[h.id] = Unit(h.id, h.name, False, sides, hero_class=h.hero_class)
    for d in f.deity:
        where = f"{path}: deity {d.id}"
        side_model = SideModel(subtitle="", attack=d.attack, armor=d.armor, health=d.health,
                               keywords=d.keywords, regen=d.regen, text=d.text, talent=d.talent,
                               on_combat_damage=d.on_combat_damage, triggers=d.triggers,
                               static=d.static, replace=d.replace)
        side = _side(ld, side_model, where, "deity", f"unit:{d.id}:0")
        if len(set(d.conduits)) != 3:
            ld.problem(f"{where}: conduits", "a deity's three conduits are different "
                       f"cards ({R_CONDUIT_ICON})")
        units[d.id] = Unit(d.id, d.name, True, (side, side), tuple(d.conduits),
                           ld.program(d.manifest, f"{where}: manifest",
                                      f"unit:{d.id}:manifest"))
    for c in f.conduit:
        where = f"{path}: conduit {c.id}"
        conduits[c.id] = Conduit(c.id, c.name, c.text,
                                 ld.program(c.ruin, f"{where}: ruin",
                                            f"conduit:{c.id}:ruin"),
                                 ld.abilities(c, f"{where}: ", f"conduit:{c.id}"))
    for it in f.item:
        where = f"{path}: item {it.id}"
        bad = set(it.grants) - GRANTABLE
        if bad:
            ld.problem(f"{where}: grants", f"unknown keyword {sorted(bad)[0]!r}")
        if len({t.id for t in it.talent}) != len(it.talent):
            ld.problem(f"{where}: talent", "two talents with the same id")
        abilities = ld.abilities(it, f"{where}: ", f"item:{it.id}")
        # Unconditional keywords on its own hero apply with the item (like its stats).
        grants = set(it.grants)
        statics = []
        for m in abilities.statics:
            if m.kind == "keyword" and m.op == "grant" and m.affects.ref == "self" and \
                    m.cond is None and not VOCAB.keywords[m.key].valued:
                grants.add(m.key)
            else:
                statics.append(m)
        abilities = Abilities(abilities.triggers, tuple(statics), abilities.replacements,
                              abilities.listens)
        if abilities == NONE:
            abilities = NONE
        items[it.id] = Item(it.id, it.name, it.cost, it.attack, it.armor, it.health,
                            frozenset(it.keywords), it.text,
                            ld.program(it.equip, f"{where}: equip", f"item:{it.id}:equip"),
                            tuple(ld.talent(t, f"{where}: talent[{t.id}]",
                                            f"item:{it.id}:talent:{t.id}") for t in it.talent),
                            frozenset(grants), abilities)
    for s in f.skill:
        where = f"{path}: skill {s.id}"
        talent = None
        if s.talent is not None:
            if s.talent.id != s.id:
                ld.problem(f"{where}: talent.id", "a skill card's talent has the "
                           "card's id")
            t = ld.talent(s.talent, f"{where}: talent", f"skill:{s.id}:talent")
            talent = Talent(s.id, t.cost, t.power, t.costs, t.cooldown,
                            t.ultimate or s.ultimate, t.program, t.effects)
        if talent is not None and s.clash:
            ld.problem(f"{where}: clash", "a card has a talent or a clash effect, "
                       "not both")
        skills[s.id] = Skill(s.id, s.name, s.hero, s.count, s.attack, s.armor, s.ultimate,
                             s.text, talent, ld.program(s.clash, f"{where}: clash",
                                                        f"skill:{s.id}:clash"))
    for dk in f.deck:
        decks[dk.id] = Deck(dk.id, dk.name, tuple(dk.heroes), tuple(dk.items), dk.deity,
                            tuple(dk.conduits))


def _side(ld: _Loader, s: SideModel, where: str, name: str, address: str) -> Side:
    bad = set(s.keywords) - HERO_KEYWORDS
    if bad:
        ld.problem(f"{where}: {name}.keywords", f"unknown keyword {sorted(bad)[0]!r}")
    ids = [t.id for t in s.talent]
    if len(set(ids)) != len(ids):
        ld.problem(f"{where}: {name}.talent", "two talents with the same id")
    talents = tuple(ld.talent(t, f"{where}: {name}.talent[{t.id}]",
                              f"{address}:talent:{t.id}") for t in s.talent)
    abilities = ld.abilities(s, f"{where}: {name}.", address, s.on_combat_damage)
    return Side(s.subtitle, s.attack, s.armor, s.health, s.exp, frozenset(s.keywords), s.regen,
                s.text, talents, abilities)


# --- references and deck construction ---------------------------------------------------


def reference_problems(cat: Catalog) -> list[tuple[str, str, str]]:
    """What one card says of another, as (card, field, message): skills' heroes, sets of
    ten with one Ultimate, deities' conduits, talent ids, the decks."""
    out: list[tuple[str, str, str]] = []
    for k in cat.skills.values():
        if k.hero not in cat.units or cat.units[k.hero].is_deity:
            out.append((f"skill {k.id}", "hero", f"unknown hero {k.hero!r}"))
        if k.ultimate and k.count != 1:
            out.append((f"skill {k.id}", "count", "an Ultimate is a single card in its "
                        f"hero's set ({R_ANATOMY})"))
    for u in cat.units.values():
        card = f"{'deity' if u.is_deity else 'hero'} {u.id}"
        for c in u.conduits:
            if c not in cat.conduits:
                out.append((card, "conduits", f"unknown conduit {c!r}"))
        for tid in (t.id for side in u.sides for t in side.talents):
            if tid in cat.skills:
                out.append((card, "talent", f"id {tid!r} is also a skill card's id"))
        if not u.is_deity:
            out += [(card, "id", p) for p in set_problems(cat, u.id)]
    for i in cat.items.values():
        for t in i.talents:
            if t.id in cat.skills:
                out.append((f"item {i.id}", "talent", f"id {t.id!r} is also a skill card's id"))
    for d in cat.decks.values():
        out += [(f"deck {d.id}", fld, msg) for fld, msg in deck_problems(
            cat, d.heroes, d.items, d.deity, d.conduits, sets=False)]
    return out


def set_problems(cat: Catalog, hero: str) -> list[str]:
    """Anatomy of a Deck: "Skill cards come in sets of ten that are associated with a
    specific hero"; "Each hero's skill deck contains a single Ultimate skill card"
    (``ids.DECK_RULES``)."""
    cards = [s for s in cat.skills.values() if s.hero == hero]
    size = sum(s.count for s in cards)
    out = []
    if size != SET_SIZE:
        out.append(f"its set has {size} skill cards; a hero's set has {SET_SIZE} "
                   f"({R_ANATOMY})")
    ultimates = [s.id for s in cards if s.ultimate]
    if len(ultimates) != SET_ULTIMATES:
        out.append(f"its set has {len(ultimates)} Ultimate cards; a hero's set has exactly "
                   f"one ({R_ANATOMY})")
    return out


def deck_problems(cat: Catalog, heroes: Iterable[str], items: Iterable[str], deity: str,
                  conduits: Iterable[str], sets: bool = True) -> list[tuple[str, str]]:
    """The deck construction rules (Starter Decks; Anatomy of a Deck; Pick Deities &
    Items; the Conduit Icon), as (field, message): three different heroes with their
    sets, three different items, one deity, and exactly its three conduits (no copy).
    What the rulebook allows is allowed: both players may choose the same deity and the
    same items. ``sets``: check each hero's set too (a card file checks them per hero).
    The numbers are ``ids.DECK_RULES``, with the rulebook's words."""
    heroes, items, conduits = list(heroes), list(items), list(conduits)
    out: list[tuple[str, str]] = []
    for h in heroes:
        if h not in cat.units or cat.units[h].is_deity:
            out.append(("heroes", f"unknown hero {h!r}"))
        elif sets and set_problems(cat, h):
            out.append(("heroes", f"hero {h!r}: " + "; ".join(set_problems(cat, h))))
    if len(heroes) != DECK_HEROES or len(set(heroes)) != DECK_HEROES:
        out.append(("heroes", f"three different heroes ({R_DECKS})"))
    for i in items:
        if i not in cat.items:
            out.append(("items", f"unknown item {i!r}"))
    if len(items) != DECK_ITEMS or len(set(items)) != DECK_ITEMS:
        out.append(("items", f"three different items: \"A player may not include more than "
                    f"one copy of a single item\" ({R_PICK})"))
    if deity not in cat.units or not cat.units[deity].is_deity:
        out.append(("deity", f"unknown deity {deity!r}"))
        return out
    for c in conduits:
        if c not in cat.conduits:
            out.append(("conduits", f"unknown conduit {c!r}"))
    if len(conduits) != len(set(conduits)):
        out.append(("conduits", f"no two copies of a conduit ({R_CONDUIT_ICON})"))
    if sorted(conduits) != sorted(cat.units[deity].conduits):
        out.append(("conduits", f"the conduits of its deity {deity!r} "
                    f"({', '.join(cat.units[deity].conduits)}) ({R_CONDUIT_ICON})"))
    return out


def check_deck(cat: Catalog, deck: Deck) -> None:
    """Refuse a deck that breaks the deck construction rules (wherever a deck enters the
    engine: card files, parameters, a scenario)."""
    problems = deck_problems(cat, deck.heroes, deck.items, deck.deity, deck.conduits)
    if problems:
        raise CardDataError(f"deck {deck.id}: " + "; ".join(f"{f}: {m}" for f, m in problems))


__all__ = ["PILOT", "load_catalog", "load_files", "Catalog", "Unit", "Side", "Skill", "Item",
           "Conduit", "Deck", "Talent", "Abilities", "deck_problems", "check_deck",
           "set_problems", "reference_problems", "RESERVED", "GRANTABLE", "HERO_KEYWORDS",
           "MAX_CARDS", "MAX_FILE_BYTES", "Effect", "Selector", "Mapping"]


# The fields a game's catalog copies from its pool's (the flags it computes itself).
_FLAGS = ("listening", "replaced", "static_kinds")
_FIELDS = tuple(f.name for f in fields(Catalog) if f.name not in _FLAGS)

pickle_frozen_by_fields(__name__)  # compiled frozen dataclasses pickle alike
