"""The web server under load (issues 13 and 29, Measured): AI-vs-AI tables and a few people
on loopback, on SQLite and on PostgreSQL.

For each store (``--stores``) and each table count (``--tables 100,1000``) it starts
``tabletop serve`` (its own process group: the server and its AI pool), creates that many
AI-vs-AI tables through the HTTP API (easy AIs; half radiant-perim with three players,
half radiant-arena) and follows each with a spectator's WebSocket, creating a new table
whenever one ends, so that as many games are always running; meanwhile ``--people``
tables of people are played by this script through the API (a person looks at the
table, reads its seat's view, acts, thinks 50 ms). Once every table is running it
measures a window of ``--seconds``:

- actions applied per second, every table's (counted in the store: every action is
  committed before it is acknowledged), per wall-second and per CPU-second of the
  processes serving them (read from /proc: the server, its AI workers and, on
  PostgreSQL, the database's backends serving it), each also divided by the floor loop
  (../shared/bench/floor.py, timed at the start: per wall-second and per CPU-second of
  its own); and the CPU-milliseconds an action costs in each of those three parts;
- a person's action: p50 and p99 of the POST, until stored and answered;
- the CPU this script itself used (it shares the machine's cores with the server), and
  the machine's busy cores in the window (/proc/stat), less this run's: the others';
- the bound this run's own figures set (``bounds``): the tighter of the server processes'
  event loops (one core each at the server's CPU-ms an action) and the machine's cores
  at the CPU-ms an action of everything measured, this script included; the run's
  actions/s as a share of it, and of the bound with the cores the others left. Two
  workers' actions/s over one worker's can reach at most the two workers' bound over the
  one worker's actions/s.

``--workers N`` (with ``--redis URL``) passes the same options to ``tabletop serve`` when
it has them. Copy the figures into docs/performance.md (Web server) with the machine,
the date and how loaded the machine was. A bench, not a test: nothing here passes or
fails on a figure.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import secrets
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import floor_rates  # noqa: E402

POSTGRES = os.environ.get("TABLETOP_BENCH_POSTGRES",
                          os.environ.get("TABLETOP_TEST_POSTGRES",
                                         "postgresql://postgres@127.0.0.1:5432/test"))
# Every scripted client of the bench comes from one address: the per-address limits
# (docs/web.md, "Limits") are raised for it; the server's own totals stay as they are,
# but for the live connections (a spectator per table, up to --tables 5000).
ONE_ADDRESS = ["--limit", "create_burst=1000000", "--limit", "guest_tables=1000000",
               "--limit", "sockets_per_address=100000", "--limit", "sockets_total=20000"]
KINDS = [("radiant-perim", 3), ("radiant-arena", 2)]
CREATING = 16  # tables created at once
TICK = os.sysconf("SC_CLK_TCK")


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _stat(pid: int | str) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (state, ppid, pgrp, ...),
    or None for a process gone."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _cpu(fields: list[str]) -> float:
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def group_cpu(pgid: int, workers: int = 1) -> tuple[float, float]:
    """CPU seconds (user and system) used so far by a process group's live processes: the
    server's (HTTP, WebSockets, the store's calls, SQLite itself: the group's leader, and
    with ``workers`` > 1 its children too, uvicorn's workers under their supervisor) and
    the rest's (the AI pools' workers)."""
    servers = others = 0.0
    for entry in Path("/proc").iterdir():
        fields = _stat(entry.name) if entry.name.isdigit() else None
        if fields is None or int(fields[2]) != pgid:
            continue
        pid, parent = int(entry.name), int(fields[1])
        if pid == pgid or (workers > 1 and parent == pgid):
            servers += _cpu(fields)
        else:
            others += _cpu(fields)
    return servers, others


def machine_busy() -> float:
    """CPU seconds the machine's cores have been busy so far, whoever used them (every
    kind of time in /proc/stat's first line but idle and iowait)."""
    first = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    ticks = [int(x) for x in first[1:9]]  # user nice system idle iowait irq softirq steal
    return (sum(ticks) - ticks[3] - ticks[4]) / TICK


