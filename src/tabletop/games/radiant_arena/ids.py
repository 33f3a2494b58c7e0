"""The names of radiant-arena's things: seats, unit slots, lanes, conduits, phases, rules.

Everything else in the package imports from here; this module imports nothing of the
package. A unit is a :data:`Unit` slot (seat × 4 + 0, 1, 2 for the heroes in deck order,
+ 3 for the deity); a conduit is a :class:`ConduitRef` (its seat and lane), one interned
value per conduit so that selectors and effects can hold it like a unit.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, NewType

Unit = NewType("Unit", int)
"""A unit slot: ``seat * 4 + i``, i = 0, 1, 2 for the heroes in deck order, 3 the deity."""

# Final: the compiled modules read these as constants, not as a module global looked up by
# name at every use (the rules compare phases and slots on every path of a decision).
A: Final = 0
B: Final = 1
SEATS = (A, B)
LABELS = ("A", "B")
DEITY: Final = 3  # the deity's place among a seat's four unit slots
HOME: Final = -1  # zones of a unit that is not in a lane
VOID: Final = -2
LANES = ("left", "center", "right")
ADJACENT = ((1,), (0, 2), (1,))  # the central lane touches both outer lanes
HAND_LIMIT: Final = 7
HAND_SIZE: Final = 5
AP_PER_TURN: Final = 3
BUYBACK_COST: Final = 5
KO_POWER: Final = 2
RUIN_POWER: Final = 1


class ConduitRef(NamedTuple):
    """A conduit: the seat that owns it and its lane (the same object wherever it is
    named: :data:`CONDUITS`)."""

    seat: int
    lane: int


CONDUITS = tuple(tuple(ConduitRef(seat, lane) for lane in range(3)) for seat in SEATS)


class ItemRef(NamedTuple):
    """The item equipped on a unit, as the source of an ability."""

    unit: int


ITEMS = tuple(ItemRef(u) for u in range(8))


def other(seat: int) -> int:
    """The opponent."""
    return 1 - seat


def owner(unit: int) -> int:
    """The seat a unit belongs to."""
    return unit // 4


def is_deity(unit: int) -> bool:
    """Whether a unit slot is a deity's."""
    return unit % 4 == DEITY


# Phases: decision steps and automatic ones.
DEPLOY: Final = 0
PREP: Final = 1
MAIN: Final = 2
GATHER: Final = 3
BLOCK: Final = 4
CLASH_A: Final = 5
CLASH_D: Final = 6
REVEAL: Final = 7
RESOLVE: Final = 8
COMBAT_END: Final = 9
REVIVE: Final = 10
SHOP: Final = 11
DRAW: Final = 12
DISCARD: Final = 13
END: Final = 14
OVER: Final = 15
DRAFT: Final = 16  # the draft before the game (Now Let's Play! — Drafting), when drafted
ACTION_PHASE = frozenset({MAIN, GATHER, BLOCK, CLASH_A, CLASH_D, REVEAL, RESOLVE, COMBAT_END})
COMBAT_PHASES = frozenset({GATHER, BLOCK, CLASH_A, CLASH_D, REVEAL, RESOLVE})
PHASE_NAMES = ("deploy", "preparation", "action", "attack", "block", "clash", "clash",
               "reveal", "resolution", "combat end", "revive", "shop", "draw", "discard",
               "end", "over", "draft")

# Rule citations: the rulebook's headings.
R_DEPLOY = "Setting Up Your First Game — Deployment"
R_SETUP = "Setting Up Your First Game"
R_GOLDEN = "Key Concepts — The Golden Rules"
R_WIN = "Key Concepts — Winning & Losing"
R_READY = "Key Concepts — Committed, Ready, and Recovering"
R_MANIFEST = "Key Concepts — Manifestation"
R_DAMAGE = "Key Concepts — Damage and KOs"
R_SPECIAL = "Key Concepts — Special Damage Types"
R_POWER = "Key Concepts — Power"
R_PREP = "The Turn — The Preparation Phase"
R_FIRST = "The Turn — The First Turn of the Game"
R_EVOKER = "The Turn — The Evoker Keyword"
R_ACTION = "The Turn — The Action Phase"
R_BASIC = "The Turn — The Five Basic Actions"
R_TALENT = "The Turn — Talent Actions"
R_REVIVE = "The End Phase — Revive Step"
R_SHOP = "The End Phase — Shop Step"
R_DRAW = "The End Phase — Draw Step"
R_COMBAT = "Combat"
R_PARTICIPANTS = "Combat — Step One: Determine Participants"
R_CLASH = "Combat — Step Two: Clash"
R_RESOLUTION = "Combat — Step Three: Resolution"
R_BLOCK = "Combat — Blocking"
R_CLASH_CARDS = "Combat — Clash Cards & Clash Effects"
R_KEYWORDS = "Keywords"
R_ULTIMATE = "Keywords — Action Keywords"
R_COOLDOWN = "Keywords — Action Keywords"
R_HEROIC = "Keywords — Heroic Keywords"
R_FAQ_PARTIAL = "FAQ — I can only partially resolve a card's effects. What should I do?"
R_DECKS = "Getting Started — Starter Decks"
R_ANATOMY = "Now Let's Play! — Anatomy of a Deck"
R_CONDUIT_ICON = "Card Types — Deities — Conduit Icon"
R_PICK = "Now Let's Play! — Pick Deities & Items"
R_FAQ_WRATHLORD = "FAQ — Do I gain any power when I KO the Wrathlord?"
R_FAQ_LIFELINK = "FAQ — How does Lifelink work?"
R_FAQ_MAKA = "FAQ — When Maka attacks me from another lane, who gets to block?"
R_FAQ_MANDATORY = "FAQ — Are clash effects mandatory?"


