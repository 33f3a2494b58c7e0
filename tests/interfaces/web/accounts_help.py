"""Helpers of the accounts tests (issue 29, Players): people signed in on one test client
(each has a cookie jar of their own, swapped in for their requests), and a game played
to its end through the API."""

from __future__ import annotations

import random
from typing import Any

from .conftest import act, view, wait_until

GAME = "goofspiel"  # the template game: short, every seat acts each round
SHORT = {"cards": 3}


class Person:
    """One signed-in person on a shared test client: their cookies, sent with their own
    requests only; ``csrf`` is what their page's script would send."""

    def __init__(self, client: Any, name: str, password: str = "correct horse",
                 register: bool = True) -> None:
        self.client = client
        self.name = name
        self.cookies: dict[str, str] = {}
        if register:
            r = self.call("POST", "/api/register", json={"name": name, "password": password})
            assert r.status_code == 201, r.text

    @property
    def csrf(self) -> str:
        return self.cookies.get("tabletop_csrf", "")

    def call(self, method: str, path: str, csrf: bool = True, **kw: Any) -> Any:
        """A request with this person's cookies (and CSRF header unless ``csrf`` is
        false); the cookies it sets become theirs."""
        c = self.client
        c.cookies.clear()
        for k, v in self.cookies.items():
            c.cookies.set(k, v, domain="testserver.local")  # where the server's land
        headers = dict(kw.pop("headers", {}))
        if csrf and self.csrf:
            headers["X-CSRF-Token"] = self.csrf
        try:
            r = c.request(method, path, headers=headers, **kw)
        finally:
            self.cookies = {cookie.name: cookie.value or "" for cookie in c.cookies.jar}
            c.cookies.clear()
        return r


def rated_table(host: Person, guest: Person | None = None, *kinds: str, **extra: Any
                ) -> tuple[str, list[str]]:
    """A rated table of the short template game made by ``host`` (seat 0); seat 1 a
    person's taken by ``guest`` through its link, or the AI (``kinds``)."""
    seats = [{"kind": "human"}] + [{"kind": "ai", "difficulty": k} if k != "human"
                                   else {"kind": "human"} for k in (kinds or ("human",))]
    r = host.call("POST", "/api/tables", json={
        "game": GAME, "players": len(seats), "params": SHORT, "seats": seats,
        "rated": True, **extra})
    assert r.status_code == 201, r.text
    body = r.json()
    tid = body["table"]["id"]
    tokens = [s["token"] for s in body["seats"]]
    if guest is not None:
        r = guest.call("POST", f"/api/tables/{tid}/join",
                       json={"seat": 1, "token": tokens[1]})
        assert r.status_code == 200, r.text
    return tid, tokens


def play_out(client: Any, tid: str, tokens: list[str], seed: int = 0,
             prefer: dict[int, int] | None = None, moves: int | None = None
             ) -> dict[str, Any]:
    """Play the game to its end (or ``moves`` actions of its people) through the API by
    its people's tokens (the AI plays its own seats); ``prefer``: a seat's index into its
    sorted legal actions (0: its lowest card). Returns the table's line at the end."""
    rng = random.Random(seed)
    prefer = prefer or {}
    made = 0
    for _ in range(400):
        line = client.get(f"/api/tables/{tid}").json()
        if line["status"] == "over" or (moves is not None and made >= moves):
            return line  # type: ignore[no-any-return]
        moved = False
        for seat, token in enumerate(tokens):
            m = view(client, tid, token)
            if not m["legal"]:
                continue
            legal = sorted(m["legal"], key=_card)
            pick = legal[prefer[seat]] if seat in prefer else rng.choice(legal)
            r = act(client, tid, token, pick, m["version"])
            assert r.status_code in (200, 409), r.text
            moved = True
            made += r.status_code == 200
        if not moved:
            wait_until(lambda before=line: _progress(client, tid, before), timeout=30)
    raise AssertionError("the game did not end")


def concede(client: Any, tid: str, token: str) -> dict[str, Any]:
    """The seat of ``token`` concedes (the others win); returns the table's line."""
    r = client.post(f"/api/tables/{tid}/concede", headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text
    return wait_until(lambda: _over(client, tid))  # type: ignore[no-any-return]


def _over(client: Any, tid: str) -> dict[str, Any] | None:
    line = client.get(f"/api/tables/{tid}").json()
    return line if line["status"] == "over" else None


def _card(text: str) -> tuple[int, str]:
    digits = "".join(ch for ch in text if ch.isdigit())
    return (int(digits) if digits else 0, text)


def _progress(client: Any, tid: str, before: dict[str, Any]) -> bool:
    now = client.get(f"/api/tables/{tid}").json()
    return bool(now["status"] == "over" or now["to_act"] != before["to_act"]
                or now.get("thinking") != before.get("thinking"))
