"""The names of radiant-perim's things, below every other module of the game: phases,
seats, the rules cited (each a section title of the rulebook), the card types of the
catalogue and the tables derived from it."""

from __future__ import annotations

from .actions import CATALOG as C
from .actions import slot_name

RECRUIT, MELD, WAR, OVER = range(4)
PHASE_NAMES = ("recruit", "meld", "war", "over")
CENTRE = -1
NO_ONE = -1

# Rule citations: the rulebook's section titles.
R_SETUP = "Setup (Age 1)"
R_RECRUIT = "Phase 1: Recruit"
R_MELD = "Phase 2: Meld"
R_WAR = "Phase 3: War"
R_MOVES = "Phase 3: War — Moves"
R_BATTLES = "Phase 3: War — Battles"
R_MOUNTED = "Phase 3: War — Mounted Knights"
R_ASSASSIN = "Phase 3: War — Assassinations"
R_PORTALS = "Phase 3: War — Portals"
R_ENDING = "Phase 3: War — Ending the War"
R_END_AGE = "End of an Age"
R_NEXT_AGE = "Setup Before Ages 2 and 3"
R_WINNING = "Winning"
R_FOUR = "Four-Player Game"

HAND_SIZE = {2: 10, 3: 9, 4: 8}
PICKS_EACH = 4
MAJORITY, LONE_CUBE, SILVER, COPPER = 6, 3, 3, 1
# Components: "30 copper coins". The box is what is not on the board: coins taken in battle
# go back to it when scored, before the next age places coins (docs/rules/radiant-perim.md,
# Coin supply). The "12 silver coins" never run short (one a temple an age, four temples).
COPPER_COINS = 30

N_RANKS = len(C.ranks)
N_TYPES = C.n_types
ASSASSIN = C.ranks.index("assassin")
SCOUT = C.ranks.index("scout")
KNIGHT = C.ranks.index("knight")
MOUNT = C.ranks.index("mount")
MOUNTED_STRENGTH = N_RANKS  # Mounted Knights: "the most powerful unit"
RACE_TYPES = tuple(tuple(r * N_RANKS + k for k in range(N_RANKS)) for r in range(len(C.races)))
ALL_RACES = tuple(range(len(C.races)))
# Per region: its native races, and per Radiant race the races whose cards count there.
NATIVES = tuple(tuple(sorted(n)) for n in C.region_natives)
COUNTING = tuple(tuple(tuple(sorted(n | {rad})) for rad in ALL_RACES)
                 for n in C.region_natives)
NAMES = tuple(C.card_name(t) for t in range(N_TYPES))
SLUGS = tuple(C.card_slug(t) for t in range(N_TYPES))
SLOTS = tuple(slot_name(i) for i in range(9))
REGION_NATIVES = tuple([C.races[r] for r in natives] for natives in NATIVES)
SEAT_ONLY = tuple(frozenset((s,)) for s in range(4))  # an event for one seat only


def _race_mask(races: frozenset[int]) -> int:
    mask = 0
    for r in races:
        for t in RACE_TYPES[r]:
            mask |= 1 << t
    return mask


def _meld_candidates() -> dict[tuple[int, int], tuple[tuple[int, ...], ...]]:
    """For each (meld, race or -1): per icon, the card types that bear it."""
    out = {}
    for m, meld in enumerate(C.melds):
        for race in range(len(C.races)) if meld.single_race else (-1,):
            pool = RACE_TYPES[race] if race >= 0 else range(N_TYPES)
            out[(m, race)] = tuple(
                tuple(t for t in pool if icon in C.icons[t]) for icon in meld.icons
            )
    return out


MELD_CANDIDATES = _meld_candidates()


def card_list(counts: list[int]) -> list[str]:
    """The card slugs of a count vector, lowest type first."""
    # (a run of copies a type, not a loop a card: views make several a decision, and
    # a search's evaluation one for every seat)
    out: list[str] = []
    for t, n in enumerate(counts):
        if n > 0:
            out += [SLUGS[t]] * n
    return out
