"""hoshi-battle's vocabulary for the rules kernel (docs/cards.md): the words its card
data may use, and how the kernel reads the state through them.

Objects are the duelists (seats, ints) of the Duel being fought: "you", "your opponent"
(``opponent``: the other duelist) and "all players" (``all``: both duelists). There are
no places. Conditions read health, Costs and the die just rolled; stats are the die
type, the number of dice and full health; keywords are Swift and Elusive; rules are
``fixed_die`` (Saal Swordsman); "count also as" and "count instead as" are the kernel's
count modifiers over the dice's symbols (``{ count = "moon", also = "strike" }``: "your
Moon results count also as the symbol").
"""

from __future__ import annotations

from typing import Any

from tabletop.cards import (
    ConditionSpec,
    EventSpec,
    KeywordSpec,
    KindSpec,
    StatSpec,
    Vocabulary,
)

from .board import dice_of, die_of, full_health
from .dice import MOON, STRIKE, SUN, SYMBOL_WORDS
from .ops import OPS

S = Any  # the state, as the kernel hands it back


def _dueling(s: S, o: Any) -> bool:
    return type(o) is int and o in s.duelists and bool(s.hero[o])


def _cost(s: S, seat: int) -> int:
    hero = s.hero[seat]
    return s.cat.heroes[hero].cost if hero else 0


def _ask(s: S, kind: str, seat: int, options: tuple[Any, ...]) -> None:
    raise RuntimeError("hoshi-battle's card language never asks a question")  # pragma: no cover


KINDS = {"player": KindSpec("player", lambda s: [d for d in s.duelists if s.hero[d]],
                            _dueling, "player", "players", "a duelist of the current Duel")}

CONDITIONS = {c.name: c for c in (
    ConditionSpec("full_health", lambda s, o, c, a: s.stones[o] >= full_health(s, o),
                  "at full health", "the player has all the Hoshi Stones of full health"),
    ConditionSpec("higher_cost", lambda s, o, c, a: _cost(s, o) > _cost(s, c["p"]),
                  " whose Hero has a higher Cost",
                  "the player's Hero costs more than yours"),
    ConditionSpec("lower_cost", lambda s, o, c, a: _cost(s, o) < _cost(s, c["p"]),
                  " whose Hero has a lower Cost", "the player's Hero costs less than yours"),
    ConditionSpec("last_stone", lambda s, o, c, a: s.stones[o] == 1,
                  " with one Hoshi Stone left", "the player has one Hoshi Stone left"),
    ConditionSpec("first_strike", lambda s, o, c, a: s.struck[o] == 1,
                  " struck for the first time this Duel",
                  "the strike now landing is the first to land on the player this Duel"),
    ConditionSpec("rolled_symbol", lambda s, o, c, a: STRIKE in c.get("roll", ()),
                  " who rolled the symbol", "the die just rolled by this effect counts as "
                  "the symbol"),
    ConditionSpec("rolled_moon", lambda s, o, c, a: MOON in c.get("roll", ()),
                  " who rolled a Moon", "the die just rolled counts as a Moon"),
    ConditionSpec("rolled_sun", lambda s, o, c, a: SUN in c.get("roll", ()),
                  " who rolled a Sun", "the die just rolled counts as a Sun"),
)}

STATS = {
    "die": StatSpec("die", lambda s, o: die_of(s, o), "{of}'s die type", True,
                    "the die type a player battles with (8 or 10)"),
    "dice": StatSpec("dice", lambda s, o: dice_of(s, o), "{of}'s dice", True,
                     "how many dice a player rolls"),
    "health": StatSpec("health", lambda s, o: full_health(s, o), "{of}'s full health", True,
                       "a player's full health in Hoshi Stones"),
    "stones": StatSpec("stones", lambda s, o: s.stones[o], "{of}'s Hoshi Stones", False,
                       "the Hoshi Stones a player has left"),
    "cost": StatSpec("cost", _cost, "the Cost of {of}'s Hero", False, "a Hero's Cost"),
}

KEYWORDS = {
    "swift": KeywordSpec("swift", "Swift", doc="your strikes land more often"),
    "elusive": KeywordSpec("elusive", "Elusive", doc="strikes against you land less often"),
}


RULES = {"fixed_die": "keeps its own dice (die type effects do not apply)"}

EVENTS = {e.name: e for e in (
    EventSpec("round_start", {"round": "int"}, "At the beginning of each round",
              doc="a round begins (before its reveal window)",
              example='{ on = "round_start" }'),
    EventSpec("struck", {"striker": "object", "defender": "object"},
              "If {defender} is hit", doc="a strike landed: the hit may still be cancelled",
              example='{ on = "struck", match = { defender = "self" } }'),
    EventSpec("hit", {"striker": "object", "defender": "object"},
              "When {striker} hits", doc="a hit: the defender has discarded a Hoshi Stone",
              example='{ on = "hit", match = { striker = "self" } }'),
    EventSpec("draw", {"round": "int"}, "If there is a draw",
              doc="both duelists rolled the symbol at once (or a round stalled)",
              example='{ on = "draw" }'),
)}

NAMED = {"opponent": {"side": "enemy"}, "all": {"count": "each"}}

OP_SPECS = OPS.specs  # the ops, each declared beside its function (ops.py)

VOCAB = Vocabulary(
    game="hoshi-battle",
    kinds=KINDS,
    default_kinds=("player",),
    places={},
    conditions=CONDITIONS,
    stats=STATS,
    keywords=KEYWORDS,
    events=EVENTS,
    hooks={},
    ops=OPS.specs,
    costs={},
    owner=lambda s, o: o if type(o) is int and 0 <= o < s.players else None,
    place=lambda s, o: 0 if _dueling(s, o) else None,
    ask=_ask,
    random=lambda s, n: s.chance.below(n),
    rules=RULES,
    durations={"round": "this round", "duel": "this Duel", "source": "while it stays in play",
               "static": "while the ability is active"},
    selectors=NAMED,
    default_duration=lambda s, ctx: "duel",
    here=lambda s, ctx: 0,
    symbols=dict(SYMBOL_WORDS),
)

__all__ = ["VOCAB", "KINDS", "CONDITIONS", "STATS", "KEYWORDS", "RULES", "EVENTS",
           "OP_SPECS", "NAMED"]
