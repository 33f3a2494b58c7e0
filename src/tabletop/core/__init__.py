"""The core every game stands on: specs and registry, the State contract, actions,
events, seeded chance, records and scenarios. It imports nothing above it."""

from .action import Action, Outcome
from .chance import Chance
from .errors import (
    CardDataError,
    IllegalActionError,
    NotationError,
    ParameterError,
    RecordError,
    RulesVersionError,
    ScenarioError,
    TabletopError,
    UnknownGameError,
    excerpt,
)
from .event import HIDDEN, Event, EventBook, EventKind, plain_words
from .plugins import PluginError
from .record import (
    Record,
    game_id,
    initial_state,
    iter_records,
    read_records,
    record_of,
    replay,
    verify,
)
from .scenario import dumps_scenario, export, from_scenario, load_scenario, scenario_of
from .spec import GameSpec, ParamSpec, broken_games, games, get_spec, new_game, register
from .state import State
from .words import ActionWords, notation_words

__all__ = [
    "HIDDEN", "Action", "ActionWords", "CardDataError", "Chance", "Event", "EventBook", "EventKind",
    "GameSpec", "IllegalActionError", "NotationError", "Outcome", "ParamSpec",
    "ParameterError", "PluginError", "Record", "RecordError", "RulesVersionError",
    "ScenarioError", "State",
    "TabletopError", "UnknownGameError", "broken_games", "dumps_scenario", "excerpt",
    "export", "from_scenario", "game_id", "games", "get_spec", "initial_state",
    "iter_records", "load_scenario", "new_game", "notation_words", "plain_words",
    "read_records", "record_of", "register", "replay", "scenario_of", "verify",
]
