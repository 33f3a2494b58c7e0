"""Hoshi Battle: the rules engine (rulebook: hoshi-duel.txt; the design where it is
silent: docs/rules/hoshi-battle.md, labelled reconstructed).

Two to five players are dealt five Heroes and five Duel cards each (four each at five
players: the piles hold twenty) and keep three of each; a Game is a series of Duels until
only one player has Heroes left. One Duel is fought at a time: with more than two
players the winner stays and faces the first player of the waiting line, the loser goes
to the end of the line, and a player with no Heroes left leaves (king of the hill).
Before each Duel both duelists choose a Hero face down (hidden commitments in seat
order), revealed together. A Duel is a series of rounds: a reveal window, then throws of
the dice until a player rolls the symbol and strikes (the strike model, or the real-time
strike's referee), then the end-of-round window (the defeated player's last chance) and
the exile of a Hero with no Hoshi Stone.
Implements Hero Cards, Duel Cards, Terminology and Card Effect Priority; every continuous
effect is a modifier with a timestamp on the rules kernel (:mod:`.board`).

The state is flat lists of ids and ints, and one tuple of modifiers, so it copies fast.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any, ClassVar, Final

from tabletop.cards import Modifier, Vocabulary
from tabletop.core import Action, Chance, Outcome, ParameterError, State
from tabletop.core.state import without

from . import board as fx
from .actions import (
    PASS,
    STRIKE_HIT,
    STRIKE_MISS,
    WAIT,
    ChooseHero,
    Discard,
    Pass,
    Play,
    Strike,
    Wait,
    choose_hero,
    discard,
    parse,
    play,
)
from .data import Catalog, catalog
from .decks import check_params, deal_size
from .dice import FACES, PLAIN_COUNTS, PLAIN_STRIKES, STRIKE
from .events import book_of
from .ids import (
    CHOOSE,
    DUEL_START,
    KEEP,
    KEEP_CARDS,
    KEEP_HEROES,
    MAX_THROWS,
    OVER,
    R_BATTLE,
    R_CARD_TEXT,
    R_CHOOSE,
    R_CONSTRUCTED,
    R_DEFEAT,
    R_DUEL,
    R_DUEL_CARDS,
    R_EXILE,
    R_GAME,
    R_HEALTH,
    R_HIT,
    R_LEAVE,
    R_LINE,
    R_MISS,
    R_PRIORITY,
    R_REVEAL,
    R_ROUND,
    R_SETUP,
    ROUND_END,
    ROUND_START,
    TIMING_TEXT,
    TYPE_RULE,
    WINDOW,
)
from .ids import (
    STRIKE as STRIKE_PHASE,
)
from .vocab import VOCAB

SWIFT_EDGE: Final = 15  # strike model: percentage points for Swift, against Elusive
MIN_CHANCE: Final = 5
MAX_CHANCE: Final = 95
ROLLOFF_LIMIT: Final = 50


class HoshiState(State):
    """A game of Hoshi Battle (two to five players, one Duel at a time)."""

    V: ClassVar[Vocabulary] = VOCAB
    __slots__ = ("cat", "order", "chance", "phase", "turn", "hero_deck", "card_deck", "hands",
                 "cards",
                 "discards", "exiled", "shown", "hero", "chosen", "stones", "in_play",
                 "used", "store", "clock", "duel", "round", "throw", "starter",
                 "last_hitter", "window", "passed", "moves", "waited", "was_hit", "did_hit",
                 "stone_lost", "struck", "pending_hit", "faces", "duelists", "next_starter", "line",
                 "drawn", "seen")

    def __init__(self, players: int, seed: int, params: dict[str, Any],
                 deal: bool = True, blank: bool = False) -> None:
        if blank:
            return  # for clone(), which sets every field (compiled, __new__ would run this)
        super().__init__(players, seed, params)
        # the packaged cards, plus those of the user's card files (the ``cards`` parameter)
        self.cat = cat = catalog(params.get("cards", ""))
        self.order = _order(cat)
        self.book = book_of(cat)
        decks = check_params(params)
        n = players
        if decks is not None and n != 2:
            raise ParameterError("hoshi-battle: the Constructed Deck Variant is for two "
                                 "players (deck1 and deck2)")
        self.chance = Chance(seed)
        self.phase = KEEP
        self.turn = 0
        self.hero_deck: list[str] = []
        self.card_deck: list[str] = []
        # Each seat's rows of cards (hands, cards, discards, exiled, shown, in_play, used,
        # faces) are shared by clones: a row is replaced, never changed in place.
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.cards: list[list[str]] = [[] for _ in range(n)]
        self.discards: list[list[str]] = [[] for _ in range(n)]
        self.exiled: list[list[str]] = [[] for _ in range(n)]
        self.shown: list[list[str]] = [[] for _ in range(n)]
        self.hero = [""] * n
        self.chosen = [""] * n
        self.stones = [0] * n
        self.in_play: list[list[str]] = [[] for _ in range(n)]
        self.used: list[list[str]] = [[] for _ in range(n)]
        self.drawn = [0] * n  # Duel cards drawn by effects (op draw), beyond the three kept
        # What a seat looked at (op look): (viewer, owner, card) for each face-down Duel
        # card the viewer knows in the owner's hand, until it leaves it (resample keeps it).
        self.seen: tuple[tuple[int, int, str], ...] = ()
        self.store: tuple[Modifier, ...] = ()
        self.clock = 0
        self.duel = self.round = self.throw = 0
        self.starter = self.last_hitter = 0
        self.window = ""
        self.passed = [True] * n
        self.moves = 0
        self.waited = False
        self.was_hit = [False] * n
        self.did_hit = [False] * n
        self.stone_lost = False
        self.struck = [0] * n
        self.pending_hit = False
        self.faces: list[list[str]] = [[] for _ in range(n)]
        # The two players of the Duel being fought, in seat order, and the waiting line
        # (first called first): P1 and P2 with two players; with more, drawn by lot when
        # the cards are kept (_draw_order).
        self.duelists = (0, 1)
        self.line = list(range(2, n))
        self.next_starter = -1
        if not deal:
            return
        if decks is not None:
            for seat in range(n):
                self.hands[seat] = self.sort(decks[0][seat])
                self.cards[seat] = self.sort(decks[1][seat])
                self.event("deck", (seat, list(self.hands[seat]), list(self.cards[seat])),
                           R_CONSTRUCTED)
            self._start_choosing()
            return
        self.hero_deck = list(self.cat.heroes)
        self.card_deck = list(self.cat.cards)
        self.chance.shuffle(self.hero_deck)
        self.chance.shuffle(self.card_deck)
        k = deal_size(params, n)
        for seat in range(n):
            self.hands[seat] = self.sort([self.hero_deck.pop() for _ in range(k)])
            self.cards[seat] = self.sort([self.card_deck.pop() for _ in range(k)])
            self.event("deal", (seat, list(self.hands[seat]), list(self.cards[seat])),
                       R_SETUP)
        self._keep_next()

    # --- helpers ---------------------------------------------------------------------

    def sort(self, ids: list[str]) -> list[str]:
        """Card ids in catalogue order (hands are sets: their order tells nothing)."""
        return sorted(ids, key=self.order.__getitem__)

    def know(self, viewer: int, owner: int) -> None:
        """``viewer`` has looked at ``owner``'s face-down Duel cards: it knows each of them
        there (docs/rules/hoshi-battle.md, "Looking"), one fact a copy."""
        facts = list(self.seen)
        for card in self.cards[owner]:
            fact = (viewer, owner, card)
            # a copy known already is not known twice (two copies: two facts)
            if facts.count(fact) < self.cards[owner].count(card):
                facts.append(fact)
        self.seen = tuple(facts)

    def forget(self, owner: int, card: str) -> None:
        """A face-down ``card`` left ``owner``'s hand (played, discarded): each viewer that
        knew a copy of it there knows one copy fewer (what it knew is no longer true)."""
        out = list(self.seen)
        for v in range(self.players):
            fact = (v, owner, card)
            if fact in out:
                out.remove(fact)
        self.seen = tuple(out)

    def other(self, seat: int) -> int:
        """The other duelist."""
        a, b = self.duelists
        return b if seat == a else a

    def duel_order(self) -> list[int]:
        """The duelists with a Hero in play, the starting player first."""
        first = self.starter
        a, b = self.duelists
        second = b if first == a else a
        hero = self.hero
        if hero[first]:
            return [first, second] if hero[second] else [first]
        return [second] if hero[second] else []

    # --- setup -------------------------------------------------------------------------

    def _keep_next(self) -> None:
        for seat in range(self.players):
            if seat in self.conceded:
                continue
            if len(self.hands[seat]) > KEEP_HEROES or len(self.cards[seat]) > KEEP_CARDS:
                self.phase, self.turn = KEEP, seat
                return
        self._start_choosing()

    def _discard(self, seat: int, card: str) -> None:
        kind = "hero" if card in self.cat.heroes else "card"
        rows = self.hands if kind == "hero" else self.cards
        rows[seat] = without(rows[seat], card)
        if self.seen and kind == "card":
            self.forget(seat, card)
        self.discards[seat] = [*self.discards[seat], card]
        self.event("discard", (seat, card, kind), R_SETUP)
        self._keep_next()

    # --- choosing and revealing Heroes --------------------------------------------------

    def _draw_order(self) -> None:
        """Three to five players: who fights first and the order of the line, by lot (the
        game's seeded chance, once the cards are kept). Why by lot: the players who wait
        longest keep their Heroes longest (docs/balance/hoshi-battle.md), so a fixed seat
        order would favour the last seats."""
        order = [p for p in range(self.players) if p not in self.conceded]
        self.chance.shuffle(order)
        self.duelists = (min(order[:2]), max(order[:2]))
        self.line = order[2:]

    def _start_choosing(self) -> None:
        if self.duel == 0 and self.players > 2:
            self._draw_order()
        self.duel += 1
        self.phase = CHOOSE
        self.event("pairing", (self.duel, list(self.duelists), list(self.line)), R_LINE)
        for seat in self.duelists:
            if len(self.hands[seat]) == 1:  # one Hero left: the choice is forced (public)
                self._choose(seat, self.hands[seat][0], auto=True)
        self._choose_next()

    def _choose(self, seat: int, hero: str, auto: bool = False) -> None:
        self.chosen[seat] = hero
        self.hands[seat] = without(self.hands[seat], hero)
        self.event("choose", (seat, hero), R_CHOOSE)
        if not auto:
            self._choose_next()

    def _choose_next(self) -> None:
        for seat in self.duelists:
            if not self.chosen[seat]:
                self.phase, self.turn = CHOOSE, seat
                return
        self._reveal()

    def _rolloff(self) -> int:
        """Each duelist rolls the d8 until exactly one shows the symbol."""
        d8 = FACES[8]
        for throw in range(1, ROLLOFF_LIMIT + 1):
            shows = [d for d in self.duelists if d8[self.chance.below(8)] == STRIKE]
            if len(shows) == 1:
                self.event("rolloff", (throw, shows[0]), R_DUEL)
                return shows[0]
        seat = self.duelists[self.chance.below(2)]
        self.event("rolloff", (ROLLOFF_LIMIT, seat), R_DUEL)
        return seat

    def _reveal(self) -> None:
        for seat in self.duelists:
            hero = self.chosen[seat]
            self.hero[seat] = hero
            self.chosen[seat] = ""
            if hero not in self.shown[seat]:
                self.shown[seat] = [*self.shown[seat], hero]
        self.starter = self._rolloff() if self.next_starter < 0 else self.next_starter
        self.last_hitter = self.starter
        self.round = 0
        self.struck = [0] * self.players
        self.event("duel", (self.duel, list(self.hero), self.starter), R_DUEL, reveals=True)
        # Hero abilities: the unconditional ones from the reveal, then full health, then
        # those whose condition holds (Card Effect Priority: active when their event occurs).
        for seat in self.duel_order():
            card = self.cat.heroes[self.hero[seat]]
            always = [(i, spec) for i, spec in enumerate(card.statics) if spec.cond is None]
            if always:
                self.event("ability", (seat, card.id, True, self.clock + 1), R_PRIORITY)
            for i, spec in always:
                fx.activate(self, seat, spec, fx.ability_context(seat, card.id, i))
        for seat in self.duelists:
            self.stones[seat] = fx.full_health(self, seat)
        self.event("full_health", (list(self.stones),), R_HEALTH)
        fx.refresh(self)
        # Duel Cards: the winner's Artifacts and Legends are used again.
        for seat in self.duel_order():
            for card_id in self.in_play[seat]:
                self.event("reuse", (seat, card_id), TYPE_RULE[self.cat.cards[card_id].type])
                self._resolve_card(seat, card_id)
        self._open_window(DUEL_START)

    # --- reveal windows --------------------------------------------------------------------

    def _open_window(self, name: str) -> None:
        self.window = name
        self.moves = 0
        self.waited = False
        self.passed = [s not in self.duelists or not self.cards[s]
                       for s in range(self.players)]
        first = self.last_hitter
        if self.passed[first]:
            first = self.other(first)
        if self.passed[first]:
            self._close_window()
            return
        self.phase, self.turn = WINDOW, first
        self.event("window", (name, self.round, first), R_REVEAL)

    def playable(self, seat: int, card_id: str) -> bool:
        """Whether ``seat`` may play this face-down card in the open window (its timing)."""
        timing = self.cat.cards[card_id].timing
        w = self.window
        if w == DUEL_START:
            return timing in ("duel_start", "round_start")  # the rulebook's note
        if w == ROUND_START:
            return timing == "round_start"
        if w == ROUND_END:
            return (timing == "round_end" or (timing == "hit_taken" and self.was_hit[seat])
                    or (timing == "hit_given" and self.did_hit[seat])
                    or (timing == "stone_lost" and self.stone_lost))
        return False

    def starter_decides(self) -> bool:
        """Whether the open window is one of a Duel's first round where nobody has hit
        yet, so the starting player decides first and may ``wait`` (Card Effect Priority:
        "During the first round of a Duel, the starting player chooses whether to reveal
        his card first"): the Duel's beginning, round 1's beginning, and round 1's end
        when the round ended without a hit (a draw, or a hit cancelled). Once a player
        has hit, "the last player to hit his opponent must decide first"."""
        w = self.window
        if w == DUEL_START:
            return True
        if self.round != 1:
            return False
        return w == ROUND_START or (w == ROUND_END and not any(self.did_hit))

    def can_wait(self, seat: int) -> bool:
        """The starting player, deciding first in a Duel's first round, may let the
        opponent decide first (Card Effect Priority)."""
        return (self.moves == 0 and not self.waited and seat == self.starter
                and not self.passed[self.other(seat)] and self.starter_decides())

    def _resolve_card(self, seat: int, card_id: str) -> None:
        card = self.cat.cards[card_id]
        dur = "duel" if card.type == "power" else "source"
        if card.effects:
            fx.resolve(self, card.effects, {"p": seat, "u": seat, "lane": 0, "src": card_id,
                                            "dur": dur})

    def _play(self, seat: int, card_id: str) -> None:
        card = self.cat.cards[card_id]
        self.cards[seat] = without(self.cards[seat], card_id)
        if self.seen:
            self.forget(seat, card_id)
        standing = [d for d in self.duelists if self.stones[d] > 0]
        self.event("play", (seat, card_id, card.type), TYPE_RULE[card.type], reveals=True)
        if card.type == "power":
            self._resolve_card(seat, card_id)
            self.used[seat] = [*self.used[seat], card_id]
            self.event("leave", (seat, card_id, "used"), R_LEAVE)
        else:
            # in play first: its triggers listen
            self.in_play[seat] = [*self.in_play[seat], card_id]
            self._resolve_card(seat, card_id)
        self.moves += 1
        # Terminology, To defeat: a player whose last Hoshi Stone this card took "has one
        # last chance to play a Duel card (at the end of the round) before his Hero is
        # exiled", even if it had passed in this window: the defeat is new since it passed.
        for d in standing:
            if self.stones[d] == 0 and self.cards[d]:
                self.passed[d] = False
        if not self.cards[seat]:
            self.passed[seat] = True
        self._window_next(seat)

    def _window_next(self, seat: int) -> None:
        other = self.other(seat)
        if not self.passed[other]:
            self.turn = other
        elif not self.passed[seat]:
            self.turn = seat
        else:
            self._close_window()

    def _close_window(self) -> None:
        name, self.window = self.window, ""
        self.passed = [True] * self.players
        if name == DUEL_START:
            self._start_round()
        elif name == ROUND_START:
            self._battle()
        else:
            self._end_round()

    # --- rounds ----------------------------------------------------------------------------

    def _start_round(self) -> None:
        self.round += 1
        self.throw = 0
        self.was_hit = [False] * self.players
        self.did_hit = [False] * self.players
        self.stone_lost = False
        self.event("round", (self.duel, self.round), R_ROUND)
        fx.fire(self, "round_start", {"round": self.round})
        self._open_window(ROUND_START)

    def strike_chance(self, striker: int, defender: int) -> int:
        """The strike model: the chance (percent) that a strike lands."""
        p = int(self.params["strike_chance"])
        if fx.has_keyword(self, striker, "swift"):
            p += SWIFT_EDGE
        if fx.has_keyword(self, defender, "elusive"):
            p -= SWIFT_EDGE
        return max(MIN_CHANCE, min(MAX_CHANCE, p))

    def _battle(self) -> None:
        """Throw until a strike lands, a draw, or a live strike waits for its referee."""
        # Nothing changes the dice between two throws: read them once (each face's counted
        # symbols too, from the kernel's count modifiers).
        # A throw shows the symbol when a face counting as it comes up: those faces are
        # found once too.
        dice = []
        for seat in self.duelists:
            faces_of = FACES[fx.die_of(self, seat)]
            table = fx.count_table(self, seat, faces_of)
            strikes = (PLAIN_STRIKES if table is PLAIN_COUNTS else
                       frozenset(f for f, symbols in table.items() if STRIKE in symbols))
            dice.append((seat, faces_of, len(faces_of), fx.dice_of(self, seat), table,
                         strikes))
        chance = self.chance  # (its method called on it: compiled, a direct call)
        live = self.params["strike"] == "live"
        while True:
            self.throw += 1
            if self.throw > MAX_THROWS:
                self._draw("stalemate")
                return
            shows: list[bool] = [False] * self.players
            all_counted: list[list[list[str]]] = [[] for _ in range(self.players)]
            for seat, faces_of, sides, n, table, strikes in dice:
                faces = [faces_of[chance.below(sides)] for _ in range(n)]
                self.faces[seat] = faces
                all_counted[seat] = [list(table[f]) for f in faces]
                shows[seat] = not strikes.isdisjoint(faces)
            self.event("throw", (self.round, self.throw, [list(f) for f in self.faces],
                                 all_counted, shows), R_BATTLE)
            strikers = [d for d in self.duelists if shows[d]]
            if len(strikers) == 2:
                self._draw("both")
                return
            if len(strikers) == 1:
                striker = strikers[0]
                defender = self.other(striker)
                if live:
                    self.phase, self.turn = STRIKE_PHASE, striker
                    self.event("strike_window", (striker, defender), R_HIT)
                    return
                percent = self.strike_chance(striker, defender)
                landed = chance.below(100) < percent
                self.event("strike", (striker, defender, percent, landed),
                           R_HIT if landed else R_MISS)
                if landed:
                    self._land(striker, defender)
                    return

    def _land(self, striker: int, defender: int) -> None:
        """A strike touched: abilities may cancel the hit; else a Hoshi Stone is lost."""
        self.struck[defender] += 1
        self.pending_hit = True
        fx.fire(self, "struck", {"striker": striker, "defender": defender})
        if self.pending_hit:
            self.pending_hit = False
            self.stones[defender] = max(0, self.stones[defender] - 1)
            self.was_hit[defender] = True
            self.did_hit[striker] = True
            self.stone_lost = True
            self.last_hitter = striker
            self.event("hit", (striker, defender, self.stones[defender]),
                       R_DEFEAT if self.stones[defender] == 0 else R_HIT)
            fx.refresh(self)
            fx.fire(self, "hit", {"striker": striker, "defender": defender})
        self._open_window(ROUND_END)

    def _draw(self, why: str) -> None:
        self.event("draw", (self.round, why), R_ROUND)
        fx.fire(self, "draw", {"round": self.round})
        self._open_window(ROUND_END)

    def _end_round(self) -> None:
        fx.expire(self, "round")
        fx.refresh(self)
        losers = [d for d in self.duelists if self.stones[d] <= 0]
        if losers:
            self._end_duel(losers)
        else:
            self._start_round()

    def _end_duel(self, losers: list[int]) -> None:
        for seat in losers:
            self.event("exile", (seat, self.hero[seat]), R_EXILE)
            self.exiled[seat] = [*self.exiled[seat], self.hero[seat]]
            self.used[seat] = [*self.used[seat], *self.in_play[seat]]
            for card_id in self.in_play[seat]:
                self.event("leave", (seat, card_id, "exiled"), R_LEAVE)
            self.in_play[seat] = []
        winners = [d for d in self.duelists if d not in losers]
        winner = winners[0] if len(winners) == 1 else None
        carried: list[str] = []
        if winner is not None:
            self.hands[winner] = self.sort([*self.hands[winner], self.hero[winner]])
            carried = list(self.in_play[winner])
        for seat in self.duelists:
            self.hero[seat] = ""
            self.faces[seat] = []
            self.stones[seat] = 0
        self.store = ()  # every effect ends with the Duel; the winner's cards are re-made
        self.round = 0
        self.event("duel_end", (self.duel, winner, carried), R_DUEL)
        # King of the hill: the loser joins the end of the waiting line, or leaves the
        # game with no Heroes left (with two players the line holds only the loser).
        for seat in losers:
            if self.hands[seat] and seat not in self.conceded:
                self.line.append(seat)
            else:
                self.event("out", (seat,), R_LINE)
        if sum(1 for p in range(self.players) if self._in_game(p)
               and p not in self.conceded) <= 1:
            self.phase, self.turn = OVER, -1
            self._game_over()
            return
        # The winner stays and the first in line challenges it, and starts (the loser
        # picks up the tempo: with two players the challenger is the loser); after a
        # double exile the first two in line fight and a roll-off decides who starts.
        if winner is not None:
            challenger = self.line.pop(0)
            self.duelists = (min(winner, challenger), max(winner, challenger))
            self.next_starter = challenger
        else:
            a, b = self.line.pop(0), self.line.pop(0)
            self.duelists = (min(a, b), max(a, b))
            self.next_starter = -1
        self._start_choosing()

    def _game_over(self) -> None:
        out = self.outcome()
        assert out is not None
        self.event("game_over", (list(out.winners), list(self._heroes_left())), R_GAME)

    def _heroes_left(self) -> list[int]:
        """Each player's Heroes still in the game (none for one who conceded)."""
        return [0 if p in self.conceded else
                len(self.hands[p]) + bool(self.hero[p]) + bool(self.chosen[p])
                for p in range(self.players)]

    def _in_game(self, seat: int) -> bool:
        """A player with Heroes (in hand, chosen or in play); before the first Duel every
        player."""
        return bool(self.phase == KEEP or self.hands[seat] or self.hero[seat]
                    or self.chosen[seat])

    def _concede(self, seat: int, reason: str) -> None:
        """The player leaves as a player whose Heroes are all exiled does (Terminology:
        Game, "until only one player is left with Heroes"; docs/rules/hoshi-battle.md,
        "Concessions"): a Duel it is fighting is lost, its Hero in play exiled; its other
        Heroes leave unseen. With one player left the game ends where it stands."""
        self.event("concede", (seat, reason), R_GAME)
        for p in (seat, self.other(seat)) if seat in self.duelists else (seat,):
            if self.chosen[p]:  # a Hero chosen face down goes back to its hand, unseen
                self.hands[p] = self.sort([*self.hands[p], self.chosen[p]])
                self.chosen[p] = ""
        if self._frozen():
            self._game_over()
        elif self.phase == KEEP:
            if self.turn == seat:
                self._keep_next()
        elif seat not in self.duelists:
            self.line.remove(seat)
            self.event("out", (seat,), R_LINE)
        elif self.hero[seat]:  # a Duel under way: lost, whatever window was open
            self.stones[seat] = 0
            self.window = ""
            self._end_duel([seat])
        else:  # the Heroes were being chosen: the other duelist faces the next in line
            self.event("out", (seat,), R_LINE)
            stays, challenger = self.other(seat), self.line.pop(0)
            self.duelists = (min(stays, challenger), max(stays, challenger))
            self.next_starter = challenger
            self._start_choosing()

    def _frozen(self) -> bool:
        """Whether concessions left one player in the game: it is over where it stood."""
        return sum(1 for p in range(self.players)
                   if p not in self.conceded and self._in_game(p)) <= 1

    # --- the contract --------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat deciding now; None once the game is over (or left to one player)."""
        if self.phase == OVER or (self.conceded and self._frozen()):
            return None
        return self.turn

    def _legal_actions(self) -> list[Action]:
        seat, phase = self.turn, self.phase
        if phase == KEEP:
            pile = self.hands[seat] if len(self.hands[seat]) > KEEP_HEROES else self.cards[seat]
            return [discard(c) for c in pile]
        if phase == CHOOSE:
            return [choose_hero(h) for h in self.hands[seat]]
        if phase == STRIKE_PHASE:
            return [STRIKE_HIT, STRIKE_MISS]
        out: list[Action] = [play(c) for c in self.cards[seat] if self.playable(seat, c)]
        out.append(PASS)
        if self.can_wait(seat):
            out.append(WAIT)
        return out

    def _apply(self, action: Action) -> None:
        seat = self.turn
        if isinstance(action, Discard):
            self._discard(seat, action.card)
        elif isinstance(action, ChooseHero):
            self._choose(seat, action.hero)
        elif isinstance(action, Play):
            self._play(seat, action.card)
        elif isinstance(action, Pass):
            self.moves += 1
            self.passed[seat] = True
            self.event("pass", (seat,), R_REVEAL)
            self._window_next(seat)
        elif isinstance(action, Wait):
            self.moves += 1
            self.waited = True
            self.event("wait", (seat,), R_REVEAL)
            self.turn = self.other(seat)
        else:
            assert isinstance(action, Strike)
            defender = self.other(seat)
            self.event("strike", (seat, defender, None, action.hit),
                       R_HIT if action.hit else R_MISS)
            self.phase = WINDOW  # no window is open: _battle decides what comes next
            if action.hit:
                self._land(seat, defender)
            else:
                self._battle()

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        if self.to_act is None:
            return "the game is over", R_GAME
        me = self.label(self.turn)
        phase = self.phase
        if isinstance(action, Strike):
            return ("a strike's result is the referee's, and only while a real-time strike "
                    "is open", R_HIT)
        if phase == KEEP:
            if not isinstance(action, Discard):
                return f"{me} is keeping dealt cards: discard <card>", R_SETUP
            if len(self.hands[self.turn]) > KEEP_HEROES:
                return f"{me} discards a dealt Hero first (keep three of five)", R_SETUP
            return f"{me} has no dealt Duel card {action.card} to discard", R_SETUP
        if phase == CHOOSE:
            if not isinstance(action, ChooseHero):
                return f"{me} is choosing a Hero for the Duel: hero <hero>", R_CHOOSE
            return f"{me} has no Hero {action.hero} in hand", R_CHOOSE
        if phase == STRIKE_PHASE:
            return "a real-time strike is open: only its referee acts", R_HIT
        if isinstance(action, Play):
            if action.card not in self.cards[self.turn]:
                return f"{me} has no face-down Duel card {action.card}", R_DUEL_CARDS
            card = self.cat.cards[action.card]
            return (f"{card.name}: \"{TIMING_TEXT[card.timing]}\"; this is "
                    f"{_WINDOW_WORDS[self.window]}", R_CARD_TEXT)
        if isinstance(action, Wait):
            if self.starter_decides() and self.turn == self.starter:
                # The starting player: say which condition fails (all of it public).
                other = self.label(self.other(self.turn))
                if self.waited:
                    return f"{me} already let {other} decide first", R_REVEAL
                if self.moves == 0:
                    return (f"{other} has no face-down Duel card: there is no order to "
                            "choose", R_REVEAL)
            return ("only the starting player, deciding first in a Duel's first round, "
                    "may wait", R_REVEAL)
        return f"{me} is deciding in a reveal window: play <card> or pass", R_REVEAL

    def parse_action(self, text: str) -> Action:
        """Read the notation (:mod:`.actions`)."""
        return parse(text, self.cat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (:mod:`.views`)."""
        from .views import view

        return view(self, seat)

    def _blank_args(self) -> tuple[Any, ...] | None:
        """A blank instance for pickling, as clone makes one."""
        return (self.players, self.seed, self.params, True, True)

    def clone(self) -> HoshiState:
        """An independent copy: lists copied, but the rows of cards (each seat's hand,
        Duel cards, discards, exiled, shown, in play, used, dice faces), which are
        replaced, never changed in place, are shared; so is the modifier store (a
        tuple)."""
        new = HoshiState(self.players, self.seed, self.params, True, True)
        self._copy_base(new)
        new.cat, new.order = self.cat, self.order
        new.chance = self.chance.copy()
        new.phase, new.turn = self.phase, self.turn
        new.hero_deck, new.card_deck = self.hero_deck[:], self.card_deck[:]
        new.hands = self.hands[:]
        new.cards = self.cards[:]
        new.discards = self.discards[:]
        new.exiled = self.exiled[:]
        new.shown = self.shown[:]
        new.in_play = self.in_play[:]
        new.used = self.used[:]
        new.drawn = self.drawn[:]
        new.seen = self.seen  # a tuple of tuples: shared
        new.faces = self.faces[:]
        new.hero, new.chosen, new.stones = self.hero[:], self.chosen[:], self.stones[:]
        new.store, new.clock = self.store, self.clock
        new.duel, new.round, new.throw = self.duel, self.round, self.throw
        new.starter, new.last_hitter = self.starter, self.last_hitter
        new.window, new.passed, new.moves = self.window, self.passed[:], self.moves
        new.waited, new.was_hit, new.did_hit = self.waited, self.was_hit[:], self.did_hit[:]
        new.stone_lost, new.struck = self.stone_lost, self.struck[:]
        new.pending_hit, new.duelists = self.pending_hit, self.duelists
        new.next_starter, new.line = self.next_starter, self.line[:]
        return new

    def catalogue(self) -> Catalog:
        """The Heroes and Duel cards (names and texts, public): what the game's words read."""
        return self.cat

    def resample(self, seat: int, rng: Random) -> HoshiState:
        """Re-deal what ``seat`` cannot see (:mod:`.hidden`)."""
        from .hidden import resample

        new = resample(self, seat, rng)
        self._resampled(new, seat, rng)
        new.chance = Chance(rng.getrandbits(64))
        return new

    def outcome(self) -> Outcome | None:
        """The last player with Heroes wins (scores: Heroes left); none left (the last two
        Heroes exiled together): a draw shared by the two duelists of the last Duel."""
        if self.to_act is not None:
            return None
        left = self._heroes_left()
        alive = tuple(s for s in range(self.players) if left[s])
        words = f"{self.concession_words()}; " if self.conceded else ""
        if alive:
            return Outcome(tuple(float(x) for x in left), alive,
                           f"{words}the last player with Heroes left")
        return Outcome(tuple(0.0 for _ in left), tuple(self.duelists),
                       f"{words}the last two Heroes exiled together: a draw")

    def to_data(self) -> dict[str, Any]:
        """The whole position as plain data (:mod:`.positions`)."""
        from .positions import to_data

        return to_data(self)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> HoshiState:
        """A position from scenario data, strictly (:mod:`.positions`)."""
        from .positions import from_data

        return from_data(data, cls)


def _order(cat: Catalog) -> dict[str, int]:
    """Each card id's place in the catalogue (hands are sorted by it; made once)."""
    found = cat.derived.get("order")
    if found is None:
        found = cat.derived["order"] = {c: i for i, c in enumerate(cat.ids)}
    assert isinstance(found, dict)
    return found

_WINDOW_WORDS = {DUEL_START: "the beginning of a Duel", ROUND_START: "the beginning of a round",
                 ROUND_END: "the end of a round", "": "no reveal window"}

__all__ = ["HoshiState", "check_params", "SWIFT_EDGE"]
