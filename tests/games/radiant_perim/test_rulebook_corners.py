"""An independent audit of the rulebook's odd corners (ties, players out of cards,
assassinations against pairs and Radiant cards, knowledge across ages) that the other
rule tests do not reach. Each test quotes the words it checks."""

from __future__ import annotations

from .helpers import assert_illegal, events, finish_melds, last_winner, legal, meld_phase, war

SPARES = ["mariner.elder", "stonedweller.elder", "mariner.scout", "stonedweller.scout"]


def spare(hands: list[list[str]]) -> list[list[str]]:
    """Each hand with a spare card, so the war goes on after the battle."""
    return [h + [SPARES[i]] for i, h in enumerate(hands)]


def test_all_off_race_a_mounted_knight_beats_a_phalanx() -> None:
    """Battles: "if all players play cards that are neither from the contested region, nor
    Radiant ... the highest ranking card of any race wins"; Mounted Knights: "When played
    in this way, the mounted knight is the most powerful unit." (no native card in either
    hand: an off-race Mariner mounted knight against an off-race Stonedweller phalanx,
    in the clouds)"""
    for turn in (0, 1):
        s = war([["mariner.knight", "mariner.mount", "mariner.elder"],
                 ["stonedweller.phalanx", "stonedweller.elder"]],
                tracker="clouds-2", need_move=False, turn=turn)
        plays = ["play mariner.knight+mariner.mount", "play stonedweller.phalanx"]
        for action in plays if turn == 0 else plays[::-1]:
            s.apply(action)
        assert last_winner(s) == (0, "clouds-2")


def test_a_successful_assassin_ties_a_later_card_of_the_same_rank_and_wins() -> None:
    """Assassinations: "The rank of the assassin is now equal to the rank of the defeated
    card"; Battles: "In the case of a tie, the player who played first wins the battle."
    P1 assassinates P2's Avis Phalanx; P3 then plays the other Avis Phalanx: a tie, and
    the assassin was played first."""
    s = war(spare([["avis.assassin"], ["avis.phalanx", "avis.scout"], ["avis.phalanx"]]),
            tracker="clouds-2", need_move=False)
    s.apply("assassinate avis.phalanx @p2 with avis")
    s.apply("pass")
    s.apply("play avis.phalanx")
    assert last_winner(s) == (0, "clouds-2")


def test_assassinating_a_knight_breaks_the_mounted_knight_in_hand() -> None:
    """Assassinations: the defeated card "is immediately placed on top of the assassin"; a
    mounted knight is "a knight and a mount from the same race, that are played together"
    — with the knight gone, the pair can no longer be played."""
    before = war(spare([["avis.elder"], ["avis.knight", "avis.mount"]]),
                 tracker="clouds-2", need_move=False, turn=1)
    assert "play avis.knight+avis.mount" in legal(before)
    s = war(spare([["avis.assassin"], ["avis.knight", "avis.mount"]]),
            tracker="clouds-2", need_move=False)
    s.apply("assassinate avis.knight @p2 with avis")
    assert "play avis.knight+avis.mount" not in legal(s)
    assert_illegal(s, "play avis.knight+avis.mount", "Battles")
    assert "play avis.mount" in legal(s) and "pass" in legal(s)


def test_a_defeated_player_without_a_native_card_left_may_play_any_race() -> None:
    """Assassinations: "the defeated player may choose to pass or make any legal play";
    Battles: "If they do not have a card native to the contested region then they may play
    a card from any other race." P2's only Avis card was assassinated."""
    s = war([["avis.assassin", "mariner.elder"], ["avis.knight", "mariner.phalanx",
                                                 "stonedweller.scout"]],
            tracker="clouds-2", need_move=False)
    s.apply("assassinate avis.knight @p2 with avis")
    assert legal(s) == {"pass", "play mariner.phalanx", "play stonedweller.scout"}
    s.apply("play mariner.phalanx")
    assert last_winner(s) == (0, "clouds-2")  # off-race: it loses to the native assassin


