"""Positions for hoshi-battle's tests, from scenarios with only the fields that matter.

A position is a Duel in progress in the Constructed Deck Variant (each deck: the Hero in
play, two more in hand; the face-down cards named, the cards in play, and fillers used
up), so a test names only the Heroes and cards it is about. Cards in play have their
effects made as if just played, and Hero abilities are active as play would have them.

Dice are seeded: :func:`seeded` searches the generator's states for one where the next
throws go as a test needs (the search is deterministic, so the test is too).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from tabletop.core import Chance, Event, from_scenario
from tabletop.games.hoshi_battle import HoshiState
from tabletop.games.hoshi_battle import board as fx

SPARE_HEROES = ("charming-trader", "ashigaru-spearman", "crane-archer", "night-hunter")
SPARE_CARDS = ("battle-cry", "smoke-bomb", "focus", "swift-boots", "heavy-chains")
# A card kept face down so that each seat is asked in every window (the flow stops there);
# it is playable only at the beginning of a Duel.
HOLD = "twin-dagger"


def _deck(hero: str, face: Sequence[str], play: Sequence[str], hold: bool,
          spare_heroes: Sequence[str]) -> tuple[list[str], list[str], list[str], list[str]]:
    hand = [h for h in spare_heroes if h != hero][:2]
    face = list(face)
    if hold and not face and HOLD not in play:
        face = [HOLD]
    used = [c for c in SPARE_CARDS if c not in face and c not in play][:3 - len(face) -
                                                                      len(play)]
    return hand, face, list(play), used


def position(hero1: str, hero2: str, *, face1: Sequence[str] = (),
             face2: Sequence[str] = (), play1: Sequence[str] = (),
             play2: Sequence[str] = (), stones: Sequence[int] = (2, 2),
             window: str = "round_start", round: int = 2, turn: int | None = None,
             starter: int = 0, last_hitter: int | None = None, hold: bool = True,
             hands: Sequence[Sequence[str]] | None = None, refresh: bool = True,
             **more: Any) -> HoshiState:
    """A Duel of ``hero1`` (P1) against ``hero2`` (P2) at a reveal window."""
    decks = []
    for hero, face, play in ((hero1, face1, play1), (hero2, face2, play2)):
        decks.append(_deck(hero, face, play, hold, SPARE_HEROES))
    if hands is not None:
        decks = [(list(h), *d[1:]) for h, d in zip(hands, decks, strict=True)]
    params = {"budget": 60, **more.pop("params", {})}
    for seat, (hand, face, play, used) in enumerate(decks):
        hero = (hero1, hero2)[seat]
        params[f"deck{seat + 1}"] = ",".join([hero, *hand, *face, *play, *used])
    passed = [not d[1] for d in decks]
    lh = starter if last_hitter is None else last_hitter
    if turn is None:
        turn = lh if not passed[lh] else 1 - lh
    data: dict[str, Any] = {
        "game": "hoshi-battle", "params": params, "phase": "window", "turn": turn,
        "duel": 1, "round": round, "starter": starter, "last_hitter": lh,
        "hands": [d[0] for d in decks], "cards": [d[1] for d in decks],
        "in_play": [d[2] for d in decks], "used": [d[3] for d in decks],
        "hero": [hero1, hero2], "shown": [[hero1], [hero2]], "stones": list(stones),
        "window": window, "passed": passed, "struck": [0, 0],
    }
    data.update(more)
    # The card files a scenario names are given explicitly (never opened on their own).
    cards = params.get("cards", "")
    s = from_scenario(data, files=[Path(c) for c in str(cards).split(",") if c])
    assert isinstance(s, HoshiState)
    if refresh:
        for seat in (0, 1):
            for card in s.in_play[seat]:
                s._resolve_card(seat, card)
        fx.refresh(s)
    s.events = []
    s._legal = None
    return s


def choosing(hero1: str, hero2: str, **params: Any) -> HoshiState:
    """A game of the Constructed Deck Variant about to reveal ``hero1`` and ``hero2``
    (both chosen in order): the first Duel begins with the next action."""
    spare = [h for h in SPARE_HEROES if h not in (hero1, hero2)]
    deck1 = [hero1, *spare[:2], HOLD, "focus", "smoke-bomb"]
    deck2 = [hero2, *spare[:2], HOLD, "focus", "smoke-bomb"]
    from tabletop.core import new_game

    s = new_game("hoshi-battle", seed=1, deck1=",".join(deck1), deck2=",".join(deck2),
                 budget=60, **params)
    s.apply(f"hero {hero1}")
    assert isinstance(s, HoshiState)
    return s


def new(s: HoshiState, since: int) -> list[Event]:
    """The events since index ``since``."""
    return s.events[since:]


def of(events: Iterable[Event], kind: str) -> list[dict[str, Any]]:
    """The fields of every event of one kind."""
    return [e.fields for e in events if e.kind == kind]


def pass_all(s: HoshiState, stop: Callable[[HoshiState], bool] | None = None,
             limit: int = 2) -> None:
    """Pass in the open window until it closes (at most ``limit`` passes, or ``stop``)."""
    for _ in range(limit):
        if s.to_act is None or s.phase != "window" or (stop is not None and stop(s)):
            return
        s.apply("pass")


def seeded(s: HoshiState, run: Callable[[HoshiState], bool], tries: int = 4000) -> HoshiState:
    """A copy of ``s`` whose dice make ``run`` (which plays on it) return True: the first
    generator state that does, searched in order."""
    for k in range(tries):
        c = s.clone()
        c.chance = Chance(k)
        c.events = []
        if run(c):
            return c
    raise AssertionError("no seed makes this happen")


def first_strike(striker: int, landed: bool = True) -> Callable[[HoshiState], bool]:
    """A run: every seat passes at the beginning of the round, and the first strike of the
    round is ``striker``'s and lands (or misses), with no draw before it."""
    def run(c: HoshiState) -> bool:
        pass_all(c)
        for e in c.events:
            if e.kind == "draw":
                return False
            if e.kind == "strike":
                return bool(e.fields["striker"] == striker and e.fields["landed"] == landed)
        return False
    return run
