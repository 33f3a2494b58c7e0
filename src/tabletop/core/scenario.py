"""Scenario files: readable TOML that sets up any position.

A scenario is ``game = "<id>"`` plus the game's own position data (see each game's
``to_data``). Any point of a record can be exported to one with :func:`export`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import tomli_w

from .errors import ScenarioError, TabletopError, excerpt
from .files import check_limits, parse_toml, read_text
from .record import Record, local_files, position, replay
from .spec import get_spec
from .state import State


def from_scenario(data: dict[str, Any], where: str = "scenario", game: str | None = None,
                  files: Sequence[Path] = ()) -> State:
    """The state a scenario describes; raises ``ScenarioError`` naming what is wrong.

    With ``game``, a scenario of another game is refused, saying so. Parameters naming
    local files (card files) are matched against ``files``, as in records."""
    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: a scenario is a table of fields")
    check_limits(data, where, ScenarioError)
    found = data.get("game")
    if not isinstance(found, str):
        raise ScenarioError(f"{where}: needs a string field 'game'")
    if game is not None and found != game:
        raise ScenarioError(f"{where} is a scenario of {excerpt(found)}, not {game}")
    body = {k: v for k, v in data.items() if k != "game"}
    try:
        spec = get_spec(found)
        params = body.get("params")
        if isinstance(params, dict):
            body["params"] = local_files(spec, params, files)
        state = position(spec, body, ScenarioError)
        if isinstance(params, dict):
            state.params.update(params)  # as written: the hash does not see local paths
    except TabletopError as e:
        raise ScenarioError(f"{where}: {e}") from None
    state.start = state.to_data()
    return state


def load_scenario(path: str | Path, game: str | None = None,
                  files: Sequence[Path] = ()) -> State:
    """Read a scenario file (see :func:`from_scenario`)."""
    p = Path(path)
    data = parse_toml(read_text(p, ScenarioError), str(p), ScenarioError)
    return from_scenario(data, str(p), game, files)


def scenario_of(state: State) -> dict[str, Any]:
    """The scenario data of a position."""
    return {"game": state.spec.id, **state.to_data()}


def dumps_scenario(state: State) -> str:
    """The scenario of a position as TOML text."""
    return tomli_w.dumps(scenario_of(state))


def export(record: Record, move: int, files: Sequence[Path] = ()) -> str:
    """The scenario TOML of the position before action ``move`` (1-based) of a record."""
    if not 1 <= move <= len(record.actions) + 1:
        raise ScenarioError(f"move {move} is outside 1..{len(record.actions) + 1}")
    return dumps_scenario(replay(record, upto=move - 1, files=files))
