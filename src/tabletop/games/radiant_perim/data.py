"""Loading and validating radiant-perim's data files: the cards and the map of Perim.

Both files are reconstructed designs (the rulebook prints neither; see
docs/rules/radiant-perim.md). Every error names the file, the entry and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from tabletop.core import CardDataError
from tabletop.core.datafile import load_model

DATA_DIR = Path(__file__).parent / "data"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RaceModel(_Strict):
    id: str
    name: str
    colour: str


class MeldModel(_Strict):
    id: str
    name: str
    icons: list[str] = Field(min_length=1)
    single_race: bool
    points: list[int] = Field(min_length=3, max_length=3)


class CardModel(_Strict):
    race: str
    rank: str
    copies: int = Field(ge=1)
    icons: list[str]
    coin: bool


class CardsFile(_Strict):
    race: list[RaceModel] = Field(min_length=1)
    ranks: list[str] = Field(min_length=1)
    meld: list[MeldModel]
    card: list[CardModel]


class RealmModel(_Strict):
    id: str
    name: str
    race: str


class RegionModel(_Strict):
    id: str
    realm: str
    natives: list[str] = Field(min_length=1, max_length=2)
    temple: bool
    portal_twin: str | None = None


class BoardFile(_Strict):
    realms: list[str]
    centre_adjacent: list[str] = Field(min_length=1)
    edges: list[tuple[str, str]]
    realm: list[RealmModel]
    region: list[RegionModel]


@dataclass(frozen=True, slots=True)
class Catalog:
    """Cards and map as flat tuples indexed by small integers (fast to use in rules).

    Card types are ``race * len(ranks) + rank``; ranks ascend in strength.
    """

    races: tuple[str, ...]
    race_names: tuple[str, ...]
    ranks: tuple[str, ...]
    copies: tuple[int, ...]          # per card type
    coin: tuple[bool, ...]           # per card type
    icons: tuple[frozenset[str], ...]  # per card type
    melds: tuple[MeldModel, ...]
    realms: tuple[str, ...]          # clockwise
    realm_race: tuple[int, ...]      # per realm
    regions: tuple[str, ...]
    region_realm: tuple[int, ...]
    region_natives: tuple[frozenset[int], ...]
    temples: frozenset[int]
    portals: frozenset[int]
    adjacent: tuple[tuple[int, ...], ...]  # per region, sorted
    centre_adjacent: tuple[int, ...]

    @property
    def n_types(self) -> int:
        """How many distinct cards (race, rank) there are."""
        return len(self.copies)

    def type_of(self, race: int, rank: int) -> int:
        """The card type of a race and rank."""
        return race * len(self.ranks) + rank

    def card_slug(self, t: int) -> str:
        """``race.rank``, the notation of a card type."""
        n = len(self.ranks)
        return f"{self.races[t // n]}.{self.ranks[t % n]}"

    def card_name(self, t: int) -> str:
        """``Stonedweller Knight``, a card type for people (the race's id, singular)."""
        n = len(self.ranks)
        return f"{self.races[t // n].capitalize()} {self.ranks[t % n].capitalize()}"


def _fail(path: Path, entry: str, field: str, msg: str) -> CardDataError:
    return CardDataError(f"{path}: {entry}: field {field!r}: {msg}")


def load_catalog(cards_path: Path | None = None, board_path: Path | None = None) -> Catalog:
    """Read, validate and index the card and board files (the packaged ones by default)."""
    cpath = cards_path or DATA_DIR / "cards.toml"
    bpath = board_path or DATA_DIR / "board.toml"
    cards = load_model(CardsFile, cpath)
    board = load_model(BoardFile, bpath)

    races = tuple(r.id for r in cards.race)
    ranks = tuple(cards.ranks)
    for needed in ("assassin", "scout", "mount", "knight"):
        if needed not in ranks:
            raise _fail(cpath, "ranks", "ranks", f"the rules need the rank {needed!r}")
    n_types = len(races) * len(ranks)
    copies = [0] * n_types
    coin = [False] * n_types
    icons: list[frozenset[str]] = [frozenset()] * n_types
    for c in cards.card:
        entry = f"card {c.race}.{c.rank}"
        if c.race not in races:
            raise _fail(cpath, entry, "race", f"unknown race {c.race!r}")
        if c.rank not in ranks:
            raise _fail(cpath, entry, "rank", f"unknown rank {c.rank!r}")
        t = races.index(c.race) * len(ranks) + ranks.index(c.rank)
        if copies[t]:
            raise _fail(cpath, entry, "rank", "this race and rank is listed twice")
        copies[t], coin[t], icons[t] = c.copies, c.coin, frozenset(c.icons)
    for t in range(n_types):
        if not copies[t]:
            n = len(ranks)
            raise CardDataError(f"{cpath}: no card for {races[t // n]}.{ranks[t % n]}")
    # Melds are matched icon by icon, so an icon may stand on one rank per race only.
    for m in cards.meld:
        for icon in m.icons:
            for race_i in range(len(races)):
                base = race_i * len(ranks)
                holders = [k for k in range(len(ranks)) if icon in icons[base + k]]
                if len(holders) > 1:
                    raise _fail(cpath, f"meld {m.id}", "icons",
                                f"icon {icon!r} is on more than one {races[race_i]} rank")

    realms = tuple(board.realms)
    realm_ids = [r.id for r in board.realm]
    if sorted(realm_ids) != sorted(realms):
        raise _fail(bpath, "realms", "realms", "must list each [[realm]] id once")
    realm_race = []
    for rid in realms:
        rm = board.realm[realm_ids.index(rid)]
        if rm.race not in races:
            raise _fail(bpath, f"realm {rid}", "race", f"unknown race {rm.race!r}")
        realm_race.append(races.index(rm.race))
    regions = tuple(r.id for r in board.region)
    if len(set(regions)) != len(regions):
        raise _fail(bpath, "regions", "id", "region ids must be unique")
    region_realm, region_natives, temples, portals = [], [], set(), set()
    adj: list[set[int]] = [set() for _ in regions]
    for i, r in enumerate(board.region):
        if r.realm not in realms:
            raise _fail(bpath, f"region {r.id}", "realm", f"unknown realm {r.realm!r}")
        region_realm.append(realms.index(r.realm))
        bad = [x for x in r.natives if x not in races]
        if bad:
            raise _fail(bpath, f"region {r.id}", "natives", f"unknown race {bad[0]!r}")
        region_natives.append(frozenset(races.index(x) for x in r.natives))
        if r.temple:
            temples.add(i)
        if r.portal_twin is not None:
            if r.portal_twin not in regions:
                raise _fail(bpath, f"region {r.id}", "portal_twin",
                            f"unknown region {r.portal_twin!r}")
            portals.add(i)
            # Portals: each is adjacent to its matching portal in the opposite realm.
            j = regions.index(r.portal_twin)
            adj[i].add(j)
            adj[j].add(i)
    for a, b in board.edges:
        for x in (a, b):
            if x not in regions:
                raise _fail(bpath, "edges", "edges", f"unknown region {x!r}")
        adj[regions.index(a)].add(regions.index(b))
        adj[regions.index(b)].add(regions.index(a))
    for x in board.centre_adjacent:
        if x not in regions:
            raise _fail(bpath, "centre", "centre_adjacent", f"unknown region {x!r}")
    return Catalog(
        races=races,
        race_names=tuple(r.name for r in cards.race),
        ranks=ranks,
        copies=tuple(copies),
        coin=tuple(coin),
        icons=tuple(icons),
        melds=tuple(cards.meld),
        realms=realms,
        realm_race=tuple(realm_race),
        regions=regions,
        region_realm=tuple(region_realm),
        region_natives=tuple(region_natives),
        temples=frozenset(temples),
        portals=frozenset(portals),
        adjacent=tuple(tuple(sorted(a)) for a in adj),
        centre_adjacent=tuple(regions.index(x) for x in board.centre_adjacent),
    )
