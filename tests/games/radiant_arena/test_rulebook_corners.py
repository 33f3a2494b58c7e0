"""An independent audit of the rulebook's odd corners (ties, empty decks and hands, deaths
at the same time, timing, keyword interactions, FAQ rulings) that the other rule tests do
not reach. Each test quotes the words it checks; positions are built from scenarios, so
the tests hold whatever the starter cards' numbers are retuned to where they can."""

from __future__ import annotations

import pytest

from tabletop.games.radiant_arena.rules import DISCARD, MAIN, OVER, REVIVE, SHOP

from .helpers import (
    CARDS,
    EXTRA_CARDS,
    assert_illegal,
    committed,
    dmg,
    found,
    happened,
    legal,
    play,
    position,
    scenario,
    skills_of,
    u,
    with_banished,
    zone,
)

A, B = 0, 1
R_WIN = "Key Concepts — Winning & Losing"
R_BLOCK = "Combat — Blocking"
R_ACTION = "The Turn — The Action Phase"
R_TALENT = "The Turn — Talent Actions"
R_SHOP = "The End Phase — Shop Step"
R_REVIVE = "The End Phase — Revive Step"
R_MANIFEST = "Key Concepts — Manifestation"
R_PARTICIPANTS = "Combat — Step One: Determine Participants"

CONDUITS_A = [{"id": "gift-of-the-elements"}, {"id": "natures-bounty"}, {"id": "ancient-wisdom"}]
CONDUITS_B = [{"id": "gift-of-the-elements"}, {"id": "natures-bounty"}, {"id": "smite"}]


def ruined_but(seat_conduits: list[dict], lane: int, damage: int = 0) -> list[dict]:
    """The conduits with every lane but ``lane`` ruined, and ``damage`` on that one."""
    return [{**c, "ruined": i != lane, **({"damage": damage} if i == lane else {})}
            for i, c in enumerate(seat_conduits)]


def winner(s) -> tuple[int, ...]:
    outcome = s.outcome()
    assert outcome is not None, [e.text for e in s.events[-8:]]
    return outcome.winners


# --- Winning & Losing ---------------------------------------------------------------------


def test_a_deity_kod_by_the_conduit_it_attacks_loses_the_game_for_its_own_player() -> None:
    """Winning & Losing: "A player's Deity is KO'd. That player immediately loses the game".
    Step Three: "Attacking heroes, or conduits, deal damage ... All damage is dealt
    simultaneously" — the conduit's attack back KOs the attacking deity on its own turn,
    and the active player does not win: only one deity was KO'd."""
    s = position({"final-judge": {"zone": "left"}})
    health = s.health_of(u(s, "final-judge"))
    # The Judge's armor 2 stops the conduit's 2; an effect has taken 1 of it this turn.
    weakened = {"timestamp": 1, "affects": "final-judge", "kind": "stat", "key": "armor",
                "op": "add", "value": -1, "until": "turn"}
    s = position({"final-judge": {"zone": "left", "damage": health - 1}}, clock=1,
                 modifiers=[weakened])
    play(s, "attack final-judge", "target conduit")
    assert s.phase == OVER and winner(s) == (B,)
    assert happened(s, "ko", unit="final-judge")


def test_the_deity_ko_beats_the_deck_out_of_the_same_turn() -> None:
    """Winning & Losing: a KO'd deity loses "immediately": the game is over before the draw
    step, so a player whose deck is empty wins by KOing the deity first."""
    s = position({"oracle": {"zone": "left"}})
    hp = s.health_of(u(s, "oracle"))
    s = position({"alyn": {"zone": "left"}, "oracle": {"zone": "left", "damage": hp - 1}},
                 discards=[skills_of("a"), []])
    play(s, "attack alyn", "target oracle", "no-clash", "no-clash")
    assert s.phase == OVER and winner(s) == (A,)
    assert not happened(s, "draw")


def test_the_oracle_manifesting_with_one_card_left_decks_out() -> None:
    """Winning & Losing: "A player goes to draw a card from their skill deck but cannot
    because the deck is empty. That player immediately loses the game". The Oracle:
    "Manifestation: Draw 2 cards." (rule 22: a draw of several cards draws one by one)."""
    deck = skills_of("b")
    last = deck.pop()
    s = position({"oracle": {"zone": "home"}, "viggo": {"zone": "left"}}, active=B,
                 discards=[[], deck])
    assert len(s.decks[B]) == 1 and s.decks[B][0] == last
    play(s, "manifest oracle center banish eleanor")
    assert s.phase == OVER and winner(s) == (A,)
    assert len(found(s, "draw", seat=B, since=0)) == 1


def test_ancient_wisdom_ruined_on_the_opponents_turn_with_an_empty_deck_loses() -> None:
    """Conduits: "when a player's 'Ancient Wisdom' conduit is ruined, that player draws a
    card"; Winning & Losing: drawing from an empty deck loses — even on the opponent's
    turn (rule 22). B ruins A's Ancient Wisdom: A, not the active player, loses."""
    s = position({"viggo": {"zone": "right"}}, active=B,
                 conduits=[[{"id": "gift-of-the-elements"}, {"id": "natures-bounty"},
                            {"id": "ancient-wisdom", "damage": 7}], CONDUITS_B],
                 discards=[skills_of("a"), []])
    play(s, "attack viggo", "target conduit")
    assert s.phase == OVER and winner(s) == (B,)
    assert s.outcome().scores == (0.0, 1.0)


# --- Power --------------------------------------------------------------------------------


def test_a_hero_kod_by_its_own_talent_gives_the_opponent_2_power() -> None:
    """Power: "After an enemy hero becomes KO'd (for any reason), you gain 2 power".
    Viggo's talent deals 1 Piercing damage to himself (rule 23)."""
    s = position({"viggo": {"zone": "left"}}, active=B)
    hp = s.health_of(u(s, "viggo"))
    s = position({"viggo": {"zone": "left", "damage": hp - 1}}, active=B, power=[0, 0])
    play(s, "talent viggo:wrath")
    assert zone(s, "viggo") == "home"
    assert s.power == [2, 0]


