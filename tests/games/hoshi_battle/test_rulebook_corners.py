"""A rulebook audit of hoshi-battle: the sentences of hoshi-duel.txt (and the corners they
leave: ties, empty hands, a player out of Heroes, simultaneous exiles, effects with
nothing to do, the order of simultaneous effects, the Constructed Deck Variant's limits)
that the other test files do not check. Each test quotes the words it checks, and where a
rule forbids something, checks the refusal names the rule and changes nothing."""

from __future__ import annotations

import pytest

from tabletop.core import IllegalActionError, ParameterError, new_game
from tabletop.games.hoshi_battle import HoshiState
from tabletop.games.hoshi_battle import board as fx
from tabletop.games.hoshi_battle.data import catalog
from tabletop.games.hoshi_battle.dice import FACES

from .helpers import choosing, first_strike, new, of, pass_all, position, seeded


def legal(s: HoshiState) -> list[str]:
    return [a.to_text() for a in s.legal_actions()]


def refused(s: HoshiState, action: str, rule: str, seat: int | None = None) -> str:
    """``action`` is refused citing ``rule`` (a part of its name), and nothing changes;
    the reason given."""
    before, n = s.state_hash(), len(s.events)
    with pytest.raises(IllegalActionError) as e:
        s.apply(action, seat=seat)
    assert rule in e.value.rule, e.value.rule
    assert s.state_hash() == before and len(s.events) == n
    return e.value.reason


def draw_first(c: HoshiState) -> bool:
    """A run: every seat passes at the beginning of the round and the round is a draw
    (both roll the symbol together) before any strike."""
    pass_all(c)
    return bool(of(c.events, "draw")) and not of(c.events, "strike") and \
        of(c.events, "draw")[0]["why"] == "both"


# --- Hero Cards ---------------------------------------------------------------------------


def test_hero_die_type_is_the_die_rolled_in_the_duel() -> None:
    """Hero Cards: "Die Type: The type of die you must roll during the Duel (d8 or d10)".
    Every Hero shows a d8 or a d10, and with no effect in play a Hero throws one die of
    its own type."""
    cat = catalog()
    assert {h.die for h in cat.heroes.values()} == {8, 10}
    s = position("wind-dancer", "stone-golem", round=2)  # d8 against d10, no ability on dice
    assert (fx.die_of(s, 0), fx.die_of(s, 1)) == (8, 10)
    s = seeded(s, first_strike(0))
    for throw in of(s.events, "throw"):
        assert [len(f) for f in throw["faces"]] == [1, 1]
        assert throw["faces"][0][0] in FACES[8] and throw["faces"][1][0] in FACES[10]


# --- Duel Cards -----------------------------------------------------------------------------


def test_a_power_can_be_used_only_once() -> None:
    """Duel Cards, Power: "can be used only once"; Text: "whether it stays in play or is
    discarded". A Power played leaves play at once; it cannot be played again."""
    s = position("clay-champion", "crane-archer", face1=["battle-cry", "focus"], round=2)
    s.apply("play battle-cry")
    assert "battle-cry" not in s.in_play[0] and "battle-cry" in s.used[0]
    assert of(s.events, "leave") == [{"seat": 0, "card": "battle-cry", "why": "used"}]
    s.apply("pass")  # P2
    assert "play battle-cry" not in legal(s)
    reason = refused(s, "play battle-cry", "Duel Cards")
    assert reason == "P1 has no face-down Duel card battle-cry"


def test_an_artifact_stays_in_play_from_round_to_round() -> None:
    """Duel Cards, Artifacts: "Valuable and useful ancient items that your Hero may use";
    Fire Axe's text: "Stays in play". Its effect outlasts the round it was played in,
    unlike a Power's "this round"."""
    s = position("crane-archer", "clay-champion", face1=["fire-axe", "battle-cry"], round=2)
    s.apply("play fire-axe")
    assert "fire-axe" in s.in_play[0]
    s = seeded(s, first_strike(0))
    assert s.window == "round_end"
    pass_all(s)
    assert s.round == 3 and fx.die_of(s, 0) == 8  # still the Fire Axe's d8 in round 3


