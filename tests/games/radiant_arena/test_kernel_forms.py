"""The rules kernel's forms at work in radiant-arena (issue 26, "The kernel carries the
forms above"): each test plays a test card (cards/kernel.toml) whose effect the outside
probe found crashing, silently wrong or impossible to write as data."""

from __future__ import annotations

from typing import Any

from tabletop.cards.triggers import next_turn

from .cardkit import CAT, A, B, committed, dmg, happened, legal, play, u
from .helpers import CARDS, EXTRA_CARDS, scenario, with_banished

KERNEL_CARDS = f"{EXTRA_CARDS},{CARDS / 'kernel.toml'}"


def position(units: dict[str, Any], *, hands: list[list[str]] | None = None,
             deck_a: str = "a-kernel", deck_b: str = "b", **fields: Any) -> Any:
    """A scenario with the kernel test cards (the decks with the test items: a-kernel,
    b-kernel)."""
    return scenario(with_banished({
        "game": "radiant-arena", "params": {"deck_a": deck_a, "deck_b": deck_b,
                                            "cards": KERNEL_CARDS},
        "units": units, "hands": hands if hands is not None else [[], []], **fields}))


def test_a_timed_instead_replacement_made_by_the_replace_op_fires() -> None:
    """Issue 26, crashes: "A timed `instead` replacement made by the `replace` op raises
    `KeyError: 'src'` when it fires (the KO, damage and draw hooks read a context field
    that the modifier's context never gets)". The Ward Charm: "Until the end of the turn,
    if this hero would take damage, instead draw a card." Viggo's combat damage to
    Iskandar is replaced: no damage, one more card in A's hand, drawn from its deck."""
    s = position({"iskandar": {"zone": "left", "item": "ward-charm"},
                  "viggo": {"zone": "left"}, "alyn": {"zone": "right"}},
                 hands=[["time-lock"], []])
    play(s, "talent iskandar:ward")
    deck = len(s.decks[A])
    play(s, "attack iskandar", "target viggo", "no-clash", "no-clash")
    assert s.dmg[u(s, "iskandar")] == 0
    assert len(s.hands[A]) == 2 and len(s.decks[A]) == deck - 1
    assert s.active == A and "pass" in legal(s)


def test_an_attack_left_without_a_target_ends_by_a_forced_pass() -> None:
    """Issue 26, crashes: "a seat was left with nothing legal". The Stasis Ward (B's
    Viggo): "Heroes in this combat controlled by your opponent can't attack." Once Alyn
    declares an attack he is in the combat, so he has no target left to choose (Combat —
    Step One: the target is chosen by the attackers) and no hero may join him: A's only
    action is the forced pass (docs/rules/radiant-arena.md, "A seat with nothing to do"),
    which ends the combat with no clash and no damage; Alyn stays committed."""
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "left", "item": "stasis-ward"},
                  "mato": {"zone": "right"}}, hands=[["time-lock"], []], deck_b="b-kernel")
    play(s, "attack alyn")
    assert legal(s) == ["pass"]
    play(s, "pass")
    assert happened(s, "no_target", lane="left") and happened(s, "combat_end")
    assert s.combat is None and committed(s, "alyn") and dmg(s, "viggo") == 0
    assert "pass" in legal(s) and s.to_act == A


def test_a_replacement_does_not_replace_its_own_effects() -> None:
    """docs/rules/radiant-arena.md, "A replacement does not replace its own effects" (found
    by the random card files of issue 26: the game never ended). The Echo Charm: "If you
    would draw a card, instead draw 2 cards." Iskandar's Study draws one card: it becomes
    two draws, which the Echo Charm does not replace again."""
    s = position({"iskandar": {"zone": "left", "item": "echo-charm"},
                  "viggo": {"zone": "right"}}, hands=[["time-lock"], []])
    deck = len(s.decks[A])
    play(s, "talent iskandar:study")
    assert len(s.hands[A]) == 3 and len(s.decks[A]) == deck - 2


