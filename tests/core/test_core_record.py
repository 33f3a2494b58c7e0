"""Records (core/record.py): a game as data that replays to the same hash.

DESIGN.md: "A record is ``{game, rules_version, params, seed, actions[], outcome,
final_hash}``. Replaying it must reproduce the same final state hash, on any machine."
record.py: records are JSON; a file holds one record or one per line; errors name what is
wrong.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tabletop.core import (
    GameSpec,
    Record,
    RecordError,
    RulesVersionError,
    from_scenario,
    initial_state,
    new_game,
    read_records,
    record_of,
    replay,
    verify,
)


def toy_record(toy_play: Any, seed: int = 3) -> Record:
    return record_of(toy_play(new_game("toy-nim", players=2, seed=seed)))


def good_json(toy_play: Any) -> dict[str, Any]:
    return toy_record(toy_play).to_json()


def test_record_of_holds_the_contract_fields(toy: GameSpec, toy_play: Any) -> None:
    """DESIGN.md: the record's fields, with ``params`` holding ``players``."""
    state = toy_play(new_game("toy-nim", players=3, seed=5, max_take=2))
    rec = record_of(state)
    data = json.loads(rec.dumps())
    assert set(data) == {"game", "rules_version", "params", "seed", "actions", "outcome",
                         "final_hash"}
    assert data["game"] == "toy-nim" and data["rules_version"] == "7"
    assert data["params"] == {"players": 3, "pile": 0, "max_take": 2}
    assert data["seed"] == 5
    assert data["actions"] == [a.to_text() for a in state.history]
    assert data["outcome"] == state.outcome().to_json()
    assert data["final_hash"] == state.state_hash()
    assert Record.from_json(data) == rec


def test_record_dumps_is_one_line(toy: GameSpec, toy_play: Any) -> None:
    """record.py: ``dumps`` is one line of JSON (a JSONL row)."""
    text = toy_record(toy_play).dumps()
    assert "\n" not in text and json.loads(text)


def test_from_json_rejects_a_non_object() -> None:
    """record.py: a record is a JSON object; anything else is refused, saying what it got."""
    with pytest.raises(RecordError, match="^record: expected a JSON object, got list$"):
        Record.from_json([1, 2])


@pytest.mark.parametrize("field", ["game", "seed", "actions", "final_hash", "outcome"])
def test_from_json_names_a_missing_field(toy: GameSpec, toy_play: Any, field: str) -> None:
    """record.py: a missing field is named."""
    data = good_json(toy_play)
    del data[field]
    with pytest.raises(RecordError) as err:
        Record.from_json(data, "games.jsonl:4")
    assert str(err.value) == f"games.jsonl:4: missing field(s) {field}"


def test_from_json_names_every_missing_field(toy: GameSpec, toy_play: Any) -> None:
    """record.py: every missing field is named, in the contract's order."""
    data = good_json(toy_play)
    del data["params"], data["rules_version"]
    with pytest.raises(RecordError, match=r"missing field\(s\) rules_version, params$"):
        Record.from_json(data)


def test_from_json_names_an_extra_field(toy: GameSpec, toy_play: Any) -> None:
    """record.py: an unknown field is an error, named (``start`` is the one optional key)."""
    data = good_json(toy_play)
    data["comment"] = "nice game"
    data["winner"] = 1
    with pytest.raises(RecordError, match=r"unknown field\(s\) comment, winner$"):
        Record.from_json(data)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("game", 7, "field 'game' must be str"),
        ("rules_version", None, "field 'rules_version' must be str"),
        ("params", ["players", 2], "field 'params' must be dict"),
        ("seed", "12", "field 'seed' must be int"),
        ("seed", True, "field 'seed' must be int"),
        ("seed", 1.5, "field 'seed' must be int"),
        ("actions", "take 1", "field 'actions' must be list"),
        ("actions", ["take 1", 2], "every action must be a string"),
        ("final_hash", 0, "field 'final_hash' must be str"),
        ("outcome", "seat 1 won", "field 'outcome' must be an object or null with scores, "
                                     "winners and reason"),
        ("start", [1], "field 'start' must be an object"),
    ],
)
def test_from_json_names_a_field_of_the_wrong_type(
    toy: GameSpec, toy_play: Any, field: str, value: Any, message: str
) -> None:
    """record.py: a field of the wrong type is named with the type it must have."""
    data = good_json(toy_play)
    data[field] = value
    with pytest.raises(RecordError) as err:
        Record.from_json(data, "r.json")
    assert str(err.value) == f"r.json: {message}"


