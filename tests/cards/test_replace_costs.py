"""tabletop.cards.replace and .costs (issue 11: "Replacement and prevention. Hooks ... with
prevent, reduce, redirect and instead"; "Costs declared on an ability ... checked when
the ability is announced, so illegal ones never appear in the legal actions")."""

from __future__ import annotations

from tabletop.cards import Compiler, Frame, Modifier, Status, can_pay, run, with_costs, x_values
from tabletop.cards.replace import applicable

from .toy import VOCAB, ctx, world

C = Compiler(VOCAB)


def test_printed_and_stored_replacements_in_order() -> None:
    """Printed ones (in the game's source order) then stored ones by timestamp; each only
    for the objects it affects and while its condition holds."""
    w = world()
    shield = C.replacement({"hook": "would_hit", "affects": {"side": "friendly",
                                                              "exclude": ["self"]},
                            "prevent": True}, "t", "a")
    soak = C.replacement({"hook": "would_hit", "reduce": 1, "if": {"self": ["ready"]}},
                         "t", "b")
    split = C.replacement({"hook": "would_hit", "redirect": {"to": "$ally", "part": {
        "div": [{"event": "amount"}, 2], "round": "up"}}}, "t", "c")
    assert not C.problems
    stored = Modifier(5, 4, 2, "lifelink", 0, 1, 2, "replace", "would_hit", "redirect",
                      split, "combat", None, (("$ally", (0,)),))
    statics = [(shield, ctx(u=1)), (soak, ctx(u=2))]
    event = {"unit": 2, "amount": 5}
    found = applicable(VOCAB, w, "would_hit", 2, event, statics, [stored])
    assert [r.form for r, _ in found] == ["prevent", "reduce", "redirect"]
    r, c = found[2]
    assert c["$ally"] == (0,) and c["event"]["amount"] == 5
    w.creatures[2].ready = False
    assert [r.form for r, _ in applicable(VOCAB, w, "would_hit", 2, event, statics,
                                          [stored])] == ["prevent", "redirect"]
    assert applicable(VOCAB, w, "would_hit", 1, event, statics, [stored]) == []


def test_costs_checked_and_x() -> None:
    w = world()
    costs = C.costs({"energy": "x", "tap": True}, "t")
    assert can_pay(VOCAB, w, costs, ctx(), 3) and not can_pay(VOCAB, w, costs, ctx(), 4)
    assert x_values(VOCAB, w, costs, ctx()) == [1, 2, 3]
    w.creatures[1].ready = False
    assert x_values(VOCAB, w, costs, ctx()) == []  # tapping this creature is a cost too
    assert x_values(VOCAB, w, C.costs({"energy": 1}, "t"), ctx()) == []  # no X


def test_costs_not_paid_on_the_spot_resolve_first() -> None:
    w = world()
    costs = C.costs({"energy": "x", "tap": True}, "t")
    program = C.program([{"op": "gain", "amount": "x", "if": {"self": ["ready"]},
                          "else": [{"op": "gain", "amount": 10}]}], "t", "p")
    paid = with_costs(program, costs, frozenset({"energy"}))
    assert [s.op for s in paid.steps] == ["_pay", "_if", "gain", "_goto", "gain"]
    assert paid.steps[1].jump == program.steps[0].jump + 1
    f = Frame(paid, 0, ctx(x=2))
    while run(VOCAB, w, f) == Status.NEXT:
        pass
    assert not w.creatures[1].ready and w.score == [10, 0]  # tapped by the cost first
    assert with_costs(program, costs, frozenset({"energy", "tap"})) is program


def test_every_replacement_context_has_every_field() -> None:
    """Issue 26, crashes: a timed replacement's context (modifiers.context) lacked ``src``
    and the game's hooks read it. The context every hook reads is built in one place
    (cards.context) with every field: a printed one missing some and a stored one alike."""
    w = world()
    soak = C.replacement({"hook": "would_hit", "reduce": 1}, "t", "a")
    stored = Modifier(5, 4, 2, "shield-spell", 0, 1, 2, "replace", "would_hit", "reduce",
                      soak, "turn")
    found = applicable(VOCAB, w, "would_hit", 2, {"unit": 2, "amount": 3},
                       [(soak, {"p": 0, "u": 2})], [stored])
    assert len(found) == 2
    for _, c in found:
        assert {"p", "u", "lane", "src", "on", "event"} <= set(c)
    assert found[1][1]["src"] == "shield-spell" and found[0][1]["src"] == ""
