"""Engine speed: random playouts and state clones, measured through the core contract.

Decisions per second are what the rules engine delivers to a random player through the
checked path: ``legal_actions()``, a random choice, ``apply()`` (which checks legality
again). Clone time is the mean of ``State.clone()`` over positions sampled from those
playouts, since search clones far more often than it applies.

Both are timed in wall time and in this process's CPU time: on a shared machine the wall
clock counts the time other processes held the core, CPU time only ours (docs/performance.md
compares CPU time).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from tabletop import native
from tabletop.core import ParameterError, State, get_spec, new_game

# Keep one position in this many decisions for the clone measurement, at most this many.
_SAMPLE_EVERY = 7
_MAX_SAMPLES = 400


def bench(
    game_id: str,
    players: int | None = None,
    seconds: float = 2.0,
    seed: int = 0,
    params: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Measure the engine of ``game_id`` for about ``seconds`` of wall time.

    About 70% of the time plays random games (at least one, to the end) and 30% clones
    sampled positions (at least one pass over them). Returns a dict with
    ``decisions_per_s``, ``games_per_s``, ``clone_us`` (wall time), the same in CPU
    time (``decisions_per_cpu_s``, ``clone_cpu_us``, ``cpu_seconds``), the raw counts
    behind them and ``engine``: which engine ran, compiled or not (``tabletop.native``).
    """
    if not seconds > 0:
        raise ParameterError(f"seconds must be positive, not {seconds}")
    spec = get_spec(game_id)
    n = spec.default_players if players is None else players
    spec.check_params(n, dict(params or {}))
    rng = random.Random(seed)

    # One deal before the clock starts: loading and compiling the card files happens once
    # a process (radiant-arena's whole pool: about half a second), not once a decision.
    new_game(game_id, players=n, seed=seed, **dict(params or {}))
    samples: list[State] = []
    decisions = finished = 0
    budget = 0.7 * seconds
    start, cpu = time.perf_counter(), time.process_time()
    while finished == 0 or time.perf_counter() - start < budget:
        state = new_game(game_id, players=n, seed=seed + finished, **dict(params or {}))
        while state.to_act is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
            if decisions % _SAMPLE_EVERY == 0 and len(samples) < _MAX_SAMPLES:
                samples.append(state.clone())
        finished += 1
    play_time, play_cpu = time.perf_counter() - start, time.process_time() - cpu

    if not samples:  # a game shorter than _SAMPLE_EVERY decisions
        samples.append(new_game(game_id, players=n, seed=seed, **dict(params or {})))
    clones = 0
    budget = 0.3 * seconds
    start, cpu = time.perf_counter(), time.process_time()
    while clones == 0 or time.perf_counter() - start < budget:
        for s in samples:
            s.clone()
        clones += len(samples)
    clone_time, clone_cpu = time.perf_counter() - start, time.process_time() - cpu
    # process_time ticks finer than a playout on Linux; a floor keeps a ratio finite.
    play_cpu, clone_cpu = max(play_cpu, 1e-9), max(clone_cpu, 1e-9)

    return {
        "game": game_id,
        "players": n,
        "seconds": round(play_time + clone_time, 4),
        "decisions": decisions,
        "games": finished,
        "clones": clones,
        "decisions_per_s": decisions / play_time,
        "games_per_s": finished / play_time,
        "clone_us": clone_time / clones * 1e6,
        "cpu_seconds": round(play_cpu + clone_cpu, 4),
        "decisions_per_cpu_s": decisions / play_cpu,
        "clone_cpu_us": clone_cpu / clones * 1e6,
        "engine": native.STATUS,
    }
