"""tabletop: an engine and play platform for four tabletop card games.

The public entry points live in :mod:`tabletop.core` (``new_game``, ``State``,
records and scenarios); games register themselves through the ``tabletop.games``
entry-point group.
"""

__version__ = "0.1.0"
