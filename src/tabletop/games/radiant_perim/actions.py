"""The actions of radiant-perim and their notation.

Grammar (a seat is named by its label, P1..P4, written in lower case like the rest):

    pick <slot>                        slot a1..c3 of the 3x3 drafting pool (row, column)
    meld <meld> [<race>]               meld council | army avis | guild | mounted-knight avis
    meld done                          finish melding
    move <region>                      move clouds-1
    play <race>.<rank>                 play avis.knight
    play <race>.knight+<race>.mount    a mounted knight
    assassinate <race>.<rank> @p<n> with <race>
                                       name a card of seat P<n>, using your assassin of <race>
    pass                               only after your card was assassinated

Case and extra spaces do not matter. ``@P2`` and the notation of rules version 1, ``@2``,
are read as ``@p2`` so that older records still replay. Anything else raises
``NotationError``, whose message quotes at most a short prefix of the text.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tabletop.core import Action, NotationError, excerpt

from .data import Catalog, load_catalog

CATALOG: Catalog = load_catalog()
ROWS = "abc"


def slot_name(slot: int) -> str:
    """``b2`` for pool slot 4."""
    return f"{ROWS[slot // 3]}{slot % 3 + 1}"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Draft the card in a pool slot (0..8, row-major)."""

    slot: int

    def to_text(self) -> str:
        return f"pick {slot_name(self.slot)}"


@dataclass(frozen=True, slots=True)
class Meld(Action):
    """Set aside one meld (index into the catalog's melds); ``race`` -1 when not single-race."""

    meld: int
    race: int = -1

    def to_text(self) -> str:
        m = CATALOG.melds[self.meld].id
        return f"meld {m}" if self.race < 0 else f"meld {m} {CATALOG.races[self.race]}"


@dataclass(frozen=True, slots=True)
class MeldDone(Action):
    """Finish melding (melding is optional)."""

    def to_text(self) -> str:
        return "meld done"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move the battle tracker into a region."""

    region: int

    def to_text(self) -> str:
        return f"move {CATALOG.regions[self.region]}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card; ``second`` is the mount of a mounted knight, else -1."""

    card: int
    second: int = -1

    def to_text(self) -> str:
        text = f"play {CATALOG.card_slug(self.card)}"
        return text if self.second < 0 else f"{text}+{CATALOG.card_slug(self.second)}"


