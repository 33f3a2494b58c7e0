"""Hero Cards, Action Cards (Attack & Defend, Buff, Item) and Element levels: one test per
rule of issue 14's Rules section, each citing the rulebook's section."""

from __future__ import annotations

import pytest

from tabletop.core import IllegalActionError

from .helpers import after, buffs, fields, ids, pass_round, position

# --- Hero Cards ----------------------------------------------------------------------------


def test_health_never_exceeds_35() -> None:
    """Hero Cards: "Health can't exceed 35." Healing stops at 35, even above the hero's
    starting health."""
    s = position(hand=[["second-wind"], []], health=[34, 24])
    s.apply("play second-wind")
    assert s.health[0] == 35
    assert fields(s, 0, "heal")[0]["amount"] == 1


def test_a_trait_that_is_an_ability_costs_an_action() -> None:
    """Hero Cards: "A description of the hero trait. If this is an Ability, it requires an
    action to activate it." Ember's Kindle twice is the turn's two actions: the turn ends
    with no card drawn."""
    s = position()
    s.apply("ability hero")
    assert s.acts == 1 and s.health[1] == 23
    deck = len(s.deck[0])
    s.apply("ability hero")
    assert s.health[1] == 22
    assert s.active == 1  # two actions performed: the turn has passed
    assert len(s.deck[0]) == deck  # and nothing was drawn for it


def test_a_hero_plays_only_cards_of_its_elements() -> None:
    """Hero Cards: "The Elements available to the hero. They allow the hero to play action
    and combo cards that require any of these Elements." Ember (Fire, Earth, Crystal)
    cannot play a Solar card; the refusal names the rule and changes nothing."""
    s = position(hand=[["sunbeam", "fireball"], []])
    assert "play sunbeam" not in [a.to_text() for a in s.legal_actions()]
    before = s.to_data()
    with pytest.raises(IllegalActionError, match="cannot use Solar") as err:
        s.apply("play sunbeam")
    assert err.value.rule == "Hero"
    assert s.to_data() == before
    s.apply("play fireball")


# --- Phase 3: Element levels -------------------------------------------------------------


def test_a_basic_element_allows_one_action_of_it_per_turn() -> None:
    """Phase 3: Action Phase: "If they have the basic level (silver frame), they can only
    perform one action that requires that Element per turn (i.e. play one card or use one
    Ability of that Element)." Ember's Earth is basic: after Rockslide, neither Boulder
    nor the Earth item's Ability is allowed."""
    s = position(hand=[["rockslide", "boulder"], []], items=[["quake-hammer"], []])
    legal = [a.to_text() for a in s.legal_actions()]
    assert "play boulder" in legal and "ability quake-hammer" in legal
    s.apply("play rockslide")
    legal = [a.to_text() for a in s.legal_actions()]
    assert "play boulder" not in legal and "ability quake-hammer" not in legal
    with pytest.raises(IllegalActionError, match="basic") as err:
        s.apply("play boulder")
    assert err.value.rule == "Phase 3: Action Phase"


def test_a_superior_element_has_no_limit() -> None:
    """Phase 3: Action Phase: "If they have the superior level (gold frame), this
    restriction does not apply." Ember's Fire is superior: two Fireballs in a turn."""
    s = position(hand=[["fireball", "fireball"], []])
    s.apply("play fireball")
    s.apply("play fireball")
    assert s.health[1] == 24 - 6


def test_unaligned_cards_are_playable_by_any_hero() -> None:
    """ACTION CARD - ATTACK & DEFEND: "Cards that don't have an Element icon are considered
    Unaligned and can be played by any hero." Two Jabs, by any hero, use no Element."""
    for hero in ("ember", "tempest", "nyx", "cogsworth"):
        s = position(heroes=[hero, "gorm"], hand=[["jab", "jab"], []])
        s.apply("play jab")
        s.apply("play jab")
        assert s.used == 0
        assert s.health[1] == 28 - 2 * (2 - 1)  # Gorm's Stoneborn: +1 armor


# --- Attack & Defend -----------------------------------------------------------------------


def test_an_attack_reaches_the_target_never_yourself_and_is_discarded() -> None:
    """ACTION CARD - ATTACK & DEFEND: "Attacks are directed at other heroes and you can't
    choose to use them against yourself. The effects on the card, unless otherwise
    specified, are directed at the recipient of the attack." and "Attack and Defend cards
    are Discarded after they have been played." With three players the recipient is the
    target, the player on the left (GETTING STARTED)."""
    s = position(players=3, order=[0, 2, 1], hand=[["fireball"], [], []])
    s.apply("play fireball")
    assert s.health == [24, 24, 24 - 3]  # seat 2 sits on P1's left
    assert fields(s, 0, "play")[0]["target"] == 2
    assert ids(s, s.disc[0]) == ["fireball"]
    assert [e.kind for e in after(s, 0)][-1] != "play"  # discarded after it resolved


