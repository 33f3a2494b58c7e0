"""Property tests of radiant-arena (hypothesis): random games end, cards are conserved,
illegal actions change nothing, records replay, and no hidden card leaks to a seat.

Rulebook: ../shared/rules/radiant-offline-battle-arena.txt. Hidden information:
docs/rules/radiant-arena.md, "Hidden information" (a seat sees its own hand, shop, deity and
ruined conduit faces; clash cards are hidden until revealed; a deity until it manifests; a
conduit's ruined face until it is ruined; an item until it is bought; no deck's order).

Some games load the rulebook's example cards (tests/games/radiant_arena/cards/examples.toml)
besides the starter decks: they add a third deity, The Wrathlord, so that a face-down deity
has more than one possible identity and hiding it can be checked.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import (
    Action,
    IllegalActionError,
    NotationError,
    Record,
    TabletopError,
    new_game,
    record_of,
    verify,
)
from tabletop.games.radiant_arena import ArenaState
from tabletop.games.radiant_arena import rules as R
from tabletop.games.radiant_arena.actions import LANES, act, parse
from tabletop.games.radiant_arena.data import PILOT
from tabletop.games.radiant_arena.spec import catalog

GAME = "radiant-arena"
EXAMPLES = str(Path(__file__).parents[1] / "games" / "radiant_arena" / "cards" / "examples.toml")
# TABLETOP_PROPERTY_SCALE multiplies every max_examples (1: this file runs in about 30 s on
# two cores; 10 or 100 for a soak run).
SCALE = float(os.environ.get("TABLETOP_PROPERTY_SCALE", "1"))
MAX_DECISIONS = 3_000  # a random game takes about 250 decisions; it ends by deck-out at most
RULES = {v for k, v in vars(R).items() if k.startswith("R_")}
SETTINGS: dict[str, Any] = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**63 - 1)
# Parametrized, so parallel runs spread the examples. "pilot": the pilot set written
# purely as data (data/pilot.toml): its deck against starter deck B, or against its
# second deck (the same deity on both sides).
CARDS = ("starter", "examples", "pilot")


def examples(n: int) -> int:
    """``n`` hypothesis examples, scaled for soak runs."""
    return max(1, round(n * SCALE))


def start(seed: int, cards: str) -> ArenaState:
    if cards == "pilot":
        state = new_game(GAME, seed=seed, cards=str(PILOT), deck_a="pilot",
                         deck_b="b" if seed % 2 else "pilot-b")
    else:
        state = new_game(GAME, seed=seed, **({"cards": EXAMPLES} if cards == "examples"
                                             else {}))
    assert isinstance(state, ArenaState)
    return state


# --- every action the notation can express -------------------------------------------------


def all_actions() -> list[Action]:
    """Every action of the notation over the starter decks' names (legal or not), and a few
    naming cards that do not exist."""
    cat = catalog()
    units = [*(h for d in "ab" for h in cat.decks[d].heroes), "final-judge", "oracle"]
    skills = sorted(k for d in "ab" for h in cat.decks[d].heroes for k in cat.skill_set(h))
    skills = sorted(set(skills))
    items = sorted({i for d in "ab" for i in cat.decks[d].items})
    abilities = sorted({t.id for x in units for side in cat.units[x].sides for t in side.talents}
                       | {t.id for i in items for t in cat.items[i].talents}
                       | {k for k in skills if cat.skills[k].talent is not None})
    out = [act("no-block"), act("no-clash"), act("pass"), act("target", "conduit"),
           act("choose", "attack"), act("choose", "armor"), act("attack", "nobody"),
           act("buy", "excalibur", "alyn"), act("move", "alyn", "up")]
    for x in units:
        for verb in ("attack", "with", "target", "block", "recover", "level", "assign"):
            out.append(act(verb, x))
        for lane in LANES:
            out += [act("deploy", x, lane), act("move", x, lane), act("place", x, lane),
                    act("revive", "buyback", x, lane)]
            out += [act("manifest", d, lane, "banish", x) for d in ("final-judge", "oracle")]
        out += [act("talent", f"{x}:{a}") for a in abilities]
        out += [act("clash", k, "by", x) for k in skills]
        out += [act("buy", i, x) for i in items]
    for lane in LANES:
        out += [act("lane", lane), act("revive", "mass", lane)]
    out += [act("clash", k) for k in skills] + [act("discard", k) for k in skills]
    return out


ALL_ACTIONS = all_actions()


# --- random games ----------------------------------------------------------------------------


class Walk:
    """A seeded random game, played in place; remembers items that went to the void with a
    banished hero (Manifestation: "its item goes to the void with it")."""

    def __init__(self, seed: int, cards: str = "starter") -> None:
        self.state = start(seed, cards)
        self.rng = random.Random(seed ^ 0x5A5A)
        self.voided: list[list[str]] = [[], []]
        self.steps = 0

    def step(self) -> Action:
        s = self.state
        action = self.rng.choice(s.legal_actions())
        if action.verb == "manifest":  # type: ignore[attr-defined]
            banished = s.names[action.args[3]]  # type: ignore[attr-defined]
            if s.item[banished]:
                self.voided[R.owner(banished)].append(s.item[banished])
        s.apply(action)
        self.steps += 1
        assert self.steps <= MAX_DECISIONS, "the game did not end"
        return action

    def positions(self) -> Iterator[ArenaState]:
        """Every position (the same object, advanced in place), the final one included."""
        while True:
            yield self.state
            if self.state.to_act is None:
                return
            self.step()


def position_at(seed: int, fraction: float, cards: str = "starter") -> ArenaState:
    """The position after about ``fraction`` of a random game (a clone)."""
    states = [s.clone() for s in Walk(seed, cards).positions()]
    return states[min(len(states) - 1, int(fraction * len(states)))]


def skill_places(s: ArenaState, seat: int) -> Counter[str]:
    """Every skill card of ``seat`` wherever it is: hand, deck, discard pile (skill ids only:
    destroyed items go there too), clash cards on the table, and a skill card used for its
    talent while its effect resolves."""
    out = Counter(s.hands[seat]) + Counter(s.decks[seat])
    out += Counter(k for k in s.discards[seat] if k in s.cat.skills)
    out += Counter(k for v, k, _ in clashes(s) if R.owner(v) == seat)
    out += Counter(f.ctx["skill"] for f in s.stack if f.ctx.get("skill") and f.ctx["p"] == seat)
    out += Counter(k for k in s.void[seat] if k in s.cat.skills)
    return out


def clashes(s: ArenaState) -> list[tuple[int, str, bool]]:
    """The clash cards on the table (none outside a combat)."""
    return list(s.combat.clashes) if s.combat is not None else []


def item_places(s: ArenaState, seat: int, voided: list[str]) -> Counter[str]:
    """Every item of ``seat``: in the shop, equipped, destroyed (discard pile) or in the void
    (with a banished hero: the state keeps the void, and the walk checks it saw them go)."""
    out = Counter(s.shops[seat]) + Counter(s.item[v] for v in s.units_of(seat) if s.item[v])
    out += Counter(k for k in s.discards[seat] if k in s.cat.items)
    assert Counter(k for k in s.void[seat] if k in s.cat.items) == Counter(voided)
    return out + Counter(voided)


def check_conservation(w: Walk) -> None:
    s = w.state
    for seat, key in ((R.A, "deck_a"), (R.B, "deck_b")):
        deck = s.cat.decks[s.params[key]]
        skills = Counter(k for h in deck.heroes for k in s.cat.skill_set(h))
        assert sum(skills.values()) == 30
        assert skill_places(s, seat) == skills, f"seat {seat}: a skill card is lost or doubled"
        assert item_places(s, seat, w.voided[seat]) == Counter(deck.items), \
            f"seat {seat}: an item is lost or doubled"


@pytest.mark.parametrize("cards", CARDS)
@settings(max_examples=examples(70), **SETTINGS)
@given(seed=seeds)
def test_random_games_finish_conserving_cards(seed: int, cards: str) -> None:
    """Winning & Losing: every game ends (a deity KO'd or banished, or a draw from an empty
    deck), within a bound, with one winner (the pilot cards too). At every step each seat's
    30 skill cards are each in exactly one place and its 3 items in the shop, equipped,
    destroyed or in the void; the legal actions are never empty and each round-trips
    through the notation."""
    w = Walk(seed, cards)
    for s in w.positions():
        check_conservation(w)
        if s.to_act is not None:
            legal = s.legal_actions()
            assert legal, "a seat must decide but has nothing to do"
            assert len(set(legal)) == len(legal)
            for a in legal:
                assert parse(a.to_text()) == a
    out = s.outcome()
    assert out is not None and out.reason
    assert sorted(out.scores) == [0.0, 1.0] and len(out.winners) == 1
    assert 6 < w.steps <= MAX_DECISIONS  # deployment is 6 decisions


@settings(max_examples=examples(80), **SETTINGS)
@given(seed=seeds, fraction=st.floats(0, 1), data=st.data())
def test_illegal_action_changes_nothing(seed: int, fraction: float,
                                        data: st.DataObject) -> None:
    """DESIGN.md core contract: an illegal action raises ``IllegalActionError`` naming the
    rule and its section, and leaves the state exactly as it was."""
    s = position_at(seed, fraction)
    legal = set(s.legal_actions())
    illegal = [a for a in ALL_ACTIONS if a not in legal]
    before = observable(s)
    for action in data.draw(st.lists(st.sampled_from(illegal), min_size=1, max_size=8)):
        text = action.to_text()
        with pytest.raises(IllegalActionError) as err:
            s.apply(text)
        msg = str(err.value)
        assert msg.startswith(f'illegal: "{text}" — ')
        assert err.value.rule in RULES and msg.endswith(f"({err.value.rule})")
        assert observable(s) == before


def observable(s: ArenaState) -> tuple[object, ...]:
    return (s.to_data(), [s.view(x) for x in (0, 1, None)], list(s.events),
            [a.to_text() for a in s.legal_actions()], s.to_act)


@pytest.mark.parametrize("cards", CARDS)
@settings(max_examples=examples(20), **SETTINGS)
@given(seed=seeds, fraction=st.floats(0, 1))
def test_records_replay_to_the_same_hash(seed: int, cards: str, fraction: float) -> None:
    """DESIGN.md: replaying a record reproduces the same state hash, from a record cut at any
    point of a random game (through JSON, as a record file is read)."""
    s = position_at(seed, fraction, cards)
    record = Record.from_json(json.loads(record_of(s).dumps()))
    # A record's card files are opened only when given explicitly (issue "Core 1.1").
    files = [Path(p) for p in s.params["cards"].split(",") if p]
    assert verify(record, files=files).state_hash() == s.state_hash()


# --- hidden information ------------------------------------------------------------------------


def face_down(s: ArenaState, seat: int) -> bool:
    """Whether ``seat``'s deity has never manifested (manifesting banishes a hero)."""
    return s.zone[seat * 4 + R.DEITY] == R.HOME and s.banished[seat] < 0


