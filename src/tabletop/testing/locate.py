"""Where a game's rulebook and documentation are, for the conformance suite.

A game installed from outside this repository ships them in its own package; the games of
this repository find theirs in ``docs/rules/`` and the shared rulebook folder beside the
repository. ``TABLETOP_RULES`` adds folders (separated like PATH) to look for rulebooks in.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tabletop.core import GameSpec

REPO = Path(__file__).resolve().parents[3]  # src/tabletop/testing -> the repository
SHARED_RULES = REPO.parent / "shared" / "rules"


def game_dir(spec: GameSpec) -> Path | None:
    """The folder of the package that defines the game (its State class or factory).

    The package's own ``__init__``, not the defining module: a module compiled by
    ``tabletop.native`` lives in the build folder, away from the game's data and docs."""
    owner = spec.state if spec.state is not None else spec.factory
    name = getattr(owner, "__module__", "")
    module = sys.modules.get(name, None)
    if module is not None and not hasattr(module, "__path__") and "." in name:
        module = sys.modules.get(name.rpartition(".")[0], module)
    path = getattr(module, "__file__", None)
    return Path(path).parent if path else None


def rulebook_path(spec: GameSpec) -> Path | None:
    """The game's rulebook file, or ``None`` when it is nowhere to be found: an absolute
    ``spec.rulebook``; else in ``TABLETOP_RULES``, the game's package (or its ``rules``
    folder), or the shared rulebook folder beside this repository."""
    name = Path(spec.rulebook)
    if name.is_absolute():
        return name if name.is_file() else None
    folders = [Path(p) for p in os.environ.get("TABLETOP_RULES", "").split(os.pathsep) if p]
    here = game_dir(spec)
    if here is not None:
        folders += [here, here / "rules", here.parent / "rules"]
    folders.append(SHARED_RULES)
    for folder in folders:
        if (folder / name).is_file():
            return folder / name
    return None


def docs_path(spec: GameSpec) -> Path | None:
    """The game's documentation (notation, decisions, the "Events" section): ``<id>.md`` in
    the game's package (or its ``docs`` folder), or ``docs/rules/<id>.md`` here."""
    here = game_dir(spec)
    folders = [here, here / "docs", here.parent / "docs"] if here is not None else []
    folders.append(REPO / "docs" / "rules")
    for folder in folders:
        if (folder / f"{spec.id}.md").is_file():
            return folder / f"{spec.id}.md"
    return None


def rulebook_required() -> bool:
    """Whether a missing rulebook fails the suite: always when a game is checked on its own
    (``tabletop check``); in this repository's own run, when the shared rulebook folder
    is there (a checkout without it skips the rulebook-text tests, saying why)."""
    return bool(os.environ.get("TABLETOP_CHECK_GAMES")) or SHARED_RULES.is_dir()
