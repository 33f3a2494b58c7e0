"""Whether a scenario's position could arise in play: the parts every game's
``reachable.py`` shares.

A scenario may set up any position play can reach, and only those. Each game checks its
own rules (a card in two places, coins where the rules never put them) and refuses a
position with :func:`refuse`: one ``ScenarioError`` naming the key, what is wrong and the
rule broken (``copper.sea-2: no coin is ever placed on a portal (Phase 3: War —
Portals)``). The last check is the same in every game (:func:`check_playable`): the game
runs to its first decision and the seat to act must have a legal action.
"""

from __future__ import annotations

from collections.abc import Callable

from .errors import ScenarioError
from .state import State


def refuse(where: str, what: str, rule: str) -> ScenarioError:
    """The refusal of a position play cannot reach: ``where`` (the key), ``what`` is wrong
    and the ``rule`` (with its rulebook section) it breaks."""
    return ScenarioError(f"{where}: {what} ({rule})")


def check_playable(state: State, run: Callable[[], None] | None = None) -> None:
    """Run the position to its first decision (``run``: the game's driver, as a game
    would; an automatic step runs on), then the seat to act must have a legal action. Any
    other failure of the rules engine on the position is a refusal too, never a crash."""
    try:
        if run is not None:
            run()
        seat = state.to_act
        if seat is not None and not state.legal_actions():
            raise ScenarioError(f"{state.label(seat)} is to act but has no legal action")
    except ScenarioError:
        raise
    except Exception as e:  # a gap in the game's checks: still a clear refusal, no crash
        raise ScenarioError(f"the position cannot be played on ({type(e).__name__} in the "
                            "rules engine): please report it") from None


__all__ = ["check_playable", "refuse"]
