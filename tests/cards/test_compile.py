"""tabletop.cards.compile: strict types, required fields, every problem at once (issue 11:
"Strict validation, all errors at once. Types and ranges exact (no "2" for 2, no "no"
for false, no negative heal), required fields per op ... each error names file, card and
field")."""

from __future__ import annotations

import pytest

from tabletop.cards import Compiler, Selector
from tabletop.core import CardDataError

from .toy import VOCAB


def problems(fn_name: str, *args: object) -> list[str]:
    c = Compiler(VOCAB)
    getattr(c, fn_name)(*args)
    return c.problems


def test_exact_types_and_ranges() -> None:
    """An integer is not "2", 2.0 or true; a negative amount is refused."""
    for bad in ("2", 2.0, True, -1, 100):
        msgs = problems("program", [{"op": "mend", "target": "self", "amount": bad}],
                        "f.toml: card x: effects", "x")
        assert msgs and "effects[0].amount" in msgs[0], (bad, msgs)
    assert problems("program", [{"op": "note", "text": "t", "flag": "no"}], "w", "x")
    assert problems("program", [{"op": "note", "text": "t", "flag": 1}], "w", "x")
    assert problems("program", [{"op": "note", "text": "t", "times": 4}], "w", "x")
    assert not problems("program", [{"op": "note", "text": "t", "flag": False,
                                     "times": 3}], "w", "x")


def test_required_and_unknown_fields() -> None:
    msgs = problems("program", [{"op": "hit", "amount": 1}, {"op": "hit", "target": "self",
                                                             "amount": 1, "power": 2},
                                {"op": "explode"}, {"amount": 1}], "card", "x")
    assert any("needs target" in m for m in msgs)
    assert any("no field 'power'" in m for m in msgs)
    assert any("unknown op 'explode'" in m for m in msgs)
    assert any("unknown op None" in m for m in msgs)
    assert len(msgs) == 4  # all at once


def test_all_problems_are_raised_together_naming_where() -> None:
    c = Compiler(VOCAB)
    c.program([{"op": "hit", "target": "nobody", "amount": "1"}], "a.toml: skill s: clash",
              "s")
    c.selector({"side": "enemies"}, "a.toml: skill t: target")
    with pytest.raises(CardDataError) as err:
        c.raise_problems()
    lines = str(err.value).splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("a.toml: skill s: clash[0].target: unknown target 'nobody'")
    assert lines[1].startswith("a.toml: skill s: clash[0].amount:")
    assert lines[2].startswith("a.toml: skill t: target.side: unknown word 'enemies'")


def test_selectors_compile_every_part() -> None:
    c = Compiler(VOCAB)
    sel = c.selector({"side": "enemy", "place": "here", "where": ["hurt", "not:ready",
                                                                 "keyword:guard"],
                      "exclude": ["self", "$first"], "up_to": 2}, "w")
    assert not c.problems
    assert (sel.side, sel.place, sel.count, sel.n) == (2, "here", "up_to", 2)
    assert sel.where == (("hurt", False, ""), ("ready", True, ""), ("keyword", False, "guard"))
    assert sel.exclude == ("self", "$first")
    assert c.selector("$first", "w") == Selector(ref="$first", count="each", name="$first")
    assert c.selector("foe_here", "w").name == "foe_here"
    for bad in ({"count": "two"}, {"up_to": 0}, {"count": "each", "random": 1},
                {"where": ["keyword"]}, {"where": ["hurt:yes"]}, {"kind": "dragon"},
                {"exclude": ["$bad name"]}, {"place": "sky"}):
        assert problems("selector", bad, "w"), bad


