"""Round-robin tournaments between agents: pairings, win rates and ratings.

Every pair of agents ``(a, b)`` (in the order given, ``a`` first) plays ``games`` games.

- **Seats.** Game ``k`` of a pairing deals seed ``seed + k // players`` and puts ``a``
  in seat ``k % players``: each deal is played once from every seat (seats rotated),
  which cancels most of the luck of the deal. The other seats are copies of ``b``.
  In a game played by teams (four-player radiant-perim) ``a``'s partner is a copy of
  ``a`` too, so the pairing is team ``a`` against team ``b``.
- **Who won.** ``a`` wins a game when its side is the only winning side, loses when its
  side is not among the winners, and draws when it shares the win with ``b``'s side(s)
  (the rulebook's tie that no battle breaks). ``win_rate_a`` counts a draw as half a win.
  In a three-player game ``a`` faces two copies of ``b``: an even match wins a third.
- **Statistics.** The 95% interval of ``win_rate_a`` is Wilson's; ratings are
  Bradley-Terry (MM iterations, Elo scale, mean 0, one virtual draw per pair that met)
  over the pairings' wins (see :mod:`.ratings`).

Every game is a record that replays (``GameResult.record``), in the order of the jobs
whatever the number of workers.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.core import ParameterError, State, get_spec, new_game

from .backend import check_backend
from .ratings import bradley_terry, wilson
from .simulate import GameResult, check_setup, run_jobs

PRIOR_DRAWS = 1.0


@dataclass(frozen=True, slots=True)
class TournamentGame:
    """One game of a tournament: its pairing, the seats ``a`` held, and the result."""

    pairing: int
    a: str
    b: str
    seats_a: tuple[int, ...]
    result: GameResult

    @property
    def score_a(self) -> float:
        """1 for a win of ``a``, 0 for a loss, 0.5 for a shared win."""
        return score_of(self.result.outcome, self.seats_a)


def score_of(outcome: Mapping[str, Any], seats_a: Sequence[int]) -> float:
    """``a``'s result in a finished game: 1 win, 0 loss, 0.5 when it shares the win."""
    winners = set(outcome["winners"])
    mine = winners & set(seats_a)
    if not mine:
        return 0.0
    return 1.0 if winners <= set(seats_a) else 0.5


def team_of(game_id: str, players: int, params: Mapping[str, Any] | None = None) -> list[int]:
    """The side of each seat in a fresh game (through ``State.team``)."""
    state: State = new_game(game_id, players=players, seed=0, **dict(params or {}))
    return [state.team(s) for s in range(players)]


def seats_of_a(teams: Sequence[int], k: int) -> tuple[int, ...]:
    """The seats of agent ``a`` in game ``k`` of a pairing: seat ``k % players`` and its
    partners.

    >>> seats_of_a([0, 1, 0, 1], 1)
    (1, 3)
    >>> seats_of_a([0, 1, 2], 5)
    (2,)
    """
    first = k % len(teams)
    return tuple(s for s in range(len(teams)) if teams[s] == teams[first])


