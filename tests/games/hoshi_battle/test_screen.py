"""The terminal screen of hoshi-battle (render_hoshi.py): it fits 100x40 and reads one
view; the strike by the model or a keypress race (docs/rules/hoshi-battle.md, "The
strike"), timed on the machine's clock."""

from __future__ import annotations

import random

from rich.console import Console

from tabletop.core import new_game
from tabletop.interfaces.cli import render_hoshi as R

from .helpers import pass_all, position, seeded


def test_the_screen_fits_100_by_40_through_a_game() -> None:
    """Every screen of a random game fits a 100x40 terminal and shows no other hand."""
    s = new_game("hoshi-battle", seed=9)
    rng = random.Random(9)
    seen = 0
    while s.to_act is not None:
        console = Console(width=100, record=True, color_system=None)
        console.print(R.render(s.view(0), ["you", "random"]))
        text = console.export_text()
        assert len(text.splitlines()) <= 40 and max(map(len, text.splitlines())) <= 100
        for card in s.cards[1]:
            assert s.cat.cards[card].name not in text or card in s.cards[0] or any(
                card in pl["in_play"] + pl["used"] for pl in s.view(0)["players"])
        seen += 1
        s.apply(rng.choice(s.legal_actions()))
    assert seen > 10
    console = Console(width=100, record=True, color_system=None)
    console.print(R.render(s.view(0), ["you", "random"]), R.cards(s.view(0)))
    assert "Game over" in console.export_text()


def test_the_screen_shows_five_seats_the_duel_and_the_line() -> None:
    """The multiplayer variant: every screen of a five-player game fits 100x40, names the
    two duelists and the waiting line, marks who is out, and shows no other hand."""
    s = new_game("hoshi-battle", players=5, seed=12)
    rng = random.Random(12)
    labels = ["you", "random", "random", "random", "random"]
    saw_line = saw_out = False
    while s.to_act is not None:
        console = Console(width=100, record=True, color_system=None)
        console.print(R.render(s.view(2), labels))
        text = console.export_text()
        assert len(text.splitlines()) <= 40 and max(map(len, text.splitlines())) <= 100
        assert all(f"P{p + 1}" in text for p in range(5))
        if s.phase == "window":
            a, b = s.duelists
            saw_line |= f"P{a + 1} against P{b + 1}" in text and "in line" in text
        saw_out |= "out" in text and any(e.kind == "out" for e in s.events)
        for other in (0, 1, 3, 4):
            for card in s.cards[other]:
                assert s.cat.cards[card].name not in text or card in s.cards[2] or any(
                    card in pl["in_play"] + pl["used"] for pl in s.view(2)["players"])
        s.apply(rng.choice(s.legal_actions()))
    assert saw_line and saw_out


def test_the_race_rules_early_late_and_edges() -> None:
    """The race: a strike before GO or sooner than a person can react is a false start
    (a miss); after the window, a miss; the defender escapes by pulling away first; a
    flinch (too soon) does not escape; Swift and Elusive are 60 ms edges."""
    go = R.Press
    assert not R.decide_race(go(-0.2, None))  # before GO
    assert not R.decide_race(go(0.05, None))  # anticipation
    assert not R.decide_race(go(1.6, None))  # too late
    assert R.decide_race(go(0.3, None))  # nobody pulled away
    assert R.decide_race(go(0.3, 0.02))  # a flinch
    assert not R.decide_race(go(0.3, 0.28))  # pulled away first
    assert R.decide_race(go(0.3, 0.28), swift=True)
    assert not R.decide_race(go(0.3, 0.33), elusive=True)


class Keys:
    """A scripted keyboard: presses at offsets from the moment GO is shown."""

    def __init__(self, before: list[tuple[str, float]], after: list[tuple[str, float]]):
        self.now = 100.0
        self.before, self.after = before, after
        self.calls = 0

    def clock(self) -> float:
        return self.now

    def read_keys(self, deadline: float) -> list[tuple[str, float]]:
        self.calls += 1
        if self.calls == 1:  # waiting for GO: keys pressed too early
            out = [(k, deadline + t) for k, t in self.before]
            self.now = deadline
            return out
        go = self.now
        self.now = deadline
        return [(k, go + t) for k, t in self.after]


