"""The ``tabletop`` command: list games, play one, simulate many, run a tournament, analyse
a position, replay, bench, export.

Every bad input ends in one line on standard error, ``error: <what is wrong>``, and a
non-zero exit code: engine errors (``TabletopError``) and unreadable files exit with 1,
bad command-line usage with 2. The handler is :class:`_Group`, so it covers every
command, whether run through :func:`main` or a test runner.
"""

from __future__ import annotations

import errno
import json
import os
import sys
import traceback
from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from itertools import chain, islice
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from tabletop.agents import DIFFICULTIES, Agent, agent_names, difficulty_agent, make_agent
from tabletop.core import (
    GameSpec,
    ParameterError,
    Record,
    RecordError,
    State,
    TabletopError,
    broken_games,
    export,
    game_id,
    games,
    get_spec,
    initial_state,
    iter_records,
    load_scenario,
    new_game,
    read_records,
    verify,
)
from tabletop.sim import (
    Standings,
    Summary,
    agent_seed,
    analyze,
    bench,
    check_setup,
    seat_agents,
    simulate,
    tournament,
)

from . import arena
from .journal import Journal, check_record_path, default_record_path
from .params import load_cards, parse_params
from .play import PlaySession, Quit, stdin_reader
from .render import pool_for


class _Group(TyperGroup):
    """The command group, with one-line errors for every failure (see the module doc)."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run a command; turn errors into ``error: ...`` and an exit code."""
        def run() -> Any:
            return super(_Group, self).main(args, prog_name, complete_var, False,
                                            windows_expand_args, **extra)

        if not standalone_mode:
            return run()
        try:
            rv = run()
        except typer.TyperException as e:  # usage: a bad option, a missing argument, ...
            if type(e).__name__ == "NoArgsIsHelpError":
                sys.stderr.write(e.format_message() + "\n")  # the help text itself
            else:
                _fail_line(e.format_message())
            sys.exit(e.exit_code)
        except typer.Abort:
            _fail_line("aborted")
            sys.exit(1)
        except TabletopError as e:
            _fail_line(str(e))
            sys.exit(1)
        except OSError as e:
            if e.errno == errno.EPIPE:  # the reader went away (`... | head`): stop quietly
                _silence_stdout()
                sys.exit(1)
            where = f"{e.filename}: " if e.filename else ""
            _fail_line(f"{where}{e.strerror or e}")
            sys.exit(1)
        except KeyboardInterrupt:
            _fail_line("interrupted")
            sys.exit(130)
        except Exception as e:  # a bug, not bad input: still one line unless debugging
            if os.environ.get("TABLETOP_DEBUG"):
                traceback.print_exc()
            _fail_line(f"internal error: {type(e).__name__}: {e} "
                       "(set TABLETOP_DEBUG=1 to see the traceback)")
            sys.exit(70)
        # Not standalone, Typer returns the code of a typer.Exit (or the command's value).
        sys.exit(rv if isinstance(rv, int) else 0)


def _silence_stdout() -> None:
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (a test runner's buffer): nothing will be flushed to a pipe


def _fail_line(message: str) -> None:
    # one line, whatever the message held (a list of problems: each after a "; ")
    text = "; ".join(" ".join(line.split()) for line in message.splitlines() if line.strip())
    sys.stderr.write(f"error: {text}\n")
    sys.stderr.flush()


app = typer.Typer(
    cls=_Group,
    name="tabletop",
    help="Play, simulate, replay and measure tabletop card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


T = TypeVar("T")


def _out() -> Console:
    return Console(highlight=False)


def _err() -> Console:
    return Console(stderr=True, highlight=False)


def _run_games(items: Iterable[T], total: int, label: str, out: Path | None, quiet: bool,
               add: Callable[[T], object], record: Callable[[T], str]) -> None:
    """Hand each finished game to ``add`` under a progress bar on standard error (none
    when ``quiet``), writing its record to ``out`` (one JSON line each) as it comes.

    Ctrl-C stops the run and says how many games were written and where (each line
    written is a whole record, flushed as it comes). The first game is played before
    ``out`` is opened and the bar is drawn: bad input found only when a game starts (a
    seed out of range, a game's own parameter check) is then one error line, and an
    existing ``out`` is left as it was."""
    items = iter(items)
    first = list(islice(items, 1))
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), TimeRemainingColumn(),
        console=_err(), disable=quiet, transient=False,
    )
    done = 0
    try:
        with out.open("w") if out is not None else nullcontext() as sink, progress:
            task = progress.add_task(label, total=total)
            for item in chain(first, items):
                add(item)
                if sink is not None:
                    sink.write(record(item) + "\n")
                    sink.flush()
                done += 1
                progress.advance(task)
    except KeyboardInterrupt:
        written = f"{done} record(s) written to {out}" if out is not None else "no --out"
        _fail_line(f"interrupted after {done} of {total} games; {written}")
        sys.exit(130)


def _players(game: str, players: int | None) -> int:
    spec = get_spec(game)
    n = spec.default_players if players is None else players
    spec.check_params(n, {})
    return n


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


