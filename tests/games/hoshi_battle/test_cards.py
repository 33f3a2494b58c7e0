"""One scenario test per card of hoshi-battle (docs/rules/hoshi-battle.md, "Cards"), each
quoting the card's text. The seven known texts are the publisher's; the others are ours."""

from __future__ import annotations

import pytest

from tabletop.core import IllegalActionError
from tabletop.games.hoshi_battle import board as fx
from tabletop.games.hoshi_battle.data import catalog

from .helpers import choosing, first_strike, new, of, pass_all, position, seeded

KNOWN = {  # issue 15, "Card texts known", verbatim
    "clay-champion": "If you are not at full health, battle with the d10",
    "charming-trader": "If your opponent's Hero has a higher Cost, battle with the d8",
    "fire-axe": "Battle with the d8",
    "deowi-pouring-rain": "Play after a Hoshi Stone is discarded. All players battle with "
                          "the d10",
    "rage": "Play after you have been hit. Battle with the d8",
    "saal-swordsman": "Battle with an additional die (two dice in total). Duel cards or Hero "
                      "abilities which modify the die type have no effect on your dice",
    "ring-of-regeneration": "Reveal at the beginning of a Duel. Stays in play. If you are "
                            "hit, roll a die: if you roll the symbol, the hit is cancelled",
}


def text(card_id: str) -> str:
    cat = catalog()
    return (cat.heroes.get(card_id) or cat.cards[card_id]).text


def legal(s) -> list[str]:
    return [a.to_text() for a in s.legal_actions()]


def test_the_known_texts_are_kept_verbatim() -> None:
    """Issue 15: the seven known card texts appear verbatim in the card data."""
    cat = catalog()
    for card_id, words in KNOWN.items():
        card = cat.heroes.get(card_id) or cat.cards[card_id]
        assert card.known == words and words in card.text
    assert sum(1 for c in (*cat.heroes.values(), *cat.cards.values()) if c.known) == 7
    assert len(cat.heroes) == 20 and len(cat.cards) == 20


def test_every_card_has_a_scenario_test_here() -> None:
    """DESIGN.md: each card has a scenario test that quotes its text."""
    names = {n for n in globals() if n.startswith("test_card_")}
    for card_id in catalog().ids:
        assert f"test_card_{card_id.replace('-', '_')}" in names, card_id


# --- Heroes -------------------------------------------------------------------------------


def test_card_clay_champion() -> None:
    """Clay Champion: "If you are not at full health, battle with the d10"."""
    assert "battle with the d10" in text("clay-champion")
    assert fx.die_of(position("clay-champion", "crane-archer"), 0) == 8
    assert fx.die_of(position("clay-champion", "crane-archer", stones=(1, 2)), 0) == 10


def test_card_charming_trader() -> None:
    """Charming Trader: "If your opponent's Hero has a higher Cost, battle with the d8"."""
    assert "higher Cost" in text("charming-trader")
    assert fx.die_of(position("charming-trader", "moon-priestess"), 0) == 8  # Cost 4 > 1
    assert fx.die_of(position("charming-trader", "charming-trader"), 0) == 10  # equal


def test_card_saal_swordsman() -> None:
    """Saal Swordsman: "Battle with an additional die (two dice in total). Duel cards or
    Hero abilities which modify the die type have no effect on your dice"."""
    s = position("saal-swordsman", "crane-archer", face2=["heavy-chains", "scorching-sun"],
                 turn=1)
    assert fx.dice_of(s, 0) == 2 and fx.die_of(s, 0) == 10
    s.apply("play scorching-sun")  # all players battle with the d8
    assert fx.die_of(s, 0) == 10 and fx.die_of(s, 1) == 8
    s.apply("pass")
    s.apply("pass")
    throws = of(s.events, "throw")
    assert throws and all(len(t["faces"][0]) == 2 and len(t["faces"][1]) == 1 for t in throws)
    dagger = position("saal-swordsman", "crane-archer", play1=["twin-dagger"])
    assert fx.dice_of(dagger, 0) == 3  # an additional die still adds


