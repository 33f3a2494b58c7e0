"""The rules kernel's forms at work in Hoshi Battle (issue 26, "The kernel carries the
forms above": "in Hoshi Battle a d12, drawing, looking, discarding, making the opponent
lose a stone, and 'while'"): each test plays a test Duel card (cards/kernel.toml) written
as data, in a Duel of the Constructed Deck Variant (helpers.position)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.core import Chance
from tabletop.games.hoshi_battle import HoshiState
from tabletop.games.hoshi_battle import board as fx
from tabletop.games.hoshi_battle.data import catalog
from tabletop.games.hoshi_battle.dice import FACES, STRIKE

from .helpers import new, of, position, seeded

KERNEL = str(Path(__file__).parent / "cards" / "kernel.toml")


def text(card: str) -> str:
    """A test card's text generated from its data."""
    return catalog(KERNEL).cards[card].text


def duel(**fields: Any) -> HoshiState:
    """A Duel of Crane Archer (P1, the d10) against Wind Dancer (P2, the d8) with the test
    cards, P1 to decide at the beginning of round 2."""
    return position("crane-archer", "wind-dancer", params={"cards": KERNEL}, **fields)


def test_roll_the_d12() -> None:
    """Issue 26: "a d12" (docs/rules/hoshi-battle.md, "The d12": an effect's roll only;
    the d10's faces and two more blanks). The Oracle Die: "Roll the d12: if you roll the
    symbol, your opponent loses a Hoshi Stone." Seeded both ways, only the symbol costs
    P2 a stone; the face rolled is one of twelve (the two last ones too)."""
    assert text("oracle-die") == "Play at the beginning of a round. Roll the d12: if you " \
        "roll the symbol, your opponent loses a Hoshi Stone."
    assert len(FACES[12]) == 12 and FACES[12].count(STRIKE) == 3
    s = duel(face1=["oracle-die"])

    def rolls(symbol: bool) -> Any:
        def run(c: HoshiState) -> bool:
            mark = len(c.events)
            c.apply("play oracle-die")
            (roll,) = of(new(c, mark), "roll")
            return (STRIKE in roll["counted"]) is symbol
        return run

    hit = seeded(s, rolls(True))
    assert hit.stones == [2, 1]
    missed = seeded(s, rolls(False))
    assert missed.stones == [2, 2]
    beyond = 0
    for k in range(40):  # each roll is a face of twelve, drawn from the game's chance
        c = s.clone()
        c.chance = Chance(k)
        i = Chance(k).below(12)
        beyond += i >= 10  # faces the d10 does not have
        mark = len(c.events)
        c.apply("play oracle-die")
        assert of(new(c, mark), "roll")[0]["face"] == FACES[12][i]
    assert beyond


def test_the_opponent_loses_a_stone() -> None:
    """Issue 26: "making the opponent lose a stone" (lose_stone, target opponent). The
    Curse: "Your opponent loses a Hoshi Stone." P2 goes from two stones to one."""
    assert text("curse") == "Play at the beginning of a round. Your opponent loses a Hoshi " \
        "Stone."
    s = duel(face1=["curse"])
    mark = len(s.events)
    s.apply("play curse")
    assert s.stones == [2, 1] and s.stone_lost
    assert of(new(s, mark), "stone") == [{"seat": 1, "change": -1, "stones": 1,
                                          "card": "curse"}]


def test_look_at_the_opponents_face_down_cards() -> None:
    """Issue 26: "looking". Scout's Map: "Look at your opponent's face-down Duel cards."
    P1 sees P2's two face-down cards: only P1's copy of the event names them."""
    assert text("scouts-map") == "Play at the beginning of a round. Look at your " \
        "opponent's face-down Duel cards."
    s = duel(face1=["scouts-map"], face2=["rage", "focus"])
    mark = len(s.events)
    s.apply("play scouts-map")
    (look,) = of(new(s, mark), "look")
    assert look["seat"] == 0 and look["owner"] == 1 and sorted(look["cards"]) == [
        "focus", "rage"]
    theirs = [e for e in s.events_for(1) if e.kind == "look"]
    assert [e.fields.get("cards") for e in theirs] == [None]


