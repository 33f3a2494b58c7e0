"""radiant-arena: Radiant: Offline Battle Arena (../shared/rules/radiant-offline-battle-arena.txt).

``SPEC`` is registered through the ``tabletop.games`` entry point; ``ArenaState`` is the
State (:mod:`.rules`; the package's layers are in its docstring), built on the rules
kernel :mod:`tabletop.cards` with the vocabulary of :mod:`.vocab`; the notation is in
:mod:`.actions`; the card format in docs/rules/radiant-arena-cards.md.
"""

from .rules import ArenaState
from .spec import SPEC

__all__ = ["SPEC", "ArenaState"]
