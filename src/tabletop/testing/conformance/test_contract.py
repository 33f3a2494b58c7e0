"""The conformance suite: the core contract of DESIGN.md, checked on every registered game.

Parametrized over every registered game (or those chosen with ``tabletop check GAME``)
and each game's player counts, so a new game joins by registering its entry point.
Nothing here knows any game's rules: the suite plays seeded random games through the
contract alone (``legal_actions``, ``apply``,
notation, views, records, scenarios, ``resample``) and checks each clause on the way.
Game-specific properties (card conservation, what exactly is hidden) live in
``tests/property/``.
"""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

import pytest

from tabletop.core import (
    Action,
    IllegalActionError,
    NotationError,
    Record,
    State,
    dumps_scenario,
    export,
    from_scenario,
    get_spec,
    load_scenario,
    new_game,
    record_of,
    replay,
    scenario_of,
    verify,
)

from ..locate import SHARED_RULES, rulebook_path, rulebook_required
from .common import (
    CASES,
    CASES_SEEDS,
    GAME_IDS,
    MAX_DECISIONS,
    RECORD_KEYS,
    SEEDS,
    contains_run,
    dict_keys,
    illegal_candidates,
    play_to_end,
    playthrough,
    seats_of,
    snapshot,
    walk,
)

# --- the spec --------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAME_IDS)
def test_spec_declares_the_game(game: str) -> None:
    """DESIGN.md: ``GameSpec``: id, name, player counts, parameters (with defaults), rules
    version. Each is filled in, the default seat count is one of the counts, every
    parameter's default has its declared type (and passes ``check_params``), card ids are
    unique readable slugs, and the named rulebook exists when the rulebooks are present."""
    spec = get_spec(game)
    assert spec.id == game and spec.name and spec.rules_version
    assert spec.player_counts and list(spec.player_counts) == sorted(set(spec.player_counts))
    assert spec.default_players in spec.player_counts
    for name, param in spec.params.items():
        assert isinstance(param.default, param.type), name
        assert param.help
    defaults = {k: p.default for k, p in spec.params.items()}
    assert spec.check_params(spec.default_players, defaults) == defaults
    assert len(set(spec.card_ids)) == len(spec.card_ids)
    assert all(c == c.strip().lower() and " " not in c for c in spec.card_ids)
    if rulebook_required():
        assert rulebook_path(spec) is not None, (
            f"{game}'s rulebook {spec.rulebook!r} is nowhere to be found (its package, "
            f"TABLETOP_RULES or {SHARED_RULES})")


# --- the game ends ---------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), CASES)
def test_random_games_end_within_a_bound(game: str, players: int) -> None:
    """DESIGN.md, core contract: ``to_act`` is the one seat that decides now and ``None``
    when over; ``legal_actions`` lists every legal choice. Seeded random games end within
    MAX_DECISIONS decisions, a seat to act always has a choice, and once over nothing is
    legal and ``outcome`` is set."""
    for seed in range(12):
        state = new_game(game, players=players, seed=seed)
        rng = random.Random(seed)
        n = 0
        while state.to_act is not None:
            assert n < MAX_DECISIONS, f"seed {seed}: no end after {n} decisions"
            assert state.to_act in range(players)
            assert state.outcome() is None
            legal = state.legal_actions()
            assert legal, f"seed {seed}: seat {state.to_act} must act but has no legal action"
            state.apply(rng.choice(legal))
            n += 1
        assert n > 0
        assert state.is_over
        assert state.legal_actions() == ()
        assert state.outcome() is not None


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_outcome_is_none_until_over_then_scores_every_seat(
    game: str, players: int, seed: int
) -> None:
    """DESIGN.md: ``State.outcome()`` gives scores, winners and why the game ended. It is
    ``None`` at every position before the end; at the end there is one score per seat, at
    least one winner, every winner a seat holding the top score, and a reason."""
    pt = playthrough(game, players, seed)
    for state in pt.states[:-1]:
        assert state.outcome() is None
        assert not state.is_over
    out = pt.final.outcome()
    assert out is not None
    assert len(out.scores) == players
    assert all(isinstance(x, int | float) for x in out.scores)
    assert out.winners, "a finished game has at least one winner"
    assert len(set(out.winners)) == len(out.winners)
    assert set(out.winners) <= set(range(players))
    best = max(out.scores)
    assert all(out.scores[w] == best for w in out.winners)
    # Teams (DESIGN.md: partners share one score): a side wins or loses as a whole.
    final = pt.final
    sides = {final.team(s) for s in range(players)}
    assert sides == set(range(final.teams))
    for a in range(players):
        for b in range(players):
            if final.team(a) == final.team(b):
                assert out.scores[a] == out.scores[b]
                assert (a in out.winners) == (b in out.winners)
    assert isinstance(out.reason, str) and out.reason
    data = out.to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["winners"] == list(out.winners)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_same_seed_same_game(game: str, players: int) -> None:
    """DESIGN.md: randomness is seeded and a record replays on any machine. Two games with
    the same seed and choices pass through identical hashes and event streams."""
    a = new_game(game, players=players, seed=SEEDS[0])
    b = new_game(game, players=players, seed=SEEDS[0])
    rng = random.Random(7)
    for _ in range(60):
        assert a.state_hash() == b.state_hash()
        assert a.events == b.events
        if a.to_act is None:
            break
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action.to_text())


