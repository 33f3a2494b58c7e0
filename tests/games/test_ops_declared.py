"""Each effect type (op) is declared in one place (issue 30, "Effect types declared in one
place": "a new effect type takes three edits in two files"): every game's vocabulary
takes its ops from the ``OpTable`` of its ``ops.py``, where each op's function, fields,
card text, doc and example are declared together, and nothing else adds to them."""

from __future__ import annotations

import importlib

import pytest

from tabletop.cards import Field, OpTable

GAMES = ("radiant_arena", "lightseekers", "hoshi_battle")


@pytest.mark.parametrize("game", GAMES)
def test_the_vocabulary_takes_every_op_from_the_table_of_ops_py(game: str) -> None:
    """The vocabulary's ops are ``ops.OPS.specs`` itself, and each op's function, card
    text and ``possible`` test are written in ops.py (a text may be the kernel's own,
    shared by games: ``tabletop.cards.text``): adding an op is one edit there."""
    vocab = importlib.import_module(f"tabletop.games.{game}.vocab").VOCAB
    ops = importlib.import_module(f"tabletop.games.{game}.ops")
    assert vocab.ops is ops.OPS.specs
    assert vocab.ops, "the game has ops"
    for name, spec in vocab.ops.items():
        assert spec.name == name
        assert spec.run.__module__ == ops.__name__, name
        assert spec.text.__module__ in (ops.__name__, "tabletop.cards.text"), name
        if spec.possible is not None:
            assert spec.possible.__module__ == ops.__name__, name
        if not spec.internal:
            assert spec.doc and spec.example, f"{game} op {name}: a doc and an example"


def test_an_op_declared_twice_is_refused() -> None:
    """The table refuses a second declaration of a name (it would silently replace the
    first op)."""
    table = OpTable()

    def run(world: object, step: object, ctx: object) -> bool:
        return True

    table.add("nudge", run, {"amount": Field("int")}, lambda st, say: "nudge", "a nudge",
              '{ op = "nudge" }')
    with pytest.raises(ValueError, match="op 'nudge' is declared twice"):
        table.add("nudge", run, {}, lambda st, say: "", "again", "")
    assert list(table.specs) == ["nudge"]
