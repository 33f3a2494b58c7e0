"""Write radiant-arena's vocabulary into the language reference (docs/cards.md).

``python -m tabletop.games.radiant_arena.reference docs/cards.md`` rewrites the
generated tables of that page from the code (tabletop.cards.reference); a test fails when
they differ.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop.cards.reference import fill, tables

from .vocab import VOCAB


def main(argv: list[str]) -> int:
    """Rewrite the generated tables of each document named in ``argv``."""
    for name in argv:
        path = Path(name)
        path.write_text(fill(path.read_text(encoding="utf-8"), tables(VOCAB)),
                        encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
