"""The conformance and property checks over drafted games of radiant-arena (issue 12, Tests:
"Conformance and property suites over drafted games with random picks: conservation, no
leak, replay by hash, every game ends").

Seeded random games with ``draft = true``: every choice of the draft is random too, so the
games use decks of the whole pool. The checks are those of the core contract's suite
(tabletop.testing.conformance), made on drafted games: clone, notation, illegal actions,
records, scenarios, resample and views; and radiant-arena's own: every card accounted for.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter

import pytest

from tabletop import new_game
from tabletop.core import Action, IllegalActionError, from_scenario, record_of, verify
from tabletop.games.radiant_arena.rules import DRAFT, ArenaState

SEEDS = (0x5EED_D8AF_0001, 0x5EED_D8AF_0002, 0x5EED_D8AF_0003)
MAX_DECISIONS = 5_000


@functools.cache
def game(seed: int) -> tuple[tuple[ArenaState, ...], tuple[Action, ...]]:
    """A random drafted game: the position before each action, and the actions."""
    state = new_game("radiant-arena", seed=seed, draft=True)
    assert isinstance(state, ArenaState)
    rng = random.Random(seed)
    states, actions = [], []
    while state.to_act is not None:
        assert len(actions) < MAX_DECISIONS, "a random drafted game did not end"
        states.append(state.clone())
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply(action)
    states.append(state)
    return tuple(states), tuple(actions)


def points(seed: int, every: int) -> list[int]:
    states, _ = game(seed)
    return sorted({*range(0, len(states), every), 16, len(states) - 1})


def conserved(s: ArenaState) -> None:
    """Every skill card of a seat's heroes is in its hand, deck, discard pile, the void,
    a clash or a talent resolving; every item of its shop is in the shop, equipped, in its
    discard pile or the void."""
    if s.phase == DRAFT:
        return
    for seat in (0, 1):
        deck = s.deck_list[seat]
        want = Counter(k for h in deck.heroes for k in s.cat.skill_set(h))
        have = Counter(s.hands[seat]) + Counter(s.decks[seat])
        have += Counter(k for k in s.discards[seat] if k in s.cat.skills)
        have += Counter(k for k in s.void[seat] if k in s.cat.skills)
        if s.combat is not None:
            have += Counter(k for u, k, _ in s.combat.clashes if u // 4 == seat)
        have += Counter(f.ctx["skill"] for f in s.stack if f.ctx.get("skill")
                        and f.ctx["p"] == seat)
        assert have == want, (seat, have - want, want - have)
        items = [*s.shops[seat], *(i for i in s.item[seat * 4:seat * 4 + 4] if i),
                 *(i for i in (*s.discards[seat], *s.void[seat]) if i in s.cat.items)]
        assert sorted(items) == sorted(deck.items), seat


@pytest.mark.parametrize("seed", SEEDS)
def test_drafted_games_end_and_conserve_every_card(seed: int) -> None:
    """Every random drafted game ends with an outcome; at every position each card is
    somewhere, once."""
    states, actions = game(seed)
    assert states[-1].outcome() is not None
    assert sum(1 for s in states if s.phase == DRAFT) == 16  # 8 heroes, 2 x (deity, 3 items)
    for s in states:
        conserved(s)


@pytest.mark.parametrize("seed", SEEDS)
def test_drafted_records_replay_to_the_same_hash(seed: int) -> None:
    """A record of a drafted game (its draft choices among its actions) replays to the
    same final hash."""
    states, _ = game(seed)
    record = record_of(states[-1])
    assert verify(record).state_hash() == record.final_hash == states[-1].state_hash()


@pytest.mark.parametrize("seed", SEEDS)
def test_clone_notation_and_illegal_actions_in_drafted_games(seed: int) -> None:
    """At sampled positions: a clone applies like the original and leaves it alone; every
    legal action reads back from its text; an illegal one is refused, changes nothing and
    names a rule."""
    states, actions = game(seed)
    for i in points(seed, 13)[:-1]:
        s = states[i]
        before = s.state_hash()
        c = s.clone()
        c.apply(actions[i])
        assert s.state_hash() == before and c.state_hash() == states[i + 1].state_hash()
        legal = s.legal_actions()
        assert [s.parse_action(a.to_text()) for a in legal] == list(legal)
        for bad in ("pick nobody", "ban alyn alyn", "deity fury", "attack maka", "pass"):
            try:
                action = s.parse_action(bad)
            except ValueError:
                continue
            if action in legal:
                continue
            with pytest.raises(IllegalActionError) as info:
                s.clone().apply(bad)
            assert info.value.rule
        assert s.state_hash() == before


@pytest.mark.parametrize("seed", SEEDS)
def test_drafted_positions_round_trip_as_scenarios(seed: int) -> None:
    """``to_data`` -> ``from_scenario`` gives the same position (hash, legal actions,
    views), during the draft and after it."""
    states, _ = game(seed)
    for i in points(seed, 29):
        s = states[i]
        back = from_scenario({"game": "radiant-arena", **s.to_data()})
        assert back.state_hash() == s.state_hash()
        assert [a.to_text() for a in back.legal_actions()] == [
            a.to_text() for a in s.legal_actions()]
        assert [back.view(x) for x in (0, 1, None)] == [s.view(x) for x in (0, 1, None)]


@pytest.mark.parametrize("seed", SEEDS)
def test_no_leak_in_drafted_games(seed: int) -> None:
    """DESIGN.md, Hidden information: re-deal everything a seat cannot see (during the
    draft: the other seat's secret deity and items; after it, the hidden cards as in any
    game) and that seat's view and events do not change; then the same actions keep them
    the same while it is told the same things; views hold no seed."""
    states, _ = game(seed)
    rng = random.Random(seed)
    compared = 0
    for i in points(seed, 11)[:-1]:
        s = states[i]
        for seat in (0, 1):
            r = s.resample(seat, random.Random(i * 7 + seat))
            assert r.view(seat) == s.view(seat) and r.events_for(seat) == s.events_for(seat)
            assert str(s.seed) not in json.dumps(s.view(seat))
            real = s.clone()
            for _ in range(4):
                if real.to_act is None or r.to_act != real.to_act:
                    break
                theirs = {a.to_text() for a in r.legal_actions()}
                common = [a for a in real.legal_actions() if a.to_text() in theirs]
                if not common:
                    break
                action = rng.choice(common).to_text()
                n = len(real.events_for(seat))
                real.apply(action)
                r.apply(action)
                if real.events_for(seat)[n:] != r.events_for(seat)[n:]:
                    break
                assert r.view(seat) == real.view(seat), action
                compared += 1
    assert compared > 0


def test_resampling_the_draft_redeals_only_the_secret_choices() -> None:
    """During the draft, a resample for B keeps the picks and bans and A's number of
    items, and re-deals A's deity and items among all deities and items."""
    s = new_game("radiant-arena", seed=3, draft=True)
    for a in ("pick itotia", "pick gorran", "ban maka", "ban bran", "pick aurelia",
              "pick nyx", "pick torvald", "pick eleanor", "deity wrathlord", "item fury"):
        s.apply(a)
    deities, items = set(), set()
    for k in range(40):
        r = s.resample(1, random.Random(k))
        assert r.draft.picks == s.draft.picks and r.draft.bans == s.draft.bans
        assert len(r.draft.items[0]) == 1 and r.draft.deities[1] == ""
        deities.add(r.draft.deities[0])
        items.update(r.draft.items[0])
    assert len(deities) > 3 and len(items) > 5
    mine = s.resample(0, random.Random(1))
    assert mine.draft == s.draft  # A knows its own choices
