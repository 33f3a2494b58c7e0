"""Radiant: Offline Battle Arena — the State of radiant-arena.

Two players, three heroes and a deity each, three conduits in three lanes. A turn is
Preparation (action points, Evoker, Regen), the Action phase (the five basic actions,
talents and combat with hidden clashes) and the End phase (revive, shop, draw). A player
loses when their deity is KO'd or banished, or when they must draw from an empty deck.

Implements ../shared/rules/radiant-offline-battle-arena.txt: Setting Up Your First Game
and Deployment, Key Concepts (the Golden Rules, Winning & Losing, Committed/Ready,
Manifestation, Damage and KOs, Special Damage Types, Power), The Turn (all three phases),
Combat (all three steps, Blocking), Keywords and the FAQ. Decisions where the rulebook is
silent are in docs/rules/radiant-arena.md.

The package, bottom up (no module imports one above it): :mod:`.ids` (names), :mod:`.events`,
:mod:`.board` (damage, KOs, ruin, cards, the kernel's frames, triggers and replacements),
:mod:`.combat`, :mod:`.ops` (the card language's ops), :mod:`.vocab` (the vocabulary for
the rules kernel), :mod:`.data` (card files), :mod:`.legal`, :mod:`.flow` (the driver),
:mod:`.faces`, :mod:`.views`, :mod:`.hidden`, :mod:`.positions`, :mod:`.reachable`, this
module (the State) and :mod:`.spec`. Effects in progress are data (a stack of kernel
frames), never Python generators, so a state clones in microseconds in the middle of any
effect.
"""

from __future__ import annotations

from random import Random
from typing import Any, ClassVar, cast

from tabletop.cards import STATIC, Delayed, Frame, Modifier, ModSpec, Pending, Vocabulary
from tabletop.cards import modifiers as kernel_mods
from tabletop.core import Action, Chance, Outcome, State

from . import flow, hidden, legal, positions, views
from .actions import Act, parse
from .combat import Combat
from .data import Catalog, Deck, Side, Talent
from .draft import Draft
from .ids import (
    ACTION_PHASE,
    ADJACENT,
    AP_PER_TURN,
    BLOCK,
    BUYBACK_COST,
    CLASH_A,
    CLASH_D,
    COMBAT_END,
    DEITY,
    DEPLOY,
    DISCARD,
    DRAFT,
    DRAW,
    END,
    GATHER,
    HAND_LIMIT,
    HAND_SIZE,
    HOME,
    ITEMS,
    KO_POWER,
    LABELS,
    LANES,
    MAIN,
    OVER,
    PHASE_NAMES,
    PREP,
    R_ACTION,
    R_ANATOMY,
    R_BASIC,
    R_BLOCK,
    R_CLASH,
    R_CLASH_CARDS,
    R_COMBAT,
    R_CONDUIT_ICON,
    R_COOLDOWN,
    R_DAMAGE,
    R_DECKS,
    R_DEPLOY,
    R_DRAW,
    R_EVOKER,
    R_FAQ_LIFELINK,
    R_FAQ_MAKA,
    R_FAQ_MANDATORY,
    R_FAQ_PARTIAL,
    R_FAQ_WRATHLORD,
    R_FIRST,
    R_GOLDEN,
    R_HEROIC,
    R_KEYWORDS,
    R_MANIFEST,
    R_PARTICIPANTS,
    R_PICK,
    R_POWER,
    R_PREP,
    R_READY,
    R_RESOLUTION,
    R_REVIVE,
    R_SETUP,
    R_SHOP,
    R_SPECIAL,
    R_TALENT,
    R_ULTIMATE,
    R_WIN,
    RESOLVE,
    REVEAL,
    REVIVE,
    RUIN_POWER,
    SHOP,
    VOID,
    A,
    B,
    ConduitRef,
    other,
    owner,
    unit_names,
)
from .vocab import VOCAB