def deity_options(s: ArenaState, seat: int) -> list[str]:
    """The deities a face-down deity of ``seat`` may be (hidden.py's rule)."""
    ruined = {s.cond[seat][x] for x in range(3) if s.ruined[seat][x]}
    # Both seats may field the same deity (Pick Deities & Items): any deity may be it.
    return [d for d, unit in s.cat.units.items()
            if unit.is_deity and ruined <= set(unit.conduits)]


def hidden_of(s: ArenaState, o: int) -> dict[str, Any]:
    """What the seat other than ``o`` cannot see of ``o``."""
    return {
        "hand": sorted(s.hands[o]),
        "deck": list(s.decks[o]),
        "clash": [k for v, k, up in clashes(s) if not up and R.owner(v) == o],
        "shop": sorted(s.shops[o]),
        "deity": s.unit_card[o * 4 + R.DEITY] if face_down(s, o) else None,
        "conduits": [s.cond[o][x] for x in range(3) if not s.ruined[o][x]],
    }


def can_vary(s: ArenaState, o: int) -> dict[str, bool]:
    """Which hidden parts of ``o`` a fair re-deal should change over a couple dozen tries:
    one whose cards can be swapped with enough other unseen cards (at least 4 elsewhere,
    of at least 3 kinds in all, so an unchanged deal is very unlikely)."""
    hand, deck = Counter(s.hands[o]), Counter(s.decks[o])
    clash = Counter(hidden_of(s, o)["clash"])
    kinds = len(hand + deck + clash)
    shown = {i for i in (*s.item[o * 4:o * 4 + 4], *s.discards[o]) if i in s.cat.items}
    return {
        "hand": bool(hand) and (deck + clash).total() >= 4 and kinds >= 3,
        "deck": len(deck) >= 2 and deck.total() >= 4,
        "clash": bool(clash) and (hand + deck).total() >= 4 and kinds >= 3,
        "shop": 0 < len(s.shops[o]) < len(set(s.cat.items) - shown),
        "deity": face_down(s, o) and len(deity_options(s, o)) >= 2,
        "conduits": sum(not r for r in s.ruined[o]) >= 2,
    }


