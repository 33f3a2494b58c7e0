"""Golden playthroughs: a few seeded games of every game, kept as data, that guard its rules.

For every player count of a game (and, at the default count, each boolean parameter
switched on: radiant-arena's draft) two seeded games are played, one of random moves and
one by the game's heuristic, and kept in ``tests/golden/<game>.jsonl``: every action, the
count and a digest of the legal actions before it, and every event's kind, fields and
seats; at a few points (the setup, a move with private events, the end) the views of every
seat and of a spectator, each seat's copy of that move's events and the position's hash;
the outcome and the final hash. Beside them, a digest of every file of the game's
``data/`` folder (its cards), so that a changed card fails the check even if no golden
game draws it.

:func:`check` replays the golden games and names the first difference. A difference means
the rules or the cards changed: bump the game's ``RULES_VERSION`` (so that old records are
refused as another rules version instead of failing to replay) and regenerate every golden
file with one command::

    make golden        # python -m tabletop.testing.golden --dir tests/golden

Generating is deterministic: a game whose rules did not change gets the same file again.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.agents import decide, make_agent
from tabletop.core import Event, GameSpec, ParameterError, State, TabletopError, get_spec
from tabletop.core import games as registered_games

from .locate import REPO, game_dir

FORMAT = 1
SEEDS = {"random": 1, "heuristic": 2}  # the agents that play the golden games, and seeds
MAX_MOVES = 5_000  # a golden game stops here if it has not ended (none comes close)
COMMAND = "make golden"
DEFAULT_DIR = REPO / "tests" / "golden"


# --- what is kept -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Setup:
    """One golden game's start: seats, parameters, seed and the agent every seat plays."""

    players: int
    params: dict[str, Any]
    seed: int
    agent: str

    def key(self) -> tuple[int, str, int, str]:
        return self.players, json.dumps(self.params, sort_keys=True), self.seed, self.agent

    def describe(self) -> str:
        params = "".join(f", {k}={json.dumps(v)}" for k, v in sorted(self.params.items()))
        return f"{self.players} players{params}, seed {self.seed}, {self.agent} moves"


@dataclass(slots=True)
class Golden:
    """A golden file: its header and its games (each a JSON object)."""

    game: str
    rules_version: str
    data: dict[str, str]
    games: list[dict[str, Any]]
    format: int = FORMAT

    def dumps(self) -> str:
        """The file's text: the header, then one line of compact JSON per game."""
        head = {"format": self.format, "game": self.game, "rules_version": self.rules_version,
                "data": self.data}
        return "".join(_compact(x) + "\n" for x in (head, *self.games))

    @classmethod
    def loads(cls, text: str) -> Golden:
        """Read a golden file's text (``dumps``' inverse)."""
        head, *games = (json.loads(line) for line in text.splitlines() if line.strip())
        return cls(head["game"], head["rules_version"], head["data"], games, head["format"])


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _plain(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def setups(spec: GameSpec) -> list[Setup]:
    """The golden games of a game: every player count with the default parameters, and
    each boolean parameter switched on at the default count; each played once by random
    moves and once by the game's heuristic (when it has one)."""
    starts: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in spec.player_counts]
    starts += [(spec.default_players, {name: True}) for name, p in sorted(spec.params.items())
               if p.type is bool and p.default is False]
    agents = [a for a in SEEDS if a == "random" or _has_agent(a, spec.id)]
    return [Setup(n, params, SEEDS[a], a) for n, params in starts for a in agents]


def _has_agent(name: str, game: str) -> bool:
    try:
        make_agent(name, game, 0)
    except ParameterError:
        return False
    return True


