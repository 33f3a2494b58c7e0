"""Names shared by the modules of hoshi-battle: the rules cited (each a heading of
hoshi-duel.txt, with a note after the colon), the phases and the timings."""

from __future__ import annotations

from typing import Final

GAME: Final = "hoshi-battle"

# Rules cited by events and refusals: "<heading>: <note>" (the heading is a line of the
# rulebook; the note says which part, or that the rule is reconstructed).
R_GAME: Final = "Terminology: Game"
R_SETUP: Final = "Terminology: Game (setup: deal five, keep three)"
R_LINE: Final = "Terminology: Game (the multiplayer variant: one Duel at a time, king of the hill)"
R_CONSTRUCTED: Final = "Terminology: Cost (the Constructed Deck Variant)"
R_DUEL: Final = "Terminology: Duel"
R_CHOOSE: Final = "Terminology: Hero (chosen face down, revealed together)"
R_ROUND: Final = "Terminology: Round"
R_BATTLE: Final = "Terminology: To battle"
R_HIT: Final = "Terminology: To hit"
R_MISS: Final = "Terminology: To miss"
R_DEFEAT: Final = "Terminology: To defeat"
R_EXILE: Final = "Terminology: To exile"
R_HEALTH: Final = "Terminology: Health / Full health"
R_STONE: Final = "Terminology: Hoshi Stone"
R_LEAVE: Final = "Terminology: To leave play"
R_PRIORITY: Final = "Card Effect Priority"
R_REVEAL: Final = "Card Effect Priority: who decides first"
R_DUEL_CARDS: Final = "Duel Cards"
R_ARTIFACTS: Final = "Duel Cards: Artifacts"
R_POWER: Final = "Duel Cards: Power"
R_LEGENDS: Final = "Duel Cards: Legends"
R_HERO: Final = "Hero Cards: Text"
R_CARD_TEXT: Final = "Duel Cards: Text (when the card may be revealed)"

# Phases of the state machine. (Every name here is Final: compiled, the modules that
# import them read a constant, not a module global looked up by name at each use.)
KEEP: Final = "keep"
CHOOSE: Final = "choose"
WINDOW: Final = "window"
STRIKE: Final = "strike"
OVER: Final = "over"
PHASES: Final = (KEEP, CHOOSE, WINDOW, STRIKE, OVER)

# Reveal windows and card timings (docs/rules/hoshi-battle.md, "Reveal windows").
DUEL_START: Final = "duel_start"
ROUND_START: Final = "round_start"
ROUND_END: Final = "round_end"
WINDOWS: Final = (DUEL_START, ROUND_START, ROUND_END)
TIMINGS: Final = ("duel_start", "round_start", "round_end", "hit_taken", "hit_given", "stone_lost")
TIMING_TEXT: Final = {
    "duel_start": "Reveal at the beginning of a Duel",
    "round_start": "Play at the beginning of a round",
    "round_end": "Play at the end of a round",
    "hit_taken": "Play after you have been hit",
    "hit_given": "Play after you hit",
    "stone_lost": "Play after a Hoshi Stone is discarded",
}
CARD_TYPES: Final = ("artifact", "power", "legend")
TYPE_RULE: Final = {"artifact": R_ARTIFACTS, "power": R_POWER, "legend": R_LEGENDS}

MAX_THROWS: Final = 20  # a round with this many throws and no touch is a draw (reconstructed)
KEEP_HEROES: Final = 3  # Setup: "keep three"
KEEP_CARDS: Final = 3
