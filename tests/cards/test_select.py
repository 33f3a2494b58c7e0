"""tabletop.cards.select: selectors, values and conditions (issue 11, "Selectors and
values": side, place, kind, conditions, exclusions, how many; a chosen target named and
reused; constants, counts, stats, X, event values, arithmetic with half rounded up)."""

from __future__ import annotations

from tabletop.cards import ASKED, DONE, Compiler, candidates, choose, holds, matches, value

from .toy import VOCAB, ctx, world

C = Compiler(VOCAB)


def sel(raw: object):  # type: ignore[no-untyped-def]
    return C.selector(raw, "test")


def names(w, objs):  # type: ignore[no-untyped-def]
    return [w.creatures[o].name for o in objs]


def test_side_place_kind() -> None:
    w = world()
    assert names(w, candidates(VOCAB, w, sel({"side": "enemy"}), ctx())) == ["dee", "eli",
                                                                              "gus"]
    assert names(w, candidates(VOCAB, w, sel({"side": "friendly", "place": "here"}),
                               ctx())) == ["bo", "cy"]
    assert names(w, candidates(VOCAB, w, sel({"place": "adjacent"}), ctx())) == ["ana", "eli"]
    assert names(w, candidates(VOCAB, w, sel({"place": "other", "side": "enemy"}),
                               ctx())) == ["eli"]
    # off the board (fay) is never a candidate; "anywhere" is every place
    assert "fay" not in names(w, candidates(VOCAB, w, sel({"place": "anywhere"}), ctx()))
    assert names(w, candidates(VOCAB, w, sel({"kind": "creature", "side": "enemy",
                                              "place": "here"}), ctx())) == ["dee", "gus"]


def test_conditions_negation_and_arguments() -> None:
    w = world()
    assert names(w, candidates(VOCAB, w, sel({"where": ["hurt"]}), ctx())) == ["cy"]
    assert names(w, candidates(VOCAB, w, sel({"side": "enemy", "where": ["not:ready"]}),
                               ctx())) == ["eli"]
    assert names(w, candidates(VOCAB, w, sel({"where": ["keyword:guard"]}), ctx())) == ["gus"]
    assert names(w, candidates(VOCAB, w, sel({"where": ["named:dee"]}), ctx())) == ["dee"]


def test_exclusions_self_and_remembered() -> None:
    w = world()
    here = {"place": "here", "exclude": ["self"]}
    assert names(w, candidates(VOCAB, w, sel(here), ctx())) == ["cy", "dee", "gus"]
    remembered = ctx(**{"$first": (3,)})
    assert names(w, candidates(VOCAB, w, sel({**here, "exclude": ["self", "$first"]}),
                               remembered)) == ["cy", "gus"]
    assert names(w, candidates(VOCAB, w, sel("$first"), remembered)) == ["dee"]
    assert candidates(VOCAB, w, sel("self"), ctx(u=5)) == []  # this creature is off the board


def test_how_many() -> None:
    w = world()
    c = ctx()
    assert choose(VOCAB, w, sel({"side": "enemy", "count": "each"}), c) == [3, 4, 6]
    assert c["_last"] == (3, 4, 6)
    # one of several: the controller is asked, then the answer is taken
    assert choose(VOCAB, w, sel("foe_here"), c) is ASKED
    assert w.asked == ("target", 0, (3, 6))
    c["answer"] = 6
    assert choose(VOCAB, w, sel("foe_here"), c) == [6]
    # only one: no question
    assert choose(VOCAB, w, sel({"side": "enemy", "place": "other"}), ctx()) == [4]
    # nothing allowed: the step cannot resolve
    assert choose(VOCAB, w, sel({"side": "enemy", "where": ["hurt"]}), ctx()) is None
    # random: the game's chance picks
    w.rolls = [1]
    assert choose(VOCAB, w, sel({"side": "enemy", "random": 1}), ctx()) == [4]
    # up to 2: asked until two are chosen, or the controller says done
    up = sel({"side": "enemy", "up_to": 2})
    c = ctx()
    assert choose(VOCAB, w, up, c) is ASKED and w.asked[2] == (3, 4, 6, DONE)
    c["answer"] = 4
    assert choose(VOCAB, w, up, c) is ASKED and w.asked[2] == (3, 6, DONE)
    c["answer"] = DONE
    assert choose(VOCAB, w, up, c) == [4]
    # implied conditions of the op (tapping needs a ready creature)
    assert choose(VOCAB, w, sel({"side": "enemy", "place": "other"}), ctx(), ("ready",)) is None


