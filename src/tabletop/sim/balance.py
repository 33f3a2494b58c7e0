"""Balance reports of every game (issue 26, "One balance command for every game"): seeded
games played where the backend puts them, each tallied by the game's own hook
(``GameSpec.balance``, :mod:`tabletop.core.balance`) in the process that played it, and
folded into one :class:`Report`.

:func:`balance_games` plays seeds ``seed, seed + 1, ...`` with the game's report
parameters (radiant-arena drafts, lightseekers deals random ready decks) under any given
``params``; the agents turn round the seats from one game to the next (two agents in two
seats: each sits first as often as second), so a report measures the cards, not a seat.
The local backend plays in this process or a process pool, ``ray`` on Ray
(:mod:`.backend`); results come in any order and the report does not depend on it, so
the same arguments give the same report on one worker or eight.

A :class:`Report` keeps, for every id of every kind the game tallies (heroes, deities,
items, skill cards, decks, cards ...), the games a seat had it in and that seat's share
of the wins (a shared win is split); for the kinds a game says are played, the same
split by whether the seat played it; for a kind of which each seat of a two-player game
has one (a ready deck), every pair that met. From those: a win rate with its 95% Wilson
score interval (:func:`.ratings.wilson`), and the "played and won" delta, the rate when
played minus the rate when held and not played, with its 95% Newcombe interval
(:func:`.ratings.newcombe`). Also the first seat's win rate and its advantage over a
fair share, every seat's, every agent's when they differ, and the game lengths.
:mod:`.reports` writes it (Markdown, HTML, JSON and SVG plots).
"""

from __future__ import annotations

import difflib
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.core import ParameterError, get_spec, new_game
from tabletop.core.balance import BalanceSpec, GameTally

from .backend import check_backend, run_on
from .match import play_match, seat_agents
from .ratings import newcombe, wilson
from .simulate import _Job, check_setup

INTERVAL = "95% Wilson score interval"
DELTA_INTERVAL = "95% Newcombe hybrid score interval (difference of two proportions)"


def balance_spec(game: str) -> BalanceSpec:
    """What ``game`` tallies; ``ParameterError`` (naming the games that have one) if it
    declares no balance report."""
    spec = get_spec(game)
    if spec.balance is None:
        from tabletop.core import games

        have = ", ".join(g.id for g in games() if g.balance is not None)
        raise ParameterError(f"{spec.id} declares no balance report (GameSpec.balance); "
                             f"games with one: {have}")
    return spec.balance


@dataclass(frozen=True, slots=True)
class TalliedGame:
    """One finished game as the report needs it: its job's index and seed, the agent of
    each seat, the winning seats, the decisions made and the game's own tally."""

    index: int
    seed: int
    agents: tuple[str, ...]
    winners: tuple[int, ...]
    reason: str
    decisions: int
    tally: GameTally


def play_tallied(job: _Job) -> TalliedGame:
    """Play one job ``(index, game, players, agents, seed, params)`` to its end and tally
    it by the game's hook (in the worker: only the tally travels back)."""
    index, game, players, agents, seed, params = job
    state = play_match(game, players, agents, seed, params)
    out = state.outcome()
    assert out is not None  # play_match plays to the end
    spec = balance_spec(game)
    return TalliedGame(index, seed, tuple(agents), tuple(out.winners), out.reason,
                       len(state.history), spec.tally(state))