def test_an_attack_says_otherwise_when_it_reaches_others() -> None:
    """ACTION CARD - ATTACK & DEFEND: "unless otherwise specified": Inferno also burns your
    own hero, Tidal Wave reaches each other hero."""
    s = position(players=3, heroes=["ember", "tempest", "solara"],
                 hand=[["inferno"], [], []])
    s.apply("play inferno")
    assert s.health == [24 - 2, 24 - 5, 24]
    s = position(players=3, heroes=["tempest", "ember", "solara"],
                 hand=[["tidal-wave"], [], []])
    s.apply("play tidal-wave")
    assert s.health == [24, 22, 22]


def test_a_defend_applies_to_yourself_and_is_discarded() -> None:
    """ACTION CARD - ATTACK & DEFEND: "Defends are directed at yourself" and are Discarded
    after they have been played."""
    s = position(hand=[["second-wind"], []], health=[10, 24])
    s.apply("play second-wind")
    assert s.health == [13, 24]
    assert ids(s, s.disc[0]) == ["second-wind"]


# --- Buffs -----------------------------------------------------------------------------------


def test_buffs_are_placed_left_to_right_in_the_order_played() -> None:
    """ACTION CARD - BUFF: "Buff cards are placed on the table when played, in the order
    they were played from left to right"."""
    s = position(hand=[["furnace", "ember-glow"], []])
    s.apply("play ember-glow")
    s.apply("play furnace")
    assert buffs(s, 0) == [("ember-glow", 0), ("furnace", 0)]
    assert [f["slot"] for f in fields(s, 0, "buff")] == [1, 2]


def test_an_indefinite_buff_acts_at_once_and_stays() -> None:
    """ACTION CARD - BUFF: "If the top corners are empty (a), it stays in play indefinitely.
    Indefinite buffs are in effect the moment they enter play." Furnace's +1 power counts
    for the Fireball played right after it, and still turns later."""
    s = position(hand=[["furnace", "fireball", "fireball"], []])
    s.apply("play furnace")
    s.apply("play fireball")
    assert s.health[1] == 24 - 4
    s.apply("pass")  # P2
    for _ in range(3):
        pass_round(s)
    assert buffs(s, 0) == [("furnace", 0)]
    s.apply("play fireball")
    assert s.health[1] == 24 - 8


def test_a_circle_buff_rotates_at_the_start_of_your_turn_and_expires_empty() -> None:
    """ACTION CARD - BUFF: "Rotating buffs with circles in the corner (b) rotate 90 degrees
    anticlockwise in the beginning of your turn." and "If a rotating buff gets to a
    position where its current top left corner is empty ... it has Expired and is
    Discarded." Ember Glow (corners x, 2, 2, empty): nothing the turn it is played, then 2
    damage twice, then expired to the top of the discard pile."""
    s = position(hand=[["ember-glow"], []])
    s.apply("play ember-glow")
    s.apply("pass")
    assert s.health[1] == 24
    mark = len(s.events)
    s.apply("pass")  # P2 passes; P1's turn begins
    assert [f["corner"] for f in fields(s, mark, "rotate")] == [2]
    assert s.health[1] == 22
    pass_round(s)
    assert s.health[1] == 20 and buffs(s, 0) == [("ember-glow", 2)]
    mark = len(s.events)
    pass_round(s)
    assert [f["corner"] for f in fields(s, mark, "rotate")] == ["empty"]
    assert fields(s, mark, "expire")[0]["card"] == "ember-glow"
    assert s.health[1] == 20 and buffs(s, 0) == []
    assert ids(s, s.disc[0])[-1] == "ember-glow"


def test_an_x_corner_means_ignore_the_effect() -> None:
    """ACTION CARD - BUFF: "1. Active corner. 'X' means 'ignore the effect'." and "3. The
    corner is no longer an 'X', so trigger the card's effect." Fuse (x, x, x, 6) does
    nothing until its fourth corner comes up."""
    s = position(heroes=["blastra", "gorm"], buffs=[["fuse"], []])
    for expected in (28, 28, 28 - (6 + 1 - 1)):  # +1 power (Demolitionist), -1 armor
        pass_round(s)
        assert s.health[1] == expected


def test_a_buff_back_upright_has_expired() -> None:
    """ACTION CARD - BUFF: "... or it's back to its original upright position, it has
    Expired and is Discarded." Crystal Ward (x, 1, 2, 2) turns four times, then goes."""
    s = position(buffs=[["crystal-ward"], []])
    armor = []
    for _ in range(4):
        pass_round(s)
        armor.append(s.view(0)["heroes"][0]["armor"])
    assert armor == [1, 2, 2, 0]
    assert buffs(s, 0) == [] and ids(s, s.disc[0]) == ["crystal-ward"]


