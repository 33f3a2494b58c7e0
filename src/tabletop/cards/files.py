"""User card files, for every game with cards: one loader, one error format.

A game that takes card files (``--cards FILE``) declares how in a :class:`CardFormat`
(the tables a file may hold, how its catalogue is built from the packaged cards plus
user files, and each card's printed and generated text), named by its GameSpec
(``card_files``: the dotted name of a module with a ``FORMAT``). :func:`load` is the one
way in for the command line and the server:

- the files themselves are checked first (each exists, is not too large, not too many
  of them), every problem at once;
- the game compiles them; every problem of every file is raised at once in one
  ``CardDataError``, one line each, ``file:line: table card: key: message``
  (tabletop.core.datafile's format, with the line of the card or key in the file added
  here), and nothing is loaded: the packaged cards and every other game are unchanged;
- a user card that gives its printed text (``text``) whose generated text says
  something else is a warning (both shown), not an error: the data is what runs.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.core import CardDataError, GameSpec
from tabletop.core.datafile import entry_label, problem_text, read_toml

from .text import same_text

MAX_FILES = 32
MAX_FILE_BYTES = 1_000_000  # one user card file (the packaged files are far smaller)
# A game's catalogues kept in memory (the packaged pool, and each set of user files met
# lately): a server meets new files with every upload and built deck, which must not
# pile up; one evicted is loaded again when named.
CATALOGS_KEPT = 32


@dataclass(frozen=True, slots=True)
class CardFormat:
    """How one game reads user card files.

    ``tables``: the lists of tables a card file may hold (``hero``, ``card``, ...), in the
    order its docs give them; ``load``: the game's catalogue of its packaged cards plus
    these files (in order), raising one ``CardDataError`` with every problem; ``texts``:
    every card's printed and generated text, ``key -> (printed, generated)``, keyed by
    the card's id (``id:n`` for one face of a card with several); ``docs``: where the
    format is described."""

    game: str
    tables: tuple[str, ...]
    load: Callable[[tuple[Path, ...]], Any]
    texts: Callable[[Any], Mapping[str, tuple[str, str]]]
    docs: str = "docs/cards.md"
    faces: tuple[str, ...] = ()  # the tables of a card's faces (``id:n`` is faces[n])
    max_files: int = MAX_FILES
    max_bytes: int = MAX_FILE_BYTES


@dataclass(frozen=True, slots=True)
class Loaded:
    """A catalogue with the user's files, and the warnings loading them gave (a printed
    text that is not what the data does), one string each."""

    catalog: Any
    warnings: tuple[str, ...]


def format_of(spec: GameSpec) -> CardFormat | None:
    """The card file format of a game, or ``None`` if it takes no card files."""
    if not spec.card_files:
        return None
    fmt = importlib.import_module(spec.card_files).FORMAT
    assert isinstance(fmt, CardFormat), spec.card_files
    return fmt


def file_problems(fmt: CardFormat, paths: Sequence[Path]) -> list[str]:
    """What is wrong with the files as files (missing, a folder, too large, too many),
    every problem at once."""
    out: list[str] = []
    if len(paths) > fmt.max_files:
        out.append(f"{len(paths)} card files; at most {fmt.max_files} may be loaded")
    for p in paths:
        if not p.exists():
            out.append(f"{p}: no such file")
        elif not p.is_file():
            out.append(f"{p}: not a file")
        elif p.stat().st_size > fmt.max_bytes:
            out.append(f"{p}: {p.stat().st_size:,} bytes; a card file may have at most "
                       f"{fmt.max_bytes:,}")
    return out


def load(fmt: CardFormat, paths: Iterable[Path]) -> Loaded:
    """The game's catalogue with these user files, or one ``CardDataError`` listing every
    problem of every file (with lines); see the module's docstring."""
    files = tuple(Path(p) for p in paths)
    problems = file_problems(fmt, files)
    if problems:
        raise CardDataError(problem_text(problems))
    try:
        cat = fmt.load(files)
    except CardDataError as e:
        raise CardDataError(with_lines(str(e), files)) from None
    return Loaded(cat, tuple(text_warnings(fmt, cat, files)))


# --- where a problem is, in lines ----------------------------------------------------------

_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")


def _entries(lines: list[str], table: str) -> list[tuple[int, int]]:
    """The line ranges ``[start, end)`` of each ``[[table]]`` entry, in file order."""
    out: list[tuple[int, int]] = []
    start = -1
    for i, line in enumerate(lines):
        m = _HEADER.match(line)
        if not m:
            continue
        name = m.group(1).replace(" ", "")
        if line.lstrip().startswith("[[") and name == table:
            if start >= 0:
                out.append((start, i))
            start = i
        elif start >= 0 and name != table and not name.startswith(table + "."):
            out.append((start, i))
            start = -1
    if start >= 0:
        out.append((start, len(lines)))
    return out