# --- clone -----------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_clone_then_apply_equals_apply_and_leaves_original(
    game: str, players: int, seed: int
) -> None:
    """DESIGN.md: ``State.clone()`` is an independent copy (search depends on it); the state
    changes only inside ``apply``. At every position: applying to a clone leaves the
    original exactly as it was, and gives the same hash, views and events as applying to
    the original."""
    pt = playthrough(game, players, seed)
    for i, action in enumerate(pt.actions):
        original = pt.states[i].clone()
        before = snapshot(original)
        copy = original.clone()
        assert snapshot(copy) == before
        copy.apply(action)
        assert snapshot(original) == before, f"applying to a clone changed the original ({i})"
        original.apply(action)
        assert snapshot(original) == snapshot(copy)
        assert original.state_hash() == pt.states[i + 1].state_hash()


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_clone_of_clone_diverges_independently(game: str, players: int, seed: int) -> None:
    """DESIGN.md: clone is independent both ways: two clones of one position, sent down
    different branches, do not disturb each other or the position they came from."""
    pt = playthrough(game, players, seed)
    rng = random.Random(seed)
    for i in pt.points(9)[:-1]:
        base = pt.states[i]
        before = snapshot(base)
        legal = base.legal_actions()
        if len(legal) < 2:
            continue
        a, b = rng.sample(legal, 2)
        left, right = base.clone(), base.clone()
        left.apply(a)
        assert snapshot(right) == before, f"one clone's apply changed the other ({i})"
        left_after = snapshot(left)
        right.apply(b)
        assert left.history[-1] == a and right.history[-1] == b
        # (clones share what neither changes, the log among it: issue 28)
        assert snapshot(left) == left_after, f"one clone's apply changed the other ({i})"
        assert snapshot(base) == before
        assert snapshot(right) == snapshot(_applied(base, b))


def _applied(state: State, action: Action) -> State:
    """A clone of ``state`` with ``action`` applied."""
    out = state.clone()
    out.apply(action)
    return out


# --- notation and legal actions ----------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_every_legal_action_round_trips_through_notation(
    game: str, players: int, seed: int
) -> None:
    """DESIGN.md: actions have a canonical text notation (``to_text`` / parse) that the CLI
    reads and records store. Every legal action at every position parses back to itself,
    and its text is canonical (one line, trimmed, re-printed identically)."""
    pt = playthrough(game, players, seed)
    for state in pt.states[:-1]:
        for action in state.legal_actions():
            text = action.to_text()
            assert text and text == text.strip() and "\n" not in text
            assert str(action) == text
            back = state.parse_action(text)
            assert back == action, f"{text!r} parses to {back!r}, not {action!r}"
            assert back.to_text() == text


