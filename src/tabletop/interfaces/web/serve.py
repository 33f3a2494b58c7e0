"""``tabletop serve``: run the web server (uvicorn) and say where it is; its log in lines
of text, or with ``--log-json`` in lines of JSON (:mod:`.logs`).

One process by default. With ``--redis`` the server is one of several sharing a
PostgreSQL store (cluster.py), and ``--workers N`` runs N of them behind the one port:
uvicorn's own workers (its supervisor starts them, restarts one that dies, and stops
them all on Ctrl-C or SIGTERM; they accept from one listening socket). That is the
simplest robust way: no supervisor of ours to get wrong, and every worker is the same
app a single server runs, configured by :func:`worker_app` from what this process
checked. Their metrics go to one folder (prometheus-client's multiprocess mode: a fresh
folder for each run, or ``PROMETHEUS_MULTIPROC_DIR`` if the operator names one, emptied
first), so that a scrape of the one port answers for all of them (metrics.py).
"""

from __future__ import annotations

import dataclasses
import errno
import json
import logging
import os
import shutil
import socket
import sys
import tempfile
import threading
import webbrowser
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop.core import ParameterError
from tabletop.interfaces.paths import data_dir

from . import logs, metrics
from .api import check_db_path, create_app
from .cluster import LEASE_S, ClusterSettings
from .limits import Settings
from .storage import StorageError, is_url, open_storage, redact
from .usercards import server_cards

WORKER_CONFIG = "TABLETOP_WORKER_CONFIG"  # what a worker process is to serve (JSON)
MAX_WORKERS = 64


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


def check_cluster(db: str | Path | None, workers: int, redis: str | None,
                  lease_s: float = LEASE_S) -> ClusterSettings | None:
    """What ``--workers`` and ``--redis`` ask for (``None``: one server alone), checked:
    several servers share a PostgreSQL store and meet through a Redis that answers now.
    Raises ``ParameterError`` in one line (no password shown)."""
    if not 1 <= workers <= MAX_WORKERS:
        raise ParameterError(f"--workers must be 1..{MAX_WORKERS}, not {workers}")
    if not (db is not None and is_url(str(db))) and (workers > 1 or redis is not None):
        option = f"--workers {workers}" if workers > 1 else "--redis"
        raise ParameterError(f"{option} needs a PostgreSQL store (--db postgresql://...), "
                             "not a SQLite file: one file serves one process "
                             "(docs/deploy.md)")
    if redis is None:
        if workers > 1:
            raise ParameterError(f"--workers {workers} needs --redis redis://HOST:PORT: the "
                                 "workers tell each other of every change through it "
                                 "(docs/deploy.md)")
        return None
    try:
        settings = ClusterSettings(redis, lease_s)
    except ValueError as e:
        raise ParameterError(redact(str(e))) from None
    try:
        import redis as redis_client
    except ImportError:
        raise ParameterError("--redis needs the redis package (pip install "
                             "'tabletop[postgres]')") from None
    try:
        client = redis_client.Redis.from_url(redis, socket_connect_timeout=5,
                                             socket_timeout=5)
        try:
            client.ping()
        finally:
            client.close()
    except (redis_client.RedisError, OSError, ValueError) as e:
        first = (str(e).strip().splitlines() or [type(e).__name__])[0]
        raise ParameterError(f"--redis {redact(redis)}: cannot reach Redis "
                             f"({redact(first)})") from None
    return settings


def _logging(log_json: bool) -> None:
    if log_json:
        logs.use_json()
    else:
        logging.basicConfig(level=logging.INFO,
                            format="%(levelname)s %(name)s: %(message)s")
        logs.ACCESS.setLevel(logging.WARNING)  # no line per request in the text log


def worker_app() -> Any:
    """The app of one worker of ``--workers N`` (uvicorn calls it in each worker
    process), as :func:`serve` configured it in :data:`WORKER_CONFIG`."""
    config = json.loads(os.environ[WORKER_CONFIG])
    _logging(bool(config["log_json"]))
    metrics.share(config["metrics"])
    cluster = config["cluster"]
    return create_app(config["db"], ai_pool=config["ai_pool"],
                      ai_workers=config["ai_workers"], limits=Settings(**config["limits"]),
                      cluster=ClusterSettings(cluster["redis"], cluster["lease_s"]),
                      cards=server_cards([Path(p) for p in config["cards"]]))


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | Path | None = None,
          open_browser: bool = True, ai_pool: str = "process", ai_workers: int = 2,
          limits: Settings | None = None, log_json: bool = False, workers: int = 1,
          redis: str | None = None, lease_s: float = LEASE_S,
          cards: Sequence[Path] = ()) -> None:
    """Serve the lobby and the tables until interrupted; ``db`` is a SQLite file or a
    ``postgresql://`` URL; ``log_json``: every log record (and one per request) as a line
    of JSON on standard error, where the text log goes otherwise; ``redis``: this server
    is one of several on the PostgreSQL store, meeting the others there, and runs
    ``workers`` of them on this port (docs/deploy.md, "Several workers"); ``cards``: card
    files every table of their game gets (checked now: usercards.py)."""
    import uvicorn

    settings = limits or Settings()
    by_game = server_cards(cards)  # refused before anything starts, every problem listed
    cluster = check_cluster(db, workers, redis, lease_s)
    store, shown_store = check_db(db)
    _check_port(host, port)
    app: Any
    made: str | None = None  # the metrics folder this run made (removed at its end)
    if workers > 1:
        assert cluster is not None
        folder = os.environ.get(metrics.FOLDER)
        if not folder:
            folder = made = tempfile.mkdtemp(prefix="tabletop-metrics-")
        try:
            metrics.prepare(Path(folder))
        except OSError as e:
            raise ParameterError(f"{metrics.FOLDER}={folder}: cannot use it for the "
                                 f"workers' metrics ({e.strerror or e})") from None
        # Inherited by the workers, which start afresh (spawned): prometheus-client reads
        # it when first imported there.
        os.environ[metrics.FOLDER] = folder
        os.environ[WORKER_CONFIG] = json.dumps({
            "db": str(store), "ai_pool": ai_pool, "ai_workers": ai_workers,
            "limits": dataclasses.asdict(settings), "log_json": log_json,
            "cluster": {"redis": cluster.redis, "lease_s": cluster.lease_s},
            "cards": [str(p) for p in cards], "metrics": folder})
        app = f"{__name__}:worker_app"
        shown_store += f", served by {workers} workers"
    else:
        app = create_app(store, ai_pool=ai_pool, ai_workers=ai_workers, limits=settings,
                         cluster=cluster, cards=by_game)
    if cluster is not None:
        shown_store += f" (live updates through Redis at {redact(cluster.redis)})"
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    if log_json:
        logs.use_json()
        # Said as a record too: a collector reading the output finds nothing but JSON.
        logging.getLogger("tabletop.web").info(
            "tabletop is serving at %s; tables are stored in %s", url, shown_store,
            extra={"fields": {"url": url, "store": shown_store}})
    else:
        _logging(False)
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
    if workers > 1:
        extra.update(workers=workers, factory=True)
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False,
                    ws_max_size=settings.body_bytes, **extra)
    finally:
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)
