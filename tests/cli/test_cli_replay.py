"""`tabletop replay` and `tabletop export`: records verified, shown and cut into scenarios."""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.core import Record, load_scenario, replay

from .conftest import Run, assert_one_error, lines_of


def _tampered(records_file: Path, tmp_path: Path, n: int, change: dict[str, object]) -> Path:
    lines = list(lines_of(records_file))
    obj = json.loads(lines[n - 1])
    obj.update(change)
    lines[n - 1] = json.dumps(obj)
    out = tmp_path / "tampered.jsonl"
    out.write_text("\n".join(lines) + "\n")
    return out


def test_every_record_verifies(run: Run, records_file: Path) -> None:
    result = run("replay", str(records_file))
    assert result.exit_code == 0, result.output
    assert "6 record(s) verified" in result.stdout


def test_changed_final_hash_is_detected(run: Run, records_file: Path, tmp_path: Path) -> None:
    path = _tampered(records_file, tmp_path, 2, {"final_hash": "0" * 64})
    assert_one_error(run("replay", str(path)), "record 2", "final hash mismatch")


def test_changed_action_is_detected(run: Run, records_file: Path, tmp_path: Path) -> None:
    actions = json.loads(lines_of(records_file)[2])["actions"]
    # Phase 1: Recruit — a different (still legal) first pick changes the whole game.
    first = "pick c3" if actions[0] != "pick c3" else "pick a1"
    path = _tampered(records_file, tmp_path, 3, {"actions": [first, *actions[1:]]})
    assert_one_error(run("replay", str(path)), "record 3")


def test_unreadable_action_is_detected(run: Run, records_file: Path, tmp_path: Path) -> None:
    actions = json.loads(lines_of(records_file)[0])["actions"]
    path = _tampered(records_file, tmp_path, 1, {"actions": actions[:5] + ["fly away"]})
    assert_one_error(run("replay", str(path)), "record 1", "action 6", "fly away")


def test_changed_outcome_is_detected(run: Run, records_file: Path, tmp_path: Path) -> None:
    outcome = json.loads(lines_of(records_file)[3])["outcome"]
    outcome["winners"] = [s for s in range(3) if s not in outcome["winners"]][:1]
    path = _tampered(records_file, tmp_path, 4, {"outcome": outcome})
    assert_one_error(run("replay", str(path)), "record 4", "outcome")


def test_malformed_and_missing_files(run: Run, records_file: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.jsonl"
    broken.write_text(lines_of(records_file)[0] + "\n{not json\n")
    assert_one_error(run("replay", str(broken)), "broken.jsonl:2", "not valid JSON")
    missing_field = tmp_path / "missing.json"
    missing_field.write_text('{"game": "radiant-perim"}')
    assert_one_error(run("replay", str(missing_field)), "missing field")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert_one_error(run("replay", str(empty)), "empty")
    assert_one_error(run("replay", str(tmp_path / "nowhere.jsonl")), "cannot read")
    assert_one_error(run("export", str(tmp_path / "nowhere.jsonl"), "--move", "1"),
                     "cannot read")


def test_show_prints_actions_and_public_events(run: Run, records_file: Path) -> None:
    result = run("replay", str(records_file), "--show", "2")
    assert result.exit_code == 0, result.output
    record = json.loads(lines_of(records_file)[1])
    assert record["actions"][0] in result.stdout
    assert "Public events" in result.stdout
    assert "Age 1 begins" in result.stdout
    # Spectators see public events only: no dealt hand, no secret meld.
    assert "You are dealt" not in result.stdout
    assert "You set aside" not in result.stdout
    assert_one_error(run("replay", str(records_file), "--show", "7"), "--show must be 1..6")


def test_export_the_position_before_a_move(run: Run, records_file: Path,
                                           tmp_path: Path) -> None:
    out = tmp_path / "before40.toml"
    result = run("export", str(records_file), "--move", "40", "--game", "2", "--out", str(out))
    assert result.exit_code == 0, result.output
    record = Record.from_json(json.loads(lines_of(records_file)[1]))
    assert load_scenario(out).state_hash() == replay(record, upto=39).state_hash()
    # Without --out the TOML goes to standard output.
    printed = run("export", str(records_file), "--move", "40", "--game", "2")
    assert printed.stdout == out.read_text()


def test_bad_export_input(run: Run, records_file: Path) -> None:
    assert_one_error(run("export", str(records_file), "--move", "100000"), "move 100000")
    assert_one_error(run("export", str(records_file), "--move", "3", "--game", "9"),
                     "--game must be 1..6")
    assert_one_error(run("export", str(records_file)), "--move")


def test_record_of_an_unknown_game(run: Run, records_file: Path, tmp_path: Path) -> None:
    path = _tampered(records_file, tmp_path, 1, {"game": "nope"})
    assert_one_error(run("replay", str(path)), "unknown game 'nope'")
