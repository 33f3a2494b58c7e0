"""Positions as readable data: ``to_data`` for scenarios and the hash, ``from_data`` back.

Seats and sides are numbered from 1, cards are ``race.rank`` slugs and regions their ids.
A scenario may leave out any field: it gets the value of a fresh game, and every card
not placed anywhere goes to the deck (shuffled).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core import Chance, ScenarioError

from .actions import CATALOG as C
from .actions import parse
from .rules import CENTRE, N_TYPES, NO_ONE, PHASE_NAMES, Meld, PerimState, card_list


def to_data(s: PerimState) -> dict[str, Any]:
    """The whole position (TOML-ready: no nulls)."""
    return {
        "players": s.players,
        "seed": s.seed,
        "params": dict(s.params),
        "age": s.age,
        "phase": PHASE_NAMES[s.phase],
        "dealer": s.dealer + 1,
        "radiant": C.races[s.radiant],
        "turn": s.turn + 1,
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
        "control": {C.regions[r]: s.control[r] + 1 for r in range(len(C.regions))
                    if s.control[r] != NO_ONE},
        "silver": {C.regions[r]: n for r, n in enumerate(s.silver) if n},
        "copper": {C.regions[r]: n for r, n in enumerate(s.copper) if n},
        "battle": {
            "plays": [{"seat": p + 1, "cards": [C.card_slug(t)] + (
                [C.card_slug(u)] if u >= 0 else []), "rank": k, "counts": ok}
                for p, t, u, k, ok in s.plays],
            "cards": [C.card_slug(t) for t in s.battle_cards],
            "acted": [p + 1 for p in range(s.players) if s.acted >> p & 1],
            "may_pass": [p + 1 for p in range(s.players) if s.may_pass >> p & 1],
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
    }


class _Reader:
    """Reads fields of a scenario with errors that name the field."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data

    def get(self, key: str, typ: type, default: Any) -> Any:
        value = self.data.get(key, default)
        if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
            raise ScenarioError(f"field {key!r} must be {typ.__name__}, not {value!r}")
        return value

    def choice(self, key: str, options: tuple[str, ...] | list[str], default: str) -> int:
        value = self.get(key, str, default)
        if value not in options:
            raise ScenarioError(f"field {key!r}: {value!r} is not one of {', '.join(options)}")
        return list(options).index(value)


def _card(word: Any, field: str) -> int:
    if not isinstance(word, str) or "." not in word:
        raise ScenarioError(f"{field}: {word!r} is not a card (race.rank)")
    race, _, rank = word.partition(".")
    if race not in C.races or rank not in C.ranks:
        raise ScenarioError(f"{field}: unknown card {word!r}")
    return C.type_of(C.races.index(race), C.ranks.index(rank))


def _cards(words: Any, field: str) -> list[int]:
    if not isinstance(words, list):
        raise ScenarioError(f"{field} must be a list of cards")
    return [_card(w, f"{field}[{i}]") for i, w in enumerate(words)]


def _counts(words: Any, field: str) -> list[int]:
    out = [0] * N_TYPES
    for t in _cards(words, field):
        out[t] += 1
    return out