def test_remembered_targets_filtered_by_kind_count_the_kod_and_the_survivors() -> None:
    """Issue 26, silently wrong: "`kind` on a `ref` selector is ignored ... cards that
    should check 'if that target survives' or 'for each hero KO'd' counted the wrong
    things". The Culling Blade: "Deal 2 Piercing damage to each enemy hero at this
    location. Gain 1 Power for each hero KO'd this way. If any of them survives, draw a
    card." Viggo (one health left) is KO'd, Eleanor survives: 1 Power (2 more for the KO,
    Damage and KOs) and a card; with both KO'd, 2 Power and no card."""
    hp = {n: CAT.units[n].sides[0].health for n in ("viggo", "eleanor")}
    s = position({"iskandar": {"zone": "left", "item": "culling-blade"},
                  "viggo": {"zone": "left", "damage": hp["viggo"] - 1},
                  "eleanor": {"zone": "left"}}, hands=[["time-lock"], []])
    play(s, "talent iskandar:cull")
    assert happened(s, "ko", unit="viggo") and not happened(s, "ko", unit="eleanor")
    assert s.power[A] == 2 + 1 and len(s.hands[A]) == 2
    s = position({"iskandar": {"zone": "left", "item": "culling-blade"},
                  "viggo": {"zone": "left", "damage": hp["viggo"] - 1},
                  "eleanor": {"zone": "left", "damage": hp["eleanor"] - 1}},
                 hands=[["time-lock"], []])
    play(s, "talent iskandar:cull")
    assert s.power[A] == 2 * 2 + 2 and len(s.hands[A]) == 1


def test_a_clash_effect_cancels_the_opposing_clash_effects_checked_as_each_resolves() -> None:
    """Issue 26, timing: "a clash effect that cancels the opposing clash effects never
    works, because the hook is checked when the effects are pushed, not when each is
    about to resolve". A Time Lock rewritten (cards/kernel_clash.toml): "This combat, the
    clash effects of opposing heroes do not resolve." The attacker's effects resolve
    first (Clash Cards & Clash Effects), so Viggo's Blood Drunk ("Heal 2 damage from this
    hero") is stopped as it is about to resolve: his damage stays."""
    s = scenario(with_banished({
        "game": "radiant-arena", "params": {
            "deck_a": "a-kernel", "deck_b": "b",
            "cards": f"{KERNEL_CARDS},{CARDS / 'kernel_clash.toml'}"},
        "units": {"iskandar": {"zone": "left"}, "viggo": {"zone": "left", "damage": 3},
                  "alyn": {"zone": "right"}},
        "hands": [["time-lock"], ["blood-drunk"]]}))
    play(s, "attack iskandar", "target viggo", "clash time-lock", "clash blood-drunk")
    assert happened(s, "clash_prevented", unit="viggo", card="blood-drunk")
    assert not happened(s, "heal", unit="viggo")


def generated(item: str) -> str:
    """An item's text generated from its data (radiant-arena's text.item_text)."""
    from tabletop.games.radiant_arena.spec import catalog
    from tabletop.games.radiant_arena.text import item_text

    return item_text(catalog(KERNEL_CARDS).items[item])


def test_a_replacement_limited_to_once_a_turn() -> None:
    """Issue 26, missing forms: "once-per-turn and once-per-game limits on replacements
    and triggers". The Buckler Charm: "If this hero would take damage, reduce it by 2
    (once a turn)." Its talent hits Iskandar twice for 2: the first is reduced to 0, the
    second is not; the next turn it reduces again (docs/cards.md §7, limit)."""
    assert "reduce it by 2 (once a turn)" in generated("buckler-charm")
    s = position({"iskandar": {"zone": "left", "item": "buckler-charm"},
                  "viggo": {"zone": "right"}}, hands=[["time-lock"], []], deck_a="a-kernel-2")
    play(s, "talent iskandar:test-twice")
    assert dmg(s, "iskandar") == 2
    assert any(k.startswith("replace:") for k in s.used)
    next_turn(s.used)
    play(s, "talent iskandar:test-twice")
    assert dmg(s, "iskandar") == 4


def test_the_next_time_a_replacement_made_for_one_use() -> None:
    """Issue 26, missing forms: ""the next time ..." (a replacement used once)". The Aegis
    Charm: "Until the end of the turn, the next time this hero would take damage, prevent
    it." Of the two hits that follow, the first is prevented and the second is dealt;
    the replacement is gone from the store once used."""
    assert "the next time this hero would take damage, prevent it" in generated(
        "aegis-charm")
    s = position({"iskandar": {"zone": "left", "item": "aegis-charm"},
                  "viggo": {"zone": "right"}}, hands=[["time-lock"], []], deck_a="a-kernel-2")
    play(s, "talent iskandar:test-aegis")
    assert dmg(s, "iskandar") == 2
    assert happened(s, "damage_prevented", unit="iskandar")
    assert not [m for m in s.store if m.kind == "replace"]


