"""The balance report of the card pool (issue 12, "The balance report"): drafted games in
parallel folded into pick counts, win rates with 95% intervals, the first player's
advantage, game lengths and plots (tabletop.sim.balance, `tabletop balance`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop.core import ParameterError
from tabletop.games.radiant_arena.spec import catalog
from tabletop.interfaces.cli.app import app
from tabletop.sim.balance import Report, Tally, drafted_games, new_report, write_report

CAT = catalog()
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def four() -> list:  # type: ignore[type-arg]
    """Four drafted games of two agents (random and the heuristic), in one process."""
    return list(drafted_games(["random", "heuristic"], 4, seed=21, workers=1))


def test_drafted_games_are_seeded_and_change_seats(four: list) -> None:  # type: ignore[type-arg]
    """Seeds seed, seed+1, ...; the two agents change seats every game; the same
    arguments give the same games."""
    assert [g.seed for g in four] == [21, 22, 23, 24]
    assert [g.agents for g in four] == [("random", "heuristic"), ("heuristic", "random")] * 2
    again = list(drafted_games(["random", "heuristic"], 2, seed=21, workers=1))
    assert again == four[:2]
    for g in four:
        assert len(set(g.heroes[0] + g.heroes[1] + g.bans)) == 8  # Pick Heroes
        assert all(len(set(x)) == 3 for x in g.items) and g.winner in (0, 1)
        assert g.turns > 0 and g.decisions > 16


def test_a_report_adds_up(four: list) -> None:  # type: ignore[type-arg]
    """Each game counts six heroes, two deities and six items (a deity or item in both
    decks counts twice), the skill cards of the heroes' sets, and one win for A or B."""
    r = new_report(CAT)
    for g in four:
        r.add(g)
    assert r.games == 4 and r.seat_a.n == 4
    assert sum(t.n for t in r.heroes.values()) == 24
    assert sum(t.n for t in r.deities.values()) == 8
    assert sum(t.n for t in r.items.values()) == 24
    assert sum(t.n for t in r.skills.values()) == 24 * 4  # four distinct cards a set
    assert sum(t.wins for t in r.heroes.values()) == 12  # the winners' three heroes
    assert sum(r.bans.values()) == 8
    assert set(r.agents) == {"random", "heuristic"} and r.agents["random"].n == 4


def test_intervals_and_the_band() -> None:
    """A 95% Wilson interval per rate; a card outside 40-60% is listed once it has been
    in enough decks."""
    t = Tally(100, 70)
    lo, hi = t.interval
    assert lo < 0.7 < hi and round(lo, 3) == 0.604
    r = Report(heroes={"maka": Tally(100, 70), "nyx": Tally(100, 50), "gorran": Tally(5, 5)})
    assert [(k, key) for k, key, _ in r.outside()] == [("hero", "maka")]


def test_the_report_is_written_with_its_plots(four: list, tmp_path: Path) -> None:  # type: ignore[type-arg]
    """report.md (seats, lengths, heroes, deities, items, skill cards, the plots),
    report.json and matplotlib PNGs."""
    r = new_report(CAT)
    for g in four:
        r.add(g)
    path = write_report(r, CAT, tmp_path / "out", command="tabletop balance ...")
    text = path.read_text()
    for words in ("## Seats", "| A (first) | 4 |", "## Game length", "## Heroes",
                  "## Deities", "## Items", "## Skill cards", "![heroes.png](heroes.png)",
                  "95% Wilson"):
        assert words in text, words
    for name in ("heroes.png", "deities.png", "items.png", "lengths.png"):
        assert (tmp_path / "out" / name).read_bytes()[:8] == PNG
    assert '"games": 4' in (tmp_path / "out" / "report.json").read_text()


def test_workers_do_not_change_the_games() -> None:
    """Two worker processes play the same games as one (in seed order)."""
    one = list(drafted_games(["random"], 3, seed=5, workers=1))
    two = list(drafted_games(["random"], 3, seed=5, workers=2))
    assert one == two


def test_bad_balance_arguments() -> None:
    """One or two agents; at least one game and one worker; an unknown agent at once."""
    for agents, games, workers in ((["random"] * 3, 2, 1), (["random"], 0, 1),
                                   (["random"], 2, 0), (["nobody"], 2, 1)):
        with pytest.raises(ParameterError):
            list(drafted_games(agents, games, workers=workers))


def test_the_balance_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`tabletop balance radiant-arena --draft --games N --agents A --out DIR` writes the
    report and says where; without --draft, or for another game, one error line."""
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    runner = CliRunner()
    out = tmp_path / "report"
    result = runner.invoke(app, ["balance", "radiant-arena", "--draft", "--games", "2",
                                 "--agents", "random", "--out", str(out), "--workers", "1",
                                 "--quiet"])
    assert result.exit_code == 0, result.output
    assert "2 drafted games" in result.stdout and str(out / "report.md") in result.stdout
    assert (out / "report.md").exists() and (out / "heroes.png").exists()
    for args, says in ((["radiant-arena"], "give --draft"),
                       (["radiant-perim", "--draft"], "made for radiant-arena")):
        bad = runner.invoke(app, ["balance", *args, "--games", "1", "--out", str(out)])
        assert bad.exit_code == 1 and bad.stderr.startswith("error: ") and says in bad.stderr
