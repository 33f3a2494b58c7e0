"""Radiant: Offline Battle Arena — the rules engine of radiant-arena.

Two players, three heroes and a deity each, three conduits in three lanes. A turn is
Preparation (action points, Evoker, Regen), the Action phase (the five basic actions,
talents and combat with hidden clashes) and the End phase (revive, shop, draw). A player
loses when their deity is KO'd or banished, or when they must draw from an empty deck.

Implements ../shared/rules/radiant-offline-battle-arena.txt: Setting Up Your First Game
and Deployment, Key Concepts (the Golden Rules, Winning & Losing, Committed/Ready,
Manifestation, Damage and KOs, Special Damage Types, Power), The Turn (all three phases),
Combat (all three steps, Blocking), Keywords and the FAQ. Decisions where the rulebook is
silent are in docs/rules/radiant-arena.md.

The engine is a driver loop (:meth:`ArenaState._advance`): it runs automatic steps until
a seat must decide. Effects in progress are data (a stack of frames), never Python
generators, so a state clones in microseconds in the middle of any effect.
"""

from __future__ import annotations

from random import Random
from typing import Any

from tabletop.core import Action, Chance, Event, Outcome, State

from .actions import Act, act, parse
from .data import Catalog, Effect, Talent

A, B = 0, 1
HOME, VOID = -1, -2
DEITY = 3  # unit slot of the deity: units are seat * 4 + (0, 1, 2 heroes; 3 deity)
CONDUIT = 100  # effect targets >= CONDUIT are conduits: CONDUIT + seat * 3 + lane
HAND_LIMIT, HAND_SIZE, AP_PER_TURN, BUYBACK_COST = 7, 5, 3, 5
KO_POWER, RUIN_POWER = 2, 1
ADJACENT = ((1,), (0, 2), (1,))  # the central lane touches both outer lanes
_new = tuple.__new__
_EVENT_IS_TUPLE = issubclass(Event, tuple)

# phases: decision steps and automatic ones
DEPLOY, PREP, MAIN, GATHER, BLOCK, CLASH_A, CLASH_D, REVEAL, RESOLVE, COMBAT_END = range(10)
REVIVE, SHOP, DRAW, DISCARD, END, OVER = range(10, 16)
ACTION_PHASE = frozenset({MAIN, GATHER, BLOCK, CLASH_A, CLASH_D, REVEAL, RESOLVE, COMBAT_END})
PHASE_NAMES = ("deploy", "preparation", "action", "attack", "block", "clash", "clash",
               "reveal", "resolution", "combat end", "revive", "shop", "draw", "discard",
               "end", "over")

# Rule citations: the rulebook's headings.
R_DEPLOY = "Setting Up Your First Game — Deployment"
R_SETUP = "Setting Up Your First Game"
R_GOLDEN = "Key Concepts — The Golden Rules"
R_WIN = "Key Concepts — Winning & Losing"
R_READY = "Key Concepts — Committed, Ready, and Recovering"
R_MANIFEST = "Key Concepts — Manifestation"
R_DAMAGE = "Key Concepts — Damage and KOs"
R_SPECIAL = "Key Concepts — Special Damage Types"
R_POWER = "Key Concepts — Power"
R_PREP = "The Turn — The Preparation Phase"
R_FIRST = "The Turn — The First Turn of the Game"
R_EVOKER = "The Turn — The Evoker Keyword"
R_ACTION = "The Turn — The Action Phase"
R_BASIC = "The Turn — The Five Basic Actions"
R_TALENT = "The Turn — Talent Actions"
R_REVIVE = "The End Phase — Revive Step"
R_SHOP = "The End Phase — Shop Step"
R_DRAW = "The End Phase — Draw Step"
R_COMBAT = "Combat"
R_PARTICIPANTS = "Combat — Step One: Determine Participants"
R_CLASH = "Combat — Step Two: Clash"
R_RESOLUTION = "Combat — Step Three: Resolution"
R_BLOCK = "Combat — Blocking"
R_CLASH_CARDS = "Combat — Clash Cards & Clash Effects"
R_KEYWORDS = "Keywords"
R_ULTIMATE = "Keywords — Action Keywords"
R_COOLDOWN = "Keywords — Action Keywords"
R_HEROIC = "Keywords — Heroic Keywords"
R_FAQ_PARTIAL = "FAQ — I can only partially resolve a card's effects. What should I do?"


