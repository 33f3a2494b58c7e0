"""Loading and validating radiant-perim's data files: the cards and the map of Perim.

Both files are reconstructed designs (the rulebook prints neither; see
docs/rules/radiant-perim.md). Every problem of both files is reported at once, each
naming the file, the entry and the field (tabletop.core.datafile).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from tabletop.core.datafile import location, raise_problems, read_checked

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


def load_catalog(cards_path: Path | None = None, board_path: Path | None = None) -> Catalog:
    """Read, validate and index the card and board files (the packaged ones by default);
    every problem of both at once as one ``CardDataError``."""
    cpath = cards_path or DATA_DIR / "cards.toml"
    bpath = board_path or DATA_DIR / "board.toml"
    problems: list[str] = []
    _, cards = read_checked(CardsFile, cpath, problems)
    _, board = read_checked(BoardFile, bpath, problems)
    deck = _deck(cards, cpath, problems) if cards is not None else None
    races = tuple(r.id for r in cards.race) if cards is not None else ()
    graph = _map(board, bpath, races, problems) if board is not None else None
    raise_problems(problems)
    assert cards is not None and board is not None and deck is not None and graph is not None
    copies, coin, icons = deck
    realms, realm_race, regions, region_realm, region_natives, temples, portals, adj = graph
    return Catalog(
        races=races,
        race_names=tuple(r.name for r in cards.race),
        ranks=tuple(cards.ranks),
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


def _deck(cards: CardsFile, cpath: Path, problems: list[str]
          ) -> tuple[list[int], list[bool], list[frozenset[str]]]:
    """Copies, coin and icons per card type; problems added to ``problems``."""
    races = tuple(r.id for r in cards.race)
    ranks = tuple(cards.ranks)
    for needed in ("assassin", "scout", "mount", "knight"):
        if needed not in ranks:
            problems.append(f"{location(cpath, key='ranks')}: the rules need the rank "
                            f"{needed!r}")
    n_types = len(races) * len(ranks)
    copies = [0] * n_types
    coin = [False] * n_types
    icons: list[frozenset[str]] = [frozenset()] * n_types
    for c in cards.card:
        at = location(cpath, "card", f"{c.race}.{c.rank}")
        if c.race not in races:
            problems.append(f"{at}: race: unknown race {c.race!r}")
            continue
        if c.rank not in ranks:
            problems.append(f"{at}: rank: unknown rank {c.rank!r}")
            continue
        t = races.index(c.race) * len(ranks) + ranks.index(c.rank)
        if copies[t]:
            problems.append(f"{at}: rank: this race and rank is listed twice")
        copies[t], coin[t], icons[t] = c.copies, c.coin, frozenset(c.icons)
    for t in range(n_types):
        if not copies[t]:
            n = len(ranks)
            problems.append(f"{location(cpath, key='card')}: no card for "
                            f"{races[t // n]}.{ranks[t % n]}")
    # Melds are matched icon by icon, so an icon may stand on one rank per race only.
    for m in cards.meld:
        for icon in m.icons:
            for race_i in range(len(races)):
                base = race_i * len(ranks)
                holders = [k for k in range(len(ranks)) if icon in icons[base + k]]
                if len(holders) > 1:
                    problems.append(f"{location(cpath, 'meld', m.id, 'icons')}: icon "
                                    f"{icon!r} is on more than one {races[race_i]} rank")
    return copies, coin, icons


_Map = tuple[tuple[str, ...], list[int], tuple[str, ...], list[int], list[frozenset[int]],
             set[int], set[int], list[set[int]]]


def _map(board: BoardFile, bpath: Path, races: tuple[str, ...], problems: list[str]) -> _Map:
    """The board's realms, regions and adjacency; problems added to ``problems``."""
    realms = tuple(board.realms)
    realm_ids = [r.id for r in board.realm]
    if sorted(realm_ids) != sorted(realms):
        problems.append(f"{location(bpath, key='realms')}: must list each [[realm]] id once")
    realm_race = []
    for rid in realms:
        if rid not in realm_ids:
            continue
        rm = board.realm[realm_ids.index(rid)]
        if races and rm.race not in races:
            problems.append(f"{location(bpath, 'realm', rid, 'race')}: unknown race "
                            f"{rm.race!r}")
        realm_race.append(races.index(rm.race) if rm.race in races else -1)
    regions = tuple(r.id for r in board.region)
    if len(set(regions)) != len(regions):
        problems.append(f"{location(bpath, 'region', key='id')}: region ids must be unique")
    region_realm, region_natives, temples, portals = [], [], set(), set()
    adj: list[set[int]] = [set() for _ in regions]
    for i, r in enumerate(board.region):
        at = location(bpath, "region", r.id)
        if r.realm not in realms:
            problems.append(f"{at}: realm: unknown realm {r.realm!r}")
        region_realm.append(realms.index(r.realm) if r.realm in realms else -1)
        bad = [x for x in r.natives if x not in races]
        if races and bad:
            problems.append(f"{at}: natives: unknown race {bad[0]!r}")
        region_natives.append(frozenset(races.index(x) for x in r.natives if x in races))
        if r.temple:
            temples.add(i)
        if r.portal_twin is not None:
            if r.portal_twin not in regions:
                problems.append(f"{at}: portal_twin: unknown region {r.portal_twin!r}")
                continue
            portals.add(i)
            # Portals: each is adjacent to its matching portal in the opposite realm.
            j = regions.index(r.portal_twin)
            adj[i].add(j)
            adj[j].add(i)
    for a, b in board.edges:
        unknown = [x for x in (a, b) if x not in regions]
        for x in unknown:
            problems.append(f"{location(bpath, key='edges')}: unknown region {x!r}")
        if not unknown:
            adj[regions.index(a)].add(regions.index(b))
            adj[regions.index(b)].add(regions.index(a))
    for x in board.centre_adjacent:
        if x not in regions:
            problems.append(f"{location(bpath, key='centre_adjacent')}: unknown region {x!r}")
    return realms, realm_race, regions, region_realm, region_natives, temples, portals, adj