def test_lingering_effects_follow_the_active_corner() -> None:
    """Phase 2: Buff Phase: "Rotate all buffs that need rotating and, following that,
    activate any lingering effects ... that have come into play as a result of this."
    Static Charge (x, 1, 2, 3) gives +X power: 0, then 1, 2, 3."""
    s = position(buffs=[["static-charge"], []], heroes=["tempest", "ember"])
    powers = [s.view(0)["heroes"][0]["power"]]
    for _ in range(3):
        pass_round(s)
        powers.append(s.view(0)["heroes"][0]["power"])
    assert powers == [0, 1, 2, 3]


def test_an_irregular_buff_rotates_only_when_its_effect_triggers() -> None:
    """ACTION CARD - BUFF: "Rotating buffs with an irregular shape in the corner (c) only
    rotate when their effect is triggered." Whirlwind (2, 2, 1, empty) stays put through
    turns; each attack triggers it (X damage) and turns it; the third expires it and it is
    discarded at once."""
    s = position(heroes=["tempest", "ember"], buffs=[["whirlwind"], []],
                 hand=[["jab", "jab", "jab"], []])
    pass_round(s)
    assert buffs(s, 0) == [("whirlwind", 0)]
    s.apply("play jab")
    assert s.health[1] == 24 - 2 - 2 and buffs(s, 0) == [("whirlwind", 1)]
    s.apply("play jab")
    assert s.health[1] == 24 - 8 and buffs(s, 0) == [("whirlwind", 2)]
    s.apply("pass")  # P2; P1's turn begins: an irregular buff does not turn
    assert buffs(s, 0) == [("whirlwind", 2)]
    s.apply("play jab")
    assert s.health[1] == 24 - 8 - 2 - 1
    assert buffs(s, 0) == [] and "whirlwind" in ids(s, s.disc[0])


def test_a_buff_has_no_effect_without_its_element() -> None:
    """ACTION CARD - BUFF: "The Element required to play the buff and for the buff to have
    any effect if it's in play." Gorm uses Fire only through his Lava Gauntlet; when it
    is discarded, his Furnace stops giving power."""
    s = position(heroes=["gorm", "ember"], items=[["lava-gauntlet"], []],
                 buffs=[["furnace"], []], hand=[[], ["prism-beam"]], order=[1, 0], active=1)
    assert s.view(0)["heroes"][0]["power"] == 2
    s.apply("play prism-beam")
    assert ids(s, s.items[0]) == []
    assert s.view(0)["heroes"][0]["power"] == 0
    assert s.view(0)["heroes"][0]["buffs"][0]["active"] is False


# --- Items -----------------------------------------------------------------------------------


def test_items_are_equipped_up_to_two_points() -> None:
    """ACTION CARD - ITEM: "When played, Item cards are equipped to the hero." and "A hero
    can have 2 points of items equipped at a time." After the Quake Hammer (2 points) the
    Lava Gauntlet (1) cannot be equipped."""
    s = position(hand=[["quake-hammer", "lava-gauntlet"], []])
    s.apply("play quake-hammer")
    assert ids(s, s.items[0]) == ["quake-hammer"]
    with pytest.raises(IllegalActionError, match="2 points") as err:
        s.apply("play lava-gauntlet")
    assert err.value.rule == "ACTION CARD - ITEM"


def test_an_item_grants_its_element_and_equipping_does_not_use_it() -> None:
    """ACTION CARD - ITEM: "The Element gained if the items is equipped. Equipping an item
    does not count as using this Element." and "the hero instead gains this Element when
    they have the item equipped". Tempest equips a Sunstone (Solar), then may play a
    Solar card in the same turn."""
    s = position(heroes=["tempest", "ember"], hand=[["sunstone", "sunbeam"], []])
    assert "play sunbeam" not in [a.to_text() for a in s.legal_actions()]
    s.apply("play sunstone")
    assert s.used == 0
    assert s.view(0)["heroes"][0]["elements"]["solar"] == "basic"
    s.apply("play sunbeam")
    assert s.health[1] == 24 - 3 - 1  # +1 power from the Sunstone


def test_an_ability_on_an_item_uses_its_element() -> None:
    """ACTION CARD - ITEM: "Using an Ability on an item does count as using the Element of
    the item." Ember's Earth is basic: the Quake Hammer's Ability uses it, so Rockslide
    cannot follow."""
    s = position(items=[["quake-hammer"], []], hand=[["rockslide"], []])
    s.apply("ability quake-hammer")
    assert s.health[1] == 22
    assert "play rockslide" not in [a.to_text() for a in s.legal_actions()]
    assert fields(s, 0, "ability")[0]["element"] == "earth"
