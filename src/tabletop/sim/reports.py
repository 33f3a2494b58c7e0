"""Balance reports through one hook (issue 30): a game declares what it counts
(``GameSpec.balance``, a :class:`tabletop.core.balance.BalanceSpec`); this module plays the
games, replays every record, folds the counts and writes the rates with their 95% Wilson
intervals as Markdown tables (docs/balance/<game>.md). No game imports the simulation
layer: the arrow points down, from here to the game's declaration.

``python -m tabletop.sim.reports hoshi-battle --games 4000 --agents heuristic,heuristic
--workers 2`` prints a report (seeds ``seed`` to ``seed + games - 1``, the same report
with any number of workers).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from tabletop.core import ParameterError, Record, get_spec, replay
from tabletop.core.balance import BalanceSpec

from .ratings import wilson
from .simulate import simulate


def balance_spec(game: str) -> BalanceSpec:
    """The balance report ``game`` declares; ``ParameterError`` if it declares none."""
    spec = get_spec(game)
    if not spec.balance:
        raise ParameterError(f"{spec.id} declares no balance report (GameSpec.balance)")
    report = getattr(importlib.import_module(spec.balance), "REPORT", None)
    if not isinstance(report, BalanceSpec):
        raise ParameterError(f"{spec.id}: {spec.balance} has no REPORT (a BalanceSpec)")
    return report


@dataclass
class Counts:
    """One tally's numbers per card id: appearances and wins."""

    n: Counter[str] = field(default_factory=Counter)
    won: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))

    def add(self, card: str, win: float) -> None:
        """Count one appearance of ``card`` with its share of a win."""
        self.n[card] += 1
        self.won[card] += win


@dataclass
class Report:
    """The counts of a batch of games of one game, by tally key."""

    spec: BalanceSpec
    games: int = 0
    tallies: defaultdict[str, Counts] = field(default_factory=lambda: defaultdict(Counts))

    def add_record(self, record: Record) -> None:
        """Count one finished game (replayed from its record)."""
        state = replay(record)
        self.games += 1
        for key, card, win in self.spec.count(state):
            self.tallies[key].add(card, win)


def run(game: str, games: int, agents: Sequence[str], workers: int = 1,
        seed: int = 0) -> Report:
    """Simulate ``games`` seeded games of ``game`` and count them."""
    spec = balance_spec(game)
    report = Report(spec)
    for result in simulate(game, spec.players, agents, games, seed, workers):
        report.add_record(Record.from_json(json.loads(result.record)))
    return report


def _rate(t: Counts, card: str) -> str:
    n = t.n[card]
    if not n:
        return "—"
    lo, hi = wilson(t.won[card], n)
    return f"{100 * t.won[card] / n:.1f}% ({100 * lo:.0f}–{100 * hi:.0f}), n={n}"


def _flag(t: Counts, card: str) -> str:
    n = t.n[card]
    if not n:
        return ""
    lo, hi = wilson(t.won[card], n)
    return "strong" if lo > 0.5 else "weak" if hi < 0.5 else ""


def markdown(report: Report, header: Iterable[str] = ()) -> str:
    """The report as Markdown: a table per section, its cards by the sort tally's win
    rate (best first), each tally's rate with its interval, then the flag."""
    spec = report.spec
    lines = list(header)
    order = report.tallies[spec.sort]
    flags = report.tallies[spec.flag]

    def key(c: str) -> float:
        return -(order.won[c] / order.n[c]) if order.n[c] else 0.0

    for section in spec.sections:
        heads = [*section.columns, *(t.column for t in section.tallies), "flag"]
        lines += ["", f"### {section.title}", "", "| " + " | ".join(heads) + " |",
                  "|" + "---|" * len(heads)]
        cells = dict(section.rows())
        for card in sorted(cells, key=key):
            row = [*cells[card], *(_rate(report.tallies[t.key], card)
                                   for t in section.tallies), _flag(flags, card)]
            lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None,
         write: Callable[[str], object] = sys.stdout.write) -> int:
    """The command line (see the module's docstring)."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--agents", default="heuristic,heuristic")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    agents = [a.strip() for a in args.agents.split(",")]
    report = run(args.game, args.games, agents, args.workers, args.seed)
    write(markdown(report, [
        f"{report.games} games, agents {', '.join(agents)}, seeds {args.seed} to "
        f"{args.seed + args.games - 1}"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
