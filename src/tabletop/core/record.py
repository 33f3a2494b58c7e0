"""Records: a finished or unfinished game as data that replays to the same hash.

A record is ``{game, rules_version, params, seed, actions, outcome, final_hash}``
(``params`` holds ``players``); a game begun from a scenario also keeps ``start``,
the position it began from. Records are JSON; a file holds one record or one per line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import RecordError, TabletopError
from .spec import get_spec, new_game
from .state import State

_KEYS = ("game", "rules_version", "params", "seed", "actions", "outcome", "final_hash")


@dataclass(slots=True)
class Record:
    """One game as data."""

    game: str
    rules_version: str
    params: dict[str, Any]
    seed: int
    actions: list[str]
    outcome: dict[str, Any] | None
    final_hash: str
    start: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (``start`` only when present)."""
        out = {k: getattr(self, k) for k in _KEYS}
        if self.start is not None:
            out["start"] = self.start
        return out

    def dumps(self) -> str:
        """One line of JSON."""
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, obj: Any, where: str = "record") -> Record:
        """Validate a parsed JSON value; raises ``RecordError`` naming what is wrong."""
        if not isinstance(obj, dict):
            raise RecordError(f"{where}: expected a JSON object, got {type(obj).__name__}")
        missing = [k for k in _KEYS if k not in obj]
        if missing:
            raise RecordError(f"{where}: missing field(s) {', '.join(missing)}")
        extra = sorted(set(obj) - set(_KEYS) - {"start"})
        if extra:
            raise RecordError(f"{where}: unknown field(s) {', '.join(extra)}")
        checks = {
            "game": str, "rules_version": str, "params": dict, "seed": int,
            "actions": list, "final_hash": str,
        }
        for key, typ in checks.items():
            if not isinstance(obj[key], typ) or isinstance(obj[key], bool):
                raise RecordError(f"{where}: field {key!r} must be {typ.__name__}")
        if not all(isinstance(a, str) for a in obj["actions"]):
            raise RecordError(f"{where}: every action must be a string")
        if obj["outcome"] is not None and not isinstance(obj["outcome"], dict):
            raise RecordError(f"{where}: field 'outcome' must be an object or null")
        start = obj.get("start")
        if start is not None and not isinstance(start, dict):
            raise RecordError(f"{where}: field 'start' must be an object")
        return cls(
            obj["game"], obj["rules_version"], dict(obj["params"]), obj["seed"],
            list(obj["actions"]), obj["outcome"], obj["final_hash"], start,
        )


def record_of(state: State) -> Record:
    """The record of a game so far."""
    out = state.outcome()
    return Record(
        game=state.spec.id,
        rules_version=state.spec.rules_version,
        params={"players": state.players, **state.params},
        seed=state.seed,
        actions=[a.to_text() for a in state.history],
        outcome=None if out is None else out.to_json(),
        final_hash=state.state_hash(),
        start=state.start,
    )


def initial_state(record: Record) -> State:
    """The position a record starts from."""
    try:
        spec = get_spec(record.game)
        if record.start is not None:
            state = spec.from_data(record.start)
            state.start = record.start  # so that the replayed game's record keeps it
            return state
        params = dict(record.params)
        players = params.pop("players", None)
        if not isinstance(players, int):
            raise RecordError("record params must hold the integer 'players'")
        return new_game(record.game, players=players, seed=record.seed, **params)
    except RecordError:
        raise
    except TabletopError as e:
        raise RecordError(f"record cannot start: {e}") from None


def replay(record: Record, upto: int | None = None) -> State:
    """Replay the first ``upto`` actions (all by default); raises ``RecordError``."""
    state = initial_state(record)
    actions = record.actions if upto is None else record.actions[:upto]
    for i, text in enumerate(actions):
        try:
            state.apply(text)
        except TabletopError as e:
            raise RecordError(f"action {i + 1} ({text!r}) does not replay: {e}") from None
    return state


def verify(record: Record) -> State:
    """Replay the whole record and check its hash and outcome; raises ``RecordError``."""
    state = replay(record)
    got = state.state_hash()
    if got != record.final_hash:
        raise RecordError(f"final hash mismatch: record says {record.final_hash[:12]}…, "
                          f"replay gives {got[:12]}…")
    out = state.outcome()
    if record.outcome != (None if out is None else out.to_json()):
        raise RecordError("the recorded outcome does not match the replay")
    return state


def read_records(path: Path) -> Iterator[Record]:
    """Every record in a file: one JSON object, or one per line (JSONL)."""
    try:
        text = path.read_text()
    except OSError as e:
        raise RecordError(f"{path}: cannot read ({e.strerror})") from None
    if not text.strip():
        raise RecordError(f"{path}: empty file, no record in it")
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None  # not one JSON value: read it as JSON Lines
    if isinstance(whole, dict):
        yield Record.from_json(whole, str(path))
        return
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise RecordError(f"{path}:{lineno}: not valid JSON ({e.msg})") from None
        yield Record.from_json(obj, f"{path}:{lineno}")
