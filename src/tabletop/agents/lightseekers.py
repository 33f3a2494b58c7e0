"""The Lightseekers heuristic: rules of thumb and an evaluation, read from views.

It knows the game as a player does: the view (every hero's health, Victory Points, power,
armor, buffs with their corners, items, hand and deck sizes; its own hand; and for each
card in its hand or in play what it does in numbers, ``cards[id]["does"]``) and the action
notation (docs/rules/lightseekers.md). It never imports the game.

The rules of thumb (docs/agents.md): every legal action gets a score and the best is
played. Passing scores what the cards drawn instead are worth (nothing once the deck is
empty), so an action is played while it is worth more than a card:

- **attacks** by the damage they do after power and armor (to the target, and to each
  other hero for area damage), much more when they defeat the target, plus discards,
  mills and buffs or items they break; damage to your own hero counts against;
- **defends** by the health they give where it is missing (more when wounded), armor
  (more when hurt), cards drawn;
- **buffs and items** by their lingering power and armor (worth more the longer the game
  goes), their buff-phase effects over the turns their corners give, shields and
  triggers; an item beyond the 2 points is not legal anyway;
- **Abilities** by what they do, less any health they cost;
- a **combo** by what it does, against the two actions it replaces; **payment** with the
  card worth least; **return** the card worth most.

The evaluation (for ISMCTS) scores each seat with weights fitted to who won heuristic
games: health (a point at or below 12 worth most), buffs and items in play, cards in hand
(a combo more), cards in the deck, power, Victory Points, less an empty deck; the chance
to win is a softmax of the scores.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Sequence
from typing import Any, cast

from tabletop.core import Action

from .heuristic import best_of, memo_words

CARD = 1.1  # what a card drawn is worth, in "health" (the unit of every score)
KILL = 25.0  # defeating the target
VP = 15.0  # a Victory Point, in the evaluation
TEMPERATURE = 6.0
LOW = 12  # health at which healing and armor count double


def _read_words(a: Action) -> tuple[str, str]:
    verb, _, rest = a.to_text().partition(" ")
    return verb, rest.split("@")[0]


# Read once per action (issue 28: the search ranks the same actions again and again).
_words: Callable[[Action], tuple[str, str]] = memo_words(_read_words)


class _Seen:
    """What the seat to act sees, ready for scoring."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        seat = view["to_act"] if view["to_act"] is not None else view["seat"]
        self.seat = seat
        self.heroes = view["heroes"]
        self.me = self.heroes[seat]
        self.cards = view["cards"]
        t = self.me["target"]
        e = self.me["enemy"]
        self.target = self.heroes[t] if t is not None else self.me
        self.enemy = self.heroes[e] if e is not None else self.me
        self.others = [h for h in self.heroes if h["in_game"] and h["seat"] != seat]
        self.turns_left = max(2.0, min(6.0, self.target["health"] / 4))

    def hit(self, who: dict[str, Any], amount: int) -> float:
        """Damage dealt by this hero to ``who`` (after power and armor)."""
        if amount <= 0:
            return 0.0
        return float(max(0, amount + self.me["power"] - who["armor"]))

    def does(self, d: dict[str, int], corner: int = 2) -> float:
        """What an effect in numbers is worth now."""
        me, t = self.me, self.target
        value = 0.0
        if d.get("damage"):
            dealt = self.hit(t, d["damage"])
            value += dealt + (KILL if dealt >= t["health"] else 0.0)
        if d.get("area"):
            for h in self.others:
                dealt = self.hit(h, d["area"])
                value += dealt * (1.0 if h is t else 0.6)
                if h is t and dealt >= h["health"]:
                    value += KILL
        if d.get("self_damage"):
            value -= d["self_damage"] * (2.0 if me["health"] <= LOW else 1.0)
        if d.get("heal"):
            gain = min(d["heal"], 35 - me["health"])
            value += gain * (1.5 if me["health"] <= LOW else 0.7)
        # A term of a number the effect does not have adds nothing (the search reads
        # effects at every step: issue 28).
        if d.get("armor"):
            value += d["armor"] * 1.2 * (1.6 if me["health"] <= LOW else 1.0)
        if d.get("power"):
            value += d["power"] * 1.0
        if d.get("draw"):
            value += d["draw"] * CARD * (1.0 if me["deck"] else 0.0)
        if d.get("discard"):
            value += d["discard"] * 1.0 * (1.0 if t["hand"] else 0.0)
        if d.get("mill"):
            value += d["mill"] * 0.3
        if d.get("recycle"):
            value += d["recycle"] * 0.3
        if d.get("destroy_buff") and t["buffs"]:
            value += 2.5
        if d.get("destroy_item") and t["items"]:
            value += 3.0
        return value

    def card(self, cid: str) -> float:
        """What playing a card from hand is worth now."""
        info = self.cards.get(cid)
        if info is None:
            return 0.0
        kind = info["type"]
        if kind in ("attack", "defend"):
            return self.does(info["does"])
        turns = self.turns_left
        value = 0.0
        lingering = info.get("lingering", {})
        rotation = info.get("rotation")
        if rotation:
            corners = [c for c in info.get("corners", []) if isinstance(c, int)]
            active = len(corners) if rotation == "circle" else len(corners)
            avg = sum(corners) / len(corners) if corners else 0.0
            value += (lingering.get("power", 0) + lingering.get("armor", 0)) / 2 * avg * \
                active * 0.8
            value += self.does(info["does"]) * active * 0.8
            if info.get("shields"):
                value += avg * active * 0.8
        else:
            value += (lingering.get("power", 0) * 1.2 + lingering.get("armor", 0)) * turns
            value += self.does(info["does"]) * turns * 0.8
            if info.get("shields"):
                value += 1.0 * turns
        if "ability" in info:
            value += self.does(info["ability"]) * 1.5
        value += 1.5 * len(info.get("triggers", ()))
        return cast(float, value)

    def worth(self, cid: str) -> float:
        """What a card in hand is worth keeping (payment, returns)."""
        info = self.cards.get(cid)
        if info is None:
            return 2.0
        return max(1.0, self.card(cid)) + (3.0 if info.get("combo") else 0.0)