def bounds(f: dict[str, Any], workers: int, cores: int) -> dict[str, Any]:
    """The actions/s this run's own figures allow at most on this machine, the tighter of
    two limits: each server process's event loop is one thread (``workers`` cores at the
    server's CPU-ms an action), and every part measured (server, AI, database, this
    script) shares the machine's ``cores``; also what the cores the others left (busy
    with neither of those, e.g. other users, Redis) allowed. How close the run came to
    them says whether a run is held by its own code or by the machine."""
    per = f["cpu_ms_per_action"]
    actions = max(f["actions"], 1)
    everything_ms = per["server"] + per["ai"] + (per["database"] or 0.0) + \
        1000 * f["bench_cpu_s"] / actions
    loops = workers * 1000 / max(per["server"], 1e-9)
    machine = cores * 1000 / max(everything_ms, 1e-9)
    left = max(cores - f["others_cores"], 0.0) * 1000 / max(everything_ms, 1e-9)
    bound = min(loops, machine)
    return {"all_cpu_ms_per_action": round(everything_ms, 2), "loops_bound": loops,
            "machine_bound": machine, "left_bound": left, "bound": bound,
            "of_bound": f["actions_per_s"] / bound,
            "of_left": f["actions_per_s"] / max(min(loops, left), 1e-9)}


@dataclass
class Store:
    """Where a run's server keeps its tables: ``db`` for ``--db``, how to count the
    actions stored, and the CPU seconds the database's own processes used so far (None
    for SQLite: it works inside the server's process)."""

    db: str
    actions: Callable[[], int]
    cpu: Callable[[], float | None] = lambda: None


@dataclass
class Server:
    """``tabletop serve`` in its own process group, and its store."""

    proc: subprocess.Popen[bytes]
    url: str
    store: Store

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)  # its AI workers, if any is left


def start_server(folder: Path, store: Store, extra: list[str]) -> Server:
    port = _port()
    log = (folder / "server.log").open("ab")
    proc = subprocess.Popen(
        [sys.executable, "-c", "from tabletop.interfaces.cli.app import main; main()",
         "serve", "--port", str(port), "--db", store.db, "--no-open", *ONE_ADDRESS,
         *extra],
        stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        env={**os.environ, "TABLETOP_DATA": str(folder)})
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            if httpx.get(url + "/readyz", timeout=2).status_code == 200:
                return Server(proc, url, store)
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    Server(proc, url, store).stop()
    raise SystemExit(f"the server did not start: {(folder / 'server.log').read_text()[-2000:]}")


@contextlib.contextmanager
def sqlite_store(folder: Path) -> Iterator[Store]:
    path = folder / "web.sqlite3"

    def count() -> int:
        with contextlib.closing(sqlite3.connect(path, timeout=60)) as db:
            return int(db.execute("SELECT COUNT(*) FROM actions").fetchone()[0])

    yield Store(str(path), count)


@contextlib.contextmanager
def postgres_store() -> Iterator[Store]:
    """A fresh schema of the bench's PostgreSQL database, dropped at the end. The
    server's connections carry an application name of their own, so that the database's
    processes serving them (and their CPU) can be told from other clients'."""
    import psycopg

    name = f"tabletop_bench_{secrets.token_hex(4)}"
    url = (f"{POSTGRES}{'&' if '?' in POSTGRES else '?'}options=-csearch_path%3D{name}"
           f"&application_name={name}")
    with psycopg.connect(POSTGRES, autocommit=True, connect_timeout=5) as admin:
        admin.execute(f"CREATE SCHEMA {name}")
        seen: dict[int, float] = {}  # a backend's CPU when last read

        def count() -> int:
            row = admin.execute(f"SELECT COUNT(*) FROM {name}.actions").fetchone()
            return int(row[0]) if row else 0

        def cpu() -> float | None:
            # The backends serving the server now, and those seen before (a backend
            # whose connection closed keeps the CPU it had when last read).
            pids = [int(r[0]) for r in admin.execute(
                "SELECT pid FROM pg_stat_activity WHERE application_name = %s",
                (name,)).fetchall()]
            for pid in pids:
                fields = _stat(pid)
                if fields is not None:
                    seen[pid] = _cpu(fields)
            return sum(seen.values())

        try:
            yield Store(url, count, cpu)
        finally:
            admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")


