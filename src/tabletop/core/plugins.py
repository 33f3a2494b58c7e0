"""Plugins: what installed packages add through entry points, loaded so that one broken
plugin is named in one line instead of breaking every command.

Groups (in a package's ``pyproject.toml``, ``[project.entry-points."<group>"]``):

- ``tabletop.games``: a game id -> its ``GameSpec``;
- ``tabletop.heuristics``: a game id -> a factory of its heuristic (``tabletop.agents``);
- ``tabletop.agents``: an agent name -> its factory (``tabletop.agents.register_agent``);
- ``tabletop.renderers``: a game id -> its terminal screen (``tabletop.interfaces.cli``).

:func:`load_group` loads a group once and keeps, beside what loaded, the error of each
entry that did not, so callers can say "plugin X is broken: <why>" where it is used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

from .errors import TabletopError, excerpt


class PluginError(TabletopError):
    """A plugin that is installed but cannot be loaded (its import or its object fails)."""


@dataclass(slots=True)
class Group:
    """One entry-point group: the objects that loaded and why the others did not."""

    name: str
    loaded: dict[str, Any] = field(default_factory=dict)
    broken: dict[str, str] = field(default_factory=dict)  # name -> "module:attr: why"

    def get(self, name: str) -> Any | None:
        """The plugin called ``name``; ``PluginError`` if it is broken, ``None`` if absent."""
        if name in self.broken:
            raise PluginError(f"plugin {name!r} ({self.name}) is broken: {self.broken[name]}")
        return self.loaded.get(name)


_GROUPS: dict[str, Group] = {}


def load_group(group: str) -> Group:
    """Every entry point of ``group``, loaded once (later calls return the same result)."""
    found = _GROUPS.get(group)
    if found is not None:
        return found
    found = _GROUPS[group] = Group(group)
    for ep in entry_points(group=group):
        if ep.name in found.loaded or ep.name in found.broken:
            continue  # the first installed package to claim a name keeps it
        try:
            found.loaded[ep.name] = ep.load()
        except Exception as e:  # any failure of a third party's import: name it, go on
            found.broken[ep.name] = f"{ep.value}: {type(e).__name__}: {excerpt(str(e), 120)}"
    return found