def test_verify_accepts_an_honest_record(toy: GameSpec, toy_play: Any) -> None:
    """DESIGN.md: replaying a record reproduces its final hash."""
    rec = toy_record(toy_play)
    state = verify(Record.from_json(json.loads(rec.dumps())))
    assert state.state_hash() == rec.final_hash
    assert [a.to_text() for a in state.history] == rec.actions


def test_verify_detects_a_tampered_hash(toy: GameSpec, toy_play: Any) -> None:
    """record.py: ``verify`` raises ``RecordError`` on a hash mismatch."""
    rec = toy_record(toy_play)
    rec.final_hash = "0" * 64
    with pytest.raises(RecordError, match="final hash mismatch: record says 000000000000"):
        verify(rec)


def test_verify_detects_a_tampered_outcome(toy: GameSpec, toy_play: Any) -> None:
    """record.py: ``verify`` checks the recorded outcome against the replay's."""
    rec = toy_record(toy_play)
    assert rec.outcome is not None
    rec.outcome = {**rec.outcome, "winners": [1 - rec.outcome["winners"][0]]}
    with pytest.raises(RecordError, match="outcome does not match"):
        verify(rec)
    rec = toy_record(toy_play)
    rec.outcome = None
    with pytest.raises(RecordError, match="outcome does not match"):
        verify(rec)


def test_verify_detects_a_tampered_action_that_is_legal(toy: GameSpec, toy_play: Any) -> None:
    """A different but legal action replays, to another position: the hash gives it away."""
    rec = toy_record(toy_play)
    rec.actions[0] = "take 2" if rec.actions[0] != "take 2" else "take 1"
    rec.actions.pop()  # keep the game from overrunning the pile
    with pytest.raises(RecordError, match="final hash mismatch|does not replay"):
        verify(rec)


def test_verify_detects_an_illegal_or_unreadable_action(toy: GameSpec, toy_play: Any) -> None:
    """record.py: an action that does not replay is named by number and text, with the
    engine's reason."""
    rec = toy_record(toy_play)
    rec.actions[1] = "take 9"
    with pytest.raises(RecordError) as err:
        verify(rec)
    assert str(err.value).startswith("action 2 ('take 9') does not replay: illegal: "
                                     '"take 9" — take 1 to 3 stones (Taking)')
    rec.actions[1] = "grab all"
    with pytest.raises(RecordError, match=r"action 2 \('grab all'\) does not replay: cannot"):
        verify(rec)


def test_verify_refuses_a_record_that_cannot_start(toy: GameSpec, toy_play: Any) -> None:
    """record.py: an unknown game, bad params or a missing seat count is a RecordError."""
    rec = toy_record(toy_play)
    rec.game = "checkers"
    with pytest.raises(RecordError, match="record cannot start: unknown game 'checkers'"):
        verify(rec)
    rec = toy_record(toy_play)
    rec.params = {"pile": 4}
    with pytest.raises(RecordError, match="must hold the integer 'players'"):
        verify(rec)
    rec = toy_record(toy_play)
    rec.params["colour"] = "blue"
    with pytest.raises(RecordError, match="record cannot start: .*no parameter 'colour'"):
        verify(rec)


def test_replay_upto_gives_intermediate_positions(toy: GameSpec, toy_play: Any) -> None:
    """record.py: ``replay(record, upto)`` replays the first ``upto`` actions."""
    state = new_game("toy-nim", players=2, seed=9)
    hashes = [state.state_hash()]
    toy_play(state)
    rec = record_of(state)
    again = new_game("toy-nim", players=2, seed=9)
    for text in rec.actions:
        again.apply(text)
        hashes.append(again.state_hash())
    for k in range(len(rec.actions) + 1):
        assert replay(rec, upto=k).state_hash() == hashes[k]


def test_record_from_a_scenario_keeps_its_start(toy: GameSpec) -> None:
    """record.py: a game begun from a scenario keeps ``start``; it replays from there, and
    the replayed game's record keeps it too."""
    state = from_scenario({"game": "toy-nim", "players": 3, "pile": 5, "turn": 2})
    state.apply("take 2")
    rec = record_of(state)
    assert rec.start == {**state.start} and rec.start["pile"] == 5
    data = json.loads(rec.dumps())
    assert data["start"]["turn"] == 2
    replayed = verify(Record.from_json(data))
    assert replayed.state_hash() == state.state_hash()
    assert record_of(replayed).start == rec.start


# --- files -----------------------------------------------------------------------------


def test_read_records_reads_one_pretty_printed_object(toy: GameSpec, toy_play: Any,
                                                      tmp_path: Path) -> None:
    """record.py: a file holds one record (any JSON layout)."""
    rec = toy_record(toy_play)
    path = tmp_path / "one.json"
    path.write_text(json.dumps(rec.to_json(), indent=2))
    assert list(read_records(path)) == [rec]


