"""A toy game for testing the core without any real game's rules.

``toy-nim``: a pile of stones, seats take 1..``max_take`` in turn, whoever takes the last
stone wins. Each seat is told a private number at the start (so events have visibility),
and the pile size comes from seeded chance. The ``toy`` fixture registers it for one test
and removes it afterwards, so no other test (or the conformance suite) ever sees it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

import pytest

from tabletop.core import (
    Action,
    Chance,
    Event,
    EventBook,
    EventKind,
    GameSpec,
    NotationError,
    Outcome,
    ParamSpec,
    ScenarioError,
    State,
    games,
)
from tabletop.core import spec as spec_module

TOY_ID = "toy-nim"

# The toy's events: a kind per thing that happens, with fields (seats count from 0 and
# read as the seat's label in sentences); each seat's secret is a private field.
BOOK = EventBook(TOY_ID, [
    EventKind("pile", ("stones",), "A pile of {stones} stones.", "The pile is made."),
    EventKind("told", ("seat", "secret"), "{seat} is told {secret}.",
              "Each seat is told a secret number.", redacted="{seat} is told a number.",
              private={"secret": "seat"}),
    EventKind("take", ("seat", "n", "left"), "{seat} takes {n}; {left} left.",
              "A seat takes stones."),
], lambda name, value: f"P{value + 1}" if name == "seat" else str(value))


@dataclass(frozen=True, slots=True)
class Take(Action):
    n: int

    def to_text(self) -> str:
        return f"take {self.n}"


class ToyState(State):
    __slots__ = ("pile", "turn", "secret", "chance", "last")

    def __init__(self, players: int, seed: int, params: dict[str, Any]) -> None:
        super().__init__(players, seed, params)
        self.chance = Chance(seed)
        self.pile = params["pile"] or 10 + self.chance.below(11)
        self.turn = 0
        self.last = -1
        self.secret = [self.chance.below(100) for _ in range(players)]
        self.events.append(Event("pile", (self.pile,), "Setup", None, False, BOOK))
        for s in range(players):
            self.events.append(Event("told", (s, self.secret[s]), "Setup", None, True, BOOK))

    @property
    def to_act(self) -> int | None:
        return None if self.pile == 0 else self.turn

    def _legal_actions(self) -> list[Action]:
        return [Take(n) for n in range(1, min(self.params["max_take"], self.pile) + 1)]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Take)
        self.pile -= action.n
        self.last = self.turn
        self.events.append(Event("take", (self.turn, action.n, self.pile), "Taking", None, False,
                                 BOOK))
        self.turn = (self.turn + 1) % self.players

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        if self.pile == 0:
            return "the game is over", "Winning"
        top = min(self.params["max_take"], self.pile)
        return f"take 1 to {top} stones", "Taking"

    def parse_action(self, text: str) -> Action:
        words = text.split()
        if len(words) == 2 and words[0] == "take" and words[1].isdigit():
            return Take(int(words[1]))
        raise NotationError(f'cannot read "{text}": expected take <n>')

    def view(self, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {"pile": self.pile, "to_act": self.to_act}
        if seat is not None:
            out["secret"] = self.secret[seat]
        return out

    def clone(self) -> ToyState:
        new = ToyState.__new__(ToyState)
        self._copy_base(new)
        new.pile, new.turn, new.last = self.pile, self.turn, self.last
        new.secret, new.chance = self.secret[:], self.chance.copy()
        return new

    def resample(self, seat: int, rng: Random) -> ToyState:
        new = self.clone()
        new.secret = [x if s == seat else rng.randrange(100) for s, x in enumerate(self.secret)]
        self._resampled(new, seat, rng)
        return new

    def _concede(self, seat: int, reason: str) -> None:
        self.pile = 0  # the toy's rule: a concession ends the game, the others win

    def outcome(self) -> Outcome | None:
        if self.pile:
            return None
        if self.conceded:
            won = tuple(s for s in range(self.players) if s not in self.conceded)
            return Outcome(tuple(float(s in won) for s in range(self.players)), won,
                           self.concession_words())
        scores = tuple(1.0 if s == self.last else 0.0 for s in range(self.players))
        return Outcome(scores, (self.last,), "took the last stone")

    def to_data(self) -> dict[str, Any]:
        return {"players": self.players, "seed": self.seed, "params": dict(self.params),
                "pile": self.pile, "turn": self.turn + 1, "last": self.last + 1,
                "secret": list(self.secret), "chance": f"{self.chance.s:016x}"}


def _from_data(data: Mapping[str, Any]) -> ToyState:
    for key in data:
        if key not in ("players", "seed", "params", "pile", "turn", "last", "secret", "chance"):
            raise ScenarioError(f"unknown field {key!r}")
    for key, typ in (("players", int), ("seed", int), ("pile", int), ("turn", int),
                     ("params", dict)):
        if key in data and (not isinstance(data[key], typ) or isinstance(data[key], bool)):
            raise ScenarioError(f"field {key!r} must be {typ.__name__}, not {data[key]!r}")
    players = data.get("players", 2)
    params = TOY_SPEC.check_params(players, data.get("params", {}))
    s = ToyState(players, data.get("seed", 0), params)
    s.events = []
    s.pile = data.get("pile", s.pile)
    s.turn = data.get("turn", 1) - 1
    s.last = data.get("last", 0) - 1
    s.secret = list(data.get("secret", s.secret))
    if "chance" in data:
        s.chance = Chance(int(data["chance"], 16))
    return s


TOY_SPEC = GameSpec(
    id=TOY_ID,
    name="Toy Nim",
    player_counts=(2, 3),
    rules_version="7",
    rulebook="toy-nim.txt",
    state=ToyState,
    from_data=_from_data,
    params={
        "pile": ParamSpec(int, 0, "stones at the start (0: 10 to 20, by chance)"),
        "max_take": ParamSpec(int, 3, "most stones a seat may take"),
    },
)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[GameSpec]:
    """The toy game, registered for the duration of one test only."""
    games()  # load the entry points first, so the toy is added to a full registry
    monkeypatch.setitem(spec_module._REGISTRY, TOY_ID, TOY_SPEC)
    yield TOY_SPEC


def play(state: State, choose: int = 0) -> State:
    """Play to the end taking ``legal[choose % len]`` each turn."""
    while state.to_act is not None:
        legal = state.legal_actions()
        state.apply(legal[choose % len(legal)])
        choose += 1
    return state


@pytest.fixture
def toy_play() -> Any:
    """The ``play`` helper, as a fixture (conftest modules are not imported by tests)."""
    return play
