"""Issue "Adding a game is easy": docs/adding-a-game.md gives every hook's signature and
every rule the conformance suite enforces. These tests keep the guide in step with the
code: a new conformance test, or a new hook of the State contract, that the guide does
not explain fails here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tabletop.core.state import HOOKS
from tabletop.testing import conformance

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md"


def conformance_tests() -> set[str]:
    """The name of every test function of the conformance suite."""
    names = set()
    for path in Path(conformance.__file__).parent.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {n.name for n in tree.body
                  if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}
    return names


def test_the_guide_explains_every_conformance_test() -> None:
    """Every test of the suite has its row in the guide (section 7), and the guide names
    no test that does not exist."""
    tests = conformance_tests()
    assert len(tests) >= 25  # the suite itself was found
    rows = set(re.findall(r"^\| `(test_\w+)` \|", GUIDE.read_text(encoding="utf-8"), re.M))
    assert tests - rows == set(), "tests the guide does not explain"
    assert rows - tests == set(), "the guide explains tests that do not exist"


def test_the_guide_gives_every_hook_a_game_implements() -> None:
    """Every abstract method of ``State`` (``HOOKS``: what a game must implement) and
    ``from_data`` are rows of the hook table (section 4)."""
    hooks = set(HOOKS)
    text = GUIDE.read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| `(\w+)` \| ", text, re.M))
    assert {"to_act", "_legal_actions", "_apply", "clone", "resample"} <= hooks
    assert hooks | {"from_data"} <= rows
