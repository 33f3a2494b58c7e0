"""The compiled engine (tabletop.native): the same games as plain Python, used only when it
was built from the very sources beside it (docs/performance.md, "The compiled engine")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import native
from tabletop.core import State
from tabletop.core.state import HOOKS

# Seeded random playouts with a few clones, pickles, views and re-deals along the way:
# every path the random player reaches in each game (radiant-arena's starter-deck and
# drafted games), compared by final hash, events and what a re-deal gave.
_PLAYOUTS = """
import hashlib, json, pickle, random, sys
import tabletop
def playouts(games):
    out = []
    for game, players, seed, params in games:
        s = tabletop.new_game(game, players=players, seed=seed, **params)
        rng = random.Random(seed)
        redeals = []
        while s.to_act is not None:
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            if len(s.history) % 9 == 0:
                s = pickle.loads(pickle.dumps(s.clone()))
                s.view(rng.randrange(players))
                if s.to_act is not None:
                    redeals.append(s.resample(s.to_act, random.Random(seed)).state_hash())
        events = hashlib.sha256(repr([(e.kind, e.args, e.rule, e.seats, e.reveals)
                                      for e in s.events]).encode()).hexdigest()
        redealt = hashlib.sha256(repr(redeals).encode()).hexdigest()
        out.append([game, len(s.history), s.state_hash(), events, redealt])
    return out
"""
_GAMES = ([("radiant-arena", 2, seed, {}) for seed in range(4)]
          + [("radiant-arena", 2, seed, {"draft": True}) for seed in range(2)]
          + [("radiant-perim", n, seed, {}) for n in (2, 3, 4) for seed in range(2)]
          + [("lightseekers", n, seed, {}) for n in (2, 4, 6) for seed in range(2)]
          + [("hoshi-battle", n, seed, {}) for n in (2, 5) for seed in range(2)])


def _here(games: list[tuple[str, int, int, dict[str, bool]]]) -> list[list[object]]:
    scope: dict[str, object] = {}
    exec(_PLAYOUTS, scope)
    return scope["playouts"](games)  # type: ignore[operator, no-any-return]


def test_the_compiled_engine_plays_the_same_games_as_plain_python() -> None:
    """What runs is what the source says: seeded random games of every game (radiant-
    arena's starter decks and drafts, every game at several player counts) end in the
    same states with the same events and re-deal alike, compiled or not (issue 28)."""
    if not native.ACTIVE:
        pytest.skip(f"the compiled engine is not in use here: {native.STATUS} (CI builds "
                    "it and runs with TABLETOP_NATIVE=require)")
    import importlib

    for name in native.MODULES:
        module = importlib.import_module(name)
        assert str(native.OUT) in str(module.__file__), f"{name}: the compiled one is loaded"
    script = _PLAYOUTS + f"print(json.dumps(playouts({_GAMES!r})))"
    env = {**os.environ, native.ENV: "off"}
    plain = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                           text=True, check=True, timeout=300)
    assert json.loads(plain.stdout) == _here(_GAMES)


# ISMCTS at radiant-arena's defaults (rollouts by the compiled rules of thumb) on seeded
# positions: every root action's visits and mean, and the move.
_SEARCHES = """
import json, tabletop
from tabletop.agents import Resampler, decide, make_agent
def searches(seed, n):
    out = []
    state = tabletop.new_game("radiant-arena", players=2, seed=seed)
    agent = make_agent("ismcts:40", "radiant-arena", seed)
    other = make_agent("heuristic", "radiant-arena", seed + 1)
    i = 0
    while state.to_act is not None and len(out) < n:
        legal = state.legal_actions()
        i += 1
        if len(legal) > 1 and i % 5 == 0:
            result = agent.search(legal, Resampler(state, state.to_act), None)
            out.append([[str(x.action), x.visits, x.value] for x in result.stats])
        state.apply(decide(other, state))
    return out
"""


def test_the_compiled_heuristic_searches_as_plain_python() -> None:
    """radiant-arena's rules of thumb run compiled (issue 28): the same rollouts, so
    ISMCTS finds the same visits and means on the same seeds, compiled or not."""
    if not native.ACTIVE:
        pytest.skip(f"the compiled engine is not in use here: {native.STATUS} (CI builds "
                    "it and runs with TABLETOP_NATIVE=require)")
    import tabletop.agents.arena as arena

    assert str(native.OUT) in str(arena.__file__), "the compiled heuristic is loaded"
    script = _SEARCHES + "print(json.dumps([searches(s, 6) for s in (3, 11)]))"
    env = {**os.environ, native.ENV: "off"}
    plain = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                           text=True, check=True, timeout=300)
    scope: dict[str, object] = {}
    exec(_SEARCHES, scope)
    here = [scope["searches"](s, 6) for s in (3, 11)]  # type: ignore[operator]
    assert json.loads(json.dumps(here)) == json.loads(plain.stdout)
    assert all(len(found) == 6 for found in here)


def _layout(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the sources the digest covers, and a build folder with a manifest for
    them (its files are empty: ``check`` only looks for them)."""
    root = tmp_path / "tabletop"
    for package in native.PACKAGES:
        (root / package).mkdir(parents=True)
        for path in (native.HERE / package).glob("*.py"):
            (root / package / path.name).write_bytes(path.read_bytes())
    for rel in native.FILES:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes((native.HERE / rel).read_bytes())
    out = tmp_path / "_native"
    files = {}
    for name in (*native.MODULES, f"{native.GROUP}__mypyc"):
        rel = name.replace(".", "/") + ".so"
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(b"")
        files[name] = rel
    (out / native.MANIFEST).write_text(json.dumps(
        {"tag": native._tag(), "digest": native.digest(root), "files": files}))
    return root, out


def test_a_current_build_is_used(tmp_path: Path) -> None:
    root, out = _layout(tmp_path)
    files, why = native.check(out, root)
    assert why == "" and set(files) == {*native.MODULES, f"{native.GROUP}__mypyc"}


def test_an_edited_source_leaves_the_whole_build_out(tmp_path: Path) -> None:
    """One edited module (compiled or not: the compiled ones were built against it) and
    none of the build is used, as compiled modules call each other directly."""
    root, out = _layout(tmp_path)
    flow = root / "games/radiant_arena/flow.py"
    flow.write_text(flow.read_text() + "\n# edited\n")
    assert native.check(out, root) == ({}, "the sources changed since the build: rebuild "
                                           "with `make native`")
    core = root / "core/__init__.py"
    flow.write_text(flow.read_text().removesuffix("\n# edited\n"))
    assert native.check(out, root)[1] == ""
    core.write_text(core.read_text() + "\n")
    assert "sources changed" in native.check(out, root)[1]
    core.write_text(core.read_text().removesuffix("\n"))
    # the compiled heuristic was built against the agents' modules it imports
    heuristic = root / "agents/heuristic.py"
    assert native.check(out, root)[1] == ""
    heuristic.write_text(heuristic.read_text() + "\n")
    assert "sources changed" in native.check(out, root)[1]


def test_a_build_for_another_python_or_a_broken_one_is_not_used(tmp_path: Path) -> None:
    root, out = _layout(tmp_path)
    manifest = json.loads((out / native.MANIFEST).read_text())
    (out / native.MANIFEST).write_text(json.dumps({**manifest, "tag": ".cpython-310-x.so"}))
    assert "built for .cpython-310-x.so" in native.check(out, root)[1]
    (out / native.MANIFEST).write_text("{not json")
    assert "unreadable" in native.check(out, root)[1]
    (out / native.MANIFEST).write_text(json.dumps(manifest))
    (out / manifest["files"][native.MODULES[0]]).unlink()
    assert "incomplete" in native.check(out, root)[1] and native.MODULES[0] in \
        native.check(out, root)[1]
    (out / native.MANIFEST).unlink()
    assert native.check(out, root) == ({}, "not built: run `make native`")


def test_the_mode_is_checked_and_off_means_plain_python() -> None:
    """TABLETOP_NATIVE: a wrong value is an error naming the choices; ``off`` runs the
    sources themselves."""
    script = ("import sys, tabletop, tabletop.native as n; "
              "import tabletop.games.radiant_arena.legal as m; print(n.STATUS); print(m.__file__)")
    env = {**os.environ, native.ENV: "off"}
    off = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, check=True, timeout=60)
    status, file = off.stdout.splitlines()
    assert status == "plain Python (TABLETOP_NATIVE=off)" and file.endswith("legal.py")
    with pytest.raises(ImportError, match="TABLETOP_NATIVE='fast': must be one of auto, "
                       "off, require"):
        native.install("fast")