def test_a_player_whose_card_was_assassinated_counts_as_having_played() -> None:
    """Assassinations: "Assassins can only target opponents who have not yet played a card
    in the current battle"; the example: "Ben does have a Stonedweller Phalanx, so he must
    play it". Decision (issue 30, docs/rules/radiant-perim.md, rule 12): the defeated card
    counts as the defeated player's card in the battle, so P2 cannot target P3 again
    before P3's turn; on its turn P3 "may choose to pass or make any legal play"."""
    s = war(spare([["avis.assassin"], ["avis.assassin"], ["avis.knight", "avis.phalanx"]]),
            tracker="clouds-2", need_move=False)
    s.apply("assassinate avis.knight @p3 with avis")
    assert s.to_act == 1
    assert not any(a.startswith("assassinate") for a in legal(s))
    error = assert_illegal(s, "assassinate avis.phalanx @p3 with avis", "Assassinations")
    assert "counts as played" in error.reason
    s.apply("play avis.assassin")
    assert s.to_act == 2 and {"pass", "play avis.phalanx"} <= set(legal(s))
    s.apply("play avis.phalanx")
    assert last_winner(s) == (2, "clouds-2")


def test_a_defeated_player_who_passed_has_had_their_turn_and_is_no_target() -> None:
    """Assassinations: the defeat comes before the defeated player's turn ("On his or her
    turn, the defeated player may choose to pass or make any legal play"); once P2 has
    passed, P2 has taken its turn in this battle, so P3's assassin cannot strip another
    card from P2 (docs/rules/radiant-perim.md, rule 12)."""
    s = war(spare([["avis.assassin"], ["avis.knight", "avis.phalanx"],
                   ["avis.assassin"]]), tracker="clouds-2", need_move=False)
    s.apply("assassinate avis.knight @p2 with avis")
    s.apply("pass")
    assert not any(a.startswith("assassinate") for a in legal(s))
    assert_illegal(s, "assassinate avis.phalanx @p2 with avis", "Assassinations")


def test_in_the_radiant_realm_a_radiant_card_is_native_and_may_be_assassinated() -> None:
    """Assassinations: "Assassins can only target individual cards that are native to the
    contested region"; Setup: "The race of this card will be Radiant ... Treefolk: Native to
    Forest" — in the forest the Radiant Treefolk are native, so an Avis assassin (off-race)
    cannot assassinate, but a Treefolk assassin may target a Treefolk card."""
    s = war(spare([["treefolk.assassin"], ["treefolk.phalanx"]]), radiant="treefolk",
            tracker="forest-2", need_move=False)
    assert "assassinate treefolk.phalanx @p2 with treefolk" in legal(s)
    s.apply("assassinate treefolk.phalanx @p2 with treefolk")
    s.apply("pass")
    assert last_winner(s) == (0, "forest-2")
    s = war(spare([["avis.assassin"], ["treefolk.phalanx"]]), radiant="treefolk",
            tracker="forest-2", need_move=False)
    assert not any(a.startswith("assassinate") for a in legal(s))


def test_a_radiant_card_ties_a_native_card_and_the_first_played_wins() -> None:
    """Battles: "A Radiant card can be played in any region"; Winning Card: "Ties go to the
    first tied card played." — a Radiant card counts like a native one, both ways."""
    for first, second, winner in (("treefolk.knight", "avis.knight", 0),
                                  ("avis.knight", "treefolk.knight", 0)):
        s = war(spare([[first], [second]]), radiant="treefolk", tracker="clouds-2",
                need_move=False)
        s.apply(f"play {first}")
        s.apply(f"play {second}")
        assert last_winner(s) == (winner, "clouds-2")


def test_nobody_holding_a_scout_the_fewest_points_begins_the_war() -> None:
    """Phase 3: War: "The player with the most scouts in hand begins the war. In the case
    of a tie, the player with the fewest points begins." — no scouts at all is a tie at
    zero."""
    s = meld_phase([["avis.knight"], ["mariner.elder"], ["treefolk.mount"]],
                   scores=[5, 7, 2])
    finish_melds(s)
    assert s.to_act == 2
    assert events(s, "war_begins", None) == [{"seat": 2, "reason": "fewest_points"}]


def test_what_a_failed_assassination_revealed_is_forgotten_at_the_next_age() -> None:
    """Setup Before Ages 2 and 3: "Shuffle all the cards together (including captured
    cards) and deal cards again" — what everyone learned about a hand in one age (a failed
    assassination: the target lacks the card) says nothing about the new hand."""
    s = war([["avis.assassin"], ["avis.elder"]], tracker="clouds-2", need_move=False)
    s.apply("assassinate avis.phalanx @p2 with avis")
    assert s.view(0)["hands"][1]["lacks"] == ["avis.phalanx"]
    s.apply("play avis.elder")
    assert s.age == 2
    for seat in (None, 0, 1):
        view = s.view(seat)
        assert view["hands"][1]["lacks"] == []
        assert view["hands"][0]["lacks"] == []


