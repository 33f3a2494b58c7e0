"""The radiant-arena heuristic's draft (issue 12): rules of thumb for picks, bans, the deity
and the items, read from the draft's view.

The view of a draft carries every draftable card's face as data (``view["draft"]
["cards"]``: stats, keywords, talents and effects, sets); this module never imports the
game. Each choice gets a score, the heuristic plays the best (ties at random):

- **a hero** is worth its basic stats (attack, armor, health left to take hits), a little
  of what levelling adds, less its EXP cost; its keywords (Taunt protects the team, Regen
  heals every turn, Vanguard shields it, Evoker brings power); its abilities (each talent,
  each rule of its text box); and its set of ten (their combat values, the talents and
  clash effects among them);
- **a pick** adds to that what the team lacks: the first Evoker is worth a lot (power is
  how heroes level and items are bought: The Evoker Keyword), a second one little; a class
  not yet in the team is worth something (one hero to hit, one to hold, one to enable);
- **a ban** takes the hero the opponent would value most for its team as it stands (its
  picks so far);
- **the deity** is worth its stats (armor and health keep the game going: a KO'd deity
  loses it) and its abilities (manifestation, talents, rules);
- **an item** is worth its stat bonuses and abilities less its cost in power (power is
  scarce: an Evoker gives 1 a turn), the cheaper first when they are close.

A drafter that always took the same cards would teach nothing about the others (and a
balance report needs every card played): among choices worth about the same, it picks at
random, weighted by worth (:func:`choose`: a softmax at a temperature of two attack points),
so a card far better than the rest is nearly always taken and close ones share the picks.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, cast

from tabletop.core import Action

# Weights, in "attack points".
ATTACK, ARMOR, HEALTH = 1.0, 1.2, 0.35
LEVELLED = 0.3  # each point of attack or armor the levelled side adds
EXP = 0.15  # each point of EXP cost
KEYWORD = {"taunt": 1.0, "vanguard": 0.6, "evoker": 0.5, "divine": 0.0}
REGEN = 0.9  # per point of Regen
ABILITY = 0.9  # each talent and each rule of a text box
SET_VALUES = 0.06  # each point of combat value in the set (x copies)
SET_ABILITY = 0.12  # each copy of a card with a talent or a clash effect
FIRST_EVOKER, MORE_EVOKERS = 2.5, -0.8
NEW_CLASS = 0.8
DEITY_ARMOR, DEITY_HEALTH = 1.5, 0.3
ITEM_HEALTH, ITEM_ABILITY, ITEM_COST = 0.4, 1.4, 0.55


def hero_value(hero: dict[str, Any], skills: dict[str, Any]) -> float:
    """What a hero is worth on its own (see the module docstring)."""
    basic, levelled = hero["sides"]
    v = ATTACK * basic["attack"] + ARMOR * basic["armor"] + HEALTH * basic["health"]
    v += LEVELLED * max(0, levelled["attack"] + levelled["armor"] - basic["attack"]
                        - basic["armor"])
    v -= EXP * (basic["exp"] or 0)
    v += sum(KEYWORD.get(k, 0.0) for k in basic["keywords"]) + REGEN * basic["regen"]
    v += ABILITY * (len(basic["talents"]) + _rules(basic))
    for card, count in hero["set"].items():
        face = skills.get(card, {})
        v += SET_VALUES * count * (face.get("attack", 0) + face.get("armor", 0))
        if face.get("talent") or face.get("clash"):
            v += SET_ABILITY * count
    return cast(float, v)


def _rules(side: dict[str, Any]) -> int:
    """How many abilities a text box has besides its talents (triggers, statics...)."""
    text = side.get("rules") or ""
    sentences = [t for t in text.split(". ") if t and not t.startswith(("Talent", "Ultimate",
                                                                        "Regen"))]
    return min(2, len(sentences))


def team_bonus(hero: dict[str, Any], team: list[dict[str, Any]]) -> float:
    """What a hero adds to a team of heroes already picked."""
    v = 0.0
    if "evoker" in hero["sides"][0]["keywords"]:
        has = any("evoker" in h["sides"][0]["keywords"] for h in team)
        v += MORE_EVOKERS if has else FIRST_EVOKER
    if hero["class"] not in {h["class"] for h in team}:
        v += NEW_CLASS
    return v


def deity_value(deity: dict[str, Any]) -> float:
    """What a deity is worth."""
    v = ATTACK * deity["attack"] + DEITY_ARMOR * deity["armor"] + DEITY_HEALTH * deity["health"]
    v += ABILITY * (len(deity["talents"]) + bool(deity["manifest"]) + _rules(deity))
    v += REGEN * deity["regen"] + sum(KEYWORD.get(k, 0.0) for k in deity["keywords"])
    return cast(float, v)


def item_value(item: dict[str, Any]) -> float:
    """What an item is worth, its cost paid."""
    v = ATTACK * item["attack"] + ARMOR * item["armor"] + ITEM_HEALTH * item["health"]
    return cast(float, v + ITEM_ABILITY * bool(item["rules"]) - ITEM_COST * item["cost"])


def score(view: dict[str, Any], words: list[str]) -> float:
    """How much the heuristic likes a draft choice (``pick``, ``ban``, ``deity``,
    ``item``)."""
    d = view["draft"]
    cards = d["cards"]
    verb, card = words[0], words[1]
    me = view["seat"]
    if verb in ("pick", "ban"):
        hero = cards["heroes"].get(card)
        if hero is None:
            return 0.0
        seat = me if verb == "pick" else 1 - me
        team = [cards["heroes"][h] for h in d["players"][seat]["picks"]
                if h in cards["heroes"]]
        return hero_value(hero, cards["skills"]) + team_bonus(hero, team)
    if verb == "deity":
        deity = cards["deities"].get(card)
        return 0.0 if deity is None else deity_value(deity)
    if verb == "item":
        item = cards["items"].get(card)
        return 0.0 if item is None else item_value(item)
    return 0.0


TEMPERATURE = 2.0  # in attack points: choices this much apart are taken e:1 (2.7:1)


def choose(legal: Sequence[Action], scores: Sequence[float], rng: random.Random) -> Action:
    """A draft choice drawn with weights exp(score / TEMPERATURE)."""
    top = max(scores)
    weights = [math.exp((x - top) / TEMPERATURE) for x in scores]
    return rng.choices(list(legal), weights=weights)[0]


__all__ = ["score", "choose", "hero_value", "team_bonus", "deity_value", "item_value",
           "TEMPERATURE"]
