"""GETTING STARTED, TAKING TURNS (the five phases) and ENDING THE GAME: one test per rule
of issue 14's Rules section, each citing the rulebook's section."""

from __future__ import annotations

from tabletop.core import new_game
from tabletop.games.lightseekers.board import enemy_of, target_of

from .helpers import after, buffs, fields, ids, pass_round, position

# --- GETTING STARTED -----------------------------------------------------------------------


def test_random_seating_and_opening_hands_of_4_5_6_then_7() -> None:
    """GETTING STARTED: "Randomly decide the play order and sit down in a circle. The first
    player draws 4 cards from their deck; this is the starting hand. The second player
    starts with 5 cards, third with 6, and fourth onwards start with 7." The turn order is
    drawn from the seed; hands follow it."""
    orders = set()
    for seed in range(12):
        s = new_game("lightseekers", players=5, seed=seed)
        setup = s.events[0].fields
        order = setup["order"]
        assert sorted(order) == [0, 1, 2, 3, 4]
        orders.add(tuple(order))
        assert [setup["hands"][p] for p in order] == [4, 5, 6, 7, 7]
        assert s.active == order[0]
        for p in order[1:]:
            assert len(s.hand[p]) == setup["hands"][p]
        # The first player has begun its first turn: its opening hand is untouched.
        assert len(s.hand[order[0]]) == 4
        assert all(len(s.deck[p]) + len(s.hand[p]) == 35 for p in range(5))
    assert len(orders) > 6


def test_the_deck_is_shuffled_and_the_hero_starts_at_its_health() -> None:
    """GETTING STARTED: "The deck is shuffled and placed face down on the table" and "The
    starting health of each hero is displayed on the hero card.\""""
    a = new_game("lightseekers", players=2, seed=1, decks="mountain,storm")
    b = new_game("lightseekers", players=2, seed=2, decks="mountain,storm")
    assert a.deck[0] != b.deck[0]
    assert sorted(a.deck[0] + a.hand[0]) == sorted(b.deck[0] + b.hand[0])
    assert a.health == [a.cat.hero("ember").health, a.cat.hero("tempest").health]


def test_random_decks_are_drawn_from_the_seed_one_different_deck_a_seat() -> None:
    """GETTING STARTED: "Each player needs a hero and a deck"; ``decks=random``
    (docs/rules/lightseekers.md, "Which decks are played") deals each seat a different
    ready deck drawn from the game's seed: the same seed, the same decks; over seeds,
    every deck and many pairings."""
    names = {h.hero: d for d, h in new_game("lightseekers", seed=0).cat.decks.items()}
    seen = set()
    for seed in range(40):
        a = new_game("lightseekers", players=2, seed=seed, decks="random")
        b = new_game("lightseekers", players=2, seed=seed, decks="random")
        assert a.heroes == b.heroes and a.deck == b.deck and a.hand == b.hand
        decks = [names[a.cat.heroes[h].id] for h in a.heroes]
        assert decks[0] != decks[1]
        seen.add(tuple(decks))
    assert len({d for pair in seen for d in pair}) == 6 and len(seen) > 15
    six = new_game("lightseekers", players=6, seed=3, decks="random")
    assert len(set(six.heroes)) == 6
    # Named decks draw nothing from the seed: their deals are unchanged by the option.
    named = new_game("lightseekers", players=2, seed=5, decks="mountain,storm")
    assert named.order == new_game("lightseekers", players=2, seed=5).order


def test_target_on_the_left_enemy_on_the_right() -> None:
    """GETTING STARTED: "The player on your left is your target and the player on your
    right is your enemy (if you're playing a 2-player game, your opponent is both your
    target and your enemy)." The left is the next seat in the turn order."""
    s = position(players=4, order=[2, 0, 3, 1], active=2)
    assert [target_of(s, p) for p in (2, 0, 3, 1)] == [0, 3, 1, 2]
    assert [enemy_of(s, p) for p in (2, 0, 3, 1)] == [1, 2, 0, 3]
    two = position()
    assert target_of(two, 0) == enemy_of(two, 0) == 1
    assert two.view(0)["heroes"][0]["target"] == two.view(0)["heroes"][0]["enemy"] == 1


# --- TAKING TURNS ----------------------------------------------------------------------------


def test_turns_go_clockwise_in_the_seating_order() -> None:
    """TAKING TURNS: "Players take turns in a clockwise order.\""""
    s = position(players=3, order=[1, 2, 0], active=1)
    seen = []
    for _ in range(4):
        seen.append(s.active)
        s.apply("pass")
    assert seen == [1, 2, 0, 1]


