"""The web server under load (issue 13): 100 concurrent AI-vs-AI games on loopback, and
the latency of a person's action meanwhile.

Starts ``tabletop serve`` on a temporary SQLite file (AI seats in its process pool),
creates the AI tables through the HTTP API and follows each with a spectator's WebSocket
until it ends, while a few tables of people are played through the API by this script
(each action a POST answered once it is stored). Prints the actions applied per second
(every table, AI and people), the p50 and p99 latency of a person's action, and the
floor loop (../shared/bench/floor.py) timed in the same run. Copy the figures into
docs/performance.md (Web server).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import floor_steps_per_s  # noqa: E402


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# Every scripted client of the bench comes from one address: the per-address limits
# (docs/web.md, "Limits") are raised for it; the server's own totals stay as they are.
ONE_ADDRESS = ["--limit", "create_burst=100000", "--limit", "guest_tables=100000",
               "--limit", "sockets_per_address=100000"]


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _port()
    proc = subprocess.Popen(
        [sys.executable, "-c", "from tabletop.interfaces.cli.app import main; main()",
         "serve", "--port", str(port), "--db", str(folder / "web.sqlite3"), "--no-open",
         *ONE_ADDRESS],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "TABLETOP_DATA": str(folder)})
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def follow(url: str, tid: str) -> int:
    """A spectator's WebSocket until the table is over; returns its actions."""
    ws_url = url.replace("http://", "ws://") + f"/api/tables/{tid}/ws"
    async with websockets.connect(ws_url, max_size=None) as ws:
        await ws.send("{}")
        while True:
            msg = json.loads(await ws.recv())
            if msg["table"]["status"] == "over":
                return int(msg["table"]["actions"])


async def person_table(client: httpx.AsyncClient, game: str, players: int,
                       stop: asyncio.Event, latencies: list[float], seed: int) -> int:
    """A table of people played by this script until ``stop``; returns its actions."""
    r = await client.post("/api/tables", json={
        "game": game, "players": players, "seats": [{"kind": "human"}] * players})
    tid = r.json()["table"]["id"]
    tokens = [s["token"] for s in r.json()["seats"]]
    rng = random.Random(seed)
    done = 0
    while not stop.is_set():
        public = (await client.get(f"/api/tables/{tid}/view")).json()
        if public["table"]["status"] == "over":
            break
        seat = public["view"]["to_act"]
        m = (await client.get(f"/api/tables/{tid}/view",
                              headers={"X-Seat-Token": tokens[seat]})).json()
        t0 = time.perf_counter()
        r = await client.post(f"/api/tables/{tid}/actions",
                              headers={"X-Seat-Token": tokens[seat]},
                              json={"action": rng.choice(m["legal"]), "version": m["version"]})
        latencies.append(time.perf_counter() - t0)
        assert r.status_code == 200, r.text
        done += 1
        await asyncio.sleep(0.05)  # a person thinks a little between actions
    return done


async def run(url: str, games: int, people: int) -> dict[str, float]:
    async with httpx.AsyncClient(base_url=url, timeout=60,
                                 limits=httpx.Limits(max_connections=200)) as client:
        tids = []
        kinds = [("radiant-perim", 3), ("radiant-arena", 2)]
        for i in range(games):
            game, players = kinds[i % 2]
            r = await client.post("/api/tables", json={
                "game": game, "players": players,
                "seats": [{"kind": "ai", "difficulty": "easy"}] * players})
            tids.append(r.json()["table"]["id"])
        t0 = time.perf_counter()
        stop = asyncio.Event()
        latencies: list[float] = []
        people_tasks = [asyncio.create_task(person_table(
            client, "radiant-perim", 2, stop, latencies, i)) for i in range(people)]
        ai_actions = await asyncio.gather(*(follow(url, t) for t in tids))
        elapsed = time.perf_counter() - t0
        stop.set()
        person_actions = sum(await asyncio.gather(*people_tasks))
    qs = statistics.quantiles(latencies, n=100)
    return {"games": games, "seconds": elapsed, "ai_actions": sum(ai_actions),
            "person_actions": person_actions,
            "actions_per_s": (sum(ai_actions) + person_actions) / elapsed,
            "p50_ms": qs[49] * 1000, "p99_ms": qs[98] * 1000,
            "latency_samples": len(latencies)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=100, help="concurrent AI-vs-AI tables")
    ap.add_argument("--people", type=int, default=4, help="tables of people played meanwhile")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    floor = floor_steps_per_s(2.0)
    with tempfile.TemporaryDirectory(prefix="tabletop-load-") as folder:
        proc, url = start_server(Path(folder))
        try:
            fig = asyncio.run(run(url, args.games, args.people))
        finally:
            proc.terminate()
            proc.wait(10)
    fig["floor_steps_per_s"] = floor or float("nan")
    if floor:
        fig["actions_per_floor_step"] = fig["actions_per_s"] / floor
    load = os.getloadavg()[0]
    if args.json:
        print(json.dumps(fig))
        return 0
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"{now}  {platform.machine()}  Python {platform.python_version()}  "
          f"floor {floor or float('nan'):,.0f} steps/s  load average {load:.1f}")
    print(f"web load: {fig['games']} AI-vs-AI tables (easy AIs, radiant-perim 3p and "
          f"radiant-arena), {args.people} tables of people, {fig['seconds']:.1f} s")
    print(f"  actions/s {fig['actions_per_s']:>10,.0f}  (÷floor "
          f"{fig.get('actions_per_floor_step', float('nan')):.5f}; {fig['ai_actions']:,} AI "
          f"and {fig['person_actions']:,} people's actions)")
    print(f"  a person's action: p50 {fig['p50_ms']:.1f} ms, p99 {fig['p99_ms']:.1f} ms "
          f"({fig['latency_samples']} actions, POST until stored and answered)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
