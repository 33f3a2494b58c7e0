"""The draft of radiant-arena (Now Let's Play! — Drafting), as decision points of the game.

With the parameter ``draft`` a game starts with the draft instead of two ready decks:

1. **Pick Heroes.** The drafting cards are every hero of the card pool (the 18 of the box;
   a user's card file may add more). The order is the rulebook's: A pick, B pick, A ban,
   B ban, B pick, A pick, A pick, B pick (``pick <hero>``, ``ban <hero>``). A picked or
   banned hero is gone from the pool; picks and bans are public.
2. **Pick Deities & Items.** Each player secretly chooses a deity (``deity <id>``) and
   three different items (``item <id>``), one at a time: A first, then B. Both may choose
   the same deity and items ("player's shop contents and deity selection can even be
   entirely identical"). The choices are private: the other seat's copy of these events
   has no card, and its view shows only how many it has chosen, until they are revealed in
   play (a deity when it manifests, an item when it is bought).
3. **Deck Construction.** Each deck is the chosen heroes (in pick order) with their sets
   of ten, the three items, the deity and its three conduits; then the game is set up as
   usual (Setting Up Your First Game) and deployment begins.

"Randomly determine who will be player A and who will be player B" is who sits in which
seat: seat 0 is always A. The clients seat the players at random for a draft (``tabletop
play --draft`` and the balance report do).

The state keeps the draft as one immutable :class:`Draft` value (clones share it). While
it lasts the state has no units, hands or decks; views carry a ``draft`` table instead.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tabletop.core import Action
from tabletop.core.pickling import pickle_frozen_by_fields

from .actions import Act, act, shown
from .data import Catalog, Deck, set_problems
from .ids import DRAFT, R_PICK, A, B, other

if TYPE_CHECKING:
    from .rules import ArenaState

R_PLAYERS = "Now Let's Play! — Drafting — Players"
R_HEROES = "Now Let's Play! — Pick Heroes"
R_ITEMS = R_PICK  # Now Let's Play! — Pick Deities & Items
R_CONSTRUCTION = "Now Let's Play! — Deck Construction"

PICK, BAN = "pick", "ban"
# Pick Heroes: "The pick order goes as follows".
ORDER: tuple[tuple[str, int], ...] = ((PICK, A), (PICK, B), (BAN, A), (BAN, B), (PICK, B),
                                      (PICK, A), (PICK, A), (PICK, B))
ITEMS = 3  # "each player secretly selects a deity and three items"
VERBS = ("pick", "ban", "deity", "item")


@dataclass(frozen=True, slots=True)
class Draft:
    """Where a draft stands: the step of the pick order, each seat's picks (in order),
    the bans (in order), and each seat's secret deity ("" until chosen) and items."""

    step: int = 0
    picks: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    bans: tuple[str, ...] = ()
    deities: tuple[str, str] = ("", "")
    items: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())

    def stage(self) -> str:
        """What is being chosen now: ``pick``, ``ban``, ``deity``, ``item`` or ``done``."""
        if self.step < len(ORDER):
            return ORDER[self.step][0]
        for seat in (A, B):
            if not self.deities[seat]:
                return "deity"
            if len(self.items[seat]) < ITEMS:
                return "item"
        return "done"

    def to_act(self) -> int | None:
        """The seat choosing now (None once the draft is done)."""
        if self.step < len(ORDER):
            return ORDER[self.step][1]
        for seat in (A, B):
            if not self.deities[seat] or len(self.items[seat]) < ITEMS:
                return seat
        return None

    def taken(self) -> frozenset[str]:
        """Heroes no longer in the pool (picked or banned)."""
        return frozenset((*self.picks[A], *self.picks[B], *self.bans))

    def decks(self, cat: Catalog) -> tuple[Deck, Deck]:
        """The two decks of a finished draft (Deck Construction)."""
        return tuple(Deck(f"draft-{'ab'[p]}", f"Player {'AB'[p]}'s draft", self.picks[p],
                          self.items[p], self.deities[p], cat.units[self.deities[p]].conduits)
                     for p in (A, B))  # type: ignore[return-value]


_POOLS: dict[tuple[str, ...], tuple[str, ...]] = {}


def hero_pool(cat: Catalog) -> tuple[str, ...]:
    """The drafting cards: every hero of the catalog with a complete set of ten (worked
    out once per catalog)."""
    pool = _POOLS.get(cat.sources)
    if pool is None:
        pool = _POOLS[cat.sources] = tuple(sorted(
            u.id for u in cat.units.values() if not u.is_deity and not set_problems(cat, u.id)))
    return pool


