"""The radiant-perim heuristic: rules of thumb and an evaluation, read from views.

It knows the game only as a player does: the view (see the game's views module and
docs/rules/radiant-perim.md) and the action notation (``pick b2``, ``meld army avis``,
``move sea-4``, ``play avis.knight``, ``play avis.knight+avis.mount``,
``assassinate mariner.knight @p2 with mariner``, ``pass``). It never imports the game.

The rules of thumb (docs/agents.md has the reasoning):

- **Recruit.** Draft the card worth most to this hand: its worth in the war (rank,
  Radiant, a knight or mount that completes a mounted knight) plus the meld points it
  adds now or brings closer.
- **Meld.** Score the most points: the best set of disjoint melds is found by
  enumerating councils and taking every army, guild and mounted knight left.
- **War.** Every play is scored as ``P(win) * value(battle) - cost(cards)``: the value of
  the region (its coins, the change in majorities, the move that goes with a win and,
  in the third age, printed coins in the battle), the chance that no later opponent
  beats the card (from the cards each opponent is known to hold or lack and the cards
  still unseen), and what the cards spent would be worth in later battles. An
  assassination is scored the same way, weighted by the chance that the target holds
  the named card, and also earns what the lost card was worth to its owner. A move
  goes where the best play scores most.

``scores(view, legal)`` returns these scores for every legal action (in the meld phase,
1 for the meld it would set aside next and 0 for the others): ``choose`` plays the best,
and ISMCTS searches only the best few at its root.

The evaluation (for ISMCTS) projects each side's final points: its score, the coins it
has taken this age, the majorities as the board stands and, in the third age, the
printed coins in its captured piles; the chance to win is a softmax of the projected
points with a temperature that shrinks as the game nears its end.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, cast

from tabletop.core import Action

from .heuristic import best_of

RACES = ("avis", "treefolk", "stonedweller", "mariner")
RANKS = ("assassin", "elder", "scout", "mount", "knight", "phalanx")
ASSASSIN, ELDER, SCOUT, MOUNT, KNIGHT, PHALANX = range(6)
MOUNTED = 6  # a mounted knight outranks every single card
N_TYPES = len(RACES) * len(RANKS)
COPIES = 2
SLUGS = tuple(f"{race}.{rank}" for race in RACES for rank in RANKS)
TYPE = {slug: t for t, slug in enumerate(SLUGS)}
RACE_INDEX = {race: i for i, race in enumerate(RACES)}
HAND_AT_WAR = {2: 14, 3: 13, 4: 12}  # dealt plus four drafted
MELD_POINTS = {"council": (4, 8, 12), "army": (3, 6, 9), "guild": (2, 4, 6),
               "mounted-knight": (1, 2, 3)}

# What a card is worth in later battles, in points, by rank (assassin first).
RANK_WORTH = (1.0, 0.4, 0.8, 1.3, 2.0, 2.8)
RADIANT_FACTOR = 1.6  # a Radiant card counts in every region
PAIR_BONUS = 1.5  # a knight or mount whose partner is in hand can make a mounted knight
COIN_WEIGHT = 1.5  # coins: gained by the winner, denied to the others
TEMPO = 1.0  # the victor moves the tracker: it picks the next battlefield
MATERIAL = 1.0  # evaluation: points a card in hand is worth, per point of its worth


def _race(t: int) -> int:
    return t // 6


def _rank(t: int) -> int:
    return t % 6


def _counts(slugs: Sequence[str]) -> list[int]:
    out = [0] * N_TYPES
    for s in slugs:
        out[TYPE[s]] += 1
    return out


def _target_seat(word: str) -> int:
    """The 0-based seat of an assassination's target, written ``@p2`` (P2: seat 1)."""
    return int(word[2:]) - 1


def _mask(slugs: Sequence[str]) -> int:
    m = 0
    for s in slugs:
        m |= 1 << TYPE[s]
    return m


# --- melds -------------------------------------------------------------------------------