def test_card_moon_priestess() -> None:
    """Moon Priestess: "Your Moon results count also as the symbol."."""
    assert text("moon-priestess") == "Your Moon results count also as the symbol."
    s = position("moon-priestess", "crane-archer")
    assert s.view(1)["players"][0]["counts"] == [["also", "moon", "strike"]]

    def run(c):
        pass_all(c)
        throws = of(c.events, "throw")
        return bool(throws) and throws[-1]["faces"][0] == ["moon"] and \
            throws[-1]["symbol"][0]
    s = seeded(s, run)
    assert of(s.events, "throw")[-1]["counted"][0] == [["strike", "moon"]]


def test_card_ember_witch() -> None:
    """Ember Witch: "If you are not at full health, your Sun results count also as the
    symbol."."""
    assert "Sun results count also" in text("ember-witch")
    assert fx.count_rules(position("ember-witch", "crane-archer"), 0) == []
    hurt = position("ember-witch", "crane-archer", stones=(1, 2))
    assert fx.count_rules(hurt, 0) == [("also", "sun", "strike")]


def test_card_iron_sentinel() -> None:
    """Iron Sentinel: "Your full health is three Hoshi Stones."."""
    assert "three Hoshi Stones" in text("iron-sentinel")
    s = choosing("iron-sentinel", "crane-archer")
    s.apply("hero crane-archer")
    assert s.stones == [3, 2] and fx.full_health(s, 0) == 3


def test_card_wind_dancer() -> None:
    """Wind Dancer: "Strikes against you are Elusive (they land less often)."."""
    assert "Elusive" in text("wind-dancer")
    s = position("wind-dancer", "clay-champion")
    assert s.strike_chance(1, 0) == 55 and s.strike_chance(0, 1) == 70


def test_card_crane_archer() -> None:
    """Crane Archer: "Your strikes are Swift (they land more often)."."""
    assert "Swift" in text("crane-archer")
    s = position("crane-archer", "clay-champion")
    assert s.strike_chance(0, 1) == 85 and s.strike_chance(1, 0) == 70


def test_card_stone_golem() -> None:
    """Stone Golem: "If you are hit for the first time this Duel, the hit is cancelled."."""
    assert "first time this Duel" in text("stone-golem")
    s = seeded(position("stone-golem", "crane-archer"), first_strike(1))
    assert of(s.events, "cancel") == [{"seat": 0, "card": "stone-golem"}]
    assert s.stones == [2, 2] and s.window == "round_end" and not of(s.events, "hit")
    again = seeded(position("stone-golem", "crane-archer", struck=[1, 0]), first_strike(1))
    assert again.stones == [1, 2]  # the second strike this Duel hits


def test_card_twin_blades() -> None:
    """Twin Blades: "If there is a draw, roll a die: if you roll the symbol, your opponent
    loses a Hoshi Stone."."""
    assert "If there is a draw, roll a die" in text("twin-blades")

    def draw(symbol: bool):
        def run(c):
            pass_all(c)
            rolls = of(c.events, "roll")
            return bool(of(c.events, "draw")) and not of(c.events, "strike") and bool(
                rolls) and ("strike" in rolls[0]["counted"]) == symbol
        return run
    s = seeded(position("twin-blades", "crane-archer"), draw(True))
    assert s.stones == [2, 1] and of(s.events, "stone")[0]["card"] == "twin-blades"
    assert seeded(position("twin-blades", "crane-archer"), draw(False)).stones == [2, 2]


def test_card_vengeful_squire() -> None:
    """Vengeful Squire: "If you are not at full health, battle with the d8."."""
    assert "battle with the d8" in text("vengeful-squire")
    assert fx.die_of(position("vengeful-squire", "crane-archer"), 0) == 10
    assert fx.die_of(position("vengeful-squire", "crane-archer", stones=(1, 2)), 0) == 8


