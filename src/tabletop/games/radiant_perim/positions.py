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

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core import Chance, NotationError, ScenarioError, TabletopError, excerpt
from tabletop.core.positions import Table, number
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
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
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
    value = table.list(key, [0] * sides, sides)
    return [number(x, f"{table.at(key)}[{i}]", 0, hi) for i, x in enumerate(value)]


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
    top = Table(data, "(top level)")
    players = top.int("players", 3, 0, 99)
    if players not in spec.player_counts:
        counts = ", ".join(map(str, spec.player_counts))
        raise ScenarioError(f"{spec.id} is played by {counts} players, not {show(players)}")
    seed = top.int("seed", 0, *SEED_RANGE)
    given = top.table("params")  # its names and values are the spec's to check
    params = spec.check_params(players, dict(given.data))
    s = state(players, seed, params)
    s.events = []
    s.age = top.int("age", 1, 1, 3)
    s.phase = PHASE_NAMES.index(top.str("phase", "recruit", PHASE_NAMES))
    s.dealer = top.int("dealer", players - 1, 0, players - 1)
    s.radiant = C.races.index(top.str("radiant", C.races[s.radiant], C.races))
    s.turn = top.int("turn", (s.dealer + 1) % players, 0, players - 1)
    s.need_move = top.bool("need_move", False)
    s.picks_left = top.int("picks_left", 0 if s.phase else s.picks_left, 0,
                           PICKS_EACH * players)
    tracker = top.str("tracker", "centre")  # a region, checked below
    s.tracker = CENTRE if tracker == "centre" else _region(tracker, "tracker")
    s.scores = _per_side(top, "scores", s.teams, MAX_POINTS)
    s.taken = _per_side(top, "coins_taken", s.teams, MAX_POINTS)
    s.last_win = _per_side(top, "last_win", s.teams, MAX_BATTLES)
    s.battle_no = top.int("battle_no", max(s.last_win), 0, MAX_BATTLES)
    if "chance" in data:
        chance = top.str("chance", "0")
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
        s.read_conceded(top.raw("conceded"))
    top.done()
    check_reachable(s)
    return s


def _read_board(s: PerimState, top: Table) -> None:
    """Cubes and coins on the regions."""
    s.control = [NO_ONE] * len(C.regions)
    control = top.table("control")
    for name in control.data:
        r = _region(name, "control")
        side = control.raw(name)
        if not isinstance(side, int) or isinstance(side, bool) or not 0 <= side < s.teams:
            colours = s.teams
            raise ScenarioError(f"control.{name}: a side is 0..{colours - 1} (there are "
                                f"{colours} sides), not {show(side)} (Setup (Age 1))")
        s.control[r] = side
    for key, target in (("silver", s.silver), ("copper", s.copper)):
        if key in top:
            target[:] = [0] * len(C.regions)
            coins = top.table(key)
            for name in coins.data:
                r = _region(name, key)
                target[r] = number(coins.raw(name), coins.at(name), 0, 3)


def _read_pool(s: PerimState, top: Table) -> None:
    # Left out: empty after the Recruit phase, else the pool of a fresh game (a recruit
    # position needs cards to pick; the module promises every field may be left out).
    fresh_pool = ["" if t < 0 else C.card_slug(t) for t in s.pool]
    pool = top.list("pool", ["" for _ in range(9)] if s.phase else fresh_pool, 9)
    s.pool = [-1 if w == "" else _card(w, f"pool[{i}]") for i, w in enumerate(pool)]


def _read_seats(s: PerimState, top: Table) -> None:
    players = s.players
    seats = top.list("seat", [{} for _ in range(players)], players)  # one per player
    for p, entry in enumerate(seats):
        where = f"seat[{p}]"
        t = Table(entry, where)
        s.hands[p] = _counts(t.list("hand", []), f"{where}.hand")
        s.known[p] = _counts(t.list("known", []), f"{where}.known")
        s.absent[p] = sum(1 << x for x in set(_cards(t.list("lacks", []),
                                                     f"{where}.lacks")))
        s.captured[p] = _counts(t.list("captured", []), f"{where}.captured")
        s.leftover[p] = _counts(t.list("unseen_captured", []), f"{where}.unseen_captured")
        for x in range(N_TYPES):
            slug = C.card_slug(x)
            if s.known[p][x] > s.hands[p][x]:
                raise ScenarioError(f"{where}.known: {slug} is not in the hand")
            if s.leftover[p][x] > s.captured[p][x]:
                raise ScenarioError(f"{where}.unseen_captured: {slug} is not captured")
            if s.absent[p] >> x & 1 and s.hands[p][x]:
                raise ScenarioError(f"{where}.lacks: {slug} is in the hand")
        s.pending[p] = []
        melds = t.list("melds", [])
        for i, text in enumerate(melds):
            m = _meld(text, players, f"{where}.melds[{i}]")
            used = s._fit(s._unmelded(p), m.meld, m.race)
            if used is None:
                raise ScenarioError(f"{where}.melds[{i}]: the cards not yet melded cannot form "
                                    f"{show(text)} (Phase 2: Meld: each card can only be "
                                    "used in a single meld)")
            s.pending[p].append((m.meld, m.race, used))
        revealed = t.list("revealed", [])
        if len(revealed) > HAND_SIZE[players] + PICKS_EACH:
            raise ScenarioError(f"{where}.revealed lists more melds than a hand can hold")
        s.revealed[p] = tuple((m.meld, m.race) for m in (
            _meld(x, players, f"{where}.revealed[{i}]") for i, x in enumerate(revealed)))
        t.done()


def _read_battle(s: PerimState, top: Table) -> None:
    players = s.players
    b = top.table("battle")
    s.battle_cards = _cards(b.list("cards", []), "battle.cards")
    s.plays = []
    plays = b.list("plays", [])
    if len(plays) > players:
        raise ScenarioError(f"battle.plays lists {len(plays)} plays; each of the {players} "
                            "seats plays once in a battle (Phase 3: War)")
    for i, play in enumerate(plays):
        where = f"battle.plays[{i}]"
        pt = Table(play, where)
        cards = _cards(pt.list("cards", []), f"{where}.cards")
        if not 1 <= len(cards) <= 2:
            raise ScenarioError(f"{where}.cards: one card or a mounted knight (a knight and "
                                "a mount)")
        s.plays.append((pt.int("seat", 0, 0, players - 1),
                        cards[0], cards[1] if len(cards) == 2 else -1,
                        pt.int("rank", 0, 0, len(C.ranks)), pt.bool("counts", True)))
        pt.done()
    s.acted = sum(1 << x for x in _seats(b.list("acted", []), players, "battle.acted"))
    s.may_pass = sum(1 << x for x in _seats(b.list("may_pass", []), players,
                                            "battle.may_pass"))
    b.done()


def _read_deck(s: PerimState, top: Table) -> None:
    """Check that no card is placed twice; unplaced cards form the deck."""
    placed = [0] * N_TYPES
    for zone in [*s.hands, *s.captured]:
        for t in range(N_TYPES):
            placed[t] += zone[t]
    for t in [*s.battle_cards, *(x for x in s.pool if x >= 0)]:
        placed[t] += 1
    given = "deck" in top
    if given:
        s.deck = _cards(top.raw("deck"), "deck")
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
