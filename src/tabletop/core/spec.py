"""Game specifications, the registry of games, and ``new_game``.

Games announce themselves through the ``tabletop.games`` entry-point group (so the core
imports no game); :func:`register` adds one by hand, for tests or plugins. A game whose
entry point fails to load is listed by :func:`broken_games` and named in one error line
where it is asked for; the other games are unaffected.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import ParameterError, UnknownGameError, excerpt
from .plugins import PluginError, load_group
from .words import Words, notation_words

if TYPE_CHECKING:
    from .balance import BalanceSpec
    from .event import EventKind
    from .state import State


@dataclass(frozen=True, slots=True)
class ParamSpec:
    """One game parameter: its type, its default and what it means."""

    type: type
    default: Any
    help: str
    # The value names local files (comma-separated paths): a record's value is never
    # opened unless the same files are given explicitly (``replay --cards``).
    paths: bool = False
    # The range of an int parameter (inclusive), checked by GameSpec.check_params.
    low: int | None = None
    high: int | None = None
    # The value tells what a seat may not know (a constructed deck is its hand): it is in
    # no view, and a server shows it to nobody while the game runs (only in the record).
    private: bool = False


def numbered_seat(seat: int) -> str:
    """The default label of a seat for people: P1, P2, ... (seats are 0-based in data)."""
    return f"P{seat + 1}"


class _New:
    """The default factory of a spec: its State class called with (players, seed, params)
    (a class, not a lambda, so that a spec can cross to worker processes)."""

    __slots__ = ("state",)

    def __init__(self, state: type[State]) -> None:
        self.state = state

    def __call__(self, players: int, seed: int, params: dict[str, Any]) -> State:
        return self.state(players, seed, params)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What a game is, before any state exists.

    ``state`` names the game's State class: the spec binds itself to it (``State.spec``),
    and by default builds a game with ``state(players, seed, params)`` and a position with
    ``state.from_data(data)``; ``factory`` and ``from_data`` override those two.

    Seats are 0-based integers in every piece of data (views, events, outcomes, records,
    APIs); people see ``seat_label(seat)`` instead (P1..P4, or A and B in radiant-arena)
    on every screen, in notation and in error messages.
    """

    id: str
    name: str
    player_counts: tuple[int, ...]
    rules_version: str
    rulebook: str
    state: type[State] | None = None
    factory: Callable[[int, int, dict[str, Any]], State] = None  # type: ignore[assignment]
    from_data: Callable[[Mapping[str, Any]], State] = None  # type: ignore[assignment]
    params: Mapping[str, ParamSpec] = field(default_factory=dict)
    default_players: int = 2
    card_ids: tuple[str, ...] = ()
    notation: str = ""  # the action grammar, for people (help screens, errors)
    seat_label: Callable[[int], str] = numbered_seat
    event_kinds: tuple[EventKind, ...] = ()  # every kind of event the game emits
    # The dotted name of the game's research encoding module (a fixed action index space
    # and a view encoder for tabletop.interfaces.env, see docs/research.md); imported only
    # by the adapters. Empty: the adapters use their generic fallback.
    encoding: str = ""
    # What the game's balance report tallies (tabletop.core.balance; `tabletop balance`
    # plays and folds it in tabletop.sim.balance). None: the game has no report.
    balance: BalanceSpec | None = None
    # The dotted name of the module declaring how the game reads user card files
    # (``--cards``; its ``FORMAT``, a tabletop.cards.files.CardFormat); imported only by
    # the interfaces. Empty: the game takes no card files.
    card_files: str = ""
    # The game's words for people (``State.describe``): ``(action, view, catalogue) ->
    # ActionWords``, reading the seat's view and the public catalogue only. Default: the
    # notation.
    words: Words = notation_words

    def __post_init__(self) -> None:
        state = self.state
        if state is not None:
            # The State class answers to the first spec that names it: a variant made with
            # dataclasses.replace (a test's renamed copy) leaves the original's in place.
            if "spec" not in vars(state):
                state.spec = self
            if self.factory is None:
                object.__setattr__(self, "factory", _New(state))
            if self.from_data is None:
                object.__setattr__(self, "from_data", state.from_data)
        if self.factory is None or self.from_data is None:
            raise TypeError(f"GameSpec {self.id!r} needs its State class (state=) or both "
                            "factory= and from_data=")
        if self.default_players not in self.player_counts:
            raise TypeError(f"GameSpec {self.id!r}: default_players {self.default_players} "
                            f"is not one of {self.player_counts}")

    def seat_labels(self, players: int) -> tuple[str, ...]:
        """The label of every seat of a game of ``players``."""
        return tuple(self.seat_label(s) for s in range(players))

    def seat_of(self, text: str, players: int) -> int:
        """The 0-based seat a person means by ``text``: its label (any case) or its
        number counted from 1; raises ``ParameterError``."""
        word = text.strip()
        for s in range(players):
            if word.lower() == self.seat_label(s).lower():
                return s
        if word.isascii() and word.isdigit() and len(word) < 4 and 1 <= int(word) <= players:
            return int(word) - 1
        labels = ", ".join(self.seat_labels(players))
        raise ParameterError(f"{self.id}: no seat {excerpt(word)!r} (seats: {labels})")

    def check_params(self, players: int, params: Mapping[str, Any]) -> dict[str, Any]:
        """Validated parameters with defaults filled in; raises ``ParameterError``."""
        if isinstance(players, bool) or players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise ParameterError(f"{self.id} is played by {counts} players, "
                                 f"not {excerpt(repr(players))}")
        out: dict[str, Any] = {}
        for name, value in params.items():
            if name not in self.params:
                known = ", ".join(sorted(self.params)) or "none"
                raise ParameterError(f"{self.id} has no parameter {excerpt(str(name))!r} "
                                     f"(known: {known})")
            want = self.params[name].type
            if not isinstance(value, want) or (want is int and isinstance(value, bool)):
                raise ParameterError(f"{self.id} parameter {name!r} must be {want.__name__}, "
                                     f"not {excerpt(repr(value))}")
            p = self.params[name]
            if isinstance(value, int) and ((p.low is not None and value < p.low)
                                           or (p.high is not None and value > p.high)):
                raise ParameterError(f"{self.id} parameter {name!r} must be from {p.low} to "
                                     f"{p.high}, not {excerpt(repr(value))}")
            out[name] = value
        for name, p in self.params.items():
            out.setdefault(name, p.default)
        return out


