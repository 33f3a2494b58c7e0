"""The kit of the card scenario tests: a three-player table, the steps a card is put
through, and what is observed after each step.

P1 (seat 0) tests the card; P2 (seat 1, on P1's left) is its target, a Nyx holding three
Jabs, with a War Banner in play and a Moon Pendant equipped (neither acts on P1); P3 (seat
2, on P1's right) is its enemy, an Ember holding Heavy Blows and Fireballs to hit P1 with.
Everyone starts at 20 health. Observed after each step, as changes: the three heroes'
health (``me``, ``t``, ``e``), P1's power and armor, the cards P1 drew by effects
(``drawn``, not in a draw phase), moved from its discard pile into its deck
(``recycled``), the cards P2 discarded at random (``t_discards``) or from its deck
(``t_milled``), P3's random discards (``e_discards``), and P2's buffs and items discarded
by effects (``t_buffs``, ``t_items``). A step's expectation lists every change that is not
zero; the others must stay zero.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.games.lightseekers.data import catalog
from tabletop.games.lightseekers.ids import ORDERS, R_DRAW, R_SETUP
from tabletop.games.lightseekers.rules import LsState

from .helpers import position

# The hero testing a card of each Element: one with no trait acting on these steps where
# possible (Morgrim, the only Death hero, heals 1 when he attacks: his cases count it).
HERO = {
    "solar": "solara", "lunar": "nyx", "gravity": "nyx", "shadow": "nyx",
    "poison": "vesper", "death": "morgrim", "fire": "ember", "earth": "ember",
    "crystal": "ember", "animal": "fenra", "forest": "fenra", "soul": "fenra",
    "lightning": "tempest", "water": "tempest", "air": "tempest",
    "mechanical": "cogsworth", "time": "cogsworth", "explosives": "cogsworth",
    "unaligned": "ember",
}
ORDER_HERO = {"astral": "solara", "dread": "morgrim", "mountain": "ember",
              "nature": "fenra", "storm": "tempest", "tech": "cogsworth"}
SPARE = ["iron-skin", "bandage", "scavenge", "adrenaline", "second-wind", "focus"]


@dataclass
class Case:
    """A card's case: its text as printed, and the steps it goes through with the changes
    each must make. ``hero``: P1's hero when not the Element's; ``setup``: other fields of
    the position (health, P1's discard pile or items...)."""

    text: str
    steps: tuple[tuple[str, dict[str, int]], ...]
    hero: str = ""
    setup: dict[str, Any] = field(default_factory=dict)


def case(text: str, *steps: tuple[str, dict[str, int]], hero: str = "",
         **setup: Any) -> Case:
    """A case (see :class:`Case`)."""
    return Case(text, steps, hero, setup)


def play(**expect: int) -> tuple[str, dict[str, int]]:
    """Play the card (a combo: and pay for it with the first payable card each time)."""
    return ("play", expect)


def ability(**expect: int) -> tuple[str, dict[str, int]]:
    """Use the card's Ability (the hero's, for a hero's case)."""
    return ("ability", expect)


def round_(**expect: int) -> tuple[str, dict[str, int]]:
    """Everyone passes until P1's next action phase (its start of turn and buff phase)."""
    return ("round", expect)


def hit(**expect: int) -> tuple[str, dict[str, int]]:
    """Until P3's turn, where P3 attacks P1 for 3 (a Heavy Blow or a Fireball), then on to
    P1's next action phase."""
    return ("hit", expect)


def jab(**expect: int) -> tuple[str, dict[str, int]]:
    """P1 attacks with a Jab (2 damage) in its action phase."""
    return ("jab", expect)


def _payment(symbol: str) -> str:
    cat = catalog()
    element = ORDERS[symbol][0] if symbol in ORDERS else symbol
    return next(c.id for c in cat.cards if not c.combo and c.type == "attack"
                and c.element == element)


def setup(card_id: str, c: Case) -> LsState:
    """The table for one card's case."""
    cat = catalog()
    card = cat.card(card_id) if card_id in cat.index else None
    if c.hero:
        hero = c.hero
    elif card is None:
        hero = card_id  # a hero's own case
    elif card.combo:
        hero = ORDER_HERO[next(o for o, els in ORDERS.items() if card.elements[0] in els)
                          if card.elements else card.orders[0]]
    else:
        hero = HERO[card.element]
    hand: list[str] = []
    if card is not None:
        hand.append(card_id)
        if card.combo:
            hand += [_payment(s) for s in card.symbols]
    if any(step == "jab" for step, _ in c.steps):
        hand += ["jab"] * 3
    spare = [x for x in SPARE if x not in hand][:4]
    fields: dict[str, Any] = {
        "players": 3, "heroes": [hero, "nyx", "ember"], "health": [20, 20, 20],
        "hand": [hand, ["jab"] * 3, ["heavy-blow"] * 3 + ["fireball"] * 3],
        "deck": [[x for x in spare for _ in range(3)], [x for x in SPARE[:4] for _ in
                                                        range(3)],
                 [x for x in SPARE[:4] for _ in range(3)]],
        "buffs": [[], ["war-banner"], []], "items": [[], ["moon-pendant"], []],
    }
    fields.update(c.setup)
    return position(**fields)


def observe(s: LsState) -> dict[str, int]:
    """What the steps change (see the module's docstring)."""
    v = s.view(0)
    me = v["heroes"][0]
    out = {"me": me["health"], "t": v["heroes"][1]["health"], "e": v["heroes"][2]["health"],
           "power": me["power"], "armor": me["armor"], "drawn": 0, "recycled": 0,
           "t_discards": 0, "t_milled": 0, "e_discards": 0, "t_buffs": 0, "t_items": 0}
    cat = s.cat
    for e in s.events:
        f = e.args
        if e.kind == "draw" and f[0] == 0 and e.rule not in (R_DRAW, R_SETUP):
            out["drawn"] += 1
        elif e.kind == "return" and f[0] == 0:
            out["recycled"] += 1
        elif e.kind == "discard":
            seat, card, why = f
            if seat == 1 and why == "random":
                out["t_discards"] += 1
            elif seat == 1 and why == "deck":
                out["t_milled"] += 1
            elif seat == 2 and why == "random":
                out["e_discards"] += 1
            elif seat == 1 and why == "destroyed":
                key = "t_items" if cat.card(card).type == "item" else "t_buffs"
                out[key] += 1
    return out


def _to_me(s: LsState) -> None:
    """Pass for whoever acts until P1's action phase (P1 passes too if it is acting)."""
    first = True
    while s.to_act is not None and not (s.to_act == 0 and not first):
        s.apply("pass")
        first = False


def run_step(s: LsState, card_id: str, step: str) -> None:
    """Carry out one step."""
    if step == "play":
        card = s.cat.card(card_id)
        if card.combo:
            s.apply(f"combo {card_id}")
            while s.paying is not None:
                s.apply(s.legal_actions()[0])
        else:
            s.apply(f"play {card_id}")
    elif step == "ability":
        s.apply("ability hero" if card_id not in s.cat.index else f"ability {card_id}")
    elif step == "round":
        _to_me(s)
    elif step == "jab":
        if s.to_act != 0 or s.acts >= 2:
            _to_me(s)
        s.apply("play jab")
    elif step == "hit":
        while s.to_act != 2:
            s.apply("pass")
        s.apply(next(a for a in s.legal_actions() if a.to_text() in (
            "play heavy-blow", "play fireball")))
        while s.to_act != 0:
            s.apply("pass")
    else:
        raise ValueError(step)
