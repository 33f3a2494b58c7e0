"""hoshi-battle's rules, one test per rule of hoshi-duel.txt and of the reconstructed design
(docs/rules/hoshi-battle.md), each citing what it checks."""

from __future__ import annotations

import json

import pytest

from tabletop.cards import TIMED, Modifier
from tabletop.cards.modifiers import counted as kernel_counted
from tabletop.core import IllegalActionError, ParameterError, new_game, record_of, verify
from tabletop.games.hoshi_battle import HoshiState
from tabletop.games.hoshi_battle import board as fx
from tabletop.games.hoshi_battle.dice import FACES, chance_of_symbol
from tabletop.games.hoshi_battle.vocab import VOCAB

from .helpers import choosing, first_strike, new, of, pass_all, position, seeded


def test_dice_faces_the_d8_is_the_stronger_die() -> None:
    """docs "The dice" (reconstructed): the d8 shows the symbol on 3 of 8 faces, the d10 on
    3 of 10 (the d8 with two more blanks), so the d8 is the stronger die."""
    assert FACES[8].count("strike") == 3 and FACES[10].count("strike") == 3
    assert sorted(FACES[10]) == sorted([*FACES[8], "blank", "blank"])
    assert chance_of_symbol(8) > chance_of_symbol(10)


def counted(face: str, changes: list[tuple[str, str, str]]) -> tuple[str, ...]:
    """What ``face`` counts as under count modifiers ``(mode, from, to)`` stored in this
    order (timestamps 1, 2, ...), by the rules kernel's query."""
    store = [Modifier(i + 1, TIMED, 0, "focus", 0, 0, 0, "count", a, mode, b, "round")
             for i, (mode, a, b) in enumerate(changes)]
    return kernel_counted(VOCAB, None, store, 0, face)


def test_count_also_as_and_count_instead_as() -> None:
    """Terminology: "Count also as: The result of a die is counted for what it looks like
    and also for something else. Count instead as: ... not counted for what it looks like
    but instead for something else"; the later effect applies to the result of the
    earlier (Card Effect Priority)."""
    assert counted("moon", [("also", "moon", "strike")]) == ("strike", "moon")
    assert counted("strike", [("instead", "strike", "moon")]) == ("moon",)
    # Moon also as the symbol, then the symbol instead as a Moon: no symbol is left.
    assert counted("moon", [("also", "moon", "strike"), ("instead", "strike", "moon")]) == \
        ("moon",)
    # The other way round, the latest wins: the symbol instead as a Moon, which also counts
    # as the symbol.
    assert counted("strike", [("instead", "strike", "moon"), ("also", "moon", "strike")]) == \
        ("strike", "moon")


def test_setup_deal_five_keep_three_discard_two_face_down() -> None:
    """Setup (issue 15, known): deal five Heroes and five Duel cards to each player; keep
    three of each, discard two face down. Each player sees only its own deal and discards."""
    s = new_game("hoshi-battle", seed=11)
    deal = of(s.events_for(0), "deal")
    assert len(deal[0]["heroes"]) == 5 and len(deal[0]["cards"]) == 5
    assert "heroes" not in deal[1] and "cards" not in deal[1]  # P2's deal is hidden
    hand = s.view(0)["hand"]["heroes"]
    assert [a.to_text() for a in s.legal_actions()] == [f"discard {h}" for h in hand]
    s.apply(f"discard {hand[0]}")
    theirs = s.events_for(1)[-1]
    assert theirs.kind == "discard" and "card" not in theirs.fields
    assert theirs.text == "P1 discards a Hero face down."
    s.apply(f"discard {hand[1]}")
    cards = s.view(0)["hand"]["cards"]
    s.apply(f"discard {cards[0]}")
    s.apply(f"discard {cards[1]}")
    assert s.to_act == 1
    view = s.view(1)
    assert view["players"][0]["heroes"] == 3 and view["players"][0]["face_down"] == 3
    assert view["players"][0]["discarded"] == 4


