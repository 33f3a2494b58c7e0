"""An interactive game in the terminal: people at one keyboard, and AI agents.

Each person's seat sees its own view and its own copies of the events, nothing else; the
AI seats get ``state.view(seat)`` and ``state.legal_actions()`` like any agent. The menu
shows each legal action in words (``State.describe_legal``: "Attack with Mato", "Don't
block"), never its notation; ``legal`` lists each with its sentence and its notation.
Input is a line: the number of a legal action, its notation, or a command (``undo``,
``help``, ``board``, ``log``, ``quit``). Piped input works: each line read is echoed, and
the end of input quits cleanly.

With several people (``--seats human,human``), the screen is handed over between them: the
previous hand is cleared away and the next person presses Enter when they have the screen.
While several people share it, the AI seats' moves are told as the public events only.

A seat whose only legal action is a formality (no clash card to play, no meld to make) is
not asked: the table plays it and says so.

Undo follows the record, not snapshots: the position is rebuilt by replaying the
record's actions up to just before the person's last decision. It is refused once an
event visible to the person has revealed a hidden card since that decision (a card
drawn from the deck, a card played, a meld shown), since taking the decision back would
then let the person choose again knowing more; with several people, it is also refused
once another person has decided since.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from tabletop.agents import Agent, decide
from tabletop.core import Action, ActionWords, Event, State, TabletopError, record_of, replay

from .render import cards_for, pause_for, referee_for, renderer_for

QUIT_WORDS = frozenset({"quit", "exit", "q"})
LEGAL_ROWS = 8  # rows of numbered actions on a screen; `legal` lists every one
HELP = """\
Type one of:
  <number>    the action with that number in the list
  <notation>  the action's notation (legal shows it), e.g. {examples}
  undo        take back your last decision (refused once something hidden
              was revealed since, such as a card drawn or played)
  board       draw the screen again
  cards       every card you can see, with its whole text
  log         every event you have seen so far
  legal       every legal action, numbered, with what it does and its
              notation (a screen shows the first few)
  help        this help
  quit        leave the game (it is saved: tabletop play --resume continues it)
The end of input (Ctrl-D) quits too."""

ReadLine = Callable[[str], "str | None"]
OnChange = Callable[[State], None]


@dataclass(slots=True)
class _Decision:
    """Where the state stood just before one of a person's actions."""

    seat: int
    history: int  # len(state.history) before the action
    events: int  # len(state.events) before the action
    text: str  # the action in words (its label), as the person chose it


class Quit(Exception):
    """The person left the game (``quit``, end of input or Ctrl-C)."""

    def __init__(self, message: str, code: int = 0) -> None:
        super().__init__(message)
        self.code = code