def test_card_night_hunter() -> None:
    """Night Hunter: "If your opponent is not at full health, battle with the d8."."""
    assert "your opponent is not at full health" in text("night-hunter")
    assert fx.die_of(position("night-hunter", "crane-archer"), 0) == 10
    assert fx.die_of(position("night-hunter", "crane-archer", stones=(2, 1)), 0) == 8


def test_card_river_healer() -> None:
    """River Healer: "When you hit your opponent, if you are not at full health, regain a
    Hoshi Stone."."""
    assert "regain a Hoshi Stone" in text("river-healer")
    s = seeded(position("river-healer", "crane-archer", stones=(1, 2)), first_strike(0))
    assert s.stones == [2, 1]
    full = seeded(position("river-healer", "crane-archer"), first_strike(0))
    assert full.stones == [2, 1] and not of(full.events, "stone")


def test_card_storm_caller() -> None:
    """Storm Caller: "At the beginning of each round, roll a die: if you roll the symbol,
    battle with the d8 this round."."""
    assert "this round" in text("storm-caller")
    start = position("storm-caller", "crane-archer", window="round_end")

    def rolled(symbol: bool):
        def run(c):
            pass_all(c)  # the round ends, the next begins: the roll
            rolls = of(c.events, "roll")
            return bool(rolls) and ("strike" in rolls[0]["counted"]) == symbol
        return run
    s = seeded(start, rolled(True))
    assert fx.die_of(s, 0) == 8 and s.window == "round_start"
    fx.expire(s, "round")
    assert fx.die_of(s, 0) == 10  # this round only
    assert fx.die_of(seeded(start, rolled(False)), 0) == 10


def test_card_jade_guardian() -> None:
    """Jade Guardian: "If you are hit while you have one Hoshi Stone left, roll a die: if
    you roll a Moon, the hit is cancelled."."""
    assert "roll a Moon" in text("jade-guardian")

    def moon(c):
        if not first_strike(1)(c):
            return False
        rolls = of(c.events, "roll")
        return bool(rolls) and "moon" in rolls[0]["counted"]
    s = seeded(position("jade-guardian", "crane-archer", stones=(1, 2)), moon)
    assert s.stones == [1, 2] and of(s.events, "cancel")
    full = seeded(position("jade-guardian", "crane-archer"), first_strike(1))
    assert not of(full.events, "roll") and full.stones == [1, 2]


def test_card_old_sage() -> None:
    """Old Sage: "If your opponent's Hero has a lower Cost, your opponent battles with the
    d10."."""
    assert "your opponent battles with the d10" in text("old-sage")
    assert fx.die_of(position("old-sage", "clay-champion"), 1) == 10  # Cost 2 < 3
    assert fx.die_of(position("old-sage", "wind-dancer"), 1) == 8  # Cost 4


def test_card_fox_spirit() -> None:
    """Fox Spirit: "When you are hit, roll a die: if you roll the symbol, your opponent
    loses a Hoshi Stone."."""
    assert "When you are hit" in text("fox-spirit")

    def symbol(c):
        if not first_strike(1)(c):
            return False
        rolls = of(c.events, "roll")
        return bool(rolls) and "strike" in rolls[0]["counted"]
    s = seeded(position("fox-spirit", "crane-archer"), symbol)
    assert s.stones == [1, 1]


def test_card_bronze_monk() -> None:
    """Bronze Monk: "If there is a draw and you are not at full health, regain a Hoshi
    Stone."."""
    assert "If there is a draw and" in text("bronze-monk")

    def draw(c):
        pass_all(c)
        return bool(of(c.events, "draw")) and not of(c.events, "strike")
    assert seeded(position("bronze-monk", "crane-archer", stones=(1, 2)), draw).stones == \
        [2, 2]


