"""A bot that plays on a tabletop server through its HTTP and WebSocket API, as a
researcher's agent would (docs/web.md, "Bots").

Make the bot's account once, signed in as yourself (its token is shown only then)::

    curl -X POST http://127.0.0.1:8000/api/bots -H 'Content-Type: application/json' \\
         -H "X-CSRF-Token: $CSRF" --cookie "tabletop_session=...; tabletop_csrf=$CSRF" \\
         -d '{"name": "robo"}'

or from the lobby's browser console. Then::

    python examples/bot_client.py --server http://127.0.0.1:8000 --token bot_... \\
        --game radiant-arena --against normal --rated --games 3

makes a rated table against the AI at that difficulty (``--open`` lists it in the lobby
for a person instead, and waits for one) and plays its seat: the bot signs in with
``Authorization: Bearer <token>``, which makes the seat its account's, then plays with
the same token in ``X-Seat-Token`` (and the WebSocket's first message) like a browser
with a seat's, woken by the table's WebSocket.

The bot decides with one of our agents from the seat's view and legal actions alone, as
the server sends them (``--agent``, default: the game's ``heuristic``, else ``greedy``,
else ``random``). The ISMCTS agent searches determinizations of the true state (a
:class:`~tabletop.agents.base.Resampler`), which a remote client never has: a bot can only
run it where it rebuilds a state consistent with its seat's events itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from typing import Any

import httpx
import websockets

from tabletop.agents.base import make_agent
from tabletop.core import TabletopError, new_game

PREFERRED = ("heuristic", "greedy", "random")


class Bot:
    """One bot account on one server."""

    def __init__(self, server: str, token: str, agent: str | None, seed: int = 0) -> None:
        self.server = server.rstrip("/")
        self.token = token
        self.http = httpx.Client(base_url=self.server, timeout=30,
                                 headers={"Authorization": f"Bearer {token}"})
        self.agent_name = agent
        self.rng = random.Random(seed)

    def create(self, game: str, against: str | None, rated: bool, open_: bool
               ) -> tuple[str, str]:
        """A new table with the bot in seat 0 (and the AI at ``against``, or a seat for
        a person); returns its id and the bot's seat token (the bot plays with its own
        token, which acts for the seat too)."""
        seats = [{"kind": "human"}, {"kind": "ai", "difficulty": against} if against
                 else {"kind": "human"}]
        r = self.http.post("/api/tables", json={"game": game, "players": 2, "seats": seats,
                                                "rated": rated, "open": open_})
        r.raise_for_status()
        body = r.json()
        mine = next(s for s in body["seats"] if s["seat"] == body["you"])
        return body["table"]["id"], mine["token"]

    def agent(self, line: dict[str, Any]) -> tuple[Any, Any]:
        """The agent, and a local game of the table's kind that reads its notation."""
        game = line["game"]
        names = [self.agent_name] if self.agent_name else list(PREFERRED)
        for name in names:
            try:
                agent = make_agent(name, game, self.rng.randrange(2**31))
                break
            except TabletopError:
                continue
        else:
            raise SystemExit(f"no agent of {names} plays {game}")
        params = {k: v for k, v in line["params"].items() if v is not None}
        try:
            reader = new_game(game, players=line["players"], **params)
        except TabletopError:
            reader = new_game(game, players=line["players"])
        return agent, reader

    def choose(self, agent: Any, reader: Any, view: dict[str, Any], legal: list[str]) -> str:
        try:
            actions = [reader.parse_action(t) for t in legal]
            return str(agent.act(view, actions).to_text())
        except TabletopError:
            return self.rng.choice(legal)  # a notation this reader cannot place

    async def play(self, table: str, token: str | None = None) -> dict[str, Any]:
        """Play the bot's seat until the game is over (``token``: a seat's token; by
        default the bot's own); returns the table's line."""
        token = token or self.token
        seat = {"X-Seat-Token": token}
        line = self.http.get(f"/api/tables/{table}").json()
        agent, reader = self.agent(line)
        ws_url = self.server.replace("http", "ws", 1) + f"/api/tables/{table}/ws"
        async with websockets.connect(ws_url) as ws:
            await ws.send(json.dumps({"token": token}))
            while True:
                m = self.http.get(f"/api/tables/{table}/view", headers=seat).json()
                if m["table"]["status"] == "over":
                    return dict(m["table"])
                if m["legal"]:
                    text = self.choose(agent, reader, m["view"], m["legal"])
                    r = self.http.post(f"/api/tables/{table}/actions", headers=seat,
                                       json={"action": text, "version": m["version"]})
                    if r.status_code not in (200, 409):  # 409: the table moved on
                        raise SystemExit(f"refused: {r.json().get('error')}")
                    continue
                await ws.recv()  # wait until something changes at the table


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--server", default="http://127.0.0.1:8000")
    p.add_argument("--token", required=True, help="the bot account's token (bot_...)")
    p.add_argument("--game", default="radiant-arena")
    p.add_argument("--against", choices=("easy", "normal", "hard"), default="normal",
                   help="the AI's difficulty (with --open: a person instead)")
    p.add_argument("--open", action="store_true", help="wait for a person at an open table")
    p.add_argument("--rated", action="store_true")
    default = ", else ".join(PREFERRED)
    p.add_argument("--agent", default=None, help=f"an agent name (default: {default})")
    p.add_argument("--games", type=int, default=1)
    args = p.parse_args(argv)
    bot = Bot(args.server, args.token, args.agent)
    for _ in range(args.games):
        table, _ = bot.create(args.game, None if args.open else args.against,
                                  args.rated, args.open)
        print(f"table {table}: {args.server}/table/{table}", flush=True)
        line = asyncio.run(bot.play(table))
        out = line.get("outcome") or {}
        print(f"table {table} over: winners {out.get('winners')} ({out.get('reason')})")
    me = bot.http.get("/api/me").json()["account"]
    print(json.dumps(bot.http.get(f"/api/players/{me['name']}").json()["ratings"], indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