def check_view_hides(view: dict[str, Any], seat: int) -> None:
    """The other seat's hidden things have no place in ``seat``'s view."""
    o = 1 - seat
    theirs = view["players"][o]
    assert "cards" not in theirs and "shop_items" not in theirs
    assert "cards" in view["players"][seat]
    for c in theirs["conduits"]:
        if not c["ruined"]:
            assert c["name"] is None and c["text"] is None
    deity = view["units"][o * 4 + R.DEITY]
    if deity.get("hidden"):
        assert set(deity) == {"owner", "deity", "zone", "hidden"}
    combat = view["combat"]
    if combat:
        mine = {x["id"] for x in view["units"] if "id" in x and x["owner"] == seat}
        for clash in combat["clashes"]:
            if not clash["face_up"] and clash["hero"] not in mine:
                assert clash["card"] is None


def check_resample(s: ArenaState, seat: int, r: ArenaState) -> None:
    """What ``seat`` knows is kept by the resample ``r``."""
    assert r.view(seat) == s.view(seat)
    assert r.events_for(seat) == s.events_for(seat)
    assert r.view(None) == s.view(None)
    assert r.hands[seat] == s.hands[seat] and r.shops[seat] == s.shops[seat]
    # its own deck: the same cards, in an order that says nothing of the true one
    assert sorted(r.decks[seat]) == sorted(s.decks[seat])
    assert len(r.hands[1 - seat]) == len(s.hands[1 - seat])
    assert len(r.decks[1 - seat]) == len(s.decks[1 - seat])
    if s.to_act == seat:  # the seat's own choices depend only on what it knows
        assert r.legal_actions() == s.legal_actions()


