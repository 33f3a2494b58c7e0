"""The per-card win rates of docs/balance/hoshi-battle.md come from the report hoshi-battle
declares (``tabletop.games.hoshi_battle.balance``), run by ``tabletop.sim.reports``:
checked here on a handful of games."""

from __future__ import annotations

from tabletop.sim.reports import balance_spec, main, markdown, run


def test_balance_counts_every_kept_card_and_every_duel() -> None:
    """Each game counts the six cards each player kept, every Duel's two Heroes (its
    winner's a win), and every card played; the report lists all 40 cards."""
    report = run("hoshi-battle", 6, ["random", "heuristic"], workers=1, seed=3)
    kept, duels = report.tallies["kept"], report.tallies["duels"]
    assert report.games == 6 and sum(kept.n.values()) == 6 * 12
    assert sum(kept.won.values()) == 6 * 6  # one winner's six cards (or half each)
    fought = sum(duels.n.values())
    assert fought >= 6 * 2 * 3 and sum(duels.won.values()) * 2 == fought
    text = markdown(report)
    assert text.count("\n| ") == 2 + 40  # a header row per table, then the 40 cards
    assert "| Hero | die | Cost | kept: games won | its Duels won | flag |" in text
    assert balance_spec("hoshi-battle").players == 2


def test_the_command_line_prints_the_report() -> None:
    """``python -m tabletop.sim.reports hoshi-battle ...``: the header line, then the
    tables."""
    out: list[str] = []
    assert main(["hoshi-battle", "--games", "2", "--agents", "random,random",
                 "--workers", "1"], out.append) == 0
    assert out[0].startswith("2 games, agents random, random, seeds 0 to 1\n")
    assert "### Duel cards" in out[0]