def test_card_wandering_ronin() -> None:
    """Wandering Ronin: "If your opponent is at full health, your strikes are Swift."."""
    assert "your strikes are Swift" in text("wandering-ronin")
    assert position("wandering-ronin", "clay-champion").strike_chance(0, 1) == 85
    assert position("wandering-ronin", "clay-champion", stones=(2, 1)).strike_chance(0, 1) == 70


def test_card_ashigaru_spearman() -> None:
    """Ashigaru Spearman: "If your opponent's Hero has a lower Cost, battle with the
    d10."."""
    assert "lower Cost, battle with the d10" in text("ashigaru-spearman")
    assert fx.die_of(position("ashigaru-spearman", "clay-champion"), 0) == 10  # Cost 2 < 3
    assert fx.die_of(position("ashigaru-spearman", "wind-dancer"), 0) == 8


# --- Artifacts ---------------------------------------------------------------------------


def test_card_fire_axe() -> None:
    """Fire Axe: "Play at the beginning of a round. Stays in play. Battle with the d8"."""
    s = position("crane-archer", "clay-champion", face1=["fire-axe"])
    s.apply("play fire-axe")
    assert fx.die_of(s, 0) == 8 and s.in_play[0] == ["fire-axe"]
    late = position("crane-archer", "clay-champion", face1=["fire-axe"], window="round_end")
    assert legal(late) == ["pass"]


def test_card_ring_of_regeneration() -> None:
    """Ring of Regeneration: "Reveal at the beginning of a Duel. Stays in play. If you are
    hit, roll a die: if you roll the symbol, the hit is cancelled"."""
    s = position("crane-archer", "clay-champion", face1=["ring-of-regeneration"],
                 window="duel_start", round=0)
    s.apply("play ring-of-regeneration")
    assert s.in_play[0] == ["ring-of-regeneration"]

    def saved(flag: bool):
        def run(c):
            if not first_strike(1)(c):
                return False
            rolls = of(c.events, "roll")
            return bool(rolls) and ("strike" in rolls[0]["counted"]) == flag
        return run
    base = position("crane-archer", "clay-champion", play1=["ring-of-regeneration"])
    yes = seeded(base, saved(True))
    assert yes.stones == [2, 2] and of(yes.events, "cancel")[0]["card"] == \
        "ring-of-regeneration"
    no = seeded(base, saved(False))
    assert no.stones == [1, 2] and not of(no.events, "cancel")


def test_card_moon_amulet() -> None:
    """Moon Amulet: "Reveal at the beginning of a Duel. Stays in play. Your Moon results
    count also as the symbol."."""
    s = position("crane-archer", "clay-champion", face1=["moon-amulet"], window="duel_start",
                 round=0)
    s.apply("play moon-amulet")
    assert fx.count_rules(s, 0) == [("also", "moon", "strike")] and not fx.count_rules(s, 1)


def test_card_hoshi_talisman() -> None:
    """Hoshi Talisman: "Reveal at the beginning of a Duel. Stays in play. Your full health
    is one Hoshi Stone more. Regain a Hoshi Stone."."""
    s = position("crane-archer", "clay-champion", face1=["hoshi-talisman"],
                 window="duel_start", round=0)
    s.apply("play hoshi-talisman")
    assert fx.full_health(s, 0) == 3 and s.stones == [3, 2]


def test_card_twin_dagger() -> None:
    """Twin Dagger: "Reveal at the beginning of a Duel. Stays in play. Battle with an
    additional die."."""
    s = position("crane-archer", "clay-champion", face1=["twin-dagger"], window="duel_start",
                 round=0)
    s.apply("play twin-dagger")
    assert fx.dice_of(s, 0) == 2 and fx.dice_of(s, 1) == 1


def test_card_swift_boots() -> None:
    """Swift Boots: "Reveal at the beginning of a Duel. Stays in play. Your strikes are
    Swift."."""
    s = position("clay-champion", "crane-archer", face1=["swift-boots"], window="duel_start",
                 round=0)
    s.apply("play swift-boots")
    assert s.strike_chance(0, 1) == 85


