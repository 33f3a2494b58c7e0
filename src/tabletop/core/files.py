"""Reading input files safely: records, scenarios and card files.

Every file a user hands the engine goes through here, so that whatever it holds (bytes
that are not UTF-8, a gigabyte, 100,000 nested brackets, a 5,000-digit number) the
answer is one clear error of the caller's kind (``RecordError``, ``ScenarioError``,
``CardDataError``) naming the file, never an internal error or an exhausted machine.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import TabletopError, excerpt

MAX_FILE_BYTES = 64 * 1024 * 1024  # a scenario or card file; record files are streamed
MAX_LINE_BYTES = 16 * 1024 * 1024  # one record of a JSON Lines file
MAX_DEPTH = 32                     # tables and lists inside each other
MAX_INT = 2**63 - 1                # TOML's integers are 64-bit; so are ours everywhere
MAX_STRING = 100_000               # characters in one string value

Raise = Callable[[str], TabletopError]


def read_text(path: Path, error: Raise, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a file, or ``error("<path>: <what is wrong>")`` raised."""
    try:
        with path.open("rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise error(f"{path}: cannot read ({e.strerror or e})") from None
    if len(data) > limit:
        raise error(f"{path}: larger than {limit:,} bytes")
    return decode(data, str(path), error)


def decode(data: bytes, where: str, error: Raise) -> str:
    """Bytes as UTF-8 text, or an error naming the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise error(f"{where}: not UTF-8 text (byte {e.start + 1} is 0x{data[e.start]:02x})") \
            from None


def parse_toml(text: str, where: str, error: Raise) -> dict[str, Any]:
    """Parsed TOML whose values are within the limits above, or an error saying where."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise error(f"{where}: not valid TOML ({e})") from None
    except (ValueError, RecursionError, MemoryError) as e:
        raise error(f"{where}: not valid TOML ({_why(e)})") from None
    check_limits(data, where, error)
    return data


def parse_json(text: str, where: str, error: Raise) -> Any:
    """Parsed JSON whose values are within the limits above, or an error saying where."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise error(f"{where}: not valid JSON ({e.msg} at line {e.lineno} column {e.colno})") \
            from None
    except (ValueError, RecursionError, MemoryError) as e:
        raise error(f"{where}: not valid JSON ({_why(e)})") from None
    check_limits(data, where, error)
    return data


def _why(e: BaseException) -> str:
    if isinstance(e, RecursionError):
        return f"nested more than {MAX_DEPTH} deep"
    if isinstance(e, MemoryError):
        return "too large"
    text = str(e)
    if "integer string conversion" in text:
        return f"a number larger than {MAX_INT}"
    return text.split("\n")[0][:80]


def check_limits(data: Any, where: str, error: Raise) -> None:
    """Refuse nesting deeper than MAX_DEPTH, integers beyond 64 bits, floats that are not
    finite and strings longer than MAX_STRING, naming the path of the value."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise error(f"{where}: {excerpt(path) or 'the data'} is nested more than "
                        f"{MAX_DEPTH} deep")
        if isinstance(value, dict):
            for k, v in value.items():
                stack.append((v, f"{path}.{k}" if path else str(k), depth + 1))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                stack.append((v, f"{path}[{i}]", depth + 1))
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if not -MAX_INT - 1 <= value <= MAX_INT:
                raise error(f"{where}: {excerpt(path) or 'the value'} is a number beyond 64 bits")
        elif isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                raise error(f"{where}: {excerpt(path) or 'the value'} is not a finite number")
        elif isinstance(value, str) and len(value) > MAX_STRING:
            raise error(f"{where}: {excerpt(path) or 'the value'} is a string of more than "
                        f"{MAX_STRING:,} characters")