def test_you_may_is_a_choice_without_a_dummy_option() -> None:
    """Issue 26, missing forms: ""you may" (an optional step without a dummy option)".
    The Choice Charm: "You may draw a card, then gain 1 Power." The talent asks yes or no
    (choose yes / choose no); either way the Power follows."""
    assert generated("choice-charm") == "Talent (0 AP): You may draw a card, then gain 1 " \
        "Power."
    for answer, hand in (("yes", 2), ("no", 1)):
        s = position({"iskandar": {"zone": "left", "item": "choice-charm"},
                      "viggo": {"zone": "right"}}, hands=[["time-lock"], []],
                     deck_a="a-kernel-2")
        play(s, "talent iskandar:test-may")
        assert legal(s) == ["choose yes", "choose no"]
        play(s, f"choose {answer}")
        assert len(s.hands[A]) == hand and s.power[A] == 1


def test_a_target_taken_from_the_triggering_event() -> None:
    """Issue 26, missing forms: "a target or lane taken from the triggering event ('the
    hero that KO'd it')". The Vengeance Charm on Viggo: "When this hero is KO'd, deal 2
    Piercing damage to the hero that caused it." Iskandar's Culling Blade KOs Viggo:
    Iskandar takes the 2 damage."""
    assert generated("vengeance-charm") == "When this hero is KO'd, deal 2 Piercing damage " \
        "to the hero that caused it."
    hp = CAT.units["viggo"].sides[0].health
    s = position({"iskandar": {"zone": "left", "item": "culling-blade"},
                  "viggo": {"zone": "left", "damage": hp - 1, "item": "vengeance-charm"},
                  "eleanor": {"zone": "right"}},
                 hands=[["time-lock"], []], deck_b="b-kernel")
    play(s, "talent iskandar:cull")
    assert happened(s, "ko", unit="viggo")
    assert dmg(s, "iskandar") == 2


def test_a_value_from_hand_size() -> None:
    """Issue 26, missing forms: "a value from hand size" ({ cards = "hand", who = ... }).
    The Hoard Charm: "Gain X Power, where X is the number of cards in your hand, then your
    opponent gains X Power, where X is the number of cards in your opponent's hand." With
    three cards against one: 3 Power for A, 1 for B."""
    assert "where X is the number of cards in your hand" in generated("hoard-charm")
    s = position({"iskandar": {"zone": "left", "item": "hoard-charm"},
                  "viggo": {"zone": "right"}},
                 hands=[["time-lock", "time-lock", "mystic-trance"], ["blood-drunk"]],
                 deck_a="a-kernel-3")
    play(s, "talent iskandar:test-hoard")
    assert s.power == [3, 1]


def test_the_opponent_discards_a_card_i_choose() -> None:
    """Issue 26, missing forms: "the opponent discards a card I choose". The Mind Rake:
    "Look at your opponent's hand, then your opponent discards a card of your choice." A
    is shown B's hand (its view knows it) and picks which card goes."""
    assert generated("mind-rake").endswith("your opponent discards a card of your choice.")
    s = position({"iskandar": {"zone": "left", "item": "mind-rake"},
                  "viggo": {"zone": "right"}},
                 hands=[["time-lock"], ["blood-drunk", "sunder"]], deck_a="a-kernel-3")
    play(s, "talent iskandar:test-rake")
    assert s.to_act == A and legal(s) == ["choose blood-drunk", "choose sunder"]
    assert happened(s, "look", seat=A, owner=B)
    play(s, "choose sunder")
    assert s.hands[B] == ["blood-drunk"] and s.discards[B][-1] == "sunder"


def test_a_shop_cost_modifier_with_a_duration() -> None:
    """Issue 26, missing forms: "shop cost modifiers with a duration" (cost key
    item_power). The Bargain Charm: "This hero's shop items cost 2 less until the end of
    the turn." With 1 Power, A may buy a 3-Power item for Iskandar in this turn's Shop
    Step (The End Phase — Shop Step), and pays 1; not for Alyn."""
    assert generated("bargain-charm") == "Talent (0 AP): This hero's shop items cost 2 " \
        "less until the end of the turn."
    s = position({"iskandar": {"zone": "left", "item": "bargain-charm"},
                  "alyn": {"zone": "left"}, "viggo": {"zone": "right"}},
                 hands=[["time-lock"], []], deck_a="a-kernel-3", power=[1, 0],
                 shops=[["hoard-charm", "mind-rake"], []])
    play(s, "talent iskandar:test-bargain", "pass")
    assert legal(s) == ["buy hoard-charm iskandar", "buy mind-rake iskandar", "pass"]
    play(s, "buy mind-rake iskandar")
    assert s.power[A] == 0 and happened(s, "buy", item="mind-rake", cost=1)


