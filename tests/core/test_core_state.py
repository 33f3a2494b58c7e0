"""The State contract's provided parts (core/state.py) and the errors (core/errors.py).

DESIGN.md: "``State.apply(action)`` — checks legality first; an illegal action raises
``IllegalActionError`` whose message names the rule (with its rulebook section) and leaves
the state exactly as it was. A separate unchecked path may serve search." errors.py:
every error is a ``ValueError``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from tabletop.core import (
    CardDataError,
    GameSpec,
    IllegalActionError,
    NotationError,
    ParameterError,
    RecordError,
    ScenarioError,
    TabletopError,
    UnknownGameError,
    from_scenario,
    new_game,
)


@pytest.mark.parametrize("cls", [UnknownGameError, ParameterError, NotationError,
                                 IllegalActionError, RecordError, ScenarioError,
                                 CardDataError])
def test_every_error_is_a_value_error(cls: type) -> None:
    """errors.py / STYLE.md: errors end in ``Error`` and subclass ``ValueError`` for bad
    input, through ``TabletopError``."""
    assert issubclass(cls, TabletopError) and issubclass(cls, ValueError)


def test_illegal_action_error_message() -> None:
    """DESIGN.md: errors quote the notation back and name the rule with its section:
    ``illegal: "move iskandar right" — <reason> (<rule>)``."""
    e = IllegalActionError("move iskandar right", "iskandar is in the left lane",
                           "The Five Basic Actions: Move")
    assert str(e) == ('illegal: "move iskandar right" — iskandar is in the left lane '
                      "(The Five Basic Actions: Move)")
    assert (e.action_text, e.reason, e.rule) == (
        "move iskandar right", "iskandar is in the left lane", "The Five Basic Actions: Move")


def test_apply_checks_and_refuses_without_change(toy: GameSpec) -> None:
    """DESIGN.md: ``apply`` checks legality first and leaves the state as it was."""
    state = from_scenario({"game": "toy-nim", "players": 2, "pile": 2})
    before = (state.state_hash(), list(state.events), list(state.history))
    with pytest.raises(IllegalActionError) as err:
        state.apply("take 3")
    assert str(err.value) == 'illegal: "take 3" — take 1 to 2 stones (Taking)'
    with pytest.raises(NotationError):
        state.apply("take three")
    assert (state.state_hash(), list(state.events), list(state.history)) == before
    state.apply("take 2")
    assert state.is_over and state.outcome() is not None


def test_apply_after_the_end_says_the_game_is_over(toy: GameSpec) -> None:
    """state.py: once ``to_act`` is None every action is refused, and the game says why."""
    state = from_scenario({"game": "toy-nim", "players": 2, "pile": 1})
    state.apply("take 1")
    assert state.to_act is None and state.legal_actions() == ()
    with pytest.raises(IllegalActionError, match=r'"take 1" — the game is over \(Winning\)'):
        state.apply("take 1")


def test_legal_actions_cache_is_refreshed_by_apply(toy: GameSpec) -> None:
    """state.py: legal actions are cached until the next apply (checked or not)."""
    state = from_scenario({"game": "toy-nim", "players": 2, "pile": 4})
    assert len(state.legal_actions()) == 3
    state.apply("take 2")
    assert [a.to_text() for a in state.legal_actions()] == ["take 1", "take 2"]
    state.apply_unchecked(state.parse_action("take 1"))
    assert [a.to_text() for a in state.legal_actions()] == ["take 1"]
    clone = state.clone()
    clone.apply("take 1")
    assert [a.to_text() for a in state.legal_actions()] == ["take 1"]


def test_apply_unchecked_does_not_check(toy: GameSpec) -> None:
    """DESIGN.md: a separate unchecked path may serve search: it trusts its caller."""
    state = from_scenario({"game": "toy-nim", "players": 2, "pile": 9})
    state.apply_unchecked(state.parse_action("take 5"))  # more than max_take: not checked
    assert state.to_data()["pile"] == 4
    assert [a.to_text() for a in state.history] == ["take 5"]


def test_state_hash_is_sha256_of_canonical_data(toy: GameSpec, toy_play: Any) -> None:
    """DESIGN.md: a stable hash of the position, the same on every machine: SHA-256 of the
    sorted, compact JSON of ``to_data``."""
    state = toy_play(new_game("toy-nim", players=3, seed=2))
    blob = json.dumps(state.to_data(), sort_keys=True, separators=(",", ":")).encode()
    assert state.state_hash() == hashlib.sha256(blob).hexdigest()


def test_clone_copies_history_and_events_independently(toy: GameSpec) -> None:
    """STYLE.md: undo is replay or clone. A clone's history and events are its own."""
    state = new_game("toy-nim", players=2, seed=1)
    state.apply("take 1")
    clone = state.clone()
    clone.apply("take 2")
    assert len(state.history) == 1 and len(clone.history) == 2
    assert len(clone.events) == len(state.events) + 1



