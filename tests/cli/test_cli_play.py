"""`tabletop play`: a person at the terminal (here: piped input) against AI seats."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from tabletop.core import Record, dumps_scenario, game_id, new_game, verify

from .conftest import Run, assert_one_error

SEED = 3


def _meld_scenario(tmp_path: Path) -> Path:
    """A 3-player position in Phase 2: Meld, seat 1 to choose, with a meld to make."""
    for seed in range(200):
        state = new_game("radiant-perim", players=3, seed=seed)
        rng = random.Random(seed)
        while state.view(None)["phase"] == "recruit":
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        texts = [a.to_text() for a in state.legal_actions()]
        if state.to_act == 0 and texts[0] != "meld done":
            path = tmp_path / "meld.toml"
            path.write_text(dumps_scenario(state))
            return path
    raise AssertionError("no seed gives seat 1 a meld")


def test_a_whole_game_against_two_greedy_ais(run: Run, tmp_path: Path) -> None:
    """Winning: three ages played to the end, always choosing the first legal action."""
    record = tmp_path / "game.json"
    result = run("play", "radiant-perim", "--players", "3", "--seat", "1",
                 "--opponents", "greedy", "--seed", str(SEED), "--record", str(record),
                 input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    out = result.stdout
    assert "Game over" in out
    assert "Age 3/3" in out
    assert "P2 (greedy) ›" in out and "P3 (greedy) ›" in out
    saved = Record.from_json(json.loads(record.read_text()))
    assert saved.outcome is not None and saved.params["players"] == 3 and saved.seed == SEED
    verify(saved)
    # The screen: the four realms, the Radiant race, the drafting pool and a battle.
    for word in ("clouds-1..6", "mountains-1..6", "forest-1..6", "sea-1..6", "★ Radiant",
                 "Drafting pool", "Battle of", "Your hand"):
        assert word in out, word


def test_bad_actions_reprompt_with_the_reason(run: Run) -> None:
    result = run("play", "radiant-perim", "--seed", str(SEED),
                 input="move clouds-1\npick z9\n42\nlog\npick a1\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    # Phase 1: Recruit — a move is not a recruit action; the error names the rule.
    assert 'illegal: "move clouds-1"' in out and "(Phase 3: War)" in out
    assert 'cannot read "pick z9"' in out
    assert "no action number 42" in out
    assert "Everything you have seen" in out and "[Setup (Age 1)]" in out  # the log command
    # Issue 31: the person's action is told in words, the card by its name.
    assert re.search(r"you: Take [A-Z][a-z]+ [A-Z][a-z]+ \(a1\)", out)
    assert "you left the game" in out


def test_undo_is_refused_after_a_card_is_revealed(run: Run) -> None:
    """Phase 1: Recruit — the drafted card is replaced from the deck: a hidden card shows."""
    result = run("play", "radiant-perim", "--seed", str(SEED), input="undo\n2\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "undo refused: you have made no decision" in out
    assert re.search(r"undo refused: since your last decision \(Take [A-Za-z ]+ \(a2\)\)"
                     r"\s+something\s+hidden\s+was", out)
    assert "is refilled with" in out
    assert "undone" not in out


def test_undo_in_the_meld_phase(run: Run, tmp_path: Path) -> None:
    """Phase 2: Meld — melds are chosen in secret, so a meld can be taken back."""
    scenario = _meld_scenario(tmp_path)
    record = tmp_path / "after.json"
    result = run("play", "radiant-perim", "--scenario", str(scenario), "--record", str(record),
                 input="1\nundo\n1\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    meld = out.split("you: ", 1)[1].split(" — ", 1)[0]
    assert meld.startswith("Meld ")  # in words (issue 31)
    assert f"undone: {meld}" in out
    assert out.count(f"you: {meld}") == 2
    saved = Record.from_json(json.loads(record.read_text()))
    assert len(saved.actions) == 1 and saved.actions[0].startswith("meld ")
    assert saved.start is not None  # the game began from the scenario ...
    verify(saved)  # ... and the record made after an undo still replays


def test_ai_melds_stay_secret(run: Run, tmp_path: Path) -> None:
    """Phase 2: Meld — the other players' melds are hidden until they are revealed."""
    result = run("play", "radiant-perim", "--scenario", str(_meld_scenario(tmp_path)),
                 input="meld done\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    before_reveal = out[:out.index(" reveals ")]
    ai_lines = [line for line in before_reveal.splitlines() if ") › " in line]
    assert any("has chosen melds" in line for line in ai_lines)
    for line in ai_lines:
        assert "sets aside" not in line and "meld " not in line, line
    assert "sets aside" not in out  # P1 made no meld; the others' are private


def test_end_of_input_quits_cleanly(run: Run) -> None:
    result = run("play", "radiant-perim", "--seed", str(SEED), input="")
    assert result.exit_code == 0
    assert "end of input" in result.stdout
    assert result.stderr == ""


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--players", "6"), "not 6"),
        (("--seat", "4"), "no seat '4' (seats: P1, P2, P3)"),
        (("--seat", "0"), "no seat '0'"),
        (("--seat", "A"), "no seat 'A'"),
        (("--opponents", "oracle"), "unknown agent 'oracle'"),
    ],
)
def test_bad_play_options(run: Run, args: tuple[str, ...], needle: str) -> None:
    assert_one_error(run("play", "radiant-perim", *args, input="quit\n"), needle)