def _race(view: dict, humans: list[int], keys: Keys) -> str:
    console = Console(width=100, record=True, color_system=None)
    race = R.KeypressRace(console, keys.read_keys, lambda: None, keys.clock,
                          rng=random.Random(1))
    return race.run(view, humans)


def test_a_keypress_race_against_an_agent() -> None:
    """A person striking fast beats an agent's human-like pull; a person pressing before GO
    false-starts; two people share the keyboard (f strikes, j pulls away)."""
    view = {"live_strike": {"striker": 0, "defender": 1},
            "players": [{"swift": False}, {"elusive": False}]}
    assert _race(view, [0], Keys([], [("enter", 0.15)])) == "strike hit"
    assert _race(view, [0], Keys([("enter", -0.3)], [("enter", 0.15)])) == "strike miss"
    assert _race(view, [0], Keys([], [])) == "strike miss"  # never struck
    assert _race(view, [0, 1], Keys([], [("j", 0.2), ("f", 0.25)])) == "strike miss"
    assert _race(view, [0, 1], Keys([], [("f", 0.2), ("j", 0.25)])) == "strike hit"
    defending = {"live_strike": {"striker": 1, "defender": 0},
                 "players": [{"elusive": False}, {"swift": False}]}
    assert _race(defending, [0], Keys([], [("enter", 0.12)])) == "strike miss"  # escaped


def test_the_referee_decides_only_a_live_strike() -> None:
    """Without a live strike there is nothing to referee; without a terminal (or between
    agents) the strike model decides."""
    console = Console(width=100, record=True, color_system=None)
    calm = position("clay-champion", "crane-archer")
    assert R.referee(calm.view(None), [0], console) is None

    def run(c):
        pass_all(c)
        return c.phase == "strike"
    live = seeded(position("clay-champion", "crane-archer", params={"strike": "live"}), run)
    text = R.referee(live.view(None), [0], console)
    assert text in ("strike hit", "strike miss")
    live.apply(text, seat=live.to_act)
    assert "strike model decides" in console.export_text()


def test_tabletop_play_with_live_strikes_refereed(tmp_path, monkeypatch) -> None:
    """`tabletop play hoshi-battle --param strike=live`: every live strike is decided by
    the referee (here no terminal: the model), never typed by a player; the game ends and
    its record replays."""
    import json

    from typer.testing import CliRunner

    from tabletop.core import Record, verify
    from tabletop.interfaces.cli.app import app

    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    record = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["play", "hoshi-battle", "--seats", "human,heuristic",
                                      "--param", "strike=live", "--seed", "4", "--record",
                                      str(record)], input="1\n" * 300)
    assert result.exit_code == 0, result.output
    assert "Hoshi Battle (reconstructed)" in result.stdout
    assert "strike model decides" in result.stdout
    saved = Record.from_json(json.loads(record.read_text()))
    assert saved.outcome is not None
    assert any(a.startswith("strike ") for a in saved.actions)
    verify(saved)


def test_the_screen_names_what_the_seat_looked_at_to_it_alone() -> None:
    """Issue 26 (the look shown): after Scout's Map (a test card), P1's screen names
    P2's face-down cards it saw; P2's screen and a spectator's do not."""
    from pathlib import Path

    kernel = str(Path(__file__).parent / "cards" / "kernel.toml")
    s = position("crane-archer", "wind-dancer", face1=["scouts-map"],
                 face2=["rage", "focus"], params={"cards": kernel})
    s.apply("play scouts-map")

    def screen(seat: int | None) -> str:
        console = Console(width=100, record=True, color_system=None)
        console.print(R.render(s.view(seat), ["P1", "P2"]))
        return console.export_text()

    mine = screen(0)
    assert "You looked at: P2's " in mine and "(still face down)" in mine
    line = next(x for x in mine.splitlines() if "You looked at" in x)
    assert "Rage" in line and "Focus" in line
    for other in (1, None):
        assert "You looked at" not in screen(other)