def postgres_missing() -> str | None:
    """Why the PostgreSQL runs cannot be made here, or None."""
    try:
        import psycopg
    except ImportError:
        return "psycopg is not installed (pip install -e '.[postgres]')"
    try:
        psycopg.connect(POSTGRES, connect_timeout=5).close()
    except psycopg.Error as e:
        return f"no database at {POSTGRES} ({str(e).strip().splitlines()[0]})"
    return None


@dataclass
class Load:
    """What the scripted clients saw."""

    measuring: bool = False
    running: int = 0  # AI tables created and followed
    finished: int = 0  # AI games that ended in the window
    latencies: list[float] = field(default_factory=list)  # people's actions in the window
    person_actions: int = 0
    errors: list[str] = field(default_factory=list)


async def again(client: httpx.AsyncClient, method: str, url: str,
                **kwargs: Any) -> httpx.Response:
    """A request that changes nothing (or a table's creation), sent once more
    if the connection it went on was closed meanwhile: the server ends a keep-alive
    connection idle for 5 s, and a request sent just then on it is lost (seen under load:
    every process of the server alive, the request dropped)."""
    try:
        return await client.request(method, url, **kwargs)
    except (httpx.ReadError, httpx.RemoteProtocolError):
        return await client.request(method, url, **kwargs)


async def create_ai_table(client: httpx.AsyncClient, gate: asyncio.Semaphore,
                          i: int) -> str:
    game, players = KINDS[i % len(KINDS)]
    async with gate:
        r = await again(client, "POST", "/api/tables", json={
            "game": game, "players": players,
            "seats": [{"kind": "ai", "difficulty": "easy"}] * players})
    r.raise_for_status()
    return str(r.json()["table"]["id"])


async def ai_tables(client: httpx.AsyncClient, url: str, gate: asyncio.Semaphore, i: int,
                    load: Load, stop: asyncio.Event) -> None:
    """One AI-vs-AI table after another, each followed by a spectator until it ends."""
    first = True
    while not stop.is_set():
        tid = await create_ai_table(client, gate, i)
        ws_url = url.replace("http://", "ws://") + f"/api/tables/{tid}/ws"
        async with websockets.connect(ws_url, max_size=None, ping_interval=None,
                                      open_timeout=120) as ws:
            await ws.send("{}")
            while not stop.is_set():
                msg = json.loads(await ws.recv())
                if first:
                    load.running += 1
                    first = False
                if msg.get("table", {}).get("status") == "over":
                    if load.measuring:
                        load.finished += 1
                    break


async def person_table(client: httpx.AsyncClient, load: Load, stop: asyncio.Event,
                       seed: int) -> None:
    """Tables of two people played by this script until ``stop``: the public view (whose
    turn), the seat's view (its legal actions), the action (timed), a 50 ms thought."""
    rng = random.Random(seed)
    while not stop.is_set():
        r = await again(client, "POST", "/api/tables", json={
            "game": "radiant-perim", "players": 2, "seats": [{"kind": "human"}] * 2})
        r.raise_for_status()
        tid = r.json()["table"]["id"]
        tokens = [s["token"] for s in r.json()["seats"]]
        while not stop.is_set():
            public = (await again(client, "GET", f"/api/tables/{tid}/view")).json()
            if public["table"]["status"] == "over":
                break
            seat = public["view"]["to_act"]
            mine = (await again(client, "GET", f"/api/tables/{tid}/view",
                                headers={"X-Seat-Token": tokens[seat]})).json()
            counted = load.measuring
            t0 = time.perf_counter()
            try:
                r = await client.post(f"/api/tables/{tid}/actions",
                                      headers={"X-Seat-Token": tokens[seat]},
                                      json={"action": rng.choice(mine["legal"]),
                                            "version": mine["version"]})
            except (httpx.ReadError, httpx.RemoteProtocolError) as e:
                load.errors.append(f"the action's connection was lost ({e!r})")
                continue  # not sent again: it may have been applied
            took = time.perf_counter() - t0
            if r.status_code != 200:
                load.errors.append(f"{r.status_code} {r.text[:200]}")
            elif counted and load.measuring:
                load.latencies.append(took)
                load.person_actions += 1
            await asyncio.sleep(0.05)  # a person thinks a little between actions


