"""User card files at a table: uploaded with a private table, or given to the whole server
(``tabletop serve --cards FILE``); docs/web.md, "Card files".

A table with user cards keeps each file's text in its options beside a built deck's
(deckfiles.py), named by the SHA-256 of its bytes (``<sha256>.toml``), so the store holds
all the game needs: the table replays the same after a restart or on another server, which
writes the files into its own folder by those names. The table's ``cards`` parameter names
them as a record does (by name), and the game reads them through it as from ``--cards``.

They are checked by the kernel's one loader (tabletop.cards.files) before the table is
made: every problem of every file at once, each ``file:line: table card: key: message``
with the file as the person named it, and nothing made. Its limits are the loader's (how
many files, how large each) and the server's on the request (``cards_bytes``: the body of
``POST /api/tables``, and of the deck builder's requests that carry card files). A card
file is the table's rules: public to its seats; ``user_cards`` in the table's options says
which files and the names of their cards.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.cards.files import CardFormat, format_of, load
from tabletop.core import CardDataError, ParameterError, TabletopError, games, get_spec

from . import deckfiles
from .errors import ApiError

NAME = re.compile(r"[0-9a-f]{64}\.toml\Z")  # a user card file as the table keeps it


@dataclass(frozen=True, slots=True)
class CardFile:
    """One user card file: the name it was given (shown, never opened) and its text."""

    name: str
    text: str

    @property
    def stored(self) -> str:
        """Its name at the table: the SHA-256 of its bytes."""
        return hashlib.sha256(self.text.encode()).hexdigest() + ".toml"


def takers() -> str:
    """The games that take card files, in words."""
    return ", ".join(g.id for g in games() if g.card_files and "cards" in g.params) or "none"


def _format(game: str) -> CardFormat:
    spec = get_spec(game)
    fmt = format_of(spec)
    if fmt is None or "cards" not in spec.params:
        raise ApiError(400, f"{game} does not take card files (they are for: {takers()})")
    return fmt


def card_names(fmt: CardFormat, text: str) -> list[str]:
    """The names of the cards a (checked) file adds, in file order (its decks too)."""
    data = tomllib.loads(text)
    out: list[str] = []
    for table in fmt.tables:
        for entry in data.get(table, []):
            if isinstance(entry, dict):
                out.append(str(entry.get("name") or entry.get("id") or f"a {table}"))
    return out


def check(game: str, files: Sequence[CardFile], server: Sequence[CardFile] = ()
          ) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """The table's files (stored name -> text) and its ``user_cards`` option for these
    user files with the server's own (``server``, first): 400 with every problem of every
    file at once (the person's file names in them), else nothing is wrong."""
    fmt = _format(game)
    every = [*server, *files]
    problems = []
    seen: set[str] = set()
    for f in files:
        if f.stored in seen or f.stored in {s.stored for s in server}:
            problems.append(f"{f.name}: the same file twice")
        seen.add(f.stored)
        if "\x00" in f.text:
            problems.append(f"{f.name}: not a text file")
    if problems:
        raise ApiError(400, "\n".join(problems), problems=problems)
    stored = {f.stored: f.text for f in every}
    had = {name for name in stored if (deckfiles.folder() / name).is_file()}
    paths = deckfiles.paths(stored)
    shown = {str(p): f.name for p in paths for f in every if p.name == f.stored}
    try:
        _load(fmt, paths, shown)
    except ApiError:
        # A refused file belongs to no table: it leaves the folder (a table's files are
        # written again whenever they are missing), so refusals fill no disk.
        for p in paths:
            if p.name not in had:
                p.unlink(missing_ok=True)
        raise
    listed = [{"file": f.name, "sha256": f.stored.removesuffix(".toml"),
               "from": "server" if i < len(server) else "table",
               "cards": card_names(fmt, f.text)} for i, f in enumerate(every)]
    return stored, listed


@contextmanager
def pool_files(game: str, files: Sequence[CardFile], server: Sequence[CardFile] = ()
               ) -> Iterator[tuple[str, dict[str, str], list[dict[str, Any]]]]:
    """The deck builder's pool with a designer's card files (docs/web.md, "Card files"):
    the same checks as a private table's (:func:`check`: 400 with every problem, each in
    the person's file names), then the game's ``cards`` parameter naming them as a table
    does (the files written into this process's folder, in the table's order), the
    stored files (name -> text) and the ``user_cards`` listing. No files: the packaged
    cards only (``""``), as the builder's pool is without them.

    A context: the files it wrote leave the folder at its end (the builder asks at every
    change of a deck, with no limit a table's creation has: its files must fill no disk;
    the game's catalogue of them stays in memory, as many as it keeps)."""
    if not files:
        yield "", {}, []
        return
    had = {f.stored for f in [*server, *files] if (deckfiles.folder() / f.stored).is_file()}
    stored, listed = check(game, files, server)
    paths = deckfiles.paths(stored)
    try:
        yield ",".join(str(p) for p in paths), stored, listed
    finally:
        for p in paths:
            if p.name not in had:
                p.unlink(missing_ok=True)


def _load(fmt: CardFormat, paths: list[Path], shown: Mapping[str, str]) -> None:
    """The loader's check of the files; 400 with its problems in the person's names."""
    try:
        load(fmt, paths)
    except CardDataError as e:
        lines = []
        for line in str(e).splitlines():
            for path, name in shown.items():
                line = line.replace(path, name)
            lines.append(line)
        raise ApiError(400, "\n".join(lines), problems=lines) from None
    except (TabletopError, tomllib.TOMLDecodeError, UnicodeError) as e:
        raise ApiError(400, f"the card files do not load: {e}") from None


def server_cards(paths: Sequence[Path]) -> dict[str, list[CardFile]]:
    """The files of ``tabletop serve --cards FILE``, by the game each is for: every game
    whose tables the file's are and whose loader takes it; raises ``CardDataError`` for a
    file no game takes, with the problems each such game found in it."""
    out: dict[str, list[CardFile]] = {}
    for path in paths:
        if not Path(path).is_file():
            raise ParameterError(f"--cards {path}: no such file")
        text = Path(path).read_text()
        try:
            tables = set(tomllib.loads(text))
        except tomllib.TOMLDecodeError as e:
            raise CardDataError(f"{path}: not TOML: {e}") from None
        formats = [(spec, fmt) for spec in games()
                   if (fmt := format_of(spec)) is not None and "cards" in spec.params]
        fits = [(spec, fmt) for spec, fmt in formats
                if tables <= {*fmt.tables, "overrides"}]
        if not fits:
            known = "; ".join(f"{s.id}: {', '.join(f.tables)}" for s, f in formats)
            raise CardDataError(f"{path}: its tables ({', '.join(sorted(tables))}) are no "
                                f"game's card tables ({known})")
        why = []
        for spec, fmt in fits:
            try:
                load(fmt, [*[Path(p) for p in _paths(out.get(spec.id, []))], Path(path)])
            except CardDataError as e:
                why.append(f"as a {spec.id} card file: {e}")
                continue
            out.setdefault(spec.id, []).append(CardFile(Path(path).name, text))
        if not any(f.text == text for files in out.values() for f in files):
            raise CardDataError(f"{path}: no game takes this card file\n" + "\n".join(why))
    return out


def _paths(files: Sequence[CardFile]) -> list[Path]:
    return deckfiles.paths({f.stored: f.text for f in files})


def listed(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The table's user card files as its options keep them (``[]`` for most tables)."""
    got = options.get("user_cards")
    return list(got) if isinstance(got, list) else []


__all__ = ["CardFile", "NAME", "card_names", "check", "listed", "pool_files", "server_cards",
           "takers"]