CardsOption = Annotated[list[Path] | None, typer.Option(
    "--cards", help="A card file the records were played with (repeatable); a record's own "
                    "paths are never opened.")]
# The options of the commands that start games: game parameters and extra card files.
ParamOption = Annotated[list[str] | None, typer.Option(
    "--param", help="A game parameter, key=value (repeatable), e.g. deck_a=a or "
                    "decks=random.")]
ExtraCardsOption = Annotated[list[Path] | None, typer.Option(
    "--cards", help="An extra card file for games that take them (repeatable).")]
# Where the games of simulate, tournament and balance run.
BackendOption = Annotated[str, typer.Option(
    help="Where games run: local (this process or a process pool) or ray (a local Ray, "
         "or the cluster at --address).")]
AddressOption = Annotated[str | None, typer.Option(
    help="The Ray cluster to join (HOST:PORT, ray://HOST:PORT or auto); needs "
         "--backend ray.")]


# --- games ----------------------------------------------------------------------------


@app.command("games")
def games_cmd() -> None:
    """List the registered games (and any installed game that does not load, with why)."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style="bold")
    table.add_column()
    for spec in games():
        table.add_row(spec.id, Text.assemble(
            spec.name, (f" · {', '.join(map(str, spec.player_counts))} players · rules "
                        f"version {spec.rules_version}", "dim"),
            f"\nAI: {', '.join(_game_agents(spec.id))} · rulebook {spec.rulebook}"))
    console = _out()
    console.print(table)
    for game, why in broken_games().items():
        console.print(Text(f"broken: {game}: {why}", style="red"), soft_wrap=True)


def _game_agents(game: str) -> list[str]:
    """The agents that play ``game`` (a game-specific heuristic only where it has one)."""
    out = []
    for name in agent_names():
        try:
            make_agent(name, game, 0)
        except TabletopError:
            continue
        out.append(name)
    return out


def _default_pairing(game: str) -> str:
    """Tournament agents when none are named: random against the game's heuristic, or
    against a small ISMCTS for a game without one."""
    return "random,heuristic" if "heuristic" in _game_agents(game) else "random,ismcts:100"


# --- check ----------------------------------------------------------------------------


@app.command("check")
def check_cmd(
    game: Annotated[str, typer.Argument(help="The game id (see `tabletop games`).")],
    workers: Annotated[int, typer.Option("--workers", "-w", min=1,
                                         help="Test processes (pytest-xdist).")] = 1,
) -> None:
    """Run the conformance suite on one game: every clause of the core contract, events,
    scenarios, bad input and hidden information (needs the test extra: pytest and
    hypothesis). The same as `pytest --pyargs tabletop.testing.conformance --tabletop-game
    GAME`. The exit code is pytest's (0: every test passed)."""
    spec = get_spec(game)  # an unknown or broken game: one error line here
    try:
        import pytest
    except ImportError:
        raise TabletopError("tabletop check needs pytest and hypothesis: "
                            "pip install 'tabletop[test]'") from None
    # An empty ini file, so that a project's own pytest settings in the current folder
    # (options, test paths) do not change the suite.
    args = ["--pyargs", "tabletop.testing.conformance", "--tabletop-game", spec.id,
            "-c", os.devnull, "-p", "no:cacheprovider", "-q",
            "-W", "ignore::pytest.PytestAssertRewriteWarning"]
    if workers > 1:
        args += ["-n", str(workers)]
    raise typer.Exit(int(pytest.main(args)))


# --- play -----------------------------------------------------------------------------