def resample_and_check(s: ArenaState, seat: int, tries: int = 24) -> set[str]:
    """Resample ``tries`` times; every resample keeps the seat's knowledge; return the
    hidden parts that some resample changed. Fails if one that should vary never does."""
    o = 1 - seat
    check_view_hides(s.view(seat), seat)
    before = hidden_of(s, o)
    changed: set[str] = set()
    for k in range(tries):
        r = s.resample(seat, random.Random(k))
        check_resample(s, seat, r)
        after = hidden_of(r, o)
        changed |= {key for key in before if after[key] != before[key]}
    should = {key for key, yes in can_vary(s, o).items() if yes}
    assert should <= changed, f"the re-deal never changed {sorted(should - changed)}"
    return changed


@pytest.mark.parametrize("cards", CARDS)
@settings(max_examples=examples(40), **SETTINGS)
@given(seed=seeds, fractions=st.lists(st.floats(0, 1), min_size=1, max_size=3))
def test_no_leak_resample_changes_nothing_the_seat_sees(seed: int, cards: str,
                                                        fractions: list[float]) -> None:
    """STYLE.md, Hidden information: re-deal everything a seat cannot see, and that seat's
    view and event stream must not change. At random points of random games, for both
    seats: resamples keep the seat's view, its events and the spectator view; and over the
    samples the other seat's hand and deck order, its face-down clash card, its shop, its
    face-down deity and where its consecrated conduits lie do change whenever another deal
    is possible, so none of them can have been in the seat's view."""
    states = [x.clone() for x in Walk(seed, cards).positions()]
    for fraction in fractions:
        s = states[min(len(states) - 1, int(fraction * len(states)))]
        for seat in (R.A, R.B):
            resample_and_check(s, seat)


