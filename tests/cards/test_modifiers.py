"""tabletop.cards.modifiers: one store of continuous effects (issue 11: "source, affected
selector (evaluated live), kind (stat, keyword, cost, rule permission or prohibition),
value, duration ... and a timestamp. A fixed, documented order of application ... and
"the latest applies" where two effects set the same thing")."""

from __future__ import annotations

from tabletop.cards import CLASH, STATIC, TIMED, Compiler, Modifier
from tabletop.cards import modifiers as M

from .toy import VOCAB, ctx, world

C = Compiler(VOCAB)


def mod(ts: int, kind: str, key: str, op: str, value: int, affects: object = 1,
        until: str = "turn", layer: int = TIMED, arg: object = None, source: int = 1,
        place: int = 1) -> Modifier:
    return Modifier(ts, layer, source, "card", 0, place, affects, kind, key, op, value,
                    until, arg)


def power(w, store, obj=1, statics=(), **k):  # type: ignore[no-untyped-def]
    return M.stat(VOCAB, w, store, obj, "power", w.creatures[obj].power, statics, **k)


def test_adds_and_sets_in_timestamp_order() -> None:
    """The latest applies: +2 then set 1 is 1; set 1 then +2 is 3."""
    w = world()
    assert power(w, [mod(1, "stat", "power", "add", 2), mod(2, "stat", "power", "set", 1)]) == 1
    assert power(w, [mod(1, "stat", "power", "set", 1), mod(2, "stat", "power", "add", 2)]) == 3
    assert power(w, [mod(1, "stat", "power", "add", 2, affects=3)]) == 3  # another's


def test_layers() -> None:
    """Static abilities before timed effects, clash effects last; a query can stop
    between layers (the game sets a value there: SET_ZERO)."""
    w = world()
    static = C.modifier({"stat": "power", "set": 10}, "t")
    store = [mod(1, "stat", "power", "add", 1), mod(2, "stat", "power", "add", 5,
                                                    layer=CLASH)]
    pairs = [(static, ctx())]
    assert power(w, store, statics=pairs) == 10 + 1 + 5
    assert power(w, store, statics=pairs, hi=TIMED) == 11
    assert power(w, store, statics=pairs, lo=CLASH) == 3 + 5
    assert power(w, store, statics=pairs, lo=STATIC, hi=STATIC) == 10


def test_live_selectors_and_conditions() -> None:
    """An aura ("friendly creatures here have +1 power") follows its creatures as they
    move; a "while" condition is read live."""
    w = world()
    here = C.selector({"side": "friendly", "place": "here"}, "t")
    store = [mod(1, "stat", "power", "add", 1, affects=here)]
    assert power(w, store, obj=2) == 2 and power(w, store, obj=0) == 2 - 0 == 2
    w.creatures[0].place = 1  # ana moves here
    assert power(w, store, obj=0) == 3
    hurt = C.condition({"self": ["hurt"]}, "t")
    store = [mod(1, "stat", "power", "add", 4, until="while", arg=hurt)]
    assert power(w, store) == 3
    w.creatures[1].damage = 1
    assert power(w, store) == 7
    aura = C.modifier({"stat": "power", "add": 2, "affects": {"side": "enemy"},
                       "if": {"self": ["hurt"]}}, "t")
    assert M.stat(VOCAB, w, [], 3, "power", 1, [(aura, ctx())]) == 3
    assert M.stat(VOCAB, w, [], 3, "power", 1, [(aura, ctx(u=0))]) == 1


