"""What the web server asks of the core beyond playing actions: an action's words for a
seat (contract 2, ``State.describe``) and a seat's concession (contract 3,
``State.concede``). Both go through here, so the server uses one spelling of each."""

from __future__ import annotations

from typing import Any

from tabletop.core import Action, State


def words(state: State, action: Action, seat: int) -> dict[str, str]:
    """``{label, text}`` of a legal action for ``seat``, from ``State.describe`` (built from
    the action and the seat's view only); the notation where a game has no words yet."""
    describe = getattr(state, "describe", None)
    if describe is None:
        text = action.to_text()
        return {"label": text, "text": text}
    got: Any = describe(action, seat)
    return {"label": str(got.label), "text": str(got.text)}


def can_concede(state: State, seat: int) -> bool:
    """Whether ``seat`` is still in the game and may concede (``State.can_concede``)."""
    check = getattr(state, "can_concede", None)
    return bool(check(seat)) if check is not None else False


def concede(state: State, seat: int, reason: str = "concede") -> None:
    """``seat`` concedes (``reason``: ``concede``, ``time`` or ``abandon``), recorded in the
    state's history as an action; raises ``TabletopError`` if it may not."""
    state.concede(seat, reason)  # type: ignore[attr-defined]
