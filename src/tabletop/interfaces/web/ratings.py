"""Ratings (docs/web.md, "Ratings"): OpenSkill's Plackett-Luce model, per game and per
bracket (``1v1``: two seats; ``ffa``: three or more, each for itself; ``teams``: a game
whose partners share a side), settled once when a game between accounts ends.

- A game is rated when it was created rated and, at its end, every person's seat is an
  account's (the AI's seats play as the accounts "AI (easy)", "AI (normal)", "AI (hard)").
- Each side's place comes from the outcome: the winners first, then by score. A seat that
  abandoned the game (the AI still held it at the end, or it conceded when its grace
  period ran out) is placed last, whatever the AI made of it.
- A person's rating moves by :data:`BOT_FACTOR` of the model's change in a game with a
  bot or the AI (lichess halves it): an agent that plays thousands of games should not
  pull people's ratings around. Bots' and the AI's own ratings move fully.
- A rating is provisional while its sigma is above :data:`PROVISIONAL_SIGMA` (it starts
  at 8.33; about nine 1v1 games bring it down to 6.5). The number shown is
  ``RATING_SCALE * mu`` (a new player shows 1500, as on lichess); leaderboards order by
  the conservative ``mu - 3 sigma``.
"""

from __future__ import annotations

from statistics import fmean
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from tabletop.core import State, get_spec

from . import accounts
from .storage import AccountRow, Rater, RatingRow, ResultRow, Storage

if TYPE_CHECKING:
    from .tables import LiveTable


BRACKETS = ("1v1", "ffa", "teams")
BOT_FACTOR = 0.5  # a person's rating change in a game with a bot or the AI
PROVISIONAL_SIGMA = 6.5  # sigma above this: the rating is provisional
RATING_SCALE = 60  # the number shown is 60 * mu (a new rating: 1500)
RECENT = 20  # results on a profile


def bracket_of(state: State) -> str:
    """The bracket a game is rated in."""
    if state.teams < state.players:
        return "teams"
    return "1v1" if state.players == 2 else "ffa"


def places(state: State, abandoned: set[int]) -> list[int]:
    """Each seat's place (1 is first; equal places tie): its side's, by the outcome
    (winners first, then by score), a side with a seat that abandoned last."""
    outcome = state.outcome()
    assert outcome is not None
    sides = sorted({state.team(s) for s in range(state.players)})
    members = {t: [s for s in range(state.players) if state.team(s) == t] for t in sides}

    def key(t: int) -> tuple[int, int, float]:
        seats = members[t]
        left = any(s in abandoned for s in seats)
        won = any(s in outcome.winners for s in seats)
        return (int(left), 0 if won and not left else 1, -max(outcome.scores[s] for s in seats))

    keys = {t: key(t) for t in sides}
    place = {t: 1 + sum(1 for o in sides if keys[o] < keys[t]) for t in sides}
    return [place[state.team(s)] for s in range(state.players)]


def rater(seats: list[str], sides: list[list[int]], seat_places: list[int],
          kinds: dict[str, str]) -> Rater:
    """How a rated game's ratings change: ``seats`` is each seat's account (one account
    may hold several seats: the AI at one difficulty), ``sides`` the seats of each side
    (partners share one), ``seat_places`` each seat's place, ``kinds`` each account's
    kind. An account in several seats gets the mean of its seats' new ratings."""
    with_agents = any(k in ("bot", "ai") for k in kinds.values())

    def rate(before: dict[str, tuple[float, float] | None]) -> dict[str, tuple[float, float]]:
        model = PlackettLuce()
        start = {k: (model.mu, model.sigma) if v is None else v for k, v in before.items()}
        teams = [[model.rating(mu=start[seats[s]][0], sigma=start[seats[s]][1])
                  for s in side] for side in sides]
        rated = model.rate(teams, ranks=[float(seat_places[side[0]]) for side in sides])
        new: dict[str, list[tuple[float, float]]] = {}
        for side, team in zip(sides, rated, strict=True):
            for s, r in zip(side, team, strict=True):
                new.setdefault(seats[s], []).append((r.mu, r.sigma))
        out = {}
        for a, got in new.items():
            mu, sigma = fmean(g[0] for g in got), fmean(g[1] for g in got)
            if with_agents and kinds.get(a) == "person":
                mu0, sigma0 = start[a]
                mu, sigma = mu0 + BOT_FACTOR * (mu - mu0), sigma0 + BOT_FACTOR * (sigma - sigma0)
            out[a] = (mu, sigma)
        return out

    return rate


