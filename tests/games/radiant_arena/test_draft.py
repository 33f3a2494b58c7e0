"""The draft of radiant-arena (Now Let's Play! — Drafting; issue 12): decision points of the
game, before deployment.

The pick order (Pick Heroes: A pick, B pick, A ban, B ban, B pick, A pick, A pick, B pick),
bans, the secrecy of each player's deity and items (Pick Deities & Items: "Each player
secretly selects a deity and three items"), deck construction from the choices (Deck
Construction), and illegal choices refused naming the rule, with nothing changed.
"""

from __future__ import annotations

import json
import random

import pytest

from tabletop import new_game
from tabletop.core import IllegalActionError, Record, record_of, verify
from tabletop.games.radiant_arena.draft import ORDER, R_HEROES, R_ITEMS, hero_pool
from tabletop.games.radiant_arena.rules import DRAFT, ArenaState
from tabletop.games.radiant_arena.spec import catalog

CAT = catalog()
A, B = 0, 1
PICKS = ["itotia", "gorran", "maka", "bran", "aurelia", "nyx", "torvald", "eleanor"]


def drafted(seed: int = 5) -> ArenaState:
    state = new_game("radiant-arena", seed=seed, draft=True)
    assert isinstance(state, ArenaState)
    return state


def legal(s: ArenaState) -> list[str]:
    return [a.to_text() for a in s.legal_actions()]


def heroes_done(s: ArenaState) -> ArenaState:
    """The eight picks and bans of :data:`PICKS` in the rulebook's order."""
    for (verb, _), hero in zip(ORDER, PICKS, strict=True):
        s.apply(f"{verb} {hero}")
    return s


def finished(s: ArenaState) -> ArenaState:
    heroes_done(s)
    for a in ("deity wrathlord", "item fury", "item bloodstone", "item tome-of-ages",
              "deity wrathlord", "item fury", "item thorn-mail", "item wurmbane"):
        s.apply(a)
    return s


def refused(s: ArenaState, action: str, says: str, rule: str) -> None:
    """``action`` is illegal: the message quotes it, says why and names the rule; the
    state, its events and its legal actions are unchanged."""
    before, events, choices = s.to_data(), list(s.events), legal(s)
    with pytest.raises(IllegalActionError) as info:
        s.apply(action)
    message = str(info.value)
    assert action in message and says in message and rule in message, message
    assert s.to_data() == before and s.events == events and legal(s) == choices


def test_the_drafting_cards_are_the_eighteen_heroes() -> None:
    """Components: 18 Drafting Cards, one per hero; the draft starts with A's pick among
    all 18 (no deck is dealt yet: the game proper has not begun)."""
    s = drafted()
    assert hero_pool(CAT) == tuple(sorted(u.id for u in CAT.units.values() if not u.is_deity))
    assert len(hero_pool(CAT)) == 18
    assert s.phase == DRAFT and s.to_act == A
    assert legal(s) == [f"pick {h}" for h in hero_pool(CAT)]
    assert s.hands == [[], []] and s.decks == [[], []] and s.unit_card == ()
    view = s.view(A)
    assert view["phase"] == "draft" and view["units"] == [] and view["draft"]["stage"] == "pick"


def test_the_pick_order_of_the_rulebook() -> None:
    """Pick Heroes: "1. Player A Pick 2. Player B Pick 3. Player A Ban 4. Player B Ban 5.
    Player B Pick 6. Player A Pick 7. Player A Pick 8. Player B Pick"."""
    s = drafted()
    seen = []
    for (verb, seat), hero in zip(ORDER, PICKS, strict=True):
        assert s.to_act == seat
        assert {a.split()[0] for a in legal(s)} == {verb}
        seen.append(("AB"[seat], verb))
        s.apply(f"{verb} {hero}")
    assert seen == [("A", "pick"), ("B", "pick"), ("A", "ban"), ("B", "ban"), ("B", "pick"),
                    ("A", "pick"), ("A", "pick"), ("B", "pick")]
    d = s.draft
    assert d is not None
    assert d.picks == (("itotia", "nyx", "torvald"), ("gorran", "aurelia", "eleanor"))
    assert d.bans == ("maka", "bran")
    # then each player's deity and items: A first
    assert s.to_act == A and legal(s)[0].startswith("deity ")


def test_picked_and_banned_heroes_leave_the_pool() -> None:
    """Pick Heroes: "Once a hero has been picked, they cannot be picked again by either
    player"; "Once a hero has been banned, they cannot be picked by either player"."""
    s = drafted()
    for a in ("pick itotia", "pick gorran", "ban maka", "ban bran"):
        s.apply(a)
    assert not {"pick itotia", "pick gorran", "pick maka", "pick bran"} & set(legal(s))
    assert len(legal(s)) == 14
    refused(s, "pick maka", "maka is banned", R_HEROES)
    refused(s, "pick itotia", "itotia was picked by Player A", R_HEROES)
    refused(s, "pick gorran", "gorran was picked by you", R_HEROES)
    refused(s, "pick oracle", "'oracle' is not a hero of the drafting cards", R_HEROES)
    refused(s, "pick nobody", "'nobody' is not a hero of the drafting cards", R_HEROES)