def test_captured_piles_are_reshuffled_so_age_three_scores_only_its_own_captures() -> None:
    """Setup Before Ages 2 and 3: "Shuffle all the cards together (including captured
    cards)"; End of an Age: "At the end of age three, players also score a point for each
    card in their captured pile that has a coin printed on it." — the piles of earlier ages
    are gone by then, so the coins scored are those captured in the third age."""
    s = war([["avis.phalanx"], ["avis.elder"]], tracker="clouds-2", need_move=False, age=2,
            seat=[{"captured": ["mariner.elder", "treefolk.elder", "avis.assassin"]}, {}])
    s.apply("play avis.phalanx")
    s.apply("play avis.elder")
    assert s.age == 3
    for seat in s.to_data()["seat"]:
        assert seat["captured"] == []


def test_the_victor_out_of_cards_moves_and_the_other_wins_the_last_battle_once() -> None:
    """Ending the War: "If only one player (or team) has cards then the battle tracker is
    still moved by the victor of the previous battle. The player with cards automatically
    wins the last battle ... Only one region can be captured in this manner" — with three
    players, two out of cards: the one holding cards takes one region and the age ends."""
    s = war([["avis.phalanx"], ["avis.scout"], ["avis.elder", "mariner.elder",
                                                 "treefolk.elder"]],
            tracker="clouds-1", need_move=False, age=3)
    s.apply("play avis.phalanx")
    s.apply("play avis.scout")
    s.apply("play avis.elder")
    assert last_winner(s) == (0, "clouds-1")
    assert s.to_act == 0 and s.need_move
    s.apply("move clouds-2")
    assert last_winner(s) == (2, "clouds-2")
    assert s.is_over
    assert s.to_data()["control"] == {"clouds-1": 0, "clouds-2": 2}


def test_a_victor_out_of_cards_moves_and_the_next_seat_with_cards_plays_first() -> None:
    """Phase 3: War: "The victor then moves the battle tracker into an adjacent region and
    plays a new card to begin another battle"; Ending the War: "If one player runs out of
    cards first then they will not participate in the remaining battle(s)." P1 wins with
    its last card and still moves; P2 (left of P1) begins the battle, so P2's knight,
    played first, wins the tie against P3's knight."""
    s = war([["avis.phalanx"], ["avis.scout", "avis.knight"], ["avis.elder", "avis.knight"]],
            tracker="clouds-1", need_move=False)
    for action in ("play avis.phalanx", "play avis.scout", "play avis.elder"):
        s.apply(action)
    assert last_winner(s) == (0, "clouds-1")
    assert s.to_act == 0 and s.need_move
    s.apply("move clouds-2")
    assert s.to_act == 1
    s.apply("play avis.knight")
    s.apply("play avis.knight")
    assert last_winner(s) == (1, "clouds-2")


def test_an_assassination_defeats_one_copy_and_the_assassin_wins_the_tie_with_the_other() -> None:
    """Assassinations: "If the targeted player has the targeted card then it is defeated"
    — one card: P2 holds both Avis Knights and keeps one; playing it ties the assassin,
    who now ranks as a knight and played first ("In the case of a tie, the player who
    played first wins the battle")."""
    s = war(spare([["avis.assassin"], ["avis.knight", "avis.knight"]]),
            tracker="clouds-2", need_move=False)
    s.apply("assassinate avis.knight @p2 with avis")
    assert s.to_data()["seat"][1]["hand"].count("avis.knight") == 1
    s.apply("play avis.knight")
    assert last_winner(s) == (0, "clouds-2")


def test_an_off_race_assassin_is_played_as_the_lowest_card_and_cannot_assassinate() -> None:
    """Assassinations: "Assassins can only be used to assassinate if they are native to
    the contested region or they are Radiant"; "When played like other cards, an assassin
    is the lowest ranking card." P1 holds no Avis card, so may play the Mariner assassin,
    but only as a card; P2's off-race elder then outranks it (all cards off-race)."""
    s = war([["mariner.assassin", "mariner.elder"], ["stonedweller.elder", "mariner.scout"]],
            tracker="clouds-2", need_move=False)
    assert not any(a.startswith("assassinate") for a in legal(s))
    s.apply("play mariner.assassin")
    s.apply("play stonedweller.elder")
    assert last_winner(s) == (1, "clouds-2")