def test_the_winner_s_legend_continues_into_the_next_duel_for_both_players() -> None:
    """Duel Cards, Legends: "These affect both players ... If you win the Duel, their
    effects will continue during the next Duel". Scorching Sun ("All players battle with
    the d8") of the winner is made anew in the next Duel, on both duelists."""
    s = seeded(position("clay-champion", "crane-archer", play2=["scorching-sun"],
                        stones=(1, 2), round=3, hands=[["stone-golem", "night-hunter"],
                                                       ["charming-trader", "bronze-monk"]]),
               first_strike(1))
    pass_all(s)
    assert of(s.events, "duel_end")[0]["carried"] == ["scorching-sun"]
    n = len(s.events)
    s.apply("hero stone-golem")
    s.apply("hero crane-archer")
    assert of(new(s, n), "reuse") == [{"seat": 1, "card": "scorching-sun"}]
    assert fx.die_of(s, 0) == 8 and fx.die_of(s, 1) == 8  # two d10 Heroes battle with the d8


def test_the_loser_s_legend_does_not_continue() -> None:
    """Duel Cards, Legends: "If you win the Duel, their effects will continue" — only if
    you win: the loser's Legend leaves play with its exiled Hero (Terminology, To leave
    play: "discarded, returned to a player's hand, set aside, or exiled")."""
    s = seeded(position("clay-champion", "crane-archer", play1=["scorching-sun"],
                        stones=(1, 2), round=3, hands=[["stone-golem", "night-hunter"],
                                                       ["charming-trader", "bronze-monk"]]),
               first_strike(1))
    assert fx.die_of(s, 1) == 8  # the Legend reached P2 during the Duel
    pass_all(s)
    assert of(s.events, "leave") == [{"seat": 0, "card": "scorching-sun", "why": "exiled"}]
    assert of(s.events, "duel_end")[0]["carried"] == []
    s.apply("hero stone-golem")
    s.apply("hero crane-archer")
    assert not of(s.events, "reuse") and fx.die_of(s, 1) == 10 and fx.die_of(s, 0) == 10


def test_a_beginning_of_round_card_may_be_played_at_the_beginning_of_a_duel() -> None:
    """Duel Cards, Note: "If a Duel card says that it can be played at the beginning of a
    round, you may play it at the beginning of a Duel (before the first round begins)".
    The converse is not given: a card revealed "at the beginning of a Duel" cannot wait
    for a round."""
    s = position("clay-champion", "crane-archer", face1=["focus", "iron-shield"],
                 window="duel_start", round=0)
    assert {"play iron-shield", "play focus"} <= set(legal(s))
    s.apply("play focus")
    assert s.round == 0 and s.window == "duel_start"  # before the first round begins
    later = position("clay-champion", "crane-archer", face1=["focus", "iron-shield"],
                     window="round_start", round=1)
    reason = refused(later, "play iron-shield", "Duel Cards: Text")
    assert "Reveal at the beginning of a Duel" in reason and "beginning of a round" in reason


def test_an_end_of_round_card_cannot_be_played_at_the_beginning() -> None:
    """Duel Cards, Text: "When the card may be revealed"; Power: "revealed at the
    beginning or end of a round". Healing Spring ("Play at the end of a round") is refused
    at the beginning of one, and playable at its end."""
    s = position("clay-champion", "crane-archer", face1=["healing-spring"], stones=(1, 2),
                 round=2)
    reason = refused(s, "play healing-spring", "Duel Cards: Text")
    assert "Play at the end of a round" in reason
    s = position("clay-champion", "crane-archer", face1=["healing-spring"], stones=(1, 2),
                 window="round_end", round=2)
    s.apply("play healing-spring")
    assert s.stones[0] == 2


# --- Terminology ----------------------------------------------------------------------------