def test_read_records_reads_jsonl(toy: GameSpec, toy_play: Any, tmp_path: Path) -> None:
    """record.py: or one record per line; blank lines are skipped."""
    recs = [toy_record(toy_play, seed) for seed in (1, 2, 3)]
    path = tmp_path / "many.jsonl"
    path.write_text(recs[0].dumps() + "\n\n" + recs[1].dumps() + "\n" + recs[2].dumps() + "\n")
    assert list(read_records(path)) == recs
    for rec in read_records(path):
        verify(rec)


def test_read_records_names_file_and_line_of_bad_json(toy: GameSpec, toy_play: Any,
                                                      tmp_path: Path) -> None:
    """record.py: bad JSON is reported as ``file:line`` with the parser's reason."""
    rec = toy_record(toy_play)
    path = tmp_path / "bad.jsonl"
    path.write_text(rec.dumps() + "\n" + rec.dumps()[:-5] + "\n")
    it = read_records(path)
    assert next(it) == rec
    with pytest.raises(RecordError) as err:
        next(it)
    assert str(err.value).startswith(f"{path}:2: not valid JSON (")


def test_read_records_names_file_and_line_of_a_bad_record(toy: GameSpec, toy_play: Any,
                                                          tmp_path: Path) -> None:
    """record.py: a valid JSON line that is not a record is named by file and line."""
    rec = toy_record(toy_play)
    bad = rec.to_json()
    del bad["seed"]
    path = tmp_path / "bad.jsonl"
    path.write_text(f"{rec.dumps()}\n{rec.dumps()}\n{json.dumps(bad)}\n")
    with pytest.raises(RecordError, match=rf"^{path}:3: missing field\(s\) seed$"):
        list(read_records(path))
    path.write_text("[1, 2]\n")
    with pytest.raises(RecordError, match=rf"^{path}:1: expected a JSON object, got list$"):
        list(read_records(path))


def test_read_records_empty_or_missing_file(tmp_path: Path) -> None:
    """record.py: an empty file holds no record; a missing file cannot be read."""
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n  \n")
    with pytest.raises(RecordError, match="empty file, no record in it"):
        list(read_records(empty))
    with pytest.raises(RecordError, match=r"nope\.jsonl: cannot read"):
        list(read_records(tmp_path / "nope.jsonl"))


def test_a_radiant_perim_record_file_replays(tmp_path: Path) -> None:
    """DESIGN.md, on a real game: records of random games, written as JSONL and read back,
    replay to their final hashes."""
    recs = []
    for seed in range(3):
        state = new_game("radiant-perim", players=2 + seed, seed=seed)
        rng = random.Random(seed)
        while state.to_act is not None:
            state.apply(rng.choice(state.legal_actions()))
        recs.append(record_of(state))
    path = tmp_path / "perim.jsonl"
    path.write_text("".join(r.dumps() + "\n" for r in recs))
    back = list(read_records(path))
    assert back == recs
    for rec in back:
        assert verify(rec).state_hash() == rec.final_hash


# --- records from elsewhere: versions, start positions, local files, limits -------------


def test_a_record_of_another_rules_version_is_refused(toy: GameSpec, toy_play: Any) -> None:
    """Issue "Core 1.1": a record with an unknown ``rules_version`` is refused with a clear
    line (not replayed into a hash mismatch)."""
    rec = toy_record(toy_play)
    rec.rules_version = "6"
    for path in (verify, replay, initial_state):  # every path refuses it, before replaying
        with pytest.raises(RulesVersionError, match="rules version '6' and replays only "
                           "under that version; this tabletop plays version '7'"):
            path(rec)


@pytest.mark.parametrize(("key", "value"), [("seed", 99), ("players", 2),
                                            ("params", {"pile": 0, "max_take": 2})])
def test_a_record_contradicting_its_start_is_refused(toy: GameSpec, key: str,
                                                     value: Any) -> None:
    """Issue "Core 1.1": records whose params, seed or player count contradict their start
    position are refused with a clear line."""
    state = from_scenario({"game": "toy-nim", "players": 3, "pile": 5, "seed": 4})
    state.apply("take 1")
    rec = record_of(state)
    if key == "seed":
        rec.seed = value
    elif key == "players":
        rec.params["players"] = value
    else:
        rec.params = {"players": 3, **value}
    with pytest.raises(RecordError, match=f"the record's {key} .* contradict its start"):
        verify(rec)


