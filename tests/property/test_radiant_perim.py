"""Property tests of radiant-perim (hypothesis): random games end, cards are conserved,
illegal actions change nothing, notation round-trips, records replay, and no hidden card
leaks to a seat that cannot see it.

Rulebook: ../shared/rules/radiant-tin-shoe-games.txt. Hidden-information decisions:
docs/rules/radiant-perim.md, "Hidden information" and decisions 5, 6, 9, 12 and 15.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import (
    Action,
    IllegalActionError,
    NotationError,
    Record,
    TabletopError,
    from_scenario,
    new_game,
    record_of,
    verify,
)
from tabletop.games.radiant_perim import SPEC, PerimState
from tabletop.games.radiant_perim import rules as R
from tabletop.games.radiant_perim.actions import (
    CATALOG as C,
)
from tabletop.games.radiant_perim.actions import (
    MELD_DONE,
    MOVES,
    PASS,
    PICKS,
    PLAYS,
    assassinate_action,
    meld_action,
    mounted_action,
    parse,
)

GAME = "radiant-perim"
# TABLETOP_PROPERTY_SCALE multiplies every max_examples (1: the folder runs in about a
# minute on two cores; 10 or 100 for a soak run).
SCALE = float(os.environ.get("TABLETOP_PROPERTY_SCALE", "1"))


def examples(n: int) -> int:
    """``n`` hypothesis examples, scaled for soak runs."""
    return max(1, round(n * SCALE))


MAX_DECISIONS = 2_000  # a game is about 200 decisions; three ages, each finite
N_TYPES = C.n_types
RULES = {v for k, v in vars(R).items() if k.startswith("R_")}

seeds = st.integers(min_value=0, max_value=2**63 - 1)
PLAYERS = (2, 3, 4)  # parametrized, so parallel runs spread the examples
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def all_actions(players: int) -> list[Action]:
    """Every action the notation can express for this many players (legal or not)."""
    out: list[Action] = [*PICKS, *MOVES, *PLAYS, MELD_DONE, PASS]
    out += [meld_action(m, r) for (m, r) in R.MELD_CANDIDATES]
    for k in range(N_TYPES):
        for m in range(N_TYPES):
            if k % R.N_RANKS in (R.KNIGHT, R.MOUNT) and m % R.N_RANKS in (R.KNIGHT, R.MOUNT):
                out.append(mounted_action(k, m))  # right pairs, wrong races, wrong order
    out += [assassinate_action(t, seat, race) for t in range(N_TYPES)
            for seat in range(players) for race in range(len(C.races))]
    return out


ALL_ACTIONS = {n: all_actions(n) for n in (2, 3, 4)}


def positions(players: int, seed: int) -> Iterator[PerimState]:
    """Every position of a seeded random game (the same object, advanced in place), the
    final one included."""
    state = new_game(GAME, players=players, seed=seed)
    assert isinstance(state, PerimState)
    rng = random.Random(seed ^ 0x5A5A)
    n = 0
    while True:
        yield state
        if state.to_act is None:
            return
        n += 1
        assert n <= MAX_DECISIONS, "the game did not end"
        state.apply(rng.choice(state.legal_actions()))


def position_at(players: int, seed: int, fraction: float) -> PerimState:
    """The position reached after about ``fraction`` of a random game (cloned)."""
    states = [s.clone() for s in positions(players, seed)]
    return states[min(len(states) - 1, int(fraction * len(states)))]


def observable(state: PerimState) -> tuple[object, ...]:
    seats = [*range(state.players), None]
    return (state.to_data(), [state.view(s) for s in seats], list(state.events),
            [a.to_text() for a in state.legal_actions()], state.to_act)


def card_counts(s: PerimState) -> list[int]:
    """Cards per type over every place a card can be: deck, pool, hands, captured piles
    and the current battle. ``leftover`` is a subset of ``captured``: not counted again."""
    total = [0] * N_TYPES
    for t in s.deck:
        total[t] += 1
    for t in s.pool:
        if t >= 0:
            total[t] += 1
    for zone in (*s.hands, *s.captured):
        for t in range(N_TYPES):
            total[t] += zone[t]
    for t in s.battle_cards:
        total[t] += 1
    return total


def check_zones(s: PerimState) -> None:
    """Card conservation and the bookkeeping invariants of hidden information."""
    assert C.copies == (2,) * N_TYPES and sum(C.copies) == 48  # Components: 48 cards
    assert card_counts(s) == [2] * N_TYPES, "a card is missing or in two places"
    for p in range(s.players):
        for t in range(N_TYPES):
            assert s.hands[p][t] >= 0 and s.captured[p][t] >= 0
            assert 0 <= s.known[p][t] <= s.hands[p][t], "known card not in hand"
            assert 0 <= s.leftover[p][t] <= s.captured[p][t]
            if s.absent[p] >> t & 1:
                assert s.hands[p][t] == 0, "a card known to be missing is in the hand"
        free = s._unmelded(p)
        assert all(x >= 0 for x in free), "a secret meld uses a card not in hand"


# --- random games --------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=examples(200), **SETTINGS)
@given(seed=seeds)
def test_random_games_finish_conserving_cards(seed: int, players: int) -> None:
    """Ages and Phases; Winning: a game is three ages and ends with a winner. At every
    step of a random game all 48 cards (Components) are in exactly one place, every legal
    action round-trips through the notation, and the game finishes after the third age."""
    n = 0
    for s in positions(players, seed):
        check_zones(s)
        for action in s.legal_actions():
            assert parse(action.to_text(), players) == action
        n += 1
    assert s.age == 3 and s.is_over
    out = s.outcome()
    assert out is not None and out.winners
    assert all(x >= 0 for x in out.scores)
    assert n > 3 * players * R.PICKS_EACH


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=examples(130), **SETTINGS)
@given(seed=seeds, fraction=st.floats(0, 1), data=st.data())
def test_illegal_action_changes_nothing(seed: int, players: int, fraction: float,
                                        data: st.DataObject) -> None:
    """DESIGN.md core contract: an illegal action raises ``IllegalActionError`` naming the
    rule with its section, and leaves the state exactly as it was. Any expressible action
    that is not legal at a random position is refused that way."""
    s = position_at(players, seed, fraction)
    legal = set(s.legal_actions())
    illegal = [a for a in ALL_ACTIONS[players] if a not in legal]
    before = observable(s)
    for action in data.draw(st.lists(st.sampled_from(illegal), min_size=1, max_size=6)):
        text = action.to_text()
        with pytest.raises(IllegalActionError) as err:
            s.apply(text)
        msg = str(err.value)
        assert msg.startswith(f'illegal: "{text}" — ')
        assert err.value.rule in RULES or err.value.rule == "Winning"
        assert msg.endswith(f"({err.value.rule})")
        assert observable(s) == before


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=examples(30), **SETTINGS)
@given(data=st.data())
def test_notation_round_trips_for_every_expressible_action(players: int,
                                                           data: st.DataObject) -> None:
    """docs/rules/radiant-perim.md, Notation: every action's text parses back to it, in
    any case and with extra spaces (the CLI reads what people type)."""
    for action in data.draw(st.lists(st.sampled_from(ALL_ACTIONS[players]), min_size=20)):
        text = action.to_text()
        assert parse(text, players) == action
        assert parse(f"  {text.upper()}  ", players) == action


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=examples(100), **SETTINGS)
@given(seed=seeds, fraction=st.floats(0, 1))
def test_records_replay_to_the_same_hash(seed: int, players: int, fraction: float) -> None:
    """DESIGN.md: replaying a record must reproduce the same final state hash; true of a
    record cut at any point of a random game."""
    s = position_at(players, seed, fraction)
    record = Record.from_json(json.loads(record_of(s).dumps()))
    assert verify(record).state_hash() == s.state_hash()


# --- hidden information --------------------------------------------------------------


def hidden_slots(s: PerimState, seat: int) -> list[tuple[list[int], int, bool]]:
    """What ``seat`` cannot see, per place: (cards, forbidden mask, is a hand)."""
    out: list[tuple[list[int], int, bool]] = [(list(s.deck), 0, False)]
    for q in range(s.players):
        if q == seat:
            continue
        unknown = [t for t in range(N_TYPES) for _ in range(s.hands[q][t] - s.known[q][t])]
        out.append((unknown, s.absent[q], True))
        out.append([[t for t in range(N_TYPES) for _ in range(s.leftover[q][t])], 0, False])
    return out


def redeal_possible(s: PerimState, seat: int) -> bool:
    """Whether another deal of the hidden cards changes some other seat's hand: a card of
    one hand can swap with a card of another type elsewhere, both allowed where they go."""
    slots = hidden_slots(s, seat)
    for i, (cards_a, forbid_a, hand_a) in enumerate(slots):
        if not hand_a:
            continue
        for j, (cards_b, forbid_b, _) in enumerate(slots):
            if i == j:
                continue
            for x in set(cards_a):
                for y in set(cards_b):
                    if x != y and not forbid_a >> y & 1 and not forbid_b >> x & 1:
                        return True
    return False


def check_resample(s: PerimState, seat: int, r: PerimState) -> None:
    """What ``seat`` knows is kept by the resample ``r``; only hidden cards moved."""
    assert r.view(seat) == s.view(seat)
    assert r.events_for(seat) == s.events_for(seat)
    assert r.view(None) == s.view(None)
    check_zones(r)
    assert r.hands[seat] == s.hands[seat] and r.captured[seat] == s.captured[seat]
    assert r.pool == s.pool and r.battle_cards == s.battle_cards and r.plays == s.plays
    assert len(r.deck) == len(s.deck)
    assert r.known == s.known and r.absent == s.absent
    for q in range(s.players):
        assert sum(r.hands[q]) == sum(s.hands[q])
        for t in range(N_TYPES):
            # Cards known in a hand (drafted from the open pool, shown in a meld) stay.
            assert r.hands[q][t] >= s.known[q][t], f"seat {q} lost known {C.card_slug(t)}"
            # Cards known to be missing (failed assassination, off-race play) stay out.
            if s.absent[q] >> t & 1:
                assert r.hands[q][t] == 0, f"seat {q} got {C.card_slug(t)} it lacks"
            # Captured cards seen in battle stay where they are.
            seen = s.captured[q][t] - s.leftover[q][t]
            assert r.captured[q][t] - r.leftover[q][t] == seen


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=examples(80), **SETTINGS)
@given(seed=seeds, fractions=st.lists(st.floats(0, 1), min_size=1, max_size=3))
def test_no_leak_resample_changes_nothing_the_seat_sees(
    seed: int, players: int, fractions: list[float]
) -> None:
    """STYLE.md, Hidden information: re-deal everything a seat cannot see, and that seat's
    view and event stream must not change. At random points of random games, for every
    seat, many resamples keep its view, its events, the spectator view, the known and
    known-missing cards of other hands; and some other seat's hand does change whenever
    another deal is possible, so the re-deal is real."""
    states = [s.clone() for s in positions(players, seed)]
    for fraction in fractions:
        s = states[min(len(states) - 1, int(fraction * len(states)))]
        for seat in range(players):
            possible = redeal_possible(s, seat)
            changed = False
            for k in range(24):
                r = s.resample(seat, random.Random(k))
                check_resample(s, seat, r)
                changed |= any(r.hands[q] != s.hands[q] for q in range(players) if q != seat)
            if possible:
                assert changed, "the re-deal never moved a hidden card"


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=examples(200), **SETTINGS)
@given(seed=seeds, fraction=st.floats(0, 1), data=st.data())
def test_no_leak_same_story_same_view(seed: int, players: int, fraction: float,
                                      data: st.DataObject) -> None:
    """STYLE.md, Hidden information (the re-deal test), carried forward: from a position and
    a resample of it for one seat, play the same actions in both; while that seat is told
    the same events, its view must stay equal. (This caught the ``known`` bookkeeping
    telling the table whether a drafted card's unseen twin was still in hand.)"""
    s = position_at(players, seed, fraction)
    seat = data.draw(st.integers(0, players - 1))
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


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=examples(60), **SETTINGS)
@given(seed=seeds)
def test_private_events_stay_private(seed: int, players: int) -> None:
    """Setup (Age 1) deals each hand face down; Phase 2: Meld sets melds aside in secret;
    Ending the War puts the cards left in hand face down in the captured pile. A dealt
    hand and the leftover cards are private fields of their seat (every other seat and a
    spectator see the count only); a meld set aside is an event for its seat only. The
    dealt cards are the hand that seat was dealt."""
    last = None
    for s in positions(players, seed):
        if s.phase == R.RECRUIT and s.picks_left == R.PICKS_EACH * players:
            # Just dealt: each seat's latest deal lists exactly its hand.
            for p in range(players):
                dealt = [e for e in s.events_for(p) if e.kind == "dealt"][-players:]
                mine = [e.fields for e in dealt if e.fields["seat"] == p]
                assert mine == [{"seat": p, "count": sum(s.hands[p]),
                                 "cards": R.card_list(s.hands[p])}]
                assert all("cards" not in e.fields for e in dealt if e.fields["seat"] != p)
        last = s
    assert last is not None
    private_kinds = {k.name for k in SPEC.event_kinds if k.private}
    assert private_kinds == {"dealt", "leftovers"}
    whole = [e for e in last.events if e.seats is not None]
    assert {e.kind for e in whole} <= {"meld_set_aside"}
    assert all(e.seats == frozenset({e.fields["seat"]}) for e in whole)
    assert len([e for e in last.events if e.kind == "dealt"]) == 3 * players
    for seat in [*range(players), None]:
        for e in last.events_for(seat):
            assert e.seats is None or (seat is not None and seat in e.seats)
            if e.kind in private_kinds:
                assert ("cards" in e.fields) == (e.fields["seat"] == seat)
                assert ("cards" in e.to_json()["fields"]) == (e.fields["seat"] == seat)


