"""Scenario files: readable TOML that sets up any position.

A scenario is ``game = "<id>"`` plus the game's own position data (see each game's
``to_data``). Any point of a record can be exported to one with :func:`export`.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import tomli_w

from .errors import ScenarioError, TabletopError
from .record import Record, replay
from .spec import get_spec
from .state import State


def from_scenario(data: dict[str, Any], where: str = "scenario") -> State:
    """The state a scenario describes; raises ``ScenarioError`` naming what is wrong."""
    game = data.get("game")
    if not isinstance(game, str):
        raise ScenarioError(f"{where}: needs a string field 'game'")
    body = {k: v for k, v in data.items() if k != "game"}
    try:
        state = get_spec(game).from_data(body)
    except ScenarioError as e:
        raise ScenarioError(f"{where}: {e}") from None
    except TabletopError as e:
        raise ScenarioError(f"{where}: {e}") from None
    state.start = state.to_data()
    return state


def load_scenario(path: str | Path) -> State:
    """Read a scenario file."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text())
    except OSError as e:
        raise ScenarioError(f"{p}: cannot read ({e.strerror})") from None
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(f"{p}: not valid TOML ({e})") from None
    return from_scenario(data, str(p))


def scenario_of(state: State) -> dict[str, Any]:
    """The scenario data of a position."""
    return {"game": state.spec.id, **state.to_data()}


def dumps_scenario(state: State) -> str:
    """The scenario of a position as TOML text."""
    return tomli_w.dumps(scenario_of(state))


def export(record: Record, move: int) -> str:
    """The scenario TOML of the position before action ``move`` (1-based) of a record."""
    if not 1 <= move <= len(record.actions) + 1:
        raise ScenarioError(f"move {move} is outside 1..{len(record.actions) + 1}")
    return dumps_scenario(replay(record, upto=move - 1))
