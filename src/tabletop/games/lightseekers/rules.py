"""Lightseekers TCG (PlayFusion): the rules engine (rulebook: lightseekers-tcg.txt).

Two to six players, each a hero with three Elements and a deck of 5 combos and 30 action
cards; attacks go to your target (the player on your left); a defeat rewards the player
on the defeated hero's right; the last player standing gains a Victory Point and most
Victory Points wins. Implements every section of the rulebook:
Hero Cards, Action Cards (Attack & Defend, Buff, Item), Combo Cards, GETTING STARTED,
TAKING TURNS (the five phases) and ENDING THE GAME; where it is silent, the decisions are
in docs/rules/lightseekers.md.

The state is flat (lists of ints and tuples per seat) so that it clones in microseconds:
cards are indexes into the catalogue; a buff in play is ``(uid, card, quarter turns)``;
effects being resolved are the rules kernel's frames (tabletop.cards), and no effect is
ever left half-resolved at a decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any, ClassVar

from tabletop.cards import Frame, Modifier, Pending, Vocabulary
from tabletop.core import Action, Chance, Outcome, ParameterError, State

from . import board
from .actions import Act, parse
from .data import Catalog, catalog, deck_problems
from .flow import advance, apply_action
from .ids import OPENING_HANDS, OVER, R_END, R_SETUP, START
from .legal import legal, why_illegal
from .vocab import VOCAB

# The decks found valid, per catalog (the catalog kept with them, so that its id stays
# its own): a deck is checked once, not at every deal (playouts deal often).
_CHECKED: dict[int, tuple[Catalog, set[str]]] = {}
DEFAULT_DECKS = ("mountain", "storm", "astral", "dread", "nature", "tech")
RANDOM = "random"  # decks=random: every seat a ready deck drawn from the seed


def decks_for(cat: Catalog, players: int, decks: str, chance: Chance) -> list[str]:
    """Each seat's deck id: ``decks`` (comma-separated, by seat, cycled when shorter), or
    the ready decks in turn by default; ``random``: the ready decks shuffled by
    ``chance``, so that each seat has a different one while there are enough. An unknown
    or broken deck is a ParameterError."""
    ready = [d for d in DEFAULT_DECKS if d in cat.decks] or sorted(cat.decks)
    if decks.strip() == RANDOM:
        names = ready[:]
        chance.shuffle(names)
    else:
        names = [d.strip() for d in decks.split(",") if d.strip()] if decks else ready
    for d in names:
        if d not in cat.decks:
            raise ParameterError(f"lightseekers: unknown deck {d!r} (decks: "
                                 f"{', '.join(sorted(cat.decks))}; or {RANDOM} alone)")
        checked = _CHECKED.setdefault(id(cat), (cat, set()))[1]
        if d in checked:
            continue
        deck = cat.decks[d]
        problems = deck_problems({c.id: c for c in cat.cards},
                                 {h.id: h for h in cat.heroes}, deck.hero, list(deck.combos),
                                 dict(deck.cards))
        if problems:
            raise ParameterError(f"lightseekers: deck {d!r}: " + "; ".join(problems))
        checked.add(d)
    return [names[i % len(names)] for i in range(players)]


class LsState(State):
    """A game of Lightseekers."""

    V: ClassVar[Vocabulary] = VOCAB
    __slots__ = ("cat", "order", "pos", "alive", "health", "vp", "heroes", "hand", "deck",
                 "disc", "buffs", "items", "uid", "active", "step", "acts", "combo", "passed",
                 "used", "paying", "rewards", "stack", "queue", "store", "clock", "empties",
                 "out", "turn", "chance", "_statics", "_repl", "_sources", "_kinds")

    def __init__(self, players: int, seed: int, params: dict[str, Any],
                 deal: bool = True, blank: bool = False) -> None:
        if blank:
            return  # for clone(), which sets every field (compiled, __new__ would run this)
        super().__init__(players, seed, params)
        cat = self.cat = catalog(params.get("cards", ""))
        self.chance = Chance(seed)
        # decks=random draws from the chance first; named decks draw nothing (their deals
        # stay those of the same seed before the option existed).
        decks = [cat.decks[d]
                 for d in decks_for(cat, players, params.get("decks", ""), self.chance)]
        # GETTING STARTED: "Randomly decide the play order and sit down in a circle."
        order = list(range(players))
        self.chance.shuffle(order)
        self.order = tuple(order)
        self.pos = tuple(order.index(p) for p in range(players))
        self.set_heroes(tuple(cat.hero_index[d.hero] for d in decks))
        self.alive = [True] * players
        self.health = [cat.heroes[h].health for h in self.heroes]
        self.vp = [0] * players
        # hand, deck, disc: rows shared by clones, replaced, never changed in place (clone)
        self.hand: list[list[int]] = [[] for _ in range(players)]
        self.deck = [list(d.contents) for d in decks]
        self.disc: list[list[int]] = [[] for _ in range(players)]
        self.buffs: list[list[tuple[int, int, int]]] = [[] for _ in range(players)]
        self.items: list[list[int]] = [[] for _ in range(players)]
        self.uid = 0
        self.active = order[0]
        self.step = START
        self.acts = 0
        self.combo = False
        self.passed = False
        self.used = 0
        self.paying: tuple[int, tuple[str, ...], tuple[int, ...]] | None = None
        self.rewards: list[tuple[int, int]] = []
        self.stack: list[Frame] = []
        self.queue: list[Pending] = []
        self.store: tuple[Modifier, ...] = ()
        self.clock = 0
        self.empties = [0] * players
        self.out: list[int] = []
        self.turn = 0
        self._statics: tuple[Any, ...] | None = None
        self._repl: list[Any] | None = None
        self._sources: dict[Any, Any] | None = None
        self._kinds: frozenset[str] | None = None
        if not deal:
            return
        for d in self.deck:  # "The deck is shuffled and placed face down"
            self.chance.shuffle(d)
        hands = [0] * players
        for i, p in enumerate(order):
            hands[p] = OPENING_HANDS[min(i, len(OPENING_HANDS) - 1)]
        self.event("setup", (list(order), [cat.heroes[h].id for h in self.heroes], hands),
                    R_SETUP)
        for p in order:
            for _ in range(hands[p]):
                board.draw(self, p, R_SETUP)
        advance(self)

    # --- the contract ----------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The active player in its action phase; the enemy of a defeated hero choosing
        cards to move back; None once the game is over."""
        if self.step == OVER:
            return None
        if self.rewards:
            return self.rewards[0][0]
        return self.active

    def _legal_actions(self) -> list[Action]:
        return legal(self)  # a new list each time: the core keeps it as a tuple

    def _apply(self, action: Action) -> None:
        # Carry out an action (of this game: apply() found it among the legal ones):
        # flow.py's apply_action (a method, not the function set as one: mypyc compiles
        # the class, and calls it directly).
        apply_action(self, action)  # type: ignore[arg-type]

    def _in_game(self, seat: int) -> bool:
        return self.alive[seat]

    def _concede(self, seat: int, reason: str) -> None:
        """The player leaves as if defeated: its hero is removed from the game at 0
        health and its enemy receives the rewards, "regardless of how they reached 0
        health" (ENDING THE GAME; docs/rules/lightseekers.md, "Concessions"); the game
        goes on with the others."""
        self.event("concede", (seat, reason), R_END)
        self.health[seat] = 0
        board.defeat(self, seat)
        if self.paying is not None and (self.active == seat or self.step == OVER):
            # A payment left unfinished: the combo and the cards paid go back to the hand.
            combo, _, paid = self.paying
            self.hand[self.active] = sorted([*self.hand[self.active], combo, *paid])
            self.paying = None
        if self.step != OVER:
            advance(self)

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        assert isinstance(action, Act)
        return why_illegal(self, action)

    def parse_action(self, text: str) -> Action:
        """Read the notation (docs/rules/lightseekers.md)."""
        return parse(text, self.cat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (see :mod:`.views`)."""
        from .views import view

        return view(self, seat)

    def set_heroes(self, heroes: tuple[int, ...]) -> None:
        """The seats' heroes (by index), and the event book that names them: a hero's own
        Ability reads "P1 uses the Ability of Tempest"."""
        self.heroes = heroes
        self.book = self.cat.book_of(heroes)

    def _blank_args(self) -> tuple[Any, ...] | None:
        """A blank instance for pickling, as clone makes one."""
        return (self.players, self.seed, self.params, True, True)

    def clone(self) -> LsState:
        """An independent copy (card data, tuples and the rows of cards are shared)."""
        new = LsState(self.players, self.seed, self.params, True, True)
        self._copy_base(new)
        new.cat = self.cat
        new.order = self.order
        new.pos = self.pos
        new.heroes = self.heroes
        new.alive = self.alive[:]
        new.health = self.health[:]
        new.vp = self.vp[:]
        # Each seat's hand, deck and discard pile are rows shared with the clone: a row is
        # replaced, never changed in place (a seat's own copy first where a loop takes
        # several cards from it), as buffs' and items' are.
        new.hand = self.hand[:]
        new.deck = self.deck[:]
        new.disc = self.disc[:]
        new.buffs = self.buffs[:]  # each row is replaced, never changed in place
        new.items = self.items[:]  # likewise
        new.uid = self.uid
        new.active = self.active
        new.step = self.step
        new.acts = self.acts
        new.combo = self.combo
        new.passed = self.passed
        new.used = self.used
        new.paying = self.paying
        new.rewards = self.rewards[:]
        new.stack = [f.copy() for f in self.stack] if self.stack else []  # empty at decisions
        new.queue = self.queue[:]
        new.store = self.store
        new.clock = self.clock
        new.empties = self.empties[:]
        new.out = self.out[:]
        new.turn = self.turn
        new.chance = self.chance.copy()
        new._statics = self._statics
        new._repl = self._repl
        new._sources = self._sources
        new._kinds = self._kinds
        return new

    def catalogue(self) -> Catalog:
        """The card pool (names and texts, public): what the game's words read."""
        return self.cat

    def resample(self, seat: int, rng: Random) -> LsState:
        """Re-deal what ``seat`` cannot see (see :mod:`.hidden`)."""
        from .hidden import resample

        new = resample(self, seat, rng)
        self._resampled(new, seat, rng)
        new.chance = Chance(rng.getrandbits(64))
        return new

    def outcome(self) -> Outcome | None:
        """Most Victory Points wins; a tie goes to who stayed in the game longest."""
        if self.step != OVER:
            return None
        win = board.winners(self)
        best = max(v for p, v in enumerate(self.vp) if p not in self.conceded)
        tied = sum(1 for p, v in enumerate(self.vp) if v == best and p not in self.conceded)
        reason = "most Victory Points" + (", the tie broken by who stayed in the game "
                                          "longest" if tied > 1 else "")
        if self.conceded:
            reason = f"{self.concession_words()}; {reason} of the others"
        return Outcome(tuple(float(v) for v in self.vp), win, reason)

    def to_data(self) -> dict[str, Any]:
        """The whole position (see :mod:`.positions`)."""
        from .positions import to_data

        return to_data(self)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> LsState:
        """A position from scenario data (see :mod:`.positions`)."""
        from .positions import from_data

        return from_data(data, cls)


__all__ = ["LsState", "decks_for", "DEFAULT_DECKS", "RANDOM"]