@app.command("play")
def play_cmd(
    game: Annotated[str, typer.Argument(help="The game id (see `tabletop games`).")],
    players: Annotated[int | None, typer.Option(
        help="Number of seats (default: the game's usual number).")] = None,
    seat: Annotated[str | None, typer.Option(
        help="Your seat: its label (P1, P2, ...; A or B in radiant-arena) or its number "
             "counted from 1 (default: 1; at random with --draft).")] = None,
    seats: Annotated[str | None, typer.Option(
        help="Who plays each seat, in seat order: 'human' or an agent, comma-separated, "
             "e.g. human,human,heuristic (people at one keyboard take turns at the "
             "screen).")] = None,
    opponents: Annotated[str | None, typer.Option(
        help="Agent(s) for the other seats, comma-separated, cycled in seat order "
             "(default: the agents of --difficulty normal).")] = None,
    difficulty: Annotated[str | None, typer.Option(
        help="Opponents by level instead of by name: "
             + "; ".join(f"{k} = {' or '.join(v)}" for k, v in DIFFICULTIES.items())
             + ".")] = None,
    seed: Annotated[int | None, typer.Option(
        help="Practice: play the deal of this seed (it decides every hidden card, so a "
             "chosen seed is for practice and reproducing a game; default: a fresh secret "
             "one, shown when the game is over).")] = None,
    scenario: Annotated[Path | None, typer.Option(
        help="Start from this scenario file (TOML) instead of a new game.")] = None,
    resume: Annotated[Path | None, typer.Option(
        help="Continue the unfinished game of this record file (saved as it is played).")]
        = None,
    record: Annotated[Path | None, typer.Option(
        help="Save the record here (JSON), rewritten after every action (default: a file "
             "in the user's data folder, shown at the start).")] = None,
    param: ParamOption = None,
    cards: ExtraCardsOption = None,
    draft: Annotated[bool, typer.Option(
        "--draft", help="radiant-arena: draft the decks first (pick and ban heroes, then a "
                        "secret deity and three items); you sit at A or B at random.")]
        = False,
    deck: Annotated[Path | None, typer.Option(
        "--deck", help="radiant-arena: play the deck of this file; with --draft, save the "
                       "deck you draft to it.")] = None,
) -> None:
    """Play a game in the terminal against AI opponents.

    Type the number of a legal action or its notation (`pick b2`, `play avis.knight`);
    also `undo`, `help`, `board`, `log`, `quit`. The game is saved after every action.
    """
    spec = get_spec(game)
    param, cards, seat = arena.draft_and_deck(spec, draft, None if draft else deck, seat,
                                              seats, list(param or []), list(cards or []))
    files = list(cards)
    opponents = _opponents_by_level(spec.id, opponents, difficulty)
    state, where = _starting_position(spec, players, seed, scenario, resume, files, param)
    humans, agents = _who_plays(state, seats, seat or "1", opponents)
    path, journal = _open_journal(state, record, resume)
    console = _out()
    _announce(console, state, where, humans, agents, path)
    saver = arena.DeckSaver(deck if draft else None, humans, console)
    session = PlaySession(state, humans, agents, console, stdin_reader(console),
                          on_change=arena.chain(journal.write, saver), files=files)
    code = _run_session(console, session, journal, path)
    _finish(console, session.state, journal, path)
    raise typer.Exit(code)


def _opponents_by_level(game: str, opponents: str | None, difficulty: str | None
                        ) -> str | None:
    """The opponents' agents: named with --opponents, or by --difficulty (not both)."""
    if difficulty is None:
        return opponents
    if opponents is not None:
        raise ParameterError("give --opponents or --difficulty, not both")
    return difficulty_agent(difficulty, game)


def _starting_position(spec: GameSpec, players: int | None, seed: int | None,
                       scenario: Path | None, resume: Path | None, files: list[Path],
                       param: list[str]) -> tuple[State, str]:
    """The position the game starts from, and where it comes from in words: a resumed
    record, a scenario file, or a new deal (of --seed, else a fresh secret seed). At most
    one of them; the seat count must match and the game must not be over."""
    starts = [name for name, given in (("--scenario", scenario), ("--resume", resume),
                                       ("--seed", seed)) if given is not None]
    if len(starts) > 1:
        raise ParameterError(f"{' and '.join(starts)} cannot be used together "
                             "(each decides how the game starts)")
    if resume is not None:
        state = _resumed(resume, spec.id, files)
        where = f"resumed from {resume} ({len(state.history)} actions played)"
    elif scenario is not None:
        state = load_scenario(scenario, game=spec.id, files=files)
        where = f"scenario {scenario}"
    else:
        state = new_game(spec.id, players=_players(spec.id, players), seed=seed,
                         **parse_params(spec, param, files))
        where = (f"practice deal of seed {seed} (chosen with --seed)" if seed is not None
                 else f"game {game_id(state.seed)}")
    if players is not None and players != state.players:
        raise ParameterError(f"{starts[0] if starts else 'the game'} has {state.players} "
                             f"seats, not {players}")
    if state.is_over:
        raise ParameterError("this game is already over: nothing to play "
                             "(tabletop replay --show shows it)")
    return state, where


def _open_journal(state: State, record: Path | None, resume: Path | None
                  ) -> tuple[Path, Journal]:
    """Where the game is saved after every action (--record, the resumed file, or a new
    file in the user's data folder), written once now so a bad path fails at once."""
    if record is not None:
        path = check_record_path(record, overwrite=record == resume)
    elif resume is not None:
        path = resume
    else:
        path = default_record_path(state.spec.id, game_id(state.seed))
    journal = Journal(path)
    journal.write(state)
    if journal.failed:
        raise ParameterError(f"cannot save the game: {journal.failed}")
    return path, journal


def _announce(console: Console, state: State, where: str, humans: Sequence[int],
              agents: dict[int, Agent], path: Path) -> None:
    """The opening lines: the game, who plays each seat, and where it is saved."""
    players_text = ", ".join(
        f"{state.label(s)}: {'a person' if s in humans else agents[s].name}"
        for s in range(state.players))
    you = f"You are {state.label(humans[0])}; " if len(humans) == 1 else ""
    console.print(Text(f"{state.spec.name}: {state.players} players, {where}. {you}"
                       f"{players_text}. Type help for the commands.", style="bold"),
                  soft_wrap=True)
    console.print(Text(f"Saved after every action to {path}.", style="dim"), soft_wrap=True)