def test_resample_keeps_known_and_missing_cards_from_a_scenario() -> None:
    """docs/rules/radiant-perim.md decisions 5, 6 and 12: cards drafted from the open pool
    or revealed in a meld are known to be in that hand; a failed assassination shows the
    target lacks the named card. A war position where seat 2 is known to hold an Avis
    Knight and a Treefolk Elder and to lack the Mariner Phalanx, Knight and Mount: every
    resample for seat 1 keeps the known cards and never deals the lacked ones, yet the
    rest of seat 2's hand varies."""
    scenario = {
        "game": GAME, "players": 2, "seed": 11, "age": 1, "phase": "war", "turn": 1,
        "need_move": True, "radiant": "avis",
        "seat": [
            {"hand": ["avis.elder", "mariner.scout", "stonedweller.mount"]},
            {"hand": ["avis.knight", "treefolk.elder", "avis.scout", "mariner.elder"],
             "known": ["avis.knight", "treefolk.elder"],
             "lacks": ["mariner.phalanx", "mariner.knight", "mariner.mount"]},
        ],
    }
    s = from_scenario(scenario)
    assert isinstance(s, PerimState)
    view = s.view(0)
    assert view["hands"][1]["known"] == ["avis.knight", "treefolk.elder"]
    assert view["hands"][1]["lacks"] == ["mariner.mount", "mariner.knight", "mariner.phalanx"]
    assert "cards" not in view["hands"][1]
    lacked = [C.type_of(C.races.index("mariner"), C.ranks.index(k))
              for k in ("mount", "knight", "phalanx")]
    seen_hands = set()
    for k in range(200):
        r = s.resample(0, random.Random(k))
        check_resample(s, 0, r)
        assert r.hands[1][C.type_of(0, C.ranks.index("knight"))] >= 1
        assert r.hands[1][C.type_of(1, C.ranks.index("elder"))] >= 1
        assert all(r.hands[1][t] == 0 for t in lacked)
        seen_hands.add(tuple(r.hands[1]))
    assert len(seen_hands) > 20, "the two unknown cards of seat 2 are not re-dealt"