def settle(storage: Storage, live: LiveTable) -> bool:
    """Store a finished game's results for its accounts and, when it is rated, their new
    ratings (once: ``False`` if it was settled before, or has no account). A
    ``StorageError`` leaves it to be settled again (:meth:`Hub.settle_missed`)."""
    state, row = live.state, live.row
    if not state.is_over or state.outcome() is None:
        return False
    # Held by the AI, gone past the grace period: as this server saw it, and as the
    # game records it (a table settled after a restart has only the record).
    abandoned = (set(live.held) | set(live.abandoned)
                 | {s for s, why in state.conceded.items() if why == "abandon"})
    seat_places = places(state, abandoned)
    outcome = state.outcome()
    assert outcome is not None
    owners: list[AccountRow | None] = []
    for s in row.seats:
        account = live.accounts.get(s.seat)
        if s.kind == "ai" and row.options.get("rated"):
            account = accounts.ai_account(storage, s.difficulty or "normal")
        owners.append(account)
    if not any(a is not None and a.kind != "ai" for a in owners):
        return False
    people_signed = all(owners[s.seat] is not None for s in row.seats if s.kind == "human")
    rated = bool(row.options.get("rated")) and people_signed and state.teams > 1
    bracket = bracket_of(state)
    results = [ResultRow(row.id, s, a.key, row.game, bracket, rated, seat_places[s],
                         s in outcome.winners and s not in abandoned, s in abandoned)
               for s, a in enumerate(owners) if a is not None]
    rate = None
    if rated:
        kinds = {a.key: a.kind for a in owners if a is not None}
        sides = [[s for s in range(state.players) if state.team(s) == t]
                 for t in sorted({state.team(s) for s in range(state.players)})]
        rate = rater([a.key for a in owners if a is not None], sides, seat_places, kinds)
    return storage.settle(row.id, results, rate)


def rating_line(r: RatingRow) -> dict[str, Any]:
    """A rating as pages show it."""
    return {"game": r.game, "bracket": r.bracket, "rating": round(RATING_SCALE * r.mu),
            "mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "games": r.games,
            "provisional": r.sigma > PROVISIONAL_SIGMA}


def board_line(r: RatingRow, place: int) -> dict[str, Any]:
    """A leaderboard's line."""
    return {"place": place, "name": r.name, "kind": r.kind, "bot": r.kind in ("bot", "ai"),
            **rating_line(r)}


def _shown(mu: float | None) -> int | None:
    return None if mu is None else round(RATING_SCALE * mu)


def profile(storage: Storage, account: AccountRow) -> dict[str, Any]:
    """A player's profile: games played, won and abandoned per game, ratings, recent
    games with their replays."""
    games = []
    for game, played, won, left in storage.played(account.key):
        games.append({"game": game, "name": _game_name(game), "played": played, "won": won,
                      "abandoned": left})
    recent = []
    for r in storage.results(account.key, RECENT):
        before, after = _shown(r.mu_before), _shown(r.mu_after)
        if r.rated and before is None:
            before = _shown(PlackettLuce().mu)
        recent.append({"table": r.table_id, "game": r.game, "name": _game_name(r.game),
                       "bracket": r.bracket, "rated": r.rated, "place": r.place,
                       "won": r.won, "abandoned": r.abandoned, "rating_before": before,
                       "rating_after": after,
                       "change": None if after is None or before is None else after - before,
                       "at": int(r.at * 1000), "replay": f"/table/{r.table_id}?replay=1"})
    return {"account": accounts.public(account), "games": games,
            "abandoned": sum(g["abandoned"] for g in games),
            "ratings": [rating_line(r) for r in storage.ratings(account=account.key)],
            "recent": recent, "provisional_sigma": PROVISIONAL_SIGMA}


def _game_name(game: str) -> str:
    try:
        return get_spec(game).name
    except Exception:  # a game this server no longer plays: its id stands in
        return game