def test_a_cancelled_hit_ends_the_round_but_is_no_hit() -> None:
    """Terminology, Round: "lasts until a player's hand is touched (he is hit or a special
    effect is triggered; ... or the hit is canceled by an ability)". Stone Golem's first
    hit is cancelled: the round ends, no Hoshi Stone is discarded, and a card played
    "after you have been hit" (Rage) cannot be played."""
    s = seeded(position("stone-golem", "crane-archer", face1=["rage"], round=2),
               first_strike(1))
    assert of(s.events, "cancel") == [{"seat": 0, "card": "stone-golem"}]
    assert not of(s.events, "hit") and s.stones == [2, 2]
    assert s.window == "round_end" and s.last_hitter == 0  # nobody hit: unchanged
    assert legal(s) == ["pass"]
    reason = refused(s, "play rage", "Duel Cards: Text")
    assert "Play after you have been hit" in reason


def test_play_after_a_hoshi_stone_is_discarded_needs_a_stone_discarded() -> None:
    """Deowi Pouring Rain: "Play after a Hoshi Stone is discarded". A draw that costs no
    stone does not allow it; a draw whose effect discards a stone (Valley of Echoes: "If
    there is a draw, all players lose a Hoshi Stone") does, though nobody was hit."""
    plain = seeded(position("clay-champion", "crane-archer", face1=["deowi-pouring-rain"],
                            round=2), draw_first)
    assert plain.window == "round_end" and plain.stones == [2, 2]
    reason = refused(plain, "play deowi-pouring-rain", "Duel Cards: Text")
    assert "Play after a Hoshi Stone is discarded" in reason
    valley = seeded(position("clay-champion", "crane-archer", face1=["deowi-pouring-rain"],
                             play2=["valley-of-echoes"], round=2), draw_first)
    assert valley.stones == [1, 1] and not of(valley.events, "hit")
    if valley.to_act == 1:
        valley.apply("pass")
    assert "play deowi-pouring-rain" in legal(valley)


def test_a_player_with_no_face_down_card_is_not_asked() -> None:
    """Card Effect Priority: "If both players have a face down Duel card, the last player
    to hit ... must decide first ..., followed by his opponent": with one card between
    them, only its owner decides; with none left, no window opens and rounds are fought
    one after the other."""
    one = position("clay-champion", "crane-archer", face2=["battle-cry"], hold=False,
                   round=2, last_hitter=0)
    assert one.to_act == 1  # P1, the last to hit, has nothing to decide
    refused(one, "pass", "one seat decides", seat=0)
    n = len(one.events)
    one.apply("play battle-cry")  # P2's last card: nobody holds one now
    later = new(one, n)
    assert of(later, "throw") and len(of(later, "round")) >= 1
    assert not of(later, "window") and not of(later, "pass")


def test_an_exiled_hero_is_removed_from_the_game_and_the_winner_s_returns_to_hand() -> None:
    """Terminology, To exile: "To remove from the game"; To leave play: "... returned to a
    player's hand ...". The exiled Hero can never be chosen again; the winner's Hero comes
    back to its hand and may fight again."""
    s = seeded(position("clay-champion", "crane-archer", stones=(1, 2), round=3),
               first_strike(1))
    pass_all(s)
    assert s.phase == "choose" and s.to_act == 0
    assert "clay-champion" in s.exiled[0] and "clay-champion" not in s.hands[0]
    reason = refused(s, "hero clay-champion", "Terminology: Hero")
    assert reason == "P1 has no Hero clay-champion in hand"
    s.apply(legal(s)[0])
    assert "crane-archer" in s.hands[1] and "hero crane-archer" in legal(s)


def test_simultaneous_exiles_mid_game_carry_nothing_and_roll_off() -> None:
    """Terminology, Duel: "One single match—until a Hero is exiled"; To defeat: one last
    chance each "before his Hero is exiled". Both Heroes defeated in the same round (a draw
    under Valley of Echoes at one stone each): both are given their last chance, both are
    exiled, nobody wins the Duel, nothing carries over, and a roll-off starts the next."""
    s = seeded(position("clay-champion", "crane-archer", play1=["valley-of-echoes"],
                        play2=["swift-boots"], face1=["focus"], face2=["smoke-bomb"],
                        stones=(1, 1), round=2), draw_first)
    assert s.stones == [0, 0] and s.window == "round_end"
    asked = []
    while s.phase == "window":
        asked.append(s.to_act)
        s.apply("pass")
    assert sorted(asked) == [0, 1]  # each defeated player had its last chance
    assert [e["seat"] for e in of(s.events, "exile")] == [0, 1]
    assert of(s.events, "duel_end")[0] == {"duel": 1, "winner": None, "carried": []}
    assert s.in_play == [[], []]
    n = len(s.events)
    s.apply(legal(s)[0])
    s.apply(legal(s)[0])
    assert of(new(s, n), "rolloff") and not of(new(s, n), "reuse")