def _run_session(console: Console, session: PlaySession, journal: Journal, path: Path
                 ) -> int:
    """Play until the game is over or a person leaves; the exit code (a person leaving
    is not a failure, Ctrl-C is 130). A crash saves the game and says where first."""
    try:
        try:
            session.run()
        except KeyboardInterrupt:
            raise Quit("interrupted", code=130) from None
    except Quit as q:
        console.print(Text(f"{q} after {len(session.state.history)} action(s).",
                           style="yellow"))
        return q.code
    except BaseException:
        # A crash: every action so far is on disk already; say where before failing.
        journal.write(session.state)
        _err().print(f"The game so far is saved in {path}.", soft_wrap=True)
        raise
    return 0


def _finish(console: Console, state: State, journal: Journal, path: Path) -> None:
    """Save the record a last time; the result of a finished game (and its seed), or how
    to continue an unfinished one."""
    journal.write(state)
    if state.is_over:
        _print_outcome(console, state)
        console.print(Text(f"The seed of this game was {state.seed} (kept in the record).",
                           style="dim"))
    if journal.failed:
        raise TabletopError(f"the record could not be saved: {journal.failed}")
    console.print(f"Record saved to {path} ({len(state.history)} actions).", soft_wrap=True)
    if not state.is_over:
        console.print(f"Continue it with: tabletop play {state.spec.id} --resume {path}",
                      soft_wrap=True)


def _who_plays(state: State, seats: str | None, seat: str, opponents: str | None
               ) -> tuple[list[int], dict[int, Agent]]:
    """The people's seats and an agent for every other seat, from --seats, or from --seat
    and --opponents (cycled over the other seats)."""
    spec = state.spec
    if seats is not None:
        if opponents is not None or seat != "1":
            raise ParameterError("give --seats, or --seat with --opponents/--difficulty, "
                                 "not both")
        names = _names(seats)
        if len(names) != state.players:
            raise ParameterError(f"--seats names {len(names)} player(s); the game has "
                                 f"{state.players} seats")
        humans = [s for s, name in enumerate(names) if name == "human"]
        if not humans:
            raise ParameterError("--seats names no human: use `tabletop simulate` to watch "
                                 "agents play")
        chosen = {s: name for s, name in enumerate(names) if name != "human"}
    else:
        humans = [spec.seat_of(seat, state.players)]
        others = [s for s in range(state.players) if s not in humans]
        # Without --opponents or --difficulty, the opponents play at the "normal" level.
        names = seat_agents(_names(opponents or difficulty_agent("normal", spec.id)),
                            len(others))
        chosen = dict(zip(others, names, strict=True))
    agents = {s: make_agent(name, spec.id, agent_seed(state.seed, s))
              for s, name in chosen.items()}
    return humans, agents


def _resumed(path: Path, game: str, files: list[Path]) -> State:
    """The position of an unfinished game's record, replayed and checked by hash."""
    records = _load(path)
    if len(records) != 1:
        raise RecordError(f"{path}: holds {len(records)} records; --resume takes a file "
                          "with one game")
    rec = records[0]
    if rec.game != game:
        raise RecordError(f"{path} is a record of {rec.game}, not {game}")
    return verify(rec, files)


def _print_outcome(console: Console, state: State) -> None:
    outcome = state.outcome()
    assert outcome is not None
    table = Table(title="Game over", box=box.SIMPLE_HEAD)
    table.add_column("seat")
    table.add_column("score", justify="right")
    table.add_column("")
    for s, score in enumerate(outcome.scores):
        table.add_row(state.label(s), f"{score:g}", "winner" if s in outcome.winners else "")
    console.print(table)
    winners = ", ".join(state.label(s) for s in outcome.winners)
    console.print(Text(f"{winners} win{'s' if len(outcome.winners) == 1 else ''}: "
                       f"{outcome.reason}.", style="bold green"))


# --- simulate -------------------------------------------------------------------------