def meld_plan(hand: list[int], age: int) -> tuple[int, list[str]]:
    """The most meld points a hand (counts per type) can score this age, and the melds.

    Melds are ``council``, ``army <race>``, ``guild`` and ``mounted-knight <race>``;
    each card goes into one meld at most. Councils compete with armies for elders, so
    every number of councils is tried; assassins go to guilds, then armies and mounted
    knights take what is left of each race.
    """
    a = age - 1
    elders = [hand[r * 6 + ELDER] for r in range(4)]
    guilds = min(hand[r * 6 + ASSASSIN] for r in range(4))
    best: tuple[int, list[str]] = (-1, [])
    for councils in range(min(elders) + 1):
        points = councils * MELD_POINTS["council"][a] + guilds * MELD_POINTS["guild"][a]
        plan = ["council"] * councils + ["guild"] * guilds
        for r, race in enumerate(RACES):
            b = r * 6
            armies = min(elders[r] - councils, hand[b + SCOUT], hand[b + MOUNT],
                         hand[b + KNIGHT], hand[b + PHALANX])
            knights = min(hand[b + KNIGHT], hand[b + MOUNT]) - armies
            points += armies * MELD_POINTS["army"][a] + knights * MELD_POINTS["mounted-knight"][a]
            plan += [f"army {race}"] * armies + [f"mounted-knight {race}"] * knights
        if points > best[0]:
            best = (points, plan)
    return best


def _meld_cards(meld: str) -> list[int]:
    """The card types a meld (as the view writes it) takes from a hand."""
    kind, _, race = meld.partition(" ")
    if kind == "council":
        return [r * 6 + ELDER for r in range(4)]
    if kind == "guild":
        return [r * 6 + ASSASSIN for r in range(4)]
    b = RACE_INDEX[race] * 6
    if kind == "army":
        return [b + ELDER, b + SCOUT, b + MOUNT, b + KNIGHT, b + PHALANX]
    return [b + KNIGHT, b + MOUNT]


# --- the position as one seat sees it ----------------------------------------------------


