"""Balance reports of radiant-arena's card pool (issue 12): drafted games played in parallel
and folded into pick counts and win rates.

:func:`drafted_games` plays games with ``draft = true`` (seeds ``seed, seed+1, ...``) in a
process pool, yielding one :class:`DraftedGame` per game in seed order, so the same
arguments give the same report with one worker or eight. With two agents, they change
seats from one game to the next ("Randomly determine who will be player A": over a report,
each sits at A as often as at B); with one, it plays both seats.

A :class:`Report` folds the games: for every hero, deity, item and skill card, how often it
was drafted (a deity or an item may be in both decks of a game: each deck counts), how
often its deck won, and the 95% Wilson interval of that rate; for heroes also the bans;
for skill cards also the games in which they were played (clashed or used for a talent)
and how often the player who played them won. Then the first player's (A's) win rate,
and the game lengths (turns and decisions). :func:`write_report` writes it to a folder:
``report.md`` (the tables), ``report.json`` (the same numbers), and matplotlib plots
(``heroes.png``, ``deities.png``, ``items.png``, ``lengths.png``).
"""

from __future__ import annotations

import json
import multiprocessing
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tabletop.core import ParameterError

from .match import play_match
from .ratings import wilson
from .simulate import check_setup

GAME = "radiant-arena"
LOW, HIGH = 0.40, 0.60  # the band for a card's win rate
SEAT_HIGH = 0.55  # and for a seat's


@dataclass(frozen=True, slots=True)
class DraftedGame:
    """One drafted game, as the report needs it (seats: 0 is A)."""

    index: int
    seed: int
    agents: tuple[str, str]
    winner: int
    cause: str
    turns: int
    decisions: int
    heroes: tuple[tuple[str, ...], tuple[str, ...]]
    bans: tuple[str, ...]
    deities: tuple[str, str]
    items: tuple[tuple[str, ...], tuple[str, ...]]
    played: tuple[tuple[str, ...], tuple[str, ...]]  # skill cards each seat played


_Job = tuple[int, tuple[str, str], int, dict[str, Any]]


def play_drafted(job: _Job) -> DraftedGame:
    """Play one drafted game ``(index, agents by seat, seed, params)`` to its end."""
    index, agents, seed, params = job
    state: Any = play_match(GAME, 2, agents, seed, {**params, "draft": True})
    outcome = state.outcome()
    assert outcome is not None
    d = state.draft
    played: list[set[str]] = [set(), set()]
    for e in state.events:
        if e.kind in ("reveal", "extra_clash", "talent"):
            f = e.fields
            card = f.get("card")
            if card:
                played[f["seat"]].add(card)
    return DraftedGame(index, seed, agents, outcome.winners[0], state.cause, state.turn,
                       len(state.history), d.picks, d.bans, d.deities, d.items,
                       (tuple(sorted(played[0])), tuple(sorted(played[1]))))


def drafted_games(agents: Sequence[str], games: int, seed: int = 0, workers: int = 1,
                  params: Mapping[str, Any] | None = None) -> Iterator[DraftedGame]:
    """Play ``games`` drafted games; yield them in seed order (see the module doc)."""
    if games < 1:
        raise ParameterError(f"the number of games must be at least 1, not {games}")
    if workers < 1:
        raise ParameterError(f"the number of workers must be at least 1, not {workers}")
    if not 1 <= len(agents) <= 2:
        raise ParameterError(f"a balance report takes one or two agents, not {len(agents)}")
    pair = (agents[0], agents[-1])
    extra = {k: v for k, v in dict(params or {}).items() if k != "draft"}
    check_setup(GAME, 2, pair, {**extra, "draft": True})
    jobs = [(i, pair if i % 2 == 0 else (pair[1], pair[0]), seed + i, extra)
            for i in range(games)]
    if workers == 1:
        return (play_drafted(job) for job in jobs)
    return _pool(jobs, workers)


def _pool(jobs: list[_Job], workers: int) -> Iterator[DraftedGame]:
    pool = ProcessPoolExecutor(max_workers=workers,
                               mp_context=multiprocessing.get_context("spawn"))
    try:
        yield from pool.map(play_drafted, jobs, chunksize=max(1, min(8, len(jobs) // (
            workers * 8))))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# --- folding --------------------------------------------------------------------------------


@dataclass(slots=True)
class Tally:
    """Appearances and wins of one thing (a card, a seat)."""

    n: int = 0
    wins: int = 0

    def add(self, won: bool) -> None:
        self.n += 1
        self.wins += int(won)

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)


