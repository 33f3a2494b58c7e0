"""The events of hoshi-battle: every kind, its fields, its sentences and who sees what
(docs/rules/hoshi-battle.md, "Events").

Fields are JSON-ready: seats are 0-based, cards are named by their ids, per-seat values
are lists indexed by seat. Private: the cards dealt (and a constructed deck), each card
discarded at setup and the Hero chosen for a Duel, seen only by their owner until they
are revealed (``duel``, ``play``).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from tabletop.core import CONCEDE, EventBook, EventKind

from .data import Catalog, catalog
from .dice import GLYPHS

SEAT_FIELDS = frozenset({"seat", "striker", "defender", "starter", "first", "winner",
                         "controller", "owner"})
CARD_FIELDS = frozenset({"card", "hero", "source"})  # (source: the card whose effect it is)
WINDOW_WORDS = {"duel_start": "The beginning of the Duel", "round_start": "The beginning of "
                "the round", "round_end": "The end of the round"}
UNTIL_WORDS = {"round": "this round", "duel": "this Duel", "source": "while in play",
               "static": "while the ability is active"}
DRAW_WORDS = {"both": "both players rolled the symbol: the hands meet",
              "stalemate": "no touch in 20 throws"}
KIND_WORDS = {"hero": "Hero", "card": "Duel card", "artifact": "Artifact", "power": "Power",
              "legend": "Legend"}
LEAVE_WORDS = {"used": "is used and discarded", "exiled": "leaves play with its Hero",
               "duel": "leaves play at the end of the Duel",
               "discarded": "is discarded by an effect, face up"}

KINDS = (
    EventKind("deal", ("seat", "heroes", "cards"),
              "{seat} is dealt {heroes}; and {cards}.",
              "Setup: `seat` is dealt `heroes` and `cards` (Duel cards), both private to it.",
              redacted="{seat} is dealt Heroes and Duel cards face down.",
              private={"heroes": "seat", "cards": "seat"}),
    EventKind("deck", ("seat", "heroes", "cards"),
              "{seat} brings a constructed deck: {heroes}; and {cards}.",
              "Constructed Deck Variant: `seat`'s deck (`heroes`, `cards`), private to it.",
              redacted="{seat} brings a constructed deck face down.",
              private={"heroes": "seat", "cards": "seat"}),
    EventKind("discard", ("seat", "card", "kind"), "{seat} discards {card} face down.",
              "Setup: `seat` discards a dealt `card` (`kind`: hero or card) face down; the "
              "card is private to it.",
              redacted="{seat} discards a {kind} face down.", private={"card": "seat"}),
    EventKind("draw_card", ("seat", "card", "count", "source"),
              "{seat} draws {card} face down ({source}).",
              "An effect (draw): `seat` takes `card` from the undealt Duel pile face down "
              "(private to it); `count` its face-down cards after.",
              redacted="{seat} draws a Duel card face down ({source}).",
              private={"card": "seat"}),
    EventKind("look", ("seat", "owner", "cards", "count", "source"),
              "{seat} looks at {cards}, the face-down cards of {owner} ({source}).",
              "An effect (look): `seat` looks at `owner`'s face-down Duel cards (`cards`, "
              "private to `seat`; `count` how many).",
              redacted="{seat} looks at the {count} face-down card(s) of {owner} ({source}).",
              private={"cards": "seat"}),
    EventKind("choose", ("seat", "hero"), "{seat} chooses {hero} face down.",
              "`seat` chooses the Hero for the next Duel; `hero` is private until the reveal.",
              redacted="{seat} chooses a Hero face down.", private={"hero": "seat"}),
    EventKind("rolloff", ("throws", "starter"),
              "{starter} wins the roll-off ({throws}) and starts the Duel.",
              "A roll-off decides who starts (`starter`) after `throws` throws of the d8."),
    EventKind("duel", ("duel", "fighters", "starter"),
              "Duel {duel}: {fighters}. {starter} starts.",
              "The chosen Heroes are revealed together: `fighters` (a Hero id per seat, "
              "\"\" for a seat not fighting) and the starting player."),
    EventKind("full_health", ("stones",),
              "Every duelist starts the Duel at full health, in Hoshi Stones: {stones}.",
              "The Duel begins at full health (`stones` per seat; the winner healed)."),
    EventKind("ability", ("seat", "hero", "active", "ts"),
              "{hero}'s ability ({seat}) {active}.",
              "A Hero's ability becomes active (its condition now holds; timestamp `ts`) "
              "or inactive."),
    EventKind("effect", ("seat", "card", "controller", "effect", "until", "ts"),
              "{seat} {effect} ({card}, {until}).",
              "A continuous effect on `seat` made by `controller`'s `card`: `effect` is "
              "die=8, die=10, dice+1, health+1, health=3, swift, elusive, fixed_die or a "
              "count rule (also_moon_strike); `until` round, duel, source or static; `ts` "
              "its timestamp (the latest has priority)."),
    EventKind("reuse", ("seat", "card"), "{seat} uses {card} again.",
              "The winner of the last Duel uses an Artifact or Legend again (its effects "
              "are made anew)."),
    EventKind("window", ("window", "round", "first"), "{window}: {first} decides first.",
              "A reveal window opens (`window`: duel_start, round_start, "
              "round_end) and `first` is asked first."),
    EventKind("play", ("seat", "card", "kind"), "{seat} plays {card} ({kind}).",
              "`seat` reveals and plays a Duel card (`kind`: artifact, power, legend)."),
    EventKind("pass", ("seat",), "{seat} passes.",
              "`seat` plays no more cards in this reveal window."),
    EventKind("wait", ("seat",), "{seat} waits: the opponent decides first.",
              "The starting player lets the opponent decide first."),
    EventKind("round", ("duel", "round"), "Duel {duel}, round {round}.",
              "A round begins."),
    EventKind("throw", ("round", "throw", "faces", "counted", "symbol"),
              "Throw {throw}: {faces}.",
              "Both duelists roll: `faces` per seat (a list of faces), what each face "
              "counts as (`counted`), whether each seat rolled the symbol (`symbol`)."),
    EventKind("strike_window", ("striker", "defender"),
              "{striker} rolled the symbol: the real-time strike at {defender} is open.",
              "A live strike awaits its referee (`strike = \"live\"`)."),
    EventKind("strike", ("striker", "defender", "chance", "landed"),
              "{striker} strikes at {defender}: {landed} ({chance}).",
              "A strike: `chance` the percent it had under the model (null: real time), "
              "`landed` whether it touched."),
    EventKind("draw", ("round", "why"), "A draw: {why}.",
              "The round is a draw (`why`: both, or a stalemate)."),
    EventKind("roll", ("seat", "card", "face", "counted"),
              "{seat} rolls {face} for {card}.",
              "An effect's roll: the `face` and what it `counted` as."),
    EventKind("cancel", ("seat", "card"), "{card} cancels the hit on {seat}.",
              "The hit about to be resolved is cancelled by `seat`'s `card`."),
    EventKind("hit", ("striker", "defender", "stones"),
              "{striker} hits {defender}, who discards a Hoshi Stone ({stones} left).",
              "A hit: `defender` discards a Hoshi Stone; `stones` it has left."),
    EventKind("stone", ("seat", "change", "stones", "card"),
              "{seat} {change} ({card}): {stones} left.",
              "An effect changes `seat`'s Hoshi Stones by `change`; `stones` after."),
    EventKind("exile", ("seat", "hero"), "{seat}'s {hero} is exiled.",
              "A Hero with no Hoshi Stone left is exiled at the end of the round."),
    EventKind("leave", ("seat", "card", "why"), "{seat}'s {card} {why}.",
              "A Duel card leaves play (`why`: used, exiled, duel)."),
    EventKind("duel_end", ("duel", "winner", "carried"),
              "Duel {duel} ends: {winner} wins; carried over: {carried}.",
              "The Duel is over: `winner` (null after a double exile) and the cards it "
              "carries into the next Duel."),
    EventKind("pairing", ("duel", "duelists", "line"),
              "Duel {duel} is fought by {duelists}; waiting: {line}.",
              "Who fights the next Duel (`duelists`, two seats) and who waits, in the order "
              "they will be called (`line`); the multiplayer variant's king of the hill."),
    EventKind("out", ("seat",), "{seat} has no Heroes left and leaves the game.",
              "Every Hero of `seat` is exiled, or it conceded: it leaves the game "
              "(Terminology: Game)."),
    EventKind("game_over", ("winners", "heroes_left"),
              "The game is over: {winners}; Heroes left: {heroes_left}.",
              "Only one player has Heroes left (or none: a draw), or only one player is "
              "left: `winners`, and `heroes_left` per seat."),
    CONCEDE,  # the core's kind: a player leaves (docs/rules/hoshi-battle.md, Concessions)
)


def label(seat: int) -> str:
    """P1, P2, ..."""
    return f"P{seat + 1}"


def words(name: str, value: Any, cat: Catalog | None = None) -> str:
    """A field's value in words (cards named as in ``cat``, by default the packaged
    pool)."""
    cat = cat or catalog()
    if name in SEAT_FIELDS:
        return "nobody" if value is None else label(value)
    if name in CARD_FIELDS:
        return cat.name(value) if value else "—"
    if name in ("heroes", "cards", "carried"):
        return ", ".join(cat.name(c) for c in value) or "nothing"
    if name == "fighters":
        return " against ".join(f"{label(s)}'s {cat.name(h)}" for s, h in enumerate(value)
                                if h)
    if name in ("duelists", "line"):
        return (" and " if name == "duelists" else ", ").join(label(s) for s in value) \
            or "nobody"
    if name == "winners":
        if not value:
            return "nobody wins"
        return " and ".join(label(s) for s in value) + (" win" if len(value) > 1 else " wins")
    if name == "throws":
        return "1 throw" if value == 1 else f"{value} throws"
    if name == "active":
        return "is active" if value else "is no longer active"
    if name == "effect":
        return _effect_words(value)
    if name == "until":
        return UNTIL_WORDS.get(value, str(value))
    if name == "window":
        return WINDOW_WORDS.get(value, str(value))
    if name in ("kind",):
        return KIND_WORDS.get(value, str(value))
    if name == "faces":
        return "; ".join(f"{label(s)} {' '.join(GLYPHS[x] for x in f)}"
                         for s, f in enumerate(value) if f)
    if name == "face":
        return GLYPHS.get(value, str(value))
    if name == "landed":
        return "the strike lands" if value else "a miss"
    if name == "chance":
        return "real time" if value is None else f"{value}% chance"
    if name == "why":
        return DRAW_WORDS.get(value) or LEAVE_WORDS.get(value, str(value))
    if name == "change":
        n = abs(value)
        stones = "a Hoshi Stone" if n == 1 else f"{n} Hoshi Stones"
        return f"regains {stones}" if value > 0 else f"loses {stones}"
    if name in ("stones", "heroes_left") and isinstance(value, list):
        # One number per seat: "P1 3, P2 2"; a seat not in the Duel (no stones at full
        # health: it waits in line) is left out.
        return ", ".join(f"{label(s)} {n}" for s, n in enumerate(value)
                         if name == "heroes_left" or n)
    if name in ("stones", "heroes_left", "counted", "symbol"):
        return str(value)
    return str(value)


# The die faces as the rulebook names them ("Your Moon results count also as the symbol").
SYMBOL_WORDS = {"moon": "Moon", "sun": "Sun", "strike": "symbol", "blank": "blank"}


def _effect_words(code: str) -> str:
    """An effect code as what it does to the seat ("battles with the d8", "is Swift")."""
    if code.startswith("die="):
        return f"battles with the d{code[4:]}"
    if code.startswith("dice"):
        n = int(code[4:])
        more = "more" if n > 0 else "fewer"
        return f"battles with {abs(n)} {more} {'die' if abs(n) == 1 else 'dice'}"
    if code.startswith("health="):
        n = int(code[7:])
        return f"has a full health of {n} Hoshi Stone{'s' if n != 1 else ''}"
    if code.startswith("health"):
        n = int(code[6:])
        return (f"has {abs(n)} Hoshi Stone{'s' if abs(n) != 1 else ''} "
                f"{'more' if n > 0 else 'fewer'} at full health")
    if code == "fixed_die":
        return "keeps its own dice (die changes have no effect)"
    parts = code.split("_")
    if len(parts) == 3 and parts[0] in ("also", "instead"):
        mode, symbol, counted = parts
        as_ = "the symbol" if counted == "strike" else f"a {SYMBOL_WORDS.get(counted, counted)}"
        return f"counts its {SYMBOL_WORDS.get(symbol, symbol)} results {mode} as {as_}"
    if code.isalpha():
        return f"is {code.capitalize()}"  # a keyword: Swift, Elusive
    return f"gets {code}"


BOOK = EventBook("hoshi-battle", KINDS, words)


def book_of(cat: Catalog) -> EventBook:
    """The event book of a game with this catalogue (its cards' names; made once)."""
    if cat is catalog():
        return BOOK
    found = cat.derived.get("book")
    if found is None:
        found = cat.derived["book"] = EventBook("hoshi-battle", KINDS,
                                                partial(words, cat=cat))
    assert isinstance(found, EventBook)
    return found


__all__ = ["KINDS", "BOOK", "words", "label", "book_of"]
