"""Undo, takebacks and rematches (docs/web.md, "Undo and takebacks", "Rematch").

**Undo.** A person takes back their own last decision, and whatever followed it, as long
as nothing since it (its own events included) revealed hidden information to a person at
the table (an event flagged ``reveals``), no real-time strike was decided and no seat
conceded. Against the AI (no other person at the table) it happens at once; between people
it is a *takeback* offer that every other person must accept, and that lapses as soon as
the table moves on. Repeated, it goes back one decision of that person at a time.

An undo is recorded as what it is: the stored actions stay the game's canonical record
(the undone ones leave it), and a notice ``undo`` (or ``takeback``) records who took back
what; its public part says only who, the finished game's history also what (the
notation of an action, even how many were taken back, can be secret while the game runs).
Time spent stays spent: the clocks are not wound back.

**Rematch.** Once the game is over: the same game and settings, each seat moved one
place on (two players swap), AI seats with them. Against the AI at once; between people
when every person accepted. Each person sits at the new table with the token it already
holds, so its link reaches it through its own message only (``rematch``).
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from tabletop.core import Event, Record, State, get_spec, new_game, replay

from . import deckfiles
from .errors import ApiError
from .storage import NoticeRow, SeatRow, StorageError, StoreUnreachable, TableRow
from .tables import LiveTable, Offer

if TYPE_CHECKING:
    from .hub import Hub

KINDS = ("takeback", "rematch")
Answer = dict[str, object]  # what an offer's request answers (merged into the reply)


def undo_point(live: LiveTable, seat: int) -> int:
    """The number of actions to go back to for ``seat``'s takeback; 409 saying why not."""
    state = live.state
    if state.is_over:
        raise ApiError(409, "the game is over: nothing can be taken back")
    mine = [k for k, (s, by) in enumerate(zip(live.actors, live.by, strict=True))
            if s == seat and by == "person"]
    if not mine:
        raise ApiError(409, "you have made no decision to take back")
    k = mine[-1]
    for n in range(k, len(state.history)):
        text = state.history[n].to_text()
        if live.by[n] == "referee":
            raise ApiError(409, "a real-time strike was decided since your last decision: "
                           "it cannot be raced again")
        if text.startswith("concede"):
            raise ApiError(409, "a seat conceded since your last decision")
    start = len(_position(live, k).events)
    for e in state.events[start:]:
        if e.reveals:
            shown = _shown_to(e, live.people())
            if shown is not None:
                raise ApiError(409, "something hidden was revealed since your last decision "
                               f"({shown}): it cannot be taken back")
    return k


def _shown_to(event: Event, people: list[int]) -> str | None:
    """The sentence of a revealing event as a person at the table saw it in full (what
    it revealed included), or ``None`` if it revealed nothing to any person (a card the
    AI drew, which a person saw as "draws a card")."""
    for p in people:
        copy = event.seen_by(p)
        if copy is not None and copy.args == event.args:
            return copy.text.rstrip(".")
    return None


def _position(live: LiveTable, k: int) -> State:
    row = live.row
    record = Record(row.game, row.rules_version, {"players": row.players, **row.params},
                    row.seed, [a.to_text() for a in live.state.history[:k]], None, "0" * 64)
    return replay(record, files=deckfiles.of_row(row.options))


async def take_back(hub: Hub, live: LiveTable, seat: int, kind: str) -> int:
    """Go back to before ``seat``'s last decision (checked again under the lock); the
    number of actions the game has after it."""
    async with live.lock:
        k = undo_point(live, seat)
        state = _position(live, k)
        taken = [{"n": n, "seat": live.actors[n], "action": a.to_text(), "by": live.by[n]}
                 for n, a in enumerate(live.state.history) if n >= k]
        bump = live.bump_after(state, k)
        row = NoticeRow(len(live.notices), kind, seat, {},
                        {"taken_back": taken, "bump": bump}, hub.now())
        clock = live.clock
        if clock is not None:
            # The seat to act after the undo starts its turn; time spent stays spent.
            clock = clock.sync(state, live.people_playing(state), hub.now(), live.rtts())
        try:
            await asyncio.to_thread(hub.storage.rewind, live.row.id, k, row,
                                    None if clock is None else clock.to_json())
        except StoreUnreachable:
            raise  # 503 (ops.py): nothing applied; the same request may be tried again
        except StorageError:
            raise ApiError(409, "the takeback could not be stored; try again") from None
        live.rewound(state, k, bump)
        live.clock = clock
        live.notices.append(row)
    hub.changed(live)
    return k


def people_but(live: LiveTable, seat: int) -> list[int]:
    return [s for s in live.people() if s != seat]


async def _again(hub: Hub, live: LiveTable, step: Callable[[], Awaitable[Answer]]
                 ) -> Answer:
    """``step()``, and with several servers once more if the store refused its notice:
    another server wrote to the table first (a notice of the same number: an answer to
    the same offer, at the same moment), so the table is brought up to date, which
    makes the step see that answer too, as one server would have (the notices are the
    offers' truth); refused again, a 409."""
    try:
        return await step()
    except StoreUnreachable:
        raise  # 503 (ops.py): nothing applied
    except StorageError:
        if hub.cluster is None:
            raise
    await hub.catch_up_locked(live)
    try:
        return await step()
    except StoreUnreachable:
        raise
    except StorageError:
        raise ApiError(409, "the table changed meanwhile: try again") from None