def test_start_of_turn_heroes_then_items_then_buffs() -> None:
    """Phase 1: Start of Turn: "Handle any effects on heroes, items, or buffs (in that
    order) that take place 'at the start of the turn'." Sylva's Verdant (hero), her Tide
    Amulet (item) and a Sun Altar (buff, its Solar from her Sunstone) all act at the start
    of her turn, in that order."""
    s = position(heroes=["sylva", "ember"], order=[1, 0], active=1,
                 items=[["sunstone", "tide-amulet"], []], buffs=[["sun-altar"], []],
                 health=[20, 24])
    mark = len(s.events)
    s.apply("pass")  # Ember passes; Sylva's turn begins
    effects = [(e.kind, e.fields.get("source")) for e in after(s, mark)
               if e.kind in ("heal", "damage")]
    assert effects == [("heal", "hero"), ("heal", "tide-amulet"), ("damage", "sun-altar")]
    assert s.health == [22, 24 - 2]  # 1 damage, +1 power from the Sunstone


def test_buff_phase_rotates_then_discards_the_expired_then_instant_effects() -> None:
    """Phase 2: Buff Phase: "Rotate all buffs that need rotating ... Discard any buffs that
    have Expired, placing them at the top of discard pile. Handle all instant effects on
    buffs (e.g. buffs that deal damage or heal)." One Ember Glow turns to its empty corner
    and goes, the other turns to 2 and deals it, after both have turned."""
    s = position(order=[1, 0], active=1, discard=[["fireball"], []],
                 buffs=[[{"card": "ember-glow", "turns": 2}, "ember-glow"], []])
    mark = len(s.events)
    s.apply("pass")
    kinds = [e.kind for e in after(s, mark) if e.kind in ("rotate", "expire", "damage")]
    assert kinds == ["rotate", "rotate", "expire", "damage"]
    assert ids(s, s.disc[0]) == ["fireball", "ember-glow"]  # on top of the pile
    assert buffs(s, 0) == [("ember-glow", 1)]
    assert s.health[1] == 24 - 2


def test_abilities_do_not_trigger_in_the_buff_phase() -> None:
    """Phase 2: Buff Phase: "Note that effects listed as Abilities don't trigger at this
    stage." The Capacitor's Ability waits for an action; then it deals its X and turns."""
    s = position(heroes=["tempest", "ember"], buffs=[["capacitor"], []])
    pass_round(s)
    assert s.health[1] == 24 and buffs(s, 0) == [("capacitor", 0)]
    s.apply("ability capacitor")
    assert s.health[1] == 22 and buffs(s, 0) == [("capacitor", 1)]


def test_two_actions_then_the_draw_phase_counts() -> None:
    """Phase 3: "Either play a combo or perform up to 2 actions." Phase 4: "If you didn't
    play a combo and didn't perform 2 actions, Draw 1 card for each action you didn't
    perform." Two actions draw none, one action then pass draws one, an immediate pass
    draws two."""
    for plays, drawn in ((2, 0), (1, 1), (0, 2)):
        s = position(hand=[["jab", "jab"], []])
        for _ in range(plays):
            s.apply("play jab")
        if plays < 2:
            s.apply("pass")
        draws = [e for e in s.events if e.kind == "draw" and e.args[0] == 0]
        assert len(draws) == drawn
        assert len(s.hand[0]) == 2 - plays + drawn
        assert s.active == 1


def test_end_of_turn_effects_and_timed_effects() -> None:
    """Phase 5: End of Turn: "Effects that trigger 'at the end of the turn' take effect."
    Focus's +1 power lasts until the end of the turn; Stone Skin's +2 armor until the
    start of your next turn (through the others' turns)."""
    s = position(hand=[["focus", "fireball"], ["fireball"]])
    s.apply("play focus")
    s.apply("play fireball")
    assert s.health[1] == 24 - 4  # the Fireball gets Focus's +1
    assert s.store == ()  # gone at the end of the turn
    s = position(hand=[["stone-skin"], ["fireball"]], heroes=["ember", "ember"])
    s.apply("play stone-skin")
    s.apply("pass")
    s.apply("play fireball")  # the second Ember attacks
    assert s.health[0] == 24 - 1
    s.apply("pass")
    assert s.store == ()  # gone as P1's next turn began


def test_the_empty_deck_check() -> None:
    """Phase 5: End of Turn: "If you have no cards left in your deck, you also need to
    perform the 'empty deck check'." Our decision (docs/rules/lightseekers.md): the n-th
    check costs 5 x n health, and the discard pile is shuffled into the new deck."""
    s = position(deck=[[], ["jab"] * 3], discard=[["fireball", "boulder"], []],
                 hand=[["jab"], []])
    s.apply("play jab")
    s.apply("pass")
    check = fields(s, 0, "empty_deck")
    assert check == [{"seat": 0, "loss": 5, "health": 19, "checks": 1, "deck": 3}]
    assert sorted(ids(s, s.deck[0])) == ["boulder", "fireball", "jab"] and s.disc[0] == []
    s = position(deck=[[], ["jab"] * 3], empties=[1, 0])
    s.apply("pass")
    assert s.health[0] == 24 - 10


# --- ENDING THE GAME -------------------------------------------------------------------------