def test_the_last_heroes_exiled_together_is_a_draw_and_nothing_more_is_legal() -> None:
    """Terminology, Game: "until only one player is left with Heroes". When both last
    Heroes are exiled in the same round, no player is left with Heroes: a draw shared by
    both (reconstructed), and the game takes no more actions."""
    s = seeded(position("clay-champion", "crane-archer", play1=["valley-of-echoes"],
                        stones=(1, 1), round=2), draw_first)
    s.hands = [[], []]  # their other Heroes were exiled in earlier Duels (a scenario)
    s.exiled = [["charming-trader", "ashigaru-spearman"], ["charming-trader", "night-hunter"]]
    pass_all(s, limit=4)
    assert s.to_act is None and legal(s) == []
    out = s.outcome()
    assert out is not None and out.winners == (0, 1) and "draw" in out.reason
    assert of(s.events, "game_over")[0]["winners"] == [0, 1]
    refused(s, "pass", "Terminology: Game")


def test_a_player_defeated_by_a_card_after_passing_still_has_its_last_chance() -> None:
    """Terminology, To defeat: "To force your opponent to discard his last Hoshi Stone.
    Your opponent has one last chance to play a Duel card (at the end of the round) before
    his Hero is exiled." P1 hit P2 and passed first; P2's Counterstrike ("if you roll the
    symbol, your opponent loses a Hoshi Stone") takes P1's last stone: P1 is asked again
    before its Hero is exiled, though it had passed ("you must wait until the next round
    starts or ends" gives way to the defeat's last chance)."""
    s = position("clay-champion", "crane-archer", face1=["healing-spring", "battle-cry"],
                 face2=["counterstrike"], stones=(1, 1), window="round_end", round=2,
                 last_hitter=0, was_hit=[False, True], did_hit=[True, False],
                 stone_lost=True)
    s.apply("pass")  # P1, the last to hit, decides first and passes

    def run(c: HoshiState) -> bool:
        c.apply("play counterstrike")
        return c.stones[0] == 0

    s = seeded(s, run)
    assert s.hero[0] == "clay-champion" and s.to_act == 0  # the last chance
    assert legal(s) == ["play healing-spring", "pass"]
    s.apply("play healing-spring")  # "If you are not at full health, regain a Hoshi Stone"
    assert s.stones[0] == 1
    s.apply("pass")
    assert s.round == 3 and s.hero[0] == "clay-champion" and not of(s.events, "exile")


def test_a_player_not_defeated_who_passed_is_not_asked_again() -> None:
    """Card Effect Priority: "If you choose not to play your card, you must wait until the
    next round starts or ends": a card of the opponent that costs a stone but not the last
    does not reopen the window for a player who passed."""
    s = position("clay-champion", "crane-archer", face1=["healing-spring"],
                 face2=["counterstrike"], stones=(2, 1), window="round_end", round=2,
                 last_hitter=0, was_hit=[False, True], did_hit=[True, False],
                 stone_lost=True)
    s.apply("pass")

    def run(c: HoshiState) -> bool:
        c.apply("play counterstrike")
        return c.stones[0] == 1

    s = seeded(s, run)
    assert s.round == 3 and s.window == "round_start"  # the window closed; round 3 began


def test_a_passed_player_plays_again_when_the_next_round_ends() -> None:
    """Card Effect Priority: "If you choose not to play your card, you must wait until the
    next round starts or ends": passing at the beginning of a round closes that window to
    the player, not the end of the same round."""
    s = position("clay-champion", "crane-archer", face1=["healing-spring"], round=2,
                 last_hitter=0)
    s = seeded(s, first_strike(1))  # P1 passed; then P2 hits P1
    assert s.window == "round_end" and s.stones[0] == 1
    s.apply("pass")  # P2, now the last to hit, first
    assert s.to_act == 0 and legal(s) == ["play healing-spring", "pass"]


