"""Every op of every game returns the kernel's named results (issue 30, "a named result
for effect steps"): ``RESOLVED``, ``WAITING`` or ``FIZZLED`` (tabletop.cards.vocab), never
the literals True, False or None, so that a step that fizzled reads apart from one with
nothing to return, and each op is annotated ``-> Result``.

Read from the source, as the games are compiled in CI (a compiled function keeps no
annotations): the function each ``OPS.add(name, run, ...)`` of a game's ops.py registers,
followed through the game's own wrapper (hoshi-battle's ``_add(run, ...)``) or factory
(radiant-arena's ``_each(fn)``, whose nested ``op`` is the op)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

GAMES = ("radiant_arena", "lightseekers", "hoshi_battle")
SRC = Path(__file__).resolve().parents[2] / "src" / "tabletop" / "games"


def _is_ops_add(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
        node.func.attr == "add" and isinstance(node.func.value, ast.Name) and \
        node.func.value.id == "OPS"


def _arg(call: ast.Call, i: int, name: str) -> ast.expr:
    if len(call.args) > i:
        return call.args[i]
    return next(k.value for k in call.keywords if k.arg == name)


def registered(tree: ast.Module) -> list[ast.FunctionDef]:
    """The function registered by each ``OPS.add`` of a module, one per op declared."""
    defs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}

    def calls_of(name: str) -> list[ast.Call]:
        return [c for c in ast.walk(tree) if isinstance(c, ast.Call)
                and isinstance(c.func, ast.Name) and c.func.id == name]

    def resolve(expr: ast.expr, wrapper: ast.FunctionDef | None,
                site: ast.Call | None) -> ast.FunctionDef:
        if isinstance(expr, ast.Name) and wrapper is not None and site is not None:
            params = [a.arg for a in wrapper.args.args]
            if expr.id in params:  # the wrapper's parameter: what its caller passed
                return resolve(_arg(site, params.index(expr.id), expr.id), None, None)
        if isinstance(expr, ast.Name) and expr.id in defs:
            return defs[expr.id]
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and \
                expr.func.id in defs:  # a factory: the nested function it returns
            factory = defs[expr.func.id]
            nested = {n.name: n for n in factory.body if isinstance(n, ast.FunctionDef)}
            for stmt in factory.body:
                if isinstance(stmt, ast.Return) and isinstance(stmt.value, ast.Name) and \
                        stmt.value.id in nested:
                    return nested[stmt.value.id]
        raise AssertionError(f"line {expr.lineno}: cannot tell which function the op "
                             f"{ast.unparse(expr)} is (register a function by name)")

    found: list[ast.FunctionDef] = []
    for stmt in tree.body:
        adds = [c for c in ast.walk(stmt) if _is_ops_add(c)]
        for add in adds:
            assert isinstance(add, ast.Call)
            run = _arg(add, 1, "run")
            if isinstance(stmt, ast.FunctionDef):  # a wrapper: one op per call of it
                found += [resolve(run, stmt, site) for site in calls_of(stmt.name)]
            else:
                found.append(resolve(run, None, None))
    return found


def _results(expr: ast.expr) -> list[ast.expr]:
    """The values a return expression may give (both sides of ``a if c else b``)."""
    if isinstance(expr, ast.IfExp):
        return _results(expr.body) + _results(expr.orelse)
    return [expr]


def literal_results(fn: ast.FunctionDef) -> list[str]:
    """Each ``return`` of ``fn`` itself (not of a nested function) that gives a literal
    True, False or None (a bare ``return`` too), as ``line: source``."""
    bad: list[str] = []
    todo: list[ast.AST] = list(fn.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Return) and (node.value is None or any(
                isinstance(v, ast.Constant) and (v.value is None or isinstance(v.value, bool))
                for v in _results(node.value))):
            bad.append(f"{node.lineno}: {ast.unparse(node)}")
        todo.extend(ast.iter_child_nodes(node))
    return sorted(bad)


@pytest.mark.parametrize("game", GAMES)
def test_every_op_returns_a_named_result(game: str) -> None:
    """Each op registered in the game's ops.py is annotated ``-> Result`` and returns no
    literal True, False or None (issue 30: a named result for effect steps)."""
    tree = ast.parse((SRC / game / "ops.py").read_text())
    ops = registered(tree)
    specs = importlib.import_module(f"tabletop.games.{game}.ops").OPS.specs
    assert len(ops) == len(specs), "every op declared is found in the source"
    for fn in ops:
        assert fn.returns is not None and ast.unparse(fn.returns) == "Result", \
            f"{game} ops.py: {fn.name} is annotated -> Result"
        assert literal_results(fn) == [], f"{game} ops.py: {fn.name} returns literals"


def test_the_check_sees_a_literal_result_through_wrappers_and_factories() -> None:
    """The check itself: a literal returned by an op registered directly, through a
    wrapper or made by a factory is found; a literal in a condition is not a result."""
    tree = ast.parse('''
def plain(s, step, ctx) -> Result:
    return FIZZLED if step is None else True

def wrapped(s, step, ctx) -> bool:
    return False

def _add(run, doc):
    OPS.add(run.__name__, run, doc)

def _each(fn):
    def op(s, step, ctx) -> Result:
        if fn(s):
            return
        return RESOLVED
    return op

OPS.add("plain", plain, "")
_add(wrapped, "")
_add(doc="", run=plain)
OPS.add("each", _each(len), "")
''')
    ops = registered(tree)  # (a wrapper's ops where the wrapper is written)
    assert [fn.name for fn in ops] == ["wrapped", "plain", "plain", "op"]
    assert literal_results(ops[0]) == ["6: return False"]
    assert literal_results(ops[1]) == ["3: return FIZZLED if step is None else True"]
    assert literal_results(ops[3]) == ["14: return"]
    clean = ast.parse("def f(s) -> Result:\n    return FIZZLED if s is None else WAITING\n")
    assert literal_results(clean.body[0]) == []  # type: ignore[arg-type]
