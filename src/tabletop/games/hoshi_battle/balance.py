"""Per-card win rates of hoshi-battle from simulated games (docs/balance/hoshi-battle.md).

``python -m tabletop.games.hoshi_battle.balance --games 4000 --agents heuristic,heuristic
--workers 2`` plays seeded games (``tabletop.sim.simulate``), replays each record and
counts, for every card:

- **kept**: the games of the players who kept it (three Heroes and three Duel cards of
  five), and how many they won: a card's pull on the whole game;
- for a Hero, **duels**: the Duels it fought and won (one Hero against another);
- for a Duel card, **played**: the Duels in which it was played, and won by its player.

Each rate comes with its 95% Wilson interval; a card is flagged when the interval of its
kept rate lies wholly above or below one half. Prints a Markdown report.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from tabletop.core import Record, replay
from tabletop.sim.ratings import wilson
from tabletop.sim.simulate import simulate

from .data import catalog
from .rules import HoshiState


@dataclass
class Tally:
    """Counts per card id: appearances and wins."""

    n: Counter[str] = field(default_factory=Counter)
    won: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))

    def add(self, card: str, win: float) -> None:
        self.n[card] += 1
        self.won[card] += win


@dataclass
class Report:
    """The tallies of a batch of games."""

    games: int = 0
    kept: Tally = field(default_factory=Tally)
    duels: Tally = field(default_factory=Tally)
    played: Tally = field(default_factory=Tally)
    first_duel_starter: Counter[str] = field(default_factory=Counter)

    def add_record(self, record: Record) -> None:
        """Count one finished game."""
        state = replay(record)
        assert isinstance(state, HoshiState)
        out = state.outcome()
        assert out is not None
        share = {s: (1.0 / len(out.winners) if s in out.winners else 0.0)
                 for s in range(state.players)}
        self.games += 1
        for seat in range(state.players):
            for card in (*state.hands[seat], *state.exiled[seat], *state.cards[seat],
                         *state.in_play[seat], *state.used[seat]):
                self.kept.add(card, share[seat])
        fighters: list[str] = []
        played: list[tuple[int, str]] = []
        for e in state.events:
            f = e.fields
            if e.kind == "duel":
                fighters = list(f["fighters"])
                played = []
            elif e.kind == "play":
                played.append((f["seat"], f["card"]))
            elif e.kind == "duel_end":
                winner = f["winner"]
                for seat, hero in enumerate(fighters):
                    if hero:
                        self.duels.add(hero, 0.5 if winner is None else float(winner == seat))
                for seat, card in played:
                    self.played.add(card, 0.5 if winner is None else float(winner == seat))


def run(games: int, agents: Sequence[str], workers: int, seed: int = 0) -> Report:
    """Simulate and tally."""
    report = Report()
    for result in simulate("hoshi-battle", 2, agents, games, seed, workers):
        report.add_record(Record.from_json(json.loads(result.record)))
    return report


def _rate(t: Tally, card: str) -> str:
    n = t.n[card]
    if not n:
        return "—"
    lo, hi = wilson(t.won[card], n)
    return f"{100 * t.won[card] / n:.1f}% ({100 * lo:.0f}–{100 * hi:.0f}), n={n}"


def _flag(t: Tally, card: str) -> str:
    n = t.n[card]
    if not n:
        return ""
    lo, hi = wilson(t.won[card], n)
    return "strong" if lo > 0.5 else "weak" if hi < 0.5 else ""


def markdown(report: Report, header: Iterable[str] = ()) -> str:
    """The report as Markdown tables: Heroes, then Duel cards, by kept win rate."""
    cat = catalog()
    lines = list(header)
    lines += ["", "### Heroes", "",
              "| Hero | die | Cost | kept: games won | its Duels won | flag |",
              "|---|---|---|---|---|---|"]
    def key(t: Tally) -> Callable[[str], float]:
        return lambda c: -(t.won[c] / t.n[c]) if t.n[c] else 0.0
    for h in sorted(cat.heroes, key=key(report.kept)):
        hero = cat.heroes[h]
        lines.append(f"| {hero.name} | d{hero.die} | {hero.cost} | {_rate(report.kept, h)} | "
                     f"{_rate(report.duels, h)} | {_flag(report.kept, h)} |")
    lines += ["", "### Duel cards", "",
              "| Duel card | type | Cost | kept: games won | Duels won when played | flag |",
              "|---|---|---|---|---|---|"]
    for c in sorted(cat.cards, key=key(report.kept)):
        card = cat.cards[c]
        lines.append(f"| {card.name} | {card.type} | {card.cost} | {_rate(report.kept, c)} | "
                     f"{_rate(report.played, c)} | {_flag(report.kept, c)} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--agents", default="heuristic,heuristic")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    agents = [a.strip() for a in args.agents.split(",")]
    report = run(args.games, agents, args.workers, args.seed)
    sys.stdout.write(markdown(report, [
        f"{report.games} games, agents {', '.join(agents)}, seeds {args.seed} to "
        f"{args.seed + args.games - 1}"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
