"""The research encoding of lightseekers: a fixed action index space and a fixed-shape
observation, for the environment adapters (``tabletop.interfaces.env``, docs/research.md).

Every action the notation can name (``actions.py``) over the card pool, in a fixed
order: so an action that random games seldom offer (returning a particular card after a
defeat, a third copy's Ability) still has its index. The observation is built from one
seat's view (``State.view(seat)``), never from the state, and is seen from that seat:
seat-indexed parts are in the order "me, the next seat, ..." (rotated by the view's
``seat``; a spectator's view is not rotated). ``docs/research.md`` lists every part.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from tabletop.core.tensors import Blocks, Part, seat_from
from tabletop.core.tensors import Encoding as BaseEncoding

from .actions import PASS, act
from .data import catalog
from .ids import (
    ACTIONS_PER_TURN,
    ELEMENTS,
    MAX_COPIES,
    MAX_HEALTH,
    MAX_WEIGHT,
    ORDERS,
    STEP_NAMES,
    UNALIGNED,
)

# The turn number t is given as t / (t + TURN_SCALE): 0 at the start, 0.5 at turn 100,
# below 1 however long the game (hero turns have no bound: six seats pass 250).
TURN_SCALE = 100.0
PILE_SCALE = 30.0  # cards in a deck, a hand or a discard pile
STAT_SCALE = 10.0  # power, armor, Victory Points, a timed change
STATS = ("power", "armor")  # the stats a timed change can affect (others: "other")

CARDS = tuple(c.id for c in catalog().cards)
HEROES = tuple(h.id for h in catalog().heroes)
_CARD = {c: i for i, c in enumerate(CARDS)}
_HERO = {h: i for i, h in enumerate(HEROES)}
_ELEMENT = {e: i for i, e in enumerate(ELEMENTS)}
_STEP = {s: i for i, s in enumerate(STEP_NAMES)}
# The symbols a combo can ask for: an Element, an Order (any of its Elements), unaligned.
SYMBOLS = (*ELEMENTS, *ORDERS, UNALIGNED)
_SYMBOL = {s: i for i, s in enumerate(SYMBOLS)}


def action_texts() -> tuple[str, ...]:
    """``pass``, the hero's Ability, then per card of the pool its play (or combo), pay
    and return, and its Ability for each copy a seat can have in play (``ability
    <card>@n``, n up to the most copies a deck may hold)."""
    out = [PASS, act("ability", "hero")]
    for c in catalog().cards:
        out += [act("combo" if c.combo else "play", c.id), act("pay", c.id),
                act("return", c.id)]
        if c.ability is not None:
            out += [act("ability", c.id, n) for n in range(1, MAX_COPIES + 1)]
    return tuple(a.to_text() for a in out)


def parts(players: int) -> tuple[Part, ...]:
    """The layout of the observation: (name, size, meaning), in order."""
    P, N, H, E, S = players, len(CARDS), len(HEROES), len(ELEMENTS), len(STATS) + 1
    return (
        ("turn", 1, f"the turn number t as t / (t + {TURN_SCALE:g}): below 1 however long"),
        ("step", len(STEP_NAMES), f"one-hot: {', '.join(STEP_NAMES)}"),
        ("active", P, "one-hot: the active hero, by seat from me"),
        ("to_act", P, "one-hot, by seat from me (all 0 when the game is over)"),
        ("order", P * P, "per turn-order position: one-hot of its seat from me"),
        ("actions", 1, f"actions taken this turn, divided by {ACTIONS_PER_TURN}"),
        ("combo_played", 1, "1 when a combo was played this turn"),
        ("passed", 1, "1 when the active hero passed"),
        ("used", E, "1 for each Element used this turn"),
        ("out", P, "1 for each seat from me that is out of the game"),
        ("hero", P * H, "per seat from me: one-hot of its hero"),
        ("elements", P * E, "per seat from me: 0.5 per basic Element it can use, 1 superior"),
        ("health", P, f"health by seat from me, divided by {MAX_HEALTH}"),
        ("vp", P, f"Victory Points by seat from me, divided by {STAT_SCALE:g}"),
        ("in_game", P, "1 for each seat from me still in the game"),
        ("hand_count", P, f"cards in each hand, by seat from me, divided by {PILE_SCALE:g}"),
        ("deck_count", P, f"cards in each deck, by seat from me, divided by {PILE_SCALE:g}"),
        ("discard", P * N, "per seat from me: its discard pile, count per card"),
        ("buffs", P * N, "per seat from me: buffs in play, count per card"),
        ("buffs_active", P * N, "per seat from me: of those, how many work now"),
        ("buff_turns", P * N, "per seat from me: the rotation of each buff card, summed, / 4"),
        ("items", P * N, "per seat from me: items equipped, count per card"),
        ("weight", P, f"item weight by seat from me, divided by {MAX_WEIGHT}"),
        ("power", P, f"power by seat from me, divided by {STAT_SCALE:g}"),
        ("armor", P, f"armor by seat from me, divided by {STAT_SCALE:g}"),
        ("target", P * (P + 1), "per seat from me: one-hot of its target (0 = none, then "
                                "by seat from me)"),
        ("enemy", P * (P + 1), "per seat from me: one-hot of its enemy, the same form"),
        ("empty_checks", P, "empty-deck checks suffered, by seat from me"),
        ("my_hand", N, "my hand, count per card"),
        ("paying", 1 + P, "1 while a combo is being paid for, then one-hot of its payer"),
        ("paying_combo", N, "one-hot: the combo being paid for"),
        ("paying_symbols", len(SYMBOLS), "the symbols still to pay, count per Element, "
                                          "then per Order, then unaligned"),
        ("paying_paid", N, "the cards paid so far, count per card"),
        ("returning", P + 1, "one-hot of the seat from me returning cards after a "
                             "defeat (all 0: none), then the cards left to return"),
        ("timed", P * S, f"per seat from me: timed changes to {', '.join(STATS)} and other "
                         f"stats, summed, divided by {STAT_SCALE:g}"),
    )


@dataclass(frozen=True, slots=True)
class Encoding(BaseEncoding):
    """The encoding of a ``players``-seat game (see :func:`encoding`)."""

    def encode(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        """Write ``view`` into ``out`` (zeros, float32, the size of the parts)."""
        P, N, H, E = self.players, len(CARDS), len(HEROES), len(ELEMENTS)
        me = view.get("seat")

        def rel(p: int) -> int:  # a seat as seen from ``me`` (0 is me)
            return seat_from(me, p, P)

        blocks = Blocks(out)
        take = blocks.take

        def one(block: np.ndarray, seat: int | None) -> None:
            if seat is not None:
                block[rel(seat)] = 1

        take(1)[0] = view["turn"] / (view["turn"] + TURN_SCALE)
        take(len(STEP_NAMES))[_STEP[view["step"]]] = 1
        one(take(P), view["active"])
        one(take(P), view["to_act"])
        order = take(P * P, P, P)
        for i, p in enumerate(view["order"]):
            order[i, rel(p)] = 1
        take(1)[0] = view["actions"] / ACTIONS_PER_TURN
        take(1)[0] = bool(view["combo_played"])
        take(1)[0] = bool(view["passed"])
        used = take(E)
        for e in view["used"]:
            used[_ELEMENT[e]] = 1
        block = take(P)
        for p in view["out"]:
            block[rel(p)] = 1
        hero, elements = take(P * H, P, H), take(P * E, P, E)
        health, vp, in_game = take(P), take(P), take(P)
        hand, deck = take(P), take(P)
        discard, buffs = take(P * N, P, N), take(P * N, P, N)
        active, turns, items = take(P * N, P, N), take(P * N, P, N), take(P * N, P, N)
        weight, power, armor = take(P), take(P), take(P)
        target, enemy = take(P * (P + 1), P, P + 1), take(P * (P + 1), P, P + 1)
        empty = take(P)
        for h in view["heroes"]:
            r = rel(h["seat"])
            hero[r, _HERO[h["hero"]]] = 1
            for e, level in h["elements"].items():
                elements[r, _ELEMENT[e]] = 1.0 if level == "superior" else 0.5
            health[r] = h["health"] / MAX_HEALTH
            vp[r] = h["vp"] / STAT_SCALE
            in_game[r] = bool(h["in_game"])
            hand[r] = h["hand"] / PILE_SCALE
            deck[r] = h["deck"] / PILE_SCALE
            for c in h["discard"]:
                discard[r, _CARD[c]] += 1
            for b in h["buffs"]:
                k = _CARD[b["card"]]
                buffs[r, k] += 1
                active[r, k] += bool(b["active"])
                turns[r, k] += b.get("turns", 0) / 4
            for c in h["items"]:
                items[r, _CARD[c]] += 1
            weight[r] = h["weight"] / MAX_WEIGHT
            power[r] = h["power"] / STAT_SCALE
            armor[r] = h["armor"] / STAT_SCALE
            target[r, 0 if h["target"] is None else 1 + rel(h["target"])] = 1
            enemy[r, 0 if h["enemy"] is None else 1 + rel(h["enemy"])] = 1
            empty[r] = h["empty_checks"]
        mine = take(N)
        for c in view.get("hand", ()):
            mine[_CARD[c]] += 1
        paying, combo, symbols, paid = take(1 + P), take(N), take(len(SYMBOLS)), take(N)
        pay = view["paying"]
        if pay is not None:
            paying[0] = 1
            paying[1 + rel(pay["seat"])] = 1
            combo[_CARD[pay["combo"]]] = 1
            for e in pay["symbols"]:
                symbols[_SYMBOL[e]] += 1
            for c in pay["paid"]:
                paid[_CARD[c]] += 1
        returning = take(P + 1)
        ret = view["returning"]
        if ret is not None:
            returning[rel(ret["seat"])] = 1
            returning[P] = ret["left"]
        timed = take(P * (len(STATS) + 1), P, len(STATS) + 1)
        for t in view["timed"]:
            k = STATS.index(t["stat"]) if t["stat"] in STATS else len(STATS)
            timed[rel(t["seat"]), k] += t["change"] / STAT_SCALE
        blocks.close()


def encoding(players: int, params: dict[str, Any]) -> Encoding | None:
    """The encoding of a ``players``-seat game (the same for every deck). Its index
    spaces are the packaged cards': a game with user card files (``cards``) gets the
    adapters' generic codec instead (``None``), whose indices cover any card."""
    if params.get("cards"):
        return None
    return Encoding(players, action_texts(), parts(players))