def test_look_at_the_top_cards_pick_one_and_order_the_rest() -> None:
    """Issue 26, missing forms: "looking at the top N cards and choosing or reordering
    them" (op look_top). The Seer's Lens: "Look at the top 3 cards of your skill deck, put
    one of them into your hand and the rest on top of your skill deck in any order." Of
    Mystic Trance, Massacre, Implacable (the top first) A picks Massacre, then puts
    Implacable above Mystic Trance; A's view knows both places, B's nothing of them."""
    assert generated("seer-lens").startswith(
        "Talent (0 AP): Look at the top 3 cards of your skill deck, put one of them into "
        "your hand and the rest on top of your skill deck in any order.")
    s = position({"iskandar": {"zone": "left", "item": "seer-lens"},
                  "viggo": {"zone": "right"}}, hands=[["time-lock"], []], deck_a="a-kernel-4",
                 deck_tops=[["implacable", "massacre", "mystic-trance"], []])
    below = s.decks[A][:-3]
    play(s, "talent iskandar:test-seek")
    assert legal(s) == ["choose implacable", "choose massacre", "choose mystic-trance"]
    assert happened(s, "look", seat=A, owner=A)
    play(s, "choose massacre")
    assert legal(s) == ["choose implacable", "choose mystic-trance"]
    play(s, "choose implacable")
    assert sorted(s.hands[A]) == ["massacre", "time-lock"]
    assert s.decks[A] == [*below, "mystic-trance", "implacable"]
    top = len(s.decks[A]) - 1
    assert ("deck", A, A, top, "implacable") in s.seen
    assert ("deck", A, A, top - 1, "mystic-trance") in s.seen
    assert not [f for f in s.seen if f[1] == B]
    assert happened(s, "deck_ordered", seat=A, owner=A, count=2)


def test_look_at_the_top_cards_of_the_opponents_deck_and_reorder_them() -> None:
    """Issue 26, missing forms: reordering (look_top with no pick). The Seer's Lens:
    "Look at the top 3 cards of your opponent's skill deck and put them back in any
    order." A orders B's Blood Drunk, Zeal, Sunder (the top first) as Sunder, Zeal, Blood
    Drunk (the last one is not asked); the rest of B's deck is untouched."""
    assert generated("seer-lens").endswith("Talent (0 AP): Look at the top 3 cards of "
                                            "your opponent's skill deck and put them back "
                                            "in any order.")
    s = position({"iskandar": {"zone": "left", "item": "seer-lens"},
                  "viggo": {"zone": "right"}}, hands=[["time-lock"], []], deck_a="a-kernel-4",
                 deck_tops=[[], ["sunder", "zeal", "blood-drunk"]])
    below = s.decks[B][:-3]
    play(s, "talent iskandar:test-order")
    assert legal(s) == ["choose blood-drunk", "choose sunder", "choose zeal"]
    play(s, "choose sunder")
    assert legal(s) == ["choose blood-drunk", "choose zeal"]
    play(s, "choose zeal")
    assert s.decks[B] == [*below, "blood-drunk", "zeal", "sunder"]
    assert ("deck", A, B, len(below) + 2, "sunder") in s.seen
    assert s.to_act == A and "pass" in legal(s)


def test_copy_the_clash_effect_of_the_opposing_clash_card() -> None:
    """Issue 26, missing forms: "copying an effect" ("copy the clash effect of the opposing
    card"; op copy, docs/rules/radiant-arena.md decision 43). Time Lock rewritten
    (cards/kernel_copy.toml): "Copy the clash effect of the opposing clash card." Viggo
    clashes Blood Drunk ("Heal 2 damage from this hero"): Iskandar's copy heals Iskandar
    (this hero is the copier's), then Viggo's own heals Viggo."""
    s = scenario(with_banished({
        "game": "radiant-arena", "params": {
            "deck_a": "a-kernel", "deck_b": "b",
            "cards": f"{KERNEL_CARDS},{CARDS / 'kernel_copy.toml'}"},
        "units": {"iskandar": {"zone": "left", "damage": 3},
                  "viggo": {"zone": "left", "damage": 3}, "alyn": {"zone": "right"}},
        "hands": [["time-lock"], ["blood-drunk"]]}))
    play(s, "attack iskandar", "target viggo", "clash time-lock", "clash blood-drunk")
    assert happened(s, "effect_copied", seat=A, card="blood-drunk", source="time-lock")
    heals = [e for e in s.events if e.kind == "heal"]
    assert [e.fields["unit"] for e in heals[:2]] == ["iskandar", "viggo"]