@dataclass(slots=True)
class Report:
    """The running totals of a balance report (see the module doc)."""

    games: int = 0
    heroes: dict[str, Tally] = field(default_factory=dict)
    bans: Counter[str] = field(default_factory=Counter)
    deities: dict[str, Tally] = field(default_factory=dict)
    items: dict[str, Tally] = field(default_factory=dict)
    skills: dict[str, Tally] = field(default_factory=dict)  # in a deck
    played: dict[str, Tally] = field(default_factory=dict)  # played at least once
    seat_a: Tally = field(default_factory=Tally)
    agents: dict[str, Tally] = field(default_factory=dict)
    turns: list[int] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    causes: Counter[str] = field(default_factory=Counter)
    sets: dict[str, tuple[str, ...]] = field(default_factory=dict)  # hero -> its skill ids

    def add(self, g: DraftedGame) -> None:
        """Fold one game in."""
        self.games += 1
        self.seat_a.add(g.winner == 0)
        self.turns.append(g.turns)
        self.decisions.append(g.decisions)
        self.causes[g.cause] += 1
        self.bans.update(g.bans)
        if g.agents[0] != g.agents[1]:
            for seat, name in enumerate(g.agents):
                self.agents.setdefault(name, Tally()).add(g.winner == seat)
        for seat in (0, 1):
            won = g.winner == seat
            for h in g.heroes[seat]:
                self.heroes.setdefault(h, Tally()).add(won)
                for k in self.sets.get(h, ()):
                    self.skills.setdefault(k, Tally()).add(won)
            self.deities.setdefault(g.deities[seat], Tally()).add(won)
            for i in g.items[seat]:
                self.items.setdefault(i, Tally()).add(won)
            for k in g.played[seat]:
                self.played.setdefault(k, Tally()).add(won)

    def outside(self, min_n: int = 30) -> list[tuple[str, str, Tally]]:
        """The heroes, deities and items whose win rate is outside 40-60% (with at least
        ``min_n`` appearances), as (kind, id, tally)."""
        out = []
        for kind, table in (("hero", self.heroes), ("deity", self.deities),
                            ("item", self.items)):
            for key, t in sorted(table.items()):
                if t.n >= min_n and not LOW <= t.rate <= HIGH:
                    out.append((kind, key, t))
        return out

    def to_json(self) -> dict[str, Any]:
        """The numbers, JSON-ready."""
        def table(t: Mapping[str, Tally]) -> dict[str, Any]:
            return {k: {"n": v.n, "wins": v.wins, "rate": v.rate, "interval": v.interval}
                    for k, v in sorted(t.items())}
        return {"games": self.games, "seat_a": asdict(self.seat_a) | {
                    "rate": self.seat_a.rate, "interval": self.seat_a.interval},
                "heroes": table(self.heroes), "bans": dict(self.bans),
                "deities": table(self.deities), "items": table(self.items),
                "skills": table(self.skills), "played": table(self.played),
                "agents": table(self.agents), "turns": self.turns,
                "decisions": self.decisions, "causes": dict(self.causes)}


def new_report(cat: Any) -> Report:
    """An empty report that knows each hero's set (from the catalog ``cat``)."""
    sets = {u.id: tuple(sorted(set(cat.skill_set(u.id)))) for u in cat.units.values()
            if not u.is_deity}
    return Report(sets=sets)


# --- writing -----------------------------------------------------------------------------------


def _pct(x: float) -> str:
    return "—" if x != x else f"{100 * x:.1f}%"


def _rows(table: Mapping[str, Tally], names: Mapping[str, str], games: int,
          extra: Mapping[str, str] | None = None) -> list[str]:
    rows = []
    for key, t in sorted(table.items(), key=lambda kv: (-kv[1].rate if kv[1].n else 1, kv[0])):
        lo, hi = t.interval
        flag = "" if LOW <= t.rate <= HIGH else " ⚠"
        more = f" {extra[key]} |" if extra is not None else ""
        rows.append(f"| {names.get(key, key)} | {t.n} | {_pct(t.n / games if games else 0)} |"
                    f"{more} {_pct(t.rate)}{flag} | {_pct(lo)}–{_pct(hi)} |")
    return rows