def test_keywords_grant_lose_and_values() -> None:
    w = world()
    assert M.keyword(VOCAB, w, [mod(1, "keyword", "guard", "grant", 1)], 1, "guard", 0) == 1
    assert M.keyword(VOCAB, w, [mod(1, "keyword", "guard", "lose", 0)], 6, "guard", 1,
                     ) == 1  # not gus's
    assert M.keyword(VOCAB, w, [mod(1, "keyword", "guard", "lose", 0, affects=6)], 6,
                     "guard", 1) == 0
    lost_then_granted = [mod(1, "keyword", "guard", "lose", 0), mod(2, "keyword", "guard",
                                                                    "grant", 1)]
    assert M.keyword(VOCAB, w, lost_then_granted, 1, "guard", 1) == 1
    assert M.keywords(VOCAB, w, lost_then_granted[:1], 1, frozenset({"guard"})) == frozenset()
    # valued keywords keep the highest (Regen does not stack)
    mends = [mod(1, "keyword", "mend", "grant", 2), mod(2, "keyword", "mend", "grant", 1)]
    assert M.keyword(VOCAB, w, mends, 1, "mend", 1) == 2


def test_rules_and_costs() -> None:
    w = world()
    assert M.rule(VOCAB, w, [mod(1, "rule", "cannot_tap", "grant", 1)], 1, "cannot_tap")
    assert not M.rule(VOCAB, w, [], 1, "cannot_tap")
    cheaper = [mod(1, "cost", "energy", "add", -1), mod(2, "cost", "energy", "add", -5)]
    assert M.cost(VOCAB, w, cheaper[:1], 1, "energy", 3) == 2
    assert M.cost(VOCAB, w, cheaper, 1, "energy", 3) == 0  # never below 0


def test_durations_end() -> None:
    store = [mod(1, "stat", "power", "add", 1, until="combat"),
             mod(2, "stat", "power", "add", 1, until="turn"),
             mod(3, "stat", "power", "add", 1, until="next_turn", arg=0),
             mod(4, "stat", "power", "add", 1, until="next_turn", arg=1),
             mod(5, "stat", "power", "add", 1, until="source", source=3),
             mod(6, "stat", "power", "add", 1, until="permanent", affects=4)]
    assert [m.ts for m in M.expire(store, "combat")] == [2, 3, 4, 5, 6]
    assert [m.ts for m in M.expire(store, "turn")] == [1, 3, 4, 5, 6]
    assert [m.ts for m in M.expire(store, "next_turn", 1)] == [1, 2, 3, 5, 6]
    # creature 3 leaves play: effects lasting while it is in play end; so do effects on 4
    assert [m.ts for m in M.forget(store, 3)] == [1, 2, 3, 4, 6]
    assert [m.ts for m in M.forget(store, 4)] == [1, 2, 3, 4, 5]


# --- counts ("count also as", "count instead as") and statics by recency ---------------


def test_count_also_as_and_instead_as_in_timestamp_order() -> None:
    """Hoshi Battle's Terminology: "Count also as: ... counted for what it looks like and
    also for something else. Count instead as: ... not counted for what it looks like but
    instead for something else"; the later count applies to the result of the earlier
    (Card Effect Priority: "The last card or effect played always has priority")."""
    w = world()
    also = mod(1, "count", "moon", "also", "star")  # type: ignore[arg-type]
    instead = mod(2, "count", "star", "instead", "moon")  # type: ignore[arg-type]
    assert M.counted(VOCAB, w, [], 1, "moon") == ("moon",)
    assert M.counted(VOCAB, w, [also], 1, "moon") == ("star", "moon")  # symbol order
    assert M.counted(VOCAB, w, [instead], 1, "star") == ("moon",)
    assert M.counted(VOCAB, w, [also, instead], 1, "moon") == ("moon",)
    later = mod(3, "count", "moon", "also", "star")  # type: ignore[arg-type]
    assert M.counted(VOCAB, w, [instead, later], 1, "star") == ("star", "moon")
    assert M.counted(VOCAB, w, [also], 2, "moon") == ("moon",)  # another's count