def test_draw_a_duel_card_from_the_undealt_pile() -> None:
    """Issue 26: "drawing" (docs/rules/hoshi-battle.md, "Drawing, looking and
    discarding"). The Supply Cache: "Draw a Duel card." In a dealt game (the Constructed
    Deck Variant has no pile) P1 plays it in the Duel's first window: the top card of the
    undealt pile joins its face-down cards (only P1's copy of the event names it), and the
    position, with four Duel cards held, is one the game can reach (it loads back)."""
    assert text("supply-cache") == "Play at the beginning of a round. Draw a Duel card."
    from tabletop.core import from_scenario, new_game

    s = None
    for seed in range(400):  # a deal that gives P1 the Supply Cache
        g = new_game("hoshi-battle", seed=seed, cards=KERNEL)
        assert isinstance(g, HoshiState)
        if "supply-cache" in g.cards[0]:
            s = g
            break
    assert s is not None
    while "play supply-cache" not in [a.to_text() for a in s.legal_actions()]:
        legal = [a.to_text() for a in s.legal_actions()]
        keep = [a for a in legal if a != "discard supply-cache" and not a.startswith("play")]
        s.apply(keep[0])
    top, pile, held = s.card_deck[-1], len(s.card_deck), len(s.cards[0])
    mark = len(s.events)
    s.apply("play supply-cache")
    assert top in s.cards[0] and len(s.cards[0]) == held and len(s.card_deck) == pile - 1
    assert s.drawn == [1, 0]
    (drawn,) = of(new(s, mark), "draw_card")
    assert drawn["card"] == top and drawn["seat"] == 0
    theirs = [e for e in s.events_for(1)[mark:] if e.kind == "draw_card"]
    assert [e.fields.get("card") for e in theirs] == [None]
    back = from_scenario({"game": "hoshi-battle", **s.to_data()}, files=[Path(KERNEL)])
    assert isinstance(back, HoshiState) and back.drawn == [1, 0] and back.cards == s.cards


def test_the_opponent_discards_at_random() -> None:
    """Issue 26: "discarding" (docs/rules/hoshi-battle.md, "Drawing, looking and
    discarding"). The Thief's Hook: "Your opponent discards a face-down Duel card at
    random." One of P2's two face-down cards, chosen by the game's chance, is revealed and
    leaves play as a used Power does."""
    assert text("thiefs-hook") == "Play at the beginning of a round. Your opponent discards " \
        "a face-down Duel card at random."
    s = duel(face1=["thiefs-hook"], face2=["rage", "focus"])
    mark = len(s.events)
    s.apply("play thiefs-hook")
    (left,) = [f for f in of(new(s, mark), "leave") if f["why"] == "discarded"]
    assert left["seat"] == 1
    assert len(s.cards[1]) == 1 and s.used[1][-1] == left["card"]
    assert sorted([*s.cards[1], left["card"]]) == ["focus", "rage"]


def test_while_a_condition_holds() -> None:
    """Issue 26: ""while" (a condition that holds an effect only while it is true)". Last
    Stand: "Stays in play. While you have one Hoshi Stone left, battle with the d8."
    Crane Archer battles with the d10 at two stones, the d8 at one, the d10 again once it
    regains a stone; the effect is one modifier made when the card was played
    (docs/rules/hoshi-battle.md, "While"), kept through a position's round trip."""
    assert text("last-stand") == "Play at the beginning of a round. Stays in play. While " \
        "you have one Hoshi Stone left, battle with the d8."
    s = duel(face1=["last-stand"])
    s.apply("play last-stand")
    assert fx.die_of(s, 0) == 10
    s.stones[0] = 1
    assert fx.die_of(s, 0) == 8
    from tabletop.core import from_scenario

    data = {"game": "hoshi-battle", **s.to_data()}
    back = from_scenario(data, files=[Path(KERNEL)])
    assert isinstance(back, HoshiState) and back.store == s.store
    assert fx.die_of(back, 0) == 8
    s.stones[0] = 2
    assert fx.die_of(s, 0) == 10