def test_simultaneous_triggers_resolve_the_last_player_to_hit_first() -> None:
    """Card Effect Priority: "the last player to hit his opponent must decide first ...,
    followed by his opponent" and "Each card is resolved fully before another card can be
    played". Effects set off by one event resolve one at a time in that order (docs,
    decision). On a draw, Bronze Monk ("If there is a draw and you are not at full health,
    regain a Hoshi Stone") and Valley of Echoes ("If there is a draw, all players lose a
    Hoshi Stone")."""
    def stones(s: HoshiState) -> list[tuple[int, int]]:
        return [(e["seat"], e["change"]) for e in of(s.events, "stone")]

    monk_first = seeded(position("bronze-monk", "crane-archer", play2=["valley-of-echoes"],
                                 stones=(1, 2), round=2, last_hitter=0), draw_first)
    assert stones(monk_first) == [(0, 1), (0, -1), (1, -1)]
    valley_first = seeded(position("bronze-monk", "crane-archer",
                                   play2=["valley-of-echoes"], stones=(1, 2), round=2,
                                   last_hitter=1), draw_first)
    assert stones(valley_first) == [(0, -1), (1, -1), (0, 1)]
    assert monk_first.stones == valley_first.stones == [1, 1]


def test_a_triggered_ability_s_condition_is_read_when_its_event_occurs() -> None:
    """Card Effect Priority: "Heroes' abilities are activated during the round in which the
    event described on the card occurs". Bronze Monk's event is "a draw ... and you are
    not at full health": at full health when the draw occurs, the Monk does not regain
    the stone the Valley of Echoes takes from it in the same draw (docs, decision)."""
    s = seeded(position("bronze-monk", "crane-archer", play2=["valley-of-echoes"],
                        round=2, last_hitter=1), draw_first)
    assert s.stones == [1, 1]
    assert [(e["seat"], e["change"]) for e in of(s.events, "stone")] == [(0, -1), (1, -1)]


def test_an_effect_with_nothing_to_change_is_still_played_and_used() -> None:
    """Duel Cards, Power: "can be used only once"; Saal Swordsman: "Duel cards or Hero
    abilities which modify the die type have no effect on your dice". Heavy Chains ("Your
    opponent battles with the d10") against Saal Swordsman changes nothing, yet it is
    played and spent; Healing Spring at full health regains nothing and is spent too."""
    s = position("clay-champion", "saal-swordsman", face1=["heavy-chains", "focus"], round=2)
    s.apply("play heavy-chains")
    assert fx.die_of(s, 1) == 10 and fx.dice_of(s, 1) == 2
    assert "heavy-chains" in s.used[0]
    s = position("clay-champion", "crane-archer", face1=["healing-spring", "focus"],
                 window="round_end", round=2)
    s.apply("play healing-spring")
    assert s.stones == [2, 2] and "healing-spring" in s.used[0]


def test_full_health_is_usually_two_and_where_a_duel_starts() -> None:
    """Terminology, Health / Full health: "The number of Hoshi Stones a player has at the
    beginning of a Duel (usually two)"; Iron Sentinel's three is where its Duel starts."""
    s = new_game("hoshi-battle", seed=3, budget=60,
                 deck1="iron-sentinel,clay-champion,stone-golem,focus,rage,battle-cry",
                 deck2="crane-archer,night-hunter,bronze-monk,focus,rage,battle-cry")
    s.apply("hero iron-sentinel")
    s.apply("hero crane-archer")
    assert of(s.events, "full_health")[0]["stones"] == [3, 2]


# --- Constructed Deck Variant -----------------------------------------------------------------