def test_a_hero_kod_by_a_ruin_effect_on_the_opponents_turn_gives_its_owner_2_power() -> None:
    """Power: "After an enemy hero becomes KO'd (for any reason), you gain 2 power" — B's
    Smite (a ruin effect B resolves) KOs A's attacking hero during A's action phase: B gains
    2 for the KO, A gains 1 for the conduit ruined in the action phase."""
    s = position({"alyn": {"zone": "left"}, "mato": {"zone": "left"}})
    hp = s.health_of(u(s, "mato"))
    s = position({"alyn": {"zone": "left"}, "mato": {"zone": "left", "damage": hp - 1,
                                                      "committed": True}},
                 conduits=[CONDUITS_A, [{"id": "smite", "damage": 7},
                                        {"id": "natures-bounty"},
                                        {"id": "gift-of-the-elements"}]])
    play(s, "attack alyn", "target conduit")
    # The conduit's damage goes to Alyn (the only attacker); B picks Smite's target.
    assert s.to_act == B and legal(s) == {"target alyn", "target mato"}
    play(s, "target mato")
    assert zone(s, "mato") == "home"
    assert s.power == [1, 2]


# --- Combat ---------------------------------------------------------------------------------


def test_a_deity_may_block_and_be_protected_by_taunt() -> None:
    """Deities: "Deities are considered to be heroes in all regards". Blocking: "a hero must
    be ready and at the same location as the target"; Taunt: "enemy heroes may not attack
    your heroes without Taunt at that location" (rule 1: Taunt protects a deity)."""
    s = position({"alyn": {"zone": "left"}, "oracle": {"zone": "left"},
                  "eleanor": {"zone": "left"}})
    play(s, "attack alyn")
    assert "target oracle" not in legal(s)
    assert_illegal(s, "target oracle", R_PARTICIPANTS)
    play(s, "target eleanor")
    assert "block oracle" in legal(s)
    play(s, "block oracle")
    assert committed(s, "oracle") and s.view(A)["combat"]["defender"] == "oracle"


def test_a_ruined_conduit_cannot_be_attacked() -> None:
    """Conduits: "Ruined conduits have no stats" (rule 3: only a consecrated conduit is a
    target). With only a ruined conduit and no enemy hero in the lane, there is no
    target, so the attack cannot be declared."""
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "center"}},
                 conduits=[CONDUITS_A, [{"id": "smite", "ruined": True},
                                        {"id": "natures-bounty"},
                                        {"id": "gift-of-the-elements"}]])
    assert "attack alyn" not in legal(s)


def test_a_conduit_ruined_by_the_attack_still_deals_its_attack_back() -> None:
    """Step Three: "All damage is dealt simultaneously" — a conduit ruined by the attack
    still deals its attack to an attacker (rule 8)."""
    s = position({"mato": {"zone": "left"}},
                 conduits=[CONDUITS_A, [{"id": "gift-of-the-elements", "damage": 7},
                                        {"id": "natures-bounty"}, {"id": "smite"}]])
    play(s, "attack mato", "target conduit")
    assert s.ruined[B][0]
    assert dmg(s, "mato") > 0
    assert happened(s, "damage", unit="mato", combat=True, source="conduit")


def test_the_third_conduit_ruined_in_combat_forces_manifestation_the_deity_stays_out() -> None:
    """Manifestation: "When your third and final conduit is ruined, your Deity must manifest
    immediately" (rule 25: even in a combat; the deity does not join it). A's attack ruins
    B's last conduit: B manifests at once, and the attacker still takes the conduit's
    damage."""
    s = position({"mato": {"zone": "left"}, "viggo": {"zone": "center"},
                  "eleanor": {"zone": "right"}},
                 conduits=[CONDUITS_A, ruined_but(CONDUITS_B, 0, damage=7)])
    play(s, "attack mato", "target conduit")
    assert s.to_act == B and any(a.startswith("manifest oracle") for a in legal(s))
    play(s, "manifest oracle left banish bran")
    assert zone(s, "oracle") == "left" and not committed(s, "oracle")
    assert dmg(s, "oracle") == 0  # not a participant: the conduit hit Mato
    assert dmg(s, "mato") > 0
    assert s.to_act == A and s.phase == MAIN and s.combat is None


def test_a_defender_kod_by_an_attackers_clash_effect_deals_no_combat_damage() -> None:
    """Clash Effect: attackers' effects resolve first; rule 16: "If the defender has left,
    no combat damage is dealt". Test of Arms: "Deal 1 Piercing damage to each opposing
    hero." KOs Viggo before Step Three, so Alyn takes nothing back, and every clash card
    goes to its discard pile ("All clash cards go to the players' respective discard
    piles")."""
    s = position({"viggo": {"zone": "left"}})
    hp = s.health_of(u(s, "viggo"))
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "left", "damage": hp - 1}},
                 hands=[["test-of-arms"], ["sunder"]])
    play(s, "attack alyn", "target viggo", "clash test-of-arms", "clash sunder")
    assert zone(s, "viggo") == "home"
    assert dmg(s, "alyn") == 0
    assert s.discards == [["test-of-arms"], ["sunder"]]
    assert s.power[A] == 2 and s.combat is None


def test_a_team_attack_on_a_conduit_combines_attack_and_the_conduit_hits_one_attacker() -> None:
    """Step Three: "Add the modified total attack of all attacking heroes together";
    "Attacking heroes, or conduits, deal damage" — the conduit deals its attack to a single
    attacker chosen by its owner (rule 8)."""
    s = position({"alyn": {"zone": "left"}, "mato": {"zone": "left"}})
    total = s.attack_of(u(s, "alyn")) + s.attack_of(u(s, "mato"))
    play(s, "attack alyn", "with mato", "target conduit")
    assert s.to_act == B and legal(s) == {"assign alyn", "assign mato"}
    play(s, "assign mato")
    assert s.cdmg[B][0] == min(total, 8) or s.ruined[B][0]
    assert dmg(s, "alyn") == 0 and dmg(s, "mato") > 0


