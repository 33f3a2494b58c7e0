"""Combo Cards and the deck construction rules: one test per rule of issue 14's Rules
section, each citing the rulebook's section."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.core import CardDataError, IllegalActionError, ParameterError, new_game
from tabletop.games.lightseekers.data import catalog, deck_problems, load_catalog

from .helpers import fields, ids, position


def legal(s) -> list[str]:  # type: ignore[no-untyped-def]
    return [a.to_text() for a in s.legal_actions()]


def test_a_combo_needs_every_element_it_lists() -> None:
    """Combo Cards: "To play a combo, the hero must first of all have access to all
    Elements listed on the combo." Tempest holds Eruption (Fire, Earth, Mountain) and
    cards to pay for it, but has no Fire or Earth."""
    s = position(heroes=["tempest", "ember"],
                 hand=[["eruption", "fireball", "rockslide", "crystal-shard"], []])
    assert "combo eruption" not in legal(s)
    with pytest.raises(IllegalActionError, match="fire, earth") as err:
        s.apply("combo eruption")
    assert err.value.rule == "Combo"


def test_the_payment_matches_every_element_then_goes_back_into_the_deck() -> None:
    """Combo Cards: "Then they also need to pay for it using cards from their hand. Cards
    used as payment must match all of the Elements on the combo card." and "Cards used to
    pay for a combo are returned to the deck and the deck is then shuffled." Eruption is
    paid with a Fire, an Earth and a Crystal card (the Mountain symbol); the three go into
    the deck, the deck is shuffled, and the combo deals 7 damage, then is discarded."""
    s = position(hand=[["eruption", "fireball", "rockslide", "crystal-shard", "jab"], []])
    deck = len(s.deck[0])
    s.apply("combo eruption")
    assert legal(s) == ["pay fireball", "pay rockslide", "pay crystal-shard"]
    s.apply("pay fireball")
    s.apply("pay rockslide")
    assert s.health[1] == 24  # not paid yet: the Mountain symbol is left
    assert legal(s) == ["pay crystal-shard"]  # Jab is Unaligned: it pays for nothing
    s.apply("pay crystal-shard")
    assert s.health[1] == 24 - 7
    assert len(s.deck[0]) == deck + 3 - 1  # the payment, less the card drawn after
    assert fields(s, 0, "shuffle")[0]["why"] == "payment"
    assert [f["card"] for f in fields(s, 0, "pay")] == ["fireball", "rockslide",
                                                       "crystal-shard"]
    assert ids(s, s.disc[0]) == ["eruption"]


def test_an_order_symbol_takes_any_card_of_that_order() -> None:
    """Combo Cards: "If this includes an Order, any card from that Order can be used as
    payment." Two Fire cards pay for Eruption's Fire and Mountain symbols."""
    s = position(hand=[["eruption", "fireball", "fireball", "rockslide"], []])
    s.apply("combo eruption")
    s.apply("pay fireball")
    assert "pay fireball" in legal(s)  # the second one pays for the Mountain symbol
    s.apply("pay fireball")
    s.apply("pay rockslide")
    assert s.health[1] == 24 - 7


def test_a_combo_may_pay_for_several_elements_at_once() -> None:
    """Combo Cards: "Other combos can also be used to pay (and can possibly cover multiple
    Elements in one go)". Meteor (Fire, Crystal) pays for Eruption's Fire and Mountain."""
    s = position(hand=[["eruption", "meteor", "rockslide"], []])
    s.apply("combo eruption")
    s.apply("pay meteor")
    assert s.paying is not None and legal(s) == ["pay rockslide"]
    s.apply("pay rockslide")
    assert s.health[1] == 24 - 7
    assert "meteor" in ids(s, s.deck[0]) or "meteor" in ids(s, s.hand[0])


def test_items_can_pay() -> None:
    """Combo Cards: "... and so can items." A Lava Gauntlet in hand pays for Fire."""
    s = position(hand=[["volcano-heart", "lava-gauntlet", "rockslide"], []])
    s.apply("combo volcano-heart")
    s.apply("pay lava-gauntlet")
    s.apply("pay rockslide")
    assert ids(s, [c for _, c, _ in s.buffs[0]]) == ["volcano-heart"]


def test_a_card_paying_for_nothing_left_is_refused() -> None:
    """Combo Cards: cards used as payment match the Elements on the combo. After a Fire
    card has paid for Volcano Heart's Fire, a Crystal card still pays for its Mountain
    symbol, but a second payment of the same kind never pays twice, and a Jab never."""
    s = position(hand=[["volcano-heart", "fireball", "jab", "crystal-shard"], []])
    s.apply("combo volcano-heart")
    with pytest.raises(IllegalActionError, match="pays for no symbol") as err:
        s.apply("pay jab")
    assert err.value.rule == "Combo"
    s.apply("pay fireball")
    assert legal(s) == ["pay crystal-shard"]