def test_a_clone_shares_the_log_until_either_side_adds_to_it(toy: GameSpec) -> None:
    """Issue 28 (clone under 5 floor steps): a clone shares the original's history and
    events instead of copying them, and whichever side first applies an action, concedes
    or records an event takes its own copies, so the other's stay exactly as they were
    (the toy game appends to ``events`` itself, inside its ``_apply``)."""
    state = new_game("toy-nim", players=3, seed=1)
    state.apply("take 1")
    events, history = list(state.events), list(state.history)
    clone = state.clone()
    assert clone.events is state.events and clone.history is state.history  # not copied
    state.apply("take 1")  # the original moves on: the clone's log stays
    assert clone.events == events and clone.history == history
    other = state.clone()
    other.concede(2)
    assert len(state.history) == 2 and len(other.history) == 3
    third = state.clone()
    third.event("take", (0, 1, 5), "Taking")  # an event outside apply, on a fresh clone
    assert len(third.events) == len(state.events) + 1
    assert clone.events == events and [a.to_text() for a in state.history] == ["take 1"] * 2
    clone.apply("take 2")
    assert len(clone.history) == 2 and clone.history[-1].to_text() == "take 2"
    assert [a.to_text() for a in state.history] == ["take 1"] * 2

def test_default_teams_are_one_seat_each(toy: GameSpec) -> None:
    """state.py: unless a game plays in teams, each seat is its own side."""
    state = new_game("toy-nim", players=3, seed=1)
    assert state.teams == 3 and [state.team(s) for s in range(3)] == [0, 1, 2]
    perim = new_game("radiant-perim", players=4, seed=1)
    assert perim.teams == 2 and [perim.team(s) for s in range(4)] == [0, 1, 0, 1]


def test_apply_with_a_seat_refuses_a_seat_not_to_act(toy: GameSpec) -> None:
    """DESIGN.md / issue "Core 1.1": ``State.apply(action, seat=...)`` — when the seat given
    is not the seat to act, ``IllegalActionError`` says so (in the seats' labels) and the
    state is unchanged; the seat to act is accepted."""
    state = from_scenario({"game": "toy-nim", "players": 3, "pile": 5})
    before = state.state_hash()
    with pytest.raises(IllegalActionError, match="it is P1's turn to decide, not P2's"):
        state.apply("take 1", seat=1)
    assert state.state_hash() == before and state.history == []
    state.apply("take 1", seat=0)
    assert state.to_act == 1


def test_apply_refuses_what_is_not_an_action_of_the_game(toy: GameSpec) -> None:
    """Issue "Core 1.1": ``apply`` with an action of another game, or a value of a wrong
    type, raises ``IllegalActionError`` (never an internal error) and changes nothing."""
    state = from_scenario({"game": "toy-nim", "players": 2, "pile": 5})
    perim = new_game("radiant-perim", players=3, seed=1)
    before = state.state_hash()
    for foreign in (perim.legal_actions()[0], 3, None, b"take 1"):
        with pytest.raises(IllegalActionError, match="not an action of toy-nim"):
            state.apply(foreign)  # type: ignore[arg-type]
    assert state.state_hash() == before