def test_constructed_decks_at_the_budget_pass_and_one_over_is_refused() -> None:
    """Hero Cards / Duel Cards: "Cost: The value of the Hero [of the Duel card] when using
    the Constructed Deck Variant" (reconstructed budget: 16). A deck costing exactly 16 is
    allowed; 17 is refused, naming the deck and its Cost."""
    cat = catalog()
    at = ["saal-swordsman", "wind-dancer", "clay-champion", "fire-axe", "focus", "battle-cry"]
    cost = sum((cat.heroes.get(c) or cat.cards[c]).cost for c in at)
    assert cost == 17
    ok = ["saal-swordsman", "wind-dancer", "clay-champion", "rage", "focus", "battle-cry"]
    assert sum((cat.heroes.get(c) or cat.cards[c]).cost for c in ok) == 16
    s = new_game("hoshi-battle", deck1=",".join(ok), deck2=",".join(ok))
    assert s.phase == "choose"
    with pytest.raises(ParameterError, match="deck1: Cost 17 is over the budget of 16"):
        new_game("hoshi-battle", deck1=",".join(at), deck2=",".join(ok))


def test_constructed_deck_problems_are_all_reported_at_once() -> None:
    """Constructed Deck Variant (reconstructed): no card twice in one deck, three Heroes
    and three Duel cards; a deck breaking several rules is refused with one error naming
    every problem, of both decks."""
    twice = "clay-champion,clay-champion,stone-golem,rage,focus,battle-cry"
    four = "clay-champion,stone-golem,night-hunter,crane-archer,focus,battle-cry"
    with pytest.raises(ParameterError) as e:
        new_game("hoshi-battle", deck1=twice, deck2=four)
    msg = str(e.value)
    assert "deck1: a card twice" in msg
    assert "deck2: three Heroes and three Duel cards, not 4 and 2" in msg


# --- Card Effect Priority: who decides first, and re-used cards --------------------------


def test_after_a_draw_the_last_player_to_hit_still_decides_first() -> None:
    """Card Effect Priority: "the last player to hit his opponent must decide first": a
    draw hits nobody, so whoever hit last before it still decides first at the end of the
    round."""
    for last in (0, 1):
        s = seeded(position("clay-champion", "crane-archer", round=3, last_hitter=last),
                   draw_first)
        assert s.window == "round_end" and s.last_hitter == last and s.to_act == last


def test_the_next_duel_s_starting_player_decides_first_though_the_winner_hit_last() -> None:
    """Card Effect Priority: "During the first round of a Duel, the starting player
    chooses whether to reveal his card first". The winner hit last in the Duel before;
    the loser starts the next Duel (reconstructed) and decides first in its first window."""
    s = seeded(position("clay-champion", "crane-archer", stones=(1, 2), round=3,
                        face1=["focus"], face2=["smoke-bomb"]), first_strike(1))
    assert s.last_hitter == 1
    pass_all(s)
    s.apply(legal(s)[0])
    s.apply("hero crane-archer")
    assert s.starter == 0 and s.window == "duel_start" and s.to_act == 0
    assert "wait" in legal(s)


def test_wait_is_refused_when_the_opponent_has_no_card_to_reveal() -> None:
    """Card Effect Priority: "If both players have a face down Duel card, ...  During the
    first round of a Duel, the starting player chooses whether to reveal his card first":
    with no card on the other side there is no order to choose, and no waiting later in
    the Duel."""
    s = position("clay-champion", "crane-archer", face1=["battle-cry"], hold=False,
                 round=1, starter=0)
    assert legal(s) == ["play battle-cry", "pass"]
    reason = refused(s, "wait", "Card Effect Priority")
    assert reason == "P2 has no face-down Duel card: there is no order to choose"
    both = position("clay-champion", "crane-archer", face1=["battle-cry"],
                    face2=["battle-cry"], round=1, starter=0)
    both.apply("wait")
    both.apply("pass")  # P2
    assert both.to_act == 0
    assert refused(both, "wait", "Card Effect Priority") == "P1 already let P2 decide first"
    later = position("clay-champion", "crane-archer", face1=["battle-cry"],
                     face2=["battle-cry"], round=2, starter=0)
    refused(later, "wait", "Card Effect Priority")