def test_bad_scenarios(run: Run, tmp_path: Path) -> None:
    assert_one_error(run("play", "radiant-perim", "--scenario", str(tmp_path / "none.toml")),
                     "cannot read")
    bad_toml = tmp_path / "bad.toml"
    bad_toml.write_text("game = [unclosed\n")
    assert_one_error(run("play", "radiant-perim", "--scenario", str(bad_toml)),
                     "not valid TOML")
    bad_position = tmp_path / "position.toml"
    bad_position.write_text('game = "radiant-perim"\nphase = "teatime"\n')
    assert_one_error(run("play", "radiant-perim", "--scenario", str(bad_position)))
    other_game = tmp_path / "other.toml"
    other_game.write_text('game = "chess"\n')
    assert_one_error(run("play", "radiant-perim", "--scenario", str(other_game)),
                     "is a scenario of chess, not radiant-perim")
    good = _meld_scenario(tmp_path)
    assert_one_error(run("play", "radiant-perim", "--scenario", str(good), "--seed", "1"),
                     "--scenario and --seed cannot be used together")
    assert_one_error(run("play", "radiant-perim", "--scenario", str(good), "--players", "2"),
                     "3 seats")


# --- secrets and saving ------------------------------------------------------------------


def test_a_fresh_seed_stays_secret_until_the_game_is_over(run: Run, data_dir: Path) -> None:
    """Issue "Core 1.1": the seed decides every hidden card, so `play` shows a game id that
    reveals nothing while the game runs and the seed only once the game is over."""
    result = run("play", "radiant-arena", "--opponents", "random", input="1\n" * 600)
    assert result.exit_code == 0, result.output
    out = result.stdout
    saved = Record.from_json(json.loads(next(data_dir.glob("games/*.json")).read_text()))
    seed = str(saved.seed)
    over = out.index("Game over")
    assert seed not in out[:over]
    assert f"game {game_id(saved.seed)}" in out[:over]
    assert f"The seed of this game was {seed}" in out[over:]


def test_a_chosen_seed_is_labelled_practice(run: Run) -> None:
    """Issue "Core 1.1": a player-chosen --seed stays, for practice and reproduction, and
    is labelled so."""
    result = run("play", "radiant-perim", "--seed", "42", input="quit\n")
    assert "practice deal of seed 42 (chosen with --seed)" in result.stdout


def test_the_record_is_written_as_the_game_goes(run: Run, tmp_path: Path) -> None:
    """Issue "Core 1.1": `--record` is written as the game goes, so leaving (or a crash or
    a kill) loses nothing: after three decisions the file replays to where the game was."""
    record = tmp_path / "live.json"
    result = run("play", "radiant-perim", "--seed", str(SEED), "--record", str(record),
                 input="1\n1\n1\n")  # then the end of input
    assert result.exit_code == 0, result.output
    saved = Record.from_json(json.loads(record.read_text()))
    assert saved.outcome is None and len(saved.actions) >= 3
    first = new_game("radiant-perim", players=saved.params["players"], seed=SEED)
    assert f"you: {first.describe(saved.actions[0], 0).label}" in result.stdout  # in words
    verify(saved)
    assert f"--resume {record}" in result.stdout