def test_resample_respects_knowledge_gathered_in_play() -> None:
    """Phase 3: War — Assassinations ("If the targeted player does not have the targeted
    card...") and docs/rules/radiant-perim.md decision 9 (an off-race play shows no native
    card is held), 5 and 6 (drafted and revealed cards are known). Over fixed random games,
    at every position after such knowledge arises, resamples for every other seat respect
    it; the games do reach failed assassinations, off-race plays and known cards."""
    failed = lacking_seen = known = 0
    for seed in range(8):
        for players in (2, 3, 4):
            for i, s in enumerate(positions(players, seed)):
                if i % 3:
                    continue
                lacking = [p for p in range(players) if s.absent[p]]
                holding = [p for p in range(players) if any(s.known[p])]
                if not lacking and not holding:
                    continue
                start = max(j for j, e in enumerate(s.events) if e.kind == "age_begins")
                failed += any(e.kind == "assassination_failed" for e in s.events[start:])
                lacking_seen += bool(lacking)
                known += bool(holding)
                for seat in range(players):
                    check_resample(s, seat, s.resample(seat, random.Random(i)))
    assert failed and lacking_seen and known


# --- bad input: parsing any text, errors that tell nothing hidden ------------------------

VOCAB = ["pick", "meld", "done", "move", "play", "assassinate", "with", "pass", "a1", "c3",
         "d4", "council", "army", "guild", "mounted-knight", "avis", "mariner", "elves",
         "avis.knight", "avis.knight+avis.mount", "stonedweller.phalanx", "clouds-1",
         "sea-6", "@p2", "@P3", "@2", "@p0", "@p9", "@²", "@" + "9" * 5000, "²", "\x00",
         "\u200b", "\t", "PICK", "Ⅻ", "١", "ß", "K"]
