"""One shape for every game package (issue 30: "A table in docs/adding-a-game.md gives the
module names every game uses for the same job, and the four games use them; no game
package is one import circle").

The import graph of a package is built from the source (every ``import`` and ``from``,
also those inside functions, which run when called; not those under ``TYPE_CHECKING``,
which never run): an arrow from a module to each module of the same package it imports.
A game package's graph must have no cycle, so that its modules stand in layers, each
importing only those below it (docs/adding-a-game.md, "Module names").
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "adding-a-game.md"
PACKAGES = {
    "radiant-arena": (ROOT / "src/tabletop/games/radiant_arena", "tabletop.games.radiant_arena"),
    "radiant-perim": (ROOT / "src/tabletop/games/radiant_perim", "tabletop.games.radiant_perim"),
    "lightseekers": (ROOT / "src/tabletop/games/lightseekers", "tabletop.games.lightseekers"),
    "hoshi-battle": (ROOT / "src/tabletop/games/hoshi_battle", "tabletop.games.hoshi_battle"),
    "goofspiel": (ROOT / "examples/goofspiel/src/tabletop_goofspiel", "tabletop_goofspiel"),
}


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:`` (imports that never run)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                out.update(id(x) for x in ast.walk(child))
    return out


def import_graph(folder: Path, package: str) -> dict[str, set[str]]:
    """Each module of the package and the modules of the same package it imports."""
    modules = {p.stem for p in folder.glob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}

    def target(name: str) -> str | None:
        head = name.split(".")[0]
        return head if head in modules else None

    for m in modules:
        tree = ast.parse((folder / f"{m}.py").read_text(encoding="utf-8"))
        skip = _type_checking_only(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            found: list[str | None] = []
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level == 1 or module == package:
                    base = "" if node.level == 1 else package
                    if module and module != base:
                        found.append(target(module))
                    else:
                        found += [target(a.name) for a in node.names]
                elif node.level == 0 and module.startswith(package + "."):
                    found.append(target(module[len(package) + 1:]))
            elif isinstance(node, ast.Import):
                found += [target(a.name[len(package) + 1:]) for a in node.names
                          if a.name.startswith(package + ".")]
            graph[m].update(t for t in found if t is not None and t != m)
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph (its modules in import order, the first again at the end),
    or ``None``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        state[m] = 2
        path.pop()
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_the_graph_sees_imports_inside_functions(tmp_path: Path) -> None:
    """The checker's own test: an import inside a function makes an arrow, one under
    TYPE_CHECKING does not, and a cycle through them is found."""
    (tmp_path / "a.py").write_text("from .b import x\n")
    (tmp_path / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                   "    from .c import y\n\ndef f():\n    from .a import z\n")
    (tmp_path / "c.py").write_text("from pkg import a\n")
    graph = import_graph(tmp_path, "pkg")
    assert graph == {"a": {"b"}, "b": {"a"}, "c": {"a"}}
    assert cycle(graph) == ["a", "b", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("game", list(PACKAGES))
def test_no_game_package_is_an_import_circle(game: str) -> None:
    """Issue 30: the modules of a game stand in layers; none imports, even inside a
    function, a module that imports it back (the allowed shape: docs/adding-a-game.md,
    "Module names")."""
    folder, package = PACKAGES[game]
    found = cycle(import_graph(folder, package))
    assert found is None, f"{game}: an import circle: {' -> '.join(found)}"


def guide_modules() -> dict[str, str]:
    """The module-name table of the guide: module name -> the job it does."""
    text = GUIDE.read_text(encoding="utf-8")
    section = text.split("## Module names", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(\w+)\.py` \| (.+?) \|", section, re.MULTILINE)
    return dict(rows)


def test_the_guide_names_a_module_for_each_job() -> None:
    table = guide_modules()
    for name in ("spec", "rules", "actions", "events", "views", "hidden", "positions",
                 "words", "data", "board", "ops", "legal", "reachable", "tensors"):
        assert name in table, name


@pytest.mark.parametrize("game", list(PACKAGES))
def test_every_game_uses_the_names_of_the_table(game: str) -> None:
    """The jobs every game has are in modules of the table's names, and a module of a
    name the table gives does that job (its docstring is checked by hand; here: the
    names every game must have are there)."""
    folder, _ = PACKAGES[game]
    names = {p.stem for p in folder.glob("*.py")}
    table = guide_modules()
    every = {m for m, job in table.items() if job.startswith("every game:")}
    here = {m for m, job in table.items() if job.startswith("every game in this repository:")}
    assert every and here, "the guide marks the modules every game has"
    if game != "goofspiel":  # the template: no cards, nothing hidden, no research encoding
        every |= here
    assert every <= names, f"{game} lacks {sorted(every - names)}"