def test_a_crash_keeps_every_action_played(run: Run, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue "Core 1.1": the play loop saves the record of a game that ends for any reason:
    an AI seat failing mid-game leaves the record of every action before it on disk."""
    from tabletop.interfaces.cli import play as play_module

    calls = {"n": 0}
    real = play_module.decide

    def flaky(agent: object, state: object) -> object:
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("the AI fell over")
        return real(agent, state)  # type: ignore[arg-type]

    monkeypatch.setattr(play_module, "decide", flaky)
    record = tmp_path / "crash.json"
    result = run("play", "radiant-perim", "--seed", str(SEED), "--record", str(record),
                 input="1\n" * 20)
    assert result.exit_code == 70
    saved = Record.from_json(json.loads(record.read_text()))
    verify(saved)
    assert len(saved.actions) >= 3  # the person's picks and the AIs' before the crash


def test_resume_continues_where_the_game_stopped(run: Run, tmp_path: Path) -> None:
    """A game interrupted in any way can be resumed from its record: the resumed game
    starts after the actions saved, and its record keeps them."""
    record = tmp_path / "game.json"
    run("play", "radiant-perim", "--seed", str(SEED), "--record", str(record), input="1\n1\n")
    first = Record.from_json(json.loads(record.read_text()))
    result = run("play", "radiant-perim", "--resume", str(record), input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert f"resumed from {record} ({len(first.actions)} actions played)" in result.stdout
    final = Record.from_json(json.loads(record.read_text()))
    assert final.outcome is not None and final.actions[:len(first.actions)] == first.actions
    verify(final)


@pytest.mark.parametrize(("where", "needle"), [("folder", "is a folder"),
                                               ("missing/x.json", "does not exist"),
                                               ("exists.json", "the file exists")])
def test_bad_record_paths_are_refused_before_the_game(run: Run, tmp_path: Path, where: str,
                                                      needle: str) -> None:
    """Issue "Core 1.1" / terminal table: `--record PATH` is checked at the start, and an
    existing file is not overwritten without a yes."""
    (tmp_path / "folder").mkdir()
    (tmp_path / "exists.json").write_text("keep me")
    assert_one_error(run("play", "radiant-perim", "--record", str(tmp_path / where),
                         input="1\n"), needle)
    assert (tmp_path / "exists.json").read_text() == "keep me"


# --- people at one keyboard, formalities -------------------------------------------------


def test_two_people_at_one_keyboard_pass_the_screen(run: Run, tmp_path: Path) -> None:
    """Terminal table: local play between people on one machine (`--seats human,human`),
    with a "pass the screen" step; the screen a person gets shows only their own hand."""
    seed = 21
    start = new_game("radiant-arena", seed=seed)
    names = {}
    for seat in (0, 1):
        texts = start.view(seat)["players"][seat]["card_texts"]
        names[seat] = {texts[c]["name"] for c in start.view(seat)["players"][seat]["cards"]}
    assert not names[0] & names[1]
    result = run("play", "radiant-arena", "--seats", "human,human", "--seed", str(seed),
                 input="\n1\n\n1\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "A: a person, B: a person" in out
    first_b = out.index("Pass the screen to B")
    a_screen, b_screen = out[:first_b], out[first_b:]
    assert "Pass the screen to A" in a_screen
    assert all(name not in b_screen for name in names[0]), "A's hand shown to B"
    assert any(name in b_screen for name in names[1])


def test_a_sole_legal_action_is_played_without_asking(run: Run, tmp_path: Path) -> None:
    """Terminal table: a seat with exactly one legal action (a formality) is not asked:
    the table plays it and says so."""
    for seed in range(100):
        state = new_game("radiant-perim", players=2, seed=seed)
        rng = random.Random(seed)
        while state.to_act is not None and not (
                state.to_act == 0 and len(state.legal_actions()) == 1):
            state.apply(rng.choice(state.legal_actions()))
        if state.to_act == 0:
            break
    else:
        raise AssertionError("no position with a sole legal action for P1")
    only = state.legal_actions()[0].to_text()
    label = state.describe(only, 0).label  # told in words (issue 31)
    scenario = tmp_path / "sole.toml"
    scenario.write_text(dumps_scenario(state))
    record = tmp_path / "sole.json"
    result = run("play", "radiant-perim", "--scenario", str(scenario), "--opponents", "random",
                 "--record", str(record), input="quit\n")
    assert result.exit_code == 0, result.output
    assert f"P1: {label} (the only legal action)" in result.stdout
    assert Record.from_json(json.loads(record.read_text())).actions[0] == only


def test_help_gives_this_games_examples(run: Run) -> None:
    """Terminal table: `help` gives this game's examples (actions legal right now) and its
    notation."""
    result = run("play", "radiant-arena", "--seed", "3", input="help\nquit\n")
    out = result.stdout
    assert "e.g. deploy " in out and "Notation: deploy <hero> <lane>" in out
    assert "pick b2" not in out


@pytest.mark.parametrize("game", ["radiant-arena", "radiant-perim", "lightseekers",
                                  "hoshi-battle"])
def test_the_menu_reads_in_words_and_legal_gives_the_notation(run: Run, game: str) -> None:
    """Issue 31, "Words, not notation": the numbered menu shows each legal action's label
    (State.describe_legal), never its notation; `legal` adds the notation, which can still
    be typed."""
    state = new_game(game, seed=SEED)
    while len(state.legal_actions()) < 2:  # the table plays a sole action by itself
        state.apply(state.legal_actions()[0])
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    words = state.describe_legal(seat)
    result = run("play", game, "--seed", str(SEED), "--seat", state.label(seat),
                 input="legal\nquit\n")
    assert result.exit_code == 0, result.output
    menu = result.stdout.split("legal action(s):", 1)[1].split("number or notation", 1)[0]
    listing = result.stdout.split("Every legal action", 1)[1]
    for action, w in zip(legal[:6], words[:6], strict=True):
        assert w.label in menu, w.label
        assert f". {action.to_text()}" not in menu
        assert f"[{action.to_text()}]" in " ".join(listing.split())