def test_a_defeated_player_is_removed_and_its_enemy_rewarded() -> None:
    """ENDING THE GAME: "If a player is reduced to 0 health, they have been defeated and are
    removed from the game. ... the player on their right (their enemy) receives ... 1
    Victory Point. 5 health. Move any 5 discarded cards back into their deck." P1 defeats
    P2; P1 (P2's enemy) chooses 5 of its 7 discarded cards, one at a time."""
    discard = ["jab", "jab", "boulder", "rockslide", "crystal-shard", "stone-skin",
               "refract"]
    s = position(players=3, hand=[["fireball"], [], []], health=[20, 2, 24],
                 discard=[discard, [], []])
    s.apply("play fireball")
    assert not s.alive[1] and s.out == [1]
    assert s.vp == [1, 0, 0] and s.health[0] == 25
    assert s.to_act == 0 and s.rewards == [(0, 5)]
    # The Fireball was discarded once it had resolved: it is one of the eight to choose.
    assert sorted(a.to_text() for a in s.legal_actions()) == sorted(
        f"return {c}" for c in {*discard, "fireball"})
    for card in ("jab", "jab", "boulder", "refract", "stone-skin"):
        s.apply(f"return {card}")
    assert sorted(ids(s, s.disc[0])) == ["crystal-shard", "fireball", "rockslide"]
    assert fields(s, 0, "shuffle")[-1]["why"] == "return"
    assert s.rewards == [] and s.active == 0 and s.acts == 1  # P1's turn goes on


def test_health_reward_is_capped_and_five_or_fewer_go_back_without_a_choice() -> None:
    """ENDING THE GAME and Hero Cards ("Health can't exceed 35."): the 5 health stop at 35;
    with 5 or fewer discarded cards, all go back at once."""
    s = position(players=3, hand=[["fireball"], [], []], health=[33, 2, 24],
                 discard=[["jab", "boulder"], [], []])
    deck = len(s.deck[0])
    s.apply("play fireball")
    assert s.health[0] == 35
    assert s.rewards == [] and s.to_act == 0
    assert ids(s, s.disc[0]) == ["fireball"]  # discarded after the returns
    assert len(s.deck[0]) == deck + 2 and {"jab", "boulder"} <= set(ids(s, s.deck[0]))


def test_the_reward_goes_to_the_enemy_whoever_defeated_the_hero() -> None:
    """ENDING THE GAME: "Regardless of how they reached 0 health, the player on their right
    (their enemy) receives ..." P3's Tidal Wave defeats P2: P1, on P2's right, is
    rewarded."""
    s = position(players=3, heroes=["ember", "solara", "tempest"], order=[2, 0, 1],
                 active=2, health=[20, 1, 24], hand=[[], [], ["tidal-wave"]])
    s.apply("play tidal-wave")
    assert s.out == [1]
    assert s.vp == [1, 0, 0]
    assert fields(s, 0, "defeat") == [{"seat": 1, "enemy": 0}]


def test_targets_shift_left_in_four_players() -> None:
    """GETTING STARTED: "The objective of the game is to reduce your target to 0 health, at
    which point they are removed from the game and the next person on your left is your
    new target." Four players: P2 is defeated; P1's target becomes P3, P3's enemy P1."""
    s = position(players=4, hand=[["fireball", "jab"], [], [], []], health=[24, 3, 24, 24])
    assert target_of(s, 0) == 1 and enemy_of(s, 2) == 1
    s.apply("play fireball")
    assert not s.alive[1]
    assert target_of(s, 0) == 2 and enemy_of(s, 2) == 0
    s.apply("play jab")
    assert s.health[2] == 24 - 2


def test_the_last_player_standing_gains_a_victory_point_and_most_wins() -> None:
    """ENDING THE GAME: "If only one player remains, that player gains an additional
    Victory Point, and whoever has the most Victory Points is declared the winner.\""""
    s = position(hand=[["fireball"], []], health=[24, 3])
    s.apply("play fireball")
    assert s.to_act is None
    out = s.outcome()
    assert out is not None
    assert out.scores == (2.0, 0.0) and out.winners == (0,)
    assert fields(s, 0, "game_over") == [{"vp": [2, 0], "winners": [0], "out": [1]}]


def test_a_tie_in_victory_points_goes_to_who_stayed_longest() -> None:
    """ENDING THE GAME, our tie-break (docs/rules/lightseekers.md): P1 has defeated two
    heroes (2 VP); P4 defeats P1 and, last standing, also has 2 VP: P4 stayed in the game
    longer and wins."""
    s = position(players=4, order=[0, 1, 2, 3], active=3, alive=[True, False, False, True],
                 health=[2, 0, 0, 24], vp=[2, 0, 0, 0], out=[1, 2],
                 hand=[[], [], [], ["jab"]])
    s.apply("play jab")
    out = s.outcome()
    assert out is not None
    assert out.scores == (2.0, 0.0, 0.0, 2.0)
    assert out.winners == (3,)
    assert "longest" in out.reason
