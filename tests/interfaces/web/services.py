"""The database services some web tests need (issue 29, Tests): a fresh PostgreSQL schema
per test, dropped afterwards, so that parallel test workers never meet.

On a machine without PostgreSQL (or without psycopg) these tests skip, with one line
saying why; with ``TABLETOP_REQUIRE_SERVICES=1`` (CI, ``.ci/run``) that skip is a
failure instead. ``TABLETOP_TEST_POSTGRES`` names the database (default: the ``test``
database on 127.0.0.1:5432 as user ``postgres``).
"""

from __future__ import annotations

import os
import secrets
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
