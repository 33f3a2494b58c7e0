"""User card files through the kernel's one loader (tabletop.cards.files), for every game
with cards (issue 26, "Cards as user files, for every game": "through one loader in the
kernel with one error format that lists every problem at once (file, table, card, key,
line), not only the first"; "A user card may give its printed text: if the text
generated from its data differs, the loader warns and shows both").

The worked examples of docs/cards.md ("Adding a card") are examples/cards/<game>.toml:
each loads without a warning and plays.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tabletop.cards.files import CardFormat, format_of, line_of, load
from tabletop.core import CardDataError, get_spec, new_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "cards"
GAMES = ("radiant-arena", "lightseekers", "hoshi-battle")


def fmt(game: str) -> CardFormat:
    found = format_of(get_spec(game))
    assert found is not None, game
    return found


def write(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def problems(err: pytest.ExceptionInfo[CardDataError]) -> list[str]:
    return str(err.value).splitlines()


def play_out(state: object, seed: int = 1) -> None:
    """Random legal moves to the end, every action reading back through the notation."""
    rng = random.Random(seed)
    s = state
    steps = 0
    while s.to_act is not None and steps < 5_000:  # type: ignore[attr-defined]
        legal = s.legal_actions()  # type: ignore[attr-defined]
        action = legal[rng.randrange(len(legal))]
        assert s.parse_action(action.to_text()) == action  # type: ignore[attr-defined]
        s.apply(action)  # type: ignore[attr-defined]
        steps += 1
    assert s.is_over  # type: ignore[attr-defined]


def test_every_game_with_cards_takes_card_files_and_perim_does_not() -> None:
    """Every game with a card pool declares its format; radiant-perim's 48 cards are a
    fixed deck of races and ranks with no text or abilities (docs/cards.md): none."""
    for game in GAMES:
        spec = get_spec(game)
        assert fmt(game).game == game
        assert spec.params["cards"].paths  # a record never opens them by itself
    assert format_of(get_spec("radiant-perim")) is None
    assert "cards" not in get_spec("radiant-perim").params


@pytest.mark.parametrize("game", GAMES)
def test_the_worked_example_loads_without_a_warning(game: str) -> None:
    """docs/cards.md, "Adding a card": the example file of each game loads, its cards
    join the pool, and each printed text says what its data does."""
    path = EXAMPLES / f"{game}.toml"
    loaded = load(fmt(game), [path])
    assert loaded.warnings == ()
    texts = fmt(game).texts(loaded.catalog)
    defined = {"radiant-arena": "nova:0", "lightseekers": "sun-lance",
               "hoshi-battle": "iron-axe"}[game]
    assert defined in texts


def test_lightseekers_user_cards_play_a_game() -> None:
    """Lightseekers refused user card files before (the issue): a user deck of new cards
    plays to the end, its actions naming the new cards."""
    path = str((EXAMPLES / "lightseekers.toml").resolve())
    state = new_game("lightseekers", seed=3, cards=path, decks="dawn,storm")
    assert state.cat.heroes[state.heroes[0]].id == "aurelia"  # type: ignore[attr-defined]
    assert state.parse_action("play sun-lance").to_text() == "play sun-lance"
    play_out(state)


def test_hoshi_user_cards_join_the_deal_and_a_constructed_deck() -> None:
    """Hoshi Battle refused user card files before: its new Hero and Duel card are dealt
    from the pool, and a constructed deck may name them (Constructed Deck Variant)."""
    path = str((EXAMPLES / "hoshi-battle.toml").resolve())
    dealt = set()
    for seed in range(12):
        s = new_game("hoshi-battle", seed=seed, cards=path, players=5)
        dealt.update(c for hand in s.hands for c in hand)  # type: ignore[attr-defined]
        dealt.update(c for hand in s.cards for c in hand)  # type: ignore[attr-defined]
    assert {"mud-champion", "iron-axe"} <= dealt
    state = new_game("hoshi-battle", seed=1, cards=path,
                     deck1="mud-champion,clay-champion,charming-trader,iron-axe,fire-axe,"
                           "swift-boots",
                     deck2="clay-champion,charming-trader,mud-champion,fire-axe,iron-axe,"
                           "swift-boots")
    assert "mud-champion" in state.hands[0]  # type: ignore[attr-defined]
    play_out(state)


BAD_ARENA = """\
[[hero]]
id = "nova"
name = "Nova"
class = "warrior"

[hero.basic]
subtitle = "Spark"
attack = "3"
armor = 1
health = 8
exp = 4

[hero.levelled]
subtitle = "Star"
atack = 4
armor = 1
health = 9

[[item]]
id = "lamp"
name = "Lamp"
cost = 200
"""

BAD_LS = """\
[[card]]
id = "sun-lance"
name = "Sun Lance"
type = "attack"
element = "solar"
effects = [{ op = "explode", amount = 2 }]