HORIZON = 4.0  # turns an indefinite buff or an item is counted to act for
# A card in hand, in the evaluation: a card, more for a combo and for what it can do.
HAND_CARD, HAND_COMBO, HAND_PER = 1.1, 1.0, 0.15


def _unit(d: dict[str, int]) -> float:
    """What an effect is worth per unit, from its numbers alone (no table read)."""
    return (d.get("damage", 0) * 1.0 + d.get("area", 0) * 1.0 + d.get("heal", 0) * 0.7
            + d.get("draw", 0) * CARD + d.get("discard", 0) * 1.0 + d.get("mill", 0) * 0.3
            + d.get("armor", 0) * 0.8 + d.get("power", 0) * 0.8
            - d.get("self_damage", 0) * 1.0)


def in_play(cards: dict[str, Any], hero: dict[str, Any]) -> float:
    """What a hero's buffs and items in play are still worth: lingering power and armor,
    buff-phase effects, shields and triggers, over the corners left (rotating) or a few
    turns (indefinite buffs, items)."""
    value = 0.0
    for b in hero["buffs"]:
        info = cards.get(b["card"])
        if info is None or not b["active"] and "corner" not in b:
            continue
        lingering = info.get("lingering", {})
        per = (lingering.get("power", 0) * 1.2 + lingering.get("armor", 0) * 1.0
               + _unit(info["does"]) + (1.0 if info.get("shields") else 0.0)
               + 0.8 * len(info.get("triggers", ())))
        if "corners" in info:
            turns = b.get("turns", 0)
            left = sum(c for c in info["corners"][turns:] if isinstance(c, int))
            value += per / 2 * left  # the numbers above count an X as 2
        else:
            value += per * HORIZON
    for cid in hero["items"]:
        info = cards.get(cid)
        if info is None:
            continue
        lingering = info.get("lingering", {})
        value += (lingering.get("power", 0) * 1.2 + lingering.get("armor", 0)
                  + (1.0 if info.get("shields") else 0.0)
                  + 0.8 * len(info.get("triggers", ()))) * HORIZON
        if "ability" in info:
            value += _unit(info["ability"]) * 2.0
    return value