def test_card_iron_shield() -> None:
    """Iron Shield: "Reveal at the beginning of a Duel. Stays in play. If you are hit for
    the first time this Duel, the hit is cancelled."."""
    s = seeded(position("clay-champion", "crane-archer", play1=["iron-shield"]),
               first_strike(1))
    assert s.stones == [2, 2] and of(s.events, "cancel")[0]["card"] == "iron-shield"
    again = seeded(position("clay-champion", "crane-archer", play1=["iron-shield"],
                            struck=[1, 0]), first_strike(1))
    assert again.stones == [1, 2]


# --- Powers ------------------------------------------------------------------------------


def test_card_rage() -> None:
    """Rage: "Play after you have been hit. Battle with the d8"."""
    s = position("crane-archer", "clay-champion", face1=["rage"])
    assert legal(s) == ["pass"]  # not hit this round
    s = seeded(s, first_strike(1))
    s.apply("pass")  # P2, the last to hit
    s.apply("play rage")
    assert fx.die_of(s, 0) == 8 and s.used[0][-1] == "rage"  # used once, discarded


def test_card_battle_cry() -> None:
    """Battle Cry: "Play at the beginning of a round. Battle with the d8 this round."."""
    s = position("crane-archer", "clay-champion", face1=["battle-cry"])
    s.apply("play battle-cry")
    assert fx.die_of(s, 0) == 8
    fx.expire(s, "round")  # what the end of the round does
    assert fx.die_of(s, 0) == 10


def test_card_heavy_chains() -> None:
    """Heavy Chains: "Play at the beginning of a round. Your opponent battles with the
    d10."."""
    s = position("crane-archer", "clay-champion", face1=["heavy-chains"])
    s.apply("play heavy-chains")
    assert fx.die_of(s, 1) == 10 and fx.die_of(s, 0) == 10
    assert [m.until for m in s.store if m.card == "heavy-chains"] == ["duel"]


def test_card_healing_spring() -> None:
    """Healing Spring: "Play at the end of a round. If you are not at full health, regain a
    Hoshi Stone."."""
    s = position("crane-archer", "clay-champion", face1=["healing-spring"], stones=(1, 2),
                 window="round_end")
    s.apply("play healing-spring")
    assert s.stones == [2, 2]
    early = position("crane-archer", "clay-champion", face1=["healing-spring"])
    assert legal(early) == ["pass"]


def test_card_counterstrike() -> None:
    """Counterstrike: "Play after you have been hit. Roll a die: if you roll the symbol,
    your opponent loses a Hoshi Stone."."""
    s = seeded(position("crane-archer", "clay-champion", face1=["counterstrike"]),
               first_strike(1))
    s.apply("pass")

    def symbol(c):
        c.apply("play counterstrike")
        return "strike" in of(c.events, "roll")[0]["counted"]
    done = seeded(s, symbol)
    assert done.stones == [1, 1]
    assert of(done.events, "stone")[0] == {"seat": 1, "change": -1, "stones": 1,
                                           "card": "counterstrike"}


def test_card_mist_veil() -> None:
    """Mist Veil: "Play at the beginning of a round. Your opponent's results of the symbol
    count instead as a Moon this round."."""
    s = position("crane-archer", "clay-champion", face1=["mist-veil"])
    s.apply("play mist-veil")
    assert fx.count_rules(s, 1) == [("instead", "strike", "moon")]
    s.apply("pass")
    throws = of(s.events, "throw")
    assert throws and not any(t["symbol"][1] for t in throws)  # P2 cannot strike


def test_card_smoke_bomb() -> None:
    """Smoke Bomb: "Play at the beginning of a round. Strikes against you are Elusive this
    round."."""
    s = position("crane-archer", "clay-champion", face1=["smoke-bomb"])
    s.apply("play smoke-bomb")
    assert s.strike_chance(1, 0) == 55
    fx.expire(s, "round")
    assert s.strike_chance(1, 0) == 70