class _Seen:
    """What one view tells about the war: hands, unseen cards, the board and the battle."""

    def __init__(self, view: dict[str, Any], full: bool = True) -> None:
        self.view = view
        self.me = view["seat"]
        hands = view["hands"]
        self.players = view["players"]
        self.side_of = [h["side"] for h in hands]
        self.side = self.side_of[self.me]
        self.sides = len(view["sides"])
        self.age = view["age"]
        self.radiant = RACE_INDEX[view["radiant"]]
        self.hand = _counts(hands[self.me].get("cards", ()))
        self.count = [h["count"] for h in hands]
        self.known = [_counts(h["known"]) for h in hands]
        self.lacks = [_mask(h["lacks"]) for h in hands]
        if not full:  # enough to value my own hand
            return
        self.regions = {r["id"]: r for r in view["regions"]}
        # Cards not accounted for: neither in my hand or piles, nor seen anywhere.
        out = [0] * N_TYPES
        for t in range(N_TYPES):
            out[t] = self.hand[t]
        for p, h in enumerate(hands):
            if p != self.me:
                for s in h["known"]:
                    out[TYPE[s]] += 1
        for c in view["captured"]:
            for s in c.get("cards", c["seen"]):
                out[TYPE[s]] += 1
        for play in view["battle"]["plays"]:
            for s in play["cards"]:
                out[TYPE[s]] += 1
        for s in view["pool"]:
            if s is not None:
                out[TYPE[s]] += 1
        self.unseen = [max(0, COPIES - n) for n in out]
        self.n_unseen = sum(self.unseen)

    # chances ---------------------------------------------------------------------------

    def p_holds(self, seat: int, types: Sequence[int]) -> float:
        """The chance that ``seat`` holds at least one card of ``types``."""
        known = self.known[seat]
        if any(known[t] for t in types):
            return 1.0
        unknown = self.count[seat] - sum(known)
        if unknown <= 0:
            return 0.0
        lacks = self.lacks[seat]
        k = sum(self.unseen[t] for t in set(types) if not lacks >> t & 1)
        n = self.n_unseen
        if k == 0 or n <= 0:
            return 0.0
        miss = 1.0
        for i in range(unknown):
            if n - i <= 0:
                return 1.0
            miss *= max(0.0, (n - k - i) / (n - i))
        return 1.0 - miss

    def p_beats(self, seat: int, strength: int, counts: bool, counting: tuple[int, ...]) -> float:
        """The chance that ``seat`` can beat a card of ``strength`` (counting or not)."""
        if strength >= MOUNTED and counts:
            return 0.0
        if counts:
            above = [r * 6 + k for r in counting for k in range(strength + 1, 6)]
        else:  # any counting card beats it, or a higher card of any race
            above = [r * 6 + k for r in counting for k in range(6)]
            above += [t for t in range(N_TYPES) if _rank(t) > strength and _race(t)
                      not in counting]
        p = self.p_holds(seat, above) if above else 0.0
        if strength >= KNIGHT or not counts:
            miss = 1.0 - p
            for r in counting:  # a mounted knight
                miss *= 1.0 - (self.p_holds(seat, (r * 6 + KNIGHT,))
                               * self.p_holds(seat, (r * 6 + MOUNT,)))
            p = 1.0 - miss
        return p

    # worth ----------------------------------------------------------------------------

    def card_worth(self, t: int) -> float:
        """What a card in my hand is worth in later battles."""
        w = RANK_WORTH[_rank(t)]
        if _race(t) == self.radiant:
            w *= RADIANT_FACTOR
        rank = _rank(t)
        if rank in (KNIGHT, MOUNT):
            partner = t + (MOUNT - KNIGHT if rank == KNIGHT else KNIGHT - MOUNT)
            if self.hand[partner]:
                w += PAIR_BONUS
        return w

    def majorities(self, control: dict[str, int | None]) -> list[int]:
        """Majority points per side for a control map (End of an Age)."""
        points = [0] * self.sides
        cubes: dict[str, list[int]] = {}
        for rid, side in control.items():
            if side is not None:
                realm = self.regions[rid]["realm"]
                cubes.setdefault(realm, [0] * self.sides)[side] += 1
        for c in cubes.values():
            total, best = sum(c), max(c)
            tied = [s for s in range(self.sides) if c[s] == best]
            award = 3 if total == 1 else 6
            for s in tied:
                points[s] += award // len(tied)
        return points

    def control(self) -> dict[str, int | None]:
        """Which side (0-based) controls each region."""
        return {rid: r["control"]
                for rid, r in self.regions.items()}

    def relative(self, points: list[int | float]) -> float:
        """My side's points less the best other side's."""
        best_other = max(p for s, p in enumerate(points) if s != self.side)
        return cast(float, points[self.side] - best_other)

    def battle_value(self, rid: str, extra_coin_cards: int = 0) -> float:
        """What winning the battle of region ``rid`` is worth to my side, in points."""
        region = self.regions[rid]
        coins = 3 * region["silver"] + region["copper"]
        control = self.control()
        control[rid] = self.side
        mine = self.relative(self.majorities(control))  # type: ignore[arg-type]
        theirs = math.inf
        for s in range(self.sides):
            if s != self.side:
                control[rid] = s
                theirs = min(theirs, self.relative(self.majorities(control)))  # type: ignore[arg-type]
        value = COIN_WEIGHT * coins + (mine - theirs) + TEMPO
        if self.age == 3:  # printed coins on the cards of the battle go to the victor
            coin_cards = extra_coin_cards + sum(
                1 for p in self.view["battle"]["plays"] for s in p["cards"]
                if _rank(TYPE[s]) <= ELDER)
            value += coin_cards
        return cast(float, value)

    def counting(self, rid: str) -> tuple[int, ...]:
        """The races whose cards count in a region: its natives and the Radiant race."""
        races = {RACE_INDEX[r] for r in self.regions[rid]["natives"]}
        races.add(self.radiant)
        return tuple(sorted(races))


# --- choosing ------------------------------------------------------------------------------