def test_require_fails_loudly_without_a_usable_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """CI runs with TABLETOP_NATIVE=require, so a build that silently fell back to plain
    Python cannot pass for the compiled engine."""
    monkeypatch.setattr(native, "ACTIVE", False)
    monkeypatch.setattr(native, "STATUS", native.STATUS)
    with pytest.raises(ImportError, match="TABLETOP_NATIVE=require, but the compiled "
                       "engine cannot be used: not built: run `make native`"):
        native.install("require", tmp_path)
    native.install("auto", tmp_path)  # the default: plain Python, and why
    assert native.STATUS == "plain Python (not built: run `make native`)"
    assert not native.ACTIVE


def test_the_hooks_are_the_abstract_methods_and_a_state_lacking_one_is_refused() -> None:
    """The compiled ``State`` does not keep ``ABCMeta``, so ``HOOKS`` names its abstract
    methods (checked against plain Python's ABC in a subprocess) and ``State.__init__``
    refuses a class that lacks one, as ABCMeta would (docs/adding-a-game.md §4)."""
    script = ("import tabletop.core as c; "
              "print(','.join(sorted(c.State.__abstractmethods__)))")
    plain = subprocess.run([sys.executable, "-c", script],
                           env={**os.environ, native.ENV: "off"}, capture_output=True,
                           text=True, check=True, timeout=60)
    assert plain.stdout.split() == [",".join(sorted(HOOKS))]

    class Partial(State):
        def to_act(self) -> int | None:  # type: ignore[override]
            return 0

    # Plain Python's ABCMeta says it first, in its own words.
    with pytest.raises(TypeError, match="Can't instantiate (abstract class )?Partial") as e:
        Partial(2, 0, {})  # type: ignore[abstract]
    assert all(h in str(e.value) for h in HOOKS if h != "to_act")