class ArenaState(State):
    """A game of radiant-arena (see the module docstring).

    Flat fields, so a clone copies lists: per unit slot ``zone`` (a lane, HOME or VOID),
    ``lvl``, ``comm``, ``dmg``, ``item``; per seat ``hands``, ``decks``, ``discards``,
    ``shops``, ``void``, conduits (``cond``, ``cdmg``, ``ruined``), ``power``, ``buyback``,
    ``banished``; the turn (``active``, ``ap``, ``turn``, ``phase``); the rules kernel's
    data: ``store`` (continuous effects), ``stack`` (effects resolving), ``pending``
    (triggers waiting), ``delayed`` (delayed triggers), ``seen`` (cards a seat looked at),
    ``clock`` (timestamps); ``combat`` (a :class:`~.combat.Combat` or None) and ``ask``
    (the question a seat is asked, if any).
    """

    V: ClassVar[Vocabulary] = VOCAB

    def __init__(self, players: int, seed: int, params: dict[str, Any], cat: Catalog,
                 blank: bool = False) -> None:
        if blank:
            return  # for clone(), which sets every field (compiled, __new__ would run this)
        super().__init__(players, seed, params)
        self.cat = cat
        self.book = cat.book
        self.chance = Chance(seed)
        self.unit_card: tuple[str, ...] = ()
        self.unit_name: tuple[str, ...] = ()
        self.names: dict[str, int] = {}
        self.deck_list: tuple[Deck, ...] = ()
        self.zone = [HOME] * 8
        self.lvl = [0] * 8
        self.comm = [0] * 8
        self.dmg = [0] * 8
        self.item = [""] * 8
        self.hands: list[list[str]] = [[], []]
        self.decks: list[list[str]] = [[], []]
        self.discards: list[list[str]] = [[], []]
        # Cards gone for good (banished items, cards an effect put there), per seat.
        self.void: tuple[tuple[str, ...], ...] = ((), ())
        self.shops: list[list[str]] = [[], []]
        self.cond: list[list[str]] = [[], []]
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
        # The rules kernel's data. The tuples are shared by clones (a change makes a new
        # one); frames are copied, since they progress in place.
        self.store: tuple[Modifier, ...] = ()
        self.clock = 0
        self.combat: Combat | None = None
        self.stack: list[Frame] = []
        self.pending: tuple[Pending, ...] = ()
        self.delayed: tuple[Delayed, ...] = ()
        self.seen: tuple[tuple[Any, ...], ...] = ()
        self.ask: tuple[str, int, tuple[Any, ...]] | None = None
        # While one step of a frame resolves: the instead replacements whose effects that
        # frame is (board.REPLACING), which do not replace what they do themselves.
        self.replacing: tuple[str, ...] = ()
        # The keywords being worked out now (keyword_value), to stop a static ability
        # that depends on itself.
        self.asking: set[tuple[int, str]] = set()
        self.winner = -1
        self.cause = ""
        self.reason = ""
        # The draft (Now Let's Play! — Drafting) comes first when the game is drafted.
        # The board statics() was made for (zone, lvl, item, ruined by seat) and its list.
        self.statics_memo: tuple[Any, ...] | None = None
        self.draft: Draft | None = None
        if params.get("draft"):
            self.draft = Draft()
            self.phase = DRAFT
        else:
            self.build([cat.decks[params["deck_a"]], cat.decks[params["deck_b"]]])

    def build(self, decks: list[Deck]) -> None:
        """Set the game up with these decks (Setting Up Your First Game): skill decks
        shuffled, conduits placed, five cards each; then deployment."""
        cat = self.cat
        self.deck_list = tuple(decks)
        self.unit_card = tuple(u for d in decks for u in (*d.heroes, d.deity))
        self.unit_name = unit_names(self.unit_card)
        self.names = {n: i for i, n in enumerate(self.unit_name)}
        self.decks = []
        for d in decks:
            deck = [s for h in d.heroes for s in cat.skill_set(h)]
            self.chance.shuffle(deck)
            self.decks.append(deck)
        self.shops = [list(d.items) for d in decks]
        self.cond = [list(d.conduits) for d in decks]
        for lanes in self.cond:
            self.chance.shuffle(lanes)
        self.phase = DEPLOY
        self.to_deploy = 6
        self.cards_in_play()
        for seat in (A, B):
            self.event("setup", (seat, [self.unit_name[seat * 4 + i] for i in range(3)],
                                  len(self.decks[seat]), len(self.shops[seat]),
                                  self.unit_name[seat * 4 + DEITY], list(self.cond[seat]),
                                  sorted(self.shops[seat])), R_SETUP, None, True)
            hand, deck = self.hands[seat], self.decks[seat]
            for _ in range(HAND_SIZE):
                card = deck.pop()
                hand.append(card)
                self.event("draw", (seat, card, len(hand), len(deck)), R_SETUP, None, True)

    # --- small helpers ---------------------------------------------------------------

    def uname(self, unit: int) -> str:
        """A unit's name in the notation (its card id, told apart per side if both seats
        field the same card)."""
        return self.unit_name[unit]

    def side(self, unit: int) -> Side:
        """The face of a unit in use (levelled or basic)."""
        return self.cat.units[self.unit_card[unit]].sides[self.lvl[unit]]

    def is_deity(self, unit: int) -> bool:
        """Whether the unit is a deity."""
        return unit % 4 == DEITY

    def in_play(self, unit: int) -> bool:
        """Whether a unit is in a lane."""
        return self.zone[unit] >= 0

    def units_of(self, seat: int) -> range:
        """A seat's four unit slots."""
        return range(seat * 4, seat * 4 + 4)

    def units_at(self, seat: int, lane: int) -> list[int]:
        """A seat's units in a lane."""
        return [u for u in range(seat * 4, seat * 4 + 4) if self.zone[u] == lane]

    def lookup(self, word: str, seat: int | None) -> int:
        """The unit a word names for ``seat`` (-1: none). Names are unique but for two
        face-down deities of the same card (each seat knows only its own): then the
        seat's own."""
        u = self.names.get(word, -1)
        if u >= 0 and seat is not None and u // 4 != seat and u % 4 == DEITY and \
                self.unit_name[seat * 4 + DEITY] == word:
            return seat * 4 + DEITY
        return u

    # --- stats: printed, items, then the modifier store (docs/cards.md §5) -------------

    def statics(self) -> list[tuple[ModSpec, dict[str, Any]]]:
        """Every static ability of the cards in play, with its context (units in slot
        order with their items, then ruined conduits). Remembered until a unit moves,
        levels, changes its item or a conduit is ruined (stats read it many times a
        decision; the list and its contexts are read-only)."""
        memo = self.statics_memo
        ruined = self.ruined
        # Compared list by list (no key built: this runs several times a decision).
        if memo is not None and memo[0] == self.zone and memo[1] == self.lvl and \
                memo[2] == self.item and memo[3] == ruined[0] and memo[4] == ruined[1]:
            return cast("list[tuple[ModSpec, dict[str, Any]]]", memo[5])
        out: list[tuple[ModSpec, dict[str, Any]]] = []
        cat = self.cat
        for u in range(8):
            z = self.zone[u]
            if z < 0:
                continue
            ctx = {"p": u // 4, "u": u, "lane": z}
            out.extend((m, ctx) for m in self.side(u).statics)
            it = self.item[u]
            if it:
                out.extend((m, ctx) for m in cat.items[it].statics)
        for p in (0, 1):
            for lane in range(3):
                if self.ruined[p][lane]:
                    c = cat.conduits[self.cond[p][lane]]
                    if c.statics:
                        ctx = {"p": p, "u": -1, "lane": lane}
                        out.extend((m, ctx) for m in c.statics)
        self.statics_memo = (self.zone[:], self.lvl[:], self.item[:], ruined[0][:],
                             ruined[1][:], out)
        return out

    def stat(self, unit: int, key: str, base: int | None = None, lo: int = STATIC,
             hi: int = 6) -> int:
        """A stat through the layers ``lo`` to ``hi`` (``base``: printed and items)."""
        if base is None:
            side = self.side(unit)
            base = getattr(side, key)
            it = self.item[unit]
            if it:
                base += getattr(self.cat.items[it], key)
        store = self.store
        live = "stat" in self.cat.static_kinds
        if not store and not live:
            return base
        statics = self.statics() if live else ()
        return kernel_mods.stat(self.V, self, store, unit, key, base, statics, lo, hi)

    def keyword(self, unit: int, kw: str) -> bool:
        """Whether a unit has a keyword now (printed, from its item, granted, lost)."""
        side = self.side(unit)
        it = self.item[unit]
        base = kw in side.keywords or (kw == "regen" and side.regen > 0) or (
            bool(it) and kw in self.cat.items[it].grants)
        if not self.store and "keyword" not in self.cat.static_kinds:
            return base
        return self.keyword_value(unit, kw) > 0

    def keyword_value(self, unit: int, kw: str) -> int:
        """A keyword's value (Regen's number; 1 for a keyword without one; 0: none)."""
        side = self.side(unit)
        it = self.item[unit]
        if kw == "regen":
            base = side.regen
        else:
            base = int(kw in side.keywords or (bool(it) and kw in self.cat.items[it].grants))
        live = "keyword" in self.cat.static_kinds
        if not self.store and not live:
            return base
        statics = self.statics() if live else ()
        if not live:
            return kernel_mods.keyword(self.V, self, self.store, unit, kw, base, statics)
        # A static ability whose own reach depends on the keyword it gives (Taunt given to
        # the heroes that are attackable, which Taunt decides) would ask itself forever:
        # asked again while being worked out, the keyword is what it was without them.
        key = (unit, kw)
        if key in self.asking:
            return kernel_mods.keyword(self.V, self, self.store, unit, kw, base, ())
        self.asking.add(key)
        try:
            return kernel_mods.keyword(self.V, self, self.store, unit, kw, base, statics)
        finally:
            self.asking.discard(key)

    def keywords(self, unit: int) -> frozenset[str]:
        """Every keyword a unit has now (Regen apart: its value is :meth:`regen`)."""
        side = self.side(unit)
        kws = side.keywords
        it = self.item[unit]
        if it:
            kws = kws | self.cat.items[it].grants
        live = "keyword" in self.cat.static_kinds
        if not self.store and not live:
            return kws
        statics = self.statics() if live else ()
        return kernel_mods.keywords(self.V, self, self.store, unit, kws, statics) - {"regen"}

    def rule(self, unit: int, key: str) -> bool:
        """Whether a rule word (a permission or prohibition) applies to a unit."""
        live = "rule" in self.cat.static_kinds
        if not self.store and not live:
            return False
        statics = self.statics() if live else ()
        return kernel_mods.rule(self.V, self, self.store, unit, key, statics)

    def cost(self, unit: int, key: str, base: int) -> int:
        """A cost of a unit (its talents' action points, its EXP cost) with modifiers."""
        live = "cost" in self.cat.static_kinds
        if not self.store and not live:
            return base
        statics = self.statics() if live else ()
        return kernel_mods.cost(self.V, self, self.store, unit, key, base, statics)

    def stats(self, unit: int) -> tuple[int, int, int, frozenset[str]]:
        """Attack, armor, health and keywords at once, as ``attack_of``, ``armor_of``,
        ``health_of`` and ``keywords`` give them."""
        return (self.attack_of(unit), self.armor_of(unit), self.health_of(unit),
                self.keywords(unit))

    def attack_of(self, unit: int) -> int:
        """Attack with item and every effect."""
        return max(0, self.stat(unit, "attack"))

    def armor_of(self, unit: int) -> int:
        """Armor with item and every effect."""
        return max(0, self.stat(unit, "armor"))

    def health_of(self, unit: int) -> int:
        """Health with the item's bonus and every effect (at least 1)."""
        return max(1, self.stat(unit, "health"))

    def regen(self, unit: int) -> int:
        """Regen: only the highest value counts (Keywords — Regen X)."""
        return self.keyword_value(unit, "regen")

    def mighty(self, unit: int) -> bool:
        """Levelled up or Divine: Ultimate effects resolve (Keywords: Ultimate)."""
        return bool(self.lvl[unit]) or self.keyword(unit, "divine")

    # --- what a seat looked at (resample keeps it) ---------------------------------------

    def to_void(self, seat: int, card: str) -> None:
        """A card of ``seat`` goes to the void (removed from the game)."""
        self.void = tuple((*v, card) if p == seat else v for p, v in enumerate(self.void))

    def know_hand(self, viewer: int | None, seat: int, card: str) -> None:
        """``viewer`` (None: both seats) knows ``card`` is in ``seat``'s hand."""
        for v in ((0, 1) if viewer is None else (viewer,)):
            if v != seat:
                self.seen = (*self.seen, ("hand", v, seat, card))

    def know_deck(self, viewer: int | None, seat: int, index: int, card: str) -> None:
        """``viewer`` (None: both) knows the card at ``index`` (from the bottom) of a deck."""
        for v in ((0, 1) if viewer is None else (viewer,)):
            fact = ("deck", v, seat, index, card)
            if fact not in self.seen:
                self.seen = (*self.seen, fact)

    def seen_draw(self, seat: int) -> None:
        """``seat`` drew its top card: what was known of that place is now known of its
        hand."""
        top = len(self.decks[seat])  # the index the drawn card had
        out = []
        for fact in self.seen:
            if fact[0] == "deck" and fact[2] == seat and fact[3] == top:
                if fact[1] != seat:
                    out.append(("hand", fact[1], seat, fact[4]))
            else:
                out.append(fact)
        self.seen = tuple(out)

    def seen_leaves_hand(self, seat: int, card: str) -> None:
        """A card left ``seat``'s hand face up: one copy known there is gone."""
        out = list(self.seen)
        for v in (0, 1):
            for i, fact in enumerate(out):
                if fact[:4] == ("hand", v, seat, card):
                    del out[i]
                    break
        self.seen = tuple(out)

    def leave_zone(self, seat: int, zone: str, card: str) -> None:
        """A card left a zone by an effect (move_card): what was known of it there goes."""
        if not self.seen:
            return
        if zone == "hand":
            self.seen_leaves_hand(seat, card)
        elif zone == "deck_top":
            top = len(self.decks[seat])
            self.seen = tuple(f for f in self.seen if not (f[0] == "deck" and f[2] == seat
                                                           and f[3] == top))

    def deck_bottom_insert(self, seat: int) -> None:
        """A card went under a deck: known places of that deck move up by one."""
        if self.seen:
            self.seen = tuple(("deck", f[1], f[2], f[3] + 1, f[4]) if f[0] == "deck" and
                              f[2] == seat else f for f in self.seen)

    def cards_in_play(self) -> None:
        """Set the rules' fast paths (:meth:`Catalog.for_game`) for the cards that can act
        now: the heroes, a deity once in play, the items equipped, the ruined conduits
        (only cards in play trigger, replace or apply static abilities). Called when a
        card comes into play: the decks are built, a deity manifests, an item is
        equipped, a conduit is ruined, a position is loaded or resampled."""
        units = [c for u, c in enumerate(self.unit_card) if u % 4 != DEITY or self.zone[u] >= 0]
        items = [i for i in self.item if i]
        conduits = [self.cond[p][x] for p in (0, 1) for x in range(3) if self.ruined[p][x]]
        self.cat = self.cat.for_game(units, items, conduits)
        self.book = self.cat.book

    def name_deities(self) -> None:
        """Both seats may field the same deity: once one has manifested, the other (still
        face down, known only to its owner) is told apart by its side (``oracle.b``)."""
        a, b = self.unit_card[DEITY], self.unit_card[4 + DEITY]
        if a != b:
            return
        names = list(self.unit_name)
        for seat in (0, 1):
            mine, theirs = seat * 4 + DEITY, (1 - seat) * 4 + DEITY
            if self.zone[theirs] != HOME or self.banished[1 - seat] >= 0:
                if names[mine] == names[theirs]:
                    names[mine] = f"{self.unit_card[mine]}.{LABELS[seat].lower()}"
        self.unit_name = tuple(names)
        self.names = {n: i for i, n in enumerate(names)}

    # --- the contract ----------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat deciding now (``None`` when the game is over, or a seat conceded)."""
        if self.phase == OVER or self.conceded:
            return None
        if self.ask is not None:
            return self.ask[1]
        if self.phase == DRAFT:
            assert self.draft is not None
            return self.draft.to_act()
        if self.phase == DEPLOY:
            return A if self.to_deploy % 2 == 0 else B
        if self.phase in (BLOCK, CLASH_D):
            return other(self.active)
        return self.active

    def parse_action(self, text: str) -> Action:
        """Read radiant-arena notation (see :mod:`.actions`)."""
        return parse(text)

    def outcome(self) -> Outcome | None:
        """The winner and why; scores are 1 for the winner, 0 for the loser. A seat that
        conceded loses."""
        if self.conceded:
            winner = B if A in self.conceded else A
            reason = f"Player {self.concession_words()}"
        elif self.phase != OVER:
            return None
        else:
            winner, reason = self.winner, self.reason
        scores = tuple(1.0 if s == winner else 0.0 for s in (A, B))
        return Outcome(scores, (winner,), reason)

    def _legal_actions(self) -> list[Action]:
        return legal.legal_actions(self)

    def _forced_actions(self) -> list[Action]:
        # A seat with nothing to do passes (docs/rules/radiant-arena.md, "A seat with
        # nothing to do"): flow.forced_pass says what that does where it happens.
        return [legal.PASS]

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        return legal.why_illegal(self, action)

    def _concede(self, seat: int, reason: str) -> None:
        flow.concede(self, seat, reason)

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Act)
        flow.apply_action(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know."""
        return views.view(self, seat)

    def catalogue(self) -> Catalog:
        """The card pool of this game (names and texts, public): what its words read."""
        return self.cat

    def resample(self, seat: int, rng: Random) -> ArenaState:
        """Re-deal what ``seat`` cannot see."""
        return hidden.resample(self, seat, rng)

    def to_data(self) -> dict[str, Any]:
        """The whole position as readable data."""
        return positions.to_data(self)

    def _blank_args(self) -> tuple[Any, ...] | None:
        """A blank instance for pickling, as clone makes one."""
        return (self.players, self.seed, self.params, self.cat, True)

    def clone(self) -> ArenaState:
        """An independent copy."""
        new = ArenaState(self.players, self.seed, self.params, self.cat, True)
        self._copy_base(new)
        new.cat, new.unit_card, new.unit_name = self.cat, self.unit_card, self.unit_name
        new.names = self.names
        new.zone, new.lvl, new.comm = self.zone[:], self.lvl[:], self.comm[:]
        new.dmg, new.item = self.dmg[:], self.item[:]
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.decks = [self.decks[0][:], self.decks[1][:]]
        new.discards = [self.discards[0][:], self.discards[1][:]]
        new.void = self.void
        new.shops = [self.shops[0][:], self.shops[1][:]]
        new.cond = [self.cond[0][:], self.cond[1][:]]
        new.cdmg = [self.cdmg[0][:], self.cdmg[1][:]]
        new.ruined = [self.ruined[0][:], self.ruined[1][:]]
        new.power, new.buyback, new.banished = self.power[:], self.buyback[:], self.banished[:]
        new.active, new.ap, new.turn, new.phase = self.active, self.ap, self.turn, self.phase
        new.to_deploy, new.used = self.to_deploy, set(self.used)
        new.home_at_start, new.revived = self.home_at_start, self.revived
        new.store, new.clock = self.store, self.clock
        combat = self.combat
        new.combat = None if combat is None else combat.copy()
        stack = self.stack
        new.stack = [f.copy() for f in stack] if stack else []
        new.pending, new.delayed, new.seen = self.pending, self.delayed, self.seen
        new.ask, new.winner, new.cause, new.reason = self.ask, self.winner, self.cause, self.reason
        new.replacing = self.replacing
        new.asking = set()
        new.chance = self.chance.copy()
        new.draft, new.deck_list = self.draft, self.deck_list
        new.statics_memo = self.statics_memo  # (immutable once made; keyed on the board)
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
            keys = _SKILL_KEYS.get(name)
            if keys is None:  # made once a name (the main phase asks at every decision)
                keys = (f"skill:0:{name}", f"skill:1:{name}")
                if len(_SKILL_KEYS) < _SKILL_KEYS_LIMIT:
                    _SKILL_KEYS[name] = keys
            return keys[owner(unit)]
        it = self.item[unit]
        if it and any(t.id == name for t in self.cat.items[it].talents):
            return f"item:{it}:{name}"  # "An item's: once per turn" (rule 18), level or not
        return f"unit:{self.unit_name[unit]}:{self.lvl[unit]}:{name}"


# A skill card's Cooldown keys by its name, for seats A and B (cooldown_key); bounded.
_SKILL_KEYS: dict[str, tuple[str, str]] = {}
_SKILL_KEYS_LIMIT = 10_000


def new_state(cat: Catalog, seed: int, params: dict[str, Any]) -> ArenaState:
    """A new game in deployment (``params``: deck_a, deck_b)."""
    state = ArenaState(2, seed, params, cat)
    flow.advance(state)
    return state


__all__ = [
    "ArenaState", "new_state", "unit_names", "ACTION_PHASE", "ADJACENT",
    "AP_PER_TURN", "BLOCK", "BUYBACK_COST", "CLASH_A", "CLASH_D", "COMBAT_END", "DEITY",
    "DEPLOY", "DISCARD", "DRAW", "END", "GATHER", "HAND_LIMIT", "HAND_SIZE", "HOME", "ITEMS",
    "KO_POWER", "LANES", "MAIN", "OVER", "PHASE_NAMES", "PREP", "RESOLVE", "REVEAL", "REVIVE",
    "RUIN_POWER", "SHOP", "VOID", "A", "B", "ConduitRef", "other", "owner", "R_ACTION",
    "R_ANATOMY", "R_BASIC", "R_BLOCK", "R_CLASH", "R_CLASH_CARDS", "R_COMBAT",
    "R_CONDUIT_ICON", "R_COOLDOWN", "R_DAMAGE", "R_DECKS", "R_DEPLOY", "R_DRAW", "R_EVOKER",
    "R_FAQ_LIFELINK", "R_FAQ_MAKA", "R_FAQ_MANDATORY", "R_FAQ_PARTIAL", "R_FAQ_WRATHLORD",
    "R_FIRST", "R_GOLDEN", "R_HEROIC", "R_KEYWORDS", "R_MANIFEST", "R_PARTICIPANTS",
    "R_PICK", "R_POWER", "R_PREP", "R_READY", "R_RESOLUTION", "R_REVIVE", "R_SETUP",
    "R_SHOP", "R_SPECIAL", "R_TALENT", "R_ULTIMATE", "R_WIN", "LABELS", "ADJACENT",
]
