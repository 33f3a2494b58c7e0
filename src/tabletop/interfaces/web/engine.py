"""What the web server asks of the core beyond playing actions: the actions' words for a
seat (contract 2, ``State.describe_legal``) and a seat's concession (contract 3,
``State.concede``). Both go through here, so the server uses one spelling of each."""

from __future__ import annotations

from tabletop.core import State


def labels(state: State, seat: int) -> list[dict[str, str]]:
    """``{label, text}`` of every legal action for ``seat``, aligned with the legal
    actions, from ``State.describe_legal`` (built from the seat's view and the public
    catalogue only: contract 2)."""
    return [{"label": w.label, "text": w.text} for w in state.describe_legal(seat)]


def can_concede(state: State, seat: int) -> bool:
    """Whether ``seat`` is still in the game and may concede (``State.can_concede``)."""
    return state.can_concede(seat)


def concede(state: State, seat: int, reason: str = "concede") -> None:
    """``seat`` concedes (``reason``: ``concede``, ``time`` or ``abandon``), recorded in the
    state's history as an action; raises ``TabletopError`` if it may not."""
    state.concede(seat, reason)