@app.command("simulate")
def simulate_cmd(
    game: Annotated[str, typer.Argument(help="The game id.")],
    n_games: Annotated[int, typer.Option("--games", "-n", min=1,
                                         help="How many games.")] = 100,
    players: Annotated[int | None, typer.Option(help="Number of seats.")] = None,
    agents: Annotated[str, typer.Option(
        help="Agents by seat, comma-separated; fewer names than seats are cycled.")]
        = "random",
    seed: Annotated[int, typer.Option(help="Seed of the first game; then +1 per game.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1,
                                         help="Worker processes (1: in this process).")] = 1,
    out: Annotated[Path | None, typer.Option(
        help="Write every game's record here, one JSON line each.")] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print one JSON object with the summary, nothing else.")] = False,
    param: ParamOption = None,
    cards: ExtraCardsOption = None,
    backend: BackendOption = "local",
    address: AddressOption = None,
) -> None:
    """Play many games between agents and summarise wins and scores per seat.

    A game won by several seats (the two partners of a team, say) counts a win for
    each of them.
    """
    n = _players(game, players)
    names = seat_agents(_names(agents), n)
    spec = get_spec(game)
    params = parse_params(spec, param, cards)
    check_setup(game, n, names, params)
    summary = Summary(game, names)
    results = simulate(game, n, names, n_games, seed=seed, workers=workers, params=params,
                       backend=backend, address=address)
    _run_games(results, n_games, f"{game}, {n} players", out, as_json,
               add=summary.add, record=lambda r: r.record)
    report = summary.to_json()
    report.update(seed=seed, workers=workers, out=None if out is None else str(out))
    if as_json:
        sys.stdout.write(json.dumps(report) + "\n")
        return
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    for col in ("seat", "agent", "wins", "win %", "mean score"):
        table.add_column(col, justify="left" if col == "agent" else "right")
    for s, name in enumerate(names):
        table.add_row(spec.seat_label(s), name, str(summary.wins[s]),
                      f"{100 * summary.wins[s] / summary.games:.1f}",
                      f"{summary.mean_scores[s]:.2f}")
    console = _out()
    console.print(Text(f"{game}: {summary.games} games, {n} players, seeds {seed}.."
                       f"{seed + summary.games - 1}", style="bold"))
    console.print(table)
    console.print(f"{summary.seconds:.2f} s, {summary.games_per_s:.1f} games/s "
                  f"with {workers} worker(s). A shared win counts for every winning seat.")
    if out is not None:
        console.print(f"Records written to {out}.")


# --- tournament -----------------------------------------------------------------------


@app.command("tournament")
def tournament_cmd(
    game: Annotated[str, typer.Argument(help="The game id.")],
    agents: Annotated[str | None, typer.Option(
        help="Two or more agents, comma-separated: random, greedy, heuristic, ismcts:1s, "
             "ismcts:500 (iterations); default: random and the game's heuristic (or a "
             "small ISMCTS).")] = None,
    n_games: Annotated[int, typer.Option("--games", "-n", min=1,
                                         help="Games per pairing.")] = 20,
    players: Annotated[int | None, typer.Option(help="Number of seats.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first deal.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1,
                                         help="Worker processes (1: in this process).")] = 1,
    out: Annotated[Path | None, typer.Option(
        help="Write every game's record here, one JSON line each.")] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print one JSON object (pairings and ratings), nothing else.")] = False,
    param: ParamOption = None,
    cards: ExtraCardsOption = None,
    backend: BackendOption = "local",
    address: AddressOption = None,
) -> None:
    """Round robin: every pair of agents plays --games games, seats rotated.

    In a pairing, agent a takes one seat (its partner too, in a team game) and copies
    of agent b the others; each deal is played with a in every seat. A shared win
    counts half. Win rates come with 95% Wilson intervals; ratings are Bradley-Terry
    (MM iterations) on the Elo scale, averaging 0.
    """
    names = _names(agents or _default_pairing(game))
    n = _players(game, players)
    params = parse_params(get_spec(game), param, cards)
    games_iter = tournament(game, names, n_games, players=n, seed=seed, workers=workers,
                            params=params, backend=backend, address=address)
    standings = Standings(names)
    total = n_games * len(names) * (len(names) - 1) // 2
    _run_games(games_iter, total, f"{game}, {n} players", out, as_json,
               add=standings.add, record=lambda played: played.result.record)
    report = standings.to_json()
    if as_json:
        sys.stdout.write(json.dumps(report) + "\n")
        return
    console = _out()
    console.print(Text(f"{game}: {n} players, {n_games} games per pairing, first seed {seed}",
                       style="bold"))
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    for col in ("a", "b", "games", "a wins", "b wins", "draws", "a win %", "95% CI"):
        table.add_column(col, justify="left" if col in ("a", "b") else "right")
    for p in report["pairings"]:
        table.add_row(p["a"], p["b"], str(p["games"]), str(p["wins_a"]), str(p["wins_b"]),
                      str(p["draws"]), f"{100 * p['win_rate_a']:.1f}",
                      f"{100 * p['ci_low']:.1f}–{100 * p['ci_high']:.1f}")
    console.print(table)
    ratings = Table(box=box.SIMPLE_HEAD, show_edge=False, title="Bradley-Terry ratings")
    ratings.add_column("agent")
    ratings.add_column("rating", justify="right")
    for name, rating in sorted(report["ratings"].items(), key=lambda kv: -kv[1]):
        ratings.add_row(name, f"{rating:+.0f}")
    console.print(ratings)
    console.print("A shared win counts half. Ratings: Elo scale, mean 0 (400 = 10:1 odds).")
    if out is not None:
        console.print(f"Records written to {out}.")


# --- analyze --------------------------------------------------------------------------