# Phase names in data: unique (the view calls both clash steps "clash").
DATA_PHASES = ("deploy", "preparation", "action", "attack", "block", "attacker-clash",
               "defender-clash", "reveal", "resolution", "combat-end", "revive", "shop",
               "draw", "discard", "end", "over", "draft")


def unit_names(cards: tuple[str, ...]) -> tuple[str, ...]:
    """Each unit's name: its card id; a hero both seats field is told apart by its side
    (``alyn.a``, ``alyn.b``). Deities keep their card id until one manifests (a seat's
    deity is hidden: see ``name_deities``)."""
    out = []
    for i, card in enumerate(cards):
        theirs = (1 - i // 4) * 4
        if i % 4 != DEITY and card in cards[theirs:theirs + 3]:
            out.append(f"{card}.{LABELS[i // 4].lower()}")
        else:
            out.append(card)
    return tuple(out)


# --- deck construction, as data with the rulebook's words ---------------------------------
# docs/rules/radiant-arena-cards.md, "Deck construction": the loader (data.py) checks every
# deck against DECK_RULES; SET_SHAPE and STARTER_DECKS are what the rulebook prints of the
# sets and the two decklists, which the shipped cards keep (their tests read them here).


class DeckRule(NamedTuple):
    """One rule of deck construction: its value, and the rulebook section and words it
    comes from."""

    value: Any
    section: str
    words: str


SET_SIZE = 10  # the skill cards of a hero's set
DECK_HEROES, DECK_ITEMS, DECK_CONDUITS, SET_ULTIMATES = 3, 3, 3, 1
SET_SHAPE = (3, 3, 3, 1)  # copies of each card of a set, the Ultimate last

DECK_RULES: dict[str, DeckRule] = {
    "heroes": DeckRule(DECK_HEROES, R_ANATOMY, "A legal deck in Radiant consists of "
                       "exactly: 3 Hero cards"),
    "skills": DeckRule(DECK_HEROES * SET_SIZE, R_ANATOMY, "30 skill cards ... Three of "
                       "these sets – one for each hero on your team – combine to form your "
                       "starting skill deck of 30 cards"),
    "set": DeckRule(SET_SIZE, R_ANATOMY, "Skill cards come in sets of ten that are "
                    "associated with a specific hero. Players may not change these sets."),
    "ultimate": DeckRule(SET_ULTIMATES, R_ULTIMATE, "Each hero's deck contains a single, "
                         "unique and powerful Ultimate skill"),
    "items": DeckRule(DECK_ITEMS, R_PICK, "3 item cards; A player may not include more "
                      "than one copy of a single item"),
    "deity": DeckRule(1, R_ANATOMY, "1 deity card"),
    "conduits": DeckRule(DECK_CONDUITS, R_CONDUIT_ICON, "Each deity is associated with "
                         "exactly three conduits; Conduit cards come in sets of three that "
                         "are associated with a specific deity. Players may not change "
                         "these sets."),
    # Not a rule of deck construction (the rulebook asks only for ten with one Ultimate):
    # the shape every set the rulebook prints has, which every set we ship keeps.
    "set_shape": DeckRule(SET_SHAPE, R_DECKS, "3 x Implacable, 3 x Red Harvest, 3 x Test "
                          "of Arms, 1 x Massacre (and so every set of both decklists)"),
}

# Starter Decks: "For your first game, you should use the following decklists" (Player A,
# Player B), by card id: heroes with their sets (in the decklists' order), items, deity,
# conduits.
STARTER_DECKS: dict[str, dict[str, Any]] = {
    "a": {"heroes": {"alyn": ("implacable", "red-harvest", "test-of-arms", "massacre"),
                     "mato": ("feel-no-pain", "battle-frenzy", "brute-strength",
                              "unbreakable"),
                     "iskandar": ("mystic-trance", "time-lock", "arcane-evocation",
                                  "chronostorm")},
          "items": ("fury", "masterwork-boots", "vile-infusion"), "deity": "final-judge",
          "conduits": ("gift-of-the-elements", "natures-bounty", "ancient-wisdom")},
    "b": {"heroes": {"viggo": ("sunder", "domination", "blood-drunk", "overkill"),
                     "eleanor": ("blinding-light", "zeal", "defiance", "retribution"),
                     "bran": ("invigorate", "savage-might", "natures-wrath", "serenity")},
          "items": ("wurmbane", "crusaders-guard", "sun-gods-gauntlet"), "deity": "oracle",
          "conduits": ("gift-of-the-elements", "natures-bounty", "smite")},
}