def test_matches_tells_one_object() -> None:
    w = world()
    foe = sel("foe_here")
    assert matches(VOCAB, w, foe, ctx(), 3) and not matches(VOCAB, w, foe, ctx(), 4)
    assert not matches(VOCAB, w, foe, ctx(), 5)  # off the board
    assert matches(VOCAB, w, sel("self"), ctx(), 1)


def test_values() -> None:
    w = world()
    c = ctx(x=4, event={"amount": 5})
    v = lambda raw: value(VOCAB, w, C.value(raw, "t", -9, 9), c)  # noqa: E731
    assert v(3) == 3 and v("x") == 4
    assert v({"count": {"side": "friendly"}}) == 3
    assert v({"stat": "power", "of": "self"}) == 3
    assert v({"stat": "power", "of": {"side": "enemy", "count": "each"}}) == 1 + 4 + 1
    assert v({"event": "amount"}) == 5 and v({"event": "missing"}) == 0
    assert v({"div": [{"event": "amount"}, 2], "round": "up"}) == 3  # half, rounded up
    assert v({"div": [{"event": "amount"}, 2]}) == 2
    assert v({"add": [1, 2, "x"]}) == 7 and v({"sub": [1, "x"]}) == -3
    assert v({"mul": [2, 3]}) == 6 and v({"min": [2, 3, 1]}) == 1 and v({"max": [2, 3]}) == 3


def test_conditions() -> None:
    w = world()
    t = lambda raw, **k: holds(VOCAB, w, C.condition(raw, "t"), ctx(**k))  # noqa: E731
    assert t({"exists": "foe_here"}) and not t({"none": "foe_here"})
    assert t({"self": ["ready"]}) and not t({"self": ["hurt"]}) and t({"self": ["not:hurt"]})
    assert t({"compare": [{"count": "all_foes_here"}, ">=", 2]})
    assert not t({"compare": [{"count": "all_foes_here"}, ">", 2]})
    assert t({"all": [{"exists": "foe_here"}, {"self": ["ready"]}]})
    assert t({"any": [{"self": ["hurt"]}, {"self": ["ready"]}]})
    assert t({"not": {"self": ["hurt"]}})
    assert holds(VOCAB, w, None, ctx())


def test_kind_filters_remembered_targets() -> None:
    """Issue 26, silently wrong: "`kind` on a `ref` selector is ignored although
    docs/cards.md says it filters (its own example: { ref = "$top", kind = "card" })".
    Remembered dee and fay (off the board since): of kind creature (those in play) only
    dee is left, so "if that target survives" and "for each one KO'd" count right."""
    w = world()
    c = ctx(**{"$hit": (3, 5)})
    alive = sel({"ref": "$hit", "kind": "creature"})
    assert candidates(VOCAB, w, alive, c) == [3]
    assert matches(VOCAB, w, alive, c, 3) and not matches(VOCAB, w, alive, c, 5)
    assert value(VOCAB, w, C.value({"count": {"ref": "$hit", "kind": "creature"}}, "t"),
                 c) == 1
    assert value(VOCAB, w, C.value({"count": "$hit"}, "t"), c) == 2  # no kind: as remembered
    assert holds(VOCAB, w, C.condition({"exists": {"ref": "$hit", "kind": "creature"}}, "t"),
                 c)
    w.creatures[3].place = None  # dee leaves too
    assert not holds(VOCAB, w, C.condition({"exists": {"ref": "$hit", "kind": "creature"}},
                                           "t"), c)


def test_a_target_or_place_taken_from_the_event() -> None:
    """Issue 26, missing forms: "a target or lane taken from the triggering event ('the
    hero that KO'd it', 'that conduit's location')": ``{ event = <field> }`` is the
    event's object, ``at = <field>`` makes the place word relative to where it is."""
    from tabletop.cards.text import Say

    w = world()
    c = ctx(u=0, lane=0, event={"spot": 3, "amount": 2})  # "here" is place 0; dee is at 1
    assert candidates(VOCAB, w, sel({"event": "spot"}), c) == [3]
    assert matches(VOCAB, w, sel({"event": "spot"}), c, 3)
    assert candidates(VOCAB, w, sel({"event": "gone"}), c) == []
    near = sel({"side": "friendly", "at": "spot", "count": "each"})
    assert names(w, candidates(VOCAB, w, near, c)) == ["bo", "cy"]
    w.creatures[3].place = None  # off the board: it is nowhere, so nothing is near it
    assert candidates(VOCAB, w, near, c) == [] == candidates(VOCAB, w, sel({"event": "spot"}),
                                                             c)
    say = Say(VOCAB, this="this creature")
    assert say.sel(sel({"event": "source"})) == "the creature that caused it"
    assert say.sel(near) == "each friendly creature at the location of the event's spot"