@pytest.mark.parametrize(("game", "players"), CASES)
def test_nonsense_text_is_a_notation_error(game: str, players: int) -> None:
    """DESIGN.md and errors.py: text that is not an action raises ``NotationError`` (a
    ``ValueError``), and ``apply`` of it leaves the state unchanged."""
    state = new_game(game, players=players, seed=SEEDS[0])
    before = snapshot(state)
    for text in ("", "   ", "xyzzy plugh", "@@ 42 !!"):
        with pytest.raises(NotationError) as err:
            state.apply(text)
        assert isinstance(err.value, ValueError)
        assert str(err.value)
        assert snapshot(state) == before


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_legal_actions_are_unique_and_in_a_stable_order(
    game: str, players: int, seed: int
) -> None:
    """DESIGN.md: ``legal_actions()`` is every legal choice of that seat, in a stable order.
    At every position the list has no duplicate (as actions or as text), and the same list
    in the same order comes from the position, from its clone, from a fresh game replaying
    the same history, and from ``replay`` of the record."""
    pt = playthrough(game, players, seed)
    fresh = new_game(game, players=players, seed=seed)
    record = record_of(pt.final)
    sampled = set(pt.points(17))
    for i, state in enumerate(pt.states):
        legal = state.legal_actions()
        texts = [a.to_text() for a in legal]
        assert len(set(texts)) == len(texts), f"duplicate legal action at {i}"
        assert len(set(legal)) == len(legal)
        assert state.legal_actions() == legal
        assert [a.to_text() for a in state.clone().legal_actions()] == texts
        assert [a.to_text() for a in fresh.legal_actions()] == texts
        if i in sampled:
            replayed = replay(record, upto=i)
            assert [a.to_text() for a in replayed.legal_actions()] == texts
            assert replayed.state_hash() == state.state_hash()
        if i < len(pt.actions):
            fresh.apply(pt.actions[i].to_text())


# --- illegal actions -------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_illegal_action_raises_quotes_it_names_a_rule_and_changes_nothing(
    game: str, players: int, seed: int
) -> None:
    """DESIGN.md: ``apply`` checks legality first; an illegal action raises
    ``IllegalActionError`` whose message names the rule (with its section) and leaves the
    state exactly as it was. Errors quote the notation back. The actions tried are
    well-formed texts that were legal at another point of the same game."""
    pt = playthrough(game, players, seed)
    rng = random.Random(seed)
    tried = 0
    for i in pt.points(3)[:-1]:
        state = pt.states[i].clone()
        before = snapshot(state)
        for text in illegal_candidates(pt, i, 4, rng):
            try:
                action = state.parse_action(text)
            except NotationError:
                continue  # not even well-formed here (e.g. a seat that does not exist)
            with pytest.raises(IllegalActionError) as err:
                state.apply(text)
            e = err.value
            assert isinstance(e, ValueError)
            msg = str(e)
            assert e.action_text == action.to_text()
            assert f'"{action.to_text()}"' in msg, msg
            assert e.rule and e.reason
            assert msg.endswith(f"({e.rule})"), msg
            assert snapshot(state) == before, f"illegal {text!r} changed the state"
            # The Action object is refused the same way as its text.
            with pytest.raises(IllegalActionError):
                state.apply(action)
            assert snapshot(state) == before
            tried += 1
    assert tried > 0, "no illegal action was tried"


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_finished_game_refuses_every_action(game: str, players: int, seed: int) -> None:
    """DESIGN.md: nothing is legal once ``to_act`` is ``None``; ``apply`` refuses with
    ``IllegalActionError`` and the final position stays as it is."""
    pt = playthrough(game, players, seed)
    final = pt.final.clone()
    before = snapshot(final)
    for action in random.Random(seed).sample(pt.actions, 10):
        with pytest.raises(IllegalActionError) as err:
            final.apply(action.to_text())
        assert "over" in str(err.value)
        assert snapshot(final) == before


def _rulebook_lines(game: str) -> set[str]:
    spec = get_spec(game)
    path = rulebook_path(spec)
    if path is None:
        if rulebook_required():
            pytest.fail(f"{game}'s rulebook {spec.rulebook!r} is nowhere to be found")
        pytest.skip(f"no rulebook folder beside this checkout ({SHARED_RULES})")
    return {line.strip().lower() for line in path.read_text().splitlines() if line.strip()}