def test_the_defender_with_0_attack_deals_nothing_and_no_choice_is_asked() -> None:
    """Step Three: "The defending hero deals damage equal to their modified attack value to
    a single attacking hero of their choice" and Defender: "if a defending hero is
    committed, reduce their attack to 0" — a committed blocker without clash values deals
    nothing, so no attacker is damaged."""
    s = position({"alyn": {"zone": "left"}, "mato": {"zone": "left"},
                  "viggo": {"zone": "left"}, "bran": {"zone": "left"}})
    play(s, "attack alyn", "with mato", "target viggo", "block bran", "no-clash",
         "no-clash")
    assert dmg(s, "alyn") == 0 and dmg(s, "mato") == 0
    assert not found(s, "assign")


def test_a_blocker_is_the_only_defender_the_target_takes_nothing_even_from_effects() -> None:
    """Blocking: "The original target takes no further part in the combat"; FAQ —
    Opposing Heroes: "an enemy hero who is participating in this combat". Test of Arms
    ("each opposing hero") hits the blocker, not the original target."""
    s = position({"alyn": {"zone": "left"}, "viggo": {"zone": "left"},
                  "bran": {"zone": "left"}}, hands=[["test-of-arms"], []])
    play(s, "attack alyn", "target viggo", "block bran", "clash test-of-arms")
    if s.phase != MAIN:
        play(s, "no-clash")
    assert dmg(s, "viggo") == 0
    assert happened(s, "damage", unit="bran", piercing=True, combat=False)


# --- Stun, Piercing -------------------------------------------------------------------------


def test_stun_on_a_hero_with_exactly_lethal_damage_after_armor_leaves_1_health() -> None:
    """Special Damage Types: "If stun damage would cause sufficient damage to KO a hero,
    that hero remains in play with 1 health remaining instead"; Damage and KOs: armor first
    ("Whenever a card would take damage, reduce the total damage dealt by that card's armor
    value"). Stun Bolt (5 Stun) against armor 2: 3 gets through."""
    s = position({"eleanor": {"zone": "left"}})
    hp = s.health_of(u(s, "eleanor"))
    armor = s.armor_of(u(s, "eleanor"))
    s = position({"maka": {"zone": "left"}, "eleanor": {"zone": "left",
                                                         "damage": hp - (5 - armor)}},
                 deck_ids=("ex-a", "b"), hands=[["stun-bolt"], []])
    play(s, "talent maka:stun-bolt")
    assert zone(s, "eleanor") == "left" and dmg(s, "eleanor") == hp - 1
    assert s.power[A] == 0
    # One less damage on her: not lethal, the Stun is plain damage.
    s = position({"maka": {"zone": "left"}, "eleanor": {"zone": "left",
                                                         "damage": hp - (5 - armor) - 1}},
                 deck_ids=("ex-a", "b"), hands=[["stun-bolt"], []])
    play(s, "talent maka:stun-bolt")
    assert dmg(s, "eleanor") == hp - 1


# --- Keywords -------------------------------------------------------------------------------


def test_vanguard_prevents_clash_effect_damage_to_the_other_attackers() -> None:
    """Keywords — Vanguard: "While a hero with Vanguard is attacking, other heroes
    controlled by the same player cannot take damage." — any damage, not only combat damage
    (rule 11). The levelled Viggo (Vanguard) and Bran attack Alyn, who clashes Test of
    Arms ("Deal 1 Piercing damage to each opposing hero"): Viggo takes it, Bran does
    not."""
    s = position({"viggo": {"zone": "left", "levelled": True},
                  "bran": {"zone": "left", "damage": 2}, "alyn": {"zone": "left"}},
                 active=B, hands=[["test-of-arms"], []])
    assert s.keyword(u(s, "viggo"), "vanguard")
    play(s, "attack viggo", "with bran", "target alyn", "no-clash", "clash test-of-arms")
    assert dmg(s, "bran") == 2  # Vanguard: Bran cannot take damage
    assert happened(s, "damage_prevented", unit="bran", by="viggo")
    assert not happened(s, "damage", unit="bran")
    assert dmg(s, "viggo") > 0


def test_regen_does_not_stack_only_the_highest_value_heals() -> None:
    """Keywords — Regen X: "Multiple sources of Regen do not stack or combine. Only the
    highest value will trigger each turn." The levelled Mato's Regen 1 and a Regen 2 from a
    timed effect: he heals 2, not 3."""
    s = position({"mato": {"zone": "left", "levelled": True, "damage": 5}},
                 phase="preparation", turn=5,
                 modifiers=[{"timestamp": 1, "layer": "timed", "source": "none",
                             "controller": 0, "affects": "mato", "kind": "keyword",
                             "key": "regen", "op": "grant", "value": 2,
                             "until": "permanent"}], clock=1)
    assert dmg(s, "mato") == 3
    assert len(found(s, "heal", unit="mato", cause="regen")) == 1


def test_cooldown_skill_talent_refused_for_a_second_copy_by_another_hero() -> None:
    """Keywords — Cooldown: "no more than one copy of that card can be played for its
    talent ability in a given turn" — whichever hero uses it (rule 18)."""
    s = position({"iskandar": {"zone": "left"}, "alyn": {"zone": "center"}},
                 hands=[["mystic-trance", "mystic-trance"], []])
    play(s, "talent iskandar:mystic-trance")
    assert "talent alyn:mystic-trance" not in legal(s)
    assert_illegal(s, "talent alyn:mystic-trance", "Keywords — Action Keywords")


