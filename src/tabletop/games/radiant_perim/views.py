"""Views: what one seat of radiant-perim may know, as JSON-ready data.

Seats and sides are 0-based integers (people see the labels P1..P4 and the sides'
colours). Another seat's hand shows only its size, the cards known to be in it and the card types
known to be missing; the deck shows only its size; captured piles show the cards seen
captured and how many were added unseen. No seed, no deck order, no secret meld.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import CATALOG as C
from .actions import slot_name
from .events import TEAM_COLOURS
from .ids import CENTRE, N_TYPES, NO_ONE, PHASE_NAMES, SLUGS, card_list

if TYPE_CHECKING:
    from .rules import PerimState

RECONSTRUCTED = ("The map of Perim, the card list, the meld icons and the printed coins are "
                 "reconstructed by tabletop: the rulebook does not print them.")


# What never changes about a region, built once; views add control and coins.
REGIONS: tuple[dict[str, Any], ...] = tuple(
    {"id": C.regions[r], "realm": C.realms[C.region_realm[r]],
     "natives": [C.races[x] for x in sorted(C.region_natives[r])],
     "temple": r in C.temples,
     "portal_twin": next((C.regions[x] for x in C.adjacent[r]
                          if r in C.portals and x in C.portals), None)}
    for r in range(len(C.regions))
)
POOL_SLOTS = tuple(slot_name(i) for i in range(9))


def _mask_list(mask: int) -> list[str]:
    return [SLUGS[t] for t in range(N_TYPES) if mask >> t & 1] if mask else []


def view(state: PerimState, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None``: a spectator, who sees only public information)."""
    s = state
    hands = []
    for p in range(s.players):
        entry: dict[str, Any] = {
            "seat": p,
            "side": s.team(p),
            "count": sum(s.hands[p]),
            "known": card_list(s.known[p]),
            "lacks": _mask_list(s.absent[p]),
        }
        if p == seat:
            entry["cards"] = card_list(s.hands[p])
        hands.append(entry)
    captured = []
    for p in range(s.players):
        seen = [a - b for a, b in zip(s.captured[p], s.leftover[p], strict=True)]
        entry = {"seat": p, "count": sum(s.captured[p]), "seen": card_list(seen),
                 "unseen": sum(s.leftover[p])}
        if p == seat:
            entry["cards"] = card_list(s.captured[p])
        captured.append(entry)
    leader = s.battle_leader()
    out: dict[str, Any] = {
        "game": "radiant-perim",
        "note": RECONSTRUCTED,
        "seat": seat,
        "players": s.players,
        "sides": [TEAM_COLOURS[t] for t in range(s.teams)],
        "age": s.age,
        "phase": PHASE_NAMES[s.phase],
        "dealer": s.dealer,
        "radiant": C.races[s.radiant],
        "to_act": s.to_act,
        "scores": list(s.scores),
        "tracker": None if s.tracker == CENTRE else C.regions[s.tracker],
        "need_move": s.need_move,
        "regions": [
            {**REGIONS[r], "natives": list(REGIONS[r]["natives"]),
             "control": None if s.control[r] == NO_ONE else s.control[r],
             "silver": s.silver[r], "copper": s.copper[r]}
            for r in range(len(C.regions))
        ],
        "pool": [None if t < 0 else SLUGS[t] for t in s.pool],
        "pool_slots": list(POOL_SLOTS),
        "deck": len(s.deck),
        "hands": hands,
        "melds": [[_meld_text(m, r) for m, r in s.revealed[p]] for p in range(s.players)],
        "battle": {
            "plays": [{"seat": p, "cards": [SLUGS[t]] + ([SLUGS[u]] if u >= 0 else []),
                       "rank": strength, "counts": ok} for p, t, u, strength, ok in s.plays],
            "acted": [p for p in range(s.players) if s.acted >> p & 1],
            "may_pass": [p for p in range(s.players) if s.may_pass >> p & 1],
            "winning": leader,
        },
        "captured": captured,
        "coins_taken": list(s.taken),
        "battles_won_last": list(s.last_win),
    }
    if seat is not None:
        out["my_melds"] = [_meld_text(m, r) for m, r, _ in s.pending[seat]]
    if s.conceded:
        out["conceded"] = s.conceded_data()
    outcome = s.outcome()
    if outcome is not None:
        out["outcome"] = outcome.to_json()
    return out


def _meld_text(m: int, race: int) -> str:
    return C.melds[m].id if race < 0 else f"{C.melds[m].id} {C.races[race]}"