def report_params(game: str, params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The parameters of a report's games: the game's report parameters, then
    ``params`` over them."""
    return {**balance_spec(game).params, **dict(params or {})}


def balance_jobs(game: str, games: int, agents: Sequence[str], players: int | None = None,
                 seed: int = 0, params: Mapping[str, Any] | None = None) -> list[_Job]:
    """The jobs of a report, checked (games, players, parameters, agent names, one deal)
    before any is played."""
    if games < 1:
        raise ParameterError(f"the number of games must be at least 1, not {games}")
    spec = get_spec(game)
    balance_spec(spec.id)
    n = spec.default_players if players is None else players
    base = seat_agents(agents, n)
    full = report_params(spec.id, params)
    check_setup(spec.id, n, base, full)
    # One deal: what only a game checks (a deck's name, a card file) is said now, once,
    # not by every worker.
    new_game(spec.id, players=n, seed=seed, **full)
    # Game i seats the agents turned round by i: every agent sits in every seat.
    return [(i, spec.id, n, tuple(base[(s + i) % n] for s in range(n)), seed + i, full)
            for i in range(games)]


def balance_games(game: str, games: int, agents: Sequence[str], players: int | None = None,
                  seed: int = 0, workers: int = 1, params: Mapping[str, Any] | None = None,
                  backend: str = "local", address: str | None = None
                  ) -> Iterator[TalliedGame]:
    """Play and tally the games of a report (see the module doc); bad input is raised
    before any game starts."""
    if workers < 1:
        raise ParameterError(f"the number of workers must be at least 1, not {workers}")
    check_backend(backend, address)
    jobs = balance_jobs(game, games, agents, players, seed, params)
    return run_on(backend, jobs, workers, address, play=play_tallied)


# --- folding ----------------------------------------------------------------------------


@dataclass(slots=True)
class Rate:
    """Games and the share of them won (a shared win split between its winners)."""

    n: int = 0
    wins: float = 0.0

    def add(self, won: float) -> None:
        """Count one game with its share of a win."""
        self.n += 1
        self.wins += won

    @property
    def rate(self) -> float:
        """The win rate (NaN with no game)."""
        return self.wins / self.n if self.n else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        """Its 95% Wilson score interval."""
        return wilson(self.wins, self.n)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready (a rate of no game is null)."""
        lo, hi = self.interval
        return {"n": self.n, "wins": round(self.wins, 4),
                "rate": None if not self.n else round(self.rate, 4),
                "interval": [round(lo, 4), round(hi, 4)]}


@dataclass(slots=True)
class Entity:
    """One id's counts: the games a seat had it in; for a played kind, split into those
    it was played in and those it was only held in."""

    held: Rate = field(default_factory=Rate)
    played: Rate = field(default_factory=Rate)
    idle: Rate = field(default_factory=Rate)

    def delta(self) -> tuple[float, tuple[float, float]] | None:
        """The rate when played minus the rate when held and not played, with its 95%
        Newcombe interval; None unless it was both played and left unplayed."""
        p, q = self.played, self.idle
        if not p.n or not q.n:
            return None
        return p.rate - q.rate, newcombe(p.wins, p.n, q.wins, q.n)


BAND_MIN = 30  # games before a rate outside the aimed band is marked (a few say little)


def flag(rate: Rate, fair: float, band: tuple[float, float] | None = None) -> str:
    """``strong`` / ``weak``: the interval lies wholly above / below the fair share;
    ``outside 40–60%`` when the rate of at least :data:`BAND_MIN` games is outside the
    game's aimed band; else empty."""
    if not rate.n:
        return ""
    lo, hi = rate.interval
    words = ["strong"] if lo > fair else ["weak"] if hi < fair else []
    if band is not None and rate.n >= BAND_MIN and not band[0] <= rate.rate <= band[1]:
        words.append(f"outside {100 * band[0]:.0f}–{100 * band[1]:.0f}%")
    return ", ".join(words)


@dataclass(slots=True)
class Report:
    """The running totals of one game's balance report (see the module doc)."""

    game: str
    players: int
    spec: BalanceSpec
    names: dict[str, dict[str, str]]  # kind -> id -> printed name, catalogue order
    games: int = 0
    entities: dict[str, dict[str, Entity]] = field(default_factory=dict)
    first: Rate = field(default_factory=Rate)
    seats: list[Rate] = field(default_factory=list)
    agents: dict[str, Rate] = field(default_factory=dict)
    turns: Counter[int] = field(default_factory=Counter)
    decisions: Counter[int] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    focus: tuple[tuple[str, str], ...] = ()  # (kind, id) the reader asked about
    # kind -> (a, b) with a < b -> a's games and wins against b (two-player matchups)
    pairs: dict[str, dict[tuple[str, str], Rate]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.seats = self.seats or [Rate() for _ in range(self.players)]
        for kind in self.spec.kinds:
            table = self.entities.setdefault(kind.key, {})
            for key in self.names.get(kind.key, {}):
                table.setdefault(key, Entity())

    @property
    def fair(self) -> float:
        """A seat's fair share of the wins: one over the seats."""
        return 1.0 / self.players

    def add(self, g: TalliedGame) -> None:
        """Fold one game in (in any order)."""
        t = g.tally
        if len(t.seats) != self.players:
            raise ParameterError(f"{self.game}: a tally of {len(t.seats)} seats in a "
                                 f"{self.players}-player report")
        self.games += 1
        share = [(1.0 / len(g.winners) if s in g.winners else 0.0)
                 for s in range(self.players)]
        self.first.add(share[t.first])
        for s in range(self.players):
            self.seats[s].add(share[s])
        if len(set(g.agents)) > 1:
            for s, name in enumerate(g.agents):
                self.agents.setdefault(name, Rate()).add(share[s])
        if t.turns is not None:
            self.turns[t.turns] += 1
        self.decisions[g.decisions] += 1
        self.reasons[t.ending or g.reason] += 1
        for kind in self.spec.kinds:
            ids = [seat.held.get(kind.key, ()) for seat in t.seats]
            if kind.matchups and self.players == 2 and all(len(x) == 1 for x in ids):
                (a,), (b,) = ids
                if a != b:
                    won = share[0] if a < b else share[1]
                    self.pairs.setdefault(kind.key, {}).setdefault(
                        (min(a, b), max(a, b)), Rate()).add(won)
        for s, seat in enumerate(t.seats):
            for kind in self.spec.kinds:
                table = self.entities[kind.key]
                played = set(seat.played.get(kind.key, ()))
                for key in seat.held.get(kind.key, ()):
                    e = table.setdefault(key, Entity())
                    e.held.add(share[s])
                    if kind.played:
                        (e.played if key in played else e.idle).add(share[s])

    def rows(self, kind: str) -> list[tuple[str, str, Entity]]:
        """A kind's ids (with their names), best win rate first, unseen ones last."""
        names = self.names.get(kind, {})
        table = self.entities.get(kind, {})

        def order(item: tuple[str, Entity]) -> tuple[int, float, str]:
            key, e = item
            return (0 if e.held.n else 1, -e.held.rate if e.held.n else 0.0,
                    names.get(key, key))

        return [(key, names.get(key, key), e) for key, e in sorted(table.items(), key=order)]

    def flagged(self) -> list[tuple[str, str, str, Entity]]:
        """Every (kind, id, flag, entity) with a flag (see :func:`flag`)."""
        out = []
        for kind in self.spec.kinds:
            for key, _, e in self.rows(kind.key):
                f = flag(e.held, self.fair, kind.band)
                if f:
                    out.append((kind.key, key, f, e))
        return out

    def to_json(self) -> dict[str, Any]:
        """The numbers, JSON-ready (the fields docs/balance/README.md lists)."""
        lo, hi = self.first.interval
        kinds: dict[str, Any] = {}
        for kind in self.spec.kinds:
            rows = {}
            for key, name, e in self.rows(kind.key):
                row: dict[str, Any] = {"name": name, **e.held.to_json(),
                                       "flag": flag(e.held, self.fair, kind.band)}
                if kind.played:
                    d = e.delta()
                    row |= {"played": e.played.to_json(), "not_played": e.idle.to_json(),
                            "delta": None if d is None else round(d[0], 4),
                            "delta_interval": None if d is None else
                            [round(d[1][0], 4), round(d[1][1], 4)]}
                rows[key] = row
            kinds[kind.key] = {"title": kind.title, "played": kind.played,
                               "band": None if kind.band is None else list(kind.band),
                               "entities": rows}
        return {
            "game": self.game, "players": self.players, "games": self.games,
            "interval": INTERVAL, "delta_interval": DELTA_INTERVAL,
            "first_seat": {**self.first.to_json(), "fair": round(self.fair, 4),
                           "advantage": None if not self.games else
                           round(self.first.rate - self.fair, 4),
                           "advantage_interval": [round(lo - self.fair, 4),
                                                  round(hi - self.fair, 4)]},
            "seats": [r.to_json() for r in self.seats],
            "agents": {k: v.to_json() for k, v in sorted(self.agents.items())},
            "lengths": {"decisions": lengths(self.decisions),
                        "turns": lengths(self.turns) if self.turns else None},
            "reasons": dict(self.reasons.most_common()),
            "kinds": kinds,
            "matchups": {kind: [{"a": a, "b": b, **r.to_json()} for (a, b), r in
                                sorted(table.items())]
                         for kind, table in sorted(self.pairs.items())},
            "focus": [{"kind": k, "id": i} for k, i in self.focus],
        }


def lengths(counts: Counter[int]) -> dict[str, Any]:
    """Mean, 10th percentile, median, 90th percentile and maximum of a length histogram,
    and the histogram itself ({length: games})."""
    xs = sorted(counts.elements())
    if not xs:
        return {"mean": None, "p10": None, "median": None, "p90": None, "max": None,
                "histogram": {}}

    def q(p: float) -> int:
        return xs[min(len(xs) - 1, int(p * len(xs)))]

    return {"mean": round(sum(xs) / len(xs), 2), "p10": q(0.1), "median": q(0.5),
            "p90": q(0.9), "max": xs[-1],
            "histogram": {str(k): v for k, v in sorted(counts.items())}}


def new_report(game: str, players: int | None = None,
               params: Mapping[str, Any] | None = None, focus: Iterable[str] = ()
               ) -> Report:
    """An empty report of ``game`` that knows every id its kinds name (for the report's
    parameters ``params``), with the ids or printed names in ``focus`` resolved
    (``ParameterError`` for one that names nothing)."""
    spec = get_spec(game)
    balance = balance_spec(spec.id)
    full = report_params(spec.id, params)
    names = {k.key: dict(k.names(full)) for k in balance.kinds}
    report = Report(spec.id, spec.default_players if players is None else players,
                    balance, names)
    report.focus = tuple(resolve(report, word) for word in focus)
    return report


def resolve(report: Report, word: str) -> tuple[str, str]:
    """The (kind, id) that ``word`` names: an id, or a printed name (any case)."""
    text = word.strip()
    if text:
        for kind in report.spec.kinds:
            if text in report.names[kind.key]:
                return kind.key, text
        for kind in report.spec.kinds:
            for key, name in report.names[kind.key].items():
                if name.casefold() == text.casefold():
                    return kind.key, key
    every = [w for kind in report.spec.kinds for key, name in report.names[kind.key].items()
             for w in (key, name)]
    close = difflib.get_close_matches(text, every, n=3, cutoff=0.6)
    what = " or ".join(k.title.lower() for k in report.spec.kinds)
    hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
    raise ParameterError(f"--focus {word!r}: {report.game} has no {what} of that id or "
                         f"name{hint}")


__all__ = ["BalanceSpec", "DELTA_INTERVAL", "Entity", "INTERVAL", "Rate", "Report",
           "TalliedGame", "balance_games", "balance_jobs", "balance_spec", "flag",
           "lengths", "new_report", "play_tallied", "report_params", "resolve"]