_REGISTRY: dict[str, GameSpec] = {}
_BROKEN: dict[str, str] = {}  # game id -> why its entry point did not load
_loaded = False


def register(spec: GameSpec) -> None:
    """Add a game to the registry (replacing one with the same id)."""
    _REGISTRY[spec.id] = spec


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    group = load_group("tabletop.games")
    _BROKEN.update(group.broken)
    for name, spec in group.loaded.items():
        if not isinstance(spec, GameSpec):
            _BROKEN[name] = f"not a GameSpec but {type(spec).__name__}"
        elif spec.id != name:
            _BROKEN[name] = f"the entry point is named {name!r} but the spec's id is {spec.id!r}"
        else:
            _REGISTRY.setdefault(spec.id, spec)


def games() -> list[GameSpec]:
    """Every registered game, by id (games whose plugin is broken are left out: see
    :func:`broken_games`)."""
    _load_entry_points()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def broken_games() -> dict[str, str]:
    """Installed games that could not be loaded, with why."""
    _load_entry_points()
    return {k: v for k, v in sorted(_BROKEN.items()) if k not in _REGISTRY}


def get_spec(game_id: str) -> GameSpec:
    """The spec of ``game_id``; raises ``UnknownGameError`` naming the known ids, or
    ``PluginError`` for an installed game that does not load."""
    _load_entry_points()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        if game_id in _BROKEN:
            raise PluginError(f"game {game_id!r} is installed but broken: "
                              f"{_BROKEN[game_id]}") from None
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise UnknownGameError(f"unknown game {excerpt(str(game_id))!r} (known: {known})") \
            from None


MAX_SEED = 2**63 - 1  # seeds fit a TOML integer (scenario files hold them)


def fresh_seed() -> int:
    """A new random seed, for games started without one (it is recorded)."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def new_game(
    game_id: str, players: int | None = None, seed: int | None = None, **params: Any
) -> State:
    """Start a game of ``game_id``: validated seats and parameters, seeded chance."""
    spec = get_spec(game_id)
    n = spec.default_players if players is None else players
    if isinstance(n, bool) or not isinstance(n, int):
        raise ParameterError(f"{spec.id}: the number of players must be an integer")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                             or not 0 <= seed <= MAX_SEED):
        raise ParameterError(f"a seed is an integer from 0 to {MAX_SEED}")
    checked = spec.check_params(n, params)
    return spec.factory(n, fresh_seed() if seed is None else seed, checked)
