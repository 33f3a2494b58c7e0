"""Concessions in hoshi-battle (COORDINATION.md contract 3; docs/rules/hoshi-battle.md,
"Concessions"): the player who leaves is out, as a player whose Heroes are all exiled is.
Terminology: "Game: The whole match!-until only one player is left with Heroes."; "To
exile: To remove from the game."."""

from __future__ import annotations

from tabletop.core import from_scenario, new_game, record_of, scenario_of, verify
from tabletop.games.hoshi_battle import HoshiState

from .helpers import of
from .test_multiplayer import dealt


def _choosing(players: int, seed: int = 1) -> HoshiState:
    """A game whose first Duel's Heroes are being chosen (the first duelist has chosen)."""
    s = new_game("hoshi-battle", players=players, seed=seed)
    assert isinstance(s, HoshiState)
    while s.phase == "keep":
        s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert s.phase == "choose"
    return s


def test_two_players_the_other_wins_where_the_game_stands() -> None:
    """Two players: the one left is "the only player left with Heroes"."""
    s = dealt(2)
    seat = s.other(s.to_act)
    s.concede(seat)
    out = s.outcome()
    assert s.is_over and out is not None and out.winners == (1 - seat,)
    assert out.reason == f"P{seat + 1} conceded; the last player with Heroes left"
    assert out.scores[seat] == 0
    assert [e.kind for e in s.events[-2:]] == ["concede", "game_over"]


def test_a_duelist_who_leaves_loses_the_duel_and_the_winner_stays() -> None:
    """Three players, a Duel under way: the Hero of the player who leaves is exiled, the
    other duelist wins the Duel (the winner stays) and faces the first player in line."""
    s = dealt(3)
    a, b = s.duelists
    waiting = s.line[0]
    heroes = {a: s.hero[a], b: s.hero[b]}
    mark = len(s.events)
    s.concede(a, "time")
    assert [e.kind for e in s.events[mark:mark + 2]] == ["concede", "exile"]
    assert of(s.events[mark:], "exile") == [{"seat": a, "hero": heroes[a]}]
    assert of(s.events[mark:], "duel_end")[0]["winner"] == b
    assert {"seat": a} in of(s.events[mark:], "out")
    assert set(s.duelists) == {b, waiting} and s.line == []
    assert heroes[b] in s.hands[b]  # the winner's Hero goes back to its hand
    assert not s.can_concede(a) and s.to_act in (b, waiting)


def test_a_waiting_player_who_leaves_leaves_the_line() -> None:
    """A player waiting in line leaves it; the Duel goes on untouched."""
    s = dealt(4)
    before = (s.duelists, s.to_act, s.phase)
    leaving = s.line[1]
    s.concede(leaving)
    assert leaving not in s.line and (s.duelists, s.to_act, s.phase) == before
    assert of(s.events, "out")[-1] == {"seat": leaving}


def test_a_choice_made_face_down_goes_back_unseen_and_a_new_pairing_is_made() -> None:
    """The Heroes are being chosen: the other duelist's face-down Hero goes back to its
    hand (nothing is revealed) and it faces the first player in line."""
    s = _choosing(3)
    first, second = s.duelists
    chooser = s.to_act
    chosen = next(p for p in s.duelists if s.chosen[p])
    waiting = s.line[0]
    hero = s.chosen[chosen]
    mark = len(s.events)
    s.concede(chooser)
    assert hero in s.hands[chosen] and not s.chosen[chosen]
    assert all(hero not in str(e.fields) for e in s.events[mark:])  # never revealed
    pairing = of(s.events, "pairing")[-1]
    assert set(pairing["duelists"]) == {chosen, waiting} and chooser not in s.duelists
    assert {first, second} - {chooser} == {chosen}


def test_before_the_first_duel_the_player_is_left_out_of_the_draw() -> None:
    """While the cards are kept, a player who leaves is left out when the line is drawn
    (the Heroes it kept never fight)."""
    s = new_game("hoshi-battle", players=3, seed=2)
    assert isinstance(s, HoshiState) and s.phase == "keep"
    s.concede(2)
    while s.phase == "keep":
        s.apply(s.legal_actions()[0])
    assert 2 not in s.duelists and 2 not in s.line
    assert sorted(s.duelists) == [0, 1]


def test_a_position_after_a_concession_reads_back_and_its_record_replays() -> None:
    """The position keeps ``conceded``; the record holds ``concede P2`` and replays."""
    s = dealt(3)
    s.concede(s.line[0], "abandon")
    back = from_scenario(scenario_of(s))
    assert back.state_hash() == s.state_hash() and back.conceded == s.conceded
    rec = record_of(s)
    assert rec.actions[-1].startswith("concede P") and rec.actions[-1].endswith(" abandon")
    assert verify(rec).state_hash() == s.state_hash()