def test_card_second_wind() -> None:
    """Second Wind: "Play after you have been hit. Regain a Hoshi Stone."."""
    s = seeded(position("crane-archer", "clay-champion", face1=["second-wind"]),
               first_strike(1))
    s.apply("pass")
    s.apply("play second-wind")
    assert s.stones == [2, 2]


def test_card_focus() -> None:
    """Focus: "Play at the beginning of a round. Your Sun results count also as the symbol
    this round."."""
    s = position("crane-archer", "clay-champion", face1=["focus"])
    s.apply("play focus")
    assert fx.count_rules(s, 0) == [("also", "sun", "strike")]
    assert [m.until for m in s.store if m.card == "focus"] == ["round"]


# --- Legends -----------------------------------------------------------------------------


def test_card_deowi_pouring_rain() -> None:
    """Deowi Pouring Rain: "Play after a Hoshi Stone is discarded. All players battle with
    the d10"."""
    s = position("clay-champion", "wind-dancer", face1=["deowi-pouring-rain"],
                 window="round_end")
    assert legal(s) == ["pass"]  # no stone discarded this round
    s = seeded(position("clay-champion", "wind-dancer", face1=["deowi-pouring-rain"]),
               first_strike(0))  # P2 loses a stone: any stone discarded will do
    s.apply("play deowi-pouring-rain")
    assert fx.die_of(s, 0) == 10 and fx.die_of(s, 1) == 10


def test_card_full_moon_night() -> None:
    """Full Moon Night: "Play at the beginning of a round. All players' Moon results count
    also as the symbol."."""
    s = position("crane-archer", "clay-champion", face1=["full-moon-night"])
    s.apply("play full-moon-night")
    assert fx.count_rules(s, 0) == fx.count_rules(s, 1) == [("also", "moon", "strike")]


def test_card_valley_of_echoes() -> None:
    """Valley of Echoes: "Play at the beginning of a round. If there is a draw, all players
    lose a Hoshi Stone."."""
    s = position("crane-archer", "clay-champion", play2=["valley-of-echoes"])

    def draw(c):
        pass_all(c)
        return bool(of(c.events, "draw")) and not of(c.events, "strike")
    s = seeded(s, draw)
    assert s.stones == [1, 1]


def test_card_scorching_sun() -> None:
    """Scorching Sun: "Play at the beginning of a round. All players battle with the
    d8."."""
    s = position("crane-archer", "clay-champion", face1=["scorching-sun"])
    s.apply("play scorching-sun")
    assert fx.die_of(s, 0) == fx.die_of(s, 1) == 8


def test_a_card_not_of_this_moment_is_refused() -> None:
    """Duel Cards, Text: when the card may be revealed. Ring of Regeneration is revealed at
    the beginning of a Duel, not of a round."""
    s = position("crane-archer", "clay-champion", face1=["ring-of-regeneration"])
    with pytest.raises(IllegalActionError, match="Reveal at the beginning of a Duel"):
        s.apply("play ring-of-regeneration")
    n = len(s.events)
    assert not new(s, n)


def test_ring_of_regeneration_reads_the_same_in_the_kernel_s_words() -> None:
    """Issue 15, Ring of Regeneration: "If you are hit, roll a die: if you roll the symbol,
    the hit is cancelled": the rules kernel's own text generator (docs/cards.md §10) joins
    the roll and the condition on it with a colon, as the card does."""
    from tabletop.cards.text import Say, trigger_text
    from tabletop.games.hoshi_battle.data import catalog
    from tabletop.games.hoshi_battle.vocab import VOCAB

    ring = catalog().cards["ring-of-regeneration"]
    text = trigger_text(Say(VOCAB), ring.triggers[0])
    assert "roll a die: if " in text and text.endswith("the hit is cancelled.")
