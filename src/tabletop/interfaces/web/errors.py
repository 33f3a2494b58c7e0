"""The one error the web API raises: a 4xx status and a clear message, never a 5xx."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """Bad input or a request the table refuses; the table is unchanged.

    ``extra`` goes into the JSON body beside ``error`` (the engine's ``reason`` and
    ``rule`` for an illegal action).
    """

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        """The JSON body of the response."""
        return {"error": self.message, **self.extra}
