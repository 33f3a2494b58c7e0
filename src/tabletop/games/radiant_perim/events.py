"""The events of radiant-perim: every kind, its fields, its sentences and who sees what.

Every state change of the game is one of these events (docs/rules/radiant-perim.md,
"Events", lists them for people). Field values are JSON-ready data: seats and sides are
0-based integers, cards their ``race.rank`` slugs, regions and realms their ids, races
their ids, pool slots their names (``b2``), ranks integers (0 assassin ... 5 phalanx,
6 a mounted knight). Sentences are rendered from the fields by a book whose ``words``
puts each value in words: a seat as its label (P1), a side as its colour (and its seats,
"red (P1, P3)", in the four-player game), a card as its name. The words of a side depend
on the number of players, so there is one book per player count (:func:`book_for`).

What a seat may not see is never in its copy: a dealt hand and the cards left in hand at
the end of a war are private fields of their seat, a meld set aside in secret is an event
for its seat only.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, cast

from tabletop.core import CONCEDE, EventBook, EventKind
from tabletop.core.event import kind as _kind

from .actions import CATALOG as C

GAME = "radiant-perim"
TEAM_COLOURS = ("red", "yellow", "blue")
RANK_WORDS = (*C.ranks, "mounted knight")
MELD_NAMES = {m.id: m.name for m in C.melds}
CARD_NAMES = {C.card_slug(t): C.card_name(t) for t in range(C.n_types)}
RACE_NAMES = dict(zip(C.races, C.race_names, strict=True))
REASONS = {
    "most_scouts": "most scouts",
    "fewest_points": "tied on scouts, fewest points",
    "left_of_dealer": "tied on scouts and points, first from the dealer's left",
}


KINDS: tuple[EventKind, ...] = (
    # --- setting up an age ---------------------------------------------------------------
    _kind("age_begins", "age dealer", "Age {age} begins; {dealer} deals.",
          "An age begins: cubes leave the board, the battle tracker returns to the centre, "
          "every card (captured ones too) is shuffled into the deck; `dealer` (seat) deals. "
          "From age 2 the dealer is the seat left of the last one."),
    _kind("radiant_revealed", "card radiant realm",
          "The top card of the deck is {card}: {radiant} are Radiant this age ({realm}).",
          "Age 1: the top card of the deck (`card`) is shown; its race (`radiant`) is "
          "Radiant and the Radiant marker goes to that race's `realm`. The dealer then "
          "shuffles."),
    _kind("radiant_moved", "radiant realm",
          "The Radiant marker moves clockwise to {realm}: {radiant} are Radiant.",
          "Ages 2 and 3: the Radiant marker moves clockwise to the next `realm`; its race "
          "(`radiant`) is Radiant."),
    _kind("coins_placed", "silver copper",
          "Coins are placed: silver on {silver}; copper on {copper}.",
          "A silver coin is added to each region of `silver` (the temples) and, from age 2, "
          "a copper coin to each region of `copper` (every other region but the portals, "
          "while the box's 30 last); coins left from earlier ages stay, so a region may hold "
          "several."),
    _kind("dealt", "seat count cards", "{seat} is dealt {count}: {cards}.",
          "`seat` is dealt `count` cards; `cards` (slugs) is private to that seat.",
          redacted="{seat} is dealt {count}.", private={"cards": "seat"}),
    _kind("pool_dealt", "pool deck", "The drafting pool: {pool}. {deck} left in the deck.",
          "Nine cards are dealt face up: `pool` lists the card of each slot a1..c3 (row, "
          "column); `deck` is the number of cards left in the deck."),
    # --- Phase 1: Recruit ------------------------------------------------------------------
    _kind("recruit_begins", "seat", "Recruit: {seat} drafts first.",
          "The Recruit phase begins; `seat` (left of the dealer) drafts first."),
    _kind("pick", "seat slot card", "{seat} drafts {card} from {slot}.",
          "`seat` drafts `card` from pool `slot`; everyone saw it go into that hand."),
    _kind("refill", "slot card deck", "{slot} is refilled with {card}; {deck} left in the deck.",
          "The empty pool `slot` is refilled from the deck with `card`; `deck` cards are "
          "left."),
    _kind("slot_empty", "slot", "The deck has run out: {slot} stays empty.",
          "There is no card left in the deck to refill `slot`: it stays empty."),
    _kind("recruit_ends", "deck set_aside",
          "Recruit ends: the deck ({deck}) and the rest of the pool ({set_aside}) are "
          "set aside.",
          "Every seat has drafted four cards: the deck (`deck` cards) and the cards left "
          "in the pool (`set_aside`, slugs) are set aside until the next age."),
    # --- Phase 2: Meld ---------------------------------------------------------------------
    _kind("meld_begins", "seat", "Meld: each player chooses melds in secret, {seat} first.",
          "The Meld phase begins; seats set melds aside in secret, `seat` first."),
    _kind("meld_set_aside", "seat meld race cards",
          "{seat} sets aside {meld}{race}: {cards}.",
          "`seat` sets a meld aside in secret: `meld` (council, army, guild, "
          "mounted-knight), `race` (the race of an army or a mounted knight, else null) "
          "and the `cards` it uses. Seen by that seat only."),
    _kind("melds_done", "seat", "{seat} has chosen melds.",
          "`seat` has finished setting melds aside (how many is secret)."),
    _kind("melds_revealed", "seat melds points", "{seat} reveals {melds} and scores {points}.",
          "All seats have chosen: `seat` shows its `melds` (a list of {meld, race, cards}) "
          "and scores `points` for its side by the age's column of the meld chart. One "
          "event per seat, from left of the dealer. The cards shown are known to be in "
          "that hand while they stay there."),
    # --- Phase 3: War ----------------------------------------------------------------------
    _kind("war_begins", "seat reason", "War: {seat} begins ({reason}).",
          "The War phase begins with `seat`; `reason` is `most_scouts`, `fewest_points` "
          "(tied on scouts) or `left_of_dealer` (tied on scouts and points)."),
    _kind("tracker_passes", "seat to",
          "{seat} has no legal move: control of the battle tracker passes to {to}.",
          "`seat` should move the battle tracker but has no legal move; control passes to "
          "the seat on its left, `to`."),
    _kind("move", "seat region natives coins",
          "{seat} moves the battle tracker to {region} ({natives} native; {coins} "
          "at stake).",
          "`seat` moves the battle tracker into `region` (its `natives`, race ids); a "
          "battle begins there, worth `coins` coin points (silver 3, copper 1)."),
    _kind("walkover", "seat side", "Only {side} has cards left: {seat} wins the last "
          "battle at once.",
          "Ending the War: only one side (`side`) has cards left, so it wins the battle of "
          "the region just moved into at once, credited to `seat`."),
    _kind("play", "seat cards rank counts", "{seat} plays {cards}, ranking as {rank}{counts}.",
          "`seat` plays `cards` (one card, or a knight and a mount: a mounted knight) face "
          "up; it ranks as `rank` (0 assassin ... 5 phalanx, 6 mounted knight); `counts` "
          "is true if it is native to the region or Radiant. Playing a card that does not "
          "count shows that the seat holds no card native to the region."),
    _kind("assassination", "seat assassin target card rank",
          "{seat}'s {assassin} assassinates {target}'s {card}: the assassin now ranks as "
          "{rank}.",
          "`seat` plays `assassin` naming `card` of seat `target`, who has it: the card "
          "leaves that hand and lies on the assassin, which now ranks as `rank`. The "
          "target may pass on its turn."),
    _kind("assassination_failed", "seat assassin target card",
          "{seat}'s {assassin} names {card}, but {target} does not have it: the assassin "
          "stays the lowest card of its race.",
          "`seat` plays `assassin` naming `card` of seat `target`, who does not have it: "
          "the assassin ranks as an assassin, and everyone knows `target` lacks `card` "
          "for the rest of the age."),
    _kind("pass", "seat", "{seat} passes.",
          "`seat`, whose card was assassinated in this battle, passes."),
    _kind("battle_won", "seat side region cards coins previous number",
          "{seat} wins battle {number}, of {region}: captures {cards}, takes {coins} and "
          "places a cube of {side}.",
          "`seat` wins the battle of `region` (the `number`th battle of the game): the "
          "`cards` of the battle go face down to its captured pile, its side `side` takes "
          "the `coins` coin points there and places a cube, removing the cube of "
          "`previous` (a side, or null)."),
    _kind("leftovers", "seat count cards",
          "{seat} puts {count} left in hand into its captured pile: {cards}.",
          "Ending the War: `seat` puts the `count` cards left in its hand face down into "
          "its captured pile; `cards` is private to that seat.",
          redacted="{seat} puts {count} left in hand into its captured pile.",
          private={"cards": "seat"}),
    # --- End of an Age -------------------------------------------------------------------
    _kind("realm_scored", "age realm cubes points",
          "Age {age}, {realm}: cubes {cubes}; majority points {points}.",
          "Majorities of a realm at the end of `age`: `cubes` per side on its six regions "
          "(a portal counts for the realm it lies in) and the `points` each side scores "
          "(6 for the most cubes, split among tied sides; 3 for a lone cube). One event "
          "per realm, clockwise."),
    _kind("coins_scored", "age coins", "Age {age}: coin points taken {coins}.",
          "The coin points each side took in battle this age (`coins`, per side) are "
          "scored."),
    _kind("card_coins_scored", "printed", "Coins printed on captured cards: {printed}.",
          "Third age only: each seat scores a point for each card of its captured pile "
          "with a printed coin (`printed`, per seat), for its side."),
    _kind("age_ends", "age control scores", "Scores after age {age}: {scores}.",
          "The age is scored: the board as it stood (`control`: each region id to the "
          "side whose cube is on it, or null) and the `scores` per side after the age. "
          "The next age (or the end of the game) follows."),
    _kind("game_over", "scores winners tie_break", "The game is over: {winners}{tie_break} "
          "({scores}).",
          "After the third age (or a concession): final `scores` per side and the "
          "winning seats; `tie_break` is true when the top score was tied and the tied "
          "side that most recently won a battle wins."),
    CONCEDE,  # the core's kind: a player leaves, and the game ends (docs/rules)
)

SEAT_FIELDS = frozenset({"seat", "target", "to", "dealer"})
SIDE_FIELDS = frozenset({"side", "previous"})
CARD_FIELDS = frozenset({"card", "assassin"})
PER_SIDE = frozenset({"cubes", "points", "coins", "scores"})


def region_words(region: str) -> str:
    """A region for people: ``clouds-1`` reads "Clouds 1"."""
    realm, _, number = region.rpartition("-")
    return f"{realm.capitalize()} {number}" if realm else region


def _seat_words(seat: int) -> str:
    return f"P{seat + 1}"


def _join(words: list[str]) -> str:
    return ", ".join(words) if words else "nothing"


def _cards(value: list[str]) -> str:
    return _join([CARD_NAMES.get(c, c) for c in value])


def _melds(value: list[dict[str, Any]]) -> str:
    if not value:
        return "no meld"
    out = []
    for m in value:
        name = MELD_NAMES.get(m["meld"], m["meld"])
        race = f" ({RACE_NAMES[m['race']]})" if m["race"] else ""
        out.append(f"{name}{race} [{_cards(m['cards'])}]")
    return "; ".join(out)


def side_words(players: int) -> tuple[str, ...]:
    """How each side reads: its colour; with four players its colour and its seats."""
    if players != 4:
        return TEAM_COLOURS[:players]
    return tuple(f"{TEAM_COLOURS[t]} ({_seat_words(t)}, {_seat_words(t + 2)})"
                 for t in range(2))


def _words_for(players: int) -> Callable[[str, Any], str]:
    """The ``words`` of the book of a ``players``-seat game (a module-level function
    bound to the game's sides, so that a state and its book pickle)."""
    return partial(field_words, side_words(players), TEAM_COLOURS[: 2 if players == 4
                                                                   else players])


def field_words(sides: tuple[str, ...], colours: tuple[str, ...], name: str,
                value: Any) -> str:
    """One field's value in words, ``sides`` and ``colours`` read as the game's sides."""
    if name in SEAT_FIELDS:
        return _seat_words(value)
    if name in SIDE_FIELDS:
        return "no one" if value is None else sides[value]
    if name in CARD_FIELDS:
        return CARD_NAMES.get(value, str(value))
    if name in ("cards", "set_aside"):
        return _cards(value)
    if name in PER_SIDE and isinstance(value, list):
        return ", ".join(f"{c} {n}" for c, n in zip(colours, value, strict=False))
    if name == "printed":
        return ", ".join(f"{_seat_words(s)} {n}" for s, n in enumerate(value))
    if name == "winners":
        if not value:
            return "nobody wins"
        return " and ".join(_seat_words(s) for s in value) + (
            " win" if len(value) > 1 else " wins")
    if name in ("count", "deck"):
        return "1 card" if value == 1 else f"{value} cards"
    if name == "points" and isinstance(value, int):
        return "1 point" if value == 1 else f"{value} points"
    if name == "coins" and isinstance(value, int):
        return "1 coin point" if value == 1 else f"{value} coin points"
    if name == "region":
        return region_words(value)
    if name == "race":
        return f" ({RACE_NAMES[value]})" if value in RACE_NAMES else ""
    if name == "radiant":
        return RACE_NAMES[value]
    if name == "natives":
        return " and ".join(RACE_NAMES[r] for r in value)
    if name == "realm":
        return cast(str, value.capitalize())
    if name == "meld":
        return MELD_NAMES.get(value, str(value))
    if name == "melds":
        return _melds(value)
    if name == "rank":
        word = RANK_WORDS[value]
        return f"an {word}" if word[0] in "aeiou" else f"a {word}"
    if name == "counts":
        return "" if value else " (neither native nor Radiant: it cannot win unless no " \
            "card counts)"
    if name == "tie_break":
        return " on the tie-break (the most recent battle won)" if value else ""
    if name == "reason":
        return REASONS.get(value, str(value))
    if name == "pool":
        return ", ".join(f"{'abc'[i // 3]}{i % 3 + 1} {CARD_NAMES[c]}"
                         for i, c in enumerate(value) if c) or "empty"
    if name in ("silver", "copper"):
        return ", ".join(region_words(r) for r in value) if value else "no region"
    return str(value)


_BOOKS = {n: EventBook(GAME, KINDS, _words_for(n)) for n in (2, 3, 4)}


def book_for(players: int) -> EventBook:
    """The event book of a game of ``players`` seats (sides read differently with four)."""
    return _BOOKS[players]
