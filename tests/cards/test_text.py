"""tabletop.cards.text: card text generated from the data (issue 11: "Card text shown to
players is generated from the effect data (with the printed text kept where it exists,
and a check that both say the same) so that what a player reads is what runs")."""

from __future__ import annotations

from tabletop.cards import Compiler
from tabletop.cards.text import (
    modifier_text,
    plain,
    program_text,
    replacement_text,
    same_text,
    trigger_text,
)

from .toy import VOCAB, say

C = Compiler(VOCAB)


def sel(raw: object) -> str:
    return say().sel(C.selector(raw, "t"))


def test_selectors_read_as_noun_phrases() -> None:
    assert sel("self") == "this creature"
    assert sel("foe_here") == "a foe here"  # the game's own phrase for a named selector
    assert sel({"side": "enemy", "place": "here"}) == "an enemy creature in this place"
    assert sel({"side": "friendly", "count": "each", "place": "anywhere"}) == \
        "each friendly creature anywhere"
    assert sel({"side": "friendly", "exclude": ["self"], "place": "here"}) == \
        "another friendly creature in this place"
    assert sel({"where": ["hurt", "not:ready"], "side": "enemy"}) == \
        "a hurt non-ready enemy creature"
    assert sel({"where": ["keyword:guard"], "up_to": 2}) == "up to 2 creatures with Guard"
    assert sel({"side": "enemy", "random": 1}) == "a random enemy creature"
    assert sel({"exclude": ["$first"]}) == "a creature other than the first"
    assert sel("$first") == "that creature"


def test_values_read_as_numbers_or_letters() -> None:
    s = say()
    program = C.program([{"op": "hit", "target": "foe_here", "amount": {
        "div": [{"stat": "damage", "of": "self"}, 2], "round": "up"}}], "t", "p")
    assert program_text(s, program) == ("Hit a foe here for X, where X is half of the "
                                        "damage on this creature, rounded up.")
    program = C.program([{"op": "gain", "amount": {"count": {"side": "friendly",
                                                             "where": ["hurt"]}}}], "t", "p")
    assert program_text(s, program) == ("Gain X points, where X is the number of hurt "
                                        "friendly creatures.")
    assert program_text(s, C.program([{"op": "gain", "amount": "x"}], "t", "p")) == \
        "Gain X points."


def test_steps_join_and_conditions_and_choices_stand_alone() -> None:
    s = say()
    program = C.program([
        {"op": "hit", "target": "foe_here", "amount": 1},
        {"op": "gain", "amount": 1},
        {"op": "mend", "target": "self", "amount": 2, "if": {"self": ["hurt"]},
         "else": [{"op": "gain", "amount": 1}]},
        {"op": "choose", "options": [
            {"id": "a", "effects": [{"op": "gain", "amount": 1}]},
            {"id": "b", "effects": [{"op": "tap", "target": "foe_here"}]}]},
    ], "t", "p")
    assert not C.problems, C.problems
    assert program_text(s, program) == (
        "Hit a foe here for 1, then gain 1 points. If this creature is hurt, mend 2 on "
        "this creature; otherwise, gain 1 points. Choose one: gain 1 points; or tap a foe "
        "here.")


def test_a_roll_and_the_condition_reading_it_are_one_sentence() -> None:
    """An op whose result the next condition reads (``colon``: a roll) joins that
    condition with a colon, as Hoshi Battle's Ring of Regeneration reads: "If you are hit,
    roll a die: if you roll the symbol, the hit is cancelled" (issue 15); alone, or
    followed by a plain step, it is an ordinary clause."""
    s = say()
    program = C.program([{"op": "toss"}, {"op": "gain", "amount": 1,
                                          "if": {"self": ["hurt"]}}], "t", "p")
    assert program_text(s, program) == "Toss a coin: if this creature is hurt, gain 1 points."
    trigger = C.trigger({"on": "hit", "match": {"unit": "self"}, "effects": [
        {"op": "toss"}, {"op": "mend", "target": "self", "amount": 1,
                         "if": {"self": ["hurt"]}}]}, "t", "p")
    assert not C.problems, C.problems
    assert trigger_text(s, trigger).endswith(
        "toss a coin: if this creature is hurt, mend 1 on this creature.")
    plain_ = C.program([{"op": "toss"}, {"op": "gain", "amount": 1}], "t", "p")
    assert program_text(s, plain_) == "Toss a coin, then gain 1 points."
    assert program_text(s, C.program([{"op": "toss"}], "t", "p")) == "Toss a coin."


def test_triggers_modifiers_replacements() -> None:
    s = say()
    t = C.trigger({"on": "dawn", "match": {"seat": "friendly"},
                   "effects": [{"op": "gain", "amount": 1}]}, "t", "p")
    assert trigger_text(s, t) == "At the start of your turn, gain 1 points."
    t = C.trigger({"on": "hit", "match": {"unit": {"side": "friendly", "exclude": ["self"]}},
                   "limit": "turn", "effects": [{"op": "gain", "amount": 1}]}, "t", "p")
    assert trigger_text(s, t) == ("When another friendly creature is hit, gain 1 points "
                                  "(once a turn).")
    assert modifier_text(s, C.modifier({"keyword": "guard"}, "t")) == "This creature has Guard."
    assert modifier_text(s, C.modifier({"stat": "power", "add": -1, "affects": "foe_here"},
                                       "t")) == "A foe here has -1 power."
    assert modifier_text(s, C.modifier({"rule": "cannot_tap", "if": {"self": ["hurt"]}},
                                       "t")) == \
        "While this creature is hurt, this creature can't be tapped."
    r = C.replacement({"hook": "would_hit", "prevent": True, "affects": {
        "side": "friendly", "exclude": ["self"]}}, "t", "p")
    assert replacement_text(s, r) == "If another friendly creature would be hit, prevent it."
    r = C.replacement({"hook": "would_hit", "instead": [{"op": "gain", "amount": 2}]}, "t", "p")
    assert replacement_text(s, r) == "If this creature would be hit, instead gain 2 points."
    assert not C.problems, C.problems


def test_printed_and_generated_text_compare_without_reminders() -> None:
    assert plain("Draw a card. (Evoker: gain 1 (one) Power.)") == "Draw a card."
    assert same_text("Recover this hero (it is ready).", "recover this hero.")
    assert not same_text("Recover this hero.", "Recover each hero.")
