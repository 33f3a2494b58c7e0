"""tabletop: an engine and play platform for four tabletop card games.

The public API, as ``import chess`` gives python-chess's::

    import tabletop
    game = tabletop.new_game("radiant-perim", players=3, seed=1)
    game.apply("pick b2")                  # notation, or an Action from legal_actions()
    game.view(0)                           # what seat 0 may know (seats count from 0)
    record = tabletop.record_of(game)      # replays to the same hash: tabletop.verify

``tabletop.list_games()`` gives every registered game's ``GameSpec``. (The name
``tabletop.games`` is the package of the built-in games, and the entry-point group games
register themselves through.) :mod:`tabletop.core` is the home of the contract (``State``,
``GameSpec``, events).
"""

from . import native

# Before the core is imported: the compiled engine, when built from these very sources
# (docs/performance.md).
native.install()

from .core import (  # noqa: E402
    Action,
    CardDataError,
    Event,
    GameSpec,
    IllegalActionError,
    NotationError,
    Outcome,
    ParameterError,
    Record,
    RecordError,
    RulesVersionError,
    ScenarioError,
    State,
    TabletopError,
    UnknownGameError,
    dumps_scenario,
    export,
    from_scenario,
    get_spec,
    initial_state,
    load_scenario,
    new_game,
    read_records,
    record_of,
    replay,
    scenario_of,
    verify,
)
from .core import games as list_games  # noqa: E402  (not "games": that is the package)

__version__ = "0.1.0"

__all__ = [
    "Action", "CardDataError", "Event", "GameSpec", "IllegalActionError", "NotationError",
    "Outcome", "ParameterError", "Record", "RecordError", "RulesVersionError",
    "ScenarioError", "State", "TabletopError", "UnknownGameError", "__version__",
    "dumps_scenario", "export", "from_scenario", "get_spec", "initial_state", "list_games",
    "load_scenario", "new_game", "read_records", "record_of", "replay", "scenario_of",
    "verify",
]