[[card]]
id = "moon-pike"
name = "Moon Pike"
type = "attack"
element = "moonlight"
effects = [{ op = "damage", amount = 2 }]
"""

BAD_HOSHI = """\
[[hero]]
id = "mud-champion"
name = "Mud Champion"
die = 12
cost = 2

[[card]]
id = "iron-axe"
name = "Iron Axe"
type = "artifact"
cost = 3
timing = "round_start"
effects = [{ op = "battle_with", die = "d8", bogus = 1 }]
"""

# Each problem: (line, table card, key or message words).
BAD = {
    "radiant-arena": (BAD_ARENA, [(8, "hero nova", "basic.attack"),
                                  (13, "hero nova", "levelled.attack"),
                                  (15, "hero nova", "levelled.atack"),
                                  (22, "item lamp", "cost")]),
    "lightseekers": (BAD_LS, [(6, "card sun-lance", "unknown op 'explode'"),
                              (12, "card moon-pike", "unknown Element 'moonlight'")]),
    "hoshi-battle": (BAD_HOSHI, [(4, "hero mud-champion", "die"),
                                 (13, "card iron-axe", "bogus")]),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_broken_file_lists_every_problem_with_its_line(tmp_path: Path, game: str) -> None:
    """One format for every game: ``file:line: table card: key: message``, every
    problem at once; and nothing is loaded: the packaged pool is unchanged and a good
    file loads after."""
    text, want = BAD[game]
    path = write(tmp_path, text)
    before = fmt(game).texts(fmt(game).load(()))
    with pytest.raises(CardDataError) as err:
        load(fmt(game), [path])
    got = problems(err)
    assert len(got) == len(want), got
    for (line, card, words), problem in zip(want, got, strict=True):
        assert problem.startswith(f"{path}:{line}: {card}: "), (problem, line, card)
        assert words in problem, problem
    assert fmt(game).texts(fmt(game).load(())) == before
    assert load(fmt(game), [EXAMPLES / f"{game}.toml"]).warnings == ()


def test_problems_of_several_files_and_of_the_files_themselves_come_together(
        tmp_path: Path) -> None:
    """A missing file, a folder and an oversized file are named together; problems in
    two files are listed together, each with its own file."""
    f = fmt("lightseekers")
    big = write(tmp_path, "#" * (f.max_bytes + 1), "big.toml")
    with pytest.raises(CardDataError) as err:
        load(f, [tmp_path / "nope.toml", tmp_path, big])
    got = problems(err)
    assert [g.split(": ", 1)[1] for g in got] == [
        "no such file", "not a file",
        f"{f.max_bytes + 1:,} bytes; a card file may have at most {f.max_bytes:,}"]
    with pytest.raises(CardDataError, match="at most 32 may be loaded"):
        load(f, [big] * 33)
    one = write(tmp_path, BAD_LS, "one.toml")
    two = write(tmp_path, BAD_LS.replace("sun-lance", "sun-pike").replace(
        "moon-pike", "moon-lance"), "two.toml")
    with pytest.raises(CardDataError) as err:
        load(f, [one, two])
    got = problems(err)
    assert [g.split(":")[0] for g in got] == [str(one)] * 2 + [str(two)] * 2


def test_a_card_defined_twice_or_not_toml_is_one_problem_each(tmp_path: Path) -> None:
    """A user card may not take a packaged card's id; a file that is not TOML says so."""
    clash = write(tmp_path, '[[card]]\nid = "iron-axe"\nname = "X"\ntype = "power"\n'
                  'cost = 1\ntiming = "round_start"\ntext = "Play at the beginning of a '
                  'round. Battle with the d8"\neffects = [{ op = "battle_with", die = "d8" '
                  '}]\n', "clash.toml")
    broken = write(tmp_path, "[[card]\n", "broken.toml")
    with pytest.raises(CardDataError) as err:
        load(fmt("hoshi-battle"), [clash, broken, EXAMPLES / "hoshi-battle.toml"])
    text = str(err.value)
    assert f"{broken}: not valid TOML" in text
    assert "card iron-axe: defined twice" in text


@pytest.mark.parametrize("game", GAMES)
def test_a_printed_text_that_is_not_what_the_data_does_is_a_warning_with_both(
        tmp_path: Path, game: str) -> None:
    """The issue: "if the text generated from its data differs, the loader warns and
    shows both"; the card still loads (the data is what runs)."""
    source = (EXAMPLES / f"{game}.toml").read_text()
    changed = {"radiant-arena": ("Deal 1 damage", "Deal 5 damage"),
               "lightseekers": ("Deal 2 damage to your target, then",
                                "Deal 9 damage to your target, then"),
               "hoshi-battle": ("Stays in play. Battle with the d8",
                                "Stays in play. Battle with the d10")}[game]
    assert changed[0] in source
    path = write(tmp_path, source.replace(changed[0], changed[1]))
    loaded = load(fmt(game), [path])
    (warning,) = loaded.warnings
    card = {"radiant-arena": "hero nova: text (basic)", "lightseekers": "card sun-lance: text",
            "hoshi-battle": "card iron-axe: text"}[game]
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if changed[1] in t)
    assert warning.startswith(f"{path}:{line}: {card}: the printed text is not what the "
                              "data does"), warning
    printed, generated = warning.splitlines()[1:]
    assert changed[1] in printed and changed[0] in generated


