"""End of an Age (majorities, coins, card coins) and Winning."""

from __future__ import annotations

import pytest

from .helpers import assert_illegal, events, texts, war


def board(control: dict[str, int], players: int = 3):
    """A war position with these cubes (sides 0-based); one card left, so the war goes on."""
    return war([["avis.scout"]] + [[] for _ in range(players - 1)], control=control)


# --- majorities ---------------------------------------------------------------------


def test_majority_six_points_for_more_regions_than_opponents() -> None:
    """End of an Age: "Players receive points for every realm where they control more
    regions than their opponents. Six points are awarded when the realm contains multiple
    cubes." """
    assert board({"sea-1": 0, "sea-2": 0, "sea-3": 1}).majorities() == [6, 0, 0]
    assert board({"sea-1": 1, "sea-2": 1, "sea-3": 2, "sea-4": 0}).majorities() == [0, 6, 0]


def test_majority_six_points_when_all_cubes_are_one_colour() -> None:
    """End of an Age: several cubes of one colour are "multiple cubes": six points."""
    assert board({"forest-1": 2, "forest-5": 2}).majorities() == [0, 0, 6]


def test_majority_tie_divides_the_points_evenly() -> None:
    """End of an Age: "In the case of a tie, these points are divided evenly among the
    tied players." """
    assert board({"clouds-1": 0, "clouds-2": 1}).majorities() == [3, 3, 0]
    assert board({"clouds-1": 0, "clouds-2": 1, "clouds-3": 2}).majorities() == [2, 2, 2]
    assert board({"clouds-1": 0, "clouds-2": 1, "clouds-3": 0, "clouds-4": 1,
                  "clouds-5": 2}).majorities() == [3, 3, 0]


def test_majority_single_cube_scores_three() -> None:
    """End of an Age: "If a realm contains only a single cube, three points are awarded." """
    assert board({"mountains-4": 1}).majorities() == [0, 3, 0]
    assert board({}).majorities() == [0, 0, 0]


def test_majority_portal_counts_for_the_realm_it_lies_in() -> None:
    """End of an Age: "When counting majorities, portal regions are only considered to be
    part of the realm they are located within." (sea-6 is in the sea, clouds-6 in the
    clouds)"""
    assert board({"sea-6": 0, "mountains-1": 1}).majorities() == [3, 3, 0]
    assert board({"sea-6": 0, "sea-1": 1, "mountains-1": 1}).majorities() == [3, 3 + 3, 0]
    assert board({"clouds-6": 2, "forest-1": 0, "forest-2": 0}).majorities() == [6, 0, 3]


def test_majority_two_player() -> None:
    """End of an Age with two players: each realm scored the same way."""
    assert board({"sea-1": 0, "sea-2": 1, "clouds-5": 0, "forest-1": 1, "forest-2": 1,
                  "mountains-1": 0}, players=2).majorities() == [3 + 3 + 0 + 3, 3 + 6]


# --- the age's scoring ------------------------------------------------------------


def end_of(age: int, **fields):
    """P1 moves into clouds-1 and wins the last battle of ``age`` (two players)."""
    s = war([["avis.phalanx"], ["avis.scout"]], age=age, **fields)
    for action in ("move clouds-1", "play avis.phalanx", "play avis.scout"):
        s.apply(action)
    return s


def test_end_of_age_scores_coins_silver_three_copper_one() -> None:
    """End of an Age: "Silver coins are worth three points and copper coins are worth one
    point." Coins taken earlier in the age and in the last battle are scored."""
    s = war([["avis.phalanx"], ["avis.scout"]], age=2, tracker="clouds-1", need_move=True,
            silver={"clouds-5": 2}, copper={"clouds-2": 1, "clouds-3": 1}, coins_taken=[4, 1],
            control={"clouds-1": 0, "sea-1": 1, "sea-2": 1}, battle_no=3, last_win=[1, 3])
    for action in ("move clouds-5", "play avis.phalanx", "play avis.scout"):
        s.apply(action)
    assert events(s, "battle_won", None)[-1]["coins"] == 2 * 3
    # Coins 4 + 6 and 1; majorities: clouds 6 for two cubes, sea 6.
    assert s.scores == [4 + 6 + 6, 1 + 6]
    assert events(s, "coins_scored", None) == [{"age": 2, "coins": [4 + 6, 1]}]
    assert s.to_data()["coins_taken"] == [0, 0]  # returned to the box
    assert s.to_data()["copper"]["clouds-2"] == 2  # not won: it stays, and a new one comes