def test_a_combo_is_instead_of_the_actions() -> None:
    """Phase 3: Action Phase: "Either play a combo or perform up to 2 actions." and Phase
    4: "If you played a combo this turn, Draw 1 card." After a card, no combo; after a
    combo the turn ends and one card is drawn."""
    s = position(hand=[["meteor", "fireball", "crystal-shard", "jab"], []])
    s.apply("play jab")
    assert "combo meteor" not in legal(s)
    with pytest.raises(IllegalActionError, match="instead of actions"):
        s.apply("combo meteor")
    s = position(hand=[["meteor", "fireball", "crystal-shard", "jab"], []])
    s.apply("combo meteor")
    s.apply("pay fireball")
    s.apply("pay crystal-shard")
    assert s.active == 1
    assert len(s.hand[0]) == 2  # the Jab, and the one card drawn


def test_attack_defend_and_buff_combos_behave_like_action_cards() -> None:
    """Combo Cards: "Similar to action cards, combos come in three categories: Attack,
    Defend, and Buff. These categories are handled in the same way as they are for action
    cards." An attack combo goes to the target (it is discarded), a defend heals you, a
    buff stays in play with its corners."""
    s = position(players=3, order=[0, 2, 1], hand=[["meteor", "fireball", "crystal-shard"],
                                                  [], []])
    s.apply("combo meteor")
    s.apply("pay fireball")
    s.apply("pay crystal-shard")
    assert s.health == [24, 24, 24 - 4] and ids(s, s.disc[0]) == ["meteor"]
    s = position(hand=[["crystal-fortress", "rockslide", "crystal-shard"], []],
                 health=[10, 24])
    s.apply("combo crystal-fortress")
    s.apply("pay rockslide")
    s.apply("pay crystal-shard")
    assert s.health[0] == 14 and ids(s, s.disc[0]) == ["crystal-fortress"]
    s = position(heroes=["tempest", "ember"],
                 hand=[["eye-of-the-storm", "gust", "lightning-bolt"], []])
    s.apply("combo eye-of-the-storm")
    s.apply("pay gust")
    s.apply("pay lightning-bolt")
    assert s.view(0)["heroes"][0]["buffs"] == [
        {"card": "eye-of-the-storm", "slot": 1, "active": False, "turns": 0, "corner": "x"}]


# --- GETTING STARTED: decks ---------------------------------------------------------------


def _deck(**change: object) -> list[str]:
    cat = catalog()
    d = cat.decks["mountain"]
    args: dict[str, object] = {"hero": d.hero, "combos": list(d.combos),
                               "cards": dict(d.cards)}
    args.update(change)
    cards = {c.id: c for c in cat.cards}
    heroes = {h.id: h for h in cat.heroes}
    return deck_problems(cards, heroes, str(args["hero"]), list(args["combos"]),  # type: ignore[call-overload]
                         dict(args["cards"]))  # type: ignore[call-overload]


def test_a_ready_deck_follows_the_construction_rules() -> None:
    """GETTING STARTED: "Each player needs a hero and a deck containing 5 combos and 30
    action cards." Every ready deck passes."""
    for d in catalog().decks.values():
        assert _deck(hero=d.hero, combos=list(d.combos), cards=dict(d.cards)) == []
        assert len(d.contents) == 35


def test_deck_validation_names_the_rule() -> None:
    """GETTING STARTED: "A deck can't contain any duplicate combos and must have at most 3
    of each action card." Every way to break it is reported, naming the rule."""
    rule = "(GETTING STARTED)"
    assert _deck(combos=["eruption"] * 5) == [
        f"combos: eruption twice; a deck can't contain any duplicate combos {rule}"]
    assert _deck(combos=["eruption", "meteor"]) == [
        f"combos: 2 combos; a deck contains 5 {rule}"]
    cards = dict(catalog().decks["mountain"].cards)
    cards["fireball"] = 4
    cards["rockslide"] = 2
    assert _deck(cards=cards) == [
        f"cards: 4 copies of 'fireball'; a deck must have at most 3 of each action card "
        f"{rule}"]
    cards["rockslide"] = 3
    assert _deck(cards=cards) == [
        f"cards: 4 copies of 'fireball'; a deck must have at most 3 of each action card "
        f"{rule}", f"cards: 31 action cards; a deck contains 30 {rule}"]
    assert _deck(hero="nobody")[0] == f"hero: unknown hero 'nobody' {rule}"
    assert "is a combo" in _deck(cards={**dict(catalog().decks["mountain"].cards),
                                        "meteor": 1})[0]


def test_a_broken_deck_in_a_card_file_is_refused_with_every_problem(tmp_path: Path) -> None:
    """GETTING STARTED, wherever a deck enters: a card file with a broken deck is refused,
    each problem named with the deck and the rule; an unknown deck asked for is a
    ParameterError."""
    bad = tmp_path / "bad.toml"
    bad.write_text('[[deck]]\nid = "broken"\nname = "Broken"\nhero = "ember"\n'
                   'combos = ["eruption", "eruption"]\ncards = { fireball = 4 }\n')
    with pytest.raises(CardDataError) as err:
        load_catalog((bad,))
    text = str(err.value)
    assert "deck broken: combos: eruption twice" in text
    assert "deck broken: cards: 4 copies of 'fireball'" in text
    assert "deck broken: cards: 4 action cards; a deck contains 30 (GETTING STARTED)" in text
    with pytest.raises(ParameterError, match="unknown deck 'nope'"):
        new_game("lightseekers", decks="mountain,nope")
