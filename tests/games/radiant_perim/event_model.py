"""A small model of the table built from events only, for tests.

It folds one seat's copies of the events (``state.events_for(seat)``; ``None`` for a
spectator) into what that seat knows: scores, cubes, coins, the pool, the deck's size,
each hand's size and its known and known-missing cards, captured piles, revealed melds,
the battle tracker and the battle in progress (and, for a seat, its own hand, secret
melds and captured cards). :meth:`Table.public` gives the same facts as the seat's view
so a test can compare them. It reads kinds and fields only, never the sentences, and
knows the rules only as far as folding needs (who wins a battle so far).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tabletop.core import Event

RANKS = ("assassin", "elder", "scout", "mount", "knight", "phalanx")


class Table:
    """What one seat (or a spectator) knows, from events alone."""

    def __init__(self, players: int, regions: list[str], me: int | None) -> None:
        self.players, self.me = players, me
        self.sides = 2 if players == 4 else players
        self.regions = regions
        self.scores = [0] * self.sides
        self.silver = dict.fromkeys(regions, 0)
        self.copper = dict.fromkeys(regions, 0)
        self.control: dict[str, int | None] = dict.fromkeys(regions, None)
        self.age = self.dealer = 0
        self.radiant = ""
        self.phase = ""
        self.pool: list[str | None] = [None] * 9
        self.deck = 0
        self.count = [0] * players
        self.known = [Counter[str]() for _ in range(players)]
        self.lacks: list[set[str]] = [set() for _ in range(players)]
        self.captured = [0] * players
        self.seen = [Counter[str]() for _ in range(players)]
        self.unseen = [0] * players
        self.revealed: list[list[str]] = [[] for _ in range(players)]
        self.hand = Counter[str]()  # the seat's own hand
        self.pile = Counter[str]()  # the seat's own captured pile
        self.my_melds: list[str] = []
        self.tracker: str | None = None
        self.natives: list[str] = []
        self.plays: list[dict[str, Any]] = []
        self.acted: set[int] = set()
        self.may_pass: set[int] = set()
        self.taken = [0] * self.sides
        self.last_win = [0] * self.sides

    def side(self, seat: int) -> int:
        """Four-Player Game: partners sit across."""
        return seat % 2 if self.players == 4 else seat

    # --- folding ---------------------------------------------------------------------

    def fold(self, event: Event) -> None:
        """Take in one event (the seat's copy)."""
        getattr(self, f"_{event.kind}")(event.fields)

    def _age_begins(self, f: dict[str, Any]) -> None:
        self.age, self.dealer = f["age"], f["dealer"]
        self.control = dict.fromkeys(self.regions, None)
        self.tracker = None
        self.known = [Counter() for _ in range(self.players)]
        self.lacks = [set() for _ in range(self.players)]
        self.captured = [0] * self.players
        self.seen = [Counter() for _ in range(self.players)]
        self.unseen = [0] * self.players
        self.revealed = [[] for _ in range(self.players)]
        self.pile = Counter()
        self._new_battle()

    def _radiant_revealed(self, f: dict[str, Any]) -> None:
        assert f["card"].split(".")[0] == f["radiant"]
        self.radiant = f["radiant"]

    def _radiant_moved(self, f: dict[str, Any]) -> None:
        self.radiant = f["radiant"]

    def _coins_placed(self, f: dict[str, Any]) -> None:
        for r in f["silver"]:
            self.silver[r] += 1
        for r in f["copper"]:
            self.copper[r] += 1

    def _dealt(self, f: dict[str, Any]) -> None:
        seat = f["seat"]
        self.count[seat] = f["count"]
        assert ("cards" in f) == (seat == self.me), "a dealt hand leaks or is missing"
        if seat == self.me:
            assert len(f["cards"]) == f["count"]
            self.hand = Counter(f["cards"])

    def _pool_dealt(self, f: dict[str, Any]) -> None:
        self.pool = list(f["pool"])
        self.deck = f["deck"]

    def _recruit_begins(self, f: dict[str, Any]) -> None:
        self.phase = "recruit"

    def _pick(self, f: dict[str, Any]) -> None:
        seat, card = f["seat"], f["card"]
        i = ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"].index(f["slot"])
        assert self.pool[i] == card
        self.pool[i] = None
        self.count[seat] += 1
        self.known[seat][card] += 1
        if seat == self.me:
            self.hand[card] += 1

    def _refill(self, f: dict[str, Any]) -> None:
        i = ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"].index(f["slot"])
        assert self.pool[i] is None
        self.pool[i] = f["card"]
        assert f["deck"] == self.deck - 1
        self.deck = f["deck"]

    def _slot_empty(self, f: dict[str, Any]) -> None:
        assert self.deck == 0

    def _recruit_ends(self, f: dict[str, Any]) -> None:
        assert f["deck"] == self.deck
        assert f["set_aside"] == [c for c in self.pool if c]

    def _meld_begins(self, f: dict[str, Any]) -> None:
        self.phase = "meld"

    def _meld_set_aside(self, f: dict[str, Any]) -> None:
        assert f["seat"] == self.me, "another seat's secret meld leaks"
        self.my_melds.append(_meld_text(f))

    def _melds_done(self, f: dict[str, Any]) -> None:
        pass

    def _melds_revealed(self, f: dict[str, Any]) -> None:
        seat = f["seat"]
        self.revealed[seat] = [_meld_text(m) for m in f["melds"]]
        self.scores[self.side(seat)] += f["points"]
        shown = Counter(c for m in f["melds"] for c in m["cards"])
        for card, n in shown.items():
            self.known[seat][card] = max(self.known[seat][card], n)
        self.my_melds = []

    def _war_begins(self, f: dict[str, Any]) -> None:
        self.phase = "war"
        assert f["reason"] in ("most_scouts", "fewest_points", "left_of_dealer")

    def _tracker_passes(self, f: dict[str, Any]) -> None:
        assert f["to"] == (f["seat"] + 1) % self.players

    def _move(self, f: dict[str, Any]) -> None:
        region = f["region"]
        assert self.control[region] != self.side(f["seat"]), "a move into one's own region"
        assert f["coins"] == 3 * self.silver[region] + self.copper[region]
        self.tracker, self.natives = region, f["natives"]
        self._new_battle()

    def _walkover(self, f: dict[str, Any]) -> None:
        assert self.side(f["seat"]) == f["side"]

    def _play(self, f: dict[str, Any]) -> None:
        seat = f["seat"]
        for card in f["cards"]:
            self._leaves(seat, card)
        if not f["counts"]:  # off-race: the seat holds no native card
            self.lacks[seat] |= {f"{race}.{rank}" for race in self.natives for rank in RANKS}
        self.plays.append(dict(f))
        self.acted.add(seat)

    def _assassination(self, f: dict[str, Any]) -> None:
        self._leaves(f["seat"], f["assassin"])
        self._leaves(f["target"], f["card"])
        assert f["rank"] == RANKS.index(f["card"].split(".")[1])
        self.plays.append({"seat": f["seat"], "cards": [f["assassin"]], "rank": f["rank"],
                           "counts": True})
        self.acted.add(f["seat"])
        self.may_pass.add(f["target"])

    def _assassination_failed(self, f: dict[str, Any]) -> None:
        self._leaves(f["seat"], f["assassin"])
        self.plays.append({"seat": f["seat"], "cards": [f["assassin"]], "rank": 0,
                           "counts": True})
        self.acted.add(f["seat"])
        self.lacks[f["target"]].add(f["card"])

    def _pass(self, f: dict[str, Any]) -> None:
        assert f["seat"] in self.may_pass
        self.acted.add(f["seat"])

    def _battle_won(self, f: dict[str, Any]) -> None:
        seat, side, region = f["seat"], f["side"], f["region"]
        assert side == self.side(seat) and region == self.tracker
        assert f["previous"] == self.control[region]
        assert f["coins"] == 3 * self.silver[region] + self.copper[region]
        self.captured[seat] += len(f["cards"])
        self.seen[seat].update(f["cards"])
        if seat == self.me:
            self.pile.update(f["cards"])
        self.taken[side] += f["coins"]
        self.silver[region] = self.copper[region] = 0
        self.control[region] = side
        assert f["number"] > max(self.last_win)
        self.last_win[side] = f["number"]
        self._new_battle()

    def _leftovers(self, f: dict[str, Any]) -> None:
        seat = f["seat"]
        assert f["count"] == self.count[seat]
        assert ("cards" in f) == (seat == self.me), "cards left in hand leak"
        self.captured[seat] += f["count"]
        self.unseen[seat] += f["count"]
        self.count[seat] = 0
        self.known[seat] = Counter()
        if seat == self.me:
            assert Counter(f["cards"]) == self.hand
            self.pile.update(f["cards"])
            self.hand = Counter()

    def _realm_scored(self, f: dict[str, Any]) -> None:
        cubes = [0] * self.sides
        for r, side in self.control.items():
            if side is not None and r.startswith(f["realm"] + "-"):
                cubes[side] += 1
        assert f["cubes"] == cubes and f["age"] == self.age
        for side, pts in enumerate(f["points"]):
            self.scores[side] += pts

    def _coins_scored(self, f: dict[str, Any]) -> None:
        assert f["coins"] == self.taken
        for side, pts in enumerate(f["coins"]):
            self.scores[side] += pts
        self.taken = [0] * self.sides

    def _card_coins_scored(self, f: dict[str, Any]) -> None:
        assert self.age == 3
        for seat, pts in enumerate(f["printed"]):
            self.scores[self.side(seat)] += pts

    def _age_ends(self, f: dict[str, Any]) -> None:
        assert f["age"] == self.age
        assert f["control"] == self.control, "the board at the end of the age"
        assert f["scores"] == self.scores

    def _game_over(self, f: dict[str, Any]) -> None:
        assert f["scores"] == self.scores
        self.phase = "over"

    # --- helpers -------------------------------------------------------------------------

    def _new_battle(self) -> None:
        self.plays, self.acted, self.may_pass = [], set(), set()

    def _leaves(self, seat: int, card: str) -> None:
        """A card leaves a hand face up: one fewer of it is known to be there."""
        self.count[seat] -= 1
        if self.known[seat][card]:
            self.known[seat][card] -= 1
        if seat == self.me:
            assert self.hand[card] > 0
            self.hand[card] -= 1

    def winning(self) -> int | None:
        """Battles: the highest native or Radiant card; if none counts, the highest of any;
        ties to the first played."""
        contenders = [p for p in self.plays if p["counts"]] or self.plays
        if not contenders:
            return None
        best = contenders[0]
        for p in contenders[1:]:
            if p["rank"] > best["rank"]:
                best = p
        return int(best["seat"])

    # --- the comparison --------------------------------------------------------------

    def public(self) -> dict[str, Any]:
        """The model's facts, named as in the view."""
        out: dict[str, Any] = {
            "age": self.age, "dealer": self.dealer, "radiant": self.radiant,
            "phase": self.phase, "scores": self.scores, "tracker": self.tracker,
            "control": self.control, "silver": self.silver, "copper": self.copper,
            "pool": self.pool, "deck": self.deck, "count": self.count,
            "known": [+k for k in self.known], "lacks": self.lacks,
            "captured": self.captured, "seen": [+s for s in self.seen],
            "unseen": self.unseen, "melds": self.revealed,
            "plays": self.plays, "acted": sorted(self.acted),
            "may_pass": sorted(self.may_pass), "winning": self.winning(),
            "coins_taken": self.taken, "last_win": self.last_win,
        }
        if self.me is not None:
            out.update(hand=+self.hand, pile=+self.pile, my_melds=self.my_melds)
        return out


def from_view(view: dict[str, Any]) -> dict[str, Any]:
    """The same facts, read from a view."""
    regions = view["regions"]
    out: dict[str, Any] = {
        "age": view["age"], "dealer": view["dealer"], "radiant": view["radiant"],
        "phase": view["phase"], "scores": view["scores"], "tracker": view["tracker"],
        "control": {r["id"]: r["control"] for r in regions},
        "silver": {r["id"]: r["silver"] for r in regions},
        "copper": {r["id"]: r["copper"] for r in regions},
        "pool": view["pool"], "deck": view["deck"],
        "count": [h["count"] for h in view["hands"]],
        "known": [Counter(h["known"]) for h in view["hands"]],
        "lacks": [set(h["lacks"]) for h in view["hands"]],
        "captured": [c["count"] for c in view["captured"]],
        "seen": [Counter(c["seen"]) for c in view["captured"]],
        "unseen": [c["unseen"] for c in view["captured"]],
        "melds": view["melds"],
        "plays": view["battle"]["plays"], "acted": view["battle"]["acted"],
        "may_pass": view["battle"]["may_pass"], "winning": view["battle"]["winning"],
        "coins_taken": view["coins_taken"], "last_win": view["battles_won_last"],
    }
    me = view["seat"]
    if me is not None:
        out.update(hand=Counter(view["hands"][me]["cards"]),
                   pile=Counter(view["captured"][me]["cards"]), my_melds=view["my_melds"])
    return out


def _meld_text(m: dict[str, Any]) -> str:
    """A meld as the view writes it: ``army avis``, ``council``."""
    return m["meld"] if m["race"] is None else f"{m['meld']} {m['race']}"