def test_legal_actions_cannot_be_changed_by_the_caller(toy: GameSpec) -> None:
    """Issue "Core 1.1": ``legal_actions()`` hands out a value the caller cannot use to
    corrupt the state (a tuple): legality checks keep working after a caller's attempt."""
    state = from_scenario({"game": "toy-nim", "players": 2, "pile": 5})
    legal = state.legal_actions()
    assert isinstance(legal, tuple)
    with pytest.raises(AttributeError):
        legal.append(legal[0])  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError):
        state.apply("take 4")


def test_error_messages_quote_only_a_short_prefix_of_the_input(toy: GameSpec) -> None:
    """Issue "Core 1.1": error messages quote at most a short prefix of the input."""
    state = from_scenario({"game": "toy-nim", "players": 2, "pile": 5})
    long_take = "take " + "9" * 300
    with pytest.raises(IllegalActionError) as err:
        state.apply(state.parse_action(long_take))
    assert len(str(err.value)) < 200 and "…" in str(err.value)


def test_seat_labels_and_reading_a_seat(toy: GameSpec) -> None:
    """DESIGN.md: seats are 0-based in data and people see the game's label (P1.. by
    default); ``seat_of`` reads a label or a number counted from 1, nothing else."""
    assert toy.seat_labels(3) == ("P1", "P2", "P3")
    assert [toy.seat_of(t, 3) for t in ("P1", "p3", "2", " 1 ")] == [0, 2, 1, 0]
    for bad in ("P4", "0", "4", "²", "", "9" * 5000, "one"):
        with pytest.raises(ParameterError, match="no seat"):
            toy.seat_of(bad, 3)
    assert new_game("radiant-arena", seed=1).label(1) == "B"


def test_is_legal_takes_an_action_or_its_text_and_changes_nothing(toy: GameSpec) -> None:
    """python-chess ergonomics (issue "Adding a game is easy"): text is accepted wherever
    an action is; ``is_legal`` answers without raising or changing the state."""
    state = from_scenario({"game": "toy-nim", "players": 2, "pile": 2})
    before = state.state_hash()
    assert state.is_legal("take 2") and state.is_legal(state.legal_actions()[0])
    assert not state.is_legal("take 3") and not state.is_legal("take all")
    assert state.state_hash() == before


def test_repr_of_a_state_is_readable(toy: GameSpec) -> None:
    """A readable ``repr``: the game, the seats, how far it is and who is to act."""
    state = from_scenario({"game": "toy-nim", "players": 3, "pile": 1, "turn": 2})
    assert repr(state) == "<ToyState toy-nim, 3 players, 0 actions, P2 to act>"
    state.apply("take 1")
    assert repr(state) == "<ToyState toy-nim, 3 players, 1 action, over>"


# --- concede (COORDINATION.md contract 3) ------------------------------------------------


def test_concede_is_for_any_seat_recorded_and_never_legal(toy: GameSpec) -> None:
    """Contract 3: ``State.concede(seat, reason)`` "for any seat still in the game,
    whoever is to act", recorded in ``history`` as ``concede <label>`` (plus `` time`` /
    `` abandon``), not in ``legal_actions()``."""
    from tabletop.core import Concession, record_of, verify

    s = new_game("toy-nim", players=3, seed=1)
    assert s.to_act == 0 and s.can_concede(2)
    assert not any(isinstance(a, Concession) for a in s.legal_actions())
    assert s.is_legal("concede P3") and s.is_legal("concede 3 time")
    assert s.describe("concede P3", 0).label == "Concede"
    s.concede(2, "time")
    assert s.history[-1] == Concession(2, "P3", "time")
    assert str(s.history[-1]) == "concede P3 time" and s.conceded == {2: "time"}
    assert s.outcome() is not None and s.outcome().reason == "P3 ran out of time"  # type: ignore[union-attr]
    assert not s.can_concede(0)  # the toy's rule: the game is over
    assert verify(record_of(s)).history[-1] == s.history[-1]