def data_digest(spec: GameSpec, data_dir: Path | None = None) -> dict[str, str]:
    """A digest of every file of the game's ``data/`` folder (or of ``data_dir``), by path
    relative to it (line endings read alike, so a checkout's do not matter)."""
    if data_dir is None:
        here = game_dir(spec)
        data_dir = here / "data" if here is not None else None
    if data_dir is None or not data_dir.is_dir():
        return {}
    out = {}
    for path in sorted(data_dir.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            blob = path.read_bytes().replace(b"\r\n", b"\n")
            out[path.relative_to(data_dir).as_posix()] = hashlib.sha256(blob).hexdigest()[:16]
    return out


def _event(e: Event) -> list[Any]:
    """An event as kept: kind, fields, and the seats that see it (``None``: everyone)."""
    return [e.kind, _plain(e.fields), None if e.seats is None else sorted(e.seats)]


def _seen(state: State, start: int) -> list[list[list[Any]]]:
    """Every seat's copy (then a spectator's) of the events from index ``start`` on."""
    out = []
    for seat in [*range(state.players), None]:
        copies = (e.seen_by(seat) for e in state.events[start:])
        out.append([[c.kind, _plain(c.fields)] for c in copies if c is not None])
    return out


def _legal(state: State) -> str:
    """The legal actions in a few characters: their count and a digest of their order."""
    texts = [a.to_text() for a in state.legal_actions()]
    return f"{len(texts)}:{hashlib.sha256(chr(10).join(texts).encode()).hexdigest()[:8]}"


def _private(events: Sequence[Event], players: int) -> bool:
    """Whether some seat (or a spectator) sees another copy of these events."""
    return any(e.seen_by(s) is not e for e in events for s in [*range(players), None])


def _start(spec: GameSpec, setup: Setup) -> State:
    return spec.factory(setup.players, setup.seed,
                        spec.check_params(setup.players, setup.params))


def play(spec: GameSpec, setup: Setup) -> dict[str, Any]:
    """Play one golden game and keep what :func:`check` compares."""
    state = _start(spec, setup)
    agents = [make_agent(setup.agent, spec.id, setup.seed * 100 + s)
              for s in range(setup.players)]
    starts = [0]  # the index of the first event of each move (move 0: the setup)
    actions: list[str] = []
    legal: list[str] = []
    while state.to_act is not None and len(actions) < MAX_MOVES:
        legal.append(_legal(state))
        starts.append(len(state.events))
        action = decide(agents[state.to_act], state)
        actions.append(action.to_text())
        state.apply(action)
    moves = len(actions)
    bounds = [*starts, len(state.events)]
    events = [[_event(e) for e in state.events[bounds[m]:bounds[m + 1]]]
              for m in range(moves + 1)]
    private = [m for m in range(1, moves) if _private(state.events[bounds[m]:bounds[m + 1]],
                                                       setup.players)]
    middle = min(private or [moves // 2], key=lambda m: abs(m - moves // 2))
    points = sorted({0, middle, moves})
    replay = _start(spec, setup)  # played again to take the views at the points
    kept = []
    for m in range(moves + 1):
        if m:
            replay.apply(actions[m - 1])
        if m in points:
            kept.append(_point(replay, m, bounds[m]))
    out = state.outcome()
    return {"players": setup.players, "params": setup.params, "seed": setup.seed,
            "agent": setup.agent, "actions": actions, "legal": legal, "events": events,
            "points": kept, "outcome": None if out is None else out.to_json(),
            "final_hash": state.state_hash()}


def _point(state: State, move: int, start: int) -> dict[str, Any]:
    """What is kept of a point: the hash, every view and every copy of the move's events.
    The parts of the views that every seat sees alike are kept once (``common``)."""
    views = [_plain(state.view(s)) for s in [*range(state.players), None]]
    common = {k: v for k, v in views[0].items()
              if all(k in w and w[k] == v for w in views[1:])}
    own = [{k: v for k, v in w.items() if k not in common} for w in views]
    return {"move": move, "hash": state.state_hash(), "common": common, "views": own,
            "seen": _seen(state, start)}


def make(spec: GameSpec) -> Golden:
    """The golden file of a game, played afresh."""
    return Golden(spec.id, spec.rules_version, data_digest(spec),
                  [play(spec, s) for s in setups(spec)])


# --- comparing --------------------------------------------------------------------------


class _Differs(Exception):
    """Where a replay first differs from its golden game, and whether the moves, events
    and hashes still agree (only what seats are shown differs)."""

    def __init__(self, where: str, what: str, shown_only: bool = False) -> None:
        super().__init__(f"{where}: {what}")
        self.shown_only = shown_only


def difference(old: Any, new: Any, path: str = "") -> str | None:
    """The first difference between two JSON values, in words (``None``: equal)."""
    if old == new:
        return None
    at = path or "the value"
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old:
            if key not in new:
                return f"{path}.{key} is gone (was {_short(old[key])})"
            found = difference(old[key], new[key], f"{path}.{key}")
            if found:
                return found
        key = next(k for k in new if k not in old)
        return f"{path}.{key} is new ({_short(new[key])})"
    if isinstance(old, list) and isinstance(new, list):
        for i, (a, b) in enumerate(zip(old, new, strict=False)):
            found = difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return f"{at} has {len(new)} items, not {len(old)}"
    return f"{at} was {_short(old)}, now {_short(new)}"


def _short(value: Any, limit: int = 80) -> str:
    text = _compact(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _compare_events(old: list[list[Any]], new: list[list[Any]], where: str,
                    shown_only: bool = False) -> None:
    """Events as kept (kind, fields and, unless ``shown_only``, seats): raises
    ``_Differs`` at the first that differs."""
    def differs(what: str) -> _Differs:
        return _Differs(where, what, shown_only)

    for i, (a, b) in enumerate(zip(old, new, strict=False), 1):
        if a[0] != b[0]:
            raise differs(f"event {i} was {a[0]!r}, now {b[0]!r}")
        found = difference(a[1], b[1], "fields")
        if found:
            raise differs(f"event {i} ({a[0]}): {found}")
        if a[2:] != b[2:]:
            seen = ("everyone" if s is None else f"seats {s}" for s in (a[2], b[2]))
            raise differs(f"event {i} ({a[0]}) was seen by {next(seen)}, now by {next(seen)}")
    if len(new) > len(old):
        raise differs(f"event {len(old) + 1} ({new[len(old)][0]}) is new")
    if len(old) > len(new):
        raise differs(f"event {len(new) + 1} ({old[len(new)][0]}) no longer happens")


def _replay(spec: GameSpec, game: dict[str, Any]) -> None:
    """Replay one golden game; raises ``_Differs`` at the first difference."""
    setup = Setup(game["players"], game["params"], game["seed"], game["agent"])
    state = _start(spec, setup)
    points = {p["move"]: p for p in game["points"]}
    seats = [*range(setup.players), None]
    where = "the setup (before the first move)"
    for move in range(len(game["actions"]) + 1):
        if move:
            text = game["actions"][move - 1]
            seat = state.to_act
            where = (f"move {move} ({text!r}" + ("" if seat is None else
                                                  f" by {state.label(seat)}") + ")")
            if seat is None:
                raise _Differs(where, "the game is already over")
            if _legal(state) != game["legal"][move - 1]:
                count = game["legal"][move - 1].partition(":")[0]
                raise _Differs(where, f"the legal actions before it changed ({count} "
                               f"before, now {len(state.legal_actions())}: "
                               f"{_short([a.to_text() for a in state.legal_actions()])})")
            start = len(state.events)
            try:
                state.apply(text)
            except TabletopError as e:
                raise _Differs(where, f"it no longer plays ({e})") from None
        else:
            start = 0
        _compare_events(game["events"][move], [_event(e) for e in state.events[start:]],
                        where)
        point = points.get(move)
        if point is None:
            continue
        if state.state_hash() != point["hash"]:
            raise _Differs(where, "the position's hash after it changed (to_data)")
        for seat, old, new, own in zip(seats, point["seen"], _seen(state, start),
                                       point["views"], strict=True):
            who = "a spectator" if seat is None else state.label(seat)
            _compare_events(old, new, f"{where}, {who}'s copy of its events", True)
            found = difference({**point["common"], **own}, _plain(state.view(seat)), "view")
            if found:
                raise _Differs(f"{where}, the view of {who}", found, shown_only=True)
    if not state.is_over and game["outcome"] is not None:
        raise _Differs(where, "the game no longer ends there")
    out = state.outcome()
    found = difference(game["outcome"], None if out is None else _plain(out.to_json()),
                       "outcome")
    if found:
        raise _Differs("the end", found)
    if state.state_hash() != game["final_hash"]:
        raise _Differs("the end", "the final hash changed")


def spec_file(spec: GameSpec) -> str:
    """Where the game's ``RULES_VERSION`` is set (relative to the repository when it is
    in it), for the message that says to bump it."""
    owner = spec.state if spec.state is not None else spec.factory
    package = getattr(owner, "__module__", "").rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.spec")
        path = Path(module.__file__ or "").resolve()
    except ImportError:
        return f"the GameSpec of {spec.id}"
    try:
        return str(path.relative_to(REPO))
    except ValueError:
        return str(path)


def bump_advice(spec: GameSpec) -> str:
    """What to do when the golden playthroughs of a game differ."""
    return (f"If the change is meant, bump RULES_VERSION in {spec_file(spec)} (now "
            f"{spec.rules_version!r}), so that old records are refused as another rules "
            f"version instead of failing to replay, and regenerate the golden playthroughs "
            f"with one command: {COMMAND}")


def check(spec: GameSpec, golden: Golden, data_dir: Path | None = None) -> str | None:
    """Replay a game's golden file: ``None`` when everything matches, else the message
    naming the game, the first difference and what to do."""
    if golden.format != FORMAT or golden.game != spec.id:
        return (f"{spec.id}: the golden file is of format {golden.format} for "
                f"{golden.game!r}; regenerate it with {COMMAND}")
    if golden.rules_version != spec.rules_version:
        return (f"{spec.id} now plays rules version {spec.rules_version!r}, its golden "
                f"playthroughs were made under version {golden.rules_version!r}: "
                f"regenerate them with {COMMAND}")
    want = [s.key() for s in setups(spec)]
    have = [Setup(g["players"], g["params"], g["seed"], g["agent"]).key()
            for g in golden.games]
    if want != have:
        return (f"{spec.id}: the golden file holds other games than the game's setups "
                f"(player counts, variants, agents) now give: regenerate it with {COMMAND}")
    data = data_digest(spec, data_dir)
    changed = sorted(k for k in data.keys() | golden.data.keys()
                     if data.get(k) != golden.data.get(k))
    files = f"data/{', data/'.join(changed)}" if changed else ""
    for n, game in enumerate(golden.games, 1):
        setup = Setup(game["players"], game["params"], game["seed"], game["agent"])
        try:
            _replay(spec, game)
        except _Differs as d:
            lines = [f"{spec.id}: golden game {n} ({setup.describe()}) differs at {d}."]
            if changed:
                lines.append(f"The card data changed too: {files}.")
            lines.append(bump_advice(spec) + ".")
            if d.shown_only and not changed:
                lines.append(f"(The moves, the events and the hashes are the same: if only "
                             f"what a view shows changed and no rule did, {COMMAND} alone "
                             "will do.)")
            return "\n".join(lines)
    if changed:
        return (f"{spec.id}: its card data changed ({files}) although no golden game shows "
                f"it. A changed card changes the rules. {bump_advice(spec)}. (A change no "
                f"game can notice, a comment or the layout, needs only {COMMAND}.)")
    return None


# --- files ------------------------------------------------------------------------------


def path_of(directory: Path, game: str) -> Path:
    """The golden file of ``game`` in ``directory``."""
    return directory / f"{game}.jsonl"


def load(directory: Path, game: str) -> Golden:
    """The golden file of ``game``; ``FileNotFoundError`` if there is none."""
    return Golden.loads(path_of(directory, game).read_text(encoding="utf-8"))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tabletop.testing.golden``: regenerate golden files (every installed
    game's, or the games named)."""
    parser = argparse.ArgumentParser(prog="python -m tabletop.testing.golden",
                                     description="Regenerate the golden playthroughs.")
    parser.add_argument("games", nargs="*", help="game ids (default: every installed game)")
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR,
                        help=f"where the golden files are (default: {DEFAULT_DIR})")
    args = parser.parse_args(argv)
    specs = [get_spec(g) for g in args.games] if args.games else registered_games()
    args.dir.mkdir(parents=True, exist_ok=True)
    for spec in specs:
        path = path_of(args.dir, spec.id)
        text = make(spec).dumps()
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            path.write_text(text, encoding="utf-8")
        state = "unchanged" if old == text else "written"
        print(f"{path}: {state} ({len(text.encode()) // 1024} KB, rules version "
              f"{spec.rules_version})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