def test_copy_the_clash_effect_of_the_last_skill_card_played() -> None:
    """Issue 26, missing forms: "repeat the last skill's effect" (copy, of = "discard":
    the top skill card of your discard pile, decision 43). The Echo Stone: "Copy the clash
    effect of the top skill card of your discard pile." Massacre ("Ultimate Clash: Deal 2
    Piercing damage to each enemy hero at this location") on top: a levelled-up Iskandar
    deals 2 to Viggo and Eleanor; a mortal one does not (Keywords — Ultimate)."""
    assert generated("echo-stone").endswith("Talent (0 AP): Copy the clash effect of the "
                                            "top skill card of your discard pile.")
    for levelled, damage in ((True, 2), (False, 0)):
        s = position({"iskandar": {"zone": "left", "item": "echo-stone", "levelled": levelled},
                      "viggo": {"zone": "left"}, "eleanor": {"zone": "left"}},
                     hands=[["time-lock"], []], deck_a="a-kernel-4",
                     discards=[["time-lock", "massacre"], []])
        play(s, "talent iskandar:test-echo")
        assert (dmg(s, "viggo"), dmg(s, "eleanor")) == (damage, damage)
        assert happened(s, "ultimate_fizzles", unit="iskandar") is not levelled


def test_a_copy_never_copies_a_talent() -> None:
    """Decision 43 (docs/rules/radiant-arena.md), checked for issue 26, "Designers' lab":
    only a clash effect is copied, never a talent ("To play a talent, simply announce
    that you are using it instead of one of the five basic actions": Talent Actions).
    Viggo clashes Bran's Nature's Wrath ("Talent (1 AP): Deal 2 damage to an enemy hero
    at this location"), a card with no clash effect: Iskandar's Time Lock copies nothing,
    and nobody takes its 2 damage. With Red Harvest (a talent only) the last skill card of
    A's discard pile, the Echo Stone's "copy the clash effect of the top skill card of
    your discard pile" cannot be used, though Massacre lies under it."""
    s = scenario(with_banished({
        "game": "radiant-arena", "params": {
            "deck_a": "a-kernel", "deck_b": "b",
            "cards": f"{KERNEL_CARDS},{CARDS / 'kernel_copy.toml'}"},
        "units": {"iskandar": {"zone": "left"}, "viggo": {"zone": "left"},
                  "alyn": {"zone": "right"}},
        "hands": [["time-lock"], ["natures-wrath"]]}))
    play(s, "attack iskandar", "target viggo", "clash time-lock", "clash natures-wrath")
    assert not happened(s, "effect_copied")
    damage = [e for e in s.events if e.kind == "damage"]
    assert damage and all(e.fields["combat"] for e in damage), damage  # combat's only
    for top, usable in ((["massacre", "red-harvest"], False),
                        (["red-harvest", "massacre"], True)):
        s = position({"iskandar": {"zone": "left", "item": "echo-stone", "levelled": True},
                      "viggo": {"zone": "left"}}, hands=[["time-lock"], []],
                     deck_a="a-kernel-4", discards=[top, []])
        assert ("talent iskandar:test-echo" in legal(s)) is usable


def test_copy_the_clash_effect_of_the_triggering_card() -> None:
    """Issue 26, missing forms: copying an effect (copy, of = "event": the card of the
    triggering event). The Echo Stone: "When an enemy hero clashes, copy the clash effect
    of that card." Viggo's Blood Drunk is revealed: Iskandar heals 2 (the copy's "this
    hero" is the Echo Stone's), and Viggo's own clash effect heals Viggo."""
    assert generated("echo-stone").startswith("When an enemy hero clashes, copy the clash "
                                              "effect of that card.")
    s = position({"iskandar": {"zone": "left", "item": "echo-stone", "damage": 3},
                  "viggo": {"zone": "left", "damage": 3}, "alyn": {"zone": "right"}},
                 hands=[["time-lock"], ["blood-drunk"]], deck_a="a-kernel-4")
    play(s, "attack iskandar", "target viggo", "clash time-lock", "clash blood-drunk")
    assert happened(s, "effect_copied", seat=A, card="blood-drunk", source="echo-stone")
    assert happened(s, "heal", unit="iskandar") and happened(s, "heal", unit="viggo")
