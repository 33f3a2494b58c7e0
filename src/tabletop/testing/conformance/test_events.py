"""Conformance: structured events, on every registered game.

DESIGN.md: "``State.events`` — what happened: each event has a stable ``kind``, JSON-ready
``fields``, a ``text`` rendered from them, its visibility and the rule it applied;
filtered per seat like views (a field a seat may not see is absent from its copy).
Clients read kinds and fields, never the English." Issue "Core 1.1": every kind is
documented per game in ``docs/rules/<game>.md``.
"""

from __future__ import annotations

import json
import re
import string

import pytest

from tabletop.core import HIDDEN, EventKind, get_spec

from ..locate import docs_path
from .common import CASES_SEEDS, GAME_IDS, playthrough, seats_of

SEAT_FIELDS = ("seat", "winner", "by", "to_seat", "from_seat")


def template_fields(template: str) -> set[str]:
    """The names a ``str.format`` template refers to."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("game", GAME_IDS)
def test_event_kinds_are_declared_well(game: str) -> None:
    """Every kind has a snake_case name, fields, a meaning, and sentences that refer only
    to its fields; a sentence for a seat that may not see a private field (``redacted``)
    does not refer to it."""
    kinds = get_spec(game).event_kinds
    assert kinds, f"{game} declares no event kinds (GameSpec.event_kinds)"
    names = [k.name for k in kinds]
    assert len(set(names)) == len(names)
    for kind in kinds:
        assert isinstance(kind, EventKind)
        assert re.fullmatch(r"[a-z][a-z0-9_]*", kind.name), kind.name
        assert kind.doc, f"{kind.name}: no doc"
        assert template_fields(kind.text) <= set(kind.fields), kind.name
        if kind.private:
            assert not template_fields(kind.redacted) & set(kind.private), kind.name
            assert template_fields(kind.redacted) <= set(kind.fields), kind.name


@pytest.mark.parametrize("game", GAME_IDS)
def test_event_kinds_are_documented(game: str) -> None:
    """Issue "Core 1.1": each kind is documented in docs/rules/<game>.md (an "Events"
    section naming it in backticks at the start of a table row or in a heading; each
    game's own tests check its section names no other kind)."""
    path = docs_path(get_spec(game))
    assert path is not None, f"{game} has no documentation ({game}.md in its package)"
    text = path.read_text()
    assert "\n## Events" in text, f"{path} has no '## Events' section"
    section = text.split("\n## Events", 1)[1].split("\n## ", 1)[0]
    declared = {k.name for k in get_spec(game).event_kinds}
    documented = set(re.findall(r"^(?:\|\s*|#+\s+)`([a-z][a-z0-9_]*)`", section,
                                re.MULTILINE))
    assert declared <= documented, f"not documented: {sorted(declared - documented)}"


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_every_event_has_a_declared_kind_and_json_fields(
        game: str, players: int, seed: int) -> None:
    """Every event of a random game has a declared kind and exactly that kind's fields,
    JSON-ready; seats in fields are 0-based seats of the game; the text is rendered from
    kind + fields, and the JSON form carries both."""
    pt = playthrough(game, players, seed)
    kinds = {k.name: k for k in get_spec(game).event_kinds}
    seen = set()
    for e in pt.final.events:
        assert e.book is not None, f"a legacy event without a kind: {e.kind!r}"
        assert e.kind in kinds, f"undeclared kind {e.kind!r}"
        kind = kinds[e.kind]
        assert e.book.kinds[e.kind] == kind
        assert len(e.args) == len(kind.fields) and HIDDEN not in e.args
        fields = e.fields
        assert json.loads(json.dumps(fields)) == fields, e.kind
        for name in SEAT_FIELDS:
            if name in fields and fields[name] is not None:
                assert fields[name] in range(players), (e.kind, name, fields[name])
        data = e.to_json()
        assert data["kind"] == e.kind and data["fields"] == fields and data["text"] == e.text
        seen.add(e.kind)
    assert len(seen) >= 3


@pytest.mark.parametrize(("game", "players", "seed"), CASES_SEEDS)
def test_a_seats_copy_leaves_out_the_fields_it_may_not_see(
        game: str, players: int, seed: int) -> None:
    """DESIGN.md: fields obey visibility: a private field is present in the copy of a seat
    it names and absent from every other seat's copy (and the spectator's); the copy's
    sentence is rendered from what it shows."""
    pt = playthrough(game, players, seed)
    for e in pt.final.events:
        kind = e.book.kinds[e.kind]
        for seat in seats_of(pt.final):
            copy = e.seen_by(seat)
            if copy is None:
                assert not e.visible_to(seat)
                continue
            for field, owner in kind.private.items():
                who = e.fields[owner]
                sees = seat is not None and (seat == who if isinstance(who, int)
                                             else seat in who)
                assert (field in copy.fields) == sees, (e.kind, field, seat)
            assert copy.text == copy.book.text(copy)
            assert json.loads(json.dumps(copy.to_json())) == copy.to_json()