async def measure(server: Server, tables: int, people: int, seconds: float,
                  warmup: float, workers: int = 1) -> dict[str, Any]:
    load = Load()
    stop = asyncio.Event()
    gate = asyncio.Semaphore(CREATING)
    async with httpx.AsyncClient(base_url=server.url, timeout=120,
                                 # Idle connections are let go before the server's 5 s.
                                 limits=httpx.Limits(max_connections=CREATING + people,
                                                     keepalive_expiry=2.0)
                                 ) as client:
        started = time.perf_counter()
        tasks = [asyncio.create_task(ai_tables(client, server.url, gate, i, load, stop))
                 for i in range(tables)]
        tasks += [asyncio.create_task(person_table(client, load, stop, i))
                  for i in range(people)]
        while load.running < tables:
            if any(t.done() for t in tasks):
                break  # one failed: its error is raised below
            await asyncio.sleep(0.2)
        setup = time.perf_counter() - started
        await asyncio.sleep(warmup)
        done = [t for t in tasks if t.done()]
        for t in done:
            t.result()  # a task that failed says why
        store = server.store
        a0, (srv0, ai0), db0 = store.actions(), group_cpu(server.proc.pid, workers), store.cpu()
        mine0, busy0 = time.process_time(), machine_busy()
        t0 = time.perf_counter()
        load.measuring = True
        await asyncio.sleep(seconds)
        load.measuring = False
        wall = time.perf_counter() - t0
        a1, (srv1, ai1), db1 = store.actions(), group_cpu(server.proc.pid, workers), store.cpu()
        mine1, busy1 = time.process_time(), machine_busy()
        stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(load.latencies)
    qs = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) > 1 else [
        float("nan")] * 99
    actions = a1 - a0
    srv, ai = srv1 - srv0, ai1 - ai0
    db = None if db0 is None or db1 is None else db1 - db0
    cpu = srv + ai + (db or 0.0)
    per = 1000 / max(actions, 1)  # CPU-ms per action
    # The machine's busy cores less this run's (server, AI, database, this script): the
    # others' (other users, Redis, PostgreSQL's own background processes).
    others = max(0.0, (busy1 - busy0) - cpu - (mine1 - mine0)) / wall
    fig = {"tables": tables, "people": people, "setup_s": round(setup, 1),
            "window_s": round(wall, 1), "actions": actions,
            "actions_per_s": actions / wall, "server_cpu_s": round(cpu, 1),
            "server_cores": cpu / wall, "actions_per_cpu_s": actions / max(cpu, 1e-9),
            "cpu_ms_per_action": {"server": round(srv * per, 2), "ai": round(ai * per, 2),
                                  "database": None if db is None else round(db * per, 2)},
            "bench_cpu_s": round(mine1 - mine0, 1), "ai_games_finished": load.finished,
            "person_actions": load.person_actions, "p50_ms": qs[49] * 1000,
            "p99_ms": qs[98] * 1000, "errors": load.errors[:5],
            "machine_cores": (busy1 - busy0) / wall, "others_cores": others}
    fig.update(bounds(fig, workers, os.cpu_count() or 1))
    return fig


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", "--games", default="100",
                    help="AI-vs-AI tables running at once; several: 100,1000")
    ap.add_argument("--people", type=int, default=8, help="tables of people played meanwhile")
    ap.add_argument("--seconds", type=float, default=30.0, help="the measured window")
    ap.add_argument("--warmup", type=float, default=3.0,
                    help="seconds between every table running and the window")
    ap.add_argument("--stores", default="sqlite,postgres",
                    help="sqlite, postgres or both (postgres is left out, saying why, "
                    "where there is no database)")
    ap.add_argument("--workers", type=int, default=None,
                    help="tabletop serve --workers N (PostgreSQL; with --redis)")
    ap.add_argument("--redis", default=None, help="tabletop serve --redis URL")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    counts = [int(n) for n in str(args.tables).split(",")]
    stores = [s.strip() for s in args.stores.split(",") if s.strip()]
    extra = ([] if args.workers is None else ["--workers", str(args.workers)]) + \
        ([] if args.redis is None else ["--redis", args.redis])
    floor_wall, floor_cpu = floor_rates(2.0)
    load_avg = os.getloadavg()[0]
    rows = []
    missing = postgres_missing() if "postgres" in stores else None
    for store in stores:
        if store == "postgres" and missing:
            print(f"web load: no PostgreSQL runs: {missing}", file=sys.stderr)
            continue
        if store == "sqlite" and args.workers:
            print("web load: --workers needs PostgreSQL; the SQLite runs are one process",
                  file=sys.stderr)
        for n in counts:
            with tempfile.TemporaryDirectory(prefix="tabletop-load-") as tmp:
                folder = Path(tmp)
                opened = sqlite_store(folder) if store == "sqlite" else postgres_store()
                with opened as where:
                    server = start_server(folder, where,
                                          extra if store == "postgres" else [])
                    try:
                        fig = asyncio.run(measure(
                            server, n, args.people, args.seconds, args.warmup,
                            (args.workers or 1) if store == "postgres" else 1))
                    except Exception:
                        # What the server said is gone with its folder: shown first.
                        tail = (folder / "server.log").read_text(errors="replace")[-4000:]
                        group = subprocess.run(
                            ["ps", "-o", "pid,ppid,etimes,args", "-g", str(server.proc.pid)],
                            capture_output=True, text=True, check=False).stdout
                        print(f"web load: the run failed; the server's log ends:\n{tail}\n"
                              f"its processes now (etimes: seconds since each started):\n"
                              f"{group}", file=sys.stderr)
                        raise
                    finally:
                        server.stop()
            fig["store"] = store
            fig["workers"] = (args.workers or 1) if store == "postgres" else 1
            fig["redis"] = store == "postgres" and args.redis is not None
            fig["floor_per_wall_s"] = floor_wall
            fig["floor_per_cpu_s"] = floor_cpu
            fig["per_floor"] = fig["actions_per_s"] / floor_wall
            fig["per_cpu_floor"] = fig["actions_per_cpu_s"] / floor_cpu
            rows.append(fig)
            if not args.json:
                print(_line(fig), flush=True)
    if args.json:
        print(json.dumps({"when": datetime.now(UTC).isoformat(), "load": load_avg,
                          "rows": rows}))
        return 0
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"{now}  {platform.machine()} ({os.cpu_count()} cores)  Python "
          f"{platform.python_version()}  floor {floor_wall:,.0f} steps per wall-s, "
          f"{floor_cpu:,.0f} per CPU-s  load average {load_avg:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end")
    return 0