def test_no_leak_every_hidden_part_is_exercised() -> None:
    """The resample test above over fixed games: each kind of hidden thing (a hand, a deck's
    order, a face-down clash card, a shop, a face-down deity, the consecrated conduits'
    places) is actually re-dealt somewhere, so each kind is checked."""
    changed: set[str] = set()
    for seed in range(6):
        for i, s in enumerate(Walk(seed, "examples").positions()):
            if i % 7 and not (clashes(s) and not clashes(s)[-1][2]):
                continue
            changed |= resample_and_check(s.clone(), s.to_act if s.to_act is not None else 0,
                                          tries=12)
    assert changed == {"hand", "deck", "clash", "shop", "deity", "conduits"}


def test_no_leak_what_a_player_looked_at() -> None:
    """Issue 11, "reveal and look (what a player has seen is recorded so that resample
    keeps it)": in pilot games (Tidal Insight, Drowned Shrine), after a seat looks at
    cards its view lists what it knows, a resample for it keeps those cards where it saw
    them, the other seat's copy of the look event hides them, and a resample for the other
    seat changes nothing that seat sees."""
    looked = 0
    for seed in range(12):
        for s in Walk(seed, "pilot").positions():
            if not s.seen:
                continue
            looked += 1
            for seat in (0, 1):
                facts = [f for f in s.seen if f[1] == seat]
                assert len(s.view(seat)["players"][seat]["known"]) == len(facts)
                for k in range(3):
                    r = s.resample(seat, random.Random(k))
                    for f in facts:
                        if f[0] == "deck":
                            assert r.decks[f[2]][f[3]] == f[4]
                        else:
                            assert f[3] in r.hands[f[2]]
                    check_resample(s, seat, r)
            copies = {seat: s.events_for(seat) for seat in (0, 1, None)}
            for i, e in enumerate(s.events):
                if e.kind == "look":
                    viewer = e.fields["seat"]
                    assert copies[viewer][i].fields["cards"] == e.fields["cards"]
                    for other in (1 - viewer, None):
                        assert "cards" not in copies[other][i].fields
    assert looked > 50


@settings(max_examples=examples(80), **SETTINGS)
@given(seed=seeds, fraction=st.floats(0, 1), data=st.data())
def test_no_leak_same_story_same_view(seed: int, fraction: float, data: st.DataObject) -> None:
    """The re-deal test carried forward: from a position and a resample of it for one seat,
    play the same actions in both; while that seat is told the same events, its view stays
    equal (nothing hidden shows through the consequences of play)."""
    s = position_at(seed, fraction, "examples")
    seat = data.draw(st.integers(0, 1))
    real, other = s.clone(), s.resample(seat, random.Random(seed))
    rng = random.Random(seed + 1)
    for _ in range(40):
        if real.to_act is None or other.to_act != real.to_act:
            break
        theirs = set(other.legal_actions())
        common = [a for a in real.legal_actions() if a in theirs]
        if not common:
            break
        action = rng.choice(common)
        n = len(real.events_for(seat))
        real.apply(action)
        other.apply(action)
        if real.events_for(seat)[n:] != other.events_for(seat)[n:]:
            break  # the seat learned something that differs: views may differ now
        assert other.view(seat) == real.view(seat), f"after {action} the view differs"


# Private fields and the seat field naming who may see them (events.py).
PRIVATE = {"setup": ("deity", "conduits", "items"), "draw": ("card",), "clash": ("card",)}


def test_private_fields_stay_private() -> None:
    """Setting Up, the Draw Step, Step Two: the card drawn, the card clashed face down, and
    a seat's deity, conduits and items at setup are fields only that seat's copy shows;
    the other seat's and a spectator's copies lack them, and say so in their sentence."""
    w = Walk(7)
    for _ in w.positions():
        pass
    events = w.state.events
    assert {e.kind for e in events} >= set(PRIVATE)
    for seat in (0, 1, None):
        mine = w.state.events_for(seat)
        assert len(mine) == len(events)  # no event is hidden whole, only fields
        for real, copy in zip(events, mine, strict=True):
            hidden = PRIVATE.get(real.kind, ())
            owner = real.fields["seat"] if hidden else None
            for name in hidden:
                assert (name in copy.fields) == (seat == owner), (real.kind, name, seat)
            if hidden and seat != owner:
                assert copy.text != real.text
                assert all(str(real.fields[n]) not in json.dumps(copy.to_json())
                           for n in hidden if isinstance(real.fields[n], str))


