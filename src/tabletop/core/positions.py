"""Reading a position (scenario data) strictly: the reader every game's ``positions.py``
uses, and one format for its errors.

A position is input from a person. Every value is read with its exact type (an integer
is not ``true`` or ``3.0``, a boolean is not ``1``), within its range, and every key of a
table must be read: a key no one reads is a typo, refused (:meth:`Table.done`). Each error
is one ``ScenarioError`` naming where the value is (``units[2].damage``) and what is
wrong: ``units[2].damage: must be an integer, not a string``, ``turn: 1000 is out of
range (0 to 999)``, ``phase: 'acton' is not one of action, ...``.
"""

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any

from .errors import ScenarioError

MAX_NUMBER = 999  # the default bound of a number in a position (far above any game's)


class Table:
    """One table of scenario data, read strictly: each key once, of its exact type; the
    keys never read are errors (``done``). ``where`` names it in messages."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, Mapping):
            raise ScenarioError(f"{where}: must be a table, not {_kind(data)}")
        self.data, self.where = data, where
        self.read: set[builtins.str] = set()

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str) -> Any:
        self.read.add(key)
        return self.data[key]

    def int(self, key: str, default: int, lo: int = 0, hi: int = MAX_NUMBER) -> int:
        if key not in self.data:
            return default
        return number(self.raw(key), f"{self.at(key)}", lo, hi)

    def bool(self, key: str, default: bool) -> bool:
        if key not in self.data:
            return default
        return flag(self.raw(key), self.at(key))

    def str(self, key: str, default: str, choices: Any = None) -> str:
        if key not in self.data:
            return default
        return word(self.raw(key), self.at(key), choices)

    def list(self, key: builtins.str, default: list[Any],
             length: builtins.int | None = None) -> list[Any]:
        if key not in self.data:
            return default
        return listing(self.raw(key), self.at(key), length)

    def table(self, key: builtins.str) -> Table:
        return Table(self.raw(key) if key in self.data else {}, self.at(key))

    def at(self, key: builtins.str) -> builtins.str:
        return key if self.where == "(top level)" else f"{self.where}.{key}"

    def done(self) -> None:
        for key in self.data:
            if key not in self.read:
                shown = key if isinstance(key, str) and len(key) <= 40 else f"{str(key)[:39]}…"
                raise ScenarioError(f"{self.where}: unknown key {shown!r}")


def _kind(value: Any) -> str:
    return {bool: "a boolean", int: "an integer", float: "a number with a point", str:
            "a string", list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


def number(value: Any, where: str, lo: int = 0, hi: int = MAX_NUMBER) -> int:
    """An integer in ``lo..hi`` (not a boolean, a float or a string)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(f"{where}: must be an integer, not {_kind(value)}")
    if not lo <= value <= hi:
        shown = str(value) if len(str(value)) <= 20 else f"a {len(str(value))}-digit number"
        raise ScenarioError(f"{where}: {shown} is out of range ({lo} to {hi})")
    return value


def flag(value: Any, where: str) -> bool:
    """A boolean (not 0 or 1)."""
    if not isinstance(value, bool):
        raise ScenarioError(f"{where}: must be true or false, not {_kind(value)}")
    return value


def word(value: Any, where: str, choices: Any = None) -> str:
    """A string, one of ``choices`` if given."""
    if not isinstance(value, str):
        raise ScenarioError(f"{where}: must be a string, not {_kind(value)}")
    if choices is not None and value not in choices:
        shown = value if len(value) <= 40 else value[:39] + "…"
        options = ", ".join(sorted(choices)) if len(choices) <= 20 else f"{len(choices)} names"
        raise ScenarioError(f"{where}: {shown!r} is not one of {options}")
    return value


def listing(value: Any, where: str, length: int | None = None) -> list[Any]:
    """A list (of ``length`` items if given)."""
    if not isinstance(value, list):
        raise ScenarioError(f"{where}: must be a list, not {_kind(value)}")
    if length is not None and len(value) != length:
        raise ScenarioError(f"{where}: must list {length} values, not {len(value)}")
    return value


__all__ = ["MAX_NUMBER", "Table", "flag", "listing", "number", "word"]