def test_end_of_age_copper_coin_scores_one() -> None:
    """End of an Age: "copper coins are worth one point" (and a lone cube scores 3)."""
    s = end_of(3, copper={"clouds-1": 1})
    assert events(s, "coins_scored", None) == [{"age": 3, "coins": [1, 0]}]
    assert s.scores == [1 + 3, 0]


def test_end_of_age_unclaimed_coins_stay_on_the_board() -> None:
    """End of an Age and Setup Before Ages 2 and 3: coins nobody won are not scored and
    remain for the next age."""
    s = end_of(1, silver={"sea-5": 1})
    assert s.scores == [3, 0]
    assert s.to_data()["silver"]["sea-5"] == 2


@pytest.mark.parametrize("age", [1, 2])
def test_end_of_age_card_coins_not_scored_before_age_three(age: int) -> None:
    """End of an Age: "At the end of age three, players also score a point for each card
    in their captured pile that has a coin printed on it." Not before (Quick Reference:
    "do not count coins on cards")."""
    s = end_of(age, seat=[{"captured": ["avis.elder", "mariner.assassin"]}, {}])
    assert s.scores == [3, 0]
    assert events(s, "card_coins_scored") == []


def test_end_of_age_three_card_coins_scored() -> None:
    """End of an Age: at the end of age three, a point per captured card with a printed
    coin (elders and assassins print one; the Avis Scout and Phalanx do not)."""
    s = end_of(3, seat=[{"captured": ["avis.elder", "mariner.assassin", "avis.knight"]},
                        {"captured": ["treefolk.elder"]}])
    assert s.is_over
    assert s.scores == [3 + 2, 1]
    assert events(s, "card_coins_scored", None) == [{"printed": [2, 1]}]
    assert "Coins printed on captured cards: P1 2, P2 1." in texts(s)
    # Issue 30: cards left in hand went to the piles unseen, so the count reveals.
    assert [e.reveals for e in s.events if e.kind == "card_coins_scored"] == [True]


# --- Winning --------------------------------------------------------------------------


def test_winning_most_points_after_the_third_age() -> None:
    """Winning: "The player or team with the most points at the end of the third age
    wins." """
    s = end_of(3, scores=[10, 12])
    out = s.outcome()
    assert out is not None
    assert out.scores == (13.0, 12.0) and out.winners == (0,)
    assert s.view(None)["outcome"]["winners"] == [0]


def test_winning_no_outcome_before_the_end() -> None:
    """Winning: the game ends only after the third age."""
    s = end_of(2, scores=[10, 12])
    assert s.outcome() is None and not s.is_over


@pytest.mark.parametrize(("scores", "winner"), [([12, 16], 0), ([16, 12], 1)])
def test_winning_tie_goes_to_the_most_recent_battle_winner(scores: list[int],
                                                          winner: int) -> None:
    """Winning: "If there is a tie, the tied player who most recently won a battle wins
    the game." The last battle of the game decides here."""
    hands = [["avis.phalanx"], ["avis.scout"]] if winner == 0 else [["avis.scout"],
                                                                    ["avis.phalanx"]]
    s = war(hands, age=3, scores=scores, copper={"clouds-1": 1}, last_win=[3, 4],
            battle_no=5)
    s.apply("move clouds-1")
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert s.is_over
    assert s.scores[0] == s.scores[1]
    out = s.outcome()
    assert out is not None and out.winners == (winner,)
    assert "tie broken by the most recent battle won" in out.reason
    assert events(s, "game_over", None) == [{"scores": s.scores, "winners": [winner],
                                             "tie_break": True}]
    assert texts(s)[-1].endswith(f"P{winner + 1} wins on the tie-break (the most recent "
                                 f"battle won) (red {s.scores[0]}, yellow {s.scores[1]}).")


def test_winning_tie_between_players_who_did_not_win_the_last_battle() -> None:
    """Winning: the tie-break looks at the tied players only (P3 won the last battle but is
    behind; of P1 and P2, P2 won a battle more recently)."""
    s = war([["avis.scout"], ["avis.elder"], ["avis.phalanx"]], age=3, scores=[20, 20, 0],
            last_win=[5, 7, 0], battle_no=9)
    for action in ("move clouds-1", "play avis.scout", "play avis.elder", "play avis.phalanx"):
        s.apply(action)
    assert s.scores == [20, 20, 3 + 1]  # the lone cube, and the captured Avis Elder
    out = s.outcome()
    assert out is not None and out.winners == (1,)
    assert s.to_data()["last_win"] == [5, 7, 10]


def test_winning_game_over_accepts_no_action() -> None:
    """Winning: after the third age the game is over; no action is legal."""
    s = end_of(3)
    assert s.legal_actions() == () and s.to_act is None
    err = assert_illegal(s, "pass", "Winning")
    assert "game is over" in str(err)
