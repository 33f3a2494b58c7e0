"""``tabletop serve``: run the web server (uvicorn, one process) and say where it is; its
log in lines of text, or with ``--log-json`` in lines of JSON (:mod:`.logs`)."""

from __future__ import annotations

import dataclasses
import errno
import logging
import socket
import sys
import threading
import webbrowser
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop.core import ParameterError
from tabletop.interfaces.paths import data_dir

from . import logs
from .api import check_db_path, create_app
from .limits import Settings
from .storage import StorageError, open_storage, redact


def default_db() -> Path:
    """The server's SQLite file under the user's data directory."""
    return data_dir() / "web.sqlite3"


def _check_port(host: str, port: int) -> None:
    """Refuse a port already taken, in one clear line (before uvicorn's log)."""
    if not 0 < port < 65536:
        raise ParameterError(f"--port must be 1..65535, not {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise ParameterError(f"--host {host!r}: {e.strerror}") from None
    family, _, _, _, address = infos[0]
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(address)
        except OSError as e:
            why = "is in use" if e.errno == errno.EADDRINUSE else (e.strerror or str(e))
            raise ParameterError(f"cannot listen on {host}:{port}: the port {why} "
                                 "(choose another with --port)") from None


def parse_limits(items: Sequence[str]) -> Settings:
    """The limits of ``--limit NAME=VALUE`` options (the rest at their defaults); raises
    ``ParameterError`` naming the bad one."""
    changes: dict[str, float] = {}
    for item in items:
        name, sep, value = item.partition("=")
        try:
            if not sep:
                raise ValueError("write it NAME=VALUE")
            changes[name.strip()] = float(value)
        except ValueError as e:
            raise ParameterError(f"--limit {item!r}: {e}") from None
    try:
        return Settings().but(**changes)
    except ValueError as e:
        raise ParameterError(f"--limit: {e}") from None


def limits_help() -> str:
    """The limits ``--limit`` sets, with their defaults (for ``tabletop serve --help``)."""
    return ", ".join(f"{f.name}={getattr(Settings(), f.name):g}"
                     for f in dataclasses.fields(Settings))


def check_db(db: str | Path | None) -> tuple[str | Path, str]:
    """The store ``--db`` names (default: :func:`default_db`) and how to say where it is,
    once opened and brought up to date (its migrations run here, so that a bad URL or a
    database out of reach is one line before the server starts); raises
    ``ParameterError``."""
    where: str | Path
    if db is not None and "://" in str(db):  # a URL (open_storage refuses all but ours)
        where = str(db)
    else:
        where = check_db_path(Path(db) if db is not None else default_db())
    try:
        open_storage(where).close()
    except StorageError as e:
        raise ParameterError(f"--db {e}") from None
    return where, str(where) if isinstance(where, Path) else f"the database {redact(where)}"


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | Path | None = None,
          open_browser: bool = True, ai_pool: str = "process", ai_workers: int = 2,
          limits: Settings | None = None, log_json: bool = False) -> None:
    """Serve the lobby and the tables until interrupted; ``db`` is a SQLite file or a
    ``postgresql://`` URL; ``log_json``: every log record (and one per request) as a line
    of JSON on standard error, where the text log goes otherwise."""
    import uvicorn

    settings = limits or Settings()
    store, shown_store = check_db(db)
    _check_port(host, port)
    app = create_app(store, ai_pool=ai_pool, ai_workers=ai_workers, limits=settings)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    if log_json:
        logs.use_json()
        # Said as a record too: a collector reading the output finds nothing but JSON.
        logging.getLogger("tabletop.web").info(
            "tabletop is serving at %s; tables are stored in %s", url, shown_store,
            extra={"fields": {"url": url, "store": shown_store}})
    else:
        logging.basicConfig(level=logging.INFO,
                            format="%(levelname)s %(name)s: %(message)s")
        logs.ACCESS.setLevel(logging.WARNING)  # no line per request in the text log
        sys.stdout.write(f"tabletop is serving at {url} (Ctrl-C stops it)\n"
                         f"tables are stored in {shown_store}\n")
        sys.stdout.flush()
    if open_browser:
        # Python's webbrowser does nothing where no browser is available.
        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    # uvicorn refuses a socket message over the size limit itself, before reading it
    # (close code 1009); the app's own check (bodies.py) is then never reached by one.
    # With JSON, uvicorn's own records go to the root logger's handler (log_config=None:
    # it installs no handler of its own); its access log stays off, the app writes one.
    extra: dict[str, Any] = {"log_config": None} if log_json else {}
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False,
                ws_max_size=settings.body_bytes, **extra)