class PerimHeuristic:
    """The rules of thumb of radiant-perim (see the module docstring)."""

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        """The preferred action; ties broken by ``rng``."""
        return best_of(legal, self.scores(view, legal), rng)

    def scores(self, view: dict[str, Any], legal: Sequence[Action]) -> list[float]:
        """How much the rules of thumb like each legal action (higher is better): the
        score of a pick, a move or a war play; in the meld phase 1 for the meld the
        heuristic would set aside next (or ``meld done``) and 0 for the others."""
        texts = [a.to_text() for a in legal]
        verb = texts[0].split(" ", 1)[0]
        seen = _Seen(view)
        if verb == "pick":
            return [self._pick(seen, t) for t in texts]
        if verb == "meld":
            chosen = self._meld(seen, texts)
            return [1.0 if i == chosen else 0.0 for i in range(len(texts))]
        if verb == "move":
            return [self._move(seen, t.split()[1]) for t in texts]
        return self._plays(seen, texts, view["tracker"])

    # Phase 1: Recruit ---------------------------------------------------------------------

    def _pick(self, seen: _Seen, text: str) -> float:
        view = seen.view
        t = TYPE[view["pool"][view["pool_slots"].index(text.split()[1])]]
        hand = seen.hand
        worth = seen.card_worth(t)
        if _rank(t) in (KNIGHT, MOUNT):  # it would complete a mounted knight
            partner = t + (MOUNT - KNIGHT if _rank(t) == KNIGHT else KNIGHT - MOUNT)
            if hand[partner] and not hand[t]:
                worth += PAIR_BONUS
        before, _ = meld_plan(hand, seen.age)
        hand[t] += 1
        after, _ = meld_plan(hand, seen.age)
        progress = self._meld_progress(hand, seen.age)
        hand[t] -= 1
        progress -= self._meld_progress(hand, seen.age)
        return worth + (after - before) + 0.5 * progress

    @staticmethod
    def _meld_progress(hand: list[int], age: int) -> float:
        """Points of melds weighted by how close the hand is to them (for drafting)."""
        a = age - 1
        council = sum(1 for r in range(4) if hand[r * 6 + ELDER]) / 4
        guild = sum(1 for r in range(4) if hand[r * 6 + ASSASSIN]) / 4
        army = max(sum(1 for k in range(1, 6) if hand[r * 6 + k]) for r in range(4)) / 5
        return (council ** 2 * MELD_POINTS["council"][a] + guild ** 2 * MELD_POINTS["guild"][a]
                + army ** 2 * MELD_POINTS["army"][a])

    # Phase 2: Meld ------------------------------------------------------------------------

    def _meld(self, seen: _Seen, texts: list[str]) -> int:
        free = seen.hand[:]
        for m in seen.view.get("my_melds", ()):
            for t in _meld_cards(m):
                free[t] -= 1
        _, plan = meld_plan(free, seen.age)
        for m in plan:
            if f"meld {m}" in texts:
                return texts.index(f"meld {m}")
        return texts.index("meld done")

    # Phase 3: War -------------------------------------------------------------------------

    def _move(self, seen: _Seen, rid: str) -> float:
        if not any(seen.hand):
            # No cards: the others fight there. Leave them the poorest region.
            return -self._region_worth(seen, rid)
        legal = self._plays_in(seen, rid)
        return max(self._score_plays(seen, legal, rid, lead=True))

    @staticmethod
    def _region_worth(seen: _Seen, rid: str) -> float:
        r = seen.regions[rid]
        return cast(float, 3 * r["silver"] + r["copper"])

    @staticmethod
    def _plays_in(seen: _Seen, rid: str) -> list[str]:
        """The plays I could make in a region (leading), by the rules of Battles."""
        hand, natives = seen.hand, {RACE_INDEX[r] for r in seen.regions[rid]["natives"]}
        has_native = any(hand[r * 6 + k] for r in natives for k in range(6))
        races = natives | {seen.radiant} if has_native else set(range(4))
        out = [f"play {SLUGS[t]}" for t in range(N_TYPES) if hand[t] and _race(t) in races]
        for r in races:
            if hand[r * 6 + KNIGHT] and hand[r * 6 + MOUNT]:
                out.append(f"play {SLUGS[r * 6 + KNIGHT]}+{SLUGS[r * 6 + MOUNT]}")
        return out

    def _plays(self, seen: _Seen, texts: list[str], rid: str) -> list[float]:
        return self._score_plays(seen, texts, rid, lead=False)

    def _score_plays(self, seen: _Seen, texts: list[str], rid: str, lead: bool) -> list[float]:
        """``P(my side wins) * value - cost`` for each play (see the module docstring)."""
        counting = seen.counting(rid)
        if lead:
            plays: list[dict[str, Any]] = []
            acted: set[int] = set()
        else:
            plays = seen.view["battle"]["plays"]
            acted = set(seen.view["battle"]["acted"])
        later = [p for p in range(seen.players)
                 if p != seen.me and p not in acted and seen.count[p] > 0]
        later_opp = [p for p in later if seen.side_of[p] != seen.side]
        best_count = max((p["rank"] for p in plays if p["counts"]), default=-1)
        any_counts = best_count >= 0
        best_any = max((p["rank"] for p in plays), default=-1)
        leader = seen.view["battle"]["winning"] if not lead else None
        leading_side = None if leader is None else seen.side_of[leader]

        def p_hold(strength: int, counts: bool, skip: int = -1) -> float:
            """The chance that no later opponent beats this card."""
            p = 1.0
            for o in later_opp:
                if o != skip:
                    p *= 1.0 - seen.p_beats(o, strength, counts, counting)
            return p

        # If my side already leads, the chance that it holds without my help.
        if leading_side == seen.side:
            lead_play = next(p for p in plays if p["seat"] == leader)
            side_holds = p_hold(lead_play["rank"], lead_play["counts"])
        else:
            side_holds = 0.0
        value_base = seen.battle_value(rid)
        scores = []
        for text in texts:
            verb, *args = text.split()
            if verb == "pass":
                scores.append(side_holds * value_base)
                continue
            if verb == "assassinate":
                target, victim, race = TYPE[args[0]], _target_seat(args[1]), RACE_INDEX[args[3]]
                assassin = race * 6 + ASSASSIN
                hit = 0.0 if seen.lacks[victim] >> target & 1 else (
                    1.0 if seen.known[victim][target] else seen.p_holds(victim, (target,)))
                coin_cards = 1 if seen.age == 3 else 0
                value = value_base + coin_cards * (1 + (_rank(target) <= ELDER))
                win_hit = p_hold(_rank(target), True) if _rank(target) > best_count else 0.0
                win_hit = max(win_hit, side_holds)
                win_miss = max(side_holds, p_hold(ASSASSIN, True) if not any_counts else 0.0)
                # The defeated card is lost to its owner: worth about what it is to me.
                score = (hit * (win_hit * value + 0.8 * RANK_WORTH[_rank(target)])
                         + (1 - hit) * win_miss * value - seen.card_worth(assassin))
                scores.append(score)
                continue
            cards = [TYPE[s] for s in args[0].split("+")]
            first = cards[0]
            strength = MOUNTED if len(cards) == 2 else _rank(first)
            counts = _race(first) in counting
            if counts:
                wins_now = strength > best_count
            else:
                wins_now = not any_counts and strength > best_any
            p_win = p_hold(strength, counts) if wins_now else 0.0
            p_win = max(p_win, side_holds)
            coin_cards = sum(1 for t in cards if _rank(t) <= ELDER) if seen.age == 3 else 0
            value = value_base + coin_cards
            cost = sum(seen.card_worth(t) for t in cards)
            scores.append(p_win * value - cost - (1 - p_win) * coin_cards)
        return scores

    # Evaluation ---------------------------------------------------------------------------

    def evaluate(self, views: Sequence[dict[str, Any]]) -> list[float]:
        """Each seat's chance to win: a softmax of projected points (module docstring).

        ``views`` holds every seat's view of one position; each seat's hand is read from
        its own view and valued as what it should still win in this war.
        """
        view = views[0]
        points = projected_points(view)
        if view["phase"] != "over":
            sides = [h["side"] for h in view["hands"]]
            worth = _WORTH[RACE_INDEX[view["radiant"]]]
            for seat, v in enumerate(views):
                points[sides[seat]] += MATERIAL * hand_worth(
                    _counts(v["hands"][seat].get("cards", ())), worth)
        temperature = _temperature(view)
        top = max(points)
        weights = [math.exp((p - top) / temperature) for p in points]
        total = sum(weights)
        sides = [h["side"] for h in view["hands"]]
        return [weights[s] / total for s in sides]