def _line(f: dict[str, Any]) -> str:
    who = f"{f['store']} x{f['workers']}" + (" +redis" if f["redis"] else "")
    return (f"{who:<18} {f['tables']:>5} tables + {f['people']} people: "
            f"{f['actions_per_s']:7.1f} actions/s (÷floor {f['per_floor']:.6f}), "
            f"{f['actions_per_cpu_s']:6.1f} per CPU-s (÷floor "
            f"{f['per_cpu_floor']:.6f}; {f['server_cpu_s']} CPU-s in "
            f"{f['window_s']} s = {f['server_cores']:.2f} cores; CPU-ms an action: "
            + ", ".join(f"{k} {v}" for k, v in f["cpu_ms_per_action"].items()
                        if v is not None)
            + f"; bench {f['bench_cpu_s']} CPU-s); a person's action p50 "
            f"{f['p50_ms']:.0f} ms, "
            f"p99 {f['p99_ms']:.0f} ms ({f['person_actions']} actions); "
            f"{f['ai_games_finished']} games ended; set up in {f['setup_s']} s; "
            f"bound {f['bound']:.0f} actions/s, the tighter of {f['workers']} event "
            f"loop(s) ({f['loops_bound']:.0f}) and {os.cpu_count()} cores at "
            f"{f['all_cpu_ms_per_action']} CPU-ms an action of all measured, this script's "
            f"too ({f['machine_bound']:.0f}): {100 * f['of_bound']:.0f}% of it; others "
            f"used {f['others_cores']:.2f} cores, leaving {f['left_bound']:.0f} "
            f"({100 * f['of_left']:.0f}%)"
            + (f"; errors {f['errors']}" if f["errors"] else ""))


if __name__ == "__main__":
    sys.exit(main())