def _seat(value: Any, players: int, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= players:
        raise ScenarioError(f"{field}: seat must be 1..{players}, not {value!r}")
    return value - 1


def _region(value: Any, field: str) -> int:
    if value not in C.regions:
        raise ScenarioError(f"{field}: unknown region {value!r}")
    return C.regions.index(value)


def from_data(data: Mapping[str, Any]) -> PerimState:
    """Build a position from data; raises ``ScenarioError`` naming the bad field."""
    from .spec import SPEC

    rd = _Reader(data)
    players = rd.get("players", int, 3)
    seed = rd.get("seed", int, 0)
    params = SPEC.check_params(players, rd.get("params", dict, {}))
    s = PerimState(players, seed, params)
    s.events = []
    s.age = rd.get("age", int, 1)
    if not 1 <= s.age <= 3:
        raise ScenarioError("field 'age' must be 1, 2 or 3")
    s.phase = rd.choice("phase", PHASE_NAMES, "recruit")
    s.dealer = _seat(rd.get("dealer", int, players), players, "dealer")
    s.radiant = rd.choice("radiant", C.races, C.races[s.radiant])
    s.turn = _seat(rd.get("turn", int, (s.dealer + 1) % players + 1), players, "turn")
    s.need_move = rd.get("need_move", bool, False)
    s.picks_left = rd.get("picks_left", int, 0 if s.phase else s.picks_left)
    tracker = rd.get("tracker", str, "centre")
    s.tracker = CENTRE if tracker == "centre" else _region(tracker, "tracker")
    s.scores = _ints(rd, "scores", s.teams)
    s.taken = _ints(rd, "coins_taken", s.teams)
    s.last_win = _ints(rd, "last_win", s.teams)
    s.battle_no = rd.get("battle_no", int, max(s.last_win))
    if "chance" in data:
        try:
            s.chance = Chance(int(rd.get("chance", str, "0"), 16))
        except ValueError:
            raise ScenarioError("field 'chance' must be a hex string") from None
    s.control = [NO_ONE] * len(C.regions)
    for name, side in rd.get("control", dict, {}).items():
        if isinstance(side, bool) or not isinstance(side, int) or not 1 <= side <= s.teams:
            raise ScenarioError(f"control.{name}: side must be 1..{s.teams}")
        s.control[_region(name, "control")] = side - 1
    for key, target in (("silver", s.silver), ("copper", s.copper)):
        if key in data:
            target[:] = [0] * len(C.regions)
            for name, n in rd.get(key, dict, {}).items():
                if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                    raise ScenarioError(f"{key}.{name}: must be a count")
                target[_region(name, key)] = n
    # Left out: empty after the Recruit phase, else the pool of a fresh game (a recruit
    # position needs cards to pick; the module promises every field may be left out).
    fresh_pool = ["" if t < 0 else C.card_slug(t) for t in s.pool]
    pool = rd.get("pool", list, ["" for _ in range(9)] if s.phase else fresh_pool)
    if len(pool) != 9:
        raise ScenarioError("field 'pool' must list 9 slots ('' for an empty one)")
    s.pool = [-1 if w == "" else _card(w, f"pool[{i}]") for i, w in enumerate(pool)]
    seats = rd.get("seat", list, [{} for _ in range(players)])
    if len(seats) != players:
        raise ScenarioError(f"there must be one [[seat]] table per player ({players})")
    for p, entry in enumerate(seats):
        if not isinstance(entry, dict):
            raise ScenarioError(f"seat[{p}] must be a table")
        unknown = set(entry) - {"hand", "known", "lacks", "captured", "unseen_captured",
                                "melds", "revealed"}
        if unknown:
            raise ScenarioError(f"seat[{p}]: unknown field(s) {', '.join(sorted(unknown))}")
        where = f"seat[{p}]"
        s.hands[p] = _counts(entry.get("hand", []), f"{where}.hand")
        s.known[p] = _counts(entry.get("known", []), f"{where}.known")
        s.absent[p] = sum(1 << t for t in set(_cards(entry.get("lacks", []), f"{where}.lacks")))
        s.captured[p] = _counts(entry.get("captured", []), f"{where}.captured")
        s.leftover[p] = _counts(entry.get("unseen_captured", []), f"{where}.unseen_captured")
        for t in range(N_TYPES):
            if s.known[p][t] > s.hands[p][t]:
                raise ScenarioError(f"{where}.known: {C.card_slug(t)} is not in the hand")
            if s.leftover[p][t] > s.captured[p][t]:
                raise ScenarioError(f"{where}.unseen_captured: {C.card_slug(t)} is not captured")
            if s.absent[p] >> t & 1 and s.hands[p][t]:
                raise ScenarioError(f"{where}.lacks: {C.card_slug(t)} is in the hand")
        s.pending[p] = []
        for i, text in enumerate(entry.get("melds", [])):
            m = _meld(text, players, f"{where}.melds[{i}]")
            used = s._fit(s._unmelded(p), m.meld, m.race)
            if used is None:
                raise ScenarioError(f"{where}.melds[{i}]: the hand cannot form {text!r}")
            s.pending[p].append((m.meld, m.race, used))
        s.revealed[p] = tuple((m.meld, m.race) for m in (
            _meld(t, players, f"{where}.revealed[{i}]")
            for i, t in enumerate(entry.get("revealed", []))))
    battle = rd.get("battle", dict, {})
    b = _Reader(battle)
    s.battle_cards = _cards(b.get("cards", list, []), "battle.cards")
    s.plays = []
    for i, play in enumerate(b.get("plays", list, [])):
        if not isinstance(play, dict):
            raise ScenarioError(f"battle.plays[{i}] must be a table")
        pr = _Reader(play)
        cards = _cards(pr.get("cards", list, []), f"battle.plays[{i}].cards")
        if not 1 <= len(cards) <= 2:
            raise ScenarioError(f"battle.plays[{i}].cards: one card or a mounted knight")
        s.plays.append((_seat(pr.get("seat", int, 0), players, f"battle.plays[{i}].seat"),
                        cards[0], cards[1] if len(cards) == 2 else -1,
                        pr.get("rank", int, 0), pr.get("counts", bool, True)))
    s.acted = sum(1 << _seat(x, players, "battle.acted") for x in b.get("acted", list, []))
    s.may_pass = sum(1 << _seat(x, players, "battle.may_pass")
                     for x in b.get("may_pass", list, []))
    _place_deck(s, rd)
    return s


def _ints(rd: _Reader, key: str, n: int) -> list[int]:
    value = rd.get(key, list, [0] * n)
    if len(value) != n or not all(isinstance(x, int) and not isinstance(x, bool)
                                  for x in value):
        raise ScenarioError(f"field {key!r} must list {n} integers (one per side)")
    return list(value)


def _meld(text: Any, players: int, field: str) -> Meld:
    if not isinstance(text, str):
        raise ScenarioError(f"{field}: a meld like 'army avis'")
    try:
        action = parse(f"meld {text}", players)
    except ValueError as e:
        raise ScenarioError(f"{field}: {e}") from None
    if not isinstance(action, Meld):
        raise ScenarioError(f"{field}: {text!r} is not a meld")
    return action


def _place_deck(s: PerimState, rd: _Reader) -> None:
    """Check that no card is placed twice; unplaced cards form the deck."""
    placed = [0] * N_TYPES
    for zone in [*s.hands, *s.captured]:
        for t in range(N_TYPES):
            placed[t] += zone[t]
    for t in [*s.battle_cards, *(x for x in s.pool if x >= 0)]:
        placed[t] += 1
    if "deck" in rd.data:
        s.deck = _cards(rd.get("deck", list, []), "deck")
        for t in s.deck:
            placed[t] += 1
        for t in range(N_TYPES):
            if placed[t] != C.copies[t]:
                raise ScenarioError(f"there are {C.copies[t]} {C.card_slug(t)} cards, "
                                    f"the scenario places {placed[t]}")
        return
    s.deck = []
    for t in range(N_TYPES):
        if placed[t] > C.copies[t]:
            raise ScenarioError(f"there are {C.copies[t]} {C.card_slug(t)} cards, "
                                f"the scenario places {placed[t]}")
        s.deck.extend([t] * (C.copies[t] - placed[t]))
    s.chance.shuffle(s.deck)