def test_values_and_conditions() -> None:
    c = Compiler(VOCAB)
    assert c.value(3, "w") == 3 and c.value("x", "w") == ("x",)
    half = c.value({"div": [{"stat": "damage", "of": "self"}, 2], "round": "up"}, "w")
    assert half[0] == "div" and half[3] is True
    assert c.value({"count": "all_foes_here"}, "w")[0] == "count"
    assert c.condition({"all": [{"exists": "foe_here"}, {"not": {"self": ["hurt"]}}]},
                       "w")[0] == "all"
    assert not c.problems
    for bad in ({"div": [1, 0]}, {"stat": "luck", "of": "self"}, {"sum": [1, 2]},
                {"div": [1, 2], "round": "sideways"}, {"event": "Amount"}):
        assert problems("value", bad, "w"), bad
    for bad in ({"compare": [1, "=>", 2]}, {"exists": "foe_here", "none": "foe_here"},
                {"maybe": 1}, {"all": []}):
        assert problems("condition", bad, "w"), bad


def test_if_else_and_choose_compile_to_jumps() -> None:
    c = Compiler(VOCAB)
    p = c.program([
        {"op": "gain", "amount": 1, "if": {"exists": "foe_here"},
         "else": [{"op": "gain", "amount": 2}]},
        {"op": "choose", "options": [{"id": "hit", "effects": [
            {"op": "hit", "target": "foe_here", "amount": 1}]},
            {"id": "mend", "effects": [{"op": "mend", "target": "self", "amount": 1}]}]},
    ], "w", "toy:p")
    assert not c.problems
    ops = [s.op for s in p.steps]
    assert ops == ["_if", "gain", "_goto", "gain", "_choose", "hit", "_goto", "mend", "_goto"]
    assert p.steps[0].jump == 3 and p.steps[2].jump == 4
    assert p.steps[4].options == (("hit", 5), ("mend", 7))
    assert p.steps[6].jump == p.steps[8].jump == 9
    assert [n[0] for n in p.tree] == ["if", "choose"]
    for bad in ([{"op": "choose", "options": [{"id": "a", "effects": []}]}],
                [{"op": "gain", "amount": 1, "else": []}],
                [{"op": "choose", "options": [{"id": "a", "effects": [{"op": "gain",
                                                                       "amount": 1}]},
                                              {"id": "a", "effects": [{"op": "gain",
                                                                       "amount": 1}]}]}]):
        assert problems("program", bad, "w", "x"), bad


def test_triggers_modifiers_replacements_costs() -> None:
    c = Compiler(VOCAB)
    t = c.trigger({"on": "hit", "effects": [{"op": "gain", "amount": 1}]}, "w", "toy:t")
    assert t.match[0][0] == "unit" and t.match[0][1].ref == "self"  # the subject: itself
    t2 = c.trigger({"on": "cast", "match": {"seat": "enemy", "school": ["fire", "ice"]},
                    "limit": "turn", "effects": []}, "w", "toy:t2")
    assert dict(t2.match)["school"] == frozenset({"fire", "ice"}) and t2.limit == "turn"
    m = c.modifier({"stat": "power", "add": -2, "affects": "foe_here",
                    "if": {"self": ["hurt"]}}, "w")
    assert (m.kind, m.key, m.op, m.value) == ("stat", "power", "add", -2)
    assert c.modifier({"keyword": "mend", "value": 2}, "w").value == 2
    assert c.modifier({"lose": "guard"}, "w").op == "lose"
    r = c.replacement({"hook": "would_hit", "redirect": {"to": "$ally", "part": {
        "div": [{"event": "amount"}, 2], "round": "up"}}}, "w", "toy:r")
    assert r.form == "redirect" and r.to is not None and r.to.ref == "$ally"
    costs = c.costs({"energy": "x", "tap": True}, "w")
    assert costs.items == (("energy", "x"), ("tap", 1)) and costs.x == "energy"
    assert not c.problems
    for bad in ({"stat": "damage", "add": 1}, {"keyword": "ancient"}, {"keyword": "guard",
                                                                        "value": 2},
                {"rule": "cannot_fly"}, {"stat": "power", "add": 1, "set": 2}):
        assert problems("modifier", bad, "w"), bad
    assert problems("trigger", {"on": "hit", "match": {"colour": "red"}, "effects": []}, "w",
                    "x")
    assert problems("replacement", {"hook": "would_hit", "prevent": True, "reduce": 1}, "w",
                    "x")
    assert problems("costs", {"energy": -1}, "w")
