"""`tabletop.sim.analysis`: ISMCTS's estimate of every legal action of a recorded position
(issue 4, Analysis)."""

from __future__ import annotations

from tabletop.core import record_of, replay
from tabletop.sim import play_match
from tabletop.sim.analysis import analyze


def test_every_legal_action_gets_an_estimate() -> None:
    """An agent's search looks only at the heuristic's best few root actions; an analysis
    searches every legal action, so each gets a visit count and a win chance."""
    record = record_of(play_match("radiant-perim", 3, ["random"] * 3, seed=5))
    move = next(k for k in range(1, len(record.actions) + 1)
                if 8 <= len(replay(record, upto=k - 1).legal_actions()) <= 20)
    legal = replay(record, upto=move - 1).legal_actions()
    report = analyze(record, move, budget="60", seed=1)
    assert {s.action for s in report.result.stats} == set(legal)
    assert all(s.visits > 0 and s.value is not None for s in report.result.stats)
    narrowed = analyze(record, move, budget="60:width=2", seed=1)  # an explicit width wins
    assert sum(s.visits > 0 for s in narrowed.result.stats) == 2
