"""The research encoding of radiant-perim: a fixed action index space and a fixed-shape
observation, for the environment adapters (``tabletop.interfaces.env``).

Read only by those adapters (the spec names this module; numpy is needed). The
observation is built from one seat's view (``State.view(seat)``), never from the state,
and is seen from that seat: seat-indexed parts are in the order "me, the next seat
clockwise, ..." (rotated by the view's ``seat``; a spectator's view is not rotated).
``docs/research.md`` lists every part and every group of actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from tabletop.core.tensors import Blocks, Part, seat_from
from tabletop.core.tensors import Encoding as BaseEncoding

from .actions import CATALOG as C
from .actions import slot_name
from .ids import PHASE_NAMES

AGES = 3
POOL = 9
SCORE_SCALE = 10.0  # points are divided by this, to keep the inputs near 1
DECK_SCALE = 48.0

RACES = C.races
RANKS = C.ranks
TYPES = tuple(C.card_slug(t) for t in range(C.n_types))
REGIONS = C.regions
MELDS = tuple(m.id for m in C.melds)
_TYPE = {slug: t for t, slug in enumerate(TYPES)}
_RACE = {r: i for i, r in enumerate(RACES)}
_REGION = {r: i for i, r in enumerate(REGIONS)}
_MELD = {m: i for i, m in enumerate(MELDS)}
_PHASE = {p: i for i, p in enumerate(PHASE_NAMES)}


def action_texts(players: int) -> tuple[str, ...]:
    """Every action any seat of a ``players``-seat game may ever take, in a fixed order:
    picks, melds, meld done, moves, plays, mounted knights, assassinations, pass."""
    out = [f"pick {slot_name(i)}" for i in range(POOL)]
    for m in C.melds:
        out += [f"meld {m.id} {r}" for r in RACES] if m.single_race else [f"meld {m.id}"]
    out.append("meld done")
    out += [f"move {r}" for r in REGIONS]
    out += [f"play {t}" for t in TYPES]
    out += [f"play {k}.knight+{m}.mount" for k in RACES for m in RACES]
    out += [f"assassinate {t} @p{p + 1} with {r}"
            for t in TYPES for p in range(players) for r in RACES]
    out.append("pass")
    return tuple(out)


def parts(players: int) -> tuple[Part, ...]:
    """The layout of the observation: (name, size, meaning), in order."""
    P, T, R, G, M = players, len(TYPES), len(RACES), len(REGIONS), len(MELDS)
    return (
        ("age", AGES, "one-hot: age 1, 2, 3"),
        ("phase", len(PHASE_NAMES), f"one-hot: {', '.join(PHASE_NAMES)}"),
        ("dealer", P, "one-hot, by seat from me"),
        ("to_act", P, "one-hot, by seat from me (all 0 when the game is over)"),
        ("partner", P, "1 for each seat on my side (me included; 4 players play in teams)"),
        ("radiant", R, f"one-hot: the Radiant race ({', '.join(RACES)})"),
        ("scores", P, f"points by seat from me, divided by {SCORE_SCALE:g}"),
        ("tracker", G + 1, "one-hot: the region of the battle tracker, last = the centre"),
        ("need_move", 1, "1 when the tracker must move before the next battle"),
        ("control", G * (P + 1), "per region: one-hot of its controller (0 = nobody, "
                                 "then by seat from me)"),
        ("coins", G * 2, "per region: silver and copper coins on it"),
        ("pool", POOL * (T + 1), "per slot a1..c3: one-hot of the card type, last = empty"),
        ("deck", 1, f"cards left in the deck, divided by {DECK_SCALE:g}"),
        ("hand_count", P, "cards in each hand, by seat from me"),
        ("hand_known", P * T, "per seat from me: cards of each type known to be in the hand"),
        ("hand_lacks", P * T, "per seat from me: 1 for each type known to be missing"),
        ("my_hand", T, "my cards, count per type"),
        ("melds", P * (M + R), "per seat from me: revealed melds per meld kind, then per "
                               "race of single-race melds"),
        ("my_melds", M + R, "my melds set aside this age (not yet revealed), same form"),
        ("battle_cards", P * T, "per seat from me: the card(s) played in this battle"),
        ("battle_rank", P, "per seat from me: the strength of its play (0 = none)"),
        ("battle_counts", P, "per seat from me: 1 when its play is native or Radiant"),
        ("acted", P, "1 for each seat from me that acted in this battle"),
        ("may_pass", P, "1 for each seat from me that may pass"),
        ("winning", P + 1, "one-hot: the seat winning the battle so far (0 = none)"),
        ("captured_count", P, "captured cards, by seat from me"),
        ("captured_seen", P * T, "per seat from me: captured cards seen, per type"),
        ("captured_unseen", P, "per seat from me: captured cards never shown"),
        ("my_captured", T, "my captured cards, count per type"),
        ("coins_taken", P, "coins taken, by seat from me"),
        ("battles_won_last", P, "battles won in the last war, by seat from me"),
    )


@dataclass(frozen=True, slots=True)
class Encoding(BaseEncoding):
    """The encoding of a ``players``-seat game (see :func:`encoding`)."""

    def encode(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        """Write ``view`` into ``out`` (zeros, float32, the size of the parts)."""
        P, T = self.players, len(TYPES)
        me = view.get("seat")

        def rel(p: int) -> int:  # a seat as seen from ``me`` (0 is me)
            return seat_from(me, p, P)

        blocks = Blocks(out)
        take = blocks.take

        take(AGES)[view["age"] - 1] = 1
        take(len(PHASE_NAMES))[_PHASE[view["phase"]]] = 1
        take(P)[rel(view["dealer"])] = 1
        block = take(P)
        if view["to_act"] is not None:
            block[rel(view["to_act"])] = 1
        block = take(P)
        hands = view["hands"]
        my_side = None if me is None else hands[me]["side"]
        for h in hands:
            if h["side"] == my_side:
                block[rel(h["seat"])] = 1
        take(len(RACES))[_RACE[view["radiant"]]] = 1
        block = take(P)
        for p, s in enumerate(view["scores"]):
            block[rel(p)] = s / SCORE_SCALE
        block = take(len(REGIONS) + 1)
        block[-1 if view["tracker"] is None else _REGION[view["tracker"]]] = 1
        take(1)[0] = bool(view["need_move"])
        control = take(len(REGIONS) * (P + 1)).reshape(len(REGIONS), P + 1)
        coins = take(len(REGIONS) * 2).reshape(len(REGIONS), 2)
        for g, region in enumerate(view["regions"]):
            c = region["control"]
            control[g, 0 if c is None else 1 + rel(c)] = 1
            coins[g] = region["silver"], region["copper"]
        pool = take(POOL * (T + 1)).reshape(POOL, T + 1)
        for i, card in enumerate(view["pool"]):
            pool[i, T if card is None else _TYPE[card]] = 1
        take(1)[0] = view["deck"] / DECK_SCALE
        count, known = take(P), take(P * T).reshape(P, T)
        lacks, mine = take(P * T).reshape(P, T), take(T)
        for h in hands:
            r = rel(h["seat"])
            count[r] = h["count"]
            _count(known[r], h["known"])
            for card in h["lacks"]:
                lacks[r, _TYPE[card]] = 1
            if "cards" in h:
                _count(mine, h["cards"])
        melds = take(P * (len(MELDS) + len(RACES))).reshape(P, -1)
        for p, texts in enumerate(view["melds"]):
            _melds(melds[rel(p)], texts)
        _melds(take(len(MELDS) + len(RACES)), view.get("my_melds", ()))
        battle = view["battle"]
        cards, rank, counts = take(P * T).reshape(P, T), take(P), take(P)
        for play in battle["plays"]:
            r = rel(play["seat"])
            _count(cards[r], play["cards"])
            rank[r] = play["rank"]
            counts[r] = bool(play["counts"])
        block = take(P)
        for p in battle["acted"]:
            block[rel(p)] = 1
        block = take(P)
        for p in battle["may_pass"]:
            block[rel(p)] = 1
        block = take(P + 1)
        block[0 if battle["winning"] is None else 1 + rel(battle["winning"])] = 1
        ccount, seen = take(P), take(P * T).reshape(P, T)
        unseen, my_captured = take(P), take(T)
        for c in view["captured"]:
            r = rel(c["seat"])
            ccount[r] = c["count"]
            _count(seen[r], c["seen"])
            unseen[r] = c["unseen"]
            if "cards" in c:
                _count(my_captured, c["cards"])
        for key in ("coins_taken", "battles_won_last"):
            block = take(P)
            for p, v in enumerate(view[key]):
                block[rel(p)] = v
        blocks.close()


def _count(block: np.ndarray, cards: Any) -> None:
    for card in cards:
        block[_TYPE[card]] += 1


def _melds(block: np.ndarray, texts: Any) -> None:
    for text in texts:
        meld, _, race = text.partition(" ")
        block[_MELD[meld]] += 1
        if race:
            block[len(MELDS) + _RACE[race]] += 1


def encoding(players: int, params: Mapping[str, Any]) -> Encoding:
    """The encoding of a game of ``players`` seats (radiant-perim has no parameters)."""
    return Encoding(players, action_texts(players), parts(players))