class PlaySession:
    """People at the seats ``humans`` (0-based) and ``agents`` at every other seat."""

    def __init__(
        self,
        state: State,
        humans: Sequence[int],
        agents: dict[int, Agent],
        console: Console,
        read_line: ReadLine,
        log_size: int = 12,
        on_change: OnChange | None = None,
        files: Sequence[Path] = (),
    ) -> None:
        self.state = state
        self.humans = tuple(humans)
        self.agents = agents
        self.console = console
        self.read_line = read_line
        self.log_size = log_size
        self.on_change = on_change
        self.files = files  # card files the game uses (undo replays with them)
        self.render = renderer_for(state.spec.id)
        self.pause = pause_for(state.spec.id)
        self.cards = cards_for(state.spec.id)
        self.referee = referee_for(state.spec.id)
        self.paused_upto = len(state.events)  # events already looked at for a pause
        alone = len(self.humans) == 1
        self.labels = [("you" if alone else "person") if s in self.humans else agents[s].name
                       for s in range(state.players)]
        # The person at the screen: with one person, always them.
        self.viewer: int | None = self.humans[0] if alone else None
        self.decisions: list[_Decision] = []

    @property
    def human(self) -> int:
        """The person at the screen (the first person before anyone has played)."""
        return self.humans[0] if self.viewer is None else self.viewer

    def _seen(self, events: Iterable[Event], seat: int | None = -1) -> list[Event]:
        """``seat``'s copies of ``events`` (default: the person at the screen)."""
        who = self.human if seat == -1 else seat
        out = []
        for e in events:
            copy = e.seen_by(who)
            if copy is not None:
                out.append(copy)
        return out

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.state)

    def _maybe_pause(self) -> None:
        """Stop at a point a person wants to look at (the end of an age): show it and wait
        for Enter. With several people, the screen shows only what everyone may see."""
        events = self.state.events[self.paused_upto:]
        self.paused_upto = len(self.state.events)
        if self.pause is None or not events:
            return
        audience = self.viewer if len(self.humans) == 1 else None
        screen = self.pause(self._seen(events, audience), self.state.view(audience))
        if screen is None:
            return
        self.console.print(screen)
        line = self.read_line("Press Enter to continue ")
        if line is not None and line.strip().lower() in QUIT_WORDS:
            raise Quit("you left the game")

    # --- the loop ---------------------------------------------------------------------

    def run(self) -> State:
        """Play until the game is over; raises :class:`Quit` when a person leaves."""
        while True:
            seat = self.state.to_act
            if seat is None:
                return self.state
            if self.referee is not None and self._refereed(seat):
                continue
            if seat in self.humans:
                if not self._formality(seat):
                    self._hand_over(seat)
                    self._human_turn()
            else:
                self._agent_turn(seat)
            self._maybe_pause()

    def _refereed(self, seat: int) -> bool:
        """Let the game's referee decide what no player chooses (a real-time strike);
        whether it did."""
        assert self.referee is not None
        text = self.referee(self.state.view(None), self.humans, self.console)
        if text is None:
            return False
        self.state.apply(text, seat=seat)
        self._changed()
        return True

    def _hand_over(self, seat: int) -> None:
        """With several people, clear the screen and wait for ``seat``'s person."""
        if seat == self.viewer:
            return
        console = self.console
        if self.viewer is not None and console.is_terminal:
            console.clear()  # the previous person's hand leaves the screen
        label = self.state.label(seat)
        console.print(Rule(Text(f"Pass the screen to {label}", style="bold")))
        line = self.read_line(f"{label}: press Enter when only you can see the screen ")
        if line is None:
            raise Quit("end of input: leaving the game")
        if line.strip().lower() in QUIT_WORDS:
            raise Quit(f"{label} left the game")
        self.viewer = seat

    def _formality(self, seat: int) -> bool:
        """Play the only legal action of ``seat`` without asking; whether it did."""
        legal = self.state.legal_actions()
        if len(legal) != 1:
            return False
        state = self.state
        before = len(state.events)
        # In words for the person at the screen if the seat is theirs, else a spectator's.
        label = state.describe(legal[0], seat if seat == self.viewer else None).label
        state.apply(legal[0], seat=seat)
        self._changed()
        # Told to the person at the screen if it is theirs, else as the public events.
        audience = seat if seat == self.viewer else None
        seen = " ".join(e.text for e in self._seen(state.events[before:], audience))
        line = Text(f"  {state.label(seat)}: {label} (the only legal action)", style="dim")
        if seen:
            line.append(" — " + seen)
        self.console.print(line)
        return True

    def _agent_turn(self, seat: int) -> None:
        state = self.state
        before = len(state.events)
        action = decide(self.agents[seat], state)
        state.apply(action, seat=seat)
        self._changed()
        # Say what the person may know of it: the events it may see, not the action text
        # (a meld chosen in secret must stay secret). With several people at the screen,
        # only what everyone may see.
        audience = self.viewer if len(self.humans) == 1 else None
        seen = [e.text for e in self._seen(state.events[before:], audience)]
        line = Text(f"  {state.label(seat)} ({self.labels[seat]}) › ", style="dim")
        line.append(" ".join(seen) if seen else "decides in secret.")
        self.console.print(line)

    def _human_turn(self) -> None:
        self.show_screen()
        while True:
            line = self.read_line(f"{self.state.label(self.human)} > ")
            if line is None:
                raise Quit("end of input: leaving the game")
            text = line.strip()
            word = text.lower()
            if not text:
                continue
            if word in QUIT_WORDS:
                raise Quit("you left the game")
            if word in ("help", "?", "h"):
                examples = ", ".join(a.to_text() for a in self.state.legal_actions()[:3])
                self.console.print(HELP.format(examples=examples), markup=False,
                                   highlight=False)
                if self.state.spec.notation:
                    self.console.print(f"Notation: {self.state.spec.notation}",
                                       markup=False, highlight=False)
                continue
            if word == "board":
                self.show_screen()
                continue
            if word == "cards":
                if self.cards is None:
                    self.console.print("[dim]this game's cards are all on the board[/dim]")
                else:
                    self.console.print(self.cards(self.state.view(self.human), self.labels))
                continue
            if word == "legal":
                self.console.print(self._legal_list())
                continue
            if word == "log":
                self._print_events(self._seen(self.state.events), "Everything you have seen")
                continue
            if word == "undo":
                undone = self.undo()
                if undone is not None:
                    self.show_screen()
                    self.console.print(Text(f"  undone: {undone}", style="yellow"))
                continue
            if self._try_action(text):
                return

    def _try_action(self, text: str) -> bool:
        state = self.state
        legal = state.legal_actions()
        if text.isascii() and text.isdigit() and len(text) < 6:
            n = int(text)
            if not 1 <= n <= len(legal):
                self.console.print(f"[red]no action number {n}: choose 1..{len(legal)}[/red]")
                return False
            action: Action | str = legal[n - 1]
        else:
            action = text
        mark = _Decision(self.human, len(state.history), len(state.events), "")
        words = {a.to_text(): w for a, w in zip(legal, state.describe_legal(self.human),
                                                 strict=True)}
        try:
            state.apply(action, seat=self.human)
        except TabletopError as e:
            self.console.print(Text(f"  {e}", style="red"))
            self.console.print("  [dim]type a number from the list, its notation (legal "
                               "shows it), or help[/dim]")
            return False
        done = state.history[-1].to_text()
        mark.text = words[done].label if done in words else done
        self.decisions.append(mark)
        self._changed()
        seen = [e.text for e in self._seen(state.events[mark.events:])]
        line = Text(f"  you: {mark.text}", style="bold")
        if seen:
            line.append(" — " + " ".join(seen), style="")
        self.console.print(line)
        return True

    # --- undo -------------------------------------------------------------------------

    def why_no_undo(self) -> str | None:
        """Why undo is refused now, or ``None`` when it is allowed."""
        mine = [d for d in self.decisions if d.seat == self.human]
        if not mine:
            return "you have made no decision to take back yet"
        last = mine[-1]
        if self.decisions[-1] is not last:
            return f"{self.state.label(self.decisions[-1].seat)} has decided since"
        for event in self._seen(self.state.events[last.events:]):
            if event.reveals:
                return (f"since your last decision ({last.text}) something hidden was "
                        f"revealed: {event.text}")
        return None

    def undo(self) -> str | None:
        """Take back the person's last decision by replaying the record up to before it.

        Returns the action taken back in words (its label), or ``None`` (and says why)
        when undo is refused.
        """
        reason = self.why_no_undo()
        if reason is not None:
            self.console.print(Text(f"  undo refused: {reason}", style="red"))
            return None
        last = self.decisions.pop()
        self.state = replay(record_of(self.state), upto=last.history, files=self.files)
        self.paused_upto = len(self.state.events)
        self._changed()
        return last.text

    # --- drawing ----------------------------------------------------------------------

    def show_screen(self) -> None:
        """The person's view, the recent log and the numbered legal actions."""
        state, console = self.state, self.console
        if console.is_terminal:
            console.clear()
        board = self.render(state.view(self.human), self.labels)
        legal = self._legal_block(LEGAL_ROWS if console.is_terminal else None)
        size = self.log_size
        if console.is_terminal:
            # Fit the terminal: the board and the actions first, the log in what is left
            # (one line per event), so nothing scrolls away on a 100x40 screen.
            used = sum(len(console.render_lines(r, pad=False)) for r in (board, legal))
            size = max(2, console.height - used - 4)
        console.print(Rule(Text(f"{state.spec.name} — you are {state.label(self.human)}",
                                style="bold")))
        console.print(board)
        self._print_recent(self._seen(state.events), size, one_line=console.is_terminal)
        console.print(legal)

    def _print_recent(self, events: Sequence[Event], size: int, one_line: bool) -> None:
        """Events new since the person's last decision (at most ``size`` lines), topped up
        with a few older ones for context."""
        since = self._seen_before_last_decision()
        new = len(events) - since
        shown = max(min(new, size - 1), min(len(events), 3, size - 1))
        first = len(events) - shown
        table = Table.grid(padding=(0, 1))
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=one_line, overflow="ellipsis" if one_line else "fold")
        if new > shown:
            table.add_row("", Text(f"… {new - shown} earlier new event(s): type log",
                                   style="dim"))
        for i in range(first, len(events)):
            fresh = i >= since
            table.add_row("•" if fresh else " ",
                          Text(events[i].text, style="" if fresh else "dim"))
        self.console.print(Text("Recent events (• new since your last decision)", style="bold"))
        self.console.print(table)

    def _seen_before_last_decision(self) -> int:
        """How many of the person's visible events came before its last decision."""
        mine = [d for d in self.decisions if d.seat == self.human]
        if not mine:
            return 0
        return len(self._seen(self.state.events[:mine[-1].events]))

    def _legal_block(self, rows: int | None = None) -> RenderableType:
        """The numbered legal actions in words (their labels) in as many columns as the
        width holds; past ``rows`` rows the rest are counted (the `legal` command lists
        them all, and their numbers stay valid)."""
        legal = self.state.legal_actions()
        words = self.state.describe_legal(self.human)
        items = [Text.assemble((f"{i:>2}", "bold cyan"), f". {w.label}")
                 for i, w in enumerate(words, 1)]
        if rows is None or len(items) <= rows:
            # Room for one action a line: the label, then what it does, cut to the width.
            for item, w in zip(items, words, strict=True):
                if w.text and w.text != w.label:
                    item.append(f" — {w.text}", style="dim")
            grid = Table.grid()
            grid.add_column(no_wrap=True, overflow="ellipsis")
            for item in items:
                grid.add_row(item)
            return self._legal_group(len(legal), grid)
        widest = max((len(t) for t in items), default=1) + 3
        cols = max(1, min(len(items), (self.console.width + 3) // widest))
        if rows is not None and len(items) > rows * cols:
            more = len(items) - rows * cols + 1
            items = [*items[:rows * cols - 1], Text(f"… {more} more: type legal", style="dim")]
        grid = Table.grid(padding=(0, 3, 0, 0))
        for _ in range(cols):
            grid.add_column(no_wrap=True, overflow="ellipsis")
        for row in range(0, len(items), cols):
            grid.add_row(*items[row:row + cols])
        return self._legal_group(len(legal), grid)

    @staticmethod
    def _legal_group(count: int, grid: Table) -> RenderableType:
        return Group(Text(f"Your move — {count} legal action(s):", style="bold"), grid,
                     Text.from_markup("[dim]number or notation · undo · cards · legal · log · "
                                      "help · quit[/dim]"))

    def _legal_list(self) -> RenderableType:
        """Every legal action, numbered: its label, what it does and, dim, its notation
        (what a person may type instead of the number)."""
        legal = self.state.legal_actions()
        words = self.state.describe_legal(self.human)
        table = Table.grid(padding=(0, 1))
        table.add_column(justify="right", no_wrap=True)
        table.add_column()
        for i, (action, w) in enumerate(zip(legal, words, strict=True), 1):
            table.add_row(Text(f"{i}.", style="bold cyan"), _entry(w, action.to_text()))
        return Group(Text(f"Every legal action ({len(legal)}):", style="bold"), table)

    def _print_events(self, events: Sequence[Event], title: str) -> None:
        self.console.print(Text(title, style="bold"))
        for event in events:
            self.console.print(Text(f"  {event.text}  ", style="").append(
                f"[{event.rule}]", style="dim"))


def _entry(words: ActionWords, notation: str) -> Text:
    """One entry of the full list: "Attack with Mato — Mato attacks ... [attack mato]"."""
    line = Text(words.label, style="bold")
    if words.text and words.text != words.label:
        line.append(f" — {words.text}")
    line.append(f"  [{notation}]", style="dim")
    return line


def stdin_reader(console: Console) -> ReadLine:
    """Read a line from standard input after a prompt; ``None`` at the end of input.

    When standard input is not a terminal (piped), the line read is echoed so the
    transcript reads like a session.
    """

    def read(prompt: str) -> str | None:
        console.print(prompt, end="", markup=False, highlight=False)
        try:
            line = input()
        except EOFError:
            console.print()
            return None
        except KeyboardInterrupt:
            console.print()
            raise Quit("interrupted", code=130) from None
        if not sys.stdin.isatty():
            console.print(line, markup=False, highlight=False)
        return line

    return read