def test_no_leak_the_own_deck_order_is_resampled_too() -> None:
    """Setting Up Your First Game, 4 ("Each player shuffles their skill deck"): a seat
    knows the cards of its own deck, not their order, so a resample deals its own deck
    from what it knows: two positions differing only in that order resample alike."""
    s = position_at(3, 0.3)
    seat = s.to_act if s.to_act is not None else 0
    shuffled = s.clone()
    random.Random(9).shuffle(shuffled.decks[seat])
    assert shuffled.decks[seat] != s.decks[seat]
    a = s.resample(seat, random.Random(1))
    b = shuffled.resample(seat, random.Random(1))
    assert a.decks[seat] == b.decks[seat] and a.hands == b.hands
    orders = {tuple(s.resample(seat, random.Random(k)).decks[seat]) for k in range(5)}
    assert len(orders) > 1


def test_views_show_the_stats_the_rules_use() -> None:
    """Items (stat bonuses, granted keywords) and effects until the end of a turn or combat:
    every unit's attack, armor, health and keywords in a view are the ones the rules
    apply (``stats`` computes them in one pass for views)."""
    checked = 0
    for seed in range(4):
        for s in Walk(seed).positions():
            for u in range(8):
                assert s.stats(u) == (s.attack_of(u), s.armor_of(u), s.health_of(u),
                                      s.keywords(u))
                checked += 1
    assert checked > 1000


# --- any text: the parser and apply never crash -------------------------------------------

HARD_TEXTS = ["", " ", "²", "attack ²", "move alyn ٣", "9" * 5000, "attack " + "9" * 5000,
              "pass\x00", "\x1b[31mpass", "talent :", "talent a:", "talent a:b:c",
              "clash a by", "revive mass alyn left", "x" * 100_000, "PASS", "Deploy Alyn Left",
              "attack\u00a0alyn", "attack alyn\n", "deploy alyn left extra", "talent alyn:",
              "buy fury", "manifest oracle left keep alyn", "K", "\u212a"]


def check_parse(text: str) -> None:
    """``parse`` returns an action whose notation reads back to it, or raises
    ``NotationError`` quoting at most a short, printable prefix of the text."""
    try:
        action = parse(text)
    except NotationError as e:
        msg = str(e)
        assert len(msg) < 800
        assert text[:80] not in msg or len(text) <= 60
        assert all(c.isprintable() for c in msg), repr(msg)
        return
    assert parse(action.to_text()) == action
    assert action.to_text() == " ".join(text.split()).lower()


@pytest.mark.parametrize("text", HARD_TEXTS)
def test_parse_hard_texts(text: str) -> None:
    """Notation (docs/rules/radiant-arena.md): unicode digits, huge numbers, control
    characters and very long input are notation errors, never a crash."""
    check_parse(text)


@settings(max_examples=examples(400), **SETTINGS)
@given(text=st.one_of(st.text(), st.text(alphabet=" abcdefghijklmnopqrstuvwxyz-:0123456789",
                                         max_size=40)))
def test_parse_any_text(text: str) -> None:
    """Every text parses to an action that round-trips, or is a ``NotationError``."""
    check_parse(text)


def test_bad_input_does_not_grow_the_action_cache() -> None:
    """actions.py: parsed text is never interned, so distinct bad inputs (a client sending
    junk forever) use no memory once refused."""
    from tabletop.games.radiant_arena import actions

    s = position_at(5, 0.3)
    s.legal_actions()
    before = len(actions._CACHE)
    for i in range(2000):
        text = f"attack hero-{i}"
        parse(text)
        with pytest.raises(TabletopError):
            s.apply(text)
    assert len(actions._CACHE) == before


