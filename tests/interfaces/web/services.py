"""The database services some web tests need (issue 29, Tests): a fresh PostgreSQL schema
per test, dropped afterwards, so that parallel test workers never meet; the machine's
Redis, or a redis-server of the test's own that it may stop and start.

On a machine without PostgreSQL (or without psycopg) these tests skip, with one line
saying why; with ``TABLETOP_REQUIRE_SERVICES=1`` (CI, ``.ci/run``) that skip is a
failure instead. ``TABLETOP_TEST_POSTGRES`` names the database (default: the ``test``
database on 127.0.0.1:5432 as user ``postgres``).
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import pytest

from tabletop.interfaces.web.storage import redact

POSTGRES = os.environ.get("TABLETOP_TEST_POSTGRES",
                          "postgresql://postgres@127.0.0.1:5432/test")
_missing: list[str] = []  # why PostgreSQL is not there, once found out


def unavailable(why: str) -> NoReturn:
    """Skip the test, saying ``why`` (fail it, where the services are required)."""
    if os.environ.get("TABLETOP_REQUIRE_SERVICES") == "1":
        pytest.fail(f"{why}; TABLETOP_REQUIRE_SERVICES=1 requires it", pytrace=False)
    pytest.skip(why)


def with_search_path(url: str, schema: str) -> str:
    """``url`` whose connections use ``schema`` first."""
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"


@contextmanager
def postgres_schema() -> Iterator[str]:
    """The URL of a new, empty schema of the test database; dropped at the end."""
    if _missing:
        unavailable(_missing[0])
    try:
        import psycopg
    except ImportError:
        _missing.append("no PostgreSQL tests: psycopg is not installed "
                        "(pip install -e '.[postgres]')")
        unavailable(_missing[0])
    try:
        admin = psycopg.connect(POSTGRES, autocommit=True, connect_timeout=5)
    except psycopg.Error as e:
        first = (str(e).strip().splitlines() or [type(e).__name__])[0]
        _missing.append(f"no PostgreSQL tests: no database at {redact(POSTGRES)} ({first})")
        unavailable(_missing[0])
    name = f"tabletop_test_{secrets.token_hex(6)}"
    try:
        admin.execute(f"CREATE SCHEMA {name}")
        yield with_search_path(POSTGRES, name)
    finally:
        admin.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        admin.close()


REDIS = os.environ.get("TABLETOP_TEST_REDIS", "redis://127.0.0.1:6379")
_no_redis: list[str] = []  # why Redis is not there, once found out


def redis_url() -> str:
    """The URL of the machine's Redis (``TABLETOP_TEST_REDIS``), once it answers a PING;
    the test skips (fails where services are required) otherwise. Tests share it: each
    server's channel is named after its store's schema, new for each test."""
    if _no_redis:
        unavailable(_no_redis[0])
    try:
        import redis
    except ImportError:
        _no_redis.append("no Redis tests: the redis package is not installed "
                         "(pip install -e '.[postgres]')")
        unavailable(_no_redis[0])
    try:
        client = redis.Redis.from_url(REDIS, socket_connect_timeout=3, socket_timeout=3)
        client.ping()
        client.close()
    except (redis.RedisError, OSError) as e:
        first = (str(e).strip().splitlines() or [type(e).__name__])[0]
        _no_redis.append(f"no Redis tests: no Redis at {redact(REDIS)} ({first})")
        unavailable(_no_redis[0])
    return REDIS


class OwnRedis:
    """A redis-server of the test's own on a free port (so that stopping it touches
    nothing else), which can be stopped and started again on the same port."""

    def __init__(self, port: int, folder: str) -> None:
        self.port = port
        self.folder = folder
        self.url = f"redis://127.0.0.1:{port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        import redis

        self.proc = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", self.folder],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        end = time.monotonic() + 20
        while True:
            try:
                client = redis.Redis.from_url(self.url, socket_connect_timeout=1)
                client.ping()
                client.close()
                return
            except (redis.RedisError, OSError):
                if self.proc.poll() is not None or time.monotonic() > end:
                    raise AssertionError(f"redis-server did not start on {self.port}") \
                        from None
                time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self.proc = None


REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


@contextmanager
def own_redis(port: int, folder: str) -> Iterator[OwnRedis]:
    """A redis-server of the test's own (skips without one: see :func:`unavailable`)."""
    redis_url()  # the package and the machine's service are there
    if not os.path.exists(REDIS_SERVER):
        unavailable("no Redis fault tests: no redis-server program to start")
    own = OwnRedis(port, folder)
    own.start()
    try:
        yield own
    finally:
        own.stop()
