"""Key Concepts — The Golden Rules, rule 2: "If two effects would happen at the same time,
the active player's effect resolves first. If both effects are from the active player's
cards, the active player chooses the order of their resolution."""

from __future__ import annotations

import pytest

from tabletop.games.radiant_arena.rules import ArenaState

from .helpers import CARDS, scenario

CARDS_PARAM = f"{CARDS / 'golden_rule.toml'}"


def _team_attack_on_conduit() -> ArenaState:
    state = scenario({
        "game": "radiant-arena",
        "params": {"deck_a": "golden-a", "deck_b": "b", "cards": CARDS_PARAM},
        "units": {"alyn": {"zone": "left", "damage": 2}, "vesper": {"zone": "left"},
                  "iskandar": {"zone": "center"}, "viggo": {"zone": "right"}},
        "hands": [[], []],
    })
    assert isinstance(state, ArenaState)
    # The conduit deals its attack back to one attacker, chosen by player B.
    for action in ("attack alyn", "with vesper", "target conduit", "assign vesper"):
        state.apply(action)
    return state


@pytest.mark.parametrize("first", ["alyn", "vesper"])
def test_active_player_orders_their_own_simultaneous_effects(first: str) -> None:
    """Alyn and Vesper both deal combat damage to the conduit ("as long as at least one
    point of damage is dealt to the defender, all attacking heroes are considered to have
    dealt damage"): both "after this hero deals combat damage" effects happen at once, and
    player A, the active player, chooses which resolves first."""
    state = _team_attack_on_conduit()
    assert {a.to_text() for a in state.legal_actions()} == {"first alyn", "first vesper"}
    assert state.to_act == 0
    before = len(state.events)
    state.apply(f"first {first}")
    later = state.events[before:]
    heal = next(i for i, e in enumerate(later) if e.kind == "heal" and e.fields["unit"] == "alyn")
    draw = next(i for i, e in enumerate(later) if e.kind == "draw" and e.fields["seat"] == 0)
    assert (heal < draw) == (first == "alyn")
    assert state.dmg[0] == 1 and len(state.hands[0]) == 1
