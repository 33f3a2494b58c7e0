"""tabletop.cards.triggers (issue 11, "Triggers": cards declare triggered abilities (on, a
filter, effects); delayed triggers created by an effect and stored as data; simultaneous
triggers in one queue ordered by Golden Rule 2: the active player's first, each player
ordering their own)."""

from __future__ import annotations

from tabletop.cards import FRIENDLY, Compiler, Delayed, Source, collect, collect_delayed, order
from tabletop.cards.text import trigger_text
from tabletop.cards.triggers import next_turn

from .toy import VOCAB, say, world

C = Compiler(VOCAB)
GAIN = [{"op": "gain", "amount": 1}]


def source(controller: int, self: int, *triggers: dict[str, object], key: str = "k") -> Source:
    compiled = tuple(C.trigger(t, "t", f"toy:{i}") for i, t in enumerate(triggers))
    assert not C.problems, C.problems
    return Source(controller, self, 1, "card", f"c{self}", key, compiled)


def test_the_subject_defaults_to_the_source_itself() -> None:
    """"When this creature is hit": only its own hit sets it off."""
    w = world()
    src = source(0, 1, {"on": "hit", "effects": GAIN})
    assert collect(VOCAB, w, "hit", {"unit": 3, "seat": 1, "amount": 1}, [src]) == []
    (p,) = collect(VOCAB, w, "hit", {"unit": 1, "seat": 0, "amount": 2}, [src])
    assert p.controller == 0 and p.word == "c1" and p.context()["event"]["amount"] == 2


def test_matching_objects_seats_and_words() -> None:
    w = world()
    ally = source(0, 1, {"on": "hit", "match": {"unit": {"side": "friendly",
                                                          "exclude": ["self"]}},
                         "effects": GAIN})
    enemy_cast = source(0, 1, {"on": "cast", "match": {"seat": "enemy", "school": "fire"},
                               "effects": GAIN})
    assert collect(VOCAB, w, "hit", {"unit": 2, "seat": 0, "amount": 1}, [ally])
    assert not collect(VOCAB, w, "hit", {"unit": 1, "seat": 0, "amount": 1}, [ally])
    assert not collect(VOCAB, w, "hit", {"unit": 3, "seat": 1, "amount": 1}, [ally])
    assert collect(VOCAB, w, "cast", {"seat": 1, "school": "fire"}, [enemy_cast])
    assert not collect(VOCAB, w, "cast", {"seat": 0, "school": "fire"}, [enemy_cast])
    assert not collect(VOCAB, w, "cast", {"seat": 1, "school": "ice"}, [enemy_cast])


def test_conditions_and_once_a_turn() -> None:
    w = world()
    hurt = source(0, 2, {"on": "dawn", "match": {"seat": "friendly"}, "if": {"self": ["hurt"]},
                         "effects": GAIN, "limit": "turn"})
    used: set[str] = set()
    assert collect(VOCAB, w, "dawn", {"seat": 0}, [hurt], used)
    assert not collect(VOCAB, w, "dawn", {"seat": 0}, [hurt], used)  # once a turn
    assert collect(VOCAB, w, "dawn", {"seat": 0}, [hurt], set())
    healthy = source(0, 1, {"on": "dawn", "if": {"self": ["hurt"]}, "effects": GAIN})
    assert not collect(VOCAB, w, "dawn", {"seat": 0}, [healthy])


def test_once_a_game_outlasts_the_turn() -> None:
    """Issue 26, missing forms: "once-per-turn and once-per-game limits on ... triggers".
    A new turn (triggers.next_turn) frees the once-a-turn trigger, not the once-a-game."""
    w = world()
    turn = source(0, 2, {"on": "dawn", "effects": GAIN, "limit": "turn", "match": {}})
    game = source(0, 2, {"on": "dawn", "effects": GAIN, "limit": "game", "match": {}})
    used: set[str] = set()
    assert len(collect(VOCAB, w, "dawn", {"seat": 0}, [turn, game], used)) == 2
    assert not collect(VOCAB, w, "dawn", {"seat": 0}, [turn, game], used)
    next_turn(used)
    assert len(collect(VOCAB, w, "dawn", {"seat": 0}, [turn, game], used)) == 1
    assert trigger_text(say(), C.trigger({"on": "dawn", "effects": GAIN, "limit": "game"},
                                         "t", "a")).endswith("(once a game).")


def test_delayed_triggers_fire_once() -> None:
    w = world()
    program = C.program(GAIN, "t", "toy:d")
    # "at the start of your next turn": the seat of the event is the controller's
    d = Delayed(1, "dawn", (("seat", FRIENDLY),), None, program, 0, "c1", "card", True,
                (("p", 0), ("u", 1), ("lane", 1)))
    keep = d._replace(once=False, ts=2)
    fired, left = collect_delayed(VOCAB, w, "dawn", {"seat": 1}, [d, keep])
    assert fired == [] and left == (d, keep)  # the opponent's turn
    fired, left = collect_delayed(VOCAB, w, "dawn", {"seat": 0}, [d, keep])
    assert len(fired) == 2 and left == (keep,)
    assert fired[0].context()["event"] == {"seat": 0}


def test_golden_rule_2_order() -> None:
    """The active player's triggers first, then the other's; each group in source
    order for its controller to reorder."""
    w = world()
    srcs = [source(1, 3, {"on": "dawn", "effects": GAIN}),
            source(0, 1, {"on": "dawn", "effects": GAIN}),
            source(0, 2, {"on": "dawn", "effects": GAIN})]
    pending = collect(VOCAB, w, "dawn", {"seat": 0}, srcs)
    groups = order(pending, active=0, seats=2)
    assert [[p.word for p in g] for g in groups] == [["c1", "c2"], ["c3"]]
    groups = order(pending, active=1, seats=2)
    assert [[p.word for p in g] for g in groups] == [["c3"], ["c1", "c2"]]