def test_a_re_used_artifact_is_the_last_effect_played() -> None:
    """Duel Cards, Artifacts: "can be re-used again at the beginning of the next Duel";
    Card Effect Priority: "The last card or effect played always has priority". The
    winner's Fire Axe ("Battle with the d8"), used again after the Heroes are revealed,
    is later than Old Sage's ability ("If your opponent's Hero has a lower Cost, your
    opponent battles with the d10"), active from the reveal: the winner battles with the
    d8."""
    s = seeded(position("clay-champion", "crane-archer", play2=["fire-axe"], stones=(1, 2),
                        round=3, hands=[["old-sage", "night-hunter"],
                                        ["charming-trader", "bronze-monk"]]),
               first_strike(1))
    pass_all(s)
    s.apply("hero old-sage")
    s.apply("hero crane-archer")  # Cost 2, lower than Old Sage's 3
    sage = [e for e in of(s.events, "effect") if e["card"] == "old-sage"]
    assert [(e["seat"], e["effect"]) for e in sage] == [(1, "die=10")]
    kinds = [(e.kind, e.fields.get("card")) for e in s.events]
    assert kinds.index(("reuse", "fire-axe")) > kinds.index(("effect", "old-sage"))
    assert fx.die_of(s, 1) == 8


def test_a_constructed_deck_with_a_stray_comma_is_refused_clearly() -> None:
    """Constructed Deck Variant (reconstructed): a deck is six card ids separated by
    commas. An empty id (a trailing or doubled comma) is named as such, not read as an
    unknown card with no name or as a card twice."""
    ok = "charming-trader,clay-champion,crane-archer,battle-cry,smoke-bomb,rage"
    for bad in (ok + ",", ok.replace(",", ",,", 1), " , "):
        with pytest.raises(ParameterError) as e:
            new_game("hoshi-battle", deck1=bad, deck2=ok)
        msg = str(e.value)
        assert "deck1: an empty card id (a stray comma)" in msg
        assert "unknown" not in msg and "twice" not in msg


def test_abilities_active_from_the_same_reveal_the_starting_player_s_first() -> None:
    """Card Effect Priority: "The last card or effect played always has priority" and
    "During the first round of a Duel, the starting player chooses whether to reveal his
    card first". Charming Trader ("If your opponent's Hero has a higher Cost, battle with
    the d8") against Old Sage ("If your opponent's Hero has a lower Cost, your opponent
    battles with the d10"): both hold from the reveal; the starting player's ability is
    made first, so the other player's is the last effect and applies (docs, decision)."""
    trader_starts = position("charming-trader", "old-sage", starter=0)
    assert fx.die_of(trader_starts, 0) == 10  # the Sage's d10 is the later effect
    sage_starts = position("charming-trader", "old-sage", starter=1)
    assert fx.die_of(sage_starts, 0) == 8  # the Trader's d8 is the later effect
    s = choosing("charming-trader", "old-sage")
    s.apply("hero old-sage")
    assert fx.die_of(s, 0) == (10 if s.starter == 0 else 8)


def test_a_conditional_ability_stops_when_its_condition_stops() -> None:
    """Card Effect Priority: "Heroes' abilities are activated during the round in which
    the event described on the card occurs"; Clay Champion: "If you are not at full
    health, battle with the d10". Back at full health (Healing Spring: "If you are not at
    full health, regain a Hoshi Stone"), the Champion battles with its own d8 again."""
    s = position("clay-champion", "crane-archer", face1=["healing-spring", "focus"],
                 stones=(1, 2), window="round_end", round=2)
    assert fx.die_of(s, 0) == 10
    s.apply("play healing-spring")
    assert s.stones[0] == 2 and fx.die_of(s, 0) == 8
    assert {"seat": 0, "hero": "clay-champion", "active": False} == {
        k: v for k, v in of(s.events, "ability")[-1].items() if k != "ts"}


def test_the_last_player_with_heroes_wins_after_a_double_exile() -> None:
    """Terminology, Game: "until only one player is left with Heroes". Both Heroes are
    exiled in the same round, but only P1 has Heroes in hand: P1 wins the Game."""
    s = seeded(position("clay-champion", "crane-archer", play1=["valley-of-echoes"],
                        stones=(1, 1), round=2), draw_first)
    s.hands[1] = []  # P2's other Heroes were exiled in earlier Duels (a scenario)
    s.exiled[1] = ["charming-trader", "night-hunter"]
    pass_all(s, limit=4)
    out = s.outcome()
    assert s.to_act is None and out is not None and out.winners == (0,)
    assert of(s.events, "game_over")[0] == {"winners": [0], "heroes_left": [2, 0]}