def _names_a_section(rule: str, lines: set[str]) -> bool:
    """Each part of ``Section — Subsection`` is a line (a heading) of the rulebook, or the
    part before a colon is (``The Five Basic Actions: Move``)."""
    parts = [p.strip().lower() for p in rule.split(" — ")]
    return all(p in lines or p.split(":")[0].strip() in lines for p in parts)


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_rules_cited_are_sections_of_the_rulebook(game: str, players: int, seed: int) -> None:
    """DESIGN.md: an illegal action's error names the rule with its rulebook section, and
    events carry the rule they applied. Every rule cited by an event of a random game, and
    by the refusal of illegal actions, is a heading of the game's rulebook."""
    lines = _rulebook_lines(game)
    pt = playthrough(game, players, seed)
    cited = {e.rule for e in pt.final.events}
    rng = random.Random(seed + 1)
    for i in pt.points(5)[:-1]:
        state = pt.states[i].clone()
        for text in illegal_candidates(pt, i, 3, rng):
            try:
                state.apply(text)
            except IllegalActionError as e:
                cited.add(e.rule)
            except NotationError:
                continue
    bad = sorted(r for r in cited if not _names_a_section(r, lines))
    assert not bad, f"rules that name no section of {get_spec(game).rulebook}: {bad}"


# --- events ----------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_events_are_well_formed_and_filtered_per_seat(
    game: str, players: int, seed: int
) -> None:
    """DESIGN.md: each event has its visibility (public, some seats) and the rule it
    applied; events are filtered per seat like views. Every event renders as text and as
    JSON, names real seats, and ``events_for`` gives exactly each visible event's copy for
    that seat, in order; the events of a position extend those of the position before."""
    pt = playthrough(game, players, seed)
    events = pt.final.events
    assert events
    for e in events:
        assert e.rule
        assert isinstance(e.text, str) and e.text
        if e.seats is not None:
            assert e.seats and e.seats <= set(range(players))
        data = e.to_json()
        assert json.loads(json.dumps(data)) == data
    for seat in seats_of(pt.final):
        copies = [e.seen_by(seat) for e in events]
        assert pt.final.events_for(seat) == [c for c in copies if c is not None]
        assert [e for e in events if e.visible_to(seat)] == [
            e for e, c in zip(events, copies, strict=True) if c is not None]
    for a, b in zip(pt.states, pt.states[1:], strict=False):
        assert b.events[: len(a.events)] == a.events, "events are only ever appended"


# --- records ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_records_replay_to_the_same_hash(game: str, players: int, seed: int) -> None:
    """DESIGN.md: a record is ``{game, rules_version, params, seed, actions[], outcome,
    final_hash}``; replaying it must reproduce the same final state hash. Finished and
    unfinished games: record -> JSON text -> ``Record.from_json`` -> ``verify``."""
    pt = playthrough(game, players, seed)
    spec = get_spec(game)
    for i in pt.points(23):
        state = pt.states[i]
        record = record_of(state)
        text = record.dumps()
        assert "\n" not in text
        data = json.loads(text)
        assert set(data) == RECORD_KEYS
        assert data["game"] == game and data["rules_version"] == spec.rules_version
        assert data["params"]["players"] == players and data["seed"] == seed
        assert data["actions"] == [a.to_text() for a in pt.actions[:i]]
        out = state.outcome()
        assert data["outcome"] == (None if out is None else out.to_json())
        back = Record.from_json(data)
        assert back == record
        replayed = verify(back)
        assert replayed.state_hash() == state.state_hash() == record.final_hash
        assert [replayed.view(s) for s in seats_of(state)] == [
            state.view(s) for s in seats_of(state)
        ]


# --- views -----------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_views_are_json_and_hold_no_seed_or_deck_order(
    game: str, players: int, seed: int
) -> None:
    """DESIGN.md: ``State.view(seat)`` is a JSON-ready value with everything that seat may
    know and nothing else: no deck order, no seed. Every view (each seat and a spectator)
    survives a JSON round trip unchanged, has no key ``seed``, does not contain the seed's
    value, and does not contain the draw pile's order (the ``deck`` of ``to_data``)."""
    pt = playthrough(game, players, seed)
    seed_texts = {str(seed), f"{seed:x}", f"{seed:016x}"}
    for i in pt.points(2):
        state = pt.states[i]
        data = state.to_data()
        deck = data.get("deck")
        deck = deck if isinstance(deck, list) and len(deck) >= 3 else None
        for s in seats_of(state):
            view = state.view(s)
            text = json.dumps(view)
            assert json.loads(text) == view, "view is not plain JSON data"
            keys = {str(k).lower() for k in dict_keys(view)}
            assert "seed" not in keys
            assert not any(v == seed for v in walk(view) if isinstance(v, int))
            assert not any(t in text for t in seed_texts), "the seed leaks into a view"
            if deck is not None:
                lists = [v for v in walk(view) if isinstance(v, list)]
                for order in (deck, deck[::-1]):
                    assert not any(contains_run(v, order) for v in lists), "deck order leaks"
                    assert json.dumps(order)[1:-1] not in text


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_spectator_sees_only_public_information(game: str, players: int, seed: int) -> None:
    """DESIGN.md: spectators get the public view; views and events are filtered per seat.
    The spectator's events are the public ones with every private field hidden, and each
    is part of every seat's stream (as that seat's copy: seen the same way by a
    spectator); and the spectator view is unchanged by re-dealing what any one seat cannot
    see (``resample``), so it holds no seat's private part."""
    pt = playthrough(game, players, seed)
    for i in pt.points(6):
        state = pt.states[i]
        public = [e.seen_by(None) for e in state.events if e.seats is None]
        assert state.events_for(None) == public
        spectator = state.view(None)
        for seat in range(players):
            mine = [e.seen_by(None) for e in state.events_for(seat) if e.seats is None]
            assert mine == public, "a public event is missing from a seat's stream"
            for k in range(3):
                other = state.resample(seat, random.Random(i * 31 + k))
                assert other.view(None) == spectator, (
                    f"spectator view changed when seat {seat}'s hidden cards were re-dealt")
                assert other.events_for(None) == public


