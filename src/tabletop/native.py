"""The compiled engine: the four games' rules, the rules kernel and the core's State,
events and chance, and radiant-arena's heuristic, built with mypyc.

The hot path of every game (legal actions, effects, combat, views, hidden-card re-deals,
the kernel's selectors, modifiers and triggers, the checked ``apply``, events, chance) is
ordinary typed Python, and so are radiant-arena's rules of thumb, by which ISMCTS plays
its rollouts there (most of a search's time: issue 28). ``make native`` (``build()``)
compiles those modules with mypyc (part of mypy) into C extensions, faster by the factors
docs/performance.md measures.
What stays plain Python: actions and their notation, card data and its compiler, spec,
positions, words, tensors (off the hot path, or holding classes that interpreted code
subclasses). The source stays the truth: the extensions are used only while
they were built from exactly the sources beside them.

- The build goes to ``_native/`` beside this file, never next to the sources, so an
  extension can never shadow a module it was not built from.
- ``install()`` (run by ``import tabletop``) compares a digest of every source the
  compiled modules were built against (their packages, the core they import, and the
  agents' modules the heuristic imports) with the one the build recorded. Equal: a
  finder loads the compiled modules. Different (a source was edited since, or another
  Python built them): all of them are left out and the engine runs as plain Python,
  which plays the same games (and searches alike). Mixing is never done:
  compiled modules call each other directly, past any Python module in between.
- ``TABLETOP_NATIVE``: ``auto`` (the default, as above), ``off`` (plain Python always),
  ``require`` (``import tabletop`` fails when the compiled modules cannot be used: CI).

``STATUS`` says which engine runs and why; ``tabletop bench`` prints it.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

# The modules compiled: the core's State (so that no compiled class has a Python base),
# events, chance and hidden-card deal (every game's resample deals through it), the rules
# kernel, every game's rules. A game's state compiled here cannot be made blank by
# ``__new__`` (mypyc's runs ``__init__``): each takes a ``blank`` argument for ``clone``
# and pickling (``State._blank_args``).
MODULES = (
    "tabletop.core.state",
    "tabletop.core.event",
    "tabletop.core.chance",
    "tabletop.core.hidden",
    "tabletop.cards.program",
    "tabletop.cards.select",
    "tabletop.cards.triggers",
    "tabletop.cards.modifiers",
    "tabletop.cards.replace",
    "tabletop.cards.costs",
    "tabletop.cards.nodes",
    "tabletop.games.radiant_arena.legal",
    "tabletop.games.radiant_arena.flow",
    "tabletop.games.radiant_arena.rules",
    "tabletop.games.radiant_arena.board",
    "tabletop.games.radiant_arena.combat",
    "tabletop.games.radiant_arena.ops",
    "tabletop.games.radiant_arena.vocab",
    "tabletop.games.radiant_arena.ids",
    "tabletop.games.radiant_arena.views",
    "tabletop.games.radiant_arena.hidden",
    "tabletop.games.radiant_perim.rules",
    "tabletop.games.radiant_perim.legal",
    "tabletop.games.radiant_perim.ids",
    "tabletop.games.radiant_perim.views",
    "tabletop.games.radiant_perim.hidden",
    "tabletop.games.lightseekers.rules",
    "tabletop.games.lightseekers.legal",
    "tabletop.games.lightseekers.flow",
    "tabletop.games.lightseekers.board",
    "tabletop.games.lightseekers.ops",
    "tabletop.games.lightseekers.payment",
    "tabletop.games.lightseekers.vocab",
    "tabletop.games.lightseekers.ids",
    "tabletop.games.lightseekers.views",
    "tabletop.games.lightseekers.hidden",
    "tabletop.games.hoshi_battle.rules",
    "tabletop.games.hoshi_battle.board",
    "tabletop.games.hoshi_battle.dice",
    "tabletop.games.hoshi_battle.ops",
    "tabletop.games.hoshi_battle.vocab",
    "tabletop.games.hoshi_battle.ids",
    "tabletop.games.hoshi_battle.decks",
    "tabletop.games.hoshi_battle.views",
    "tabletop.games.hoshi_battle.hidden",
    # radiant-arena's heuristic (not the rest of agents/: the other agents' modules stay
    # plain Python, so editing them leaves the build in use)
    "tabletop.agents.arena",
)
# The packages whose sources the digest covers: the compiled modules' own, and the core
# they import (compiled code checks the types it was built against).
PACKAGES = ("core", "cards", "games/radiant_arena", "games/radiant_perim",
            "games/lightseekers", "games/hoshi_battle")
# Single sources the digest covers too: the compiled heuristic and the agents' modules it
# imports.
FILES = ("agents/arena.py", "agents/arena_draft.py", "agents/heuristic.py", "agents/base.py")
GROUP = "tabletop_native"  # the name of the shared library behind the compiled modules

HERE = Path(__file__).resolve().parent
OUT = HERE / "_native"
MANIFEST = "manifest.json"
ENV = "TABLETOP_NATIVE"
MODES = ("auto", "off", "require")

STATUS = "plain Python (tabletop.native.install() has not run)"
ACTIVE = False


def digest(root: Path = HERE) -> str:
    """A digest of every Python source in ``PACKAGES`` and of ``FILES`` under ``root``
    (paths and bytes)."""
    h = hashlib.sha256()
    sources = [f"{package}/{path.name}" for package in PACKAGES
               for path in sorted((root / package).glob("*.py"))]
    for rel in (*sources, *FILES):
        h.update(f"{rel}\0".encode())
        h.update((root / rel).read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def _tag() -> str:
    """What an extension must have been built for: this interpreter's extension suffix."""
    return importlib.machinery.EXTENSION_SUFFIXES[0]