def test_setup_variant_deal_four_keep_three() -> None:
    """Setup variant (known): deal four of each, keep three and three."""
    s = new_game("hoshi-battle", seed=2, deal=4)
    assert len(s.view(0)["hand"]["heroes"]) == 4
    for _ in range(4):  # one Hero and one Duel card each
        s.apply(s.legal_actions()[0])
    assert s.phase == "choose"
    assert all(len(h) == 3 for h in s.hands) and all(len(c) == 3 for c in s.cards)


def test_a_hero_is_chosen_face_down_and_revealed_together() -> None:
    """Hero choice (reconstructed): each player chooses a Hero face down, in seat order;
    both are revealed together when the last one is in."""
    s = choosing("clay-champion", "saal-swordsman")
    mine, theirs = s.events_for(0)[-1], s.events_for(1)[-1]
    assert mine.fields["hero"] == "clay-champion" and "hero" not in theirs.fields
    assert s.view(1)["players"][0]["chosen"] is True
    assert "clay-champion" not in json.dumps(s.view(1))
    n = len(s.events)
    s.apply("hero saal-swordsman")
    duel = of(new(s, n), "duel")[0]
    assert duel["fighters"] == ["clay-champion", "saal-swordsman"]
    assert [e.kind for e in new(s, n)].index("choose") < [e.kind for e in new(s, n)].index(
        "duel")


def test_the_first_duel_starts_after_a_roll_off_and_at_full_health() -> None:
    """Who starts (reconstructed): a roll-off decides the first Duel; Terminology, Full
    health: "The number of Hoshi Stones a player has at the beginning of a Duel (usually
    two)"."""
    s = choosing("clay-champion", "crane-archer")
    n = len(s.events)
    s.apply("hero crane-archer")
    roll = of(new(s, n), "rolloff")[0]
    assert roll["starter"] == s.starter and roll["throws"] >= 1
    assert of(new(s, n), "full_health")[0]["stones"] == [2, 2]
    assert s.window == "duel_start" and s.to_act == s.starter


def test_a_player_with_face_down_cards_is_asked_even_when_none_can_be_played() -> None:
    """Hidden information (reconstructed): being asked must tell nothing, so a player with
    face-down cards is asked in every window, and may only pass when none fits."""
    s = position("clay-champion", "crane-archer", face1=["rage"], window="round_start")
    assert s.to_act == 0
    assert [a.to_text() for a in s.legal_actions()] == ["pass"]


def test_the_last_player_to_hit_decides_first() -> None:
    """Card Effect Priority: "If both players have a face down Duel card, the last player to
    hit his opponent must decide first if he is going to play his card or not, followed by
    his opponent"; "If you choose not to play your card, you must wait until the next round
    starts or ends"."""
    s = position("clay-champion", "crane-archer", round=3, last_hitter=1)
    assert s.to_act == 1
    s.apply("pass")
    assert s.to_act == 0
    with pytest.raises(IllegalActionError):
        s.apply("pass", seat=1)  # P2 passed: it waits for the next window


def test_in_the_first_round_the_starting_player_chooses_whether_to_reveal_first() -> None:
    """Card Effect Priority: "During the first round of a Duel, the starting player
    chooses whether to reveal his card first": the starter may ``wait``; then the opponent
    decides, then the starter."""
    s = position("clay-champion", "crane-archer", face1=["battle-cry"],
                 face2=["battle-cry"], round=1, starter=0)
    assert [a.to_text() for a in s.legal_actions()] == ["play battle-cry", "pass", "wait"]
    s.apply("wait")
    assert s.to_act == 1 and "wait" not in [a.to_text() for a in s.legal_actions()]
    s.apply("play battle-cry")
    assert s.to_act == 0 and [a.to_text() for a in s.legal_actions()] == [
        "play battle-cry", "pass"]
    later = position("clay-champion", "crane-archer", face1=["battle-cry"],
                     face2=["battle-cry"], round=2, starter=0)
    assert "wait" not in [a.to_text() for a in later.legal_actions()]


def texts(s: HoshiState) -> list[str]:
    """The seat to act's legal actions, in notation."""
    return [a.to_text() for a in s.legal_actions()]


