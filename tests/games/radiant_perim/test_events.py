"""Events of radiant-perim: every state change is an event with a kind and fields, the
kinds are documented, private fields stay private, and a seat's events alone rebuild
what its view shows at every decision of a game.

DESIGN.md: "``State.events`` — what happened: each event has a stable ``kind``,
JSON-ready ``fields``, a ``text`` rendered from them, its visibility and the rule it
applied; filtered per seat like views." docs/rules/radiant-perim.md, "Events".
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from tabletop.core import HIDDEN, new_game
from tabletop.games.radiant_perim import SPEC, PerimState
from tabletop.games.radiant_perim.actions import CATALOG as C

from .event_model import Table, from_view
from .helpers import events, war

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "radiant-perim.md"


def random_game(players: int, seed: int) -> list[PerimState]:
    """Every position of a seeded random game (clones), the final one included."""
    state = new_game("radiant-perim", players, seed=seed)
    assert isinstance(state, PerimState)
    rng = random.Random(seed)
    out = [state.clone()]
    while state.to_act is not None:
        state.apply(rng.choice(state.legal_actions()))
        out.append(state.clone())
    return out


def test_the_rules_page_documents_exactly_the_kinds_of_the_spec() -> None:
    """docs/rules/radiant-perim.md, "Events": one entry per kind of ``SPEC.event_kinds``,
    each listing the kind's fields, and no other."""
    text = DOC.read_text()
    section = text.split("\n## Events", 1)[1].split("\n## ", 1)[0]
    documented = re.findall(r"^### `([a-z_]+)`", section, flags=re.M)
    assert documented == [k.name for k in SPEC.event_kinds]
    for kind in SPEC.event_kinds:
        entry = section.split(f"### `{kind.name}`", 1)[1].split("\n### ", 1)[0]
        fields = re.findall(r"^- `([a-z_]+)`", entry, flags=re.M)
        assert fields == list(kind.fields), kind.name
        for name in kind.private:
            assert re.search(rf"^- `{name}`.*private", entry, flags=re.M), (kind.name, name)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_event_has_a_known_kind_and_json_fields(players: int) -> None:
    """Every event of a random game is of a kind listed in ``SPEC.event_kinds``, has one
    value per field, JSON-ready, cites a rule, and renders as text; every kind is
    emitted by some game (tie-breaks and tracker passes are rare, so several games)."""
    kinds = {k.name: k for k in SPEC.event_kinds}
    emitted: set[str] = set()
    for seed in range(6):
        final = random_game(players, seed)[-1]
        for e in final.events:
            assert e.book is not None and e.kind in kinds, e.kind
            assert len(e.args) == len(kinds[e.kind].fields)
            assert json.loads(json.dumps(e.fields)) == e.fields
            assert e.rule and e.text
            emitted.add(e.kind)
    rare = {"tracker_passes", "walkover", "assassination", "assassination_failed", "pass",
            "slot_empty", "card_coins_scored",
            "concede"}  # never in play: State.concede (tests/games/radiant_perim/test_concede.py)
    assert set(kinds) - emitted <= rare


def test_texts_use_seat_labels_and_side_colours() -> None:
    """One seat convention: people see P1..P4 and the sides' colours (in four players,
    "red (P1, P3)"); the fields hold 0-based seats and sides."""
    s = war([["avis.scout", "mariner.elder"], ["avis.elder", "mariner.scout"],
             ["avis.knight", "treefolk.elder"], ["avis.mount", "treefolk.scout"]],
            tracker="clouds-2", need_move=False)
    for a in ("play avis.scout", "play avis.elder", "play avis.knight", "play avis.mount"):
        s.apply(a)
    won = [e for e in s.events if e.kind == "battle_won"][-1]
    assert (won.fields["seat"], won.fields["side"]) == (2, 0)
    assert won.text == ("P3 wins battle 1, of Clouds 2: captures Avis Scout, Avis Elder, "
                        "Avis Knight, Avis Mount, takes 0 coin points and places a cube of "
                        "red (P1, P3).")
    assert [e.text for e in s.events if e.kind == "play"][0] == (
        "P1 plays Avis Scout, ranking as a scout.")


def test_a_private_field_is_hidden_with_its_sentence() -> None:
    """Setup (Age 1): hands are dealt face down. The dealt cards are a private field: the
    other seats' and a spectator's copies hold HIDDEN there and read the redacted sentence."""
    s = new_game("radiant-perim", 2, seed=5)
    dealt = next(e for e in s.events if e.kind == "dealt" and e.fields["seat"] == 1)
    theirs = dealt.seen_by(0)
    assert theirs is not None and theirs.args[2] is HIDDEN
    assert theirs.text == "P2 is dealt 10 cards."
    assert dealt.seen_by(1) is dealt
    assert dealt.text.startswith("P2 is dealt 10 cards: ")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3), (3, 4), (4, 5), (4, 6)])
def test_events_rebuild_what_each_view_shows(players: int, seed: int) -> None:
    """Every state change is an event: folding a seat's events (its own copies) from the
    start rebuilds, at every decision point, exactly what ``view(seat)`` shows: scores,
    cubes, coins, the pool, the deck's size, hand sizes, known and known-missing cards of
    every hand, captured piles (counts, cards seen, cards added unseen), revealed melds,
    the tracker, the battle in progress and the winner so far; and for a seat its own
    hand, secret melds and captured pile. The same for a spectator."""
    states = random_game(players, seed)
    seats: list[int | None] = [*range(players), None]
    tables = {seat: Table(players, list(C.regions), seat) for seat in seats}
    done = 0
    for state in states:
        for seat in seats:
            table = tables[seat]
            for e in state.events[done:]:
                copy = e.seen_by(seat)
                if copy is not None:
                    table.fold(copy)
            assert table.public() == from_view(state.view(seat)), (seat, len(state.history))
        done = len(state.events)
    final = states[-1]
    assert final.is_over and tables[None].phase == "over"
    for seat in seats:  # the copies folded are exactly the seat's stream
        assert [e.seen_by(seat) for e in final.events if e.seen_by(seat)] == (
            final.events_for(seat))


def test_the_end_of_an_age_carries_the_board_and_the_scoring() -> None:
    """End of an Age: the scoring events carry the board as it stood (every region's
    cube), each realm's cubes and points per side, the coins per side, and the scores; a
    client can show them before the next age is dealt (they come before ``age_begins``)."""
    states = random_game(3, 8)
    final = states[-1]
    kinds = [e.kind for e in final.events]
    ends = [i for i, k in enumerate(kinds) if k == "age_ends"]
    assert len(ends) == 3
    for i in ends[:2]:
        assert kinds[i + 1] == "age_begins"
        assert kinds[i - 5:i] == ["realm_scored"] * 4 + ["coins_scored"]
    assert kinds[ends[2] - 1] == "card_coins_scored" and kinds[-1] == "game_over"
    board = [e.fields for e in final.events if e.kind == "age_ends"]
    assert all(set(b["control"]) == set(C.regions) for b in board)
    assert board[-1]["scores"] == final.scores
    realms = [e.fields for e in final.events if e.kind == "realm_scored"]
    assert [r["realm"] for r in realms] == list(C.realms) * 3
    over = events(final, "game_over", None)[0]
    out = final.outcome()
    assert out is not None and over["winners"] == list(out.winners)