def test_a_pass_at_the_beginning_of_a_duel_waits_only_until_the_first_round_starts() -> None:
    """Card Effect Priority: "If you choose not to play your card, you must wait until the
    next round starts or ends"; Duel Cards, Note: a card of the beginning of a round may be
    played "at the beginning of a Duel (before the first round begins)". Passing then, the
    player may still play it when the first round starts, but not again in that window."""
    s = position("clay-champion", "crane-archer", face1=["focus"], face2=["smoke-bomb"],
                 window="duel_start", round=0, starter=0)
    s.apply("pass")
    assert s.to_act == 1
    refused(s, "play focus", "one seat decides", seat=0)
    s.apply("pass")
    assert s.round == 1 and s.window == "round_start" and s.to_act == 0
    assert "play focus" in legal(s)


def test_multiplayer_the_winner_s_legend_continues_against_the_challenger_only() -> None:
    """Duel Cards, Legends: "These affect both players ... If you win the Duel, their
    effects will continue during the next Duel"; the multiplayer variant (reconstructed):
    the winner stays and meets the challenger, and "all players" means both duelists. The
    winner's Scorching Sun ("All players battle with the d8") is used again in its next
    Duel, on the winner and the challenger, never on the loser now waiting in line."""
    import random

    from .test_multiplayer import dealt, with_card

    checked = 0
    for seed in range(30):
        s = with_card(dealt(3, seed=seed), dealt(3, seed=seed).to_act, "scorching-sun")
        owner = s.to_act
        s.apply("play scorching-sun")
        rng = random.Random(seed)
        while s.to_act is not None and not of(s.events, "duel_end"):
            s.apply(rng.choice(s.legal_actions()))
        if not of(s.events, "duel_end") or of(s.events, "duel_end")[0]["winner"] != owner \
                or s.to_act is None:
            continue
        waiting = s.line[0]
        n = len(s.events)
        while s.phase == "choose":
            s.apply(s.legal_actions()[0])
        reused = of(new(s, n), "reuse")
        assert {"seat": owner, "card": "scorching-sun"} in reused
        assert {r["seat"] for r in reused} == {owner}  # only the winner's cards come back
        sun = [e["seat"] for e in of(new(s, n), "effect") if e["card"] == "scorching-sun"]
        assert sorted(sun) == sorted(s.duelists) and owner in s.duelists
        assert waiting not in s.duelists and waiting not in {m.affects for m in s.store}
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_a_this_round_card_played_at_the_beginning_of_a_duel_lasts_the_first_round() -> None:
    """Duel Cards, Note: a card of the beginning of a round may be played "at the
    beginning of a Duel (before the first round begins)": it then counts for the first
    round. Battle Cry ("Battle with the d8 this round") played there lasts through round 1
    and ends with it."""
    s = position("crane-archer", "clay-champion", face1=["battle-cry", "focus"],
                 window="duel_start", round=0, starter=0)
    s.apply("play battle-cry")
    assert fx.die_of(s, 0) == 8
    s.apply("pass")  # P2
    s.apply("pass")  # P1: round 1 begins
    assert s.round == 1 and fx.die_of(s, 0) == 8
    s = seeded(s, first_strike(0))
    assert s.round == 1 and s.window == "round_end" and fx.die_of(s, 0) == 8
    pass_all(s)
    assert s.round == 2 and fx.die_of(s, 0) == 10  # Crane Archer's own d10 again


def test_constructed_decks_and_the_deal_four_variant_are_not_mixed() -> None:
    """Constructed Deck Variant (reconstructed: a deck is the three Heroes and three Duel
    cards a player keeps) against the variant "deal four of each, keep three and three"
    (issue 15): nothing is dealt with decks, so asking for both is refused, not ignored."""
    ok = "charming-trader,clay-champion,crane-archer,battle-cry,smoke-bomb,rage"
    with pytest.raises(ParameterError, match="deal 4 is for the deal"):
        new_game("hoshi-battle", deck1=ok, deck2=ok, deal=4)
    assert new_game("hoshi-battle", deck1=ok, deck2=ok, deal=5).phase == "choose"
