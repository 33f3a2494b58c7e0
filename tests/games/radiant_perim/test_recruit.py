"""Phase 1: Recruit."""

from __future__ import annotations

from tabletop.core import new_game
from tabletop.games.radiant_perim.rules import C

from .helpers import assert_illegal, events, legal, position, texts


def name(slug: str) -> str:
    """A card as people read it: ``Avis Knight``."""
    return " ".join(w.capitalize() for w in slug.split("."))

ALL_CARDS = [C.card_slug(t) for t in range(C.n_types) for _ in range(2)]


def short_deck(deck_size: int, *, players: int = 2, dealer: int = 1):
    """A Recruit position whose deck holds only ``deck_size`` cards (the others are in the
    hands, the pool and, to make the deck short, in P1's hand)."""
    cards = ALL_CARDS[:]
    deal = {2: 10, 3: 9, 4: 8}[players]
    hands = [cards[i * deal:(i + 1) * deal] for i in range(players)]
    rest = cards[players * deal:]
    pool, rest = rest[:9], rest[9:]
    deck, parked = rest[:deck_size], rest[deck_size:]
    seats = [{"hand": h} for h in hands]
    seats[0]["hand"] += parked
    return position(players=players, phase="recruit", dealer=dealer, radiant="avis",
                    pool=pool, deck=deck, picks_left=4 * players, seat=seats)


def test_recruit_begins_left_of_dealer_and_goes_left() -> None:
    """Phase 1: Recruit: "Beginning left of the dealer, players take turns choosing a card
    from the drafting pool"."""
    s = short_deck(20, players=3, dealer=1)
    order = []
    for _ in range(12):
        order.append(s.to_act)
        s.apply(s.legal_actions()[0])
    assert order == [2, 0, 1] * 4  # P3 is left of the dealer, P2


def test_recruit_four_picks_each_then_meld() -> None:
    """Phase 1: Recruit: "until each player has drafted four cards into their hand"; then
    Phase 2: Meld begins (left of the dealer chooses first)."""
    s = new_game("radiant-perim", 3, seed=9)
    before = [sum(h) for h in s.hands]
    for _ in range(11):
        s.apply(s.legal_actions()[-1])
    assert s.to_data()["phase"] == "recruit"
    s.apply(s.legal_actions()[-1])
    assert s.to_data()["phase"] == "meld"
    assert [sum(h) for h in s.hands] == [n + 4 for n in before]
    assert s.to_act == (s.dealer + 1) % 3
    assert_illegal(s, "pick a1", "Phase 1: Recruit")


def test_recruit_taken_card_is_replaced_from_the_deck() -> None:
    """Phase 1: Recruit: "Each time a card is taken, it is replaced with a card from the
    deck so there are always nine choices"."""
    s = new_game("radiant-perim", 2, seed=5)
    data = s.to_data()
    taken, top = data["pool"][4], data["deck"][-1]
    s.apply("pick b2")
    after = s.to_data()
    assert after["pool"][4] == top
    assert len(after["deck"]) == len(data["deck"]) - 1
    assert sorted(after["seat"][0]["hand"]) == sorted(data["seat"][0]["hand"] + [taken])
    assert len(legal(s)) == 9


def test_recruit_picks_are_seen_by_everyone() -> None:
    """Phase 1: Recruit: the drafting pool is face up, so every player sees which card is
    drafted and what replaces it."""
    s = new_game("radiant-perim", 3, seed=5)
    taken = s.to_data()["pool"][0]
    s.apply("pick a1")
    refill = s.to_data()["pool"][0]
    for seat in (None, 1, 2):
        view = s.view(seat)
        assert view["hands"][0]["known"] == [taken]
        assert events(s, "pick", seat) == [{"seat": 0, "slot": "a1", "card": taken}]
        assert events(s, "refill", seat) == [{"slot": "a1", "card": refill,
                                              "deck": view["deck"]}]
        assert view["pool"] == s.to_data()["pool"]
    assert texts(s, 1)[-2:] == [f"P1 drafts {name(taken)} from a1.",
                                f"a1 is refilled with {name(refill)}; {s.view(1)['deck']} "
                                "cards left in the deck."]


def test_recruit_fewer_choices_when_the_deck_runs_out() -> None:
    """Phase 1: Recruit: "there will be fewer choices when the deck runs out"; an emptied
    slot cannot be picked."""
    s = short_deck(2)
    counts = []
    for _ in range(8):
        counts.append(len(s.legal_actions()))
        s.apply(s.legal_actions()[0])
    assert counts == [9, 9, 9, 8, 7, 6, 5, 4]
    assert s.to_data()["phase"] == "meld"
    assert s.to_data()["pool"].count("") == 6
    assert {"slot": "a1"} in events(s, "slot_empty")


def test_recruit_empty_slot_is_illegal() -> None:
    """Phase 1: Recruit: only a card of the drafting pool may be chosen."""
    s = short_deck(0)
    s.apply("pick a1")
    assert s.to_data()["pool"][0] == ""
    err = assert_illegal(s, "pick a1", "Phase 1: Recruit")
    assert "empty" in str(err)


def test_recruit_four_player_pool_is_used_up() -> None:
    """Phase 1: Recruit with four players: 8 dealt each, 9 in the pool, 7 in the deck and
    16 picks: the last pick has a single choice."""
    s = new_game("radiant-perim", 4, seed=2)
    assert len(s.to_data()["deck"]) == 7
    counts = []
    for _ in range(16):
        counts.append(len(s.legal_actions()))
        s.apply(s.legal_actions()[0])
    assert counts == [9] * 8 + [8, 7, 6, 5, 4, 3, 2, 1]
    assert s.to_data()["phase"] == "meld"


def test_recruit_leftover_pool_and_deck_are_set_aside() -> None:
    """Phase 1: Recruit: "The deck and any remaining cards in the drafting pool are then
    set aside. These cards will not be used again until the next age." """
    s = new_game("radiant-perim", 2, seed=1)
    for _ in range(8):
        s.apply(s.legal_actions()[0])
    pool, deck = s.to_data()["pool"], s.to_data()["deck"]
    assert s.to_data()["phase"] == "meld"
    for _ in range(2):
        s.apply("meld done")
    assert s.to_data()["phase"] == "war"
    assert s.to_data()["pool"] == pool and s.to_data()["deck"] == deck
    assert events(s, "recruit_ends", None) == [{"deck": len(deck),
                                                "set_aside": [c for c in pool if c]}]
    assert events(s, "meld_begins", None) == [{"seat": (s.dealer + 1) % 2}]
