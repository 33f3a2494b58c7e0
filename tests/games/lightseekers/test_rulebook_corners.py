"""A rulebook audit of Lightseekers: the corners of ../shared/rules/lightseekers-tcg.txt
that the other rule tests leave weak or unchecked, each test quoting the words it checks
(and, where there is one, the illegal side: refused, naming the rule, state unchanged).
Three- and four-player corners (a defeat in the middle of the seating, targets shifting,
the last two players) are at the end."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core import IllegalActionError, NotationError, ParameterError, ScenarioError, new_game
from tabletop.games.lightseekers.board import enemy_of, target_of
from tabletop.games.lightseekers.rules import LsState

from .helpers import after, buffs, fields, ids, pass_round, position


def legal(s: LsState) -> list[str]:
    return [a.to_text() for a in s.legal_actions()]


def refused(s: LsState, text: str, match: str, rule: str) -> None:
    """``text`` is not offered, is refused with a reason matching ``match`` and naming
    ``rule``, and leaves the state exactly as it was."""
    assert text not in legal(s)
    before = s.to_data()
    events = len(s.events)
    with pytest.raises(IllegalActionError, match=match) as err:
        s.apply(text)
    assert err.value.rule == rule
    assert s.to_data() == before and len(s.events) == events


def hero(s: LsState, seat: int, viewer: int = 0) -> dict[str, Any]:
    return s.view(viewer)["heroes"][seat]  # type: ignore[no-any-return]


# --- Hero Cards ----------------------------------------------------------------------------


def test_no_hero_starts_above_35_and_no_heal_goes_past_it() -> None:
    """Hero Cards: "4. The amount of health a hero starts the game with. Health can't
    exceed 35." and "They each have three Elements, a trait, and a health value." Every
    hero of the pool has three Elements, a trait and a starting health of 35 or less; a
    hero at 35 gains nothing from a heal (no heal event), one at 34 gains 1."""
    s = new_game("lightseekers", players=2, seed=0)
    assert all(0 < h.health <= 35 and len(h.elements) == 3 and h.trait
               for h in s.cat.heroes)
    s = position(heroes=["nyx", "ember"], health=[35, 24])
    s.apply("ability hero")  # Moonwell: your hero gains 2 health
    assert s.health[0] == 35 and fields(s, 0, "heal") == []
    s = position(heroes=["nyx", "ember"], health=[34, 24])
    s.apply("ability hero")
    assert s.health[0] == 35 and fields(s, 0, "heal")[0]["amount"] == 1


def test_a_hero_ability_of_a_basic_element_uses_that_element() -> None:
    """Phase 3: Action Phase: "In order to ... use an Ability on a card with a specific
    Element, your hero must be able to use that Element. If they have the basic level
    (silver frame), they can only perform one action that requires that Element per turn
    (i.e. play one card or use one Ability of that Element)." and Hero Cards: "Use an
    Ability on one of your cards in play (including the hero)". Cogsworth's Time is basic:
    after his Tinker (Time) he cannot play Time Bolt, nor Tinker again."""
    s = position(heroes=["cogsworth", "ember"], hand=[["time-bolt"], []])
    assert "ability hero" in legal(s) and "play time-bolt" in legal(s)
    s.apply("ability hero")
    refused(s, "play time-bolt", "Time is basic", "Phase 3: Action Phase")
    refused(s, "ability hero", "Time is basic", "Phase 3: Action Phase")


def test_an_ability_paid_in_health_never_defeats_its_own_hero() -> None:
    """Hero Cards: "If this is an Ability, it requires an action to activate it." The
    rulebook gives Abilities no other cost; ours (a Bone Charm's "lose 2 health") must
    leave the hero at least 1 health (docs/rules/lightseekers.md, Abilities): at 2 health
    it is refused, naming the cost; at 3 it is paid, and the loss is not damage (Grave
    Pact, "After your hero takes damage", does not answer it; armor does not reduce it;
    the log says health is lost, not damage taken)."""
    s = position(heroes=["morgrim", "ember"], items=[["bone-charm"], []], health=[2, 24])
    refused(s, "ability bone-charm", "cannot be paid", "Hero")
    s = position(heroes=["morgrim", "ember"], items=[["bone-charm"], []],
                 buffs=[["grave-pact"], []], health=[3, 24])
    s.apply("ability bone-charm")
    assert s.health == [1, 24] and len(s.hand[0]) == 2
    assert fields(s, 0, "damage") == []
    assert fields(s, 0, "lose_health") == [
        {"seat": 0, "amount": 2, "source": "bone-charm", "health": 1}]
    s = position(heroes=["morgrim", "ember"], items=[["bone-charm", "gear-shield"], []],
                 health=[5, 24])
    s.apply("ability bone-charm")  # Gear Shield's armor does not reduce a cost
    assert s.health[0] == 3
    assert [e.text for e in after(s, 0, "lose_health")] == [
        "P1 loses 2 health to use Bone Charm; health 3."]


# --- Attack & Defend -----------------------------------------------------------------------


def test_an_attack_is_never_offered_against_yourself() -> None:
    """ACTION CARD - ATTACK & DEFEND: "Attacks are directed at other heroes and you can't
    choose to use them against yourself." The notation has no recipient to choose: with
    three players every attack goes to the target, whoever plays it, and never to the
    player himself."""
    for active, tgt in ((0, 1), (1, 2), (2, 0)):
        hand: list[list[str]] = [[], [], []]
        hand[active] = ["jab"]
        s = position(players=3, heroes=["ember", "ember", "ember"], active=active,
                     hand=hand)
        s.apply("play jab")
        assert s.health[active] == 24
        assert s.health[tgt] == 22
        assert fields(s, 0, "play")[0]["target"] == tgt
    s = position(hand=[["jab"], []])
    before = s.to_data()
    with pytest.raises(NotationError, match="expected play <card>"):
        s.apply("play jab 0")  # no way to name a recipient, yourself included
    assert s.to_data() == before


# --- Buffs -----------------------------------------------------------------------------------


def test_a_buff_applies_to_the_player_who_played_it() -> None:
    """ACTION CARD - BUFF: "3. The effect of the buff. This is always applied to the player
    who played the card, unless otherwise specified." Furnace's +1 power is Ember's
    alone: her opponent's attack is not increased."""
    s = position(heroes=["ember", "ember"], hand=[["furnace"], ["fireball"]])
    s.apply("play furnace")
    assert hero(s, 0)["power"] == 1 and hero(s, 1)["power"] == 0
    s.apply("pass")
    s.apply("play fireball")  # the other Ember: 3 damage, not 4
    assert s.health[0] == 24 - 3


def test_a_circle_buff_does_not_turn_on_the_other_players_turns() -> None:
    """ACTION CARD - BUFF: "Rotating buffs with circles in the corner (b) rotate 90 degrees
    anticlockwise in the beginning of your turn." Ember's Ember Glow turns only
    as Ember's own turn begins, not as her opponent's does."""
    s = position(buffs=[["ember-glow"], []])
    mark = len(s.events)
    s.apply("pass")  # the opponent's turn begins
    assert fields(s, mark, "rotate") == [] and buffs(s, 0) == [("ember-glow", 0)]
    mark = len(s.events)
    s.apply("pass")  # Ember's turn begins
    assert [f["corner"] for f in fields(s, mark, "rotate")] == [2]


def test_buff_effects_resolve_left_to_right() -> None:
    """ACTION CARD - BUFF: "Buff cards are placed on the table when played, in the order
    they were played from left to right". The buff phase's instant effects follow that
    order (docs/rules/lightseekers.md, Triggered effects): Rain Totem then Undertow heals
    before milling, and the other way round when Undertow was played first."""
    for row, kinds in ((["rain-totem", "undertow"], ["heal", "discard"]),
                       (["undertow", "rain-totem"], ["discard", "heal"])):
        s = position(heroes=["tempest", "ember"], buffs=[row, []], health=[20, 24])
        mark = len(s.events)
        pass_round(s)
        got = [e.kind for e in after(s, mark) if e.kind in ("heal", "discard")]
        assert got == kinds


def test_expired_buffs_go_to_the_discard_pile_left_to_right() -> None:
    """Phase 2: Buff Phase: "Discard any buffs that have Expired, placing them at the top of
    discard pile." Two buffs expiring together are discarded in their row's order, so the
    rightmost ends on top."""
    s = position(buffs=[[{"card": "ember-glow", "turns": 2},
                         {"card": "crystal-ward", "turns": 3}], []],
                 discard=[["jab"], []])
    mark = len(s.events)
    pass_round(s)
    assert [f["card"] for f in fields(s, mark, "expire")] == ["ember-glow", "crystal-ward"]
    assert ids(s, s.disc[0]) == ["jab", "ember-glow", "crystal-ward"]
    assert buffs(s, 0) == []


def test_an_irregular_buff_whose_next_corner_is_empty_expires_after_one_trigger() -> None:
    """ACTION CARD - BUFF: "Rotating buffs with an irregular shape in the corner (c) only
    rotate when their effect is triggered. If a rotating buff gets to a position where its
    current top left corner is empty ..., it has Expired and is Discarded." Mine (4, empty,
    empty, empty) hits back once for 4, turns to an empty corner and goes at once."""
    s = position(heroes=["ember", "cogsworth"], buffs=[[], ["mine"]],
                 hand=[["jab", "jab"], []])
    s.apply("play jab")
    assert s.health == [24 - 4, 24 - 2]
    assert buffs(s, 1) == [] and ids(s, s.disc[1]) == ["mine"]
    s.apply("play jab")
    assert s.health == [24 - 4, 24 - 4]  # nothing left to hit back


def test_a_buff_ability_needs_its_element() -> None:
    """Phase 3: Action Phase: "In order to ... use an Ability on a card with a specific
    Element, your hero must be able to use that Element." and ACTION CARD - BUFF: "The
    Element required ... for the buff to have any effect if it's in play." Gorm has
    Lightning only from a Storm Bracer: with it he may use the Capacitor's Ability, once a
    turn (the item's Element is basic); once the bracer is discarded, not at all."""
    s = position(heroes=["gorm", "ember"], items=[["storm-bracer"], []],
                 buffs=[["capacitor"], []], hand=[[], ["prism-beam"]])
    assert "ability capacitor" in legal(s)
    s.apply("ability capacitor")  # Lightning, basic from the bracer: once this turn
    assert s.health[1] == 22
    refused(s, "ability capacitor", "Lightning is basic", "Phase 3: Action Phase")
    s.apply("pass")
    s.apply("play prism-beam")  # discards Gorm's newest item
    s.apply("pass")
    assert s.active == 0 and ids(s, s.items[0]) == []
    refused(s, "ability capacitor", "cannot use its Element", "ACTION CARD - BUFF")


def test_replacement_buffs_act_left_to_right() -> None:
    """ACTION CARD - BUFF: "Buff cards are placed on the table when played, in the order
    they were played from left to right" and "Rotating buffs with an irregular shape in the
    corner (c) only rotate when their effect is triggered." Two buffs that reduce damage
    act in their row's order: Ruby Aegis (3) on the left takes all of a Fireball's 3, so
    Guard Stance is not triggered and does not turn; the other way round both act."""
    for row, turned in ((["ruby-aegis", "guard-stance"], [("ruby-aegis", 1),
                                                          ("guard-stance", 0)]),
                        (["guard-stance", "ruby-aegis"], [("guard-stance", 1),
                                                          ("ruby-aegis", 1)])):
        s = position(heroes=["ember", "ember"], buffs=[row, []], order=[1, 0], active=1,
                     hand=[[], ["fireball"]])
        s.apply("play fireball")
        assert s.health[0] == 24 and buffs(s, 0) == turned
        assert [f["source"] for f in fields(s, 0, "reduce")] == [b for b, n in turned if n]


def test_lingering_effects_of_the_rotation_count_for_the_instant_effects() -> None:
    """Phase 2: Buff Phase: "Rotate all buffs that need rotating and, following that,
    activate any lingering effects (such as ... 'increase damage done') that have come into
    play as a result of this." then "Handle all instant effects on buffs". Every buff turns
    before any instant effect: Static Charge, right of Ember Glow, turns to +1 power in
    time for Ember Glow's 2 damage (with the Lava Gauntlet's +1: 4)."""
    s = position(heroes=["tempest", "ember"], items=[["lava-gauntlet"], []],
                 buffs=[["ember-glow", "static-charge"], []])
    pass_round(s)
    assert buffs(s, 0) == [("ember-glow", 1), ("static-charge", 1)]
    assert s.health[1] == 24 - (2 + 1 + 1)


def test_a_buff_without_its_element_still_rotates_but_does_nothing() -> None:
    """ACTION CARD - BUFF: "1. The Element required to play the buff and for the buff to
    have any effect if it's in play." and "Rotating buffs with circles in the corner (b)
    rotate 90 degrees anticlockwise in the beginning of your turn." Gorm's Fire came from
    his Lava Gauntlet; once it is discarded his Ember Glow still turns (its time runs
    out) but deals nothing."""
    s = position(heroes=["gorm", "ember"], items=[["lava-gauntlet"], []],
                 buffs=[["ember-glow"], []], hand=[[], ["prism-beam"]], order=[1, 0],
                 active=1)
    s.apply("play prism-beam")
    s.apply("pass")  # Gorm's turn begins
    assert buffs(s, 0) == [("ember-glow", 1)]
    assert s.health[1] == 24
    assert hero(s, 0)["buffs"][0]["active"] is False


# --- Items -----------------------------------------------------------------------------------


def test_two_one_point_items_fill_the_two_points() -> None:
    """ACTION CARD - ITEM: "A hero can have 2 points of items equipped at a time. The point
    value of an item is displayed on the Item card." Two 1-point items fit; a third is
    neither offered nor accepted, and nothing changes."""
    s = position(hand=[["sunstone", "lava-gauntlet", "sky-cloak"], []])
    s.apply("play sunstone")
    s.apply("play lava-gauntlet")
    assert ids(s, s.items[0]) == ["sunstone", "lava-gauntlet"]
    s.apply("pass")  # P2; P1's next turn
    refused(s, "play sky-cloak", "2 points", "ACTION CARD - ITEM")


def test_equipping_an_item_of_a_basic_element_already_used_is_allowed() -> None:
    """ACTION CARD - ITEM: "Equipping an item does not count as using this Element." and
    "Unlike other action cards, the Element displayed on an Item card is not a requirement".
    Ember's Earth is basic and already used by Rockslide: she may still equip the Quake
    Hammer (Earth); Tempest, with no Earth at all, may too."""
    s = position(hand=[["rockslide", "quake-hammer"], []])
    s.apply("play rockslide")
    assert "play quake-hammer" in legal(s)
    s.apply("play quake-hammer")
    assert ids(s, s.items[0]) == ["quake-hammer"]
    s = position(heroes=["tempest", "ember"], hand=[["quake-hammer"], []])
    s.apply("play quake-hammer")
    assert ids(s, s.items[0]) == ["quake-hammer"]


def test_an_item_element_is_basic_and_its_ability_counts_against_it() -> None:
    """ACTION CARD - ITEM: "the hero instead gains this Element when they have the item
    equipped" and "Using an Ability on an item does count as using the Element of the
    item." Tempest gains Earth from the Quake Hammer, at the basic level
    (docs/rules/lightseekers.md, Items): one use of its Ability, then no Earth card."""
    s = position(heroes=["tempest", "ember"], items=[["quake-hammer"], []],
                 hand=[["rockslide"], []])
    assert hero(s, 0)["elements"]["earth"] == "basic"
    s.apply("ability quake-hammer")
    assert s.health[1] == 22
    refused(s, "play rockslide", "Earth is basic", "Phase 3: Action Phase")


def test_an_item_of_a_superior_element_keeps_it_superior() -> None:
    """ACTION CARD - ITEM with Phase 3 ("If they have the superior level (gold frame), this
    restriction does not apply."): Ember's Fire stays superior with a Lava Gauntlet."""
    s = position(items=[["lava-gauntlet"], []], hand=[["fireball", "fireball"], []])
    assert hero(s, 0)["elements"]["fire"] == "superior"
    s.apply("play fireball")
    s.apply("play fireball")
    assert s.health[1] == 24 - 2 * 4


# --- Combo Cards ------------------------------------------------------------------------------


def test_an_item_gives_access_to_a_combo_element_and_its_order() -> None:
    """Combo Cards: "To play a combo, the hero must first of all have access to all
    Elements listed on the combo." Tempest has no Fire and no Mountain Element: Volcano
    Heart (Fire, Mountain) is refused; with a Lava Gauntlet (Fire, of the Mountain Order)
    equipped she may play it."""
    hand = ["volcano-heart", "fireball", "crystal-shard"]
    s = position(heroes=["tempest", "ember"], hand=[list(hand), []])
    refused(s, "combo volcano-heart", "cannot use fire, mountain", "Combo")
    s = position(heroes=["tempest", "ember"], hand=[list(hand), []],
                 items=[["lava-gauntlet"], []])
    assert "combo volcano-heart" in legal(s)


def test_an_order_symbol_needs_an_element_of_that_order() -> None:
    """Combo Cards: "1. The Elements required to play the combo. If this includes an Order,
    any card from that Order can be used as payment." Starfall (Astral x3) needs an Astral
    Element: Ember, holding three Astral cards to pay with, cannot play it."""
    s = position(hand=[["starfall", "sunbeam", "crush", "moon-veil"], []])
    refused(s, "combo starfall", r"cannot use astral \(a combo needs every Element", "Combo")


def test_a_combo_can_pay_for_every_order_symbol_at_once() -> None:
    """Combo Cards: "Other combos can also be used to pay (and can possibly cover multiple
    Elements in one go)" and "If this includes an Order, any card from that Order can be
    used as payment." Supernova (Solar, Solar, Astral) alone pays all of Starfall's three
    Astral symbols; Lunar Eclipse (Lunar, Solar) pays Supernova's Astral and one Solar."""
    s = position(heroes=["solara", "ember"], hand=[["starfall", "supernova"], []])
    s.apply("combo starfall")
    assert legal(s) == ["pay supernova"]
    s.apply("pay supernova")
    assert s.paying is None and s.health[1] == 24 - 4
    s = position(heroes=["solara", "ember"],
                 hand=[["supernova", "lunar-eclipse", "sunbeam"], []])
    s.apply("combo supernova")
    s.apply("pay lunar-eclipse")
    assert legal(s) == ["pay sunbeam"]
    s.apply("pay sunbeam")
    assert s.health[1] == 24 - 7


def test_a_combo_the_hand_cannot_pay_for_is_refused() -> None:
    """Combo Cards: "Then they also need to pay for it using cards from their hand. Cards
    used as payment must match all of the Elements on the combo card." Meteor (Fire,
    Crystal) with only a Fire card to pay is refused; the combo never pays for itself."""
    s = position(hand=[["meteor", "fireball", "jab"], []])
    refused(s, "combo meteor", "cannot pay for meteor", "Combo")


def test_a_card_of_another_order_cannot_pay_for_an_order_symbol() -> None:
    """Combo Cards: "If this includes an Order, any card from that Order can be used as
    payment." Only that Order: Eruption's Mountain symbol takes no Storm card, and the
    refused payment changes nothing."""
    s = position(hand=[["eruption", "fireball", "rockslide", "gust", "crystal-shard"], []])
    s.apply("combo eruption")
    s.apply("pay fireball")
    s.apply("pay rockslide")
    refused(s, "pay gust", "pays for no symbol", "Combo")
    s.apply("pay crystal-shard")
    assert s.health[1] == 24 - 7


def test_the_payment_is_shown_and_the_rest_of_the_hand_stays_hidden() -> None:
    """Combo Cards: "Then they also need to pay for it using cards from their hand." and
    "Cards used to pay for a combo are returned to the deck and the deck is then
    shuffled." The paid cards are shown to all (docs/rules/lightseekers.md, Hidden
    information); the card kept in hand and the card drawn after are not, and no view
    holds a deck's order."""
    s = position(hand=[["meteor", "fireball", "crystal-shard", "quick-strike"], []])
    s.apply("combo meteor")
    s.apply("pay fireball")
    seen = s.view(1)
    assert seen["paying"]["paid"] == ["fireball"] and seen["hand"] == []
    assert seen["heroes"][0]["hand"] == 2 and "quick-strike" not in str(seen)
    s.apply("pay crystal-shard")
    other = s.events_for(1)
    assert [e.fields["card"] for e in other if e.kind == "pay"] == ["fireball",
                                                                    "crystal-shard"]
    hand = ids(s, s.hand[0])  # the Quick Strike kept, and the card drawn
    assert "quick-strike" in hand and len(hand) == 2
    assert "quick-strike" not in str([e.fields for e in other])
    assert all(e.fields.get("card") not in hand for e in other if e.kind == "draw")
    assert isinstance(s.view(1)["heroes"][0]["deck"], int)


# --- Phases -----------------------------------------------------------------------------------


def test_start_of_turn_effects_come_before_the_buff_phase() -> None:
    """TAKING TURNS: "Each player's turn is divided into five distinct phases which are all
    played out before moving on". Phase 1 ("Handle any effects ... that take place 'at the
    start of the turn'") comes before Phase 2 ("Rotate all buffs that need rotating"): the
    Sun Altar's damage precedes Ember Glow's turn and its damage."""
    s = position(heroes=["solara", "ember"], buffs=[["ember-glow", "sun-altar"], []],
                 items=[["lava-gauntlet"], []])
    mark = len(s.events)
    pass_round(s)
    seq = [(e.kind, e.fields.get("source") or e.fields.get("card"))
           for e in after(s, mark) if e.kind in ("damage", "rotate")]
    assert seq == [("damage", "sun-altar"), ("rotate", "ember-glow"),
                   ("damage", "ember-glow")]


def test_the_draw_phase_after_an_ability_and_a_pass() -> None:
    """Phase 4: Draw Phase: "If you didn't play a combo and didn't perform 2 actions, Draw
    1 card for each action you didn't perform." An Ability is an action (Phase 3: "Use an
    Ability on one of your cards in play (including the hero)"): one Ability, then a pass,
    draws one card."""
    s = position(hand=[[], []])
    s.apply("ability hero")
    s.apply("pass")
    assert len(s.hand[0]) == 1
    assert fields(s, 0, "pass")[0]["actions"] == 1


def test_a_draw_is_seen_by_all_and_the_card_by_the_drawer_only() -> None:
    """Phase 4: Draw Phase: "Draw 1 card for each action you didn't perform." That a
    player draws, and how many cards its deck has left, is public; the card is private
    (docs/rules/lightseekers.md, Events: `card` private to `seat`; Hidden information)."""
    s = position(hand=[["jab"], []])
    s.apply("play jab")
    s.apply("pass")
    mine = [e.fields for e in s.events_for(0) if e.kind == "draw"]
    theirs = [e.fields for e in s.events_for(1) if e.kind == "draw"]
    public = [e.fields for e in s.events_for(None) if e.kind == "draw"]
    assert mine == [{"seat": 0, "card": ids(s, s.hand[0])[0], "deck": 11}]
    assert theirs == public == [{"seat": 0, "deck": 11}]


def test_nothing_more_after_two_actions() -> None:
    """Phase 3: Action Phase: "Either play a combo or perform up to 2 actions." A third
    action is never reached: after two the turn passes, and the next player acts."""
    s = position(hand=[["jab", "jab", "jab"], []])
    s.apply("play jab")
    s.apply("play jab")
    assert s.active == 1 and len(s.hand[0]) == 1
    refused(s, "play jab", "you hold no jab", "Phase 3: Action Phase")


def test_the_empty_deck_check_only_when_the_deck_is_empty_at_the_end() -> None:
    """Phase 5: End of Turn: "If you have no cards left in your deck, you also need to
    perform the 'empty deck check'." A deck emptied by the draw phase is checked; a deck
    with a card left is not."""
    s = position(deck=[["jab"], ["jab"] * 3], hand=[["jab"], []])
    s.apply("play jab")
    s.apply("pass")  # draws the last card: the deck is empty at the end of the turn
    assert fields(s, 0, "empty_deck")[0]["loss"] == 5
    s = position(deck=[["jab", "jab"], ["jab"] * 3], hand=[["jab"], []])
    s.apply("play jab")
    s.apply("pass")
    assert fields(s, 0, "empty_deck") == [] and s.health[0] == 24


# --- ENDING THE GAME --------------------------------------------------------------------------


def test_a_defeat_by_the_empty_deck_check_rewards_the_enemy() -> None:
    """ENDING THE GAME: "Regardless of how they reached 0 health, the player on their right
    (their enemy) receives the following: 1 Victory Point. 5 health." P2 loses to its own
    empty deck check in a three-player game; P1, on its right, is rewarded."""
    s = position(players=3, active=1, deck=[["jab"] * 3, [], ["jab"] * 3],
                 health=[20, 5, 24])
    s.apply("pass")
    assert s.out == [1] and s.vp == [1, 0, 0] and s.health[0] == 25
    assert fields(s, 0, "defeat") == [{"seat": 1, "enemy": 0}]
    assert s.active == 2


def test_the_active_player_defeated_by_its_own_card_ends_its_turn() -> None:
    """ENDING THE GAME: "If a player is reduced to 0 health, they have been defeated and are
    removed from the game. Regardless of how they reached 0 health, the player on their
    right (their enemy) receives ..." P2, in the middle of three, defeats itself with
    Inferno's recoil: P1 (its enemy) is rewarded, the turn goes on to P3."""
    s = position(players=3, heroes=["ember", "ember", "ember"], active=1,
                 hand=[[], ["inferno", "jab"], []], health=[24, 2, 24])
    s.apply("play inferno")
    assert s.health[2] == 24 - 5 and not s.alive[1]
    assert s.vp == [1, 0, 0] and s.health[0] == 24 + 5
    assert s.active == 2 and s.to_act == 2
    assert len(s.hand[1]) == 1 and fields(s, 0, "draw") == []  # no draw phase for P2
    assert ids(s, s.disc[1]) == ["inferno"]  # its card still goes to its discard pile
    assert target_of(s, 0) == 2 and enemy_of(s, 2) == 0


def test_the_reward_choice_interrupts_another_players_turn() -> None:
    """ENDING THE GAME: "Move any 5 discarded cards back into their deck." The enemy
    chooses (docs/rules/lightseekers.md) even in another player's turn: P3's Tidal Wave
    defeats P2; P1 chooses 5 of its 6 discarded cards; only P1 may act until it has, and
    then P3's turn goes on."""
    discard = ["jab", "boulder", "rockslide", "crystal-shard", "stone-skin", "refract"]
    s = position(players=3, heroes=["ember", "solara", "tempest"], order=[0, 1, 2],
                 active=2, health=[20, 1, 24], hand=[[], [], ["tidal-wave", "jab"]],
                 discard=[discard, [], []])
    s.apply("play tidal-wave")
    assert s.to_act == 0 and s.active == 2
    refused(s, "play jab", "P1 first moves discarded cards", "ENDING THE GAME")
    for card in discard[:5]:
        s.apply(f"return {card}")
    assert ids(s, s.disc[0]) == ["refract"]
    assert s.to_act == 2
    s.apply("play jab")  # P3's second action, at its new target P1
    assert s.health[0] == 20 - 2 + 5 - 2


def test_a_return_outside_a_reward_is_refused() -> None:
    """ENDING THE GAME: the 5 discarded cards move back only as a defeat's reward."""
    s = position(discard=[["jab"], []])
    refused(s, "return jab", "only as the reward of a defeat", "ENDING THE GAME")


def test_the_last_two_players_are_each_others_target_and_enemy() -> None:
    """GETTING STARTED: "(if you're playing a 2-player game, your opponent is both your
    target and your enemy)" and "the next person on your left is your new target. This
    continues until only one player remains." Four players down to two (P1 and P3): each
    is the other's target and enemy, and the game goes on."""
    s = position(players=4, active=0, alive=[True, False, True, False], out=[1, 3],
                 health=[24, 0, 24, 0], vp=[1, 0, 1, 0], hand=[["jab"], [], [], []])
    assert target_of(s, 0) == enemy_of(s, 0) == 2
    assert target_of(s, 2) == enemy_of(s, 2) == 0
    assert s.outcome() is None
    s.apply("play jab")
    assert s.health[2] == 22
    s.apply("pass")
    assert s.active == 2


def test_the_nearest_survivor_on_the_right_is_rewarded() -> None:
    """ENDING THE GAME: "the player on their right (their enemy) receives ..." with targets
    shifting ("the next person on your left is your new target"): in four players, P4's
    enemy P3 is already out, so P2, the nearest on its right still in the game, is
    rewarded when P2's Tidal Wave defeats P4."""
    s = position(players=4, heroes=["ember", "tempest", "solara", "morgrim"], active=1,
                 alive=[True, True, False, True], out=[2], health=[24, 24, 0, 2],
                 vp=[0, 1, 0, 0],
                 hand=[[], ["tidal-wave"], [], []])
    assert enemy_of(s, 3) == 1
    s.apply("play tidal-wave")
    assert not s.alive[3] and s.out == [2, 3]
    assert fields(s, 0, "defeat") == [{"seat": 3, "enemy": 1}]
    assert s.vp == [0, 2, 0, 0]
    assert target_of(s, 1) == 0 and enemy_of(s, 0) == 1


def test_two_defeats_at_once_each_reward_their_enemy() -> None:
    """ENDING THE GAME: "If a player is reduced to 0 health ... the player on their right
    (their enemy) receives ... 1 Victory Point." P1's Tidal Wave (each other hero) defeats
    P3 and P4 at once in four players: each defeat has its reward. P4's enemy, P3, is out
    by then, so its reward goes to the nearest player on its right still in the game
    (docs/rules/lightseekers.md, Defeat): P2 is rewarded twice."""
    s = position(players=4, heroes=["tempest", "ember", "solara", "morgrim"],
                 health=[24, 24, 2, 2], hand=[["tidal-wave"], [], [], []])
    s.apply("play tidal-wave")
    assert s.out == [2, 3]
    defeats = fields(s, 0, "defeat")
    assert defeats[0] == {"seat": 2, "enemy": 1}
    assert defeats[1] == {"seat": 3, "enemy": 1}
    assert s.vp == [0, 2, 0, 0] and s.health[1] == 24 - 2 + 5 + 5


def test_one_attack_defeating_both_others_ends_a_three_player_game() -> None:
    """ENDING THE GAME: "If only one player remains, that player gains an additional
    Victory Point, and whoever has the most Victory Points is declared the winner." Three
    players: P1's Tidal Wave defeats both others at once: P1 gains 2 for the defeats and 1
    for standing last; no action is left to take."""
    s = position(players=3, heroes=["tempest", "ember", "solara"], health=[24, 2, 2],
                 hand=[["tidal-wave", "jab"], [], []])
    s.apply("play tidal-wave")
    assert s.to_act is None and not s.legal_actions()
    out = s.outcome()
    assert out is not None and out.winners == (0,)
    assert out.scores == (3.0, 0.0, 0.0)
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.apply("play jab")


def test_most_victory_points_wins_over_the_last_player_standing() -> None:
    """ENDING THE GAME: "whoever has the most Victory Points is declared the winner." P1
    has defeated three heroes (3 VP) of five and is defeated by P4, who stands last with 1
    VP for the defeat and 1 for standing last: P1 wins from out of the game."""
    s = position(players=5, active=3, alive=[True, False, False, True, False],
                 health=[2, 0, 0, 24, 0], vp=[3, 0, 0, 0, 0], out=[1, 2, 4],
                 hand=[[], [], [], ["jab"], []])
    s.apply("play jab")
    out = s.outcome()
    assert out is not None
    assert out.scores == (3.0, 0.0, 0.0, 2.0, 0.0) and out.winners == (0,)


def test_a_defeat_in_the_buff_phase_is_rewarded_before_the_action_phase() -> None:
    """ENDING THE GAME: "Regardless of how they reached 0 health, the player on their right
    (their enemy) receives ... Move any 5 discarded cards back into their deck." P1's
    Ember Glow defeats P2 (on P1's left) in P1's buff phase, three players: P1 chooses its
    5 cards first, then has its whole action phase, at its new target P3."""
    discard = ["jab", "boulder", "rockslide", "crystal-shard", "stone-skin", "refract"]
    s = position(players=3, order=[1, 2, 0], active=1, health=[24, 2, 24],
                 buffs=[["ember-glow"], [], []], discard=[discard, [], []])
    s.apply("pass")  # P2 passes
    s.apply("pass")  # P3 passes; P1's turn: Ember Glow turns to 2 and defeats P2
    assert s.out == [1] and s.vp == [1, 0, 0] and s.to_act == 0
    refused(s, "pass", "P1 first moves discarded cards", "ENDING THE GAME")
    for card in discard[:5]:
        s.apply(f"return {card}")
    assert s.acts == 0 and "ability hero" in legal(s)
    assert target_of(s, 0) == 2 and enemy_of(s, 2) == 0
    s.apply("ability hero")
    assert s.health[2] == 23


def test_targets_shift_past_several_removed_players() -> None:
    """GETTING STARTED: "at which point they are removed from the game and the next person
    on your left is your new target. This continues until only one player remains." Five
    players with P2 and P3 removed: P1's target is P4, P4's enemy P1; P5 still targets P1
    and is P1's enemy."""
    s = position(players=5, alive=[True, False, False, True, True], out=[1, 2],
                 vp=[2, 0, 0, 0, 0], health=[24, 0, 0, 24, 24], hand=[["jab"], [], [], [], []])
    assert (target_of(s, 0), enemy_of(s, 3)) == (3, 0)
    assert (target_of(s, 4), enemy_of(s, 0)) == (0, 4)
    assert hero(s, 0)["target"] == 3 and hero(s, 0)["enemy"] == 4
    s.apply("play jab")
    assert s.health == [24, 0, 0, 22, 24]


def test_a_deck_emptied_on_another_players_turn_is_checked_at_its_own_end() -> None:
    """Phase 5: End of Turn: "If you have no cards left in your deck, you also need to
    perform the 'empty deck check'." It is your turn's phase: Tempest's Riptide empties
    Ember's deck, but Ember is checked only at the end of her own turn."""
    s = position(heroes=["tempest", "ember"], hand=[["riptide"], []],
                 deck=[["jab"] * 3, ["jab", "bandage"]])
    s.apply("play riptide")
    s.apply("pass")
    assert s.deck[1] == [] and fields(s, 0, "empty_deck") == [] and s.active == 1
    s.apply("pass")
    assert fields(s, 0, "empty_deck") == [
        {"seat": 1, "loss": 5, "health": 17, "checks": 1, "deck": 2}]


def test_the_game_ends_at_once_when_one_player_remains() -> None:
    """GETTING STARTED: "This continues until only one player remains." and ENDING THE
    GAME: "If only one player remains, that player gains an additional Victory Point".
    Ember at 2 health plays Inferno ("Deal 5 damage to your target, then deal 2 damage to
    your hero") at a hero with 5: the target is defeated, one player remains and the game
    is over before the recoil (docs/rules/lightseekers.md, The winner)."""
    s = position(heroes=["ember", "ember"], hand=[["inferno"], []], health=[2, 5])
    s.apply("play inferno")
    assert s.alive == [True, False] and s.health == [2 + 5, 0]
    assert ids(s, s.disc[0]) == ["inferno"]  # "Attack and Defend cards are Discarded"
    out = s.outcome()
    assert out is not None and out.winners == (0,) and out.scores == (2.0, 0.0)


def test_removed_heroes_are_out_of_every_effect() -> None:
    """ENDING THE GAME: "they have been defeated and are removed from the game." A removed
    hero takes no more damage from "each other hero", and its buffs no longer act: Fenra's
    Thornwall does not answer an attack, and her turn is skipped."""
    s = position(players=4, heroes=["tempest", "ember", "fenra", "morgrim"],
                 alive=[True, True, False, True], out=[2], vp=[0, 1, 0, 0],
                 health=[24, 24, 0, 24], buffs=[[], [], ["thornwall"], []],
                 hand=[["tidal-wave"], [], [], []])
    s.apply("play tidal-wave")
    assert s.health == [24, 22, 0, 22]
    assert [f["seat"] for f in fields(s, 0, "damage")] == [1, 3]
    s.apply("pass")
    s.apply("pass")  # P2's turn; P3 is skipped
    assert s.active == 3


def test_more_players_than_six_or_fewer_than_two_are_refused() -> None:
    """GETTING STARTED: "The second player starts with 5 cards, third with 6, and fourth
    onwards start with 7." Our pool plays two to six (docs/rules/lightseekers.md, Player
    count); other counts are a clear error."""
    for n in (1, 7):
        with pytest.raises(ParameterError, match="2, 3, 4, 5, 6 players"):
            new_game("lightseekers", players=n, seed=1)


def test_a_scenario_with_health_above_35_is_refused() -> None:
    """Hero Cards: "Health can't exceed 35." A position that breaks it is bad input,
    refused with a clear error."""
    with pytest.raises(ScenarioError, match="0 to 35"):
        position(health=[36, 24])


# --- GETTING STARTED --------------------------------------------------------------------------


@pytest.mark.parametrize("players,hands", [(2, [4, 5]), (3, [4, 5, 6]), (4, [4, 5, 6, 7]),
                                           (6, [4, 5, 6, 7, 7, 7])])
def test_opening_hands_by_seat(players: int, hands: list[int]) -> None:
    """GETTING STARTED: "The first player draws 4 cards from their deck; this is the
    starting hand. The second player starts with 5 cards, third with 6, and fourth onwards
    start with 7." For every number of players."""
    s = new_game("lightseekers", players=players, seed=3)
    order = s.events[0].fields["order"]
    assert [len(s.hand[p]) for p in order] == hands
    assert all(len(s.hand[p]) + len(s.deck[p]) == 35 for p in range(players))


def test_several_heroes_defeated_by_one_effect_fall_one_by_one_clockwise() -> None:
    """ENDING THE GAME: "If a player is reduced to 0 health, they have been defeated and are
    removed from the game"; TAKING TURNS: "Players take turns in a clockwise order".
    Decision (issue 30, docs/rules/lightseekers.md, Defeat): an effect that reaches several
    heroes deals with them one by one clockwise from the player who played it (its target
    first), and each hero brought to 0 falls before the next is dealt with. Seated
    P1, P4, P2, P3 (clockwise), P1's Solar Flare reaches P4, then P2, then P3: P4 falls
    first, rewarding P1 (on its right); then P2, whose enemy is now P1 too; P3 last."""
    s = position(players=4, heroes=["solara", "ember", "tempest", "morgrim"],
                 order=[0, 3, 1, 2], hand=[["solar-flare"], [], [], []],
                 health=[20, 2, 24, 1])
    s.apply("play solar-flare")
    assert [d["seat"] for d in fields(s, 0, "damage")] == [3, 1, 2]
    assert fields(s, 0, "defeat") == [{"seat": 3, "enemy": 0}, {"seat": 1, "enemy": 0}]
    assert s.out == [3, 1] and s.vp == [2, 0, 0, 0] and s.health[2] == 22
    kinds = [e.kind for e in s.events if e.kind in ("damage", "defeat", "reward")]
    assert kinds == ["damage", "defeat", "reward", "damage", "defeat", "reward", "damage"]
    # The last two standing: P3 is both P1's target and its enemy.
    assert target_of(s, 0) == 2 and enemy_of(s, 0) == 2


def test_a_defeat_that_leaves_one_player_ends_the_effect_clockwise_order() -> None:
    """ENDING THE GAME: "If only one player remains, that player gains an additional Victory
    Point"; with three players seated P1, P3, P2 (clockwise) and both others at 1, P1's
    Solar Flare reaches P3 first: P3 falls (P1 rewarded), then P2 falls and the game ends
    with P2 the last defeated (docs/rules/lightseekers.md, Defeat and The winner)."""
    s = position(players=3, heroes=["solara", "ember", "tempest"], order=[0, 2, 1],
                 hand=[["solar-flare"], [], []], health=[20, 1, 1])
    s.apply("play solar-flare")
    assert s.out == [2, 1] and s.to_act is None
    assert fields(s, 0, "game_over")[0]["out"] == [2, 1]


def test_a_card_discarded_at_random_and_a_card_drawn_are_flagged_as_revealed() -> None:
    """Issue 30: "Every event that shows a card a seat did not see before says so
    (reveals)": Eclipse's "discard 1 card at random" shows everyone a card of P2's hand;
    a draw shows the drawer a card of its deck. The card played from hand is the player's
    own choice, named by its action (not flagged: nothing in it was drawn by chance)."""
    s = position(heroes=["solara", "ember"], hand=[["eclipse"], ["fireball", "jab"]])
    mark = len(s.events)
    s.apply("play eclipse")
    flags = {(e.kind, e.fields.get("why")): e.reveals for e in after(s, mark)
             if e.kind in ("discard", "play")}
    assert flags == {("play", None): False, ("discard", "random"): True,
                     ("discard", "played"): False}
    mark = len(s.events)
    s.apply("pass")
    draws = after(s, mark, "draw")
    assert draws and all(e.reveals for e in draws)