class LsHeuristic:
    """Rules of thumb and an evaluation for Lightseekers (``tabletop.heuristics``)."""

    # ISMCTS: rollouts by these rules of thumb to the end of the turn (the next quiet
    # position), then the evaluation; the root narrowed to the 3 best actions, little
    # exploration; below the root every decision narrowed to the 2 best (payments and
    # returns to the best) (docs/agents.md, Lightseekers).
    ismcts_defaults: dict[str, Any] = {"rollout": "heuristic", "depth": 24, "width": 3,
                                       "c": 0.2, "inner": 2}
    # Rollouts play on through the other heroes' turns (the answer to the searched turn)
    # to the start of the searching seat's next turn: the turn of ``scores``' position
    # (the search ranks its root with it) plus one turn per hero in the game.
    lookahead = True

    def __init__(self) -> None:
        # Per thread: one instance serves every agent of the process (heuristic_for),
        # and the web runs AI seats' searches in threads.
        self._local = threading.local()

    def choose(self, view: dict[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        """The action the rules of thumb like best; ties broken by ``rng``."""
        if len(legal) == 1:
            return legal[0]
        return best_of(legal, self._rank(view, legal), rng)

    def scores(self, view: dict[str, Any], legal: Sequence[Action]) -> list[float]:
        """How much each legal action is worth (module docstring); remembers the turn
        of ``view`` as the search's root (``quiet``)."""
        if self.lookahead:
            self._local.horizon = view["turn"] + sum(1 for h in view["heroes"] if h["in_game"])
        return self._rank(view, legal)

    def candidates(self, view: dict[str, Any], legal: Sequence[Action],
                   k: int) -> list[Action]:
        """The ``k`` actions worth most, best first, for a decision inside the search tree
        (ISMCTS ``inner``); a payment or a return only its best (those sub-decisions
        would spread the search's iterations over cards of nearly equal worth)."""
        scores = self._rank(view, legal)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        if view["paying"] is not None or view["returning"]:
            k = 1
        return [legal[i] for i in order[:k]]

    def _rank(self, view: dict[str, Any], legal: Sequence[Action]) -> list[float]:
        seen = _Seen(view)
        me = seen.me
        out = []
        # An action is worth playing when it is worth more than the card it would draw in
        # the draw phase instead (Phase 4: one card per action not performed).
        draw = CARD if me["deck"] else 0.0
        for a in legal:
            verb, cid = _words(a)
            if verb == "pass":
                out.append(draw + (0.5 if not view["hand"] else 0.0))
            elif verb == "play":
                out.append(seen.card(cid) + draw * 0.0 + 0.01)
            elif verb == "ability":
                if cid == "hero":
                    ab = me["ability"] or {}
                    value = seen.does(ab.get("does", {})) - 1.5 * ab.get("health", 0)
                else:
                    info = seen.cards.get(cid, {})
                    value = seen.does(info.get("ability", {}))
                out.append(value)
            elif verb == "combo":
                # Instead of two actions: worth the combo less what two actions would give
                # (two cards' play or draw), plus the card drawn after it.
                out.append(seen.card(cid) + draw - 2 * max(draw, 2.0))
            elif verb == "pay":
                out.append(-seen.worth(cid))
            elif verb == "return":
                out.append(seen.worth(cid))
            else:
                out.append(0.0)
        return out

    # The evaluation's weights, in health: fitted (logistic regression) to who won from
    # the turn starts of 2-player heuristic games (docs/agents.md, Lightseekers,
    # "Evaluation"). "low" is added for each point of health up to LOW. Victory Points
    # and empty deck checks never change between turns of a 2-player game, so the fit
    # cannot see them: they keep the chance to win they had before the fit (15 and 5 at
    # temperature 6).
    weights: dict[str, float] = {"health": 1.0, "low": 3.3, "buffs": 2.5, "items": 2.9,
                                 "hand": 2.3, "combo": 2.4, "deck": 0.4, "power": 1.3,
                                 "vp": 28.0, "empty": 10.0, "temperature": 11.4}
    legacy = False  # True: the hand-set evaluation before the fit (for comparison)

    def evaluate(self, views: Sequence[dict[str, Any]]) -> list[float]:
        """Each seat's chance to win: a softmax of its score (module docstring)."""
        view = views[0]
        heroes = view["heroes"]
        if "outcome" in view:
            winners = view["outcome"]["winners"]
            return [1.0 / len(winners) if h["seat"] in winners else 0.0 for h in heroes]
        if self.legacy:
            return self._evaluate_legacy(views)
        cards = view["cards"]
        w = self.weights
        scores = []
        for h in heroes:
            score = w["vp"] * h["vp"]
            if h["in_game"]:
                health = h["health"]
                score += w["health"] * health + w["low"] * min(health, LOW)
                score += w["power"] * h["power"] + w["deck"] * h["deck"]
                buffs = h["buffs"]
                score += w["buffs"] * in_play(cards, {"buffs": buffs, "items": ()})
                score += w["items"] * in_play(cards, {"buffs": (), "items": h["items"]})
                own = views[h["seat"]] if h["seat"] < len(views) else view
                hand = own.get("hand") if own.get("seat") == h["seat"] else None
                score += w["hand"] * h["hand"]
                if hand is not None:
                    own_cards = own["cards"]
                    score += w["combo"] * sum(1 for c in hand
                                              if own_cards.get(c, {}).get("combo"))
                if not h["deck"]:
                    score -= w["empty"] * (h["empty_checks"] + 1)
            else:
                score -= 1000.0
            scores.append(score)
        top = max(scores)
        t = w["temperature"]
        weights = [math.exp((x - top) / t) for x in scores]
        total = sum(weights)
        return [x / total for x in weights]

    def _evaluate_legacy(self, views: Sequence[dict[str, Any]]) -> list[float]:
        """The hand-set evaluation before the fit (docs/agents.md): 15 a Victory Point,
        health, what is in play, 0.8 a point of timed armor or power, the hand, less 5
        per empty deck check; a softmax with temperature 6."""
        view = views[0]
        heroes = view["heroes"]
        cards = view["cards"]
        timed: dict[int, int] = {}
        for m in view["timed"]:
            timed[m["seat"]] = timed.get(m["seat"], 0) + m["change"]
        scores = []
        for h in heroes:
            score = VP * h["vp"]
            if h["in_game"]:
                score += h["health"] + in_play(cards, h)
                score += self._hand(views[h["seat"]] if h["seat"] < len(views) else view, h)
                score += 0.8 * timed.get(h["seat"], 0)
                if not h["deck"]:
                    score -= 5.0 * (h["empty_checks"] + 1)
            else:
                score -= 1000.0
            scores.append(score)
        top = max(scores)
        weights = [math.exp((x - top) / TEMPERATURE) for x in scores]
        total = sum(weights)
        return [w / total for w in weights]

    @staticmethod
    def _hand(view: dict[str, Any], hero: dict[str, Any]) -> float:
        """A hand's worth, read from its owner's view (a card is worth a little more the
        more it could do, a combo most); a hand seen only as a count, a card each."""
        hand = view.get("hand") if view.get("seat") == hero["seat"] else None
        if hand is None:
            return cast(float, HAND_CARD * hero["hand"])
        cards = view["cards"]
        total = 0.0
        for cid in hand:
            info = cards.get(cid, {})
            total += HAND_CARD + (HAND_COMBO if info.get("combo") else 0.0) + HAND_PER * min(
                8.0, _unit(info.get("does", {})))
        return total

    def quiet(self, view: dict[str, Any]) -> bool:
        """A position read well by the evaluation: a turn's first decision (the turn
        before it is over: its actions, buffs and draws are on the board) — after a
        search's root, the first of the root seat's next turn."""
        if view["actions"] or view["paying"] is not None or view["returning"]:
            return False
        horizon = getattr(self._local, "horizon", None)
        return horizon is None or view["turn"] >= horizon


__all__ = ["LsHeuristic"]
