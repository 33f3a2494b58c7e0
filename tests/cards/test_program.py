"""tabletop.cards.program: effect frames resolved one step at a time (issue 11: "if/else on
any step and choose one"; "a chosen target can be named and reused by later steps"; the
FAQ's partial resolution: a step that cannot resolve ends the effect)."""

from __future__ import annotations

from tabletop.cards import Compiler, Frame, Status, possible, run

from .toy import VOCAB, ctx, world

C = Compiler(VOCAB)


def frame(effects: list[dict[str, object]], **k: object) -> Frame:
    c = Compiler(VOCAB)
    program = c.program(effects, "test", "toy:test")
    assert not c.problems, c.problems
    return Frame(program, 0, ctx(**k))


def resolve(w, f: Frame, answers=()):  # type: ignore[no-untyped-def]
    """Run to the end, answering questions in order; the statuses seen."""
    answers = list(answers)
    seen = []
    while True:
        status = run(VOCAB, w, f)
        seen.append(status)
        if status == Status.WAIT:
            assert w.asked is not None
            f.ctx["answer"] = answers.pop(0)
            w.asked = None
        elif status in (Status.STOP, Status.FINISHED):
            return seen


def test_steps_resolve_in_order_and_finish() -> None:
    w = world()
    f = frame([{"op": "gain", "amount": 1}, {"op": "gain", "amount": 2}])
    assert resolve(w, f) == [Status.NEXT, Status.NEXT, Status.FINISHED]
    assert w.score == [3, 0] and f.done


def test_a_step_that_cannot_resolve_stops_the_effect() -> None:
    """FAQ: "If any step of the card's effect fails to resolve, terminate the effect at
    that step" (no hurt enemy to hit: nothing is gained after it)."""
    w = world()
    f = frame([{"op": "hit", "target": {"side": "enemy", "where": ["hurt"]}, "amount": 1},
               {"op": "gain", "amount": 1}])
    assert resolve(w, f)[-1] == Status.STOP and w.score == [0, 0]


def test_if_else() -> None:
    w = world()
    effects = [{"op": "gain", "amount": 1, "if": {"self": ["hurt"]},
                "else": [{"op": "gain", "amount": 10}]}, {"op": "gain", "amount": 50}]
    resolve(w, frame(effects))  # bo is not hurt
    assert w.score == [60, 0]
    w = world()
    resolve(w, frame(effects, u=2))  # cy is
    assert w.score == [51, 0]
    w = world()
    resolve(w, frame([{"op": "if", "if": {"exists": "foe_here"}, "then": [
        {"op": "gain", "amount": 1}, {"op": "gain", "amount": 2}]}]))
    assert w.score == [3, 0]


def test_choose_one_offers_only_options_that_can_resolve() -> None:
    w = world()
    effects = [{"op": "choose", "options": [
        {"id": "hit", "effects": [{"op": "hit", "target": "foe_here", "amount": 1}]},
        {"id": "mend", "effects": [{"op": "mend", "target": {"where": ["hurt"],
                                                              "side": "friendly"},
                                    "amount": 2}]},
        {"id": "tap", "effects": [{"op": "tap", "target": {"side": "enemy",
                                                             "place": "other"}}]}]},
        {"op": "gain", "amount": 1}]
    f = frame(effects)
    assert run(VOCAB, w, f) == Status.WAIT
    assert w.asked == ("choose", 0, ("hit", "mend"))  # eli is not ready: no "tap"
    w.asked = None
    f.ctx["answer"] = "mend"
    resolve(w, f)
    assert w.creatures[2].damage == 0 and w.score == [1, 0]
    assert all(c.damage == 0 for c in w.creatures)


def test_a_chosen_target_is_remembered_and_reused() -> None:
    """"Deal 1 damage to a foe here, then 1 to another foe here": the second step excludes
    the first target, and a third reuses it."""
    w = world()
    f = frame([{"op": "hit", "target": "foe_here", "amount": 1, "as": "first"},
               {"op": "hit", "target": {"side": "enemy", "place": "here",
                                        "exclude": ["$first"]}, "amount": 1},
               {"op": "hit", "target": "$first", "amount": 2}])
    resolve(w, f, answers=[6])
    assert (w.creatures[6].damage, w.creatures[3].damage) == (3, 1)
    assert f.ctx["$first"] == (6,)
    assert "answer" not in f.ctx and "_last" not in f.ctx  # transient keys are cleared


def test_possible_reads_the_first_step() -> None:
    w = world()
    ok = C.program([{"op": "hit", "target": "foe_here", "amount": 1}], "t", "a")
    none = C.program([{"op": "tap", "target": {"side": "enemy", "place": "other"}}], "t", "b")
    guarded = C.program([{"op": "if", "if": {"self": ["hurt"]}, "then": [
        {"op": "hit", "target": "foe_here", "amount": 1}]}, {"op": "tap", "target": {
            "side": "enemy", "place": "other"}}], "t", "c")
    assert possible(VOCAB, w, ok, ctx()) and not possible(VOCAB, w, none, ctx())
    assert not possible(VOCAB, w, guarded, ctx())  # not hurt: the tap is the first step
    assert possible(VOCAB, w, guarded, ctx(u=2))


def test_frames_copy_independently() -> None:
    w = world()
    f = frame([{"op": "hit", "target": "foe_here", "amount": 1}])
    run(VOCAB, w, f)
    g = f.copy()
    g.ctx["answer"] = 3
    assert "answer" not in f.ctx and g.program is f.program and g == g.copy()


def test_you_may_asks_and_skips_without_a_dummy_option() -> None:
    """Issue 26, missing forms: ""you may" (an optional step without a dummy option)":
    a step with ``may = true`` is asked (yes / no) only when it can resolve; "no", or a
    step that cannot, skips it and the effect goes on."""
    effects: list[dict[str, object]] = [{"op": "gain", "amount": 1, "may": True},
                                        {"op": "gain", "amount": 2}]
    w = world()
    f = frame(effects)
    assert resolve(w, f, ["yes"]) == [Status.WAIT, Status.NEXT, Status.NEXT, Status.NEXT,
                                      Status.FINISHED]
    assert w.score == [3, 0]
    w = world()
    resolve(w, frame(effects), ["no"])
    assert w.score == [2, 0]
    w = world()  # nothing to hit: not asked, and the effect goes on
    f = frame([{"op": "hit", "target": {"side": "enemy", "where": ["hurt"]}, "amount": 1,
                "may": True}, {"op": "gain", "amount": 1}])
    assert Status.WAIT not in resolve(w, f) and w.score == [1, 0]
    assert possible(VOCAB, w, f.program, ctx())
    c = Compiler(VOCAB)
    c.program([{"op": "choose", "may": True, "options": []}], "t", "a")
    assert any("may belongs to a step" in p for p in c.problems)
