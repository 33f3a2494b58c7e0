"""Issue 31, "Words, not notation": every legal action of every game reads in words.

Over seeded random games of every game and player count: ``describe_legal`` gives every
legal action a non-empty label that is not its notation and shows no card id where the
card has a name; every label names the cards the action acts on (by their names); the
labels of one decision are distinct, so a menu or a row of buttons never shows two
entries alike. That the words come from the seat's view alone is the conformance suite's
``test_words_depend_only_on_the_seats_view``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tabletop.core import State, get_spec, new_game

MAX_DECISIONS = 400  # per game: enough to reach every kind of decision of each game
SEEDS = (3, 0x5EED_0002_7654_3210)


def _arena_names(cat: Any) -> dict[str, str]:
    return {k: v for k, v in cat.names.items() if k != v}


def _perim_names(cat: Any) -> dict[str, str]:
    out = {cat.card_slug(t): cat.card_name(t) for t in range(cat.n_types)}
    out.update((m.id, m.name) for m in cat.melds if m.id != m.name)
    return out


def _lightseekers_names(cat: Any) -> dict[str, str]:
    return {k: v for k, v in cat.names.items() if k != v}


def _hoshi_names(cat: Any) -> dict[str, str]:
    return {k: cat.name(k) for k in cat.ids if cat.name(k) != k}


def _named_by_view(game: str, text: str, view: dict[str, Any], names: dict[str, str]
                   ) -> list[str]:
    """The cards an action acts on that its notation does not name but the seat's view
    does: radiant-perim's ``pick b2`` (the card in slot b2), lightseekers' ``ability hero``
    (the seat's hero)."""
    if game == "radiant-perim" and text.startswith("pick "):
        slot = view["pool_slots"].index(text.split()[1])
        return [names[view["pool"][slot]]]
    if game == "lightseekers" and text == "ability hero":
        return [h["name"] for h in view["heroes"] if h["seat"] == view["seat"]]
    return []


NAMES: dict[str, Callable[[Any], dict[str, str]]] = {
    "radiant-arena": _arena_names,
    "radiant-perim": _perim_names,
    "lightseekers": _lightseekers_names,
    "hoshi-battle": _hoshi_names,
}
CASES = [
    pytest.param("radiant-arena", 2, {}, id="radiant-arena-2p"),
    pytest.param("radiant-arena", 2, {"draft": True}, id="radiant-arena-draft"),
    # Both seats field the same heroes: their labels must still tell them apart.
    pytest.param("radiant-arena", 2, {"deck_b": "a"}, id="radiant-arena-mirror"),
    *(pytest.param(game, n, {}, id=f"{game}-{n}p")
      for game in ("radiant-perim", "lightseekers", "hoshi-battle")
      for n in get_spec(game).player_counts),
]


def _decisions(game: str, players: int, params: dict[str, Any], seed: int
               ) -> Iterator[State]:
    """The positions of a seeded random game, one per decision (the same object, moved on
    after each yield)."""
    state = new_game(game, players=players, seed=seed, **params)
    rng = random.Random(seed)
    for _ in range(MAX_DECISIONS):
        if state.to_act is None:
            return
        yield state
        state.apply(rng.choice(state.legal_actions()))


def _tokens(text: str) -> list[str]:
    """The words of a notation that may name a card (``mato:arcane-evocation`` is two;
    ``alyn.a`` is the card ``alyn``; ``a.knight+a.mount`` two cards)."""
    out = []
    for word in re.split(r"[\s:+@]+", text):
        out.append(word)
        if re.fullmatch(r".+\.[ab]", word):
            out.append(word[:-2])
    return out


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game", "players", "params"), CASES)
def test_every_legal_action_has_words_naming_its_cards(
    game: str, players: int, params: dict[str, Any], seed: int
) -> None:
    """Issue 31: no menu entry shows a raw notation string, and every label names the
    cards it acts on."""
    kinds: set[str] = set()
    names: dict[str, str] | None = None
    ids: list[tuple[str, re.Pattern[str]]] = []
    for state in _decisions(game, players, params, seed):
        if names is None:
            names = NAMES[game](state.catalogue())
            ids = [(i, re.compile(rf"(?<![\w.-]){re.escape(i)}(?![\w-])")) for i in names]
        seat = state.to_act
        legal = state.legal_actions()
        words = state.describe_legal(seat)
        assert len(words) == len(legal)
        view = state.view(seat)
        labels = [w.label for w in words]
        assert len(set(labels)) == len(labels), (
            f"two legal actions read alike: {sorted(x for x in labels if labels.count(x) > 1)}"
            f" ({[a.to_text() for a in legal]})")
        for action, w in zip(legal, words, strict=True):
            text = action.to_text()
            kinds.add(text.split()[0])
            assert w.label.strip() and w.text.strip(), text
            assert w.label != text, f"{text!r}: the label is the notation"
            for card, pattern in ids:
                assert not pattern.search(w.label), f"{text!r}: {w.label!r} shows id {card!r}"
            cards = [names[t] for t in _tokens(text) if t in names]
            for name in cards + _named_by_view(game, text, view, names):
                assert name.lower() in w.label.lower(), (
                    f"{text!r}: {w.label!r} does not name {name!r}")
    assert len(kinds) > 1


@pytest.mark.parametrize(("game", "players", "params"), CASES)
def test_event_sentences_name_cards_by_their_names(
    game: str, players: int, params: dict[str, Any]
) -> None:
    """Issue 31: "Events read as sentences with names": no seat's copy of an event of a
    random game shows a card id where the card has a name, nor a number agreeing wrongly
    with its noun ("1 cards", "P2 win")."""
    state = new_game(game, players=players, seed=SEEDS[0], **params)
    rng = random.Random(SEEDS[0])
    while state.to_act is not None:
        state.apply(rng.choice(state.legal_actions()))
    names = NAMES[game](state.catalogue())
    ids = [(i, re.compile(rf"(?<![\w.-]){re.escape(i)}(?![\w-])")) for i in names]
    texts = {e.text for seat in (None, *range(players)) for e in state.events_for(seat)}
    assert texts
    for text in texts:
        for card, pattern in ids:
            assert not pattern.search(text), f"{text!r} shows the id {card!r}"
        assert not re.search(r"(?<![\d.])1 (cards|points|throws|actions|coin points)\b", text), text
        assert not re.search(r"(?<!and )\bP\d win\b", text), text


def _played(game: str, seed: int, **params: Any) -> State:
    state = new_game(game, players=2, seed=seed, **params)
    rng = random.Random(seed)
    while state.to_act is not None:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_boost_says_what_it_changes() -> None:
    """Issue 31 ("Events read as sentences"; the session-24 note: "Arena boost sentences
    print zero parts"): an armor boost reads "+2 armor", an attack boost "+1 attack", both
    "+1 attack and +1 armor", one worth nothing (Battle Frenzy with too little damage)
    "no bonus"; never "+0"."""
    from tabletop.core.event import Event
    from tabletop.games.radiant_arena.events import make_book

    book = make_book({"mato": "Mato", "feel-no-pain": "Feel No Pain"})

    def said(attack: int, armor: int) -> str:
        return book.text(Event("boost", ("mato", attack, armor, "combat", "feel-no-pain"),
                               "", None, False, book))

    assert said(0, 2) == "Mato gets +2 armor until the end of the combat."
    assert said(1, 0) == "Mato gets +1 attack until the end of the combat."
    assert said(1, 1) == "Mato gets +1 attack and +1 armor until the end of the combat."
    assert said(-1, 0) == "Mato gets -1 attack until the end of the combat."
    assert said(0, 0) == "Mato gets no bonus."
    boosts = [e for seed in range(6) for e in _played("radiant-arena", seed).events_for(None)
              if e.kind == "boost"]
    assert boosts  # random games boost: the check below is not vacuous
    for e in boosts:
        assert "+0" not in e.text and "-0" not in e.text, e.text
        for field, stat in (("attack_bonus", "attack"), ("armor_bonus", "armor")):
            assert (f"{e.fields[field]:+d} {stat}" in e.text) == bool(e.fields[field]), e.text


def test_a_lightseekers_heros_own_ability_reads_by_the_heros_name() -> None:
    """Issue 31 ("Events read as sentences with names"; the session-24 note: lightseekers
    said "their hero"): "P1 uses the Ability of Ember", the name every seat's view shows
    for that seat's hero, and no sentence says "their hero"."""
    uses = 0
    for seed in range(8):
        state = _played("lightseekers", seed)
        heroes = {h["seat"]: h["name"] for h in state.view(None)["heroes"]}
        for seat in (None, 0, 1):
            for e in state.events_for(seat):
                assert "their hero" not in e.text, e.text
                if e.kind == "ability" and e.fields["source"] == "hero":
                    uses += 1
                    hero = heroes[e.fields["seat"]]
                    assert e.text == f"P{e.fields['seat'] + 1} uses the Ability of {hero}.", e.text
    assert uses  # heroes' Abilities were used: the check is not vacuous


def test_a_lightseekers_position_names_its_own_heroes() -> None:
    """A position file sets the heroes (positions.py): the sentences follow them."""
    from tabletop.core.event import Event
    from tabletop.games.lightseekers.rules import LsState

    state = new_game("lightseekers", players=2, seed=1)
    assert isinstance(state, LsState)
    cat = state.cat
    other = ((state.heroes[0] + 1) % len(cat.heroes), state.heroes[1])
    state.set_heroes(other)
    e = Event("ability", (0, "hero", None), "", None, False, state.book)
    assert e.text == f"P1 uses the Ability of {cat.heroes[other[0]].name}."