def _worth_table(radiant: int) -> tuple[tuple[float, float], ...]:
    """Per card type, what :meth:`_Seen.card_worth` gives it when the Radiant race is
    ``radiant``: alone, and with its knight-or-mount partner in the hand."""
    out = []
    for t in range(N_TYPES):
        w = RANK_WORTH[_rank(t)]
        if _race(t) == radiant:
            w *= RADIANT_FACTOR
        out.append((w, w + PAIR_BONUS if _rank(t) in (KNIGHT, MOUNT) else w))
    return tuple(out)


# The evaluation values every hand at every leaf of a search: card_worth read from a
# table (the same floats, summed in the same order) rather than called card by card.
_WORTH = tuple(_worth_table(r) for r in range(len(RACES)))
_PARTNER = tuple(t + (MOUNT - KNIGHT) if _rank(t) == KNIGHT else
                 t + (KNIGHT - MOUNT) if _rank(t) == MOUNT else t for t in range(N_TYPES))


def hand_worth(hand: list[int], worth: tuple[tuple[float, float], ...]) -> float:
    """What a hand (counts per type) is worth in later battles: the sum of
    :meth:`_Seen.card_worth` over its cards, ``worth`` being :data:`_WORTH` of the
    Radiant race."""
    total = 0.0
    for t, n in enumerate(hand):
        if n:
            total += worth[t][1 if hand[_PARTNER[t]] else 0] * n
    return total