def markdown(r: Report, names: Mapping[str, str], title: str, plots: Sequence[str],
             command: str = "") -> str:
    """The report as Markdown: its tables and its plots (PNG files beside it)."""
    lo, hi = r.seat_a.interval
    turns = sorted(r.turns)
    dec = sorted(r.decisions)

    def q(xs: list[int], p: float) -> int:
        return xs[min(len(xs) - 1, int(p * len(xs)))] if xs else 0

    lines = [f"# {title}", ""]
    if command:
        lines += [f"`{command}`", ""]
    lines += [
        f"{r.games} drafted games. Win rates are of the games a card's deck was in, with "
        "95% Wilson intervals; ⚠ marks a rate outside 40–60% (heroes, deities, items) or a "
        "seat above 55%.", "",
        "## Seats", "",
        "| seat | games | wins | win rate | 95% interval |", "|---|---|---|---|---|",
        f"| A (first) | {r.games} | {r.seat_a.wins} | {_pct(r.seat_a.rate)}"
        f"{' ⚠' if not 1 - SEAT_HIGH <= r.seat_a.rate <= SEAT_HIGH else ''} | "
        f"{_pct(lo)}–{_pct(hi)} |",
        f"| B | {r.games} | {r.games - r.seat_a.wins} | {_pct(1 - r.seat_a.rate)} | "
        f"{_pct(1 - hi)}–{_pct(1 - lo)} |", "",
    ]
    if r.agents:
        lines += ["| agent | games | win rate | 95% interval |", "|---|---|---|---|"]
        for name, t in sorted(r.agents.items()):
            a, b = t.interval
            lines.append(f"| {name} | {t.n} | {_pct(t.rate)} | {_pct(a)}–{_pct(b)} |")
        lines.append("")
    lines += [
        "## Game length", "",
        "| measure | mean | 10% | median | 90% | max |", "|---|---|---|---|---|---|",
        f"| turns | {sum(turns) / max(1, len(turns)):.1f} | {q(turns, .1)} | {q(turns, .5)} |"
        f" {q(turns, .9)} | {max(turns, default=0)} |",
        f"| decisions | {sum(dec) / max(1, len(dec)):.1f} | {q(dec, .1)} | {q(dec, .5)} | "
        f"{q(dec, .9)} | {max(dec, default=0)} |", "",
        "Ended by: " + ", ".join(f"{c.replace('_', ' ')} {n}" for c, n in
                                 r.causes.most_common()) + ".", "",
        "## Heroes", "",
        "| hero | picked | of games | banned | win rate | 95% interval |",
        "|---|---|---|---|---|---|",
        *_rows(r.heroes, names, r.games, {k: str(r.bans[k]) for k in r.heroes}), "",
        "## Deities", "", "| deity | decks | of games | win rate | 95% interval |",
        "|---|---|---|---|---|", *_rows(r.deities, names, r.games), "",
        "## Items", "", "| item | decks | of games | win rate | 95% interval |",
        "|---|---|---|---|---|", *_rows(r.items, names, r.games), "",
        "## Skill cards", "",
        "In a deck: its hero was picked; played: clashed or used for its talent at least "
        "once in the game (the win rate of the player who played it).", "",
        "| skill card | in decks | win rate | played in | win rate when played |",
        "|---|---|---|---|---|",
    ]
    for key, t in sorted(r.skills.items(), key=lambda kv: names.get(kv[0], kv[0])):
        p = r.played.get(key, Tally())
        lines.append(f"| {names.get(key, key)} | {t.n} | {_pct(t.rate)} | {p.n} | "
                     f"{_pct(p.rate)} |")
    lines.append("")
    if plots:
        lines += ["## Plots", ""] + [f"![{p}]({p})" for p in plots] + [""]
    return "\n".join(lines)


def plot(r: Report, names: Mapping[str, str], folder: Path) -> list[str]:
    """The plots (matplotlib PNGs): win rates with their intervals per hero, deity and
    item; the distribution of game lengths. Returns the file names."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = []
    for kind, table in (("heroes", r.heroes), ("deities", r.deities), ("items", r.items)):
        rows = sorted(table.items(), key=lambda kv: kv[1].rate if kv[1].n else 0.5)
        if not rows:
            continue
        fig, ax = plt.subplots(figsize=(7, 0.32 * len(rows) + 1.2))
        ys = list(range(len(rows)))
        rates = [t.rate for _, t in rows]
        errs = [[t.rate - t.interval[0] for _, t in rows],
                [t.interval[1] - t.rate for _, t in rows]]
        colors = ["tab:red" if not LOW <= x <= HIGH else "tab:blue" for x in rates]
        ax.errorbar(rates, ys, xerr=errs, fmt="none", ecolor="gray", capsize=2)
        ax.scatter(rates, ys, c=colors, zorder=3)
        ax.axvspan(LOW, HIGH, color="tab:green", alpha=0.08)
        ax.axvline(0.5, color="gray", lw=0.8)
        ax.set_yticks(ys, [f"{names.get(k, k)} ({t.n})" for k, t in rows])
        ax.set_xlim(0.15, 0.85)
        ax.set_xlabel("win rate of the decks it was in (95% interval)")
        ax.set_title(f"{kind.capitalize()}: win rate, {r.games} drafted games")
        fig.tight_layout()
        name = f"{kind}.png"
        fig.savefig(folder / name, dpi=100)
        plt.close(fig)
        out.append(name)
    if r.turns:
        fig, ax = plt.subplots(figsize=(7, 3))
        ax.hist(r.turns, bins=range(0, max(r.turns) + 2), color="tab:blue")
        ax.set_xlabel("turns")
        ax.set_ylabel("games")
        ax.set_title(f"Game length, {r.games} drafted games")
        fig.tight_layout()
        fig.savefig(folder / "lengths.png", dpi=100)
        plt.close(fig)
        out.append("lengths.png")
    return out


def write_report(r: Report, cat: Any, folder: Path, title: str = "", command: str = ""
                 ) -> Path:
    """Write ``report.md``, ``report.json`` and the plots into ``folder``; returns the
    Markdown file."""
    folder.mkdir(parents=True, exist_ok=True)
    names = dict(cat.names)
    plots = plot(r, names, folder)
    title = title or "radiant-arena balance report (reconstructed cards)"
    path = folder / "report.md"
    path.write_text(markdown(r, names, title, plots, command))
    (folder / "report.json").write_text(json.dumps(r.to_json(), indent=1))
    return path


__all__ = ["DraftedGame", "Report", "Tally", "drafted_games", "play_drafted", "new_report",
           "markdown", "plot", "write_report", "LOW", "HIGH", "SEAT_HIGH"]