def test_an_ultimate_talent_needs_its_power_cost() -> None:
    """Power: "pay the cost of especially powerful abilities"; The Action Phase: "If you do
    not have sufficient action points remaining to pay an action's cost, your hero cannot
    take that action" — likewise a talent whose Power cost cannot be paid (Chronostorm:
    1 AP, 2 Power) is not legal, even for a levelled hero."""
    s = position({"iskandar": {"zone": "left", "levelled": True}, "viggo": {"zone": "left"}},
                 hands=[["chronostorm"], []], power=[1, 0])
    assert "talent iskandar:chronostorm" not in legal(s)
    assert_illegal(s, "talent iskandar:chronostorm", R_TALENT)
    s = position({"iskandar": {"zone": "left", "levelled": True}, "viggo": {"zone": "left"}},
                 hands=[["chronostorm"], []], power=[2, 0])
    assert "talent iskandar:chronostorm" in legal(s)


def test_a_talent_costing_more_action_points_than_are_left_is_illegal() -> None:
    """The Action Phase: "If you do not have sufficient action points remaining to pay an
    action's cost, your hero cannot take that action." Brute Strength costs 2."""
    s = position({"mato": {"zone": "left"}}, hands=[["brute-strength"], []],
                 action_points=1)
    assert "talent mato:brute-strength" not in legal(s)
    assert_illegal(s, "talent mato:brute-strength", R_ACTION)


def test_extra_action_points_above_3_are_lost_at_the_end_of_the_turn() -> None:
    """Draw Step: "3. Any remaining action points are lost without effect"; Action Point:
    "Players generate three action points at the beginning of their turn" — a new turn
    starts from 3, never from what was left (rule 29)."""
    s = position({"iskandar": {"zone": "left", "levelled": True}, "viggo": {"zone": "left"},
                  "alyn": {"zone": "right"}, "mato": {"zone": "right"},
                  "eleanor": {"zone": "right"}, "bran": {"zone": "right"}},
                 hands=[["chronostorm", "time-lock"], []], power=[2, 0], action_points=3)
    play(s, "talent iskandar:chronostorm")
    assert s.ap == 3 - 1 + 2
    play(s, "pass")
    assert s.active == B and s.ap == 3
    play(s, "pass")
    assert s.active == A and s.ap == 3


# --- Level up -------------------------------------------------------------------------------


def test_a_ready_hero_levels_up_and_stays_ready_and_cannot_level_again() -> None:
    """Level Up (state change): "their card is flipped from its basic face to its
    experienced face"; EXP Cost: "heroes who have already levelled-up no longer have an EXP
    cost" — a levelled hero cannot level up again."""
    s = position({"bran": {"zone": "left"}}, active=B, power=[0, 10])
    play(s, "level bran")
    assert s.lvl[u(s, "bran")] == 1 and not committed(s, "bran")
    assert "level bran" not in legal(s)
    assert_illegal(s, "level bran", "The Turn — The Five Basic Actions")


# --- End phase ------------------------------------------------------------------------------


def test_the_hand_limit_waits_for_the_draw_step() -> None:
    """Draw Step: "If the active player now has eight or more cards in their hand, they must
    discard cards of their choice until they have only seven" — only then (rule 28): an
    effect may take a hand above 7 during the action phase; the draw step then discards
    down to 7, as many cards as needed."""
    hand = ["time-lock", "time-lock", "time-lock", "arcane-evocation",
            "arcane-evocation", "arcane-evocation", "implacable"]
    s = position({"iskandar": {"zone": "left"}}, hands=[hand, []])
    play(s, "talent iskandar:study")  # Iskandar's talent: draw a card
    assert len(s.hands[A]) == 8 and s.phase == MAIN
    play(s, "pass")
    assert s.phase == DISCARD and len(s.hands[A]) == 9
    play(s, "discard time-lock")
    assert s.phase == DISCARD
    play(s, "discard implacable")
    assert len(s.hands[A]) == 7 and s.active == B


def test_a_kod_hero_cannot_equip_but_the_deity_in_play_can() -> None:
    """Shop Step: "3. A hero you control at any location equips the item" — a hero at home
    is at no location (rule 27); Deities "are considered to be heroes in all regards"."""
    s = position({"alyn": {"zone": "home"}, "final-judge": {"zone": "center"}},
                 power=[9, 0], hands=[["time-lock"], []], buyback=[False, True])
    play(s, "pass")
    assert s.phase == SHOP
    buys = {a for a in legal(s) if a.startswith("buy")}
    assert buys and all(a.endswith("final-judge") for a in buys)
    assert_illegal(s, "buy fury alyn", R_SHOP)


def test_an_item_too_dear_is_not_offered() -> None:
    """Shop Step: "Any number of items may be purchased ... as long as you can meet their
    costs"."""
    s = position({"alyn": {"zone": "left"}}, power=[3, 0], hands=[["time-lock"], []],
                 buyback=[False, True])
    play(s, "pass")
    costs = {i: s.cat.items[i].cost for i in s.shops[A]}
    offered = {a.split()[1] for a in legal(s) if a.startswith("buy")}
    assert offered == {i for i, c in costs.items() if c <= 3}
    dear = [i for i, c in costs.items() if c > 3]
    if dear:
        assert_illegal(s, f"buy {dear[0]} alyn", R_SHOP)


def test_a_revived_hero_keeps_its_level_and_comes_back_ready_in_any_lane() -> None:
    """Revive: "Heroes who are revived enter play with no damage and at any location of
    their controller's choosing"; Damage and KOs: "If the hero has been levelled up, they
    remain levelled up"; Committed, Ready: "Cards are always ready when they enter play"."""
    s = position({"mato": {"zone": "home", "levelled": True}, "alyn": {"zone": "left"}},
                 phase="preparation", turn=5, power=[5, 0], hands=[["time-lock"], []])
    play(s, "pass", "revive buyback mato right")
    m = u(s, "mato")
    assert zone(s, "mato") == "right" and s.lvl[m] == 1 and not s.comm[m] and s.dmg[m] == 0
    assert s.buyback[A] is False


