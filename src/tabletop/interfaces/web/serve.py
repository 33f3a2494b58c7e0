"""``tabletop serve``: run the web server (uvicorn, one process) and say where it is."""

from __future__ import annotations

import errno
import logging
import socket
import sys
import threading
import webbrowser
from pathlib import Path

from tabletop.core import ParameterError
from tabletop.interfaces.paths import data_dir

from .api import check_db_path, create_app


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


def serve(host: str = "127.0.0.1", port: int = 8000, db: Path | None = None,
          open_browser: bool = True, ai_pool: str = "process", ai_workers: int = 2) -> None:
    """Serve the lobby and the tables until interrupted."""
    import uvicorn

    path = check_db_path(db or default_db())
    _check_port(host, port)
    app = create_app(path, ai_pool=ai_pool, ai_workers=ai_workers)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    sys.stdout.write(f"tabletop is serving at {url} (Ctrl-C stops it)\n"
                     f"tables are stored in {path}\n")
    sys.stdout.flush()
    if open_browser:
        # Python's webbrowser does nothing where no browser is available.
        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)
