"""Actions (a seat's choice) and the outcome of a finished game: the core contract's values."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from .errors import excerpt


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: a score per seat, the winning seats and why."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form."""
        return {"scores": list(self.scores), "winners": list(self.winners), "reason": self.reason}


class Action(ABC):
    """A choice of one seat. Games define frozen dataclasses that subclass this."""

    __slots__ = ()

    @abstractmethod
    def to_text(self) -> str:
        """The canonical notation; ``State.parse_action`` reads it back."""

    def __str__(self) -> str:
        return self.to_text()


def text_of(action: object) -> str:
    """An action's notation for a message (shortened; the repr of anything else, or of an
    action that cannot write itself)."""
    if isinstance(action, Action):
        try:
            return excerpt(action.to_text())
        except Exception:  # an action of another game that cannot even write itself
            pass
    return excerpt(repr(action))


# Why a seat leaves a game early (State.concede): it gave up, its clock ran out, or it was
# gone past the grace period. The first is the default and is not written in notation.
CONCESSIONS = ("concede", "time", "abandon")
_CONCESSION_WORDS = {"concede": "conceded", "time": "ran out of time",
                     "abandon": "abandoned the game"}


@dataclass(frozen=True, slots=True)
class Concession(Action):
    """A seat leaving the game (``State.concede``): kept in ``history`` like any action,
    so records replay it, but never among the legal actions. ``label`` is the seat's label
    (the notation, ``concede B`` or ``concede P2 time``, names the seat as people do)."""

    seat: int
    label: str
    reason: str = "concede"

    def to_text(self) -> str:
        return f"concede {self.label}" + ("" if self.reason == "concede" else f" {self.reason}")

    def words(self) -> str:
        """What happened, for an outcome's reason: "B conceded", "P2 ran out of time"."""
        return f"{self.label} {_CONCESSION_WORDS[self.reason]}"
