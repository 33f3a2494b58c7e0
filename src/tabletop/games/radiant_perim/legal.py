"""Why an action is illegal: the reason and the rule, for ``IllegalActionError``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action

from .actions import CATALOG as C
from .actions import Assassinate, Meld, MeldDone, Move, Pass, Pick, Play, slot_name
from .ids import (
    ASSASSIN,
    CENTRE,
    KNIGHT,
    MELD,
    MOUNT,
    N_RANKS,
    PHASE_NAMES,
    R_ASSASSIN,
    R_BATTLES,
    R_MELD,
    R_MOUNTED,
    R_MOVES,
    R_RECRUIT,
    R_WAR,
    R_WINNING,
    RECRUIT,
    WAR,
)

if TYPE_CHECKING:
    from .rules import PerimState

_PHASE_OF = {Pick: RECRUIT, Meld: MELD, MeldDone: MELD, Move: WAR, Play: WAR,
             Assassinate: WAR, Pass: WAR}
_PHASE_RULE = {RECRUIT: R_RECRUIT, MELD: R_MELD, WAR: R_WAR}


def why_illegal(state: PerimState, action: Action) -> tuple[str, str]:
    """(reason, rule) for an action that is not among ``state``'s legal actions."""
    if state.to_act is None:  # after the third age, or at a concession
        return "the game is over", R_WINNING
    phase = _PHASE_OF[type(action)]
    if phase != state.phase:
        return (f"it is the {PHASE_NAMES[state.phase]} phase of age {state.age}, "
                f"not the {PHASE_NAMES[phase]} phase", _PHASE_RULE[phase])
    seat = state.turn
    if isinstance(action, Pick):
        return f"pool slot {slot_name(action.slot)} is empty", R_RECRUIT
    if isinstance(action, Meld):
        name = C.melds[action.meld].name
        of = f" of {C.race_names[action.race]}" if action.race >= 0 else ""
        return (f"your cards not yet melded do not form a {name}{of} (each card can only be "
                "used in a single meld; Army and Mounted Knight must be a single race)", R_MELD)
    if isinstance(action, Move):
        if not state.need_move:
            return "the battle tracker has moved already; play a card", R_MOVES
        where = "the centre" if state.tracker == CENTRE else C.regions[state.tracker]
        region = C.regions[action.region]
        if action.region not in state._moves_from():
            return (f"{region} does not share an edge with {where} (moves cross shared "
                    "edges only; portals are adjacent to their twin)", R_MOVES)
        return f"your side already controls {region}", R_MOVES
    if state.need_move:
        return "first move the battle tracker into an adjacent region", R_MOVES
    hand = state.hands[seat]
    region = C.regions[state.tracker]
    allowed = state._allowed_races(seat)
    if isinstance(action, Pass):
        return ("only a player whose card was assassinated in this battle may pass",
                R_ASSASSIN)
    if isinstance(action, Play):
        cards = [action.card] + ([action.second] if action.second >= 0 else [])
        if action.second >= 0:
            k, m = action.card, action.second
            if not (k % N_RANKS == KNIGHT and m % N_RANKS == MOUNT
                    and k // N_RANKS == m // N_RANKS):
                return ("a mounted knight is a knight and a mount of the same race, "
                        "knight first", R_MOUNTED)
        for t in cards:
            if not hand[t]:
                return f"you hold no {C.card_name(t)}", R_BATTLES
        return (_native_reason(state, region), R_BATTLES)
    assert isinstance(action, Assassinate)
    natives = C.region_natives[state.tracker]
    if not hand[action.assassin * N_RANKS + ASSASSIN]:
        return f"you hold no {C.race_names[action.assassin]} Assassin", R_ASSASSIN
    if action.assassin not in natives and action.assassin != state.radiant:
        return (f"an assassin must be native to {region} or Radiant to assassinate",
                R_ASSASSIN)
    if action.target // N_RANKS not in natives:
        return f"the target must be a card native to {region}", R_ASSASSIN
    t = action.seat
    who = state.label(t)
    if t >= state.players or state.team(t) == state.team(seat):
        return f"{who} is not an opponent", R_ASSASSIN
    if state.acted >> t & 1:
        return f"{who} has already played in this battle", R_ASSASSIN
    if state.may_pass >> t & 1:
        return (f"{who}'s card was assassinated in this battle: it counts as played",
                R_ASSASSIN)
    if not any(state.hands[t]):
        return f"{who} has no cards", R_ASSASSIN
    if action.assassin not in allowed:
        return _native_reason(state, region), R_BATTLES
    return "not a legal play here", R_ASSASSIN


def _native_reason(state: PerimState, region: str) -> str:
    natives = sorted(C.region_natives[state.tracker])
    names = " or ".join(C.race_names[r] for r in natives)
    return (f"you hold {names} cards, native to {region}: play one of them or a Radiant "
            f"({C.race_names[state.radiant]}) card")
