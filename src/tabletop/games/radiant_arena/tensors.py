"""The research encoding of radiant-arena: a fixed action index space and a fixed-shape
observation, for the environment adapters (``tabletop.interfaces.env``).

Read only by those adapters (the spec names this module; numpy is needed). Both depend
on the two decks (``deck_a``, ``deck_b``, ``cards``): the action space is the grammar of
``actions.py`` over the cards of those decks, and the observation has a slot per unit.
The observation is built from one seat's view (``State.view(seat)``), never from the
state, and is seen from that seat: "me" first, then the other player (a spectator's view
is not rotated). ``docs/research.md`` lists every part and every group of actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from tabletop.core.tensors import Blocks, Part
from tabletop.core.tensors import Encoding as BaseEncoding

from .actions import LANES
from .rules import PHASE_NAMES
from .spec import catalog

UNITS = 8  # per seat: three heroes and a deity, seat 0 first (the view's order)
ZONES = (*LANES, "home", "void")
# "clash" appears twice (attacker, defender); "draft" never (drafted games are not encoded)
PHASES = tuple(p for p in dict.fromkeys(PHASE_NAMES) if p != "draft")
ASKS = ("target", "choose", "lane", "discard", "extra_clash", "first", "assign", "place",
        "manifest")
OPTIONS = ("attack", "armor")  # what "choose" offers (effects.py)


@dataclass(frozen=True, slots=True)
class Cards:
    """The cards of one setup, in a fixed order: units, skills, items, keywords."""

    heroes: tuple[str, ...]   # deck a's three, then deck b's (as units are named)
    deities: tuple[str, ...]  # every deity of the card pool, then each told apart by side
    skills: tuple[str, ...]   # the skill sets of the six heroes, sorted
    items: tuple[str, ...]    # every item of the card pool, sorted
    talents: tuple[str, ...]  # ability names of printed and item talents, sorted
    keywords: tuple[str, ...]
    conduits: tuple[str, ...] = ()  # every conduit of the card pool, sorted


def cards_of(params: Mapping[str, Any]) -> Cards:
    """The cards of the setup ``params`` (deck_a, deck_b, cards).

    The heroes are the two decks' (face up from the start: no re-deal changes them);
    deities and items are the whole card pool's, because a seat cannot see the other's
    face-down deity nor the items in its shop, and a re-deal for search (``resample``)
    deals them from the pool (docs/research.md, "radiant-arena": why the space covers the
    pool)."""
    if params.get("draft"):
        from tabletop.core import ParameterError

        raise ParameterError("radiant-arena: the research encoding is made for two fixed "
                             "decks (deck_a, deck_b); a drafted game has none yet")
    cat = catalog(params.get("cards", ""))
    decks = [cat.decks[params["deck_a"]], cat.decks[params["deck_b"]]]
    heroes = tuple(h for d in decks for h in d.heroes)
    pool_deities = tuple(sorted(d for d, u in cat.units.items() if u.is_deity))
    # A deity both seats field is told apart by its side once one has manifested
    # (``oracle.b``); a hero both decks hold, always (``alyn.a``).
    deities = (*pool_deities, *(f"{d}.{s}" for d in pool_deities for s in "ab"))
    names = [f"{h}.{'ab'[i // 3]}" if h in heroes[(1 - i // 3) * 3:(1 - i // 3) * 3 + 3]
             else h for i, h in enumerate(heroes)]
    skills = tuple(sorted({k.id for k in cat.skills.values() if k.hero in heroes}))
    items = tuple(sorted(cat.items))
    talents: set[str] = set()
    keywords: set[str] = set()
    for u in (*heroes, *pool_deities):
        for side in cat.units[u].sides:
            talents.update(t.id for t in side.talents)
            keywords.update(side.keywords)
    for i in items:
        talents.update(t.id for t in cat.items[i].talents)
        keywords.update(cat.items[i].keywords | cat.items[i].grants)
    return Cards(tuple(names), deities, skills, items, tuple(sorted(talents)),
                 tuple(sorted(keywords)), tuple(sorted(cat.conduits)))


def action_texts(c: Cards) -> tuple[str, ...]:
    """Every action either seat may ever take with these decks, in a fixed order (the
    grammar of ``actions.py``, verb by verb), over every unit name a game or a re-deal
    can give."""
    units = (*c.heroes, *c.deities)
    out = [f"deploy {h} {lane}" for h in c.heroes for lane in LANES]
    for verb in ("attack", "with", "recover", "level", "block", "assign", "first", "target"):
        out += [f"{verb} {u}" for u in units]
    out += ["target conduit", "no-block", "no-clash", "pass"]
    out += [f"clash {k}" for k in c.skills]
    out += [f"clash {k} by {h}" for k in c.skills for h in units]
    out += [f"move {u} {lane}" for u in units for lane in LANES]
    abilities = sorted({*c.talents, *c.skills})
    out += [f"talent {u}:{a}" for u in units for a in abilities]
    out += [f"manifest {d} {lane} banish {h}" for d in c.deities for lane in LANES
            for h in c.heroes]
    out += [f"choose {o}" for o in OPTIONS]
    out += [f"lane {lane}" for lane in LANES]
    out += [f"revive mass {lane}" for lane in LANES]
    out += [f"revive buyback {h} {lane}" for h in units for lane in LANES]
    out += [f"place {h} {lane}" for h in units for lane in LANES]
    out += [f"buy {i} {u}" for i in c.items for u in units]
    out += [f"discard {k}" for k in c.skills]
    # Ordering simultaneous effects names each source by its word: a unit (above), an
    # item or a conduit (last, so that the indices before them stay as they were).
    out += [f"first {w}" for w in (*c.items, *c.conduits)]
    return tuple(out)


def parts(c: Cards) -> tuple[Part, ...]:
    """The layout of the observation: (name, size, meaning), in order."""
    U, K, it, W = UNITS, len(c.skills), len(c.items), len(c.keywords)
    return (
        ("turn", 1, "the turn number, divided by 10"),
        ("my_turn", 1, "1 when I am the active player"),
        ("to_act", 2, "one-hot: me, the other player (all 0 when the game is over)"),
        ("phase", len(PHASES), f"one-hot: {', '.join(PHASES)}"),
        ("action_points", 1, "the active player's action points"),
        ("asking", len(ASKS), f"one-hot: what an effect asks me ({', '.join(ASKS)})"),
        ("unit_known", U, "per unit slot (mine first, then theirs; heroes in deck order, "
                          "then the deity): 1 unless face down at home"),
        ("unit_zone", U * len(ZONES), f"per unit slot: one-hot of {', '.join(ZONES)}"),
        ("unit_stats", U * 9, "per unit slot: levelled, committed, damage, attack, armor, "
                              "health, exp to level, regen, carries an item"),
        ("unit_keywords", U * W, f"per unit slot: its keywords ({', '.join(c.keywords)})"),
        ("players", 2 * 5, "per player, me first: power, buyback left, cards in hand, "
                           "cards in deck, items in shop"),
        ("conduits", 2 * 3 * 2, "per player, me first, per lane: ruined, damage"),
        ("discard", 2 * (K + it), "per player, me first: cards in the discard pile, per "
                                  "skill then per item"),
        ("my_hand", K + it, "my cards in hand, per skill then per item"),
        ("my_shop", it, "my shop's items"),
        ("combat", 1, "1 during a combat"),
        ("attackers", U, "per unit slot: attacking"),
        ("defender", U + 2, "one-hot: none, a conduit, then the unit slots"),
        ("combat_lane", len(LANES), "one-hot: the lane of the combat"),
        ("combat_values", 4, "blocked, total attack, defender's attack, defender's armor "
                             "(as far as I have seen)"),
        ("clashes", U * 2, "per unit slot: clash cards played, of which face down to me"),
        ("clash_cards", 2 * K, "per side (mine, theirs): clash cards I have seen, per skill"),
    )


@dataclass(frozen=True, slots=True)
class Encoding(BaseEncoding):
    """The encoding of one setup (see :func:`encoding`): two players, and the cards of
    their decks and of the pool."""

    cards: Cards

    def encode(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        """Write ``view`` into ``out`` (zeros, float32, the size of the parts)."""
        c = self.cards
        K = len(c.skills)
        skill = {k: i for i, k in enumerate((*c.skills, *c.items))}
        KI = len(skill)
        me = view.get("seat") or 0
        # Unit slots: the view lists seat 0's four units, then seat 1's; mine first.
        order = list(range(UNITS)) if me == 0 else [*range(4, 8), *range(4)]
        slot_of_position = {pos: slot for slot, pos in enumerate(order)}
        units = view["units"]
        slot_of_id = {u["id"]: slot_of_position[i] for i, u in enumerate(units) if "id" in u}
        blocks = Blocks(out)
        take = blocks.take

        take(1)[0] = view["turn"] / 10
        take(1)[0] = view["active"] == me
        block = take(2)
        if view["to_act"] is not None:
            block[int(view["to_act"] != me)] = 1
        take(len(PHASES))[PHASES.index(view["phase"])] = 1
        take(1)[0] = view["action_points"]
        block = take(len(ASKS))
        if view["asking"] is not None:
            block[ASKS.index(view["asking"])] = 1
        known, zone = take(UNITS), take(UNITS * len(ZONES)).reshape(UNITS, -1)
        stats = take(UNITS * 9).reshape(UNITS, 9)
        keywords = take(UNITS * len(c.keywords)).reshape(UNITS, -1)
        for i, u in enumerate(units):
            slot = slot_of_position[i]
            zone[slot, ZONES.index(u["zone"])] = 1
            if u.get("hidden"):
                continue
            known[slot] = 1
            stats[slot] = (u["levelled"], u["committed"], u["damage"], u["attack"],
                           u["armor"], u["health"], u["exp"] or 0, u["regen"],
                           u["item"] is not None)
            for k in u["keywords"]:
                if k in c.keywords:
                    keywords[slot, c.keywords.index(k)] = 1
        players = take(2 * 5).reshape(2, 5)
        conduits = take(2 * 3 * 2).reshape(2, 3, 2)
        discard = take(2 * KI).reshape(2, KI)
        hand, shop = take(KI), take(len(c.items))
        for p in view["players"]:
            r = int(p["seat"] != me)
            players[r] = p["power"], p["buyback"], p["hand"], p["deck"], p["shop"]
            for cd in p["conduits"]:
                conduits[r, LANES.index(cd["lane"])] = cd["ruined"], cd["damage"]
            for k in p["discard"]:
                discard[r, skill[k]] += 1
            for k in p.get("cards", ()):
                hand[skill[k]] += 1
            for i in p.get("shop_items", ()):
                shop[c.items.index(i)] = 1
        in_combat, attackers = take(1), take(UNITS)
        defender, lane = take(UNITS + 2), take(len(LANES))
        values, clashes = take(4), take(UNITS * 2).reshape(UNITS, 2)
        clash_cards = take(2 * K).reshape(2, K)
        combat = view["combat"]
        if combat is not None:
            in_combat[0] = 1
            for a in combat["attackers"]:
                attackers[slot_of_id[a]] = 1
            d = combat["defender"]
            defender[0 if d is None else 1 if d == "conduit" else 2 + slot_of_id[d]] = 1
            if combat["lane"] is not None:
                lane[LANES.index(combat["lane"])] = 1
            dv = combat["defence"] or {"attack": 0, "armor": 0}
            values[:] = combat["blocked"], combat["attack"] or 0, dv["attack"], dv["armor"]
            for cl in combat["clashes"]:
                slot = slot_of_id[cl["hero"]]
                clashes[slot, 0] += 1
                if cl["card"] is None:
                    clashes[slot, 1] += 1
                else:
                    clash_cards[int(slot >= 4), skill[cl["card"]]] += 1
        blocks.close()


def encoding(players: int, params: Mapping[str, Any]) -> Encoding:
    """The encoding of the setup ``params`` (radiant-arena is played by two)."""
    c = cards_of(params)
    return Encoding(2, action_texts(c), parts(c), c)
