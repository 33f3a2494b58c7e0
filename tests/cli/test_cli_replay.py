"""`tabletop replay` and `tabletop export`: records verified, shown and cut into scenarios."""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.core import Record, get_spec, load_scenario, replay

from .conftest import Run, assert_one_error, lines_of


def assert_failures(result: object, verified: int, *needles: str) -> list[str]:
    """Issue "Core 1.1": `tabletop replay` checks every record of a file and ends with a
    count (N verified, M failed), each failure one line, exit 1 if any failed."""
    assert result.exit_code == 1, result.output  # type: ignore[attr-defined]
    lines = result.stderr.strip().splitlines()  # type: ignore[attr-defined]
    failures, last = lines[:-1], lines[-1]
    assert failures and all(line.startswith("failed: ") for line in failures), lines
    assert last.startswith("error: ") and last.endswith(
        f"{verified} verified, {len(failures)} failed"), last
    assert "Traceback" not in result.output  # type: ignore[attr-defined]
    for needle in needles:
        assert any(needle in line for line in failures), (needle, failures)
    return failures


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
    assert "6 verified, 0 failed" in result.stdout


def test_changed_final_hash_is_detected(run: Run, records_file: Path, tmp_path: Path) -> None:
    path = _tampered(records_file, tmp_path, 2, {"final_hash": "0" * 64})
    assert_failures(run("replay", str(path)), 5, "tampered.jsonl:2:", "final hash mismatch")


def test_changed_action_is_detected(run: Run, records_file: Path, tmp_path: Path) -> None:
    actions = json.loads(lines_of(records_file)[2])["actions"]
    # Phase 1: Recruit — a different (still legal) first pick changes the whole game.
    first = "pick c3" if actions[0] != "pick c3" else "pick a1"
    path = _tampered(records_file, tmp_path, 3, {"actions": [first, *actions[1:]]})
    assert_failures(run("replay", str(path)), 5, "tampered.jsonl:3:")


def test_unreadable_action_is_detected(run: Run, records_file: Path, tmp_path: Path) -> None:
    actions = json.loads(lines_of(records_file)[0])["actions"]
    path = _tampered(records_file, tmp_path, 1, {"actions": actions[:5] + ["fly away"]})
    assert_failures(run("replay", str(path)), 5, "tampered.jsonl:1:", "action 6", "fly away")


def test_changed_outcome_is_detected(run: Run, records_file: Path, tmp_path: Path) -> None:
    outcome = json.loads(lines_of(records_file)[3])["outcome"]
    outcome["winners"] = [s for s in range(3) if s not in outcome["winners"]][:1]
    path = _tampered(records_file, tmp_path, 4, {"outcome": outcome})
    assert_failures(run("replay", str(path)), 5, "tampered.jsonl:4:", "outcome")


def test_malformed_and_missing_files(run: Run, records_file: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.jsonl"
    broken.write_text(lines_of(records_file)[0] + "\n{not json\n")
    assert_failures(run("replay", str(broken)), 1, "broken.jsonl:2", "not valid JSON")
    missing_field = tmp_path / "missing.json"
    missing_field.write_text('{"game": "radiant-perim"}')
    assert_failures(run("replay", str(missing_field)), 0, "missing field")
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
    assert "Take " in result.stdout  # each action also in words (issue 31)
    assert "Public events" in result.stdout
    assert "Age 1 begins" in result.stdout
    # Spectators see public events only: hands dealt as counts, no secret meld.
    assert "P1 is dealt 9 cards." in result.stdout
    assert "is dealt 9 cards:" not in result.stdout
    assert "sets aside" not in result.stdout
    assert_one_error(run("replay", str(records_file), "--show", "7"),
                     "--show 7: there is no verified record 7")


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
    assert_failures(run("replay", str(path)), 5, "unknown game 'nope'")


def test_every_bad_entry_is_counted_and_the_rest_verified(run: Run, records_file: Path,
                                                          tmp_path: Path) -> None:
    """Issue "Core 1.1": one bad record does not stop the check of the others: each failure
    is one line, and the count covers the whole file."""
    lines = list(lines_of(records_file))
    obj = json.loads(lines[4])
    obj["rules_version"] = "0"
    lines[4] = json.dumps(obj)
    lines.insert(1, "\xff not json")
    lines.insert(3, '{"game": "radiant-perim"}')
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(lines) + "\n")
    failures = assert_failures(run("replay", str(path)), 5, "mixed.jsonl:2:", "mixed.jsonl:4:",
                               "rules version '0'")
    assert len(failures) == 3


def test_files_that_are_not_records_fail_in_one_line(run: Run, tmp_path: Path) -> None:
    """Issue "Core 1.1": a file that is not UTF-8 text, or not JSON, gives one clear line
    and exit 1, never an internal error."""
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    assert_one_error(run("replay", str(binary)), "binary.json: not UTF-8 text")
    huge = tmp_path / "huge.json"
    huge.write_text('{"seed": ' + "7" * 5000 + "}")
    assert_failures(run("replay", str(huge)), 0, "number larger than")


def test_a_record_of_another_rules_version_is_refused_on_every_path(
        run: Run, records_file: Path, tmp_path: Path) -> None:
    """Issue 30: "Old records are refused with the version they need": replay, export,
    analyze and play --resume each name the record's rules version and the one this
    tabletop plays, and none says "does not replay"."""
    path = _tampered(records_file, tmp_path, 1, {"rules_version": "0"})
    single = tmp_path / "one.json"
    single.write_text(lines_of(path)[0] + "\n")
    plays = get_spec("radiant-perim").rules_version
    words = ("radiant-perim rules version '0' and replays only under that version; this "
             f"tabletop plays version '{plays}'")
    failures = assert_failures(run("replay", str(path)), 5, words)
    assert not any("does not replay" in line for line in failures)
    for args in (("export", str(path), "--move", "3"),
                 ("analyze", str(path), "--move", "3", "--budget", "10"),
                 ("play", "radiant-perim", "--resume", str(single))):
        assert "does not replay" not in assert_one_error(run(*args), words), args