def test_manifesting_banishes_the_heros_item_with_it() -> None:
    """Manifestation: "you must banish one of your three heroes from the game (send them to
    the void). They will never return." Banish: "the card has ceased to exist" — its item
    goes with it (rule 25) and can never be bought again."""
    s = position({"alyn": {"zone": "left", "item": "fury"}, "mato": {"zone": "left"}},
                 hands=[["time-lock"], []])
    play(s, "manifest final-judge center banish alyn")
    assert zone(s, "alyn") == "void"
    assert "fury" not in s.shops[A] and "fury" not in s.discards[A]
    assert happened(s, "banish", seat=A, unit="alyn", item="fury")


def test_revive_step_with_nothing_to_revive_is_skipped() -> None:
    """Revive Step: revive "heroes who have been KO'd" — with no hero at home there is no
    choice to make (the step runs through) and Buyback cannot be used."""
    s = position({"alyn": {"zone": "left"}, "mato": {"zone": "left"},
                  "iskandar": {"zone": "left"}}, power=[9, 0], hands=[["time-lock"], []])
    play(s, "pass")
    assert s.phase != REVIVE
    assert_illegal(s, "revive buyback alyn left", R_SHOP)


# --- more corners ---------------------------------------------------------------------------


def test_losing_an_items_health_with_damage_at_health_is_a_ko() -> None:
    """Damage and KOs: "When a hero has accumulated a number of damage tokens greater than
    or equal to their health stat, they are instantly KO'd." Shop Step: equipping a hero
    who "already had an item equipped, destroy that item" — Masterwork Boots (+1 health)
    replaced by Fury: Alyn's health drops to his damage, so he is KO'd at once, and B
    gains 2 power ("After an enemy hero becomes KO'd (for any reason)")."""
    s = position({"alyn": {"zone": "left", "item": "masterwork-boots"},
                  "mato": {"zone": "left"}, "iskandar": {"zone": "left"}},
                 power=[9, 0], hands=[["time-lock"], []], buyback=[False, True])
    hp_boots = s.health_of(u(s, "alyn"))
    s = position({"alyn": {"zone": "left", "item": "masterwork-boots",
                           "damage": hp_boots - 1},
                  "mato": {"zone": "left"}, "iskandar": {"zone": "left"}},
                 power=[9, 0], hands=[["time-lock"], []], buyback=[False, True])
    items = s.cat.items
    if items["fury"].health >= items["masterwork-boots"].health:
        pytest.skip("the items were retuned: Fury no longer has less health")
    play(s, "pass", "buy fury alyn")
    assert zone(s, "alyn") == "home"
    assert dmg(s, "alyn") == 0 and s.item[u(s, "alyn")] == "fury"
    assert s.power[B] == 2
    assert happened(s, "ko", unit="alyn")


def test_a_vanguard_hero_kod_mid_combat_no_longer_protects() -> None:
    """Keywords — Vanguard: "While a hero with Vanguard is attacking, other heroes ... cannot
    take damage." A Vanguard hero KO'd by a clash effect is no longer attacking (rule 16:
    it leaves the combat), so the defender's damage goes to the other attacker and is not
    prevented."""
    s = position({"viggo": {"zone": "left", "levelled": True}})
    hp = s.health_of(u(s, "viggo"))
    s = position({"viggo": {"zone": "left", "levelled": True, "damage": hp - 1},
                  "bran": {"zone": "left"}, "alyn": {"zone": "left"}},
                 active=B, hands=[["test-of-arms"], []])
    play(s, "attack viggo", "with bran", "target alyn", "no-clash", "clash test-of-arms")
    assert zone(s, "viggo") == "home"
    assert dmg(s, "bran") > 0  # Alyn's attack back is no longer prevented
    assert happened(s, "damage", unit="bran", combat=True)


def test_two_vanguard_attackers_protect_each_other() -> None:
    """Keywords — Vanguard: "While a hero with Vanguard is attacking, other heroes
    controlled by the same player cannot take damage." With two Vanguard attackers, each is
    "another hero" of the other's: neither can take damage, so the defender's damage is
    prevented whichever attacker it is assigned to."""
    s = position({"viggo": {"zone": "left", "levelled": True}, "bran": {"zone": "left"},
                  "alyn": {"zone": "left"}}, active=B,
                 modifiers=[{"timestamp": 1, "layer": "timed", "source": "none",
                             "controller": 1, "affects": "bran", "kind": "keyword",
                             "key": "vanguard", "op": "grant", "value": 1,
                             "until": "turn"}], clock=1)
    assert s.keyword(u(s, "bran"), "vanguard") and s.keyword(u(s, "viggo"), "vanguard")
    play(s, "attack viggo", "with bran", "target alyn", "no-clash", "no-clash")
    assert s.to_act == A and legal(s) == {"assign viggo", "assign bran"}
    play(s, "assign bran")
    assert dmg(s, "viggo") == 0 and dmg(s, "bran") == 0
    assert happened(s, "damage_prevented")


def test_the_hand_limit_is_only_the_active_players() -> None:
    """Draw Step: "2. If the active player now has eight or more cards in their hand, they
    must discard" — the other player keeps a hand of 9 through this turn's end."""
    hand_b = ["sunder", "sunder", "sunder", "domination", "domination", "domination",
              "blood-drunk", "blood-drunk", "blood-drunk"]
    s = position({"alyn": {"zone": "left"}}, hands=[["time-lock"], hand_b])
    play(s, "pass")
    assert s.active == B and len(s.hands[B]) == 9