@app.command("analyze")
def analyze_cmd(
    record: Annotated[Path, typer.Argument(help="A record file.")],
    move: Annotated[int, typer.Option(
        help="Analyse the position before this action (counted from 1).")],
    game_no: Annotated[int, typer.Option(
        "--game", help="Which record of the file (counted from 1).")] = 1,
    budget: Annotated[str, typer.Option(
        help="ISMCTS budget: seconds (1s, 0.2s) or iterations (500).")] = "1s",
    seed: Annotated[int, typer.Option(help="Seed of the search.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    cards: CardsOption = None,
) -> None:
    """Estimate each legal action's chance to win, by ISMCTS from the mover's seat."""
    records = _load(record)
    if not 1 <= game_no <= len(records):
        raise ParameterError(f"--game must be 1..{len(records)}, not {game_no}")
    result = analyze(records[game_no - 1], move, budget=budget, seed=seed,
                     files=list(cards or []))
    report = result.to_json()
    if as_json:
        sys.stdout.write(json.dumps(report) + "\n")
        return
    console = _out()
    console.print(Text(f"Before action {move}: {report['label']} to act; ISMCTS ran "
                       f"{report['iterations']:,} iterations in {report['seconds']:.2f} s "
                       "with only what that seat knew.", style="bold"))
    # Each action in words (its label, and what it does as the width allows); the
    # notation is in the --json report.
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    widest = max((len(r["label"]) for r in report["actions"]), default=6)
    room = console.width - widest - 34  # the other columns and the padding
    columns = ["action", "visits", "win %", ""] + (["what it does"] if room >= 16 else [])
    for col in columns:
        table.add_column(col, justify="right" if col in ("visits", "win %") else "left",
                         no_wrap=True)
    for row in report["actions"]:
        win = "–" if row["win"] is None else f"{100 * row['win']:.1f}"
        mark = "played" if row["action"] == report["played"] else ""
        cells = [row["label"], str(row["visits"]), win, mark]
        if room >= 16:
            text = "" if row["text"] == row["label"] else row["text"]
            cells.append(text if len(text) <= room else text[:room - 1] + "…")
        table.add_row(*cells)
    console.print(table)


# --- replay ---------------------------------------------------------------------------


def _load(path: Path) -> list[Record]:
    return list(read_records(path))


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A record file: one JSON record or JSON lines.")],
    show: Annotated[int | None, typer.Option(
        help="Also print game N (counted from 1): its actions and public events.")] = None,
    cards: CardsOption = None,
) -> None:
    """Replay every record of a file and check its final hash and outcome.

    Every record is checked, whatever the ones before gave; each failure is one line, and
    the last line counts them. The exit code is 1 if any record failed.
    """
    files = list(cards or [])
    console = _out()
    verified = failed = 0
    shown: Record | None = None
    for n, (where, entry) in enumerate(iter_records(file), 1):
        try:
            if isinstance(entry, RecordError):
                raise entry
            verify(entry, files)
        except RecordError as e:
            failed += 1
            message = str(e)
            prefix = "" if message.startswith(str(file)) else f"{where}: "
            sys.stderr.write(f"failed: {prefix}{' '.join(message.split())}\n")
            continue
        verified += 1
        if n == show:
            shown = entry
    if show is not None and shown is None:
        raise ParameterError(f"--show {show}: there is no verified record {show} "
                             f"(the file holds {verified + failed})")
    if shown is not None:
        _show(console, shown, show or 0, files)
    summary = f"{verified} verified, {failed} failed"
    if failed:
        _fail_line(f"{file}: {summary}")
        raise typer.Exit(1)
    console.print(f"{summary}: every record replays to its final hash.")


def _show(console: Console, rec: Record, n: int, files: list[Path]) -> None:
    state = initial_state(rec, files)
    console.print(Text(f"Game {n}: {rec.game} (rules {rec.rules_version}), "
                       f"{rec.params}, seed {rec.seed}", style="bold"))
    table = Table(box=box.SIMPLE_HEAD, title="Actions")
    table.add_column("#", justify="right")
    table.add_column("seat", justify="right")
    table.add_column("action")
    table.add_column("notation", style="dim")
    for i, text in enumerate(rec.actions, 1):
        seat = state.to_act
        # The record shows every seat's actions: each in the words of the seat that took it.
        words = state.describe(text, seat).label
        state.apply(text)
        table.add_row(str(i), "" if seat is None else state.label(seat), words, text)
    console.print(table)
    console.print(Text("Public events", style="bold"))
    for event in state.events_for(None):
        console.print(Text(f"  {event.text}"))
    if rec.outcome is not None:
        winners = ", ".join(state.label(s) for s in rec.outcome["winners"])
        scores = ", ".join(f"{state.label(s)} {x:g}" for s, x in enumerate(rec.outcome["scores"]))
        verb = "wins" if len(rec.outcome["winners"]) == 1 else "win"
        console.print(Text(f"Outcome: {winners} {verb}; scores {scores} "
                           f"({rec.outcome['reason']}).", style="bold green"))


# --- bench ----------------------------------------------------------------------------


@app.command("bench")
def bench_cmd(
    game: Annotated[str, typer.Argument(help="The game id.")],
    players: Annotated[int | None, typer.Option(help="Number of seats.")] = None,
    seconds: Annotated[float, typer.Option(min=0.01, help="About how long to measure.")] = 3.0,
    seed: Annotated[int, typer.Option(help="Seed of the first random game.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    param: ParamOption = None,
    cards: ExtraCardsOption = None,
) -> None:
    """Measure the engine: random playouts (decisions/s, games/s) and clone time."""
    n = _players(game, players)
    result = bench(game, n, seconds, seed=seed, params=parse_params(get_spec(game), param, cards))
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
        return
    console = _out()
    console.print(f"{game}, {n} players, {result['seconds']:.2f} s of random playouts "
                  "and clones:")
    console.print(f"  decisions/s {result['decisions_per_s']:>12,.0f}  "
                  "(legal_actions, random choice, checked apply)")
    console.print(f"  games/s     {result['games_per_s']:>12,.1f}  "
                  f"({result['games']:,} games, {result['decisions']:,} decisions)")
    console.print(f"  clone µs    {result['clone_us']:>12,.2f}  "
                  f"(mean of {result['clones']:,} clones of sampled positions)")
    console.print(f"  in CPU time {result['decisions_per_cpu_s']:>12,.0f} decisions/s, "
                  f"clone {result['clone_cpu_us']:,.2f} µs ({result['cpu_seconds']:.2f} s "
                  "of this process's CPU: what a shared machine's load does not move)")
    console.print(f"  engine      {result['engine']}", markup=False)


# --- export ---------------------------------------------------------------------------


@app.command("export")
def export_cmd(
    record: Annotated[Path, typer.Argument(help="A record file.")],
    move: Annotated[int, typer.Option(
        help="Export the position before this action (counted from 1).")],
    game_no: Annotated[int, typer.Option(
        "--game", help="Which record of the file (counted from 1).")] = 1,
    out: Annotated[Path | None, typer.Option(
        help="Write the scenario here (default: standard output).")] = None,
    cards: CardsOption = None,
) -> None:
    """Write the scenario (TOML) of the position before action MOVE of a record."""
    records = _load(record)
    if not 1 <= game_no <= len(records):
        raise ParameterError(f"--game must be 1..{len(records)}, not {game_no}")
    text = export(records[game_no - 1], move, files=list(cards or []))
    if out is None:
        sys.stdout.write(text)
        return
    out.write_text(text)
    _err().print(f"Scenario of the position before action {move} written to {out}.")


# --- cards -----------------------------------------------------------------------------


@app.command("cards")
def cards_cmd(
    game: Annotated[str, typer.Argument(help="The game id (radiant-arena, lightseekers, "
                                             "hoshi-battle).")],
    name: Annotated[str | None, typer.Argument(
        help="One card, by id or printed name (default: the whole pool).")] = None,
    cards: Annotated[list[Path] | None, typer.Option(
        "--cards", help="An extra card file (repeatable): its cards join the pool "
                        "(docs/cards.md, \"Adding a card\").")] = None,
) -> None:
    """Print a game's card pool, or one card with the text generated from its data."""
    spec = get_spec(game)
    pool = pool_for(spec.id)
    if pool is None:
        have = ", ".join(g.id for g in games() if pool_for(g.id) is not None)
        raise ParameterError(f"{spec.id} has no card list (tabletop cards is for {have})")
    files = [p.resolve() for p in cards or []]
    if files:  # every problem of every file at once; printed texts checked (warnings)
        load_cards(spec, files)
    _out().print(pool(name, files), soft_wrap=True)


# --- balance ---------------------------------------------------------------------------


FLAGS_SHOWN = 12  # the marked rates `tabletop balance` prints (the report has them all)


@app.command("balance")
def balance_cmd(
    game: Annotated[str, typer.Argument(help="The game id (any game with a balance report: "
                                             "radiant-arena, radiant-perim, lightseekers, "
                                             "hoshi-battle).")],
    out: Annotated[Path, typer.Option(help="The folder of the report (report.md, "
                                           "report.html, report.json, SVG plots).")],
    n_games: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 100,
    players: Annotated[int | None, typer.Option(
        help="Number of seats (default: the game's).")] = None,
    agents: Annotated[str, typer.Option(
        help="Agents, comma-separated, cycled over the seats and turned round them from "
             "one game to the next.")] = "heuristic",
    seed: Annotated[int, typer.Option(help="Seed of the first game; then +1 per game.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w",
                                         help="Worker processes (1: in this process).")] = 1,
    param: ParamOption = None,
    cards: ExtraCardsOption = None,
    focus: Annotated[list[str] | None, typer.Option(
        "--focus", help="A card, hero, deck ... to report first, by id or printed name "
                        "(repeatable).")] = None,
    backend: BackendOption = "local",
    address: AddressOption = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress bar.")] = False,
) -> None:
    """Play seeded games and write a balance report: win rates with 95% intervals per
    entity the game tallies (heroes, deities, items, skill cards, decks, cards), the first
    seat's advantage, game lengths, "played and won" deltas, plots; Markdown, HTML, JSON."""
    import time

    from tabletop.sim.balance import balance_games, new_report, report_params
    from tabletop.sim.reports import write_report

    spec = get_spec(game)
    if out.exists() and not out.is_dir():
        raise ParameterError(f"--out {out}: not a folder")
    params = parse_params(spec, param, cards)
    names = _names(agents)
    report = new_report(spec.id, players, params, focus or ())
    items = balance_games(spec.id, n_games, names, players, seed, workers, params, backend,
                          address)
    started = time.perf_counter()
    _run_games(items, n_games, f"{spec.id}: balance", None, quiet, add=report.add,
               record=lambda g: "")
    command = " ".join(["tabletop", "balance", spec.id, f"--games {n_games}",
                        f"--agents {agents}", f"--seed {seed}",
                        *([f"--players {players}"] if players is not None else []),
                        *(f"--param {p}" for p in param or ()),
                        *(f"--cards {c}" for c in cards or ()),
                        *(f"--focus {f!r}" if " " in f else f"--focus {f}"
                          for f in focus or ()), f"--out {out}"])
    run = {"command": command, "agents": names, "seed": seed,
           "params": report_params(spec.id, params), "workers": workers,
           "backend": backend, "seconds": round(time.perf_counter() - started, 1)}
    path = write_report(report, out, run)
    console = _out()
    lo, hi = report.first.interval
    console.print(f"{spec.id}: {report.games} games; the first seat won "
                  f"{100 * report.first.rate:.1f}% ({100 * lo:.1f}–{100 * hi:.1f}%). "
                  f"Report: {path} (and report.html, report.json)", soft_wrap=True)
    for kind, key in report.focus:
        e = report.entities[kind][key]
        a, b = e.held.interval
        name = report.names[kind].get(key, key)
        console.print(f"{kind} {name}: {e.held.n} games, won {100 * e.held.rate:.1f}% "
                      f"({100 * a:.1f}–{100 * b:.1f}%)" if e.held.n else
                      f"{kind} {name}: in no game", soft_wrap=True)
    flagged = report.flagged()
    for kind, key, why, e in flagged[:FLAGS_SHOWN]:
        console.print(f"{why}: {kind} {report.names[kind].get(key, key)} "
                      f"{100 * e.held.rate:.1f}% of {e.held.n}", soft_wrap=True)
    if len(flagged) > FLAGS_SHOWN:
        console.print(f"... and {len(flagged) - FLAGS_SHOWN} more marked in the report",
                      soft_wrap=True)


# --- serve ----------------------------------------------------------------------------

# The limits of `tabletop serve` and their defaults, as limits_help() in the web package
# gives them (written out so that `tabletop` starts without importing the web server; a
# test checks that the two agree).
SERVE_LIMITS = ("body_bytes=65536, cards_bytes=524288, create_burst=20, create_per_min=2, "
                "guest_tables=10, guest_window_s=3600, register_burst=5, register_per_hour=10, "
                "login_burst=10, login_per_min=5, wrong_burst=10, wrong_per_min=1, "
                "idle_s=600, max_live=5000, sockets_per_address=32, sockets_total=2000, "
                "deadlines_every_s=30")


@app.command("serve")
def serve_cmd(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="Where the tables are stored: a SQLite file (default: web.sqlite3 in the data "
             "folder) or a postgresql:// URL (docs/deploy.md).")] = None,
    open_browser: Annotated[bool, typer.Option(
        "--open/--no-open", help="Open the lobby in a browser, when there is one.")] = True,
    limit: Annotated[list[str] | None, typer.Option(
        help="Set one of the server's limits, NAME=VALUE (again for another; docs/web.md, "
        "\"Limits\"). The limits and their defaults: " + SERVE_LIMITS)] = None,
    log_json: Annotated[bool, typer.Option(
        "--log-json", help="Write the log as lines of JSON on standard error: one per "
        "request (method, route, status, duration_ms, client) and one per server record "
        "(docs/deploy.md, \"Health checks, metrics and logs\").")] = False,
    workers: Annotated[int, typer.Option(
        help="Run this many worker processes behind the one port (more than one needs "
             "--db postgresql://... and --redis; docs/deploy.md, \"Several workers\").")
    ] = 1,
    redis: Annotated[str | None, typer.Option(
        help="redis://HOST:PORT of the Redis through which servers sharing one PostgreSQL "
             "store tell each other of every change (docs/deploy.md).")] = None,
    lease: Annotated[float, typer.Option(
        help="Seconds a server's hold on a table's AI seats and clocks lasts unless "
             "renewed: a dead server's tables go on after about this long.")] = 10.0,
    cards: Annotated[list[Path] | None, typer.Option(
        "--cards", help="A card file every table of its game gets on this server "
        "(repeatable; checked at start; kept with each table: docs/web.md, \"Card files\").")
    ] = None,
) -> None:
    """Start the web server: the lobby and the tables in the browser (docs/web.md)."""
    from tabletop.interfaces.web.serve import parse_limits, serve

    serve(host, port, db, open_browser, limits=parse_limits(limit or []),
          log_json=log_json, workers=workers, redis=redis, lease_s=lease,
          cards=[p.resolve() for p in cards or []])


def main(argv: Sequence[str] | None = None) -> None:
    """The console script ``tabletop``."""
    app(args=None if argv is None else list(argv), prog_name="tabletop")
