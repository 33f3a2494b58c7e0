"""Whether a position read from a scenario could arise in play; if not, the rule it breaks.

A scenario may set up any position play can reach, and only those: defeated seats out of
the game at 0 health with their Victory Points given, a decision to take (the action
phase, a reward being chosen, or the end), a combo paid for as the turn's first play,
items within their weight, buffs not expired, and each seat's cards fitting in a deck.
Each refusal is a ``ScenarioError`` naming the key, what is wrong and the rule (rulebook
section), made by :func:`tabletop.core.reachable.refuse`; the last check is the core's
:func:`~tabletop.core.reachable.check_playable`. Keys, types and ranges are checked while
reading (:mod:`.positions`).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tabletop.core.reachable import check_playable, refuse

from .ids import (
    ACTION,
    DECK_ACTIONS,
    DECK_COMBOS,
    MAX_COPIES,
    MAX_WEIGHT,
    OVER,
    R_ACTION_PHASE,
    R_BUFF,
    R_COMBO,
    R_END,
    R_ITEM,
    R_SETUP,
    R_TURNS,
)
from .payment import complete

if TYPE_CHECKING:
    from .rules import LsState

# A concession is a defeat (docs/rules/lightseekers.md, "Concessions").
R_CONCEDE = f"{R_END}: a player who leaves is removed from the game as if defeated"
# The bookkeeping counters number what the rules order: buffs in the order played, timed
# effects in the order they began.
R_BUFF_ORDER = f"{R_BUFF}: placed in the order they were played"
R_TIMED = f"{R_TURNS}: timed effects end in the order they began"


def check_reachable(s: LsState) -> None:
    """Raise ``ScenarioError`` if play cannot reach ``s`` or it cannot be played on (see
    the module docstring)."""
    _check_players(s)
    _check_decision(s)
    _check_in_play(s)
    for p in range(s.players):
        _check_deck(s, p)
    check_playable(s)  # the seat to act has a legal action (issue 30)


def _check_players(s: LsState) -> None:
    """Who is in the game: health, the order of defeats, Victory Points, the end."""
    n = s.players
    if sorted(s.out) != [p for p in range(n) if not s.alive[p]] or len(set(s.out)) != len(
            s.out):
        raise refuse("out", "must list each defeated seat once, in the order they were "
                     "defeated", R_END)
    for p in range(n):
        if s.alive[p] and s.health[p] <= 0:
            raise refuse(f"health[{p}]", "a hero at 0 health is defeated", R_END)
        if not s.alive[p] and s.health[p]:
            raise refuse(f"health[{p}]", "a defeated hero has 0 health", R_END)
    if any(s.alive[p] for p in s.conceded):
        raise refuse("conceded", "a player who conceded is out of the game, as if defeated "
                     "(alive false)", R_CONCEDE)
    living = [p for p in range(n) if s.alive[p]]
    over = s.step == OVER
    if over != (len(living) == 1):
        raise refuse("step", "the game is over exactly when one player remains", R_END)
    if sum(s.vp) != len(s.out) + (1 if over else 0):
        raise refuse("vp", "each defeat gives 1 Victory Point, and the last player "
                     "standing gains 1", R_END)


def _check_decision(s: LsState) -> None:
    """The position is at a decision: the action phase, a reward, or the end."""
    cat = s.cat
    if s.step != OVER:
        if not s.alive[s.active] and not s.rewards:
            raise refuse("active", "a defeated player takes no turn", R_END)
        if not s.rewards and s.step != ACTION:
            raise refuse("step", "a position is at a decision: the action phase, a "
                         "reward being chosen, or the end", R_TURNS)
    elif s.rewards or s.paying is not None:
        raise refuse("rewards, paying", "nothing is left to do once the game is over", R_END)
    for i, (p, k) in enumerate(s.rewards):
        # The first waits for a choice: its discard pile holds more than it moves back.
        if not s.alive[p] or (i == 0 and len(s.disc[p]) <= k):
            raise refuse("rewards", f"P{p + 1} has no choice of {k} discarded cards to "
                         "move back", R_END)
    if s.paying is not None:
        # (A reward may wait while a combo is paid for: another player conceded.)
        if s.combo or s.acts or (s.rewards and not s.conceded):
            raise refuse("paying", "a combo is paid for as the turn's first play",
                         R_ACTION_PHASE)
        if complete(s.paying[1], [cat.cards[c].slots for c in s.paying[2]]):
            raise refuse("paying.paid", "the payment is already complete", R_COMBO)
    if s.combo and s.acts:
        raise refuse("combo", "a combo is played instead of actions", R_ACTION_PHASE)


def _check_in_play(s: LsState) -> None:
    """Items within their weight, buffs not expired, the counters above what they number."""
    cat = s.cat
    for p, row in enumerate(s.items):
        if sum(cat.cards[c].weight for c in row) > MAX_WEIGHT:
            raise refuse(f"items[{p}]", f"more than {MAX_WEIGHT} points of items", R_ITEM)
    for p, buffs in enumerate(s.buffs):
        for i, (_, c, turns) in enumerate(buffs):
            card = cat.cards[c]
            if card.rotation and card.corners[turns] == 0:
                raise refuse(f"buffs[{p}][{i}].turns", "the active corner is empty: the "
                             "buff has expired", R_BUFF)
    if max((u for row in s.buffs for u, _, _ in row), default=0) > s.uid:
        raise refuse("uid", "below a buff's uid", R_BUFF_ORDER)
    if max((m.ts for m in s.store), default=0) > s.clock:
        raise refuse("clock", "below a timed effect's timestamp", R_TIMED)


def _check_deck(s: LsState, p: int) -> None:
    """A seat's cards in all places together fit in a deck (GETTING STARTED)."""
    cat = s.cat
    cards = s.hand[p] + s.deck[p] + s.disc[p] + s.items[p] + [c for _, c, _ in s.buffs[p]]
    if p == s.active and s.paying is not None:
        cards += [s.paying[0], *s.paying[2]]
    counts = Counter(cards)
    combos = sum(k for c, k in counts.items() if cat.cards[c].combo)
    actions = sum(k for c, k in counts.items() if not cat.cards[c].combo)
    for c, k in counts.items():
        limit = 1 if cat.cards[c].combo else MAX_COPIES
        if k > limit:
            raise refuse(f"P{p + 1}", f"{k} copies of {cat.cards[c].id}: a deck holds at "
                         f"most {limit}", R_SETUP)
    if combos > DECK_COMBOS or actions > DECK_ACTIONS:
        raise refuse(f"P{p + 1}", f"{combos} combos and {actions} action cards: a deck "
                     f"holds {DECK_COMBOS} and {DECK_ACTIONS}", R_SETUP)


__all__ = ["check_reachable"]