def _entry(lines: list[str], table: str, card: str) -> tuple[int, int] | None:
    """The lines of the entry ``card`` (its id, ``race.rank`` or ``#n``) of ``table``."""
    spans = _entries(lines, table)
    if card.startswith("#") and card[1:].isdigit():
        n = int(card[1:]) - 1
        return spans[n] if 0 <= n < len(spans) else None
    want = re.compile(r"^\s*id\s*=\s*[\"']" + re.escape(card) + r"[\"']")
    for start, end in spans:
        if any(want.match(line) for line in lines[start:end]):
            return (start, end)
    return None


def line_of(text: str, table: str, card: str, key: str = "") -> int | None:
    """The line (counted from 1) of ``key`` in the entry ``card`` of ``table`` in a TOML
    file's text (the entry's first line when the key is not found; ``None`` when the entry
    is not). ``key`` is a problem's path (``basic.talent[flare].effects[0].amount``): its
    names are looked for in order, each after the last one found."""
    lines = text.splitlines()
    span = _entry(lines, table, card)
    if span is None:
        return None
    at, end = span
    for name in re.findall(r"[A-Za-z_][A-Za-z0-9_-]*", key):
        pattern = re.compile(r"(^|[\s{,.\[])" + re.escape(name) + r"\s*(=|\]|\.)")
        found = next((i for i in range(at, end) if pattern.search(lines[i])), None)
        if found is None:
            break
        at = found
    return at + 1


def _split(problem: str, files: Sequence[Path]) -> tuple[Path, str] | None:
    for p in files:
        head = f"{p}: "
        if problem.startswith(head):
            return p, problem[len(head):]
    return None


def with_lines(message: str, files: Sequence[Path]) -> str:
    """A ``CardDataError``'s message with the line of each problem in a user file added
    after the file's name (``file:12: hero nova: basic.atack: ...``)."""
    texts: dict[Path, str] = {}
    out = []
    for problem in message.split("\n"):
        found = _split(problem, files)
        if found is None:
            out.append(problem)
            continue
        path, rest = found
        if path not in texts:
            try:
                texts[path] = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                texts[path] = ""
        parts = rest.split(": ", 2)
        entry = parts[0].split(" ", 1)
        line = None
        if len(entry) == 2 and len(parts) >= 2:
            table, card = entry
            # "card sun-lance.effects[0]" (a key glued to its card): written apart, as
            # the one format has it (card ids are slugs: no dot, no bracket)
            glued = re.match(r"([^.\[]+)\.?(.+)", card)
            if glued and ("." in card or "[" in card):
                card = glued.group(1)
                parts = [f"{table} {card}", glued.group(2), ": ".join(parts[1:])]
                rest = ": ".join(parts)
            line = line_of(texts[path], table, card, parts[1] if len(parts) == 3 else "")
        out.append(f"{path}:{line}: {rest}" if line is not None else problem)
    return "\n".join(out)


# --- printed text --------------------------------------------------------------------------


def defined(fmt: CardFormat, path: Path) -> dict[str, str]:
    """The cards a (valid) user file defines: id -> its table."""
    data = read_toml(path, fmt.max_bytes)
    out: dict[str, str] = {}
    for table in fmt.tables:
        items = data.get(table)
        if isinstance(items, list):
            for i, entry in enumerate(items):
                out[entry_label(entry, i)] = table
    return out


def text_warnings(fmt: CardFormat, cat: Any, files: Sequence[Path]) -> list[str]:
    """A warning for each card of the user's files that gives a printed text which is not
    what its data does (as the game's generated text says it), both shown."""
    if not files:
        return []
    owner: dict[str, tuple[Path, str]] = {}
    for p in files:  # a later file's card replaces an earlier one's
        owner.update((cid, (p, table)) for cid, table in defined(fmt, p).items())
    texts = fmt.texts(cat)
    out: list[str] = []
    cache: dict[Path, str] = {}
    for key, (printed, generated) in texts.items():
        cid, _, face = key.partition(":")
        if cid not in owner or not printed or same_text(printed, generated):
            continue
        path, table = owner[cid]
        if path not in cache:
            cache[path] = path.read_text(encoding="utf-8")
        named = fmt.faces[int(face)] if face.isdigit() and int(face) < len(fmt.faces) \
            else face
        line = line_of(cache[path], table, cid, f"{named}.text" if named else "text")
        where = f"{path}:{line}" if line is not None else str(path)
        side = f" ({named})" if named else ""
        out.append(f"{where}: {table} {cid}: text{side}: the printed text is not what the "
                   f"data does\n  printed:   {printed}\n  generated: {generated}")
    return out


__all__ = ["CardFormat", "Loaded", "MAX_FILES", "MAX_FILE_BYTES", "defined",
           "file_problems", "format_of", "line_of", "load", "text_warnings", "with_lines"]