@dataclass(frozen=True, slots=True)
class Assassinate(Action):
    """Play an assassin of race ``assassin`` naming card type ``target`` of ``seat`` (0-based)."""

    target: int
    seat: int
    assassin: int

    def to_text(self) -> str:
        return (f"assassinate {CATALOG.card_slug(self.target)} @p{self.seat + 1} "
                f"with {CATALOG.races[self.assassin]}")


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass (only a player whose card was assassinated in this battle may)."""

    def to_text(self) -> str:
        return "pass"


# Interned actions: legal_actions hands out these objects, so membership tests are
# identity checks and no action is built on the hot path. The caches below are keyed by
# small validated integers (card types, seats, races), never by text: however many
# distinct inputs are parsed, they hold at most a few thousand actions.
PICKS = tuple(Pick(i) for i in range(9))
MOVES = tuple(Move(i) for i in range(len(CATALOG.regions)))
PLAYS = tuple(Play(t) for t in range(CATALOG.n_types))
MELD_DONE = MeldDone()
PASS = Pass()


@cache
def meld_action(meld: int, race: int) -> Meld:
    """The interned meld action."""
    return Meld(meld, race)


@cache
def mounted_action(knight: int, mount: int) -> Play:
    """The interned mounted-knight play."""
    return Play(knight, mount)


@cache
def assassinate_action(target: int, seat: int, assassin: int) -> Assassinate:
    """The interned assassination."""
    return Assassinate(target, seat, assassin)


GRAMMAR = ("pick <a1..c3> | meld <meld> [<race>] | meld done | move <region> | "
           "play <race>.<rank> | play <race>.knight+<race>.mount | "
           "assassinate <race>.<rank> @p<seat> with <race> | pass")


def quote(text: str) -> str:
    """Some input as an error message may quote it: a short prefix, on one line, with
    control and other unprintable characters shown as escapes."""
    flat = " ".join(text.split())
    shown = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                    for c in flat[:200])
    return excerpt(shown)


def _fail(text: str, why: str) -> NotationError:
    return NotationError(f'cannot read "{quote(text)}": {why}')


def _card(word: str, text: str) -> int:
    race, _, rank = word.partition(".")
    races, ranks = CATALOG.races, CATALOG.ranks
    if race not in races:
        raise _fail(text, f"unknown race {excerpt(race, 20)!r} (races: {', '.join(races)})")
    if rank not in ranks:
        raise _fail(text, f"unknown rank {excerpt(rank, 20)!r} (ranks: {', '.join(ranks)})")
    return CATALOG.type_of(races.index(race), ranks.index(rank))


def _seat(word: str, players: int) -> int:
    """The 0-based seat of ``@p2`` (also ``@P2``, lowered already, and the old ``@2``), or
    -1 if ``word`` names no seat of the game."""
    digits = word[2:] if word.startswith("@p") else word[1:]
    # ASCII digits only and short: "²" is a digit to str.isdigit but not to int(), and a
    # 5,000-digit number is not worth converting.
    if (word.startswith("@") and 0 < len(digits) <= 2 and digits.isascii()
            and digits.isdigit() and 1 <= int(digits) <= players):
        return int(digits) - 1
    return -1


def parse(text: str, players: int) -> Action:
    """Read one action; raises ``NotationError`` saying what is wrong (and only that)."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    # Every word of the notation is short ASCII: anything longer is not an action, and
    # refusing it before lower() and split() keeps the work bounded.
    if len(text) > 200:
        raise _fail(text, f"too long to be an action ({len(text)} characters)")
    if not text.isascii():
        bad = next(c for c in text if not c.isascii())
        raise _fail(text, f"unexpected character {bad!r}; the notation is plain ASCII")
    words = text.strip().lower().split()
    if not words:
        raise NotationError(f"empty action; expected {GRAMMAR}")
    verb, args = words[0], words[1:]
    if verb == "pass" and not args:
        return PASS
    if verb == "pick" and len(args) == 1:
        s = args[0]
        if len(s) == 2 and s[0] in ROWS and s[1] in "123":
            return PICKS[ROWS.index(s[0]) * 3 + int(s[1]) - 1]
        raise _fail(text, "pool slots are a1..c3")
    if verb == "move" and len(args) == 1:
        if args[0] in CATALOG.regions:
            return MOVES[CATALOG.regions.index(args[0])]
        raise _fail(text, f"unknown region {excerpt(args[0], 20)!r}")
    if verb == "meld" and args == ["done"]:
        return MELD_DONE
    if verb == "meld" and 1 <= len(args) <= 2:
        ids = [m.id for m in CATALOG.melds]
        if args[0] not in ids:
            raise _fail(text, f"unknown meld {excerpt(args[0], 20)!r} "
                              f"(melds: {', '.join(ids)}, done)")
        m = ids.index(args[0])
        single = CATALOG.melds[m].single_race
        if single != (len(args) == 2):
            need = "names a race" if single else "names no race"
            raise _fail(text, f"meld {args[0]} {need}")
        if single and args[1] not in CATALOG.races:
            raise _fail(text, f"unknown race {excerpt(args[1], 20)!r}")
        return meld_action(m, CATALOG.races.index(args[1]) if single else -1)
    if verb == "play" and len(args) == 1:
        parts = args[0].split("+")
        if len(parts) == 1:
            return PLAYS[_card(parts[0], text)]
        if len(parts) == 2:
            return mounted_action(_card(parts[0], text), _card(parts[1], text))
    if verb == "assassinate" and len(args) == 4 and args[2] == "with":
        target = _card(args[0], text)
        seat = _seat(args[1], players)
        if seat < 0:
            raise _fail(text, f"the target seat is @p1..@p{players}")
        if args[3] not in CATALOG.races:
            raise _fail(text, f"unknown race {excerpt(args[3], 20)!r}")
        return assassinate_action(target, seat, CATALOG.races.index(args[3]))
    raise _fail(text, f"expected {GRAMMAR}")