def near_texts(s: ArenaState) -> list[str]:
    """Texts close to the legal ones: every verb with the names of this game, of hidden
    cards (the other seat's hand, deck, shop, face-down deity, consecrated conduits) and
    of no card."""
    seat = s.to_act if s.to_act is not None else 0
    o = 1 - seat
    hidden = [*s.hands[o], *s.decks[o], *s.shops[o], *(s.cond[o][x] for x in range(3)
                                                       if not s.ruined[o][x])]
    if face_down(s, o):
        hidden.append(s.unit_card[o * 4 + R.DEITY])
    names = sorted({*hidden, *s.unit_card, "dragon", "wrathlord", "final-judge", "oracle",
                    "zeal", "fury", "conduit", "left"})
    mine = [s.unit_card[u] for u in s.units_of(seat)]
    out = []
    for n in names:
        out += [f"attack {n}", f"with {n}", f"target {n}", f"block {n}", f"clash {n}",
                f"clash {n} by {mine[0]}", f"clash zeal by {n}", f"discard {n}",
                f"buy {n} {mine[0]}", f"buy fury {n}", f"talent {n}:study",
                f"talent {mine[2]}:{n}", f"manifest {n} left banish {mine[0]}",
                f"manifest {mine[3]} left banish {n}", f"level {n}", f"move {n} left",
                f"recover {n}", f"assign {n}", f"first {n}", f"place {n} left",
                f"revive buyback {n} left", f"deploy {n} left", f"choose {n}", f"lane {n}",
                f"revive mass {n}"]
    return out


def message(s: ArenaState, text: str) -> str | None:
    """The error ``apply(text)`` raises (None if it was legal), leaving ``s`` unchanged."""
    before = observable(s)
    try:
        s.clone().apply(text)
    except TabletopError as e:
        assert observable(s) == before
        return f"{type(e).__name__}: {e}"
    return None


@settings(max_examples=examples(60), **SETTINGS)
@given(seed=seeds, fraction=st.floats(0, 1), data=st.data())
def test_error_messages_do_not_depend_on_hidden_cards(seed: int, fraction: float,
                                                      data: st.DataObject) -> None:
    """Hidden information (docs/rules/radiant-arena.md): for any text, the error the seat to
    act gets is the same in every position it cannot tell apart. Naming the other seat's
    face-down deity, a card in its hand or deck, an item in its shop or a consecrated
    conduit reads exactly like naming a card not in the game: the message is identical in
    the real position and in re-deals of what the seat cannot see."""
    s = position_at(seed, fraction, "examples")
    if s.to_act is None:
        return
    seat = s.to_act
    texts = data.draw(st.lists(st.sampled_from(near_texts(s)), min_size=1, max_size=12))
    texts += [data.draw(st.text(max_size=30))]
    others = [s.resample(seat, random.Random(seed + k)) for k in range(3)]
    for text in texts:
        real = message(s, text)
        for other in others:
            assert message(other, text) == real, text


def test_the_face_down_deity_reads_like_no_card() -> None:
    """Manifestation / Hidden information: before B's deity manifests, A naming it (the
    Oracle) gets the message of a card not in the game (the Wrathlord, with the starter
    decks), not "not yours"; once it has manifested, A is told it is not theirs."""
    s = position_at(2, 0.05)
    while s.to_act != 0 or s.phase != R.MAIN:
        s.apply(s.legal_actions()[0])
    assert face_down(s, 1) and s.unit_card[7] == "oracle"
    oracle = message(s, "move oracle left")
    nothing = message(s, "move wrathlord left")
    assert oracle is not None and nothing is not None
    assert oracle.replace("oracle", "X") == nothing.replace("wrathlord", "X")
    assert "not yours" not in oracle


@settings(max_examples=examples(60), **SETTINGS)
@given(seed=seeds, fraction=st.floats(0, 1), data=st.data())
def test_apply_any_text_applies_a_legal_action_or_changes_nothing(
        seed: int, fraction: float, data: st.DataObject) -> None:
    """DESIGN.md core contract: ``apply`` of any text either carries out a legal action or
    raises a ``TabletopError`` (notation or illegal) and leaves the state as it was."""
    s = position_at(seed, fraction)
    legal = [a.to_text() for a in s.legal_actions()]
    pool = near_texts(s) + legal + HARD_TEXTS
    texts = data.draw(st.lists(st.one_of(st.sampled_from(pool), st.text(max_size=40)),
                               min_size=1, max_size=10))
    for text in texts:
        before = observable(s)
        legal_now = set(s.legal_actions())
        try:
            action = s.parse_action(text)
        except NotationError:
            action = None
        try:
            s.apply(text)
        except TabletopError:
            assert action not in legal_now
            assert observable(s) == before
            continue
        assert action in legal_now
