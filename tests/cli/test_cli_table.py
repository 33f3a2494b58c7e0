"""The terminal table on a 100x40 screen: every screen fits, the end of an age stops on
its scoring, and the cards can be read (issue "The terminal table")."""

from __future__ import annotations

import random
from collections.abc import Iterator

from rich.console import Console

from tabletop.agents import make_agent
from tabletop.core import State, new_game
from tabletop.interfaces.cli.play import PlaySession

WIDTH, HEIGHT = 100, 40


class Screens:
    """A 100x40 terminal that records every screen the table draws."""

    def __init__(self) -> None:
        self.console = Console(width=WIDTH, height=HEIGHT, force_terminal=True, record=True,
                               color_system=None, legacy_windows=False)
        self.screens: list[str] = []
        self.prompts: list[str] = []
        self.transcript: list[str] = []  # everything printed, screens included

    def session(self, state: State, humans: list[int], answers: Iterator[str]) -> PlaySession:
        agents = {s: make_agent("random", state.spec.id, 100 + s)
                  for s in range(state.players) if s not in humans}

        def read(prompt: str) -> str | None:
            self.prompts.append(prompt)
            return next(answers, None)

        session = PlaySession(state, humans, agents, self.console, read)
        draw = session.show_screen

        def show() -> None:
            self.transcript.append(self.console.export_text(clear=True))  # before the screen
            draw()
            self.screens.append(self.console.export_text(clear=True))
            self.transcript.append(self.screens[-1])

        session.show_screen = show  # type: ignore[method-assign]
        return session


def first_choices(rng: random.Random) -> Iterator[str]:
    """Answers: an action number (1 or 2) at every prompt, Enter at a pause."""
    while True:
        yield rng.choice(["1", "1", "2"])


def assert_fits(screens: list[str]) -> None:
    assert screens
    for screen in screens:
        lines = screen.rstrip("\n").split("\n")
        assert len(lines) <= HEIGHT, f"{len(lines)} lines:\n{screen}"
        assert max(len(line.rstrip()) for line in lines) <= WIDTH


def test_a_three_player_radiant_perim_game_fits_and_stops_at_each_age() -> None:
    """Terminal table: a 3-player radiant-perim game played to the end, every screen within
    100x40; the end of each age shows its scoring (realm by realm) and waits for a key."""
    term = Screens()
    state = new_game("radiant-perim", players=3, seed=7)
    session = term.session(state, [0], first_choices(random.Random(1)))
    assert session.run().is_over
    assert_fits(term.screens)
    text = "".join(term.transcript) + term.console.export_text()
    pauses = [p for p in term.prompts if p.startswith("Press Enter")]
    assert len(pauses) == 3
    assert len(term.screens) > 20
    for age in (1, 2, 3):
        assert f"End of age {age}: scoring" in text


def test_the_end_of_age_screen_shows_the_realms_and_scores() -> None:
    """End of an Age: the scoring screen lists each realm's cubes and points per side, the
    coins, and the scores after the age, before the next age is dealt."""
    term = Screens()
    state = new_game("radiant-perim", players=3, seed=7)
    recorded: list[str] = []
    session = term.session(state, [0], first_choices(random.Random(1)))
    real_read = session.read_line

    def read(prompt: str) -> str | None:
        if prompt.startswith("Press Enter"):
            recorded.append(term.console.export_text(clear=True))
        return real_read(prompt)

    session.read_line = read
    session.run()
    assert len(recorded) == 3
    for age, screen in enumerate(recorded, 1):
        assert f"End of age {age}: scoring" in screen
        for realm in ("clouds", "mountains", "forest", "sea"):
            assert realm in screen
        assert "coins taken in battle" in screen and "score after the age" in screen
    assert "coins printed on captured cards" in recorded[2]


def test_a_radiant_arena_game_fits_and_every_card_can_be_read() -> None:
    """Terminal table: a radiant-arena game played to the end, every screen within 100x40;
    the `cards` command prints every card the seat can see, whole."""
    term = Screens()
    state = new_game("radiant-arena", seed=5)
    rng = random.Random(2)

    def answers() -> Iterator[str]:
        yield "cards"
        yield from first_choices(rng)

    session = term.session(state, [0], answers())
    assert session.run().is_over
    assert_fits(term.screens)
    text = "".join(term.transcript) + term.console.export_text()
    assert "Every card you can see" in text and "Ruin:" in text


def test_radiant_arena_cards_show_the_other_side_and_equipped_items() -> None:
    """Terminal table: "hero sides (text, EXP cost, keywords, levelled side) ... items with
    their bonuses and text". In a random game played until a hero holds an item, the
    `cards` screen names each hero's other side with its stats, and the equipped item with
    its bonuses and text."""
    from tabletop.interfaces.cli.render_arena import cards

    agent = make_agent("random", "radiant-arena", 3)
    for seed in range(20):
        state = new_game("radiant-arena", seed=seed)
        while state.to_act is not None:
            view = state.view(0)
            held = [u for u in view["units"] if not u.get("hidden") and u.get("item_card")]
            if held:
                break
            state.apply(agent.act(state.view(state.to_act), state.legal_actions(), None))
        if held:
            break
    assert held, "no random game equipped an item"
    console = Console(width=WIDTH, record=True, color_system=None)
    console.print(cards(view))
    text = " ".join(console.export_text().split())
    item = held[0]["item_card"]
    assert f"equipped: {item['name']}" in text and " ".join(item["text"].split()) in text
    assert f"cost {item['cost']}" in text
    hero = next(u for u in view["units"] if not u.get("hidden") and not u["deity"])
    other = hero["sides"][0 if hero["levelled"] else 1]
    side = f"{'basic' if hero['levelled'] else 'levelled'} side: {other['subtitle']}, " \
           f"{other['attack']}⚔ {other['armor']}⛨ {other['health']}♥"
    assert side in text
