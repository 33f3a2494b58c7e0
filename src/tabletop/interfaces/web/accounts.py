"""Accounts (docs/web.md, "Accounts"): who a request is, signing in and out, CSRF.

A person's account is a user name and a password, kept only as its Argon2 hash
(argon2-cffi's defaults: Argon2id). Signing in starts a session: a random token in the
``tabletop_session`` cookie (HttpOnly, SameSite=Lax, Secure when the request came over
TLS or through a proxy that says ``X-Forwarded-Proto: https``), of which the store keeps
only the SHA-256. Every change a request makes on the strength of that cookie needs the
session's CSRF token in the ``X-CSRF-Token`` header: the page's script reads it from the
``tabletop_csrf`` cookie (readable by scripts of this site only), which another site's
page cannot do. A bot signs in with its token instead (``Authorization: Bearer ...``),
which no browser sends by itself, so it needs no CSRF token.

Guests need none of this: a seat's token (its join link) is its key, as before.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Request, Response
from starlette.requests import HTTPConnection

from .errors import ApiError
from .storage import AccountRow, Storage, token_hash

SESSION_COOKIE = "tabletop_session"
CSRF_COOKIE = "tabletop_csrf"
CSRF_HEADER = "X-CSRF-Token"
SESSION_S = 30 * 24 * 3600  # a session lasts 30 days
NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{2,19}")
PASSWORD_CHARS = (8, 128)
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
AI_NAMES = {"easy": "AI (easy)", "normal": "AI (normal)", "hard": "AI (hard)"}

_hasher = PasswordHasher()
_dummy: list[str] = []  # a hash to verify against for an unknown name (same time taken)


@dataclass(frozen=True, slots=True)
class Who:
    """The account a request acts as, and how it proved it: ``cookie`` (a session) or
    ``token`` (a bot's)."""

    account: AccountRow
    via: str


def name_key(name: str) -> str:
    """The key of an account name: names are unique whatever their case."""
    return name.lower()


def check_name(name: str) -> str:
    """A user name as given, if it is one; 400 saying what a name may be."""
    if not NAME_RE.fullmatch(name):
        raise ApiError(400, "a user name is 3 to 20 letters, digits, '_' or '-', starting "
                       "with a letter")
    return name


def check_password(password: str) -> None:
    """400 for a password too short or too long (the message never quotes it)."""
    low, high = PASSWORD_CHARS
    if not low <= len(password) <= high:
        raise ApiError(400, f"a password is {low} to {high} characters long")


async def hash_password(password: str) -> str:
    """The Argon2 hash of ``password`` (computed off the event loop: it takes a while
    and a lot of memory on purpose)."""
    return await asyncio.to_thread(_hasher.hash, password)


async def password_matches(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` hashes; with no stored hash (no such
    account) a dummy one is checked, so that the answer takes as long either way."""
    def check() -> bool:
        if stored is None:
            if not _dummy:
                _dummy.append(_hasher.hash(secrets.token_urlsafe(12)))
            target = _dummy[0]
        else:
            target = stored
        try:
            return _hasher.verify(target, password) and stored is not None
        except (VerificationError, InvalidHashError):
            return False

    return await asyncio.to_thread(check)


def is_secure(conn: HTTPConnection) -> bool:
    """Whether the request came over TLS, or through a proxy that says it did."""
    forwarded = conn.headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    return conn.url.scheme in ("https", "wss") or forwarded == "https"


def who(conn: HTTPConnection, storage: Storage, change: bool = False) -> Who | None:
    """The account ``conn`` acts as (``None``: a guest). ``change``: the request changes
    something on the strength of it, so a session needs its CSRF token (403 without).
    A bot token that is no account's is refused (401); a stale session cookie is a
    guest's."""
    cached: dict[bool, Who | None] = conn.scope.setdefault("tabletop.who", {})
    if change in cached:
        return cached[change]
    found = _who(conn, storage, change)
    cached[change] = found
    return found


def _who(conn: HTTPConnection, storage: Storage, change: bool) -> Who | None:
    auth = conn.headers.get("authorization", "")
    if auth:
        scheme, _, token = auth.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ApiError(401, "Authorization takes a bot's token: 'Bearer <token>'")
        bot = storage.account_by_token(token_hash(token.strip()))
        if bot is None:
            raise ApiError(401, "this bot token is no account's (it was never made, or "
                           "made on another server)")
        return Who(bot, "token")
    cookie = conn.cookies.get(SESSION_COOKIE)
    if not cookie:
        return None
    got = storage.session(token_hash(cookie), time.time())
    if got is None:
        return None
    account, csrf = got
    method = conn.scope.get("method", "GET")
    if change and method not in SAFE_METHODS:
        sent = conn.headers.get(CSRF_HEADER, "")
        if not sent or not secrets.compare_digest(sent, csrf):
            raise ApiError(403, "this change needs your session's CSRF token in the "
                           f"{CSRF_HEADER} header (the page sends it from the {CSRF_COOKIE} "
                           "cookie): reload the page and try again")
    return Who(account, "cookie")


def start_session(request: Request, response: Response, storage: Storage,
                  account: AccountRow) -> None:
    """Sign ``account`` in: a new session and its cookies on ``response``."""
    token = secrets.token_urlsafe(32)
    csrf = secrets.token_urlsafe(24)
    storage.add_session(token_hash(token), account.key, csrf, time.time() + SESSION_S)
    secure = is_secure(request)
    response.set_cookie(SESSION_COOKIE, token, max_age=SESSION_S, path="/", httponly=True,
                        samesite="lax", secure=secure)
    # Readable by this site's scripts (they send it back as X-CSRF-Token); worthless
    # without the session cookie, which no script can read.
    response.set_cookie(CSRF_COOKIE, csrf, max_age=SESSION_S, path="/", httponly=False,
                        samesite="lax", secure=secure)


def end_session(request: Request, response: Response, storage: Storage) -> None:
    """Sign out: the session is forgotten and its cookies cleared."""
    cookie = request.cookies.get(SESSION_COOKIE)
    if cookie:
        storage.drop_session(token_hash(cookie))
    secure = is_secure(request)
    for name in (SESSION_COOKIE, CSRF_COOKIE):
        response.delete_cookie(name, path="/", samesite="lax", secure=secure,
                               httponly=name == SESSION_COOKIE)


def ai_account(storage: Storage, level: str) -> AccountRow:
    """The account of the AI at a difficulty (made the first time it is needed): its
    ratings say what "normal" and "hard" mean."""
    name = AI_NAMES.get(level, f"AI ({level})")
    key = name_key(name)
    found = storage.account(key)
    if found is not None:
        return found
    row = AccountRow(key, name, "ai")
    storage.add_account(row)
    return storage.account(key) or row


def public(account: AccountRow) -> dict[str, Any]:
    """What anyone may know of an account: its name and kind (a person, a bot, the AI),
    and a bot's owner."""
    out: dict[str, Any] = {"name": account.name, "kind": account.kind,
                           "bot": account.kind in ("bot", "ai")}
    if account.kind == "bot":
        out["owner"] = account.owner
    return out