words = st.lists(st.sampled_from(VOCAB) | st.text(max_size=6), max_size=6).map(" ".join)
any_text = st.text() | words | st.sampled_from(["9" * 5000, "pick " + "a" * 10_000,
                                                 "move " + "\x1b[31m", "play ²"])


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=examples(400), **SETTINGS)
@given(text=any_text)
def test_parse_any_text_reads_an_action_or_raises_notation_error(players: int,
                                                                   text: str) -> None:
    """docs/rules/radiant-perim.md, Notation: any text (unicode digits like "²", 5,000-digit
    numbers, control characters, very long input) either reads as an action whose notation
    reads back to it, or raises NotationError, whose message quotes at most a short prefix
    of the text."""
    try:
        action = parse(text, players)
    except NotationError as e:
        message = str(e)
        assert len(message) < 400
        if len(text) > 60:
            assert text not in message
        assert all(c.isprintable() for c in message)
        return
    assert parse(action.to_text(), players) == action


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=examples(60), **SETTINGS)
@given(seed=seeds, fraction=st.floats(0, 1), texts=st.lists(any_text, min_size=1, max_size=5))
def test_apply_of_any_text_applies_a_legal_action_or_changes_nothing(
        seed: int, players: int, fraction: float, texts: list[str]) -> None:
    """DESIGN.md core contract: ``apply`` of any text either carries out a legal action or
    raises a TabletopError (NotationError, IllegalActionError) and the state is unchanged."""
    s = position_at(players, seed, fraction)
    for text in texts:
        legal = s.legal_actions()
        before = observable(s)
        try:
            s.apply(text)
        except TabletopError:
            assert observable(s) == before
            continue
        assert s.history[-1] in legal


