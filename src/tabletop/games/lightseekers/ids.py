"""Lightseekers' fixed words: Orders and Elements, card types, phases and the rulebook
headings that rules cite (each a heading line of ``lightseekers-tcg.txt``).

The six Orders and their Elements are public facts of the game; everything else about the
cards is our design (docs/rules/lightseekers.md, "The card pool").
"""

from __future__ import annotations

# The six Orders, each of three Elements (public facts; kept exactly).
ORDERS: dict[str, tuple[str, str, str]] = {
    "astral": ("solar", "lunar", "gravity"),
    "dread": ("poison", "death", "shadow"),
    "mountain": ("fire", "earth", "crystal"),
    "nature": ("animal", "forest", "soul"),
    "storm": ("lightning", "water", "air"),
    "tech": ("mechanical", "time", "explosives"),
}
ELEMENTS: tuple[str, ...] = tuple(e for els in ORDERS.values() for e in els)
UNALIGNED = "unaligned"
ELEMENT_BIT = {e: 1 << i for i, e in enumerate(ELEMENTS)}
ORDER_OF = {e: o for o, els in ORDERS.items() for e in els}
ORDER_MASK = {o: sum(ELEMENT_BIT[e] for e in els) for o, els in ORDERS.items()}

# Card types (the category tag at the bottom of a card).
ATTACK, DEFEND, BUFF, ITEM = "attack", "defend", "buff", "item"
ACTION_TYPES = (ATTACK, DEFEND, BUFF, ITEM)
COMBO_TYPES = (ATTACK, DEFEND, BUFF)

# Element levels on a hero card: basic (silver frame), superior (gold frame).
BASIC, SUPERIOR = "basic", "superior"

# Rotation of a buff: none (indefinite), circle corners, irregular corners.
INDEFINITE, CIRCLE, IRREGULAR = "", "circle", "irregular"
# A corner: "x" (ignore the effect), "empty" (expired), or a number (the effect's X).
X_CORNER, EMPTY_CORNER = -1, 0

MAX_HEALTH = 35  # Hero Cards: "Health can't exceed 35."
MAX_WEIGHT = 2  # ACTION CARD - ITEM: "A hero can have 2 points of items equipped"
ACTIONS_PER_TURN = 2  # Phase 3: "Either play a combo or perform up to 2 actions."
OPENING_HANDS = (4, 5, 6, 7)  # GETTING STARTED: 4, 5, 6, then 7 from the fourth on
DECK_ACTIONS, DECK_COMBOS, MAX_COPIES = 30, 5, 3  # GETTING STARTED
# The deck construction rules in the rulebook's words (GETTING STARTED).
DECK_WORDS = ("Each player needs a hero and a deck containing 5 combos and 30 action cards. A "
              "deck can\u2019t contain any duplicate combos and must have at most 3 of each "
              "action card.")
DEFEAT_VP, DEFEAT_HEALTH, DEFEAT_RETURN = 1, 5, 5  # ENDING THE GAME
LAST_STANDING_VP = 1
EMPTY_DECK_LOSS = 5  # our decision: the n-th empty deck check costs 5 x n health

# Steps of a turn (TAKING TURNS: five phases; the buff phase in its three steps).
START, ROTATE, EXPIRE, INSTANT, ACTION, DRAW, END, CHECK, OVER = range(9)
STEP_NAMES = ("start", "rotate", "expire", "instant", "action", "draw", "end", "check", "over")

# Rulebook headings cited by events and refusals.
R_HERO = "Hero"
R_ACTION = "Action"
# The rulebook has a no-break space after the ampersand in this heading.
R_ATTACK = "ACTION CARD - ATTACK &\u00a0DEFEND"
R_BUFF = "ACTION CARD - BUFF"
R_ITEM = "ACTION CARD - ITEM"
R_COMBO = "Combo"
R_SETUP = "GETTING STARTED"
R_TURNS = "TAKING TURNS"
R_START = "Phase 1: Start of Turn"
R_BUFF_PHASE = "Phase 2: Buff Phase"
R_ACTION_PHASE = "Phase 3: Action Phase"
R_DRAW = "Phase 4: Draw Phase"
R_END_TURN = "Phase 5: End of Turn"
R_END = "ENDING THE GAME"
