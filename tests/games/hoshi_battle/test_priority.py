"""The two worked examples of Card Effect Priority (hoshi-duel.txt), played out: "The last
card or effect played always has priority. Heroes' abilities are activated during the
round in which the event described on the card occurs." Every die type here comes from the
modifier store, folded by timestamp."""

from __future__ import annotations

from tabletop.core import new_game
from tabletop.games.hoshi_battle import board as fx

from .helpers import first_strike, of, pass_all, position, seeded


def test_example_1_clay_champion_hurt_then_fire_axe_battles_with_the_d8() -> None:
    """Example 1: "At the end of the round in which he loses a Hoshi Stone, this ability
    takes effect: from that point forward you would roll the d10. If you use the Fire Axe
    Duel card at the beginning of the next round (which says: "Battle with the d8"), you
    would instead use the d8." """
    s = position("clay-champion", "crane-archer", face1=["fire-axe"])
    assert fx.die_of(s, 0) == 8  # the Clay Champion's printed die
    s = seeded(s, first_strike(1))  # P2 hits: a Hoshi Stone lost
    assert s.stones[0] == 1 and fx.die_of(s, 0) == 10
    assert of(s.events, "ability")[-1] == {"seat": 0, "hero": "clay-champion",
                                           "active": True, "ts": s.clock}
    pass_all(s)  # the end of the round (Fire Axe is not for now)
    assert s.window == "round_start" and s.to_act == 1  # the last player to hit first
    s.apply("pass")
    s.apply("play fire-axe")
    assert fx.die_of(s, 0) == 8
    assert s.view(1)["players"][0]["die"] == 8


def test_example_1_fire_axe_at_full_health_then_a_stone_lost_battles_with_the_d10() -> None:
    """Example 1: "But, if you played the Fire Axe when your Hero was at full health, you
    would battle with the d8. If your Clay Champion loses a Hoshi Stone later in the duel,
    you would have to start using the d10 instead." """
    s = position("clay-champion", "crane-archer", face1=["fire-axe"])
    s.apply("play fire-axe")
    assert fx.die_of(s, 0) == 8
    s = seeded(s, first_strike(1))
    assert s.stones[0] == 1 and fx.die_of(s, 0) == 10
    axe = next(m for m in s.store if m.card == "fire-axe")
    clay = next(m for m in s.store if m.card == "clay-champion")
    assert axe.ts < clay.ts  # the ability, activated later, has priority


def test_example_2_charming_trader_deowi_pouring_rain_and_rage() -> None:
    """Example 2: "Your Hero is the Charming Trader ... Against a more expensive Hero, you
    roll the d8. But, when you lose a Hoshi Stone you play the Duel card Deowi Pouring Rain
    ... Now you and your opponent both battle with the d10. Later in the Duel, your
    opponent loses a Hoshi Stone and plays Rage ... Now your opponent uses the d8, but you
    must still use the d10." """
    game = new_game("hoshi-battle", seed=3, budget=60,
                    deck1="charming-trader,clay-champion,crane-archer,deowi-pouring-rain,"
                    "battle-cry,focus",
                    deck2="moon-priestess,night-hunter,ashigaru-spearman,rage,smoke-bomb,"
                    "twin-dagger")
    game.apply("hero charming-trader")
    game.apply("hero moon-priestess")  # Cost 4 against the Trader's 1: revealed together
    assert (fx.die_of(game, 0), fx.die_of(game, 1)) == (8, 10)
    pass_all(game)  # the beginning of the Duel
    s = seeded(game, first_strike(1))  # P1 (the Trader) loses a Hoshi Stone
    assert s.stones[0] == 1 and s.window == "round_end" and s.to_act == 1
    s.apply("pass")  # P2 has not been hit: Rage waits
    s.apply("play deowi-pouring-rain")  # "Play after a Hoshi Stone is discarded"
    assert (fx.die_of(s, 0), fx.die_of(s, 1)) == (10, 10)
    s.apply("pass")  # the round ends
    s = seeded(s, first_strike(0))  # later in the Duel P2 loses a Hoshi Stone
    assert s.stones == [1, 1] and (fx.die_of(s, 0), fx.die_of(s, 1)) == (10, 10)
    s.apply("pass")  # P1, the last to hit, decides first
    s.apply("play rage")  # "Play after you have been hit"
    assert (fx.die_of(s, 0), fx.die_of(s, 1)) == (10, 8)
    assert [e["effect"] for e in s.view(0)["effects"] if e["seat"] == 0] == [
        "die=8", "die=10"]  # the Trader's ability, then Deowi: the latest applies