def test_the_starting_player_may_wait_at_round_ones_end_while_nobody_has_hit() -> None:
    """Card Effect Priority: "During the first round of a Duel, the starting player
    chooses whether to reveal his card first". Decision (issue 30, docs/rules/
    hoshi-battle.md, Reveal windows): that holds in every window of round 1 in which
    nobody has hit yet, the end window too (a draw, or a hit cancelled); once a player
    has hit, "the last player to hit his opponent must decide first" and nobody waits."""
    s = position("clay-champion", "crane-archer", face1=["healing-spring"],
                 face2=["healing-spring"], window="round_end", round=1, starter=1)
    assert s.to_act == 1 and texts(s) == ["play healing-spring", "pass", "wait"]
    assert s.view(1)["window"]["can_wait"] is True
    s.apply("wait")
    assert of(s.events, "wait") == [{"seat": 1}]
    assert s.to_act == 0 and texts(s) == ["play healing-spring", "pass"]
    s.apply("pass")
    assert s.to_act == 1 and texts(s) == ["play healing-spring", "pass"]
    # Round 1's end after a hit: the hitter decides first, and may not wait.
    hit = position("clay-champion", "crane-archer", face1=["healing-spring"],
                   face2=["healing-spring"], window="round_end", round=1, starter=1,
                   last_hitter=0, stones=(2, 1), did_hit=[True, False],
                   was_hit=[False, True])
    assert hit.to_act == 0 and texts(hit) == ["play healing-spring", "pass"]
    hit.apply("pass")
    assert hit.to_act == 1 and "wait" not in texts(hit)
    # Round 2's end with no hit: the rule is for the first round only.
    later = position("clay-champion", "crane-archer", face1=["healing-spring"],
                     face2=["healing-spring"], window="round_end", round=2, starter=1)
    assert "wait" not in texts(later)


def test_each_card_is_resolved_fully_and_players_alternate() -> None:
    """Card Effect Priority: "Each card is resolved fully before another card can be
    played": after a card the other player decides; a window closes when both passed."""
    s = position("clay-champion", "crane-archer", face1=["battle-cry", "focus"],
                 face2=["smoke-bomb"], round=2)
    s.apply("play battle-cry")
    assert fx.die_of(s, 0) == 8 and s.to_act == 1  # resolved before P2 decides
    s.apply("pass")
    assert s.to_act == 0  # P1 may go on
    n = len(s.events)
    s.apply("play focus")
    assert of(new(s, n), "throw")  # both done: the window closed and the round is fought


def test_a_draw_when_both_roll_the_symbol() -> None:
    """Terminology, Round: a round lasts until a hand is touched: a hit, "there is a draw",
    or the hit cancelled. Reconstructed: both players rolling the symbol together is a
    draw; no Hoshi Stone is lost."""
    s = position("clay-champion", "crane-archer", round=2)

    def run(c):  # the first throw with the symbol shows it on both sides
        pass_all(c)
        throws = of(c.events, "throw")
        return any(all(t["symbol"]) for t in throws) and not of(c.events, "strike")
    s = seeded(s, run)
    draw = of(s.events, "draw")[0]
    assert draw["why"] == "both" and s.stones == [2, 2]
    assert s.window == "round_end"


def test_a_strike_hits_and_a_hoshi_stone_is_discarded() -> None:
    """Terminology, To hit: "to successfully touch your opponent's hand after you rolled
    [the symbol]"; Hoshi Stone: "One is lost each time a player is hit". The striker becomes
    the last player to hit."""
    s = seeded(position("clay-champion", "crane-archer", round=2), first_strike(1))
    hit = of(s.events, "hit")[0]
    assert hit == {"striker": 1, "defender": 0, "stones": 1}
    assert s.stones == [1, 2] and s.last_hitter == 1 and s.window == "round_end"
    assert s.to_act == 1  # the last player to hit decides first