def test_a_deity_at_home_is_no_evoker_and_no_target() -> None:
    """The Evoker Keyword: "if you control at least one hero with the Evoker keyword" — "an
    in-play (non-KO'd) hero" (Glossary); a deity at home "begin[s] the game out of play":
    the face-down Oracle gives no power and cannot be chosen by "an enemy hero at any
    location" (Arcane Evocation)."""
    s = position({"bran": {"zone": "home"}, "viggo": {"zone": "left"}}, active=B,
                 phase="preparation", turn=6)
    assert s.power == [0, 0]
    s = position({"iskandar": {"zone": "left"}, "viggo": {"zone": "left"}},
                 hands=[["arcane-evocation"], []])
    play(s, "talent iskandar:arcane-evocation")
    assert "target oracle" not in legal(s)
    assert dmg(s, "viggo") == 3  # the one target, not asked


def test_simultaneous_kos_give_each_player_2_power() -> None:
    """Step Three: "All damage is dealt simultaneously"; Power: "After an enemy hero becomes
    KO'd (for any reason), you gain 2 power" — an attacker and a defender KO'd by the same
    combat damage give both players 2 power."""
    s = position({"mato": {"zone": "left"}, "viggo": {"zone": "left"}})
    hp_m, hp_v = s.health_of(u(s, "mato")), s.health_of(u(s, "viggo"))
    s = position({"mato": {"zone": "left", "damage": hp_m - 1},
                  "viggo": {"zone": "left", "damage": hp_v - 1}})
    play(s, "attack mato", "target viggo", "no-clash", "no-clash")
    assert zone(s, "mato") == "home" and zone(s, "viggo") == "home"
    assert s.power == [2, 2]


def test_golden_rule_2_orders_a_ruin_effect_after_the_active_players_combat_trigger() -> None:
    """Conduits: ruin effects are "effects that are triggered when the conduit is flipped";
    Golden Rule 2: "If two effects would happen at the same time, the active player's
    effect resolves first." Alyn's combat damage ruins B's Smite and sets off his own
    "After this hero deals combat damage, heal" at the same time: his heal resolves
    before Smite's damage to him. Alyn's damage is such that Smite first would KO him."""
    s = position({"alyn": {"zone": "left"}})
    a = u(s, "alyn")
    health, armor, back = s.health_of(a), s.armor_of(a), 2
    smite = 3
    start = health - (back - armor) - (smite - armor)
    s = position({"alyn": {"zone": "left", "damage": start}},
                 conduits=[CONDUITS_A, [{"id": "smite", "damage": 7},
                                        {"id": "natures-bounty"},
                                        {"id": "gift-of-the-elements"}]])
    play(s, "attack alyn", "target conduit")
    assert s.ruined[B][0]
    assert zone(s, "alyn") == "left", [e.text for e in s.events]
    heal_at = next(i for i, e in enumerate(s.events) if e.kind == "heal")
    smite_at = next(i for i, e in enumerate(s.events)
                    if e.kind == "damage" and e.fields["source"] == "smite")
    assert heal_at < smite_at
    assert s.power == [1, 0]  # no KO


def test_the_old_item_is_destroyed_before_the_equip_effect_resolves() -> None:
    """Shop Step, in order: "4. If that hero already had an item equipped, destroy that
    item ... 5. Resolve any Equip effects in the item's text box"; Damage and KOs: a hero
    whose damage reaches its health "is instantly KO'd". Viggo loses Wurmbane's health at
    step 4 with his damage at his new health: he is KO'd before Sun God's Gauntlet's
    "Equip: Heal 2 damage from this hero" could save him, and keeps the new item."""
    s = position({"viggo": {"zone": "left"}}, active=B)
    plain = s.health_of(u(s, "viggo"))
    s = position({"viggo": {"zone": "left", "item": "wurmbane", "damage": plain},
                  "eleanor": {"zone": "left"}, "bran": {"zone": "left"}},
                 active=B, power=[0, 9], hands=[[], ["zeal"]], buyback=[True, False],
                 shops=[["fury", "masterwork-boots", "vile-infusion"],
                        ["crusaders-guard", "sun-gods-gauntlet"]])
    if s.cat.items["sun-gods-gauntlet"].health >= s.cat.items["wurmbane"].health:
        pytest.skip("the items were retuned: the Gauntlet no longer has less health")
    play(s, "pass")
    assert s.phase == SHOP
    play(s, "buy sun-gods-gauntlet viggo")
    assert zone(s, "viggo") == "home"
    assert s.item[u(s, "viggo")] == "sun-gods-gauntlet"
    assert s.power[A] == 2
    ko_at = next(i for i, e in enumerate(s.events) if e.kind == "ko")
    assert not any(e.kind == "heal" for e in s.events[ko_at:])


def test_a_divine_deity_may_use_an_ultimate_talent() -> None:
    """Keywords — Ultimate: "Ultimate effects will only resolve if the hero attempting to
    use them is levelled-up or has the Divine keyword." The Oracle (Divine, never
    levelled) uses Serenity, an Ultimate Talent; the basic Bran may not."""
    s = position({"oracle": {"zone": "left"}, "bran": {"zone": "left", "damage": 3},
                  "eleanor": {"zone": "left", "damage": 2, "committed": True}},
                 active=B, hands=[[], ["serenity"]])
    assert s.keyword(u(s, "oracle"), "divine")
    assert "talent bran:serenity" not in legal(s)
    play(s, "talent oracle:serenity")
    assert dmg(s, "bran") < 3 and dmg(s, "eleanor") < 2
    assert not committed(s, "eleanor")


def test_vanguard_does_not_protect_while_its_hero_defends() -> None:
    """Keywords — Vanguard: "While a hero with Vanguard is attacking, other heroes
    controlled by the same player cannot take damage." The levelled Viggo blocks the attack
    on Eleanor (he is defending, not attacking): Massacre's "2 Piercing damage to each
    enemy hero at this location" still hits Eleanor beside him."""
    s = position({"alyn": {"zone": "left", "levelled": True}, "viggo": {"zone": "left",
                                                                       "levelled": True},
                  "eleanor": {"zone": "left"}, "bran": {"zone": "center"}},
                 hands=[["massacre"], []])
    assert s.keyword(u(s, "viggo"), "vanguard")
    play(s, "attack alyn", "target eleanor", "block viggo", "clash massacre", "no-clash")
    assert happened(s, "damage", unit="eleanor", source="massacre")
    assert not happened(s, "damage_prevented")


