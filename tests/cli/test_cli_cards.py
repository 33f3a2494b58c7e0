"""`tabletop cards GAME [NAME]` for every game with a card pool (radiant-arena's own test is
in tests/games/radiant_arena/test_draft_cli.py): the pool with every card's text and the
label that says the texts are reconstructed, one card in full by id or printed name, and
one clear error for a card or a game without a list."""

from __future__ import annotations

from tabletop.games.hoshi_battle.data import catalog as hoshi_catalog
from tabletop.games.lightseekers.data import catalog as ls_catalog

from .conftest import Run, assert_one_error


def test_lightseekers_pool_lists_every_hero_and_card_labelled_reconstructed(run: Run) -> None:
    """Issue 14: the pool is our design, "labelled reconstructed where players see it"."""
    out = run("cards", "lightseekers")
    assert out.exit_code == 0, out.output
    cat = ls_catalog()
    for card_id in [h.id for h in cat.heroes] + [c.id for c in cat.cards]:
        assert card_id in out.stdout, card_id
    assert "reconstructed (our design)" in out.stdout


def test_lightseekers_one_card_in_full(run: Run) -> None:
    """One combo by printed name: what it needs (Combo Cards: "all Elements listed"), its
    text and the ready decks that hold it."""
    cat = ls_catalog()
    combo = next(c for c in cat.cards if c.combo)
    out = run("cards", "lightseekers", combo.name.upper())
    assert out.exit_code == 0, out.output
    assert f"{combo.name} — {combo.type} combo" in out.stdout
    assert combo.text.split(".")[0] in " ".join(out.stdout.split())
    assert "reconstructed" in out.stdout
    hero = cat.heroes[0]
    out = run("cards", "lightseekers", hero.id)
    assert f"health {hero.health}" in out.stdout and hero.name in out.stdout


def test_hoshi_pool_marks_the_publishers_words_apart(run: Run) -> None:
    """Hoshi Battle's cards are reconstructed but for the publisher's known texts: each
    card says which."""
    out = run("cards", "hoshi-battle")
    assert out.exit_code == 0, out.output
    cat = hoshi_catalog()
    for card_id in cat.ids:
        assert card_id in out.stdout, card_id
    one = run("cards", "hoshi-battle", "Clay Champion")
    assert one.exit_code == 0 and "d8" in one.stdout
    assert ("the publisher's words" if cat.heroes["clay-champion"].known
            else "(reconstructed)") in one.stdout
    made = next(c for c in cat.cards.values() if not c.known)
    assert "(reconstructed)" in run("cards", "hoshi-battle", made.id).stdout


def test_bad_requests_give_one_clear_error(run: Run) -> None:
    assert_one_error(run("cards", "lightseekers", "excalibur"), "no card 'excalibur'")
    assert_one_error(run("cards", "hoshi-battle", "--cards", "extra.toml"),
                     "extra.toml: no such file")
    assert_one_error(run("cards", "radiant-perim"), "has no card list",
                     "lightseekers", "hoshi-battle")
    assert_one_error(run("cards", "chess"), "chess")


def test_the_arena_pool_lists_every_items_stat_bonuses() -> None:
    """Issue 26: "`tabletop cards radiant-arena` lists every item's stat bonuses (today 21
    of 24 items lose them in the list)": each item's row gives its cost, its bonuses
    (Pick Deities & Items: an item's attack, armor and health add to its hero's) and its
    type, whatever its text says."""
    from rich.console import Group
    from rich.table import Table

    from tabletop.games.radiant_arena.spec import catalog
    from tabletop.interfaces.cli.arena import pool

    shown = pool(None, [])
    assert isinstance(shown, Group)
    table = shown.renderables[0]
    assert isinstance(table, Table)
    ids, kinds, numbers = (list(table.columns[i].cells) for i in (1, 0, 3))
    items = {i: str(n) for i, k, n in zip(ids, kinds, numbers, strict=True) if k == "item"}
    cat = catalog()
    assert set(items) == set(cat.items)
    with_bonus = 0
    for item in cat.items.values():
        row = items[item.id]
        assert row.startswith(f"cost {item.cost}"), row
        for stat in ("attack", "armor", "health"):
            amount = getattr(item, stat)
            assert (f"+{amount} {stat}" in row) == bool(amount), (item.id, row)
        with_bonus += bool(item.attack or item.armor or item.health)
        for kind in item.keywords:
            assert f"{kind} item" in row
    assert with_bonus >= 19