def pairing_jobs(
    game_id: str, players: int, a: str, b: str, games: int, seed: int,
    teams: Sequence[int], first_index: int = 0, params: Mapping[str, Any] | None = None,
) -> list[tuple[tuple[int, ...], tuple[int, str, int, tuple[str, ...], int, dict[str, Any]]]]:
    """The games of one pairing: for each, ``a``'s seats and the job to play it."""
    out = []
    for k in range(games):
        seats = seats_of_a(teams, k)
        names = tuple(a if s in seats else b for s in range(players))
        job = (first_index + k, game_id, players, names, seed + k // players, dict(params or {}))
        out.append((seats, job))
    return out


def tournament(
    game_id: str,
    agents: Sequence[str],
    games: int,
    players: int | None = None,
    seed: int = 0,
    workers: int = 1,
    params: Mapping[str, Any] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[TournamentGame]:
    """Play the round robin; yield every game (locally pairing by pairing in a fixed
    order; on Ray, ``backend="ray"``, as games finish).

    Bad input (an unknown game or agent, a bad seat count, fewer than two agents, an
    unknown backend) raises at once, before any game is played.
    """
    names = [n.strip() for n in agents if n.strip()]
    if len(names) < 2:
        raise ParameterError("a tournament needs at least two agents (e.g. random,heuristic)")
    if len(set(names)) != len(names):
        raise ParameterError("an agent is named twice; each agent plays once")
    if games < 1:
        raise ParameterError(f"the number of games must be at least 1, not {games}")
    check_backend(backend, address)
    spec = get_spec(game_id)
    n = spec.default_players if players is None else players
    for name in names:
        check_setup(game_id, n, [name] * n, params)
    teams = team_of(game_id, n, params)
    pairs = [(names[i], names[j]) for i in range(len(names)) for j in range(i + 1, len(names))]
    plan = []
    for p, (a, b) in enumerate(pairs):
        for seats, job in pairing_jobs(game_id, n, a, b, games, seed, teams,
                                       first_index=p * games, params=params):
            plan.append((p, a, b, seats, job))
    return _play(plan, workers, backend, address)


def _play(plan: list[Any], workers: int, backend: str, address: str | None,
          ) -> Iterator[TournamentGame]:
    # Results carry their job's index: matched by it, whatever order they come in.
    by_index = {job[0]: (p, a, b, seats) for p, a, b, seats, job in plan}
    for result in run_jobs([job for *_, job in plan], workers, backend, address):
        p, a, b, seats = by_index.pop(result.index)
        yield TournamentGame(p, a, b, seats, result)
    assert not by_index, f"{len(by_index)} games never came back"


@dataclass(slots=True)
class PairingResult:
    """The running totals of one pairing."""

    a: str
    b: str
    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0

    def add(self, score_a: float) -> None:
        """Count one game by ``a``'s result (1, 0.5 or 0)."""
        self.games += 1
        if score_a >= 1.0:
            self.wins_a += 1
        elif score_a <= 0.0:
            self.wins_b += 1
        else:
            self.draws += 1

    @property
    def win_rate_a(self) -> float:
        """``a``'s share of the games, a draw counting half."""
        return (self.wins_a + self.draws / 2) / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        """The pairing as the ``--json`` output prints it."""
        low, high = wilson(self.wins_a + self.draws / 2, self.games)
        return {"a": self.a, "b": self.b, "games": self.games, "wins_a": self.wins_a,
                "wins_b": self.wins_b, "draws": self.draws,
                "win_rate_a": round(self.win_rate_a, 4), "ci_low": round(low, 4),
                "ci_high": round(high, 4)}


@dataclass(slots=True)
class Standings:
    """Every pairing's totals and the ratings they give."""

    agents: list[str]
    pairings: dict[tuple[str, str], PairingResult] = field(default_factory=dict)

    def add(self, game: TournamentGame) -> None:
        """Count one game."""
        key = (game.a, game.b)
        if key not in self.pairings:
            self.pairings[key] = PairingResult(game.a, game.b)
        self.pairings[key].add(game.score_a)

    def ratings(self) -> dict[str, float]:
        """Bradley-Terry ratings on the Elo scale (see :mod:`.ratings`)."""
        wins: dict[tuple[str, str], float] = {}
        for (a, b), p in self.pairings.items():
            wins[(a, b)] = wins.get((a, b), 0.0) + p.wins_a + p.draws / 2
            wins[(b, a)] = wins.get((b, a), 0.0) + p.wins_b + p.draws / 2
        return bradley_terry(self.agents, wins, prior=PRIOR_DRAWS)

    def to_json(self) -> dict[str, Any]:
        """``{"pairings": [...], "ratings": {...}}``."""
        return {"pairings": [p.to_json() for p in self.pairings.values()],
                "ratings": {k: round(v, 1) for k, v in self.ratings().items()}}