def test_an_illegal_choice_names_the_rule_and_changes_nothing() -> None:
    """A ban when a pick is due, a pick when a ban is due, the game's actions before the
    draft is done, an item before the deity, an item chosen twice: each refused with the
    rule, the state unchanged."""
    s = drafted()
    refused(s, "ban itotia", "it is time to pick a hero for Player A, not to ban", R_HEROES)
    refused(s, "deploy alyn left", "'deploy' is not possible during the draft", R_HEROES)
    s.apply("pick itotia")
    s.apply("pick gorran")
    refused(s, "pick maka", "it is time to ban a hero for Player A, not to pick", R_HEROES)
    heroes = drafted()
    heroes_done(heroes)
    refused(heroes, "item fury", "time to choose your deity", R_ITEMS)
    refused(heroes, "deity alyn", "'alyn' is not a deity", R_ITEMS)
    heroes.apply("deity oracle")
    heroes.apply("item fury")
    refused(heroes, "item fury", "you have chosen fury already", R_ITEMS)
    refused(heroes, "item excalibur", "'excalibur' is not an item", R_ITEMS)


def test_deity_and_items_are_secret_until_revealed_in_play() -> None:
    """Pick Deities & Items: each player chooses "secretly": the other seat's view shows
    only that a deity and how many items were chosen, its copies of those events have no
    card, and after the draft its view of the game has the deity face down and the shop's
    items as a count (Getting Started: "Your Deity and Item cards should be kept secret")."""
    s = drafted()
    heroes_done(s)
    for a in ("deity wrathlord", "item fury", "item bloodstone"):
        s.apply(a)
    b = s.view(B)["draft"]["players"][A]
    assert b == {"seat": A, "picks": ["itotia", "nyx", "torvald"], "deity": None,
                 "deity_chosen": True, "items": None, "items_chosen": 2}
    assert s.view(A)["draft"]["players"][A]["deity"] == "wrathlord"
    assert s.view(A)["draft"]["players"][A]["items"] == ["fury", "bloodstone"]
    # B cannot tell these choices from any others: its view and events are the same
    other = heroes_done(drafted())
    for a in ("deity oracle", "item wurmbane", "item chalice-of-life"):
        other.apply(a)
    assert other.view(B) == s.view(B) and other.view(None) == s.view(None)
    assert [e.to_json() for e in other.events_for(B)] == [e.to_json() for e in
                                                         s.events_for(B)]
    mine = [e for e in s.events_for(A) if e.kind in ("draft_deity", "draft_item")]
    theirs = [e for e in s.events_for(B) if e.kind in ("draft_deity", "draft_item")]
    assert [e.fields.get("deity") or e.fields.get("item") for e in mine] == [
        "wrathlord", "fury", "bloodstone"]
    assert all("deity" not in e.fields and "item" not in e.fields for e in theirs)
    assert [e.fields.get("count") for e in theirs] == [None, 1, 2]
    # B's own choice of the same deity is allowed, and stays as secret from A
    for a in ("item tome-of-ages", "deity wrathlord", "item fury", "item thorn-mail",
              "item wurmbane"):
        s.apply(a)
    assert s.phase != DRAFT
    for seat in (A, B):
        v = s.view(1 - seat)
        deity = v["units"][seat * 4 + 3]
        assert deity == {"owner": seat, "deity": True, "zone": "home", "hidden": True}
        assert "shop_items" not in v["players"][seat] and v["players"][seat]["shop"] == 3
        assert v["draft"]["players"][seat]["deity"] is None


def test_the_decks_are_built_from_the_draft() -> None:
    """Deck Construction: "Players build their skill decks by using the skill cards
    associated with the heroes they selected and the conduits that correspond to their
    deity choice"; then the game is set up and deployment begins (A first)."""
    s = finished(drafted())
    assert s.unit_card == ("itotia", "nyx", "torvald", "wrathlord",
                           "gorran", "aurelia", "eleanor", "wrathlord")
    for seat, heroes in ((A, ("itotia", "nyx", "torvald")), (B, ("gorran", "aurelia",
                                                                  "eleanor"))):
        cards = sorted(s.hands[seat] + s.decks[seat])
        assert cards == sorted(k for h in heroes for k in CAT.skill_set(h))
        assert len(s.hands[seat]) == 5
        assert sorted(s.cond[seat]) == sorted(CAT.units["wrathlord"].conduits)
    assert sorted(s.shops[A]) == ["bloodstone", "fury", "tome-of-ages"]
    assert sorted(s.shops[B]) == ["fury", "thorn-mail", "wurmbane"]
    assert s.view(A)["phase"] == "deploy" and s.to_act == A
    assert [e.kind for e in s.events[-12:]].count("setup") == 2


def test_a_drafted_game_replays_and_its_positions_round_trip() -> None:
    """Records hold the draft's choices: replaying one reaches the same hash; a position
    during the draft and one after it (``to_data``) load back as the same position."""
    from tabletop.core import from_scenario

    s = drafted(9)
    rng = random.Random(9)
    for _ in range(10):
        s.apply(rng.choice(s.legal_actions()))
    mid = from_scenario({"game": "radiant-arena", **s.to_data()})
    assert mid.state_hash() == s.state_hash() and legal(mid) == legal(s)
    while s.phase == DRAFT or len(s.history) < 40:
        s.apply(rng.choice(s.legal_actions()))
    later = from_scenario({"game": "radiant-arena", **s.to_data()})
    assert later.state_hash() == s.state_hash() and later.view(A) == s.view(A)
    record = Record.from_json(json.loads(record_of(s).dumps()))
    assert record.params["draft"] is True
    assert verify(record).state_hash() == s.state_hash()