def projected_points(view: dict[str, Any]) -> list[float]:
    """Each side's points if the age ended now (majorities, coins, printed coins)."""
    sides = len(view["sides"])
    points = [float(p) for p in view["scores"]]
    for s, c in enumerate(view["coins_taken"]):
        points[s] += c
    if view["phase"] == "over":
        return points
    # A battle under way counts as won by the card winning it now.
    leader = view["battle"]["winning"]
    lead_side = None if leader is None else view["hands"][leader]["side"]
    cubes: dict[str, list[int]] = {}
    for r in view["regions"]:
        control = r["control"]
        if lead_side is not None and r["id"] == view["tracker"]:
            control = lead_side
            points[lead_side] += 3 * r["silver"] + r["copper"]
        if control is not None:
            cubes.setdefault(r["realm"], [0] * sides)[control] += 1
    for c in cubes.values():
        total, best = sum(c), max(c)
        tied = [s for s in range(sides) if c[s] == best]
        for s in tied:
            points[s] += (3 if total == 1 else 6) // len(tied)
    if view["age"] == 3:
        side_of = [h["side"] for h in view["hands"]]
        for p, c in enumerate(view["captured"]):
            coins = sum(1 for s in c.get("cards", c["seen"]) if _rank(TYPE[s]) <= ELDER)
            points[side_of[p]] += coins + c["unseen"] / 3
    return points


def _temperature(view: dict[str, Any]) -> float:
    """How many points of lead make a win likely, given how much of the game is left."""
    if view["phase"] == "over":
        return 0.5
    left = 3 - view["age"]  # whole ages still to play
    cards = sum(h["count"] for h in view["hands"])
    full = HAND_AT_WAR[view["players"]] * view["players"]
    war_left = cards / full if view["phase"] == "war" else 1.0
    return cast(float, 2.0 + 6.0 * left + 5.0 * war_left)