def test_a_miss_and_the_throws_go_on() -> None:
    """Terminology, To miss: "To try touching your opponent's hand and failing": the round
    goes on with the next throw."""
    s = seeded(position("clay-champion", "crane-archer", round=2), first_strike(0, False))
    kinds = [e.kind for e in s.events]
    miss = kinds.index("strike")
    assert of(s.events, "strike")[0]["landed"] is False
    assert "throw" in kinds[miss + 1:]  # the next throw follows the miss


def test_the_strike_model_chance_per_situation() -> None:
    """The strike (reconstructed): a strike lands with ``strike_chance`` percent, + 15 for a
    Swift striker, - 15 against an Elusive defender, within 5..95."""
    s = position("clay-champion", "wind-dancer")  # Wind Dancer: Elusive
    assert s.strike_chance(1, 0) == 70 and s.strike_chance(0, 1) == 55
    s = position("crane-archer", "wind-dancer")  # Crane Archer: Swift
    assert s.strike_chance(0, 1) == 70
    s = position("crane-archer", "clay-champion", params={"strike_chance": 90})
    assert s.strike_chance(0, 1) == 95  # bounded
    assert of(seeded(position("clay-champion", "crane-archer", round=2),
                     first_strike(0)).events, "strike")[0]["chance"] == 70


def test_a_stalemate_of_twenty_throws_is_a_draw() -> None:
    """Reconstructed: after 20 throws without a touch the round is a draw (a round where
    cards took the symbol from both players ends)."""
    store = [{"ts": i + 1, "seat": i, "controller": i, "card": "mist-veil", "kind": "count",
              "key": "strike", "op": "instead", "value": "moon", "until": "round",
              "static": -1} for i in (0, 1)]
    s = position("clay-champion", "crane-archer", round=2, store=store, clock=2)
    pass_all(s)
    assert len(of(s.events, "throw")) == 20
    assert of(s.events, "draw") == [{"round": 2, "why": "stalemate"}]


def test_defeat_gives_one_last_chance_then_the_hero_is_exiled() -> None:
    """Terminology, To defeat: "Your opponent has one last chance to play a Duel card (at
    the end of the round) before his Hero is exiled"; To exile: "To remove from the game"."""
    saved = seeded(position("clay-champion", "crane-archer", face1=["second-wind"],
                            stones=(1, 2), round=2), first_strike(1))
    assert saved.stones[0] == 0 and saved.window == "round_end"
    saved.apply("pass")  # P2 (the last to hit) decides first
    assert [a.to_text() for a in saved.legal_actions()] == ["play second-wind", "pass"]
    lost = saved.clone()
    saved.apply("play second-wind")
    assert saved.hero[0] == "clay-champion" and saved.stones[0] == 1  # saved
    lost.apply("pass")
    assert "clay-champion" in lost.exiled[0] and of(lost.events, "exile")


def test_the_winner_heals_and_its_artifacts_are_used_again() -> None:
    """Duel Cards, Artifacts: "if you win—can be re-used again at the beginning of the next
    Duel"; reconstructed: every Duel starts at full health, the winner's too."""
    s = seeded(position("clay-champion", "crane-archer", play2=["swift-boots"],
                        stones=(1, 1), round=3), first_strike(1))
    s.apply("pass")
    s.apply("pass")  # the end of the round: P1 is exiled
    assert of(s.events, "duel_end")[0] == {"duel": 1, "winner": 1, "carried": ["swift-boots"]}
    assert s.phase == "choose" and "crane-archer" in s.hands[1]
    s.apply(s.legal_actions()[0])
    n = len(s.events)
    s.apply("hero crane-archer")
    assert of(new(s, n), "reuse") == [{"seat": 1, "card": "swift-boots"}]
    assert s.stones == [2, 2] and fx.has_keyword(s, 1, "swift")
    assert s.starter == 0  # the loser starts the next Duel


