"""The research encoding of hoshi-battle: a fixed action index space and a fixed-shape
observation, for the environment adapters (``tabletop.interfaces.env``, docs/research.md).

Every action the notation can name (``actions.py``), in a fixed order: so an action that
random games seldom offer still has its index. The observation is built from one seat's
view (``State.view(seat)``, views.py), never from the state, and is seen from that seat:
seat-indexed parts are in the order "me, the next seat, ..." (a spectator's view is not
rotated). Of the other seats it holds only what the view shows (docs/rules/hoshi-battle.md,
"Hidden information"): counts of their kept Heroes, face-down and discarded cards, and
every Hero and Duel card once revealed, and the face-down Duel cards this seat looked at
that are still there (``hand.known``, "Looking": the view shows them to the looking seat
alone). Every value lies in [0, 1]: counts are divided
by the most the rules allow, and the two without a bound (the round of a Duel, which
draws can prolong) are clamped. ``docs/research.md`` lists every part.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from tabletop.core.tensors import Blocks, Part, seat_from
from tabletop.core.tensors import Encoding as BaseEncoding

from .actions import PASS, STRIKE_HIT, STRIKE_MISS, WAIT, choose_hero, discard, play
from .data import catalog
from .dice import COUNT_MODES, SIDES, SYMBOLS
from .ids import KEEP_HEROES, MAX_THROWS, PHASES, WINDOWS

HERO_IDS = tuple(catalog().heroes)
CARD_IDS = tuple(catalog().cards)
MAX_DEAL = 5      # cards dealt of each kind (the deal parameter's most)
MAX_DISCARDS = 4  # setup discards: two Heroes and two Duel cards (deal five, keep three)
MAX_STONES = 4    # Iron Sentinel's three and Hoshi Talisman's one more (rules: Components)
MAX_DICE = 3      # Saal Swordsman's additional die and Twin Dagger's
ROUND_CAP = 20    # rounds of a Duel (draws may prolong one): clamped here
_HERO = {h: i for i, h in enumerate(HERO_IDS)}
_CARD = {c: i for i, c in enumerate(CARD_IDS)}
_SOURCE = {c: i for i, c in enumerate((*HERO_IDS, *CARD_IDS))}
_PHASE = {p: i for i, p in enumerate(PHASES)}
_WINDOW = {w: i for i, w in enumerate(WINDOWS)}
_SYMBOL = {s: i for i, s in enumerate(SYMBOLS)}
_MODE = {m: i for i, m in enumerate(COUNT_MODES)}
_SIDE = {d: i for i, d in enumerate(SIDES)}
COUNTS = len(COUNT_MODES) * len(SYMBOLS) * len(SYMBOLS)  # (mode, from, to) of a count rule


def action_texts() -> tuple[str, ...]:
    """The fixed words, then every discard, Hero and Duel card (the same for every seat
    count and parameter)."""
    fixed = (PASS, WAIT, STRIKE_HIT, STRIKE_MISS)
    # The packaged pool, never the interned tables: those grow as user cards are met
    # in this process, and the index space must not.
    cat = catalog()
    named = (*map(discard, cat.ids), *map(choose_hero, cat.heroes), *map(play, cat.cards))
    return tuple(a.to_text() for a in (*fixed, *named))


def parts(players: int) -> tuple[Part, ...]:
    """The layout of the observation: (name, size, meaning), in order."""
    P, H, C, Y = players, len(HERO_IDS), len(CARD_IDS), len(SYMBOLS)
    duels = KEEP_HEROES * P
    return (
        ("phase", len(PHASES), f"one-hot: {', '.join(PHASES)}"),
        ("to_act", P, "one-hot, by seat from me (all 0 when the game is over)"),
        ("duel", 1, f"the Duel's number, divided by {duels} (three Heroes a seat: each "
                    "Duel exiles one at least)"),
        ("round", 1, f"the round of the Duel, divided by {ROUND_CAP} (at most 1)"),
        ("throw", 1, f"the throw of the round, divided by {MAX_THROWS}"),
        ("starter", P + 1, "one-hot of the Duel's starting player (0 = none, then by "
                           "seat from me)"),
        ("last_hitter", P + 1, "one-hot of the last player to hit, the same form"),
        ("duelists", P, "1 for each seat from me fighting the Duel"),
        ("line", P * P, "per place in the line (first first): one-hot of its seat from me"),
        ("window", len(WINDOWS), f"one-hot of the reveal window open ({', '.join(WINDOWS)}; "
                                 "all 0: none)"),
        ("passed", P, "1 for each seat from me that passed in this window"),
        ("can_wait", 1, "1 when the starting player may wait"),
        ("live_strike", 2 * P, "a real-time strike: one-hot of the striker, then of the "
                               "defender, by seat from me"),
        ("strike", 2, "the strike parameters: 1 when live, the model's chance / 100"),
        ("heroes", P, f"Heroes in hand (the chosen one included), by seat from me, / {MAX_DEAL}"),
        ("chosen", P, "1 for each seat from me that has chosen its Hero face down"),
        ("face_down", P, f"face-down Duel cards, by seat from me, / {MAX_DEAL}"),
        ("discarded", P, f"setup discards, by seat from me, / {MAX_DISCARDS}"),
        ("hero", P * H, "per seat from me: one-hot of its Hero in play"),
        ("stones", P, f"Hoshi Stones, by seat from me, / {MAX_STONES}"),
        ("full_health", P, f"full health, by seat from me, / {MAX_STONES} (0: no Hero)"),
        ("die", P * len(SIDES), "per seat from me: one-hot of its die (d8, d10)"),
        ("dice", P, f"dice rolled, by seat from me, / {MAX_DICE}"),
        ("swift", P, "1 for each seat from me that is Swift"),
        ("elusive", P, "1 for each seat from me that is Elusive"),
        ("faces", P * Y, f"per seat from me: the faces of its last throw, count per "
                         f"symbol ({', '.join(SYMBOLS)}), / {MAX_DICE}"),
        ("counts", P * COUNTS, "per seat from me: its count rules, 1 per (mode: "
                               f"{', '.join(COUNT_MODES)}; face; counted as)"),
        ("in_play", P * C, "per seat from me: its Duel cards in play"),
        ("used", P * C, "per seat from me: its Duel cards used (played and gone)"),
        ("shown", P * H, "per seat from me: its Heroes revealed"),
        ("exiled", P * H, "per seat from me: its Heroes exiled"),
        ("effects", P * (H + C), "per seat from me: 1 for each Hero or Duel card (Heroes "
                                 "first) with an effect on it now"),
        ("my_heroes", H, "my Heroes in hand"),
        ("my_chosen", H, "one-hot: my Hero chosen face down"),
        ("my_cards", C, "my face-down Duel cards"),
        ("my_discarded", H + C, "my setup discards, Heroes then Duel cards"),
        ("known", P * C, "per seat from me: its face-down Duel cards I looked at that are "
                         "still there (my own row is 0)"),
        ("conceded", P, "1 for each seat from me that left the game"),
        ("winners", P, "1 for each seat from me that won (once the game is over)"),
    )


@dataclass(frozen=True, slots=True)
class Encoding(BaseEncoding):
    """The encoding of a ``players``-seat game (see :func:`encoding`)."""

    def encode(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        """Write ``view`` into ``out`` (zeros, float32, the size of the parts)."""
        P, H, C, Y = self.players, len(HERO_IDS), len(CARD_IDS), len(SYMBOLS)
        me = view.get("seat")

        def rel(p: int) -> int:  # a seat as seen from ``me`` (0 is me)
            return seat_from(me, p, P)

        def one(block: np.ndarray, seat: int | None, none: bool = False) -> None:
            # ``none``: the block starts with a slot for "nobody"
            if seat is not None:
                block[rel(seat) + int(none)] = 1
            elif none:
                block[0] = 1

        blocks = Blocks(out)
        take = blocks.take
        take(len(PHASES))[_PHASE[view["phase"]]] = 1
        one(take(P), view["to_act"])
        take(1)[0] = min(view["duel"] / (KEEP_HEROES * P), 1.0)
        take(1)[0] = min(view["round"], ROUND_CAP) / ROUND_CAP
        take(1)[0] = min(view["throw"], MAX_THROWS) / MAX_THROWS
        one(take(P + 1), view["starter"], none=True)
        one(take(P + 1), view["last_hitter"], none=True)
        block = take(P)
        for p in view["duelists"]:
            block[rel(p)] = 1
        line = take(P * P, P, P)
        for i, p in enumerate(view["line"]):
            line[i, rel(p)] = 1
        window, passed, can_wait = take(len(WINDOWS)), take(P), take(1)
        w = view["window"]
        if w is not None:
            window[_WINDOW[w["name"]]] = 1
            for p, done in enumerate(w["passed"]):
                passed[rel(p)] = bool(done)
            can_wait[0] = bool(w["can_wait"])
        live = take(2 * P, 2, P)
        if view["live_strike"] is not None:
            live[0, rel(view["live_strike"]["striker"])] = 1
            live[1, rel(view["live_strike"]["defender"])] = 1
        strike = take(2)
        strike[:] = view["strike"]["mode"] == "live", view["strike"]["chance"] / 100
        heroes, chosen, face_down, discarded = take(P), take(P), take(P), take(P)
        hero = take(P * H, P, H)
        stones, health, die, dice = take(P), take(P), take(P * len(SIDES), P, -1), take(P)
        swift, elusive = take(P), take(P)
        faces, counts = take(P * Y, P, Y), take(P * COUNTS, P, len(COUNT_MODES), Y, Y)
        in_play, used = take(P * C, P, C), take(P * C, P, C)
        shown, exiled = take(P * H, P, H), take(P * H, P, H)
        for p, pl in enumerate(view["players"]):
            r = rel(p)
            heroes[r] = pl["heroes"] / MAX_DEAL
            chosen[r] = bool(pl["chosen"])
            face_down[r] = pl["face_down"] / MAX_DEAL
            discarded[r] = pl["discarded"] / MAX_DISCARDS
            _mark(in_play[r], _CARD, pl["in_play"])
            _mark(used[r], _CARD, pl["used"])
            _mark(shown[r], _HERO, pl["shown"])
            _mark(exiled[r], _HERO, pl["exiled"])
            if pl["hero"] is None:
                continue
            hero[r, _HERO[pl["hero"]]] = 1
            stones[r] = min(pl["stones"], MAX_STONES) / MAX_STONES
            health[r] = min(pl["full_health"], MAX_STONES) / MAX_STONES
            die[r, _SIDE[pl["die"]]] = 1
            dice[r] = min(pl["dice"], MAX_DICE) / MAX_DICE
            swift[r] = bool(pl["swift"])
            elusive[r] = bool(pl["elusive"])
            for face in pl["faces"][:MAX_DICE]:
                faces[r, _SYMBOL[face]] += 1 / MAX_DICE
            for mode, face, counted in pl["counts"]:
                counts[r, _MODE[mode], _SYMBOL[face], _SYMBOL[counted]] = 1
        effects = take(P * (H + C), P, H + C)
        for m in view["effects"]:
            if m["card"]:
                effects[rel(m["seat"]), _SOURCE[m["card"]]] = 1
        hand = view.get("hand")
        my_heroes, my_chosen, my_cards = take(H), take(H), take(C)
        my_discarded = take(H + C)
        if hand is not None:
            _mark(my_heroes, _HERO, hand["heroes"])
            if hand["chosen"] is not None:
                my_chosen[_HERO[hand["chosen"]]] = 1
            _mark(my_cards, _CARD, hand["cards"])
            _mark(my_discarded, _SOURCE, hand["discarded"])
        known = take(P * C, P, C)
        # Only the looking seat's view has ``known`` (a packaged deal holds one copy of
        # a card, so a 1 says all there is).
        for k in hand.get("known", ()) if hand is not None else ():
            known[rel(k["owner"]), _CARD[k["card"]]] = 1
        block = take(P)
        for p, why in enumerate(view.get("conceded", ())):
            block[rel(p)] = bool(why)
        block = take(P)
        for p in view.get("outcome", {}).get("winners", ()):
            block[rel(p)] = 1
        blocks.close()


def _mark(block: np.ndarray, index: Mapping[str, int], ids: Iterable[str]) -> None:
    for i in ids:
        block[index[i]] = 1


def encoding(players: int, params: Mapping[str, Any]) -> Encoding | None:
    """The encoding of a ``players``-seat game (the same for every parameter). Its index
    spaces are the packaged cards': a game with user card files (``cards``) gets the
    adapters' generic codec instead (``None``), whose indices cover any card."""
    if params.get("cards"):
        return None
    return Encoding(players, action_texts(), parts(players))