def test_count_statics_apply_first_and_follow_their_condition() -> None:
    """A static count ability applies while its condition holds, before stored counts."""
    w = world()
    static = C.modifier({"count": "blank", "also": "star", "if": {"self": ["hurt"]}}, "t")
    C.raise_problems()
    assert static.kind == "count" and (static.key, static.op, static.value) == (
        "blank", "also", "star")
    assert M.counted(VOCAB, w, [], 1, "blank", [(static, ctx(u=1))]) == ("blank",)  # bo
    assert M.counted(VOCAB, w, [], 2, "blank", [(static, ctx(u=2))]) == ("star", "blank")
    gone = mod(1, "count", "star", "instead", "moon", affects=2)  # type: ignore[arg-type]
    assert M.counted(VOCAB, w, [gone], 2, "blank", [(static, ctx(u=2))]) == ("moon",
                                                                             "blank")


def test_count_modifiers_refuse_mistakes() -> None:
    """Validation: a count names symbols of the vocabulary, one of also or instead, no
    amount; also and instead belong to counts."""
    c = Compiler(VOCAB)
    c.modifier({"count": "moon", "also": "star", "instead": "blank"}, "a")
    c.modifier({"count": "sun", "also": "star"}, "b")
    c.modifier({"count": "moon", "also": "moon"}, "c")
    c.modifier({"stat": "power", "add": 1, "also": "star"}, "d")
    text = "\n".join(c.problems)
    assert "a: a count modifier has also or instead" in text
    assert "b.count: unknown symbol 'sun'" in text
    assert "c.also: moon already counts as itself" in text
    assert "d.also: also and instead belong to a count modifier" in text


def test_stamp_statics_lets_an_ability_and_a_timed_effect_take_turns_by_recency() -> None:
    """Statics by recency: an ability stamped when its condition starts to hold applies
    after an older timed effect, and an effect made later applies after it (the rulebook's
    Example 1: Fire Axe, then Clay Champion hurt: the d10; hurt first, then Fire Axe:
    the d8)."""
    w = world()
    ability = C.modifier({"stat": "power", "set": 10}, "t")
    axe = mod(1, "stat", "power", "set", 8)
    store, clock, changed = M.stamp_statics([axe], 1, 1, "champion", 0, 0, (ability,), True,
                                            [1])
    assert changed and clock == 2 and power(w, store) == 10  # the ability is the latest
    assert store[-1].until == "static" and store[-1].arg == 0 and store[-1].ts == 2
    again, clock2, changed2 = M.stamp_statics(store, clock, 1, "champion", 0, 0, (ability,),
                                              True, [1])
    assert not changed2 and again == store and clock2 == clock  # already active
    later = (*store, mod(3, "stat", "power", "set", 8))
    assert power(w, later) == 8  # a timed effect made after it
    off, _, changed3 = M.stamp_statics(later, 3, 1, "champion", 0, 0, (ability,), False, [1])
    assert changed3 and power(w, off) == 8 and all(m.until != "static" for m in off)
    values, _, _ = M.stamp_statics([], 0, 1, "champion", 0, 0, (ability,), True, [1], (7,))
    assert power(w, values) == 7  # the game's computed amount


def test_an_op_may_declare_a_field_named_as() -> None:
    """A step's ``as`` remembers its targets, unless its op declares a field ``as`` of its
    own ("count also as"): then it is that field."""
    c = Compiler(VOCAB)
    own = c.program([{"op": "paint", "target": "self", "as": "moon"}], "a", "a")
    remember = c.program([{"op": "hit", "target": "foe_here", "amount": 1, "as": "first"}],
                         "b", "b")
    c.raise_problems()
    assert own.steps[0].f["as"] == "moon" and own.steps[0].remember == ""
    assert remember.steps[0].remember == "$first" and "as" not in remember.steps[0].f


def test_count_text() -> None:
    """The card text of a count is generated from the data."""
    from tabletop.cards.text import modifier_text

    from .toy import say

    spec = C.modifier({"count": "moon", "also": "star"}, "t")
    assert modifier_text(say(), spec) == "This creature's results of a moon count also as " \
        "a star."
