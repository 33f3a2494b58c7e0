"""radiant-perim: Radiant by Tin Shoe Games (../shared/rules/radiant-tin-shoe-games.txt).

``SPEC`` is registered through the ``tabletop.games`` entry point; ``PerimState`` is the
rules engine; the actions and their notation are in :mod:`.actions`.
"""

from .rules import PerimState
from .spec import SPEC

__all__ = ["SPEC", "PerimState"]
