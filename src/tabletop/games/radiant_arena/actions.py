"""The actions of radiant-arena and their notation.

Heroes, deities, skills and items are named by their card ids (a hero or deity that both
seats field is told apart by its side: ``alyn.a``, ``alyn.b``); lanes are ``left``,
``center`` and ``right``. Every decision is a small step:

    deploy bran center                 place a hero during deployment
    attack alyn | with mato | target viggo | target conduit
    block eleanor | no-block           the defending player
    clash battle-frenzy [by mato]      "by" names the clashing hero of a team attack
    no-clash
    recover mato | move iskandar left | level bran
    talent bran:heal                   a talent of a hero, deity or item, or a skill
    talent iskandar:time-lock          card from hand used by that hero
    manifest oracle right banish viggo
    target <hero> | target conduit     a target an effect asks for
    choose attack | choose armor       an option an effect asks for
    lane left                          a lane an effect asks for
    assign mato                        the defender picks which attacker takes its damage
    first alyn                         which of your simultaneous effects resolves first
    revive mass left                   ruin your conduit in that lane: Mass Resurrect
    revive buyback alyn center         Buyback
    place alyn center                  where a hero revived by Mass Resurrect enters
    buy fury alyn                      Shop step
    discard time-lock                  a discard
    pass                               end the action phase, or decline a step
    pick alyn | ban bran               the draft: pick or ban a hero
    deity oracle | item fury           the draft: your secret deity, then three items
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.core import Action, NotationError, excerpt
from tabletop.core.pickling import pickle_frozen_by_fields

LANES = ("left", "center", "right")


@dataclass(frozen=True, slots=True)
class Act(Action):
    """Every arena action: a verb and its words (card ids and lanes), already canonical."""

    verb: str
    args: tuple[str, ...] = ()

    def to_text(self) -> str:
        return " ".join((self.verb, *self.args))


GRAMMAR = ("deploy <hero> <lane> | attack <hero> | with <hero> | target <hero>|conduit | "
           "block <hero> | no-block | clash <skill> [by <hero>] | no-clash | recover <hero> | "
           "move <hero> <lane> | level <hero> | talent <hero>:<ability> | "
           "manifest <deity> <lane> banish <hero> | choose <option> | lane <lane> | "
           "assign <hero> | first <hero> | revive mass <lane> | revive buyback <hero> <lane> | "
           "place <hero> <lane> | buy <item> <hero> | discard <skill> | pass | pick <hero> | "
           "ban <hero> | deity <deity> | item <item>")

# verb -> allowed word counts (the rules check the words themselves)
_SHAPES: dict[str, tuple[int, ...]] = {
    "deploy": (2,), "attack": (1,), "with": (1,), "target": (1,), "block": (1,),
    "no-block": (0,), "clash": (1, 3), "no-clash": (0,), "recover": (1,), "move": (2,),
    "level": (1,), "talent": (1,), "manifest": (4,), "choose": (1,), "lane": (1,),
    "assign": (1,), "first": (1,), "revive": (2, 3), "place": (2,), "buy": (2,), "discard": (1,),
    "pass": (0,), "pick": (1,), "ban": (1,), "deity": (1,), "item": (1,),
}

# Interned actions: the legal lists of a catalogue name a bounded set of actions, so
# they are built once; parsed text is looked up but never added (distinct bad input must
# not grow the cache), and the cache stops growing at a bound whatever the catalogues.
_CACHE: dict[tuple[str, ...], Act] = {}
CACHE_LIMIT = 100_000
# Longest text read as an action: the longest real action is well under 100 characters.
MAX_TEXT = 200
# A word: a card id, a lane or a keyword (lowercase slug), or ``hero:ability``. A unit both
# seats field is told apart by its side: ``alyn.a``, ``oracle.b`` (card ids have no dot).
_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[ab])?(?::[a-z0-9]+(?:-[a-z0-9]+)*)?")


def act(verb: str, *args: str) -> Act:
    """The interned action for a verb and its words (legal lists build nothing new)."""
    key = (verb, *args)
    found = _CACHE.get(key)
    if found is None:
        found = Act(verb, args)
        if len(_CACHE) < CACHE_LIMIT:
            _CACHE[key] = found
    return found


def shown(text: str, limit: int = 60) -> str:
    """Typed text as an error message may quote it: a short prefix, control characters
    and other unprintable ones shown as ``?``."""
    return excerpt("".join(c if c.isprintable() else "?" for c in text[: limit * 2]), limit)


def _bad(text: str, why: str) -> NotationError:
    return NotationError(f'cannot read "{shown(text)}": {why}')


def parse(text: str) -> Act:
    """Read one action; raises ``NotationError`` (only) for text of the wrong shape.

    Words are lowercase ASCII slugs (card ids, lanes, keywords) or ``hero:ability``;
    letters are read in any case. Whether the words name real cards and lanes is for the
    rules to say (an unknown hero is illegal, with the reason), so that every error names
    what is wrong. Messages quote at most a short prefix of the text.
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise _bad(text, f"longer than {MAX_TEXT} characters")
    words = text.split()
    if not words:
        raise NotationError(f"empty action; expected {GRAMMAR}")
    for i, word in enumerate(words):
        low = word.lower() if word.isascii() else word
        if not _WORD.fullmatch(low):
            raise _bad(text, f"{shown(word, 24)!r} is not a word of the notation (card ids "
                       "and lanes are lowercase letters, digits and dashes)")
        words[i] = low
    verb, args = words[0], words[1:]
    shapes = _SHAPES.get(verb)
    if shapes is None:
        raise _bad(text, f"unknown verb {shown(verb, 24)!r}; expected {GRAMMAR}")
    if len(args) not in shapes:
        raise _bad(text, f"wrong number of words for {verb!r}; expected {GRAMMAR}")
    if any(":" in w for w in args) and verb != "talent":
        raise _bad(text, "only a talent names hero:ability")
    if verb == "clash" and len(args) == 3 and args[1] != "by":
        raise _bad(text, "expected clash <skill> [by <hero>]")
    if verb == "manifest" and args[2] != "banish":
        raise _bad(text, "expected manifest <deity> <lane> banish <hero>")
    if verb == "talent" and ":" not in args[0]:
        raise _bad(text, "expected talent <hero>:<ability>")
    if verb == "revive" and args[0] not in ("mass", "buyback"):
        raise _bad(text, "expected revive mass <lane> or revive buyback <hero> <lane>")
    if verb == "revive" and len(args) != (2 if args[0] == "mass" else 3):
        raise _bad(text, "expected revive mass <lane> or revive buyback <hero> <lane>")
    key = (verb, *args)
    found = _CACHE.get(key)
    return found if found is not None else Act(verb, tuple(args))


pickle_frozen_by_fields(__name__)  # compiled frozen dataclasses pickle alike
