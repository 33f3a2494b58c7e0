"""Positions as readable data: ``to_data`` for scenarios and the hash, ``from_data`` back.

Seats and sides are 0-based integers (as in views and events), cards are ``race.rank``
slugs and regions their ids. A scenario may leave out any field: it gets the value of a
fresh game, and every card not placed anywhere goes to the deck (shuffled).

``from_data`` is strict: an unknown key in any table, a value of the wrong type (no
``"2"`` for 2, no ``1`` for true, no float for an int) or out of range is an error naming
the table and the key; and a position that play cannot reach is refused with the rule it
breaks (see :mod:`.reachable`). Every error is a ``ScenarioError``.
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core import Chance, NotationError, ScenarioError, TabletopError, excerpt
from tabletop.core.spec import MAX_SEED

from .actions import CATALOG as C
from .actions import Meld, parse
from .ids import (
    CENTRE,
    HAND_SIZE,
    N_TYPES,
    NO_ONE,
    PHASE_NAMES,
    PICKS_EACH,
    card_list,
)
from .reachable import check_reachable

if TYPE_CHECKING:
    from .rules import PerimState

TOP_KEYS = ("players", "seed", "params", "age", "phase", "dealer", "radiant", "turn",
            "need_move", "picks_left", "tracker", "deck", "pool", "scores", "coins_taken",
            "battle_no", "last_win", "chance", "control", "silver", "copper", "battle",
            "seat", "conceded")
SEAT_KEYS = ("hand", "known", "lacks", "captured", "unseen_captured", "melds", "revealed")
BATTLE_KEYS = ("plays", "cards", "acted", "may_pass")
PLAY_KEYS = ("seat", "cards", "rank", "counts")
# Bounds of the counters (far above what a game reaches, far below what breaks anything).
MAX_POINTS = 999
MAX_BATTLES = 999
SEED_RANGE = (0, MAX_SEED)  # as new_game and records allow
_HEX = re.compile(r"[0-9a-fA-F]{1,16}")


def to_data(s: PerimState) -> dict[str, Any]:
    """The whole position (TOML-ready: no nulls)."""
    return {
        "players": s.players,
        "seed": s.seed,
        "params": dict(s.params),
        "age": s.age,
        "phase": PHASE_NAMES[s.phase],
        "dealer": s.dealer,
        "radiant": C.races[s.radiant],
        "turn": s.turn,
        "need_move": s.need_move,
        "picks_left": s.picks_left,
        "tracker": "centre" if s.tracker == CENTRE else C.regions[s.tracker],
        "deck": [C.card_slug(t) for t in s.deck],
        "pool": ["" if t < 0 else C.card_slug(t) for t in s.pool],
        "scores": list(s.scores),
        "coins_taken": list(s.taken),
        "battle_no": s.battle_no,
        "last_win": list(s.last_win),
        "chance": f"{s.chance.s:016x}",
        "control": {C.regions[r]: s.control[r] for r in range(len(C.regions))
                    if s.control[r] != NO_ONE},
        "silver": {C.regions[r]: n for r, n in enumerate(s.silver) if n},
        "copper": {C.regions[r]: n for r, n in enumerate(s.copper) if n},
        "battle": {
            "plays": [{"seat": p, "cards": [C.card_slug(t)] + (
                [C.card_slug(u)] if u >= 0 else []), "rank": k, "counts": ok}
                for p, t, u, k, ok in s.plays],
            "cards": [C.card_slug(t) for t in s.battle_cards],
            "acted": [p for p in range(s.players) if s.acted >> p & 1],
            "may_pass": [p for p in range(s.players) if s.may_pass >> p & 1],
        },
        "seat": [
            {
                "hand": card_list(s.hands[p]),
                "known": card_list(s.known[p]),
                "lacks": [C.card_slug(t) for t in range(N_TYPES) if s.absent[p] >> t & 1],
                "captured": card_list(s.captured[p]),
                "unseen_captured": card_list(s.leftover[p]),
                "melds": [Meld(m, r).to_text()[5:] for m, r, _ in s.pending[p]],
                "revealed": [Meld(m, r).to_text()[5:] for m, r in s.revealed[p]],
            }
            for p in range(s.players)
        ],
        **({"conceded": s.conceded_data()} if s.conceded else {}),
    }


# --- reading values strictly ---------------------------------------------------------------


def show(value: Any) -> str:
    """A value as an error message may quote it: short, and never a huge number in full
    (converting one to text is itself an error past 4,300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**15:
        return "a number too large"
    if isinstance(value, float):
        return f"the float {value!r}"
    try:
        return excerpt(repr(value))
    except ValueError:  # a huge number nested in a list
        return "a value too large to show"


def _type_name(typ: type) -> str:
    return {int: "int", bool: "bool (true or false)", str: "str", list: "a list",
            dict: "a table"}[typ]


def _is(value: Any, typ: type) -> bool:
    """Exact types: a bool is not an int, an int is not a bool or a float."""
    if typ is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if typ is dict:
        return isinstance(value, Mapping)
    return isinstance(value, typ)


class Table:
    """One table of scenario data, read strictly: every key known, every value of its
    exact type. ``path`` names the table in messages ("" at the top, ``seat[1]``,
    ``battle.plays[0]``)."""

    def __init__(self, data: Any, path: str, keys: tuple[str, ...]) -> None:
        if not isinstance(data, Mapping):
            raise ScenarioError(f"{path or 'a scenario'} must be a table, not {show(data)}")
        for key in data:
            if key not in keys:
                where = f"{path}: " if path else ""
                raise ScenarioError(f"{where}unknown key {show(key)} (known: "
                                    f"{', '.join(keys)})")
        self.data = data
        self.path = path

    def name(self, key: str) -> str:
        """How messages name one of its keys (``key`` may end with an index, ``scores[0]``)."""
        return f"{self.path}.{key}" if self.path else f"field {key!r}"

    def get(self, key: str, typ: type, default: Any) -> Any:
        """The value of ``key`` (``default`` if absent), which must be of type ``typ``."""
        value = self.data.get(key, default)
        if not _is(value, typ):
            raise ScenarioError(f"{self.name(key)} must be {_type_name(typ)}, not "
                                f"{show(value)}")
        return value

    def int(self, key: str, default: int, lo: int, hi: int) -> int:
        """An integer from ``lo`` to ``hi``."""
        value = self.get(key, int, default)
        if not lo <= value <= hi:
            raise ScenarioError(f"{self.name(key)} must be from {lo} to {hi}, not "
                                f"{show(value)}")
        return int(value)

    def choice(self, key: str, options: tuple[str, ...], default: str) -> builtins.int:
        """The index of a string among ``options``."""
        value = self.get(key, str, default)
        if value not in options:
            raise ScenarioError(f"{self.name(key)}: {show(value)} is not one of "
                                f"{', '.join(options)}")
        return options.index(value)


def _card(word: Any, where: str) -> int:
    if not isinstance(word, str) or "." not in word:
        raise ScenarioError(f"{where}: {show(word)} is not a card (race.rank)")
    race, _, rank = word.partition(".")
    if race not in C.races or rank not in C.ranks:
        raise ScenarioError(f"{where}: unknown card {show(word)}")
    return C.type_of(C.races.index(race), C.ranks.index(rank))


def _cards(words: Any, where: str) -> list[int]:
    if not isinstance(words, list):
        raise ScenarioError(f"{where} must be a list of cards, not {show(words)}")
    if len(words) > sum(C.copies):
        raise ScenarioError(f"{where} lists {len(words)} cards; the game has "
                            f"{sum(C.copies)}")
    return [_card(w, f"{where}[{i}]") for i, w in enumerate(words)]


def _counts(words: Any, where: str) -> list[int]:
    out = [0] * N_TYPES
    for t in _cards(words, where):
        out[t] += 1
    return out


def _seat(value: Any, players: int, where: str) -> int:
    if not _is(value, int) or not 0 <= value < players:
        raise ScenarioError(f"{where}: a seat is 0..{players - 1} (P1..P{players}), not "
                            f"{show(value)}")
    return int(value)


def _seats(value: Any, players: int, where: str) -> list[int]:
    if not isinstance(value, list):
        raise ScenarioError(f"{where} must be a list of seats, not {show(value)}")
    out = [_seat(x, players, f"{where}[{i}]") for i, x in enumerate(value)]
    if len(set(out)) != len(out):
        raise ScenarioError(f"{where} names a seat twice")
    return out


def _region(value: Any, where: str) -> int:
    if value not in C.regions:
        raise ScenarioError(f"{where}: unknown region {show(value)}")
    return C.regions.index(value)


def _per_side(table: Table, key: str, sides: int, hi: int) -> list[int]:
    value = table.get(key, list, [0] * sides)
    if len(value) != sides:
        raise ScenarioError(f"{table.name(key)} must list {sides} integers (one per side)")
    for i, x in enumerate(value):
        if not _is(x, int) or not 0 <= x <= hi:
            raise ScenarioError(f"{table.name(f'{key}[{i}]')} must be an int from 0 to {hi}, "
                                f"not {show(x)}")
    return list(value)


def _meld(text: Any, players: int, where: str) -> Meld:
    if not isinstance(text, str):
        raise ScenarioError(f"{where}: a meld like 'army avis', not {show(text)}")
    try:
        action = parse(f"meld {text}", players)
    except NotationError as e:
        raise ScenarioError(f"{where}: {e}") from None
    if not isinstance(action, Meld):
        raise ScenarioError(f"{where}: {show(text)} is not a meld")
    return action


# --- building the position -------------------------------------------------------------------


def from_data(data: Mapping[str, Any], state: type[PerimState]) -> PerimState:
    """Build a position from data; raises ``ScenarioError`` naming the bad key, or the
    rule a position breaks when play cannot reach it."""
    try:
        return _from_data(data, state)
    except ScenarioError:
        raise
    except TabletopError as e:  # a bad seat count or parameter, from the spec
        raise ScenarioError(str(e)) from None


def _from_data(data: Mapping[str, Any], state: type[PerimState]) -> PerimState:
    spec = state.spec
    top = Table(data, "", TOP_KEYS)
    players = top.get("players", int, 3)
    if players not in spec.player_counts:
        counts = ", ".join(map(str, spec.player_counts))
        raise ScenarioError(f"{spec.id} is played by {counts} players, not {show(players)}")
    seed = top.int("seed", 0, *SEED_RANGE)
    given = Table(top.get("params", dict, {}), "params", tuple(spec.params))
    params = spec.check_params(players, dict(given.data))
    s = state(players, seed, params)
    s.events = []
    s.age = top.int("age", 1, 1, 3)
    s.phase = top.choice("phase", PHASE_NAMES, "recruit")
    s.dealer = _seat(top.get("dealer", int, players - 1), players, "dealer")
    s.radiant = top.choice("radiant", C.races, C.races[s.radiant])
    s.turn = _seat(top.get("turn", int, (s.dealer + 1) % players), players, "turn")
    s.need_move = top.get("need_move", bool, False)
    s.picks_left = top.int("picks_left", 0 if s.phase else s.picks_left, 0,
                           PICKS_EACH * players)
    tracker = top.get("tracker", str, "centre")
    s.tracker = CENTRE if tracker == "centre" else _region(tracker, "tracker")
    s.scores = _per_side(top, "scores", s.teams, MAX_POINTS)
    s.taken = _per_side(top, "coins_taken", s.teams, MAX_POINTS)
    s.last_win = _per_side(top, "last_win", s.teams, MAX_BATTLES)
    s.battle_no = top.int("battle_no", max(s.last_win), 0, MAX_BATTLES)
    if "chance" in data:
        chance = top.get("chance", str, "0")
        if not _HEX.fullmatch(chance):
            raise ScenarioError(f"field 'chance' must be 1 to 16 hex digits, not "
                                f"{show(chance)}")
        s.chance = Chance(int(chance, 16))
    _read_board(s, top)
    _read_pool(s, top)
    _read_seats(s, top)
    _read_battle(s, top)
    _read_deck(s, top)
    if "conceded" in data:
        s.read_conceded(data["conceded"])
    check_reachable(s)
    return s


def _read_board(s: PerimState, top: Table) -> None:
    """Cubes and coins on the regions."""
    s.control = [NO_ONE] * len(C.regions)
    for name, side in top.get("control", dict, {}).items():
        r = _region(name, "control")
        if not _is(side, int) or not 0 <= side < s.teams:
            colours = s.teams
            raise ScenarioError(f"control.{name}: a side is 0..{colours - 1} (there are "
                                f"{colours} sides), not {show(side)} (Setup (Age 1))")
        s.control[r] = side
    for key, target in (("silver", s.silver), ("copper", s.copper)):
        if key in top.data:
            target[:] = [0] * len(C.regions)
            for name, n in top.get(key, dict, {}).items():
                r = _region(name, key)
                if not _is(n, int) or not 0 <= n <= 3:
                    raise ScenarioError(f"{key}.{name}: a number of coins 0..3, not {show(n)}")
                target[r] = n


def _read_pool(s: PerimState, top: Table) -> None:
    # Left out: empty after the Recruit phase, else the pool of a fresh game (a recruit
    # position needs cards to pick; the module promises every field may be left out).
    fresh_pool = ["" if t < 0 else C.card_slug(t) for t in s.pool]
    pool = top.get("pool", list, ["" for _ in range(9)] if s.phase else fresh_pool)
    if len(pool) != 9:
        raise ScenarioError("field 'pool' must list 9 slots ('' for an empty one)")
    s.pool = [-1 if w == "" else _card(w, f"pool[{i}]") for i, w in enumerate(pool)]


def _read_seats(s: PerimState, top: Table) -> None:
    players = s.players
    seats = top.get("seat", list, [{} for _ in range(players)])
    if len(seats) != players:
        raise ScenarioError(f"there must be one [[seat]] table per player ({players})")
    for p, entry in enumerate(seats):
        where = f"seat[{p}]"
        t = Table(entry, where, SEAT_KEYS)
        s.hands[p] = _counts(t.get("hand", list, []), f"{where}.hand")
        s.known[p] = _counts(t.get("known", list, []), f"{where}.known")
        s.absent[p] = sum(1 << x for x in set(_cards(t.get("lacks", list, []),
                                                     f"{where}.lacks")))
        s.captured[p] = _counts(t.get("captured", list, []), f"{where}.captured")
        s.leftover[p] = _counts(t.get("unseen_captured", list, []), f"{where}.unseen_captured")
        for x in range(N_TYPES):
            slug = C.card_slug(x)
            if s.known[p][x] > s.hands[p][x]:
                raise ScenarioError(f"{where}.known: {slug} is not in the hand")
            if s.leftover[p][x] > s.captured[p][x]:
                raise ScenarioError(f"{where}.unseen_captured: {slug} is not captured")
            if s.absent[p] >> x & 1 and s.hands[p][x]:
                raise ScenarioError(f"{where}.lacks: {slug} is in the hand")
        s.pending[p] = []
        melds = t.get("melds", list, [])
        for i, text in enumerate(melds):
            m = _meld(text, players, f"{where}.melds[{i}]")
            used = s._fit(s._unmelded(p), m.meld, m.race)
            if used is None:
                raise ScenarioError(f"{where}.melds[{i}]: the cards not yet melded cannot form "
                                    f"{show(text)} (Phase 2: Meld: each card can only be "
                                    "used in a single meld)")
            s.pending[p].append((m.meld, m.race, used))
        revealed = t.get("revealed", list, [])
        if len(revealed) > HAND_SIZE[players] + PICKS_EACH:
            raise ScenarioError(f"{where}.revealed lists more melds than a hand can hold")
        s.revealed[p] = tuple((m.meld, m.race) for m in (
            _meld(x, players, f"{where}.revealed[{i}]") for i, x in enumerate(revealed)))


def _read_battle(s: PerimState, top: Table) -> None:
    players = s.players
    b = Table(top.get("battle", dict, {}), "battle", BATTLE_KEYS)
    s.battle_cards = _cards(b.get("cards", list, []), "battle.cards")
    s.plays = []
    plays = b.get("plays", list, [])
    if len(plays) > players:
        raise ScenarioError(f"battle.plays lists {len(plays)} plays; each of the {players} "
                            "seats plays once in a battle (Phase 3: War)")
    for i, play in enumerate(plays):
        where = f"battle.plays[{i}]"
        pt = Table(play, where, PLAY_KEYS)
        cards = _cards(pt.get("cards", list, []), f"{where}.cards")
        if not 1 <= len(cards) <= 2:
            raise ScenarioError(f"{where}.cards: one card or a mounted knight (a knight and "
                                "a mount)")
        s.plays.append((_seat(pt.get("seat", int, 0), players, f"{where}.seat"),
                        cards[0], cards[1] if len(cards) == 2 else -1,
                        pt.int("rank", 0, 0, len(C.ranks)), pt.get("counts", bool, True)))
    s.acted = sum(1 << x for x in _seats(b.get("acted", list, []), players, "battle.acted"))
    s.may_pass = sum(1 << x for x in _seats(b.get("may_pass", list, []), players,
                                            "battle.may_pass"))


def _read_deck(s: PerimState, top: Table) -> None:
    """Check that no card is placed twice; unplaced cards form the deck."""
    placed = [0] * N_TYPES
    for zone in [*s.hands, *s.captured]:
        for t in range(N_TYPES):
            placed[t] += zone[t]
    for t in [*s.battle_cards, *(x for x in s.pool if x >= 0)]:
        placed[t] += 1
    given = "deck" in top.data
    if given:
        s.deck = _cards(top.get("deck", list, []), "deck")
        for t in s.deck:
            placed[t] += 1
    for t in range(N_TYPES):
        if placed[t] > C.copies[t] or (given and placed[t] != C.copies[t]):
            raise ScenarioError(f"there are {C.copies[t]} {C.card_slug(t)} cards, the "
                                f"scenario places {placed[t]} (Components: 48 cards; a card "
                                "is in one place only)")
    if not given:
        s.deck = [t for t in range(N_TYPES) for _ in range(C.copies[t] - placed[t])]
        s.chance.shuffle(s.deck)