def test_the_game_ends_when_only_one_player_has_heroes() -> None:
    """Terminology, Game: "The whole match!-until only one player is left with Heroes"."""
    game = new_game("hoshi-battle", seed=5, deck1="clay-champion,charming-trader,"
                    "night-hunter,rage,focus,battle-cry", deck2="saal-swordsman,"
                    "crane-archer,stone-golem,fire-axe,rage,smoke-bomb", budget=30)
    while game.to_act is not None:
        game.apply(game.legal_actions()[-1])
    out = game.outcome()
    assert out is not None and len(out.winners) in (1, 2)
    alive = [p for p in (0, 1) if game.hands[p]]
    assert list(out.winners) == (alive or [0, 1]) and len(alive) <= 1
    assert of(game.events, "game_over")[0]["winners"] == list(out.winners)


def test_constructed_deck_variant_budget_and_size() -> None:
    """Constructed Deck Variant (reconstructed): three Heroes and three Duel cards whose
    Costs add up to at most the budget (16); both decks or none; one error names every
    problem."""
    ok = "charming-trader,clay-champion,crane-archer,battle-cry,smoke-bomb,rage"
    s = new_game("hoshi-battle", seed=1, deck1=ok, deck2=ok)
    assert s.phase == "choose" and s.hands[0] == s.hands[1]
    with pytest.raises(ParameterError, match="over the budget"):
        new_game("hoshi-battle", deck1="saal-swordsman,moon-priestess,wind-dancer,rage,"
                 "focus,battle-cry", deck2=ok)
    with pytest.raises(ParameterError, match="three Heroes and three Duel cards.*unknown|"
                       "unknown.*three Heroes"):
        new_game("hoshi-battle", deck1="clay-champion,nobody,rage", deck2=ok)
    with pytest.raises(ParameterError, match="both decks"):
        new_game("hoshi-battle", deck1=ok)
    with pytest.raises(ParameterError, match="model or live"):
        new_game("hoshi-battle", strike="fast")


def test_illegal_actions_name_the_rule_and_change_nothing() -> None:
    """Duel Cards, Text: "When the card may be revealed"; a card not held reads the same
    whoever holds it."""
    s = position("clay-champion", "crane-archer", face1=["rage"], face2=["fire-axe"], round=2)
    before = s.state_hash()
    with pytest.raises(IllegalActionError) as e:
        s.apply("play rage")
    assert "Play after you have been hit" in e.value.reason
    assert e.value.rule == "Duel Cards: Text (when the card may be revealed)"
    with pytest.raises(IllegalActionError) as e:
        s.apply("play fire-axe")  # P2's face-down card
    assert e.value.reason == "P1 has no face-down Duel card fire-axe"
    with pytest.raises(IllegalActionError):
        s.apply("strike hit")
    assert s.state_hash() == before


def test_live_strike_waits_for_its_referee_and_enters_the_record() -> None:
    """The real-time strike (reconstructed): with ``strike = "live"`` a strike is a
    decision: the striker is to act with ``strike hit`` and ``strike miss``, the referee's
    result, which the record keeps so the game replays by hash."""
    s = position("clay-champion", "crane-archer", round=2, params={"strike": "live"})

    def run(c):
        pass_all(c)
        return c.phase == "strike"
    s = seeded(s, run)
    striker = s.to_act
    assert [a.to_text() for a in s.legal_actions()] == ["strike hit", "strike miss"]
    assert s.view(None)["live_strike"] == {"striker": striker, "defender": 1 - striker}
    s.apply("strike hit")
    assert of(s.events, "strike")[-1]["chance"] is None
    assert s.stones[1 - striker] == 1
    game = new_game("hoshi-battle", seed=4, strike="live")
    while game.to_act is not None:
        legal = game.legal_actions()
        game.apply(legal[0] if game.phase == "strike" else legal[-1])
    record = record_of(game)
    assert "strike hit" in record.actions
    verify(record)


def test_stones_never_exceed_full_health() -> None:
    """Terminology, Full health (reconstructed corollary): regaining above full health
    does nothing."""
    s = position("clay-champion", "crane-archer", face1=["healing-spring"], window="round_end",
                 round=2)
    s.apply("play healing-spring")
    assert s.stones[0] == 2 and not of(s.events, "stone")
