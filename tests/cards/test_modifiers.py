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
