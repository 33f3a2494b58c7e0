"""Records: a finished or unfinished game as data that replays to the same hash.

A record is ``{game, rules_version, params, seed, actions, outcome, final_hash}``
(``params`` holds ``players``); a game begun from a scenario also keeps ``start``,
the position it began from. Records are JSON; a file holds one record or one per line.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import RecordError, RulesVersionError, TabletopError, excerpt
from .files import MAX_FILE_BYTES, MAX_LINE_BYTES, decode, parse_json, read_text
from .spec import MAX_SEED, GameSpec, get_spec, new_game
from .state import State

_KEYS = ("game", "rules_version", "params", "seed", "actions", "outcome", "final_hash")
MAX_ACTIONS = 1_000_000     # actions in one record
MAX_ACTION_CHARS = 1_000    # characters in one action's notation
_HASH = re.compile(r"[0-9a-f]{64}")


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

    def save(self, path: str | Path) -> None:
        """Write this record to a file (one line of JSON)."""
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """The record in a file holding exactly one; raises ``RecordError``."""
        records = list(read_records(Path(path)))
        if len(records) != 1:
            raise RecordError(f"{path}: holds {len(records)} records, not one")
        return records[0]

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
        if len(obj["actions"]) > MAX_ACTIONS:
            raise RecordError(f"{where}: more than {MAX_ACTIONS:,} actions")
        for i, a in enumerate(obj["actions"], 1):
            if len(a) > MAX_ACTION_CHARS:
                raise RecordError(f"{where}: action {i} is longer than {MAX_ACTION_CHARS} "
                                  f"characters ({excerpt(a)!r})")
        if not 0 <= obj["seed"] <= MAX_SEED:
            raise RecordError(f"{where}: field 'seed' must be 0..{MAX_SEED}")
        if not _HASH.fullmatch(obj["final_hash"]):
            raise RecordError(f"{where}: field 'final_hash' must be 64 hex digits")
        for key, value in obj["params"].items():
            if not isinstance(value, (str, int, float, bool)):
                raise RecordError(f"{where}: params.{excerpt(str(key))} must be a string, a "
                                  "number or a boolean")
        _check_outcome(obj["outcome"], where)
        start = obj.get("start")
        if start is not None and not isinstance(start, dict):
            raise RecordError(f"{where}: field 'start' must be an object")
        return cls(
            obj["game"], obj["rules_version"], dict(obj["params"]), obj["seed"],
            list(obj["actions"]), obj["outcome"], obj["final_hash"], start,
        )


def game_id(seed: int) -> str:
    """A short public name for the game of ``seed`` that reveals nothing of the seed (which
    decides every hidden card, so it stays secret while the game runs)."""
    digest = hashlib.sha256(b"tabletop game id:" + seed.to_bytes(8, "big")).hexdigest()
    return digest[:12]


def _check_outcome(out: Any, where: str) -> None:
    if out is None:
        return
    ok = (isinstance(out, dict) and set(out) == {"scores", "winners", "reason"}
          and isinstance(out["scores"], list) and isinstance(out["winners"], list)
          and isinstance(out["reason"], str)
          and all(isinstance(x, (int, float)) and not isinstance(x, bool)
                  for x in out["scores"])
          and all(isinstance(x, int) and not isinstance(x, bool) for x in out["winners"]))
    if not ok:
        raise RecordError(f"{where}: field 'outcome' must be an object or null "
                          "with scores, winners and reason")


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


def initial_state(record: Record, files: Sequence[Path] = ()) -> State:
    """The position a record starts from.

    A record of another rules version (``RulesVersionError``), or whose ``start``
    contradicts its seed, seat count or parameters, is refused. A parameter that names
    local files (card files) is never opened from the record: each file it names must be
    given in ``files`` (matched by file name), and that file is read instead.
    """
    try:
        spec = get_spec(record.game)
        if record.rules_version != spec.rules_version:
            raise RulesVersionError(
                f"the record is of {spec.id} rules version "
                f"{excerpt(record.rules_version)!r} and replays only under that version; "
                f"this tabletop plays version {spec.rules_version!r}")
        params = dict(record.params)
        players = params.pop("players", None)
        if not isinstance(players, int) or isinstance(players, bool):
            raise RecordError("record params must hold the integer 'players'")
        for name in params:  # before new_game: 'seed' or 'game_id' would be its own
            if name not in spec.params:
                known = ", ".join(sorted(spec.params)) or "none"
                raise RecordError(f"record cannot start: {spec.id} has no parameter "
                                  f"{excerpt(str(name))!r} (known: {known})")
        if record.start is not None:
            _check_start(record, players, params, spec)
            start = {**record.start, "params": local_files(spec, params, files)}
            state = position(spec, start, RecordError)
            state.params.update(params)  # as recorded: the hash does not see local paths
            state.start = record.start  # so that the replayed game's record keeps it
            return state
        state = new_game(record.game, players=players, seed=record.seed,
                         **local_files(spec, params, files))
        state.params.update(params)
        return state
    except RecordError:
        raise
    except TabletopError as e:
        raise RecordError(f"record cannot start: {e}") from None


def position(spec: GameSpec, data: dict[str, Any], error: type[TabletopError]) -> State:
    """``spec.from_data(data)``; a malformed value the game's reader missed is still bad
    input (``error``), never an internal error."""
    try:
        return spec.from_data(data)
    except TabletopError:
        raise
    except (TypeError, KeyError, IndexError, AttributeError, RecursionError) as e:
        raise error(f"not a valid {spec.id} position ({type(e).__name__}: "
                    f"{excerpt(str(e))})") from None


def _check_start(record: Record, players: int, params: dict[str, Any], spec: GameSpec
                 ) -> None:
    """A start position must agree with the record's seed, seats and parameters (a
    parameter left out meaning its default, on either side)."""
    start = record.start or {}
    defaults = {name: p.default for name, p in spec.params.items()}
    checks: tuple[tuple[str, Any], ...] = (("players", players), ("seed", record.seed),
                                           ("params", params))
    for key, want in checks:
        got = start.get(key)
        if key == "params" and isinstance(got, dict):
            got, want = {**defaults, **got}, {**defaults, **want}
        if key in start and got != want:
            raise RecordError(f"the record's {key} ({excerpt(str(want))}) contradict its "
                              f"start position ({excerpt(str(start[key]))})")


def local_files(spec: GameSpec, params: Mapping[str, Any], files: Sequence[Path]
                 ) -> dict[str, Any]:
    """``params`` with every file-naming parameter pointed at the files given by the user.

    A record is data from anywhere: the paths it holds are names to match, never files
    to open, so that replaying a record cannot read an arbitrary local file."""
    out = dict(params)
    by_name = {Path(f).name: Path(f) for f in files}
    for name, p in spec.params.items():
        value = params.get(name)
        if not p.paths or not isinstance(value, str) or not value:
            continue
        local = []
        for recorded in value.split(","):
            found = by_name.get(Path(recorded).name)
            if found is None:
                raise RecordError(f"the game uses the file {excerpt(Path(recorded).name)!r} "
                                  f"(parameter {name}); give it with --cards PATH (files "
                                  "named in a record or a scenario are never opened)")
            local.append(str(found.resolve()))
        out[name] = ",".join(local)
    return out


def replay(record: Record, upto: int | None = None, files: Sequence[Path] = ()) -> State:
    """Replay the first ``upto`` actions (all by default); raises ``RecordError``."""
    state = initial_state(record, files)
    actions = record.actions if upto is None else record.actions[:upto]
    for i, text in enumerate(actions):
        try:
            state.apply(text)
        except TabletopError as e:
            raise RecordError(f"action {i + 1} ({excerpt(text)!r}) does not replay: {e}") \
                from None
    return state


def verify(record: Record, files: Sequence[Path] = ()) -> State:
    """Replay the whole record and check its hash and outcome; raises ``RecordError``."""
    state = replay(record, files=files)
    got = state.state_hash()
    if got != record.final_hash:
        raise RecordError(f"final hash mismatch: record says {record.final_hash[:12]}…, "
                          f"replay gives {got[:12]}…")
    out = state.outcome()
    if record.outcome != (None if out is None else out.to_json()):
        raise RecordError("the recorded outcome does not match the replay")
    return state


def iter_records(path: Path) -> Iterator[tuple[str, Record | RecordError]]:
    """Every entry of a record file as ``(where, record or the error that entry gives)``:
    one JSON object (any layout), or one per line (JSON Lines, read line by line so a big
    file is never held whole); a bad entry does not stop the ones after it.

    Raises ``RecordError`` only when the file itself cannot be read."""
    try:
        size = path.stat().st_size
    except OSError as e:
        raise RecordError(f"{path}: cannot read ({e.strerror or e})") from None
    if size <= MAX_FILE_BYTES:
        text = read_text(path, RecordError)
        if not text.strip():
            raise RecordError(f"{path}: empty file, no record in it")
        if text.lstrip().startswith("{") and "\n" in text.strip():
            try:  # one pretty-printed object?
                whole = parse_json(text, str(path), RecordError)
            except RecordError:
                whole = None  # JSON Lines, or broken: read line by line below
            if isinstance(whole, dict):
                yield str(path), _entry(whole, str(path))
                return
    yield from _lines(path)


def _entry(obj: Any, where: str) -> Record | RecordError:
    try:
        return Record.from_json(obj, where)
    except RecordError as e:
        return e


def _lines(path: Path) -> Iterator[tuple[str, Record | RecordError]]:
    seen = False
    try:
        with path.open("rb") as f:
            for lineno, raw in enumerate(iter(lambda: f.readline(MAX_LINE_BYTES + 1), b""), 1):
                where = f"{path}:{lineno}"
                if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                    yield where, RecordError(f"{where}: a line longer than "
                                             f"{MAX_LINE_BYTES // (1024 * 1024)} MiB")
                    for rest in iter(lambda: f.readline(MAX_LINE_BYTES + 1), b""):
                        if rest.endswith(b"\n"):
                            break  # skip to the end of the long line
                    continue
                try:
                    line = decode(raw, where, RecordError)
                    if not line.strip():
                        continue
                    seen = True
                    yield where, _entry(parse_json(line, where, RecordError), where)
                except RecordError as e:
                    seen = True
                    yield where, e
    except OSError as e:
        raise RecordError(f"{path}: cannot read ({e.strerror or e})") from None
    if not seen:
        raise RecordError(f"{path}: empty file, no record in it")


def read_records(path: Path) -> Iterator[Record]:
    """Every record in a file (see :func:`iter_records`); the first bad one raises its
    ``RecordError`` (naming file and line)."""
    for _, entry in iter_records(path):
        if isinstance(entry, RecordError):
            raise entry
        yield entry
