"""The names of radiant-perim's things, below every other module of the game: phases,
seats, the rules cited (each a section title of the rulebook), the card types of the
catalogue and the tables derived from it."""

from __future__ import annotations

from typing import Final

from . import actions
from .actions import CATALOG as C
from .actions import slot_name

# Every name here is Final: compiled (tabletop.native), the modules that import them read
# a constant or a C variable, not a module global looked up by name at each use (the legal
# plays read a dozen of these a decision).
RECRUIT: Final = 0
MELD: Final = 1
WAR: Final = 2
OVER: Final = 3
PHASE_NAMES: Final = ("recruit", "meld", "war", "over")
CENTRE: Final = -1
NO_ONE: Final = -1

# Rule citations: the rulebook's section titles.
R_SETUP: Final = "Setup (Age 1)"
R_RECRUIT: Final = "Phase 1: Recruit"
R_MELD: Final = "Phase 2: Meld"
R_WAR: Final = "Phase 3: War"
R_MOVES: Final = "Phase 3: War — Moves"
R_BATTLES: Final = "Phase 3: War — Battles"
R_MOUNTED: Final = "Phase 3: War — Mounted Knights"
R_ASSASSIN: Final = "Phase 3: War — Assassinations"
R_PORTALS: Final = "Phase 3: War — Portals"
R_ENDING: Final = "Phase 3: War — Ending the War"
R_END_AGE: Final = "End of an Age"
R_NEXT_AGE: Final = "Setup Before Ages 2 and 3"
R_WINNING: Final = "Winning"
R_FOUR: Final = "Four-Player Game"

HAND_SIZE: Final = {2: 10, 3: 9, 4: 8}
PICKS_EACH: Final = 4
MAJORITY: Final = 6
LONE_CUBE: Final = 3
SILVER: Final = 3
COPPER: Final = 1
# Components: "30 copper coins". The box is what is not on the board: coins taken in battle
# go back to it when scored, before the next age places coins (docs/rules/radiant-perim.md,
# Coin supply). The "12 silver coins" never run short (one a temple an age, four temples).
COPPER_COINS: Final = 30

N_RANKS: Final = len(C.ranks)
N_TYPES: Final = C.n_types
ASSASSIN: Final = C.ranks.index("assassin")
SCOUT: Final = C.ranks.index("scout")
KNIGHT: Final = C.ranks.index("knight")
MOUNT: Final = C.ranks.index("mount")
MOUNTED_STRENGTH: Final = N_RANKS  # Mounted Knights: "the most powerful unit"
RACE_TYPES: Final = tuple(tuple(r * N_RANKS + k for k in range(N_RANKS))
                          for r in range(len(C.races)))
ALL_RACES: Final = tuple(range(len(C.races)))
# Per region: its native races, and per Radiant race the races whose cards count there.
NATIVES: Final = tuple(tuple(sorted(n)) for n in C.region_natives)
COUNTING: Final = tuple(tuple(tuple(sorted(n | {rad})) for rad in ALL_RACES)
                 for n in C.region_natives)
NAMES: Final = tuple(C.card_name(t) for t in range(N_TYPES))
SLUGS: Final = tuple(C.card_slug(t) for t in range(N_TYPES))
SLOTS: Final = tuple(slot_name(i) for i in range(9))
REGION_NATIVES: Final = tuple([C.races[r] for r in natives] for natives in NATIVES)
SEAT_ONLY: Final = tuple(frozenset((s,)) for s in range(4))  # an event for one seat only


# The catalogue and the interned actions of actions.py (plain Python), as Finals here.
CATALOG: Final = C
PICKS: Final = actions.PICKS
MOVES: Final = actions.MOVES
PLAYS: Final = actions.PLAYS
MELD_DONE: Final = actions.MELD_DONE
PASS: Final = actions.PASS
# The interned plays the legal list hands out, by index rather than made through the
# cached constructors at each listing: each race's mounted knight, and the assassinations
# by ``assassin``'s Assassin of ``target``'s cards of race ``nat`` (six ranks), at
# ``ASSASSINATIONS[assassin][target][nat]``.
MOUNTED: Final = tuple(actions.mounted_action(RACE_TYPES[r][KNIGHT], RACE_TYPES[r][MOUNT])
                       for r in ALL_RACES)
ASSASSINATIONS: Final = tuple(
    tuple(tuple(tuple(actions.assassinate_action(t, target, assassin)
                      for t in RACE_TYPES[nat]) for nat in ALL_RACES) for target in range(4))
    for assassin in ALL_RACES)


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


MELD_CANDIDATES: Final = _meld_candidates()


def card_list(counts: list[int]) -> list[str]:
    """The card slugs of a count vector, lowest type first."""
    # (a run of copies a type, not a loop a card: views make several a decision, and
    # a search's evaluation one for every seat)
    out: list[str] = []
    for t, n in enumerate(counts):
        if n > 0:
            out += [SLUGS[t]] * n
    return out
