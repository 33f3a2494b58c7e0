"""The errors the engine raises. Every error of bad input is a ``ValueError`` (a
:class:`TabletopError`), never a crash; :class:`NoLegalAction` alone is a game's own bug.

They live here, outside the compiled modules, because mypyc cannot compile a class that
inherits from most builtin exceptions (``RuntimeError`` among them)."""

from __future__ import annotations

QUOTE_LIMIT = 60


def excerpt(text: str, limit: int = QUOTE_LIMIT) -> str:
    """At most ``limit`` characters of some input, on one line, for an error message.

    Errors quote what was typed or read back, but never more than a short prefix: a
    5,000-character line must not become a 5,000-character message.
    """
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class TabletopError(ValueError):
    """Base of every error caused by bad input to the engine."""


class UnknownGameError(TabletopError):
    """A game id that no registered game answers to."""


class ParameterError(TabletopError):
    """A bad seat count or game parameter."""


class NotationError(TabletopError):
    """Text that does not parse as an action of the game."""


class IllegalActionError(TabletopError):
    """A well-formed action that the rules forbid here; the state is unchanged.

    The message quotes the action, says why, and names the rule with its rulebook section.
    """

    def __init__(self, action_text: str, reason: str, rule: str) -> None:
        self.action_text = excerpt(action_text)
        self.reason = reason
        self.rule = rule
        super().__init__(f'illegal: "{self.action_text}" — {reason} ({rule})')


class RecordError(TabletopError):
    """A malformed record, or one that does not replay to its final hash."""


class RulesVersionError(RecordError):
    """A record (or a stored table) of another rules version of its game: refused before
    replaying, since its actions follow rules this tabletop no longer plays."""


class ScenarioError(TabletopError):
    """A scenario file that does not describe a valid position."""


class CardDataError(TabletopError):
    """A card or board data file that fails validation; names the file, card and field."""


class NoLegalAction(RuntimeError):
    """A game left the seat to act no legal action while not over (issue 26: the core
    contract says the list of legal actions is never empty then). A bug of the game,
    never of the input: not a TabletopError."""
