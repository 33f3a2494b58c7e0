"""The radiant-perim heuristic: meld planning and rules of thumb, from views only."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from tabletop.agents import heuristic_for
from tabletop.agents.perim import MELD_POINTS, TYPE, meld_plan
from tabletop.core import new_game


def _hand(*slugs: str) -> list[int]:
    out = [0] * 24
    for s in slugs:
        out[TYPE[s]] += 1
    return out


def test_meld_plan_prefers_the_council_when_it_scores_more() -> None:
    """Phase 2: Meld — each card in one meld; age 1: council 4, army 3, mounted knight 1."""
    elders = ("avis.elder", "treefolk.elder", "stonedweller.elder", "mariner.elder")
    army = ("avis.scout", "avis.mount", "avis.knight", "avis.phalanx")
    points, plan = meld_plan(_hand(*elders, *army), age=1)
    # The avis elder makes either the council (4) or the army (3): the council wins,
    # and the avis knight and mount still make a mounted knight (1).
    assert points == 5 and sorted(plan) == ["council", "mounted-knight avis"]
    points, plan = meld_plan(_hand(*elders, "avis.elder", *army), age=2)
    assert points == 8 + 6 and sorted(plan) == ["army avis", "council"]
    assert meld_plan(_hand("mariner.knight", "mariner.mount") * 1, age=3) == (
        3, ["mounted-knight mariner"])
    assert meld_plan(_hand(), age=1) == (0, [])


def test_the_heuristic_melds_everything_then_stops() -> None:
    h = heuristic_for("radiant-perim")
    assert h is not None
    rng = random.Random(0)
    for seed in range(30):
        state = new_game("radiant-perim", players=2 + seed % 3, seed=seed)
        while state.view(None)["phase"] == "recruit":
            state.apply(h.choose(state.view(state.to_act), state.legal_actions(), rng))
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        best, _ = meld_plan([view["hands"][seat]["cards"].count(s) for s in TYPE], view["age"])
        while True:
            action = h.choose(state.view(seat), state.legal_actions(), rng)
            if action.to_text() == "meld done":
                break
            state.apply(action)
        melds = state.view(seat)["my_melds"]
        points = sum(MELD_POINTS[m.split()[0]][view["age"] - 1] for m in melds)
        assert points == best


def _game_imports(source: str, package: str = "tabletop.agents") -> list[str]:
    """The modules under ``tabletop.games`` that ``source`` (a module of ``package``)
    imports: plain, from-, and relative imports (resolved against ``package``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names = [module] + [f"{module}.{a.name}" for a in node.names]
        else:
            continue
        found += [n for n in names if n == "tabletop.games" or n.startswith("tabletop.games.")]
    return found


def test_the_import_scan_catches_every_form_of_import() -> None:
    """The scan below is not vacuous: each way of importing a game is caught."""
    for source in ("import tabletop.games.radiant_perim",
                   "from tabletop.games.radiant_arena.rules import ArenaState",
                   "from tabletop import games",
                   "from ..games import radiant_perim",
                   "from ..games.radiant_perim.rules import PerimState",
                   "def f():\n    from tabletop.games import radiant_arena\n"):
        assert _game_imports(source), source
    for source in ("import tabletop.core", "from tabletop.core import State",
                   "from .base import Resampler", "from . import perim"):
        assert not _game_imports(source), source


def test_agents_never_import_a_game() -> None:
    """Agents read views and notation only (DESIGN: agents speak through the core)."""
    import tabletop.agents

    root = Path(tabletop.agents.__file__).resolve().parent
    paths = sorted(root.glob("*.py"))
    # The scan reads the real agent modules (a wrong path would find nothing and pass).
    assert {"base.py", "ismcts.py", "perim.py", "arena.py", "heuristic.py",
            "random_agent.py", "greedy.py"} <= {p.name for p in paths}
    for path in paths:
        assert not _game_imports(path.read_text()), path.name


def test_the_evaluation_values_a_hand_card_by_card() -> None:
    """The evaluation's table of card worths (issue 28: read rather than called card by
    card at every leaf) gives exactly what ``card_worth`` gives each card of the hand,
    summed in the same order: a Radiant card, a knight with its mount and one without,
    for every Radiant race, in random hands of 0 to 14 cards."""
    from tabletop.agents.perim import _WORTH, N_TYPES, RACES, SLUGS, _Seen, hand_worth

    rng = random.Random(28)
    for _ in range(300):
        hand = [0] * N_TYPES
        for _ in range(rng.randrange(15)):
            hand[rng.randrange(N_TYPES)] += 1
        radiant = rng.randrange(len(RACES))
        cards = [SLUGS[t] for t in range(N_TYPES) for _ in range(hand[t])]
        view = {"seat": 0, "hands": [{"side": 0, "cards": cards, "count": len(cards),
                                      "known": [], "lacks": []}],
                "players": 1, "sides": [0], "age": 1, "radiant": RACES[radiant]}
        seen = _Seen(view, full=False)
        expected = sum(seen.card_worth(t) * n for t, n in enumerate(seen.hand) if n)
        assert hand_worth(hand, _WORTH[radiant]) == expected