_DEITIES: dict[tuple[str, ...], tuple[str, ...]] = {}
_ITEMS: dict[tuple[str, ...], tuple[str, ...]] = {}


def deity_pool(cat: Catalog) -> tuple[str, ...]:
    """Every deity of the catalog (worked out once per catalog)."""
    pool = _DEITIES.get(cat.sources)
    if pool is None:
        pool = _DEITIES[cat.sources] = tuple(sorted(u.id for u in cat.units.values()
                                                    if u.is_deity))
    return pool


def item_pool(cat: Catalog) -> tuple[str, ...]:
    """Every item of the catalog (worked out once per catalog)."""
    pool = _ITEMS.get(cat.sources)
    if pool is None:
        pool = _ITEMS[cat.sources] = tuple(sorted(cat.items))
    return pool


# The actions naming each card of a pool, by verb and pool (``act`` is a call a card, and
# every decision of a draft lists a whole pool); a handful of pools, one per catalog.
_ACTS: dict[tuple[str, tuple[str, ...]], tuple[Act, ...]] = {}


def _acts(verb: str, pool: tuple[str, ...]) -> tuple[Act, ...]:
    """``act(verb, card)`` for each card of ``pool``, in its order (made once)."""
    key = (verb, pool)
    found = _ACTS.get(key)
    if found is None:
        found = _ACTS[key] = tuple(act(verb, card) for card in pool)
    return found


# --- decisions ---------------------------------------------------------------------------


def legal_actions(s: ArenaState) -> list[Action]:
    """The choices of the seat to act, in a stable order."""
    d = s.draft
    assert d is not None
    stage = d.stage()
    if stage in (PICK, BAN):
        taken = d.taken()
        heroes = hero_pool(s.cat)
        return [a for a, h in zip(_acts(stage, heroes), heroes, strict=True) if h not in taken]
    seat = d.to_act()
    if stage == "deity":
        return list(_acts("deity", deity_pool(s.cat)))
    if stage == "item":
        assert seat is not None
        chosen = d.items[seat]
        items = item_pool(s.cat)
        return [a for a, x in zip(_acts("item", items), items, strict=True) if x not in chosen]
    return []


def apply_action(s: ArenaState, a: Act) -> None:
    """Carry out a legal draft choice; when the draft is done, build the decks and set the
    game up (the state then runs to deployment)."""
    d = s.draft
    assert d is not None
    seat = d.to_act()
    assert seat is not None
    card = a.args[0]
    # The next Draft made directly (dataclasses.replace reads the fields' list each time).
    if a.verb == PICK:
        picks = _with(d.picks, seat, (*d.picks[seat], card))
        d = Draft(d.step + 1, picks, d.bans, d.deities, d.items)
        s.event("draft_pick", (seat, card, len(picks[seat])), R_HEROES)
    elif a.verb == BAN:
        d = Draft(d.step + 1, d.picks, (*d.bans, card), d.deities, d.items)
        s.event("draft_ban", (seat, card), R_HEROES)
    elif a.verb == "deity":
        d = Draft(d.step, d.picks, d.bans, _with(d.deities, seat, card), d.items)
        s.event("draft_deity", (seat, card), R_ITEMS)
    else:
        items = _with(d.items, seat, (*d.items[seat], card))
        d = Draft(d.step, d.picks, d.bans, d.deities, items)
        s.event("draft_item", (seat, card, len(items[seat])), R_ITEMS)
    s.draft = d
    if d.stage() == "done":
        s.build(list(d.decks(s.cat)))


def _with(pair: tuple[Any, Any], seat: int, value: Any) -> Any:
    """A seat's pair (A's, B's) with ``seat``'s changed to ``value``."""
    return (value, pair[1]) if seat == A else (pair[0], value)