def message_of(state: PerimState, text: str, seat: int) -> str:
    """What ``seat`` is told when it sends ``text`` (on a copy of ``state``)."""
    copy = state.clone()
    try:
        copy.apply(text, seat=seat)
    except TabletopError as e:
        return f"{type(e).__name__}: {e}"
    return "applied"


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=examples(60), **SETTINGS)
@given(seed=seeds, fraction=st.floats(0, 1), data=st.data())
def test_error_messages_do_not_depend_on_hidden_information(
        seed: int, players: int, fraction: float, data: st.DataObject) -> None:
    """STYLE.md, Hidden information; docs/rules/radiant-perim.md, "Hidden information":
    the message a seat gets for a text must be the same in every position it cannot tell
    apart. For random positions, the seat to act sends illegal texts (naming cards of
    other hands, cards in the deck, seats, melds it does not hold, nonsense); in the real
    position and in re-deals of what it cannot see (``resample``) it is told the same."""
    s = position_at(players, seed, fraction)
    if s.to_act is None:
        return
    seat = s.to_act
    legal = set(s.legal_actions())
    illegal = [a.to_text() for a in ALL_ACTIONS[players] if a not in legal]
    # Naming every card of every other seat: the held ones and the others read alike.
    named = [f"assassinate {C.card_slug(t)} @p{q + 1} with {race}"
             for q in range(players) if q != seat for t in range(N_TYPES)
             if s.hands[q][t] for race in C.races]
    texts = data.draw(st.lists(st.sampled_from(illegal + named) | any_text, min_size=1,
                               max_size=8))
    for k in range(3):
        other = s.resample(seat, random.Random(seed + k))
        for text in texts:
            assert message_of(s, text, seat) == message_of(other, text, seat), text
