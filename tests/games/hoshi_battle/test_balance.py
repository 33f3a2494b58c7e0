"""The per-card win rates of docs/balance/hoshi-battle.md come from
``tabletop.games.hoshi_battle.balance``: checked here on a handful of games."""

from __future__ import annotations

from tabletop.games.hoshi_battle.balance import markdown, run


def test_balance_counts_every_kept_card_and_every_duel() -> None:
    """Each game counts the six cards each player kept, every Duel's two Heroes (its
    winner's a win), and every card played; the report lists all 40 cards."""
    report = run(6, ["random", "heuristic"], workers=1, seed=3)
    assert report.games == 6 and sum(report.kept.n.values()) == 6 * 12
    assert sum(report.kept.won.values()) == 6 * 6  # one winner's six cards (or half each)
    duels = sum(report.duels.n.values())
    assert duels >= 6 * 2 * 3 and sum(report.duels.won.values()) * 2 == duels
    text = markdown(report)
    assert text.count("\n| ") == 2 + 40  # a header row per table, then the 40 cards