def why_illegal(s: ArenaState, a: Act) -> tuple[str, str]:
    """Why a choice is not legal now, naming the rule. Only what the seat to act knows
    shapes the message: never the other seat's secret deity or items."""
    d = s.draft
    assert d is not None
    stage = d.stage()
    seat = d.to_act()
    step_rule = R_HEROES if stage in (PICK, BAN) else R_ITEMS
    if a.verb not in VERBS:
        return (f"'{a.verb}' is not possible during the draft; you may {stage} "
                f"(the draft comes first)", step_rule)
    card = a.args[0] if len(a.args) == 1 else ""
    if len(a.args) != 1:
        return f"expected {a.verb} <card>", step_rule
    word = shown(card, 40)
    if a.verb != stage:
        now = {PICK: "pick a hero", BAN: "ban a hero", "deity": "choose your deity",
               "item": "choose an item"}[stage]
        order = ", ".join(f"{'AB'[p]} {v}" for v, p in ORDER)
        return (f"it is time to {now} for Player {'AB'[seat or 0]}, not to {a.verb} "
                f"(the order: {order}; then each player's deity and three items)",
                step_rule)
    cat = s.cat
    if stage in (PICK, BAN):
        if card not in cat.units or cat.units[card].is_deity:
            return (f"{word!r} is not a hero of the drafting cards", R_HEROES)
        if card in d.bans:
            return (f"{word} is banned: \"Once a hero has been banned, they cannot be "
                    "picked by either player\"", R_HEROES)
        if card in d.picks[A] or card in d.picks[B]:
            who = "you" if card in d.picks[seat or 0] else f"Player {'AB'[other(seat or 0)]}"
            return (f"{word} was picked by {who}: \"Once a hero has been picked, they "
                    "cannot be picked again by either player\"", R_HEROES)
        return f"{word!r} is not a hero of the drafting cards", R_HEROES
    if stage == "deity":
        return (f"{word!r} is not a deity (\"Each player secretly selects a deity and three "
                "items from their own pool of cards\")", R_ITEMS)
    if card not in cat.items:
        return f"{word!r} is not an item", R_ITEMS
    return (f"you have chosen {word} already: \"A player may not include more than one copy "
            "of a single item in their deck\"", R_ITEMS)


# --- what a seat may see -----------------------------------------------------------------


def view(s: ArenaState, seat: int | None) -> dict[str, Any]:
    """The draft as ``seat`` may see it: the pool, picks and bans (public), its own deity
    and items, and of the other seat's only whether and how many it has chosen."""
    d = s.draft
    assert d is not None
    players = []
    for p in (A, B):
        mine = p == seat
        players.append({
            "seat": p, "picks": list(d.picks[p]),
            "deity": (d.deities[p] or None) if mine else None,
            "deity_chosen": bool(d.deities[p]),
            "items": list(d.items[p]) if mine else None,
            "items_chosen": len(d.items[p]),
        })
    taken = d.taken()
    out: dict[str, Any] = {
        "stage": d.stage(), "step": d.step, "to_act": d.to_act(),
        "order": [{"action": v, "seat": p} for v, p in ORDER],
        "pool": [h for h in hero_pool(s.cat) if h not in taken],
        "bans": list(d.bans), "players": players,
        "deities": list(deity_pool(s.cat)), "items": list(item_pool(s.cat)),
    }
    if s.phase == DRAFT:  # what a drafter reads: every draftable card's face (public)
        out["cards"] = faces(s.cat)
    return out


_FACES: dict[tuple[str, ...], dict[str, Any]] = {}


def faces(cat: Catalog) -> dict[str, Any]:
    """The face of every card a draft offers, as data (public: the same for every seat):
    heroes (both sides: stats, keywords, text generated from the data, talents as data;
    their sets), their skill cards, deities (with conduits and manifestation as data),
    items and conduits. Built once per catalog; shared, read-only."""
    if cat.sources not in _FACES:
        from .faces import card_faces, unit_faces
        from .text import texts

        generated = texts(cat)
        cards = card_faces(cat)
        units = unit_faces(cat)
        heroes: dict[str, dict[str, Any]] = {}
        deities: dict[str, dict[str, Any]] = {}
        for u in cat.units.values():
            sides = [{"subtitle": side.subtitle, "attack": side.attack, "armor": side.armor,
                      "health": side.health, "exp": side.exp,
                      "keywords": sorted(side.keywords), "regen": side.regen,
                      # the unit's face, without its own list of both sides again
                      **{k: v for k, v in units[f"{u.id}:{n}"].items() if k != "sides"}}
                     for n, side in enumerate(u.sides)]
            if u.is_deity:
                deities[u.id] = {"name": u.name, **{k: v for k, v in sides[0].items()
                                                    if k not in ("subtitle", "exp")},
                                 "conduits": list(u.conduits),
                                 "manifest": list(u.manifest.raw)}
            elif u.id in hero_pool(cat):
                heroes[u.id] = {"name": u.name, "class": u.hero_class, "sides": sides,
                                "set": {k: n for k, n in Counter(cat.skill_set(u.id)).items()}}
        _FACES[cat.sources] = {
            "heroes": heroes, "deities": deities,
            "skills": {k: cards[k] for h in heroes for k in heroes[h]["set"]},
            "items": {i: cards[i] for i in cat.items},
            "conduits": {c.id: {"name": c.name, "rules": generated[c.id]}
                         for c in cat.conduits.values()},
        }
    return _FACES[cat.sources]


