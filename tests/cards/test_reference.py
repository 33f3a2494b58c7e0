"""tabletop.cards.reference and docs/cards.md: the language reference stays what the code
knows (issue 11: "docs/cards.md: the language reference (every event kind, selector,
value, op, duration, cost, with an example each), and how a game plugs its vocabulary
in").

The page's generated tables are compared with those written from radiant-arena's
vocabulary now; every example the vocabulary gives compiles; every word of the language
the kernel itself defines (the keys of steps, selectors, values, conditions, continuous
effects, triggers and replacements) is documented.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tabletop.cards import Compiler
from tabletop.cards.compile import ARITH, COMPARE, MOD_KEYS, SELECTOR_KEYS, STEP_KEYS
from tabletop.cards.nodes import COUNTS, SIDES
from tabletop.cards.reference import WRITERS, blocks, examples, fill, tables
from tabletop.games.radiant_arena.vocab import VOCAB as ARENA

from .toy import VOCAB as TOY

DOC = Path(__file__).parents[2] / "docs" / "cards.md"
REWRITE = "python -m tabletop.games.radiant_arena.reference docs/cards.md"


def test_the_generated_tables_of_docs_cards_md_are_the_code() -> None:
    """Every table marked generated is what radiant-arena's vocabulary says now: a word
    added, removed or changed in the code fails here until the page is rewritten."""
    found = blocks(DOC.read_text(encoding="utf-8"))
    made = tables(ARENA)
    assert sorted(found) == sorted(made), "a generated block is missing from docs/cards.md"
    stale = [name for name in made if found[name] != made[name]]
    assert not stale, f"docs/cards.md: stale tables {stale}; run `{REWRITE}`"


def test_every_word_of_the_vocabulary_has_a_row_with_an_example() -> None:
    """Each event kind, hook, op (not the rules' own), cost, duration, keyword, stat,
    condition, place, kind, named selector, rule and cost key has its row, and each row
    an example (its last cell, in backticks)."""
    made = tables(ARENA)
    expected = {
        "events": ARENA.events, "hooks": ARENA.hooks, "costs": ARENA.costs,
        "ops": {k: s for k, s in ARENA.ops.items() if not s.internal},
        "durations": ARENA.durations, "keywords": ARENA.keywords, "stats": ARENA.stats,
        "conditions": ARENA.conditions, "places": ARENA.places, "kinds": ARENA.kinds,
        "selectors": ARENA.selectors, "rules": ARENA.rules, "cost_keys": ARENA.cost_keys}
    assert set(expected) == set(WRITERS)
    for name, words in expected.items():
        rows = made[name].splitlines()[2:]
        assert len(rows) == len(words), name
        for word, row in zip(words, rows, strict=True):
            assert row.startswith(f"| `{word}"), (name, word, row)
            assert re.search(r"\| `[^`]+` \|$", row), (name, row)


def _toml(text: str) -> Any:
    """An example as the TOML value it is (a ``key = value`` line, or an inline value)."""
    if re.match(r"^[a-z_]+ = ", text):
        return tomllib.loads(text)
    return tomllib.loads(f"example = {text}")["example"]


@pytest.mark.parametrize(("part", "name", "example"), examples(ARENA),
                         ids=[f"{p}:{n}" for p, n, _ in examples(ARENA)])
def test_every_example_compiles(part: str, name: str, example: str) -> None:
    """The example of each op, event kind, hook and cost is card data the compiler takes
    without a problem (an elided list, ``[...]``, stands for one draw)."""
    assert example, f"{part} {name} has no example"
    raw = _toml(example.replace("[...]", '[{ op = "draw" }]').replace('"..."', '"x"'))
    c = Compiler(ARENA)
    if part == "op":
        assert raw["op"] == name
        c.program([raw], "example", "example")
    elif part == "event":
        assert raw["on"] == name
        c.trigger({**raw, "effects": [{"op": "draw"}]}, "example", "example")
    elif part == "hook":
        assert raw["hook"] == name
        c.replacement(raw, "example", "example")
    else:
        key = "ap" if "cost" in raw else name
        c.costs({key: raw.get("cost", raw.get(name))}, "example")
    assert c.problems == []


def test_the_kernel_s_own_words_are_documented() -> None:
    """The keys the kernel itself reads (not a game's words): of a step, a selector, a
    value, a condition, a continuous effect, a trigger and a replacement, the counts,
    sides, comparisons and layers."""
    doc = DOC.read_text(encoding="utf-8")
    words = {*STEP_KEYS, *SELECTOR_KEYS, *ARITH, *MOD_KEYS, *COUNTS, *SIDES, "choose",
             "options", "then", "exists", "none", "self", "compare", "all", "any", "not",
             "count", "stat", "of", "event", "round", "on", "match", "effects", "limit",
             "hook", "affects", "prevent", "reduce", "redirect", "instead", "pick", "to",
             "part", "x"}
    missing = sorted(w for w in words if f"`{w}" not in doc and f'"{w}"' not in doc
                     and f"{w} =" not in doc)
    assert not missing, missing
    assert all(f"`{c}`" in doc for c in COMPARE)
    for layer in ("PRINTED", "ITEMS", "STATIC", "TIMED", "SET_ZERO", "CLASH"):
        assert layer in doc


def test_the_tables_are_written_for_any_game() -> None:
    """The reference knows no game: the toy game of the kernel's tests gets its own
    tables (its ops, events, costs), and ``fill`` replaces only the marked blocks."""
    made = tables(TOY)
    assert "| `hit` |" in made["ops"] and "| `energy` |" in made["costs"]
    assert "`damage`" not in made["ops"]
    doc = "intro\n<!-- begin: ops -->\nold\n<!-- end: ops -->\n<!-- begin: x -->\nkeep\n" \
          "<!-- end: x -->\n"
    out = fill(doc, made)
    assert blocks(out) == {"ops": made["ops"], "x": "keep\n"}
    assert out.startswith("intro\n")
