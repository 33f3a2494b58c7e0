"""Events: what happened, who may see it, and which rule applied."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened in a game.

    ``seats`` is ``None`` for a public event, else the seats that may see it.
    ``rule`` names the rule applied with its rulebook section. ``reveals`` is true
    when the event shows a card that was hidden from some seat until now (undo stops there).
    The text is formatted only when asked for, and Event is a NamedTuple rather than a
    frozen dataclass because games create one or two per decision on their hot path.
    """

    template: str
    args: tuple[Any, ...]
    rule: str
    seats: frozenset[int] | None = None
    reveals: bool = False

    @property
    def text(self) -> str:
        """The event as a sentence."""
        return self.template.format(*self.args) if self.args else self.template

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None`` for a spectator) may see this event."""
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form of the event."""
        out: dict[str, Any] = {"text": self.text, "rule": self.rule}
        if self.seats is not None:
            out["seats"] = sorted(self.seats)
        return out
