"""Names shared by the modules of hoshi-battle: the rules cited (each a heading of
hoshi-duel.txt, with a note after the colon), the phases and the timings."""

from __future__ import annotations

GAME = "hoshi-battle"

# Rules cited by events and refusals: "<heading>: <note>" (the heading is a line of the
# rulebook; the note says which part, or that the rule is reconstructed).
R_GAME = "Terminology: Game"
R_SETUP = "Terminology: Game (setup: deal five, keep three)"
R_CONSTRUCTED = "Terminology: Cost (the Constructed Deck Variant)"
R_DUEL = "Terminology: Duel"
R_CHOOSE = "Terminology: Hero (chosen face down, revealed together)"
R_ROUND = "Terminology: Round"
R_BATTLE = "Terminology: To battle"
R_HIT = "Terminology: To hit"
R_MISS = "Terminology: To miss"
R_DEFEAT = "Terminology: To defeat"
R_EXILE = "Terminology: To exile"
R_HEALTH = "Terminology: Health / Full health"
R_STONE = "Terminology: Hoshi Stone"
R_LEAVE = "Terminology: To leave play"
R_PRIORITY = "Card Effect Priority"
R_REVEAL = "Card Effect Priority: who decides first"
R_DUEL_CARDS = "Duel Cards"
R_ARTIFACTS = "Duel Cards: Artifacts"
R_POWER = "Duel Cards: Power"
R_LEGENDS = "Duel Cards: Legends"
R_HERO = "Hero Cards: Text"
R_CARD_TEXT = "Duel Cards: Text (when the card may be revealed)"

# Phases of the state machine.
KEEP, CHOOSE, WINDOW, STRIKE, OVER = "keep", "choose", "window", "strike", "over"
PHASES = (KEEP, CHOOSE, WINDOW, STRIKE, OVER)

# Reveal windows and card timings (docs/rules/hoshi-battle.md, "Reveal windows").
DUEL_START, ROUND_START, ROUND_END = "duel_start", "round_start", "round_end"
WINDOWS = (DUEL_START, ROUND_START, ROUND_END)
TIMINGS = ("duel_start", "round_start", "round_end", "hit_taken", "hit_given", "stone_lost")
TIMING_TEXT = {
    "duel_start": "Reveal at the beginning of a Duel",
    "round_start": "Play at the beginning of a round",
    "round_end": "Play at the end of a round",
    "hit_taken": "Play after you have been hit",
    "hit_given": "Play after you hit",
    "stone_lost": "Play after a Hoshi Stone is discarded",
}
CARD_TYPES = ("artifact", "power", "legend")
TYPE_RULE = {"artifact": R_ARTIFACTS, "power": R_POWER, "legend": R_LEGENDS}

MAX_THROWS = 20  # a round with this many throws and no touch is a draw (reconstructed)
KEEP_HEROES = KEEP_CARDS = 3  # Setup: "keep three"