def other(seat: int) -> int:
    """The opponent."""
    return 1 - seat


def owner(unit: int) -> int:
    """The seat a unit belongs to."""
    return unit // 4


class ArenaState(State):
    """A game of radiant-arena (see the module docstring)."""

    __slots__ = (
        "cat", "unit_card", "names", "zone", "lvl", "comm", "dmg", "item", "hands", "decks",
        "discards", "shops", "cond", "cdmg", "ruined", "power", "buyback", "active", "ap",
        "turn", "phase", "to_deploy", "used", "home_at_start", "revived", "mods", "grants",
        "c_att", "c_def", "c_lane", "c_clash", "c_blocked", "c_shunt", "c_target",
        "stack", "ask", "winner", "cause", "reason", "chance", "banished",
    )

    def __init__(self, players: int, seed: int, params: dict[str, Any], cat: Catalog) -> None:
        super().__init__(players, seed, params)
        self.cat = cat
        decks = [cat.decks[params["deck_a"]], cat.decks[params["deck_b"]]]
        self.unit_card = tuple(u for d in decks for u in (*d.heroes, d.deity))
        self.names = {cid: i for i, cid in enumerate(self.unit_card)}
        self.zone = [HOME] * 8
        self.lvl = [0] * 8
        self.comm = [0] * 8
        self.dmg = [0] * 8
        self.item = [""] * 8
        self.chance = Chance(seed)
        self.hands: list[list[str]] = [[], []]
        self.decks: list[list[str]] = []
        for d in decks:
            deck = [s for h in d.heroes for s in cat.skill_set(h)]
            self.chance.shuffle(deck)
            self.decks.append(deck)
        self.discards: list[list[str]] = [[], []]
        self.shops = [list(d.items) for d in decks]
        self.cond = [list(d.conduits) for d in decks]
        for lanes in self.cond:
            self.chance.shuffle(lanes)
        self.cdmg = [[0, 0, 0], [0, 0, 0]]
        self.ruined = [[False] * 3, [False] * 3]
        self.power = [0, 0]
        self.buyback = [True, True]
        self.banished = [-1, -1]
        self.active = A
        self.ap = 0
        self.turn = 0
        self.phase = DEPLOY
        self.to_deploy = 6
        self.used: set[str] = set()
        self.home_at_start = 0
        self.revived = False
        self.mods: list[tuple[int, int, int, bool]] = []  # unit, attack, armor, until combat end
        self.grants: list[tuple[int, str, bool]] = []     # unit, keyword, until combat end
        self.c_att: list[int] = []
        self.c_def = -1
        self.c_target = -1
        self.c_lane = -1
        self.c_clash: list[tuple[int, str, bool]] = []  # unit, skill, face up
        self.c_blocked = False
        self.c_shunt: tuple[int, int] | None = None
        self.stack: list[list[Any]] = []
        self.ask: tuple[str, int, tuple[Any, ...]] | None = None
        self.winner = -1
        self.cause = ""
        self.reason = ""
        for seat in (A, B):
            d = decks[seat]
            self._event("setup", (seat, list(d.heroes), len(self.decks[seat]),
                                  len(self.shops[seat]), d.deity, list(self.cond[seat]),
                                  sorted(self.shops[seat])), R_SETUP, None, True)
            hand, deck = self.hands[seat], self.decks[seat]
            for _ in range(HAND_SIZE):
                card = deck.pop()
                hand.append(card)
                self._event("draw", (seat, card, len(hand), len(deck)), R_SETUP, None, True)

    # --- small helpers ---------------------------------------------------------------

    def _event(self, kind: str, args: tuple[Any, ...], rule: str,
               seats: frozenset[int] | None = None, reveals: bool = False) -> None:
        """Record an event of ``kind`` (events.py) with its field values in order."""
        # tuple.__new__ builds the Event NamedTuple without its Python-level __new__ (half the
        # cost): events are made several times per decision on the hot path of playouts and
        # search. Should the core's Event stop being a tuple, its constructor is used.
        fields = (kind, args, rule, seats, reveals, self.cat.book)
        self.events.append(_new(Event, fields) if _EVENT_IS_TUPLE else Event(*fields))

    def uname(self, unit: int) -> str:
        """A unit's card id (its name in the notation)."""
        return self.unit_card[unit]

    def side(self, unit: int) -> Any:
        """The face of a unit in use (levelled or basic)."""
        return self.cat.units[self.unit_card[unit]].sides[self.lvl[unit]]

    def is_deity(self, unit: int) -> bool:
        """Whether the unit is a deity."""
        return unit % 4 == DEITY

    def in_play(self, unit: int) -> bool:
        """Whether a unit is in a lane."""
        return self.zone[unit] >= 0

    def keyword(self, unit: int, kw: str) -> bool:
        """Whether a unit has a keyword now (printed, from its item, or granted)."""
        if kw in self.side(unit).keywords:
            return True
        it = self.item[unit]
        if it and kw in self.cat.items[it].grants:
            return True
        return any(u == unit and k == kw for u, k, _ in self.grants)

    def keywords(self, unit: int) -> frozenset[str]:
        """Every keyword a unit has now (printed, from its item, or granted)."""
        kws: frozenset[str] = self.side(unit).keywords
        it = self.item[unit]
        if it:
            kws = kws | self.cat.items[it].grants
        if self.grants:
            kws = kws | {k for u, k, _ in self.grants if u == unit}
        return kws

    def stats(self, unit: int) -> tuple[int, int, int, frozenset[str]]:
        """Attack, armor, health and keywords at once, as ``attack_of``, ``armor_of``,
        ``health_of`` and ``keywords`` give them (one pass, for views drawn at every step
        of a search)."""
        side = self.side(unit)
        attack, armor, health, kws = side.attack, side.armor, side.health, side.keywords
        it = self.item[unit]
        if it:
            item = self.cat.items[it]
            attack, armor, health = attack + item.attack, armor + item.armor, health + item.health
            kws = kws | item.grants
        for u, a, r, _ in self.mods:
            if u == unit:
                attack, armor = attack + a, armor + r
        if self.grants:
            kws = kws | {k for u, k, _ in self.grants if u == unit}
        return max(0, attack), max(0, armor), health, kws

    def attack_of(self, unit: int) -> int:
        """Attack with item and temporary bonuses."""
        value = self.side(unit).attack + self._item_stat(unit, "attack")
        return max(0, value + sum(a for u, a, _, _ in self.mods if u == unit))

    def armor_of(self, unit: int) -> int:
        """Armor with item and temporary bonuses."""
        value = self.side(unit).armor + self._item_stat(unit, "armor")
        return max(0, value + sum(r for u, _, r, _ in self.mods if u == unit))

    def health_of(self, unit: int) -> int:
        """Health with the item's bonus."""
        return self.side(unit).health + self._item_stat(unit, "health")

    def _item_stat(self, unit: int, stat: str) -> int:
        it = self.item[unit]
        return getattr(self.cat.items[it], stat) if it else 0

    def mighty(self, unit: int) -> bool:
        """Levelled up or Divine: Ultimate effects resolve (Keywords: Ultimate)."""
        return bool(self.lvl[unit]) or self.keyword(unit, "divine")

    def units_of(self, seat: int) -> range:
        """A seat's four unit slots."""
        return range(seat * 4, seat * 4 + 4)

    def units_at(self, seat: int, lane: int) -> list[int]:
        """A seat's units in a lane."""
        return [u for u in self.units_of(seat) if self.zone[u] == lane]

    # --- the contract ----------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat deciding now (``None`` when the game is over)."""
        if self.phase == OVER:
            return None
        if self.ask is not None:
            return self.ask[1]
        if self.phase == DEPLOY:
            return A if self.to_deploy % 2 == 0 else B
        if self.phase in (BLOCK, CLASH_D):
            return other(self.active)
        return self.active

    def parse_action(self, text: str) -> Action:
        """Read radiant-arena notation (see :mod:`.actions`)."""
        return parse(text)

    def outcome(self) -> Outcome | None:
        """The winner and why; scores are 1 for the winner, 0 for the loser."""
        if self.phase != OVER:
            return None
        scores = tuple(1.0 if s == self.winner else 0.0 for s in (A, B))
        return Outcome(scores, (self.winner,), self.reason)

    def _legal_actions(self) -> list[Action]:
        return legal.legal_actions(self)

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        return legal.why_illegal(self, action)

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Act)
        flow.apply_action(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know."""
        return views.view(self, seat)

    def resample(self, seat: int, rng: Random) -> ArenaState:
        """Re-deal what ``seat`` cannot see."""
        return hidden.resample(self, seat, rng)

    def to_data(self) -> dict[str, Any]:
        """The whole position as readable data."""
        return positions.to_data(self)

    def clone(self) -> ArenaState:
        """An independent copy."""
        new = ArenaState.__new__(ArenaState)
        self._copy_base(new)
        new.cat, new.unit_card, new.names = self.cat, self.unit_card, self.names
        new.zone, new.lvl, new.comm = self.zone[:], self.lvl[:], self.comm[:]
        new.dmg, new.item = self.dmg[:], self.item[:]
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.decks = [self.decks[0][:], self.decks[1][:]]
        new.discards = [self.discards[0][:], self.discards[1][:]]
        new.shops = [self.shops[0][:], self.shops[1][:]]
        new.cond = [self.cond[0][:], self.cond[1][:]]
        new.cdmg = [self.cdmg[0][:], self.cdmg[1][:]]
        new.ruined = [self.ruined[0][:], self.ruined[1][:]]
        new.power, new.buyback, new.banished = self.power[:], self.buyback[:], self.banished[:]
        new.active, new.ap, new.turn, new.phase = self.active, self.ap, self.turn, self.phase
        new.to_deploy, new.used = self.to_deploy, set(self.used)
        new.home_at_start, new.revived = self.home_at_start, self.revived
        new.mods, new.grants = self.mods[:], self.grants[:]
        new.c_att, new.c_def, new.c_target = self.c_att[:], self.c_def, self.c_target
        new.c_lane, new.c_clash, new.c_blocked = self.c_lane, self.c_clash[:], self.c_blocked
        new.c_shunt = self.c_shunt
        new.stack = [[f[0], f[1], dict(f[2])] for f in self.stack]
        new.ask, new.winner, new.cause, new.reason = self.ask, self.winner, self.cause, self.reason
        new.chance = self.chance.copy()
        return new

    # --- talents -----------------------------------------------------------------------

    def talents_of(self, unit: int) -> list[tuple[str, Talent]]:
        """(ability name, talent) a unit may use: its own, its item's, skills in hand."""
        out = [(t.id, t) for t in self.side(unit).talents]
        it = self.item[unit]
        if it:
            out.extend((t.id, t) for t in self.cat.items[it].talents)
        for s in sorted(set(self.hands[owner(unit)])):
            t = self.cat.skills[s].talent
            if t is not None:
                out.append((s, t))
        return out

    def cooldown_key(self, unit: int, name: str) -> str:
        """What a Cooldown remembers: a skill card by name and seat (``skill:0:time-lock``),
        an item's talent by item (``item:fury:rage``), a printed talent by unit and face
        (``unit:bran:1:heal``; the levelled side's is another ability)."""
        if name in self.cat.skills:
            return f"skill:{owner(unit)}:{name}"
        it = self.item[unit]
        if it and any(t.id == name for t in self.cat.items[it].talents):
            return f"item:{it}:{name}"  # "An item's: once per turn" (rule 18), level or not
        return f"unit:{self.unit_card[unit]}:{self.lvl[unit]}:{name}"


def new_state(cat: Catalog, seed: int, params: dict[str, Any]) -> ArenaState:
    """A new game in deployment (``params``: deck_a, deck_b)."""
    state = ArenaState(2, seed, params, cat)
    flow.advance(state)
    return state


def effect_frame(effects: tuple[Effect, ...], seat: int, unit: int, lane: int, src: str,
                 **ctx: Any) -> list[Any]:
    """A new frame for the effect stack: effects, the next step, and the context (``p`` the
    controller, ``u`` the hero using it or -1, ``lane``, ``src`` which card's effects: see
    positions.py for the keys)."""
    return [effects, 0, {"p": seat, "u": unit, "lane": lane, "src": src, **ctx}]


__all__ = ["ArenaState", "new_state", "effect_frame", "act"]

# The parts of the engine, imported last because they import this module; the methods
# above reach them through these module names (no import on the hot path).
from . import flow, hidden, legal, positions, views  # noqa: E402