def check(out: Path = OUT, root: Path = HERE) -> tuple[dict[str, Path], str]:
    """The compiled modules' files by module name, or ({}, why they cannot be used)."""
    try:
        manifest = json.loads((out / MANIFEST).read_text())
    except FileNotFoundError:
        return {}, "not built: run `make native`"
    except (OSError, ValueError) as e:
        return {}, f"{out / MANIFEST} is unreadable ({e}): rebuild with `make native`"
    if not isinstance(manifest, dict) or not isinstance(manifest.get("files"), dict):
        return {}, f"{out / MANIFEST} is malformed: rebuild with `make native`"
    if manifest.get("tag") != _tag():
        return {}, (f"built for {manifest.get('tag')}, this Python loads {_tag()}: "
                    "rebuild with `make native`")
    if manifest.get("digest") != digest(root):
        return {}, "the sources changed since the build: rebuild with `make native`"
    files = {name: out / rel for name, rel in manifest["files"].items()}
    missing = sorted(set(MODULES) - set(files)) + sorted(
        n for n, f in files.items() if not f.is_file())
    if missing:
        return {}, (f"the build is incomplete ({', '.join(missing)}): rebuild with "
                    "`make native`")
    return files, ""


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules (and their shared library) in the build."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        return None if file is None else importlib.util.spec_from_file_location(
            fullname, file)


def install(mode: str | None = None, out: Path = OUT) -> None:
    """Use the compiled modules in ``out`` if they are usable (see the module docstring);
    ``mode`` defaults to ``$TABLETOP_NATIVE``. Sets ``STATUS`` and ``ACTIVE``. Runs (from
    ``import tabletop``) before any of ``MODULES`` is imported."""
    global STATUS, ACTIVE
    if mode is None:
        mode = os.environ.get(ENV) or "auto"
    if mode not in MODES:
        raise ImportError(f"{ENV}={mode!r}: must be one of {', '.join(MODES)}")
    if ACTIVE:
        return
    if mode == "off":
        STATUS = f"plain Python ({ENV}=off)"
        return
    files, why = check(out)
    if not files:
        STATUS = f"plain Python ({why})"
        if mode == "require":
            raise ImportError(f"{ENV}=require, but the compiled engine cannot be used: {why}")
        return
    sys.meta_path.insert(0, _Finder(files))
    STATUS = (f"compiled (mypyc): {len(MODULES)} modules of the four games, the rules "
              "kernel, the core and radiant-arena's heuristic")
    ACTIVE = True


def build(jobs: int = 2) -> Path:
    """Compile ``MODULES`` with mypyc into ``OUT`` and record the manifest. Needs mypy
    (the test extra), setuptools and a C compiler. Returns the manifest's path."""
    import shutil
    import tempfile

    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped]

    src = HERE.parent
    before = digest()
    paths = [str(src / (m.replace(".", "/") + ".py")) for m in MODULES]
    work = Path(tempfile.mkdtemp(prefix="tabletop-native-"))
    stage = work / "lib"
    cwd = os.getcwd()
    os.chdir(work)  # mypyc writes its C files and mypy cache in the working directory
    try:
        extensions = mypycify(paths, group_name=GROUP, opt_level="3")
        setup(name="tabletop-native", ext_modules=extensions, script_name="setup.py",
              script_args=["-q", "build_ext", "--build-lib", str(stage),
                           "--build-temp", str(work / "tmp"), "--parallel", str(jobs)])
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    finally:
        os.chdir(cwd)
    if digest() != before:
        raise RuntimeError("the sources changed during the build: run it again")
    files: dict[str, str] = {}
    suffix = _tag()
    for name in (*MODULES, f"{GROUP}__mypyc"):
        rel = name.replace(".", "/") + suffix
        if not (stage / rel).is_file():
            raise RuntimeError(f"mypyc did not produce {rel}")
        files[name] = rel
    shutil.rmtree(OUT, ignore_errors=True)
    shutil.copytree(stage, OUT)
    shutil.rmtree(work, ignore_errors=True)
    manifest = OUT / MANIFEST
    manifest.write_text(json.dumps({"tag": suffix, "digest": before, "files": files},
                                   indent=1) + "\n")
    return manifest