async def propose(hub: Hub, live: LiveTable, seat: int, kind: str) -> Answer:
    """``seat`` asks for a takeback or a rematch: done at once when no other person must
    agree (or when this accepts an open offer of the same kind), else an offer."""
    _may_offer(live, seat, kind)
    if people_but(live, seat) and not any(o.kind == kind for o in live.offers):
        # A new offer: it takes one of the seat's offers (once, however often the step
        # is tried). The limit may be Redis' to say (shared.py), and the table may move
        # meanwhile: the step checks it again.
        wait = await hub.limit("offer", (live.row.id, seat))
        if wait:
            raise ApiError(429, f"too many offers: wait {wait:.0f} s",
                           retry_after=round(wait, 1))
    return await _again(hub, live, lambda: _propose(hub, live, seat, kind))


def _may_offer(live: LiveTable, seat: int, kind: str) -> None:
    """Refuse an offer of ``kind`` the table does not allow now (400, 409)."""
    if kind not in KINDS:
        raise ApiError(400, "kind must be takeback or rematch")
    if kind == "takeback":
        undo_point(live, seat)
    elif not live.state.is_over:
        raise ApiError(409, "a rematch is played once the game is over")
    elif live.row.rematch is not None:
        raise ApiError(409, f"the rematch is table {live.row.rematch}")


async def _propose(hub: Hub, live: LiveTable, seat: int, kind: str) -> Answer:
    _may_offer(live, seat, kind)
    same = next((o for o in live.offers if o.kind == kind), None)
    if same is not None and same.by != seat:
        return await _answer(hub, live, seat, same.id, "accept")
    if same is not None:
        raise ApiError(409, f"your {kind} offer is open already")
    if not people_but(live, seat):
        return await _carry_out(hub, live, seat, kind)
    # Its id is the number of the notice that records it: the same on every server (the
    # others learn of the offer from that notice: LiveTable.became).
    offer = Offer(len(live.notices), kind, seat, len(live.state.history))
    hub.add_notice(live, "offer", seat, secret={"at": offer.at}, offer=kind)
    live.offers.append(offer)  # (each change to the offers once its notice is stored)
    live.notify()
    return {"offer": offer.to_json()}


async def answer(hub: Hub, live: LiveTable, seat: int, offer_id: int, reply: str
                 ) -> Answer:
    """``seat`` accepts or declines an offer (its maker may withdraw it: ``cancel``). An
    acceptance that leaves others to accept is a notice (``accepted``), so that every
    server, and a restarted one, knows who has accepted so far."""
    return await _again(hub, live, lambda: _answer(hub, live, seat, offer_id, reply))


async def _answer(hub: Hub, live: LiveTable, seat: int, offer_id: int, reply: str
                  ) -> Answer:
    offer = next((o for o in live.offers if o.id == offer_id), None)
    if offer is None:
        raise ApiError(409, f"no open offer {offer_id} (it was answered, or the table moved "
                       "on)")
    if reply == "cancel":
        if offer.by != seat:
            raise ApiError(403, "only the one who made an offer withdraws it")
        hub.add_notice(live, "withdrawn", seat, offer=offer.kind)
        live.offers.remove(offer)
        live.notify()
        return {"offer": None}
    if offer.by == seat:
        raise ApiError(409, "you made this offer: the others answer it")
    if reply == "decline":
        hub.add_notice(live, "declined", seat, offer=offer.kind, by=offer.by)
        live.offers.remove(offer)
        live.notify()
        return {"offer": None}
    if reply != "accept":
        raise ApiError(400, "answer must be accept, decline or cancel")
    if set(people_but(live, offer.by)) <= offer.accepted | {seat}:
        done = await _carry_out(hub, live, offer.by, offer.kind)
        live.offers = [o for o in live.offers if o is not offer]
        return done
    hub.add_notice(live, "accepted", seat, offer=offer.kind, by=offer.by)
    offer.accepted.add(seat)
    live.notify()
    return {"offer": offer.to_json()}


async def _carry_out(hub: Hub, live: LiveTable, seat: int, kind: str) -> Answer:
    if kind == "takeback":
        others = people_but(live, seat)
        k = await take_back(hub, live, seat, "takeback" if others else "undo")
        return {"undone": True, "actions": k if live.state.is_over else None}
    rematch(hub, live)
    return {}  # the seat's message now holds ``rematch``: the table and its link


def rematch(hub: Hub, live: LiveTable) -> LiveTable:
    """The rematch table: the same game and settings, each seat one place on."""
    old = live.row
    n = old.players
    seats = []
    for s in old.seats:
        to = (s.seat + 1) % n
        seats.append(SeatRow(to, s.kind, s.difficulty, s.agent, s.token_hash,
                             joined=True, name=s.name, account=s.account))
    seats.sort(key=lambda r: r.seat)
    local = deckfiles.local_params(old.params, old.options)
    state = new_game(old.game, players=n, **get_spec(old.game).check_params(n, local))
    if local.get("cards") != old.params.get("cards"):  # its deck files, named as before
        state.params["cards"] = old.params["cards"]
    options = dict(old.options)
    if options.get("creator") is not None:
        options["creator"] = (options["creator"] + 1) % n
    row = TableRow(id=secrets.token_hex(6), game=old.game, rules_version=old.rules_version,
                   players=n, params=dict(state.params), seed=state.seed, open=False,
                   seats=seats, options=options, rematch_of=old.id)
    hub.storage.create(row)
    hub.storage.set_rematch(old.id, row.id)
    old.rematch = row.id
    new = hub.adopt(row, state)
    hub.add_notice(live, "rematch", None, table=row.id)
    live.notify()
    return new
