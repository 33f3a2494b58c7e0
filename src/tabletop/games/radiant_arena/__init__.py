"""radiant-arena: Radiant: Offline Battle Arena (../shared/rules/radiant-offline-battle-arena.txt).

``SPEC`` is registered through the ``tabletop.games`` entry point; ``ArenaState`` is the
rules engine (:mod:`.rules`, :mod:`.flow`, :mod:`.effects`); the notation is in
:mod:`.actions`; the card format in docs/rules/radiant-arena-cards.md.
"""

from .rules import ArenaState
from .spec import SPEC

__all__ = ["SPEC", "ArenaState"]