def test_a_user_card_without_a_printed_text_prints_its_generated_one(tmp_path: Path) -> None:
    """Hoshi Battle's packaged cards must give their text; a user's may leave it out."""
    path = write(tmp_path, (EXAMPLES / "hoshi-battle.toml").read_text().replace(
        'text = "Play at the beginning of a round. Stays in play. Battle with the d8"\n', ""))
    loaded = load(fmt("hoshi-battle"), [path])
    assert loaded.warnings == ()
    assert loaded.catalog.cards["iron-axe"].text == ("Play at the beginning of a round. "
                                                     "Stays in play. Battle with the d8.")


def test_line_of_finds_the_entry_and_the_key() -> None:
    """The line of a key inside an entry: tables of tables, inline tables and lists, the
    entry's first line when the key is not there, None for an unknown entry."""
    text = ('[[hero]]\nid = "a"\n\n[[hero]]\nid = "b"\n[hero.basic]\nattack = 1\n'
            'talent = [{ id = "t", effects = [{ op = "damage", amount = 1 }] }]\n'
            '[[skill]]\nid = "b"\ncount = 2\n')
    assert line_of(text, "hero", "a") == 1
    assert line_of(text, "hero", "b", "basic.attack") == 7
    assert line_of(text, "hero", "b", "basic.talent[t].effects[0].amount") == 8
    assert line_of(text, "hero", "b", "levelled.health") == 4
    assert line_of(text, "skill", "b", "count") == 11
    assert line_of(text, "hero", "#2", "basic") == 6
    assert line_of(text, "hero", "zed") is None


def test_the_recipe_names_each_worked_example() -> None:
    """docs/cards.md §14, "Adding a card": a worked example for each game, and the
    example is a file that exists (the tests above load it)."""
    doc = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    assert "### Adding a card" in doc and "### Adding an effect type" in doc
    for game in GAMES:
        assert f"`examples/cards/{game}.toml`" in doc
        assert (EXAMPLES / f"{game}.toml").is_file()
    assert "OPS.add(" in doc.split("### Adding an effect type")[1]


@pytest.mark.parametrize("game", ["lightseekers", "hoshi-battle"])
def test_a_game_with_user_cards_gets_the_generic_research_codec(game: str) -> None:
    """The research encodings index the packaged cards (docs/research.md); with a user's
    card files the adapters' generic codec (hashed view, discovered actions) serves the
    game instead of failing on an unknown card."""
    from tabletop.interfaces.env.codec import codec

    path = str((EXAMPLES / f"{game}.toml").resolve())
    params = {"cards": path, **({"decks": "dawn,storm"} if game == "lightseekers" else {})}
    c = codec(game, 2, **params)
    assert c.generic_actions and c.generic_observation
    state = c.new_state(1)
    assert c.observe(state, state.to_act).any()
    assert not codec(game, 2).generic_observation  # the packaged pool: its own encoding


@pytest.mark.parametrize("game", ["radiant-arena", "lightseekers", "hoshi-battle"])
def test_a_games_catalogues_in_memory_are_bounded(game: str, tmp_path: Path) -> None:
    """Issue 29, Limits and abuse ("memory bounded"), with issue 26's user files: a server
    meets a new set of card files with every upload and built deck; a game keeps at most
    CATALOGS_KEPT catalogues, and one that left memory is the same when loaded again."""
    import importlib

    from tabletop.cards.files import CATALOGS_KEPT

    module = {"radiant-arena": "tabletop.games.radiant_arena.spec",
              "lightseekers": "tabletop.games.lightseekers.data",
              "hoshi-battle": "tabletop.games.hoshi_battle.data"}[game]
    catalog = importlib.import_module(module).catalog
    text = (EXAMPLES / f"{game}.toml").read_text()
    paths = []
    for i in range(CATALOGS_KEPT + 8):
        path = tmp_path / f"upload{i}.toml"
        path.write_text(text)
        paths.append(str(path))
    first = catalog(paths[0])
    for p in paths[1:]:
        catalog(p)
    assert catalog.cache_info().currsize <= CATALOGS_KEPT
    again = catalog(paths[0])  # evicted, loaded again: the same cards
    assert again is not first and again == first
