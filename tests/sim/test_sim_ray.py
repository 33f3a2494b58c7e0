"""The Ray backend: the same records as the local pool (as a set, by hash), streamed to
the same output file by the same commands; a worker killed mid-run loses only its
unfinished games, which are rerun, so every game comes back exactly once; a cluster that
cannot be reached is one clear error (issue 16, "Ray backend" and "Bad input").

One local Ray (two CPUs) serves the whole module; tests/conftest.py keeps these tests
in one xdist worker, so a single Ray starts on the machine.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop.core import Record, verify
from tabletop.interfaces.cli.app import app
from tabletop.sim import Standings, simulate, tournament
from tabletop.sim.backend import BackendError
from tabletop.sim.ray_backend import connect, run_ray
from tabletop.sim.simulate import run_game

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    import ray

    started = connect(2, None)
    yield
    if started:
        ray.shutdown()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))


def _chunk_workers() -> list[int]:
    """The pids of Ray workers playing a chunk now (Ray titles them ``ray::play_chunk``)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:  # the process ended meanwhile
                continue
            if cmd.startswith("ray::play_chunk"):
                pids.append(int(entry.name))
    return pids


def _hashes(lines: list[str]) -> set[str]:
    return {hashlib.sha256(line.encode()).hexdigest() for line in lines}


def _lines(path: Path) -> list[str]:
    return [line for line in path.read_text().splitlines() if line.strip()]


def test_simulate_on_ray_gives_the_local_records() -> None:
    args = ("radiant-perim", 3, ["greedy", "random", "random"], 12)
    local = [r.record for r in simulate(*args, seed=40)]
    on_ray = [r.record for r in simulate(*args, seed=40, workers=2, backend="ray")]
    assert len(on_ray) == 12 and _hashes(on_ray) == _hashes(local)


def test_tournament_on_ray_gives_the_local_games_and_standings() -> None:
    args = ("radiant-arena", ["random", "heuristic"], 6)
    local, on_ray = Standings(["random", "heuristic"]), Standings(["random", "heuristic"])
    local_records, ray_records = [], []
    for g in tournament(*args, seed=2, workers=2):
        local.add(g)
        local_records.append(g.result.record)
    for g in tournament(*args, seed=2, workers=2, backend="ray"):
        on_ray.add(g)
        ray_records.append(g.result.record)
    assert _hashes(ray_records) == _hashes(local_records) and len(ray_records) == 6
    assert on_ray.to_json() == local.to_json()


def test_a_balance_report_on_ray_is_the_local_one() -> None:
    """`tabletop balance --backend ray` (issue 26): the games are tallied in Ray tasks,
    come back in any order, and fold into the report the local backend gives."""
    from tabletop.sim.balance import balance_games, new_report

    reports = []
    for backend in ("local", "ray"):
        r = new_report("hoshi-battle")
        for g in balance_games("hoshi-battle", 6, ["random", "heuristic"], seed=9,
                               workers=2, backend=backend):
            r.add(g)
        reports.append(r.to_json())
    assert reports[0] == reports[1] and reports[1]["games"] == 6


@pytest.mark.parametrize("command", [
    ["simulate", "radiant-perim", "--games", "10", "--players", "4", "--agents",
     "greedy,random", "--seed", "7"],
    ["tournament", "radiant-perim", "--agents", "random,greedy,heuristic", "--games", "4",
     "--players", "2", "--seed", "3"],
])
def test_the_commands_on_ray_write_the_same_records(command: list[str], tmp_path: Path,
                                                    ) -> None:
    """`--backend ray` streams every record, complete, to --out; the set of records and
    the summary are those of the local pool."""
    runner = CliRunner()
    outs = {}
    for backend in ("local", "ray"):
        out = tmp_path / f"{backend}.jsonl"
        result = runner.invoke(app, [*command, "--workers", "2", "--backend", backend,
                                     "--out", str(out), "--json"])
        assert result.exit_code == 0, result.output
        summary = json.loads(result.stdout)
        for key in ("seconds", "games_per_s", "out"):
            summary.pop(key, None)
        outs[backend] = (_lines(out), summary)
    (local, local_summary), (on_ray, ray_summary) = outs["local"], outs["ray"]
    assert len(on_ray) == len(local) and _hashes(on_ray) == _hashes(local)
    assert ray_summary == local_summary
    for line in on_ray[:3]:
        verify(Record.from_json(json.loads(line)))


def test_a_killed_worker_loses_only_its_unfinished_games() -> None:
    """Kill a Ray worker while it plays a chunk: its unfinished games are rerun elsewhere,
    and every game comes back exactly once, with the record the local pool plays."""
    jobs = [(i, "radiant-perim", 2, ("ismcts:10", "random"), 500 + i, {}) for i in range(8)]
    results = []
    killed = []
    stream = run_ray(jobs, 2, chunk=2)
    for result in stream:
        results.append(result)
        if not killed:
            deadline = time.monotonic() + 30
            while not killed and time.monotonic() < deadline:
                for pid in _chunk_workers():
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
                    break
                else:
                    time.sleep(0.05)
    assert killed, "no worker was playing a chunk to kill"
    indices = [r.index for r in results]
    assert sorted(indices) == list(range(8))  # no gap, no duplicate
    assert {r.record for r in results} == {run_game(j).record for j in jobs}


def test_rays_messages_about_workers_go_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27, "Ray: worker messages to stderr": the driver's message about a dead
    worker is printed to stderr, so ``simulate --backend ray --json`` stays JSON on
    stdout after a worker dies."""
    from ray._private import worker

    connect(2, None)
    capsys.readouterr()
    worker.print_to_stdstream({"lines": ["A worker died or was killed"], "pid": "raylet",
                               "is_err": False}, False)
    out, err = capsys.readouterr()
    assert out == "" and "A worker died or was killed" in err


def test_an_unreachable_cluster_is_one_clear_error(tmp_path: Path) -> None:
    out = tmp_path / "never.jsonl"
    result = CliRunner().invoke(app, ["simulate", "radiant-perim", "--games", "3",
                                      "--backend", "ray", "--address", "127.0.0.1:9",
                                      "--out", str(out)])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        "error: cannot reach the Ray cluster at 127.0.0.1:9: Connection refused"]
    assert not out.exists()
    with pytest.raises(BackendError, match="cannot read the Ray address"):
        list(simulate("radiant-perim", 2, ["random", "random"], 2, backend="ray",
                      address="nowhere"))


def test_a_chunk_sends_fast_games_together_and_slow_ones_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27, "Ray with one worker not slower than the plain process": each result a
    task yields costs Ray about a millisecond, more than a fast game, so a chunk yields its
    finished games together, at most every BATCH_S; a game longer than that comes back as
    soon as it ends. Every game once, in order."""
    from tabletop.sim import ray_backend

    jobs = [(i, "goofspiel", 2, ("random", "random"), 40 + i, {}) for i in range(6)]
    monkeypatch.setattr(ray_backend, "BATCH_S", 60.0)
    batches = list(ray_backend.play_chunk(jobs))
    assert [[r.index for r in b] for b in batches] == [list(range(6))]
    monkeypatch.setattr(ray_backend, "BATCH_S", 0.0)  # every game "slow"
    batches = list(ray_backend.play_chunk(jobs))
    assert [[r.index for r in b] for b in batches] == [[i] for i in range(6)]
    assert [r.record for b in batches for r in b] == [run_game(j).record for j in jobs]
    assert ray_backend.chunksize(3000, 1) == ray_backend.CHUNK_MAX
    assert ray_backend.chunksize(8, 2) == 1
