"""The layers' arrows point down (issue 30: "nothing in games imports sim"; the brief:
"imports pointing down the layers (core <- cards <- games <- agents <- sim <-
interfaces)"; testing may import anything below interfaces).

Every module of ``src/tabletop`` (and the template game, a game like the others) is read
from its source, with every ``import`` and ``from`` in it (at module level, in functions,
under ``TYPE_CHECKING`` too: a type is a dependency as well): an import of a module of a
higher layer fails the test, naming the module, the line and the two layers. The game
packages' own import circles are test_package_shape.py's.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = {"tabletop": ROOT / "src/tabletop",
           "tabletop_goofspiel": ROOT / "examples/goofspiel/src/tabletop_goofspiel"}
# The layers, lowest first. ``tabletop`` (the public API: the core's names) and
# ``tabletop.native`` (the loader of the compiled engine, which imports nothing of ours)
# sit with the core; testing (the conformance suite, the golden playthroughs) between
# sim and interfaces, which runs it (``tabletop check``); ``__main__`` on top.
LAYERS = {"core": 0, "cards": 1, "games": 2, "agents": 3, "sim": 4, "testing": 4.5,
          "interfaces": 5}
NAMES = {0: "core", 1: "cards", 2: "games", 3: "agents", 4: "sim", 4.5: "testing",
         5: "interfaces", 6: "the entry point"}


def layer(module: str) -> float | None:
    """The layer of one of our modules (``None``: not ours, the standard library or a
    dependency)."""
    parts = module.split(".")
    if parts[0] == "tabletop_goofspiel":
        return LAYERS["games"]
    if parts[0] != "tabletop":
        return None
    if len(parts) == 1 or parts[1] == "native":
        return LAYERS["core"]
    if parts[1] == "__main__":
        return 6
    return LAYERS[parts[1]]


def modules() -> dict[str, Path]:
    """Every module of ours, by dotted name."""
    out = {}
    for top, folder in SOURCES.items():
        for path in folder.rglob("*.py"):
            rel = path.relative_to(folder).with_suffix("").parts
            if rel[-1] == "__init__":
                rel = rel[:-1]
            out[".".join((top, *rel))] = path
    return out


def imports(name: str, path: Path, known: set[str]) -> list[tuple[int, str]]:
    """``(line, module)`` for every import in the module ``name``: relative ones resolved,
    ``from x import y`` read as the module ``x.y`` when that is one of ours."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            for a in node.names:
                sub = f"{module}.{a.name}"
                out.append((node.lineno, sub if sub in known else module))
    return out


def test_every_import_points_down_the_layers() -> None:
    """core <- cards <- games <- agents <- sim <- interfaces, testing below interfaces: no
    module imports one of a higher layer."""
    found = modules()
    known = set(found)
    assert {"tabletop.core.state", "tabletop.sim.reports",
            "tabletop_goofspiel.rules"} <= known
    upward = []
    for name, path in sorted(found.items()):
        mine = layer(name)
        assert mine is not None
        for line, target in imports(name, path, known):
            theirs = layer(target)
            if theirs is not None and theirs > mine:
                upward.append(f"{path.relative_to(ROOT)}:{line}: {name} ({NAMES[mine]}) "
                              f"imports {target} ({NAMES[theirs]})")
    assert not upward, "imports pointing up the layers:\n" + "\n".join(upward)


def test_an_upward_import_is_found() -> None:
    """The walk sees an import inside a function, and a relative one."""
    here = ROOT / "src/tabletop/games/hoshi_battle/board.py"
    known = set(modules())
    assert layer("tabletop.sim.simulate") == LAYERS["sim"] > LAYERS["games"]
    assert (1, "tabletop.games.hoshi_battle.rules") in imports(
        "tabletop.games.hoshi_battle.board", _fake(here, "from .rules import X\n"), known)
    inner = "def f():\n    from tabletop.sim import simulate\n"
    assert (2, "tabletop.sim.simulate") in imports(
        "tabletop.games.hoshi_battle.board", _fake(here, inner), known)


def _fake(path: Path, text: str) -> Path:
    """A stand-in source file at ``path``'s name (in a temporary folder)."""
    import tempfile

    folder = Path(tempfile.mkdtemp())
    fake = folder / path.name
    fake.write_text(text, encoding="utf-8")
    return fake
