"""Analysis of a recorded position: ISMCTS's estimate of every legal action.

The position before action ``move`` (counted from 1) of a record is replayed; ISMCTS
then searches it from the seat to act, through a :class:`~tabletop.agents.Resampler`
like any agent (so it uses only what that seat knew), and reports for each legal action
its visits and its mean reward: the estimated chance that the mover's side wins. Each
action comes with its words for the mover (``State.describe``: a label and a sentence),
which the terminal shows instead of the notation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.agents import IsmctsAgent, Resampler, SearchResult, make_agent
from tabletop.core import ActionWords, ParameterError, Record, RecordError, replay


@dataclass(frozen=True, slots=True)
class Analysis:
    """The search of one recorded position."""

    move: int  # the action analysed, counted from 1
    seat: int  # the mover, 0-based
    label: str  # the mover as people name it (P1, A)
    played: str | None  # the action the record played there, if any
    result: SearchResult
    # Each legal action's words for the mover, by its notation.
    words: dict[str, ActionWords] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form (the seat 0-based, and its label)."""
        return {
            "move": self.move, "seat": self.seat, "label": self.label, "played": self.played,
            "iterations": self.result.iterations, "seconds": round(self.result.seconds, 3),
            "actions": [{"action": s.action.to_text(), "visits": s.visits,
                         "win": None if s.value is None else round(s.value, 4),
                         **self._words(s.action.to_text())}
                        for s in self.result.stats],
        }


    def _words(self, text: str) -> dict[str, str]:
        found = self.words.get(text)
        return found.to_json() if found is not None else {"label": text, "text": text}


def analyze(record: Record, move: int, budget: str = "1s", seed: int = 0,
            files: Sequence[Path] = ()) -> Analysis:
    """Search the position before action ``move`` of ``record`` with ISMCTS.

    ``budget`` is an ISMCTS option (``1s``, ``0.2s``, ``500``). Raises ``RecordError``
    when the record does not replay, ``ParameterError`` for a move outside the game or a
    bad budget.
    """
    last = len(record.actions)
    if not 1 <= move <= last + 1:
        raise ParameterError(f"--move must be 1..{last + 1} (the record has {last} actions), "
                             f"not {move}")
    state = replay(record, upto=move - 1, files=files)
    seat = state.to_act
    if seat is None:
        raise RecordError(f"the game is over before action {move}: nothing to analyse")
    # Every legal action is searched (an agent searches only the heuristic's best few),
    # so each gets an estimate; an explicit width in ``budget`` still wins.
    agent = make_agent(f"ismcts:width=all:{budget}", record.game, seed)
    assert isinstance(agent, IsmctsAgent)
    legal = state.legal_actions()
    words = {a.to_text(): w for a, w in zip(legal, state.describe_legal(seat), strict=True)}
    result = agent.search(legal, Resampler(state, seat))
    played = record.actions[move - 1] if move <= last else None
    return Analysis(move, seat, state.label(seat), played, result, words)