# --- scenarios -------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_scenario_round_trip(game: str, players: int, seed: int) -> None:
    """DESIGN.md: a scenario is a readable TOML file that sets up any position. At sampled
    positions ``to_data`` -> ``from_scenario`` -> ``to_data`` is the identity, and so is the
    TOML text of ``dumps_scenario``; the rebuilt position has the same hash, legal actions
    and views."""
    pt = playthrough(game, players, seed)
    for i in pt.points(11):
        state = pt.states[i]
        data = state.to_data()
        rebuilt = from_scenario({"game": game, **data})
        assert rebuilt.to_data() == data
        toml_data = tomllib.loads(dumps_scenario(state))
        assert toml_data == scenario_of(state)
        from_toml = from_scenario(toml_data)
        assert from_toml.to_data() == data
        for other in (rebuilt, from_toml):
            assert other.state_hash() == state.state_hash()
            assert [a.to_text() for a in other.legal_actions()] == [
                a.to_text() for a in state.legal_actions()]
            assert [other.view(s) for s in seats_of(state)] == [
                state.view(s) for s in seats_of(state)]


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_exported_scenario_continues_identically(
    game: str, players: int, seed: int, tmp_path: Path
) -> None:
    """DESIGN.md: any point of a record can be exported to a scenario. The exported
    position, given the rest of the record's actions, reaches the record's final hash,
    views and outcome; and a record of the continued game (which keeps its ``start``)
    verifies."""
    pt = playthrough(game, players, seed)
    record = record_of(pt.final)
    n = len(record.actions)
    for move in sorted({1, 2, n // 3, n // 2, n, n + 1} | set(range(1, n + 2, 37))):
        text = export(record, move)
        path = tmp_path / f"move-{move}.toml"
        path.write_text(text)
        state = load_scenario(path)
        assert state.state_hash() == pt.states[move - 1].state_hash()
        for action in record.actions[move - 1:]:
            state.apply(action)
        assert state.state_hash() == record.final_hash
        assert [state.view(s) for s in seats_of(state)] == [
            pt.final.view(s) for s in seats_of(state)]
        out = state.outcome()
        assert out is not None and out.to_json() == record.outcome
        continued = record_of(state)
        assert continued.start is not None
        assert continued.actions == record.actions[move - 1:]
        assert verify(Record.from_json(json.loads(continued.dumps()))).state_hash() == (
            record.final_hash)


# --- resampling ------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_resample_keeps_what_the_seat_knows_and_plays_on(
    game: str, players: int, seed: int
) -> None:
    """DESIGN.md: ``State.resample(seat, rng)`` is a full state consistent with that seat's
    knowledge (hidden cards re-dealt), for agents that search. The seat's view and event
    stream are unchanged, the same seat is to act (with the same choices, if it is that
    seat), the original is untouched, the same rng seed gives the same state, and the
    resampled game continues legally to its end."""
    pt = playthrough(game, players, seed)
    for i in pt.points(7)[:-1]:
        state = pt.states[i]
        before = snapshot(state)
        for seat in range(players):
            r = state.resample(seat, random.Random(i * 7 + seat))
            assert snapshot(state) == before, "resample changed the original"
            assert r.view(seat) == state.view(seat)
            assert r.events_for(seat) == state.events_for(seat)
            assert r.to_act == state.to_act
            assert r.players == players
            if state.to_act == seat:
                assert [a.to_text() for a in r.legal_actions()] == before["legal"]
            again = state.resample(seat, random.Random(i * 7 + seat))
            assert again.state_hash() == r.state_hash(), "resample is not deterministic"
            play_to_end(r, random.Random(i))
            assert r.outcome() is not None
            assert snapshot(state) == before, "playing a resampled state changed the original"


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_resample_depends_only_on_what_the_seat_knows(
    game: str, players: int, seed: int
) -> None:
    """DESIGN.md: an agent gets a seat's view and a resampler, never the true state. A
    resample must therefore be a function of what the seat knows and of the generator
    alone: an agent owns the generator, so a re-deal that shuffled the true order of the
    hidden cards with it would let the agent undo the shuffle and read that order. From
    a position and a twin of it (a resample for the same seat: the same knowledge, the
    hidden cards dealt otherwise), the same generator must give the same resample."""
    pt = playthrough(game, players, seed)
    for i in pt.points(5)[:-1]:
        state = pt.states[i]
        for seat in range(players):
            twin = state.resample(seat, random.Random(i * 11 + seat))
            for k in range(2):
                mine = state.resample(seat, random.Random(k))
                theirs = twin.resample(seat, random.Random(k))
                assert mine.to_data() == theirs.to_data(), (
                    f"seat {seat}'s resample tells apart two positions it knows the same "
                    f"about (at decision {i})")


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_view_depends_only_on_what_the_seat_was_told(
    game: str, players: int, seed: int
) -> None:
    """DESIGN.md, Hidden information: re-deal everything a seat cannot see, and that seat's
    view and event stream must not change -- and must not start to differ later through
    the engine's bookkeeping. From a position and a resample of it for one seat, the same
    actions are applied to both; as long as that seat was told the same things (equal new
    events), its view (and the spectator's, while the public events agree) must be equal."""
    pt = playthrough(game, players, seed)
    rng = random.Random(seed)
    compared = 0
    for i in pt.points(4)[:-1]:
        state = pt.states[i]
        for seat in range(players):
            real = state.clone()
            other = state.resample(seat, random.Random(i * 13 + seat))
            for _ in range(4):
                if real.to_act is None or other.to_act != real.to_act:
                    break
                theirs = {a.to_text() for a in other.legal_actions()}
                common = [a for a in real.legal_actions() if a.to_text() in theirs]
                if not common:
                    break
                action = rng.choice(common).to_text()
                n_seat, n_pub = len(real.events_for(seat)), len(real.events_for(None))
                real.apply(action)
                other.apply(action)
                told = real.events_for(seat)[n_seat:] == other.events_for(seat)[n_seat:]
                if not told:
                    break
                compared += 1
                assert other.view(seat) == real.view(seat), (
                    f"after {action!r} seat {seat}'s view tells apart two positions it "
                    f"was told the same about")
                if real.events_for(None)[n_pub:] == other.events_for(None)[n_pub:]:
                    assert other.view(None) == real.view(None)
    assert compared > 0


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_words_depend_only_on_the_seats_view(game: str, players: int, seed: int) -> None:
    """docs/adding-a-game.md section 3, "Actions in words" (issue 31): the words of the
    legal actions (``describe_legal``) are a label and a sentence for each, aligned with
    ``legal_actions``, and come from the seat's view and the public catalogue alone: in a
    re-deal of everything the seat to act cannot see, every one reads the same, and the
    catalogue is the same."""
    pt = playthrough(game, players, seed)
    compared = 0
    for i in pt.points(3)[:-1]:
        state = pt.states[i]
        seat = state.to_act
        assert seat is not None
        words = state.describe_legal(seat)
        assert len(words) == len(state.legal_actions())
        for w in words:
            assert isinstance(w.label, str) and w.label.strip(), "an empty label"
            assert isinstance(w.text, str) and w.text.strip(), "an empty sentence"
        for k in range(2):
            other = state.resample(seat, random.Random(i * 17 + k))
            assert other.catalogue() == state.catalogue()
            assert other.describe_legal(seat) == words, (
                f"seat {seat}'s words tell apart two positions it sees alike (decision {i})")
            compared += 1
    assert compared > 0