CORNER_CARDS = f"{EXTRA_CARDS},{CARDS / 'corners.toml'}"


def test_a_hero_revived_by_an_effect_and_kod_again_this_turn_is_not_mass_resurrected() -> None:
    """Revive Step: "Mass Resurrect revives all your heroes who were not in play when the
    turn began. Heroes who were KO'd during the current turn cannot be revived using Mass
    Resurrect." Alyn, at home when A's turn began, is revived by an effect (a test item)
    and KO'd again this turn: he was KO'd during the current turn, so Mass Resurrect is
    not available for him."""
    s = scenario(with_banished({
        "game": "radiant-arena", "params": {"deck_a": "a-revive", "deck_b": "b",
                                            "cards": CORNER_CARDS},
        "units": {"alyn": {"zone": "home"}, "iskandar": {"zone": "center",
                                                          "item": "revival-charm"},
                  "mato": {"zone": "right"}, "viggo": {"zone": "center"}},
        "hands": [["time-lock"], []], "phase": "preparation", "turn": 5,
        "modifiers": [{"timestamp": 1, "layer": "timed", "source": "none",
                       "controller": 1, "affects": "viggo", "kind": "stat",
                       "key": "attack", "op": "add", "value": 20,
                       "until": "permanent"}], "clock": 1}))
    play(s, "talent iskandar:revive")
    assert zone(s, "alyn") == "center"
    play(s, "attack alyn", "target viggo", "no-clash", "no-clash")
    assert zone(s, "alyn") == "home"
    play(s, "pass")
    # Nothing to revive by Mass Resurrect (and no power for Buyback): the step runs through.
    assert s.active == B and zone(s, "alyn") == "home"
    assert s.ruined[A] == [False, False, False]


def test_a_health_bonus_ending_with_damage_at_health_is_a_ko() -> None:
    """Damage and KOs: "When a hero has accumulated a number of damage tokens greater than
    or equal to their health stat, they are instantly KO'd." Viggo holds more damage than
    his printed health thanks to a +3 health bonus until the end of the turn; when it ends
    (Draw Step: "4. Any effects that trigger or expire at the end of a player's turn do so
    now") he is KO'd, and A gains 2 power ("for any reason")."""
    s = position({"viggo": {"zone": "left"}}, active=B)
    hp = s.health_of(u(s, "viggo"))
    s = position({"viggo": {"zone": "left", "damage": hp + 1}, "alyn": {"zone": "left"},
                  "mato": {"zone": "left"}, "iskandar": {"zone": "left"}},
                 hands=[["time-lock"], []],
                 modifiers=[{"timestamp": 1, "layer": "timed", "source": "none",
                             "controller": 0, "affects": "viggo", "kind": "stat",
                             "key": "health", "op": "add", "value": 3, "until": "turn"}],
                 clock=1)
    assert zone(s, "viggo") == "left"
    play(s, "pass")
    assert zone(s, "viggo") == "home"
    assert happened(s, "ko", unit="viggo")
    assert s.power[A] == 2


def test_a_health_bonus_lost_to_a_destroyed_item_is_a_ko() -> None:
    """Damage and KOs: "greater than or equal to their health stat, they are instantly
    KO'd" — whatever lowers the health. A test item destroys Wurmbane (+2 health) on a
    Viggo whose damage is at his printed health: he is KO'd at once."""
    s = position({"viggo": {"zone": "left"}}, active=B)
    hp = s.health_of(u(s, "viggo"))
    s = scenario(with_banished({
        "game": "radiant-arena", "params": {"deck_a": "a-revive", "deck_b": "b",
                                            "cards": CORNER_CARDS},
        "units": {"iskandar": {"zone": "left", "item": "shatter-charm"},
                  "alyn": {"zone": "right"}, "mato": {"zone": "right"},
                  "viggo": {"zone": "left", "item": "wurmbane", "damage": hp}},
        "hands": [["time-lock"], []]}))
    assert zone(s, "viggo") == "left"
    play(s, "talent iskandar:sunder-item")  # (not "shatter": a pool skill card's id)
    assert zone(s, "viggo") == "home" and s.discards[B] == ["wurmbane"]
    assert s.power[A] == 2


def test_a_deity_kod_when_its_health_bonus_ends_loses_the_game() -> None:
    """Winning & Losing: "A player's Deity is KO'd. That player immediately loses the game"
    — also when a health bonus ends at the end of the turn with its damage above its
    health."""
    s = position({"oracle": {"zone": "left"}}, active=B)
    hp = s.health_of(u(s, "oracle"))
    s = position({"oracle": {"zone": "left", "damage": hp}, "alyn": {"zone": "left"},
                  "mato": {"zone": "left"}, "iskandar": {"zone": "left"}},
                 hands=[["time-lock"], []],
                 modifiers=[{"timestamp": 1, "layer": "timed", "source": "none",
                             "controller": 0, "affects": "oracle", "kind": "stat",
                             "key": "health", "op": "add", "value": 2, "until": "turn"}],
                 clock=1)
    play(s, "pass")
    assert s.phase == OVER and winner(s) == (A,)
    assert s.legal_actions() == ()