def resample_choices(d: Draft, cat: Catalog, seat: int, rng: Any) -> Draft:
    """The draft with the other seat's secret choices re-dealt (any deity, any different
    items, as many as it has chosen): what ``seat`` cannot see of it."""
    o = other(seat)
    deities = list(d.deities)
    if deities[o]:
        deities[o] = rng.choice(deity_pool(cat))
    items = list(d.items)
    items[o] = tuple(rng.sample(item_pool(cat), len(d.items[o])))
    return replace(d, deities=tuple(deities), items=tuple(items))  # type: ignore[arg-type]


def to_data(d: Draft) -> dict[str, Any]:
    """The draft in a position (TOML-ready)."""
    return {"step": d.step, "picks": [list(p) for p in d.picks], "bans": list(d.bans),
            "deities": list(d.deities), "items": [list(x) for x in d.items]}


def from_data(cat: Catalog, data: Any, where: str = "draft") -> Draft:
    """A draft read back from a position, checked against the rules of the draft; raises
    ``ScenarioError`` naming what is wrong."""
    from tabletop.core import ScenarioError

    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: must be a table")
    unknown = set(data) - {"step", "picks", "bans", "deities", "items"}
    if unknown:
        raise ScenarioError(f"{where}: unknown key {sorted(unknown)[0][:40]!r}")

    def strings(value: Any, at: str, n: int | None = None) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value) or (
                n is not None and len(value) != n):
            size = f"{n} " if n is not None else ""
            raise ScenarioError(f"{where}.{at}: must be a list of {size}card ids")
        return tuple(value)

    step = data.get("step", 0)
    if type(step) is not int or not 0 <= step <= len(ORDER):
        raise ScenarioError(f"{where}.step: must be an integer from 0 to {len(ORDER)}")
    picks = data.get("picks", [[], []])
    if not isinstance(picks, list) or len(picks) != 2:
        raise ScenarioError(f"{where}.picks: two lists (A's, B's)")
    items = data.get("items", [[], []])
    if not isinstance(items, list) or len(items) != 2:
        raise ScenarioError(f"{where}.items: two lists (A's, B's)")
    d = Draft(step, (strings(picks[0], "picks[0]"), strings(picks[1], "picks[1]")),
              strings(data.get("bans", []), "bans"),
              strings(data.get("deities", ["", ""]), "deities", 2),  # type: ignore[arg-type]
              (strings(items[0], "items[0]"), strings(items[1], "items[1]")))
    # The draft must be one that play reaches: replay its choices in order.
    want_p = [sum(1 for v, p in ORDER[:step] if v == PICK and p == seat) for seat in (A, B)]
    want_b = sum(1 for v, _ in ORDER[:step] if v == BAN)
    if [len(p) for p in d.picks] != want_p or len(d.bans) != want_b:
        raise ScenarioError(f"{where}: step {step} of the pick order means {want_p[0]} and "
                            f"{want_p[1]} picks and {want_b} ban(s) ({R_HEROES})")
    pool = set(hero_pool(cat))
    heroes = [*d.picks[A], *d.picks[B], *d.bans]
    if len(set(heroes)) != len(heroes) or not set(heroes) <= pool:
        raise ScenarioError(f"{where}: picks and bans are different heroes of the drafting "
                            f"cards ({R_HEROES})")
    for seat in (A, B):
        if (d.deities[seat] or d.items[seat]) and step < len(ORDER):
            raise ScenarioError(f"{where}: deities and items are chosen after the heroes "
                                f"({R_ITEMS})")
        if d.deities[seat] and d.deities[seat] not in deity_pool(cat):
            raise ScenarioError(f"{where}.deities[{seat}]: not a deity")
        if len(set(d.items[seat])) != len(d.items[seat]) or len(d.items[seat]) > ITEMS or \
                not set(d.items[seat]) <= set(cat.items):
            raise ScenarioError(f"{where}.items[{seat}]: up to three different items "
                                f"({R_ITEMS})")
        if d.items[seat] and not d.deities[seat]:
            raise ScenarioError(f"{where}.items[{seat}]: the deity is chosen first")
    if d.deities[B] and (len(d.items[A]) < ITEMS):
        raise ScenarioError(f"{where}: Player A chooses first ({R_ITEMS})")
    return d


__all__ = ["Draft", "ORDER", "PICK", "BAN", "ITEMS", "hero_pool", "deity_pool", "item_pool",
           "legal_actions", "apply_action", "why_illegal", "view", "resample_choices",
           "to_data", "from_data", "R_HEROES", "R_ITEMS", "R_PLAYERS", "R_CONSTRUCTION"]


pickle_frozen_by_fields(__name__)  # compiled frozen dataclasses pickle alike
