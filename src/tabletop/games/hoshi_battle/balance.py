"""What hoshi-battle's balance report counts (docs/balance/hoshi-battle.md), declared for
``tabletop.sim.reports`` (the hook of :mod:`tabletop.core.balance`):

``python -m tabletop.sim.reports hoshi-battle --games 4000 --agents heuristic,heuristic
--workers 2`` plays seeded two-player games, replays each record and counts, for every
card:

- **kept**: the games of the players who kept it (three Heroes and three Duel cards of
  five), and how many they won: a card's pull on the whole game;
- for a Hero, **duels**: the Duels it fought and won (one Hero against another);
- for a Duel card, **played**: the Duels in which it was played, and won by its player.

Each rate comes with its 95% Wilson interval; a card is flagged when the interval of its
kept rate lies wholly above or below one half.
"""

from __future__ import annotations

from collections.abc import Iterator

from tabletop.core import State
from tabletop.core.balance import BalanceSpec, Count, Section, Tally

from .data import catalog
from .rules import HoshiState

KEPT = Tally("kept", "kept: games won")


def count(state: State) -> Iterator[Count]:
    """One finished game's counts: each kept card with its player's share of the win,
    each Duel's Heroes and the cards played in it with the Duel's result."""
    assert isinstance(state, HoshiState)
    out = state.outcome()
    assert out is not None
    share = {s: (1.0 / len(out.winners) if s in out.winners else 0.0)
             for s in range(state.players)}
    for seat in range(state.players):
        for card in (*state.hands[seat], *state.exiled[seat], *state.cards[seat],
                     *state.in_play[seat], *state.used[seat]):
            yield "kept", card, share[seat]
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
                    yield "duels", hero, 0.5 if winner is None else float(winner == seat)
            for seat, card in played:
                yield "played", card, 0.5 if winner is None else float(winner == seat)


def _heroes() -> list[tuple[str, tuple[str, ...]]]:
    cat = catalog()
    return [(h, (hero.name, f"d{hero.die}", str(hero.cost))) for h, hero in cat.heroes.items()]


def _cards() -> list[tuple[str, tuple[str, ...]]]:
    cat = catalog()
    return [(c, (card.name, card.type, str(card.cost))) for c, card in cat.cards.items()]


REPORT = BalanceSpec(
    players=2,
    sections=(
        Section("Heroes", ("Hero", "die", "Cost"), _heroes,
                (KEPT, Tally("duels", "its Duels won"))),
        Section("Duel cards", ("Duel card", "type", "Cost"), _cards,
                (KEPT, Tally("played", "Duels won when played"))),
    ),
    count=count,
    sort="kept",
    flag="kept",
)