def test_concede_through_notation_and_from_a_seat(toy: GameSpec) -> None:
    """``apply("concede B")`` works from any seat, for itself only; the seat's label or
    its number; a reason word only ``time`` or ``abandon``."""
    s = new_game("toy-nim", players=2, seed=1)
    with pytest.raises(IllegalActionError, match="a seat concedes only for itself"):
        s.apply("concede P2", seat=0)
    for text in ("concede", "concede P9", "concede P2 bored", "concede P2 concede",
                 "conceded P2"):
        with pytest.raises(NotationError):
            s.apply(text)
    assert not s.history and not s.conceded
    s.apply("concede 2 abandon", seat=1)  # not to act, for itself
    assert str(s.history[-1]) == "concede P2 abandon" and s.is_over


def test_a_concession_that_cannot_be_changes_nothing(toy: GameSpec) -> None:
    """Bad input gets a clear error and changes nothing: an unknown reason, a seat out of
    range, a seat that already conceded, a finished game."""
    s = new_game("toy-nim", players=2, seed=1)
    same = s.state_hash()
    with pytest.raises(IllegalActionError, match="no reason 'bored'"):
        s.concede(0, "bored")
    with pytest.raises(IllegalActionError, match="no seat 2 in a game of 2"):
        s.concede(2)
    assert s.state_hash() == same and not s.history
    s.concede(0)
    with pytest.raises(IllegalActionError, match="P2 cannot concede: the game is over"):
        s.concede(1)
    assert len(s.history) == 1


def test_conceded_as_position_data(toy: GameSpec) -> None:
    """``conceded_data`` gives each seat's reason (``""`` for none); ``read_conceded``
    reads it back and refuses anything else, naming the key."""
    s = new_game("toy-nim", players=3, seed=1)
    s.concede(1)
    assert s.conceded_data() == ["", "concede", ""]
    other = new_game("toy-nim", players=3, seed=1)
    other.read_conceded(["time", "", "abandon"])
    assert other.conceded == {0: "time", 2: "abandon"}
    assert other.concession_words() == "P1 ran out of time, P3 abandoned the game"
    for bad in (["", ""], ["", "x", ""], "time", [0, "", ""]):
        with pytest.raises(ScenarioError, match="conceded: a reason for each of the 3"):
            other.read_conceded(bad)


@pytest.mark.parametrize("game", ["radiant-arena", "radiant-perim", "lightseekers",
                                  "hoshi-battle"])
def test_every_resample_keeps_the_seats_own_copies_of_the_events_so_far(game: str) -> None:
    """``_resampled`` reads a seat's copies of the events once per position (issue 28:
    a search resamples one position hundreds of times): every sample, for either seat,
    asked in any order and again after the game moves on, still holds exactly
    ``events_for(seat)`` of the position it was drawn from, in a list of its own."""
    import random

    state = new_game(game, players=2, seed=5)
    rng = random.Random(5)
    for _ in range(3):
        for _ in range(12):
            if state.to_act is None:
                break
            state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
        if state.to_act is None:
            break
        samples = []
        for seat in (0, 1, 0, 1, 0):
            sample = state.resample(seat, random.Random(len(samples)))
            assert sample.events == state.events_for(seat), (game, seat)
            samples.append(sample)
        samples[0].events.append(samples[0].events[0])  # a sample's list is its own
        assert state.resample(0, random.Random(9)).events == state.events_for(0)
        assert samples[2].events == state.events_for(0)
