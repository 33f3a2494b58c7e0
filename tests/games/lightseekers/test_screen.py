"""The terminal table (`tabletop play lightseekers`): every screen of games of 2 to 6
seats fits a 100x40 terminal, shows every hero, labels the cards reconstructed, and the
`cards` command prints whole texts."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from rich.console import Console

from tabletop.agents import make_agent
from tabletop.core import new_game
from tabletop.interfaces.cli.play import PlaySession

WIDTH, HEIGHT = 100, 40


def _answers(rng: random.Random) -> Iterator[str]:
    while True:
        yield rng.choice(["1", "2", "1", "cards"])


@pytest.mark.parametrize("players", [2, 6])
def test_a_game_fits_100x40(players: int) -> None:
    """Each screen of a game played to its end by one person (answering with action
    numbers and `cards`) and random seats is at most 100 columns and 40 lines."""
    console = Console(width=WIDTH, height=HEIGHT, force_terminal=True, record=True,
                      color_system=None, legacy_windows=False)
    state = new_game("lightseekers", players=players, seed=11)
    agents = {s: make_agent("random", "lightseekers", 100 + s) for s in range(1, players)}
    answers = _answers(random.Random(players))
    screens: list[str] = []
    session = PlaySession(state, [0], agents, console, lambda prompt: next(answers, None))
    draw = session.show_screen

    def show() -> None:
        console.export_text(clear=True)
        draw()
        screens.append(console.export_text(clear=True))

    session.show_screen = show  # type: ignore[method-assign]
    assert session.run().is_over
    assert len(screens) > 5
    for screen in screens:
        lines = screen.rstrip("\n").split("\n")
        assert len(lines) <= HEIGHT, f"{len(lines)} lines:\n{screen}"
        assert max(len(line.rstrip()) for line in lines) <= WIDTH, screen
    first = screens[0]
    assert "reconstructed" in first
    for seat in range(players):
        assert f"P{seat + 1} " in first
    assert "Your hand" in first
    text = console.export_text()
    assert "Game over" in screens[-1] or "wins" in text


def test_the_cards_command_prints_whole_texts() -> None:
    """`cards`: every card of the seat's hand and in play, and every hero's trait, whole."""
    from tabletop.interfaces.cli.render_lightseekers import cards

    state = new_game("lightseekers", players=2, seed=3)
    view = state.view(0)
    console = Console(width=WIDTH, record=True, color_system=None)
    console.print(cards(view))
    text = " ".join(console.export_text().split())
    for info in view["cards"].values():
        assert " ".join(info["text"].split())[:40] in text
    for hero in view["heroes"]:
        assert hero["name"] in text
