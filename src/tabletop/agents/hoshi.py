"""The hoshi-battle heuristic: rules of thumb and an evaluation, read from views.

It knows the game only as a player does: the view (docs/rules/hoshi-battle.md; each card
in it carries its behaviour as data: ``static``, ``triggers``, ``effects``) and the
notation (``discard <card>``, ``hero <hero>``, ``play <card>``, ``pass``, ``wait``,
``strike hit``, ``strike miss``). It never imports the game.

The model behind every choice: a duelist's chance to roll the symbol on a throw (from
its die type, dice and "count also / instead as" effects), each strike's chance to land
(the strike model: Swift and Elusive), so each round's chance of a hit either way, and
from the Hoshi Stones left the chance to win the Duel (a small Markov chain).

- **Keep** (setup): discard the weakest cards: a Hero's worth is its Cost plus one for
  the d8; a Duel card's its Cost.
- **Choose a Hero**: the strongest left (a Duel won keeps the Hero for the next).
- **When to reveal**: a card is played when it raises the chance to win the Duel by
  enough: at once for an Artifact at the beginning of a Duel (it lasts, and is carried
  over); any gain at the last chance (a defeated Hero); else only a clear gain (five
  points), keeping the card for the round that needs it. With nothing worth playing, the
  starting player waits (the opponent shows its hand first) where it may, else passes.
- **A live strike** (only when an agent is asked, which no referee does): the model's
  chance.

The evaluation (for ISMCTS): the chance to win the Duel in progress, then the Heroes
left on each side as a race of even Duels.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, cast

from tabletop.core import Action

from .heuristic import best_of

FACES = {8: ("strike",) * 3 + ("moon",) * 2 + ("sun",) * 2 + ("blank",),
         10: ("strike",) * 3 + ("moon",) * 2 + ("sun",) * 2 + ("blank",) * 3}
EDGE = 15  # Swift / Elusive, in points of the strike model
PLAY_GAIN = 0.05  # the gain in Duel-win chance worth spending a card on
ROLL_SYMBOL = 0.33  # a roll's rough chance of the symbol (for "roll a die: if ...")
ROLL_MOON = 0.22


def _words(a: Action) -> list[str]:
    return a.to_text().split()


def symbol_chance(side: dict[str, Any]) -> float:
    """The chance a duelist rolls the symbol on one throw."""
    faces = FACES[10 if side["die"] == 10 else 8]
    hits = 0
    for face in faces:
        shown = [face]
        for mode, a, b in side["counts"]:
            if a in shown:
                if mode == "instead":
                    shown.remove(a)
                if b not in shown:
                    shown.append(b)
        hits += "strike" in shown
    p = hits / len(faces)
    return cast(float, 1.0 - (1.0 - p) ** max(1, side["dice"]))


def land_chance(base: int, striker: dict[str, Any], defender: dict[str, Any]) -> float:
    """The strike model: the chance a strike lands."""
    p = base + (EDGE if striker["swift"] else 0) - (EDGE if defender["elusive"] else 0)
    return max(5, min(95, p)) / 100.0


def round_odds(base: int, me: dict[str, Any], them: dict[str, Any]) -> tuple[float, float,
                                                                            float]:
    """(I hit, I am hit, a draw) for one round."""
    p, q = symbol_chance(me), symbol_chance(them)
    h = p * (1 - q) * land_chance(base, me, them)
    g = q * (1 - p) * land_chance(base, them, me)
    d = p * q
    total = h + g + d
    if total <= 0:
        return 0.0, 0.0, 1.0
    return h / total, g / total, d / total


@lru_cache(maxsize=4096)
def duel_win(mine: int, theirs: int, h: float, g: float) -> float:
    """The chance to win a Duel from ``mine`` and ``theirs`` Hoshi Stones, when a round is
    a hit for me with ``h`` and for them with ``g`` (draws only delay)."""
    if theirs <= 0:
        return 1.0 if mine > 0 else 0.5
    if mine <= 0:
        return 0.0
    if h + g <= 0:
        return 0.5
    return (h * duel_win(mine, theirs - 1, h, g) + g * duel_win(mine - 1, theirs, h, g)) / (h + g)


@lru_cache(maxsize=1024)
def race(mine: int, theirs: int) -> float:
    """The chance to win the game from Heroes left, every Duel even."""
    if theirs <= 0:
        return 1.0 if mine > 0 else 0.5
    if mine <= 0:
        return 0.0
    return 0.5 * race(mine, theirs - 1) + 0.5 * race(mine - 1, theirs)


def _side(p: dict[str, Any]) -> dict[str, Any]:
    return {"die": p.get("die", 10), "dice": p.get("dice", 1),
            "counts": [tuple(c) for c in p.get("counts", [])], "swift": p.get("swift", False),
            "elusive": p.get("elusive", False), "stones": p.get("stones", 0),
            "full": p.get("full_health", 2)}


def _opponent(view: dict[str, Any], seat: int) -> int:
    """The other duelist of the Duel being fought (with more than two players the
    waiting ones are not "your opponent")."""
    duelists = view.get("duelists") or [0, 1]
    return cast(int, duelists[1] if seat == duelists[0] else duelists[0])


def _duel_chance(base: int, me: dict[str, Any], them: dict[str, Any]) -> float:
    h, g, _ = round_odds(base, me, them)
    return duel_win(me["stones"], them["stones"], round(h, 4), round(g, 4))


class HoshiHeuristic:
    """Rules of thumb and an evaluation for hoshi-battle (``tabletop.heuristics``)."""

    # A game is about forty decisions, most of them dice: ISMCTS plays its rollouts to
    # the end (at random: cheap, and dice decide most of it) rather than judging a leaf
    # by the evaluation.
    ismcts_defaults: dict[str, Any] = {"rollout": "random", "depth": 200}

    def choose(self, view: dict[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        """The preferred legal action."""
        words = [_words(a) for a in legal]
        if words and words[0][0] == "strike":
            seat = view["seat"]
            me, them = _side(view["players"][seat]), _side(view["players"][_opponent(view, seat)])
            hit = rng.random() < land_chance(view["strike"]["chance"], me, them)
            return next(a for a, w in zip(legal, words, strict=True)
                        if w[1] == ("hit" if hit else "miss"))
        return best_of(legal, self.scores(view, legal), rng)

    def scores(self, view: dict[str, Any], legal: Sequence[Action]) -> list[float]:
        """How much the rules of thumb like each action (higher: better)."""
        cards = view.get("cards", {})
        out = []
        gains = {a.to_text(): self._gain(view, _words(a)[1]) for a in legal
                 if _words(a)[0] == "play"}
        best = max(gains.values(), default=0.0)
        for a in legal:
            w = _words(a)
            if w[0] == "discard":  # keep the best: discard the least worth
                out.append(-self._worth(cards.get(w[1], {})))
            elif w[0] == "hero":
                out.append(self._worth(cards.get(w[1], {})))
            elif w[0] == "play":
                out.append(gains[a.to_text()] - self._threshold(view, w[1]))
            elif w[0] == "wait":
                out.append(0.001 if best < PLAY_GAIN else -1.0)
            else:  # pass
                out.append(0.0)
        return out

    @staticmethod
    def _worth(card: dict[str, Any]) -> float:
        return float(card.get("cost", 0)) + (1.0 if card.get("die") == 8 else 0.0)

    @staticmethod
    def _threshold(view: dict[str, Any], card_id: str) -> float:
        card = view["cards"].get(card_id, {})
        seat = view["seat"]
        if view["window"] and view["window"]["name"] == "duel_start" and \
                card.get("kind") == "artifact":
            return -0.01  # it lasts the Duel and is carried over: always worth it
        if view["players"][seat].get("stones", 1) <= 0:
            return 0.0  # the last chance
        return PLAY_GAIN

    def _gain(self, view: dict[str, Any], card_id: str) -> float:
        """How much playing ``card_id`` now raises the chance to win the Duel."""
        seat = view["seat"]
        card = view["cards"].get(card_id, {})
        base = view["strike"]["chance"]
        me, them = _side(view["players"][seat]), _side(view["players"][_opponent(view, seat)])
        before = _duel_chance(base, me, them)
        steps = list(card.get("effects", []))
        trig = card.get("triggers", [])
        me2, them2 = dict(me, counts=list(me["counts"])), dict(them, counts=list(them["counts"]))
        round_only = False
        weight = 1.0
        for step in steps:
            cond = step.get("if", {}).get("self", [])
            w = weight
            if "rolled_symbol" in cond:
                w *= ROLL_SYMBOL
            elif "rolled_moon" in cond:
                w *= ROLL_MOON
            elif "not:full_health" in cond and me["stones"] >= me["full"]:
                w = 0.0
            round_only = round_only or step.get("until") == "round"
            self._apply(step, me2, them2, w)
        after = _duel_chance(base, me2, them2)
        if round_only:  # one round changed, then back to the Duel as it stood
            h, g, d = round_odds(base, me2, them2)
            h0, g0, _ = round_odds(base, me, them)
            h0, g0 = round(h0, 4), round(g0, 4)
            after = (h * duel_win(me["stones"], them["stones"] - 1, h0, g0)
                     + g * duel_win(me["stones"] - 1, them["stones"], h0, g0) + d * before)
        gain = after - before
        for t in trig:  # abilities that listen while the card is in play: a rough worth
            if t.get("on") == "struck":
                gain += 0.08
            elif t.get("on") == "draw":
                gain += 0.02 if me["stones"] > them["stones"] else -0.02
        return gain

    @staticmethod
    def _apply(step: dict[str, Any], me: dict[str, Any], them: dict[str, Any],
               w: float) -> None:
        """One effect on the two sides (weighted by its chance when it depends on a roll:
        stones move by fractions, which the Duel chance reads as a partial stone)."""
        op = step.get("op")
        target = step.get("target", "self")
        sides = {"self": [me], "opponent": [them], "all": [me, them]}.get(target, [me])
        if w <= 0:
            return
        for side in sides:
            if op == "battle_with" and w >= 0.5:
                side["die"] = 8 if step.get("die") == "d8" else 10
            elif op == "extra_die" and w >= 0.5:
                side["dice"] += int(step.get("amount", 1))
            elif op == "count" and w >= 0.5:
                side["counts"].append((step.get("mode", "also"), step.get("symbol"),
                                       step.get("as")))
            elif op == "grant" and w >= 0.5:
                side["swift" if step.get("keyword") == "swift" else "elusive"] = True
            elif op == "health":
                side["full"] += int(step.get("amount", 1))
            elif op == "regain":
                side["stones"] = min(side["full"], side["stones"] + (1 if w >= 0.5 else 0))
            elif op == "lose_stone" and w >= 0.5:
                side["stones"] = max(0, side["stones"] - 1)

    def evaluate(self, views: Sequence[dict[str, Any]]) -> list[float]:
        """Each seat's chance to win: the Duel in progress, then a race of even Duels."""
        v = views[0]
        players = v["players"]
        n = len(players)
        if v.get("outcome"):
            winners = v["outcome"]["winners"]
            return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
        heroes = [p["heroes"] + (1 if p["hero"] else 0) for p in players]
        if n > 2:
            return self._evaluate_many(v, heroes)
        if players[0]["hero"] and players[1]["hero"]:
            me, them = _side(players[0]), _side(players[1])
            duel = _duel_chance(v["strike"]["chance"], me, them)
            p0 = duel * race(heroes[0], heroes[1] - 1) + (1 - duel) * race(heroes[0] - 1,
                                                                           heroes[1])
        else:
            p0 = race(heroes[0], heroes[1])
        return [p0, 1.0 - p0]

    @staticmethod
    def _evaluate_many(v: dict[str, Any], heroes: list[float]) -> list[float]:
        """Three to five players (a rough guess, not a solved race): the Duel in progress
        moves its duelists' expected Heroes, then each seat's chance is its share of the
        squared Heroes left (more Heroes win more of the Duels to come)."""
        left = [float(h) for h in heroes]
        a, b = v["duelists"]
        players = v["players"]
        if players[a]["hero"] and players[b]["hero"]:
            duel = _duel_chance(v["strike"]["chance"], _side(players[a]), _side(players[b]))
            left[a] -= 1.0 - duel
            left[b] -= duel
        weights = [max(0.0, h) ** 2 for h in left]
        total = sum(weights) or 1.0
        return [w / total for w in weights]


__all__ = ["HoshiHeuristic", "symbol_chance", "land_chance", "round_odds", "duel_win"]