def _files_spec(opened: list[str]) -> GameSpec:
    from dataclasses import replace

    from tabletop.core import ParamSpec

    from .conftest import TOY_SPEC, ToyState

    class State(ToyState):
        __slots__ = ()

    def factory(players: int, seed: int, params: dict[str, Any]) -> ToyState:
        pile = 0
        for name in filter(None, params["files"].split(",")):
            opened.append(name)
            pile += int(Path(name).read_text())
        return State(players, seed, {**params, "pile": pile, "max_take": 3})

    spec = replace(TOY_SPEC, id="toy-files", state=State, factory=factory, params={
        "files": ParamSpec(str, "", "files holding the pile", paths=True),
        "pile": ParamSpec(int, 0, "stones"), "max_take": ParamSpec(int, 3, "most taken")})
    return spec


def test_a_record_never_opens_the_files_it_names(toy_play: Any, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue "Core 1.1": a record's params cannot make replay read arbitrary local files:
    files named in a record are resolved against the files given explicitly (by name), or
    the record is refused. The replayed game keeps the recorded params, so its hash holds."""
    from tabletop.core import spec as spec_module

    opened: list[str] = []
    spec = _files_spec(opened)
    monkeypatch.setitem(spec_module._REGISTRY, spec.id, spec)
    mine = tmp_path / "here" / "pile.txt"
    mine.parent.mkdir()
    mine.write_text("6")
    rec = record_of(toy_play(new_game("toy-files", players=2, seed=1, files=str(mine))))
    opened.clear()
    rec_elsewhere = Record.from_json({**rec.to_json(),
                                      "params": {**rec.params, "files": "/etc/pile.txt"}})
    with pytest.raises(RecordError, match="uses the file 'pile.txt'.*give it with --cards"):
        verify(rec_elsewhere)
    assert opened == []  # refused before anything was opened
    copy = tmp_path / "copy" / "pile.txt"
    copy.parent.mkdir()
    copy.write_text("6")
    assert verify(rec, files=[copy]).state_hash() == rec.final_hash
    assert opened == [str(copy.resolve())]


@pytest.mark.parametrize(("data", "message"), [
    (b"\xff\xfe{}", "not UTF-8 text"),
    (b'{"a": ' + b"[" * 5000 + b"]" * 5000 + b"}", "nested more than"),
    (b'{"seed": ' + b"9" * 5000 + b"}", "a number larger than"),
])
def test_record_files_that_are_not_records_give_one_clear_error(
        tmp_path: Path, data: bytes, message: str) -> None:
    """Issue "Core 1.1": any file input that is not UTF-8 text, or not the expected format,
    or beyond the limits (nesting depth, number sizes), gives one clear error."""
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    with pytest.raises(RecordError, match=message):
        list(read_records(path))


def test_record_field_limits(toy: GameSpec, toy_play: Any) -> None:
    """Issue "Core 1.1": bounded numbers and sizes: seeds are 0..2**63-1, a hash is 64 hex
    digits, one action's notation is at most 1,000 characters."""
    for key, value, message in [("seed", -1, "'seed' must be 0.."), ("seed", 2**64, "'seed'"),
                                ("final_hash", "abc", "64 hex digits"),
                                ("actions", ["take " + "1" * 2000], "longer than 1000")]:
        data = good_json(toy_play)
        data[key] = value
        with pytest.raises(RecordError, match=message):
            Record.from_json(data)


def test_iter_records_goes_on_after_a_bad_entry(toy: GameSpec, toy_play: Any,
                                                tmp_path: Path) -> None:
    """record.py: every entry of a file is read, a bad one as its error, so that
    ``tabletop replay`` can count the records verified and those that failed."""
    from tabletop.core.record import iter_records

    rec = toy_record(toy_play)
    path = tmp_path / "mixed.jsonl"
    path.write_text(f"{rec.dumps()}\nnot json\n[1]\n{rec.dumps()}\n")
    entries = list(iter_records(path))
    assert [w.rsplit(":", 1)[1] for w, _ in entries] == ["1", "2", "3", "4"]
    assert [isinstance(e, Record) for _, e in entries] == [True, False, False, True]


def test_record_save_and_load_take_a_str_or_a_path(toy: GameSpec, toy_play: Any,
                                                   tmp_path: Path) -> None:
    """``Record.save``/``Record.load`` take ``str`` or ``Path``; a file with several
    records is not one record."""
    rec = toy_record(toy_play)
    rec.save(str(tmp_path / "a.json"))
    assert Record.load(tmp_path / "a.json") == rec
    assert Record.load(str(tmp_path / "a.json")) == rec
    (tmp_path / "two.jsonl").write_text(rec.dumps() + "\n" + rec.dumps() + "\n")
    with pytest.raises(RecordError, match="holds 2 records, not one"):
        Record.load(tmp_path / "two.jsonl")