def test_a_health_bonus_ending_with_a_replaced_ko_is_replaced_once() -> None:
    """Damage and KOs with a replacement (docs/rules/radiant-arena.md, rule 36: each
    replacement applies "at most once to one event"): the Wrathlord's KO, when his health
    bonus ends, is replaced once — he heals and a conduit is ruined — and play goes on."""
    s = position({"wrathlord": {"zone": "left"}}, deck_ids=("a", "ex-b"), active=B)
    hp = s.health_of(u(s, "wrathlord"))
    s = position({"wrathlord": {"zone": "left", "damage": hp}, "alyn": {"zone": "left"},
                  "mato": {"zone": "left"}, "iskandar": {"zone": "left"}},
                 deck_ids=("a", "ex-b"), hands=[["time-lock"], []],
                 modifiers=[{"timestamp": 1, "layer": "timed", "source": "none",
                             "controller": 0, "affects": "wrathlord", "kind": "stat",
                             "key": "health", "op": "add", "value": 2, "until": "turn"}],
                 clock=1)
    play(s, "pass")
    assert s.to_act == B and legal(s) == {"lane left", "lane center", "lane right"}
    play(s, "lane center")  # the conduit the Wrathlord ruins instead
    assert zone(s, "wrathlord") == "left" and dmg(s, "wrathlord") == 0
    assert s.ruined[B] == [False, True, False]
    assert not happened(s, "ko", unit="wrathlord") and s.power[A] == 0
    assert s.outcome() is None and s.active == B and s.phase == MAIN


def test_overkill_with_an_empty_deck_reveals_nothing_and_nobody_loses() -> None:
    """Winning & Losing: a player loses who "goes to draw a card from their skill deck but
    cannot because the deck is empty" — Overkill reveals the top card, which is not a draw
    (rule 22): with an empty deck its step cannot resolve and the game goes on."""
    s = position({"viggo": {"zone": "left", "levelled": True}, "alyn": {"zone": "left"}},
                 active=B, hands=[[], ["overkill"]], discards=[[], skills_of("b", "overkill")])
    assert len(s.decks[B]) == 0
    play(s, "attack viggo", "target alyn", "clash overkill", "no-clash")
    assert s.outcome() is None
    assert happened(s, "effect_stops", source="overkill")


def test_no_forced_manifestation_when_the_deity_is_already_in_play() -> None:
    """Manifestation: "When your third and final conduit is ruined, your Deity must manifest
    immediately" — a deity already in play does not manifest again ("Only deities ... not
    currently in play")."""
    s = position({"mato": {"zone": "left"}, "oracle": {"zone": "center"},
                  "viggo": {"zone": "right"}},
                 conduits=[CONDUITS_A, ruined_but(CONDUITS_B, 0, damage=7)])
    play(s, "attack mato", "target conduit")
    assert all(s.ruined[B])
    assert not happened(s, "manifest_due")
    assert s.to_act == A and s.phase == MAIN and zone(s, "oracle") == "center"


def test_talents_only_in_the_action_phase_not_in_the_end_phase() -> None:
    """The Action Phase: "Players may only take actions during their own action phase";
    Talent: "Talents are used during the action phase" — not in the shop step."""
    s = position({"iskandar": {"zone": "left"}, "alyn": {"zone": "left"}},
                 power=[9, 0], hands=[["time-lock"], []], buyback=[False, True])
    play(s, "pass")
    assert s.phase == SHOP
    assert not any(a.startswith(("talent", "move", "attack", "recover")) for a in legal(s))
    assert_illegal(s, "talent iskandar:study", R_SHOP)


def test_taunt_does_not_stop_a_talent_aimed_past_it() -> None:
    """Keywords — Taunt: "enemy heroes may not attack your heroes without Taunt" — it
    restricts attacks only (rule 1): Arcane Evocation ("Deal 2 damage to an enemy hero at
    any location") may hit Viggo beside a ready Eleanor."""
    s = position({"iskandar": {"zone": "left"}, "eleanor": {"zone": "left"},
                  "viggo": {"zone": "left"}}, hands=[["arcane-evocation"], []])
    play(s, "talent iskandar:arcane-evocation")
    assert "target viggo" in legal(s)
    play(s, "target viggo")
    assert dmg(s, "viggo") > 0


def test_battle_frenzy_counts_the_damage_when_its_clash_effect_resolves() -> None:
    """FAQ — How do Mato's skill cards work?: "that card will get +2 Attack when its clash
    effect resolves"; Step Two: "4. Resolve all clash effects on clash cards played by
    attacking heroes. 5. Resolve all clash effects on clash cards played by the defending
    hero." The levelled Eleanor's Retribution ("Deal 3 Piercing damage to each opposing
    hero") puts Mato from 3 to 6 damage before his Battle Frenzy resolves, so it counts
    6 damage: +2, not +1."""
    s = position({"mato": {"zone": "left"}})
    base = s.attack_of(u(s, "mato"))
    s = position({"eleanor": {"zone": "left", "levelled": True},
                  "mato": {"zone": "left", "damage": 3}},
                 active=B, hands=[["battle-frenzy"], ["retribution"]])
    play(s, "attack eleanor", "target mato", "clash retribution", "clash battle-frenzy")
    assert found(s, "resolution")[0]["defence"] == base + 3 + 2


def test_clash_effect_damage_is_not_combat_damage() -> None:
    """Combat Damage: "Damage dealt by hero abilities or other card effects is not normally
    considered combat damage, even if it is dealt during the combat sequence." Alyn's Test
    of Arms KOs Viggo before Step Three: no combat damage is dealt, so Alyn's "After this
    hero deals combat damage, heal" does not trigger."""
    s = position({"viggo": {"zone": "left"}})
    hp = s.health_of(u(s, "viggo"))
    s = position({"alyn": {"zone": "left", "damage": 2},
                  "viggo": {"zone": "left", "damage": hp - 1}},
                 hands=[["test-of-arms"], []])
    play(s, "attack alyn", "target viggo", "clash test-of-arms", "no-clash")
    assert zone(s, "viggo") == "home"
    assert dmg(s, "alyn") == 2
    assert not happened(s, "heal", unit="alyn")
    assert happened(s, "damage", unit="viggo", combat=False, source="test-of-arms")
