"""Radiant (Tin Shoe Games): the rules engine of radiant-perim.

Three ages of Recruit (draft four cards from a 3x3 pool), Meld (hidden melds revealed
together and scored by the age's chart) and War (battles over the regions of Perim),
each age closed by majorities, coins and, in the third age, coins printed on captured
cards. 2, 3 or 4 players; four play as two teams of two sitting across.

Implements every section of ../shared/rules/radiant-tin-shoe-games.txt: Setup (Age 1),
Ages and Phases, Phase 1: Recruit, Phase 2: Meld, Phase 3: War (Moves, Battles, Mounted
Knights, Assassinations, Portals, Ending the War), End of an Age, Setup Before Ages 2
and 3, Winning, Four-Player Game and the Quick Reference. Decisions where the rulebook
is silent are in docs/rules/radiant-perim.md.

Cards are counted, not tracked one by one: the two copies of a race and rank are
identical, so a hand is a list of counts per card type (``race * 6 + rank``).
"""

from __future__ import annotations

from random import Random
from typing import Any

from tabletop.core import Action, Chance, Outcome, State

from .actions import (
    Assassinate,
    Meld,
    MeldDone,
    Move,
    Pass,
    Pick,
    Play,
    meld_action,
    parse,
)
from .data import Catalog
from .events import book_for
from .ids import (
    ALL_RACES,
    ASSASSIN,
    ASSASSINATIONS,
    CENTRE,
    COPPER,
    COPPER_COINS,
    COUNTING,
    HAND_SIZE,
    KNIGHT,
    LONE_CUBE,
    MAJORITY,
    MELD,
    MELD_CANDIDATES,
    MELD_DONE,
    MOUNT,
    MOUNTED,
    MOUNTED_STRENGTH,
    MOVES,
    N_RANKS,
    N_TYPES,
    NATIVES,
    NO_ONE,
    OVER,
    PASS,
    PICKS,
    PICKS_EACH,
    PLAYS,
    R_ASSASSIN,
    R_BATTLES,
    R_END_AGE,
    R_ENDING,
    R_MELD,
    R_MOUNTED,
    R_MOVES,
    R_NEXT_AGE,
    R_RECRUIT,
    R_SETUP,
    R_WAR,
    R_WINNING,
    RACE_TYPES,
    RECRUIT,
    REGION_NATIVES,
    SCOUT,
    SEAT_ONLY,
    SILVER,
    SLOTS,
    SLUGS,
    WAR,
    _race_mask,
    card_list,
)
from .ids import (
    CATALOG as C,
)


class PerimState(State):
    """A game of radiant-perim. Fields are flat lists of ints so clone is cheap."""

    __slots__ = (
        "phase", "age", "dealer", "radiant", "deck", "pool", "hands", "known", "absent",
        "captured", "leftover", "scores", "silver", "copper", "taken", "control",
        "tracker", "turn", "need_move", "picks_left", "pending", "revealed",
        "plays", "battle_cards", "acted", "may_pass", "battle_no", "last_win", "chance",
    )  # (``book`` is the core State's: a slot of its own here would hide it from the
    # compiled State's ``event``, which then records with no kinds)

    # --- setting up ------------------------------------------------------------------

    def __init__(self, players: int, seed: int, params: dict[str, Any],
                 blank: bool = False) -> None:
        if blank:
            return  # for clone(), which sets every field (compiled, __new__ would run this)
        super().__init__(players, seed, params)
        n_regions = len(C.regions)
        self.phase = RECRUIT
        self.age = 0
        self.dealer = players - 1  # so that P1 (seat 0) is left of the first dealer
        self.radiant = 0
        self.deck: list[int] = []
        self.pool: list[int] = [-1] * 9
        self.hands = [[0] * N_TYPES for _ in range(players)]
        # What every seat knows of each hand: cards seen going in (drafted from the open
        # pool, revealed in a meld) and card types known to be missing (a failed
        # assassination, or an off-race card played while a native card would be forced).
        self.known = [[0] * N_TYPES for _ in range(players)]
        self.absent = [0] * players
        # captured, leftover, pending: rows shared by clones, replaced, never changed in
        # place (clone)
        self.captured = [[0] * N_TYPES for _ in range(players)]
        self.leftover = [[0] * N_TYPES for _ in range(players)]  # captured unseen
        self.scores = [0] * self.teams
        self.silver = [0] * n_regions
        self.copper = [0] * n_regions
        self.taken = [0] * self.teams  # coin points taken in battle this age
        self.control = [NO_ONE] * n_regions
        self.tracker = CENTRE
        self.turn = 0
        self.need_move = False
        self.picks_left = 0
        self.pending: list[list[tuple[int, int, tuple[int, ...]]]] = [[] for _ in range(players)]
        self.revealed: list[tuple[tuple[int, int], ...]] = [() for _ in range(players)]
        self.plays: list[tuple[int, int, int, int, bool]] = []  # seat, card, second, str, ok
        self.battle_cards: list[int] = []
        self.acted = 0
        self.may_pass = 0
        self.battle_no = 0
        self.last_win = [0] * self.teams  # battle number of each team's latest win
        self.chance = Chance(seed)
        self.book = book_for(players)
        self._begin_age()

    @property
    def teams(self) -> int:
        """How many sides score: two teams with four players, else one per player."""
        return 2 if self.players == 4 else self.players

    def team(self, seat: int) -> int:
        """The scoring side of a seat (Four-Player Game: partners sit across)."""
        return seat % 2 if self.players == 4 else seat

    def _begin_age(self) -> None:
        """Setup (Age 1) and Setup Before Ages 2 and 3."""
        self.age += 1
        players = self.players
        if self.age > 1:
            self.dealer = (self.dealer + 1) % players
        # Shuffle all the cards together, including captured cards.
        deck = [t for t in range(N_TYPES) for _ in range(C.copies[t])]
        self.chance.shuffle(deck)
        for seat in range(players):
            self.hands[seat] = [0] * N_TYPES
            self.known[seat] = [0] * N_TYPES
            self.captured[seat] = [0] * N_TYPES
            self.leftover[seat] = [0] * N_TYPES
            self.pending[seat] = []
            self.revealed[seat] = ()
        self.absent = [0] * players
        self.control = [NO_ONE] * len(C.regions)
        self.tracker = CENTRE
        self.taken = [0] * self.teams
        self.plays, self.battle_cards, self.acted, self.may_pass = [], [], 0, 0
        rule = R_SETUP if self.age == 1 else R_NEXT_AGE
        self.event("age_begins", (self.age, self.dealer), rule)
        if self.age == 1:
            # Look at the top card of the deck: its race is Radiant for the first age.
            top = deck[-1]
            self.radiant = top // N_RANKS
            self.event("radiant_revealed", (SLUGS[top], C.races[self.radiant],
                                             self._radiant_realm()), R_SETUP, reveals=True)
            self.chance.shuffle(deck)  # the dealer shuffles the deck
        else:
            # Move the Radiant marker clockwise to the next realm.
            realm = C.realm_race.index(self.radiant)
            self.radiant = C.realm_race[(realm + 1) % len(C.realms)]
            self.event("radiant_moved", (C.races[self.radiant], self._radiant_realm()),
                        R_NEXT_AGE)
        self._place_coins()
        size = HAND_SIZE[players]
        for seat in range((self.dealer + 1) % players, (self.dealer + 1) % players + players):
            s = seat % players
            hand = self.hands[s]
            for _ in range(size):
                hand[deck.pop()] += 1
            # One event: everyone sees the count, only the seat dealt sees the cards.
            self.event("dealt", (s, size, card_list(hand)), R_SETUP, reveals=True)
        self.pool = [deck.pop() for _ in range(9)]
        self.deck = deck
        self.event("pool_dealt", ([SLUGS[t] for t in self.pool], len(deck)), rule,
                    reveals=True)
        self.phase = RECRUIT
        self.picks_left = PICKS_EACH * players
        self.turn = (self.dealer + 1) % players
        self.event("recruit_begins", (self.turn,), R_RECRUIT)

    def _radiant_realm(self) -> str:
        """The realm whose race is Radiant: where the Radiant marker stands."""
        return C.realms[C.realm_race.index(self.radiant)]

    def _place_coins(self) -> None:
        """A silver coin on each temple; from age 2 copper on each other non-portal region.

        Adding multiple coins: first the regions holding two coins, then one, then none.
        The box holds 30 copper coins: once it is empty, the regions still waiting in that
        order get none.
        """
        targets = sorted(C.temples) if self.age == 1 else [
            r for r in range(len(C.regions)) if r not in C.portals]
        by_pile = sorted(targets, key=lambda r: (-(self.silver[r] + self.copper[r]), r))
        silver, copper = [], []
        box = COPPER_COINS - sum(self.copper)
        for r in by_pile:
            if r in C.temples:
                self.silver[r] += 1
                silver.append(C.regions[r])
            elif box > 0:
                box -= 1
                self.copper[r] += 1
                copper.append(C.regions[r])
        self.event("coins_placed", (silver, copper), R_SETUP if self.age == 1 else R_NEXT_AGE)

    # --- the contract ----------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat that decides now, ``None`` when the game is over (after the third
        age, or at a concession: the phase stays where the game stopped)."""
        return None if self.phase == OVER or self.conceded else self.turn

    def parse_action(self, text: str) -> Action:
        """Read radiant-perim notation (see :mod:`.actions`)."""
        return parse(text, self.players)

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == WAR:
            if self.need_move:
                return self._legal_moves(self.turn)
            return self._legal_plays(self.turn)
        if phase == RECRUIT:
            return [PICKS[i] for i in range(9) if self.pool[i] >= 0]
        return self._legal_melds(self.turn)

    def _apply(self, action: Action) -> None:
        cls = type(action)
        if cls is Play:
            self._play(action)  # type: ignore[arg-type]
        elif cls is Move:
            self._move(action.region)  # type: ignore[attr-defined]
        elif cls is Assassinate:
            self._assassinate(action)  # type: ignore[arg-type]
        elif cls is Pick:
            self._pick(action.slot)  # type: ignore[attr-defined]
        elif cls is Meld:
            self._meld(action)  # type: ignore[arg-type]
        elif cls is MeldDone:
            self._meld_done()
        elif cls is Pass:
            self._pass()

    # --- Phase 1: Recruit --------------------------------------------------------------

    def _pick(self, slot: int) -> None:
        seat, t = self.turn, self.pool[slot]
        self.hands[seat][t] += 1
        self.known[seat][t] += 1  # the pool is face up: everyone saw the pick
        self.event("pick", (seat, SLOTS[slot], SLUGS[t]), R_RECRUIT)
        deck = self.deck
        if deck:
            new = self.pool[slot] = deck.pop()
            self.event("refill", (SLOTS[slot], SLUGS[new], len(deck)), R_RECRUIT, None, True)
        else:
            self.pool[slot] = -1
            self.event("slot_empty", (SLOTS[slot],), R_RECRUIT)
        self.picks_left -= 1
        if self.picks_left:
            self.turn = (seat + 1) % self.players
        else:
            self.event("recruit_ends", (len(deck), [SLUGS[x] for x in self.pool if x >= 0]),
                        R_RECRUIT)
            self.phase = MELD
            self.turn = (self.dealer + 1) % self.players
            self.event("meld_begins", (self.turn,), R_MELD)

    # --- Phase 2: Meld -----------------------------------------------------------------

    def _unmelded(self, seat: int) -> list[int]:
        free = self.hands[seat][:]
        for _, _, used in self.pending[seat]:
            for t in used:
                free[t] -= 1
        return free

    @staticmethod
    def _fit(free: list[int], m: int, race: int) -> tuple[int, ...] | None:
        """The cards a meld would use from ``free``, or None if it cannot be formed."""
        used: list[int] = []
        for candidates in MELD_CANDIDATES[(m, race)]:
            for t in candidates:
                if free[t] - used.count(t) > 0:
                    used.append(t)
                    break
            else:
                return None
        return tuple(used)

    def _legal_melds(self, seat: int) -> list[Action]:
        free = self._unmelded(seat)
        out: list[Action] = [meld_action(m, race) for (m, race) in MELD_CANDIDATES
                             if self._fit(free, m, race) is not None]
        out.append(MELD_DONE)
        return out

    def _meld(self, action: Meld) -> None:
        seat = self.turn
        used = self._fit(self._unmelded(seat), action.meld, action.race)
        assert used is not None
        self.pending[seat] = [*self.pending[seat], (action.meld, action.race, used)]
        # Secret until all are done: an event for the melding seat only.
        race = C.races[action.race] if action.race >= 0 else None
        self.event("meld_set_aside", (seat, C.melds[action.meld].id, race,
                                       [SLUGS[t] for t in sorted(used)]), R_MELD,
                    SEAT_ONLY[seat])

    def _meld_done(self) -> None:
        seat = self.turn
        self.event("melds_done", (seat,), R_MELD)
        nxt = (seat + 1) % self.players
        if nxt != (self.dealer + 1) % self.players:
            self.turn = nxt
            return
        # Players simultaneously place their melds face up and score them (the events go
        # from left of the dealer, the seat that chose first).
        for k in range(self.players):
            s = (nxt + k) % self.players
            melds = self.pending[s]
            points = sum(C.melds[m].points[self.age - 1] for m, _, _ in melds)
            self.scores[self.team(s)] += points
            shown = [0] * N_TYPES
            for _, _, used in melds:
                for t in used:
                    shown[t] += 1
            known = self.known[s]
            for t in range(N_TYPES):
                if shown[t] > known[t]:
                    known[t] = shown[t]
            self.revealed[s] = tuple((m, race) for m, race, _ in melds)
            shown_melds = [{"meld": C.melds[m].id, "race": C.races[race] if race >= 0 else None,
                            "cards": [SLUGS[t] for t in sorted(used)]}
                           for m, race, used in melds]
            # The secret choice is shown, even an empty one (no meld is news too).
            self.event("melds_revealed", (s, shown_melds, points), R_MELD, reveals=True)
            self.pending[s] = []
        self._begin_war()

    # --- Phase 3: War ------------------------------------------------------------------

    def _begin_war(self) -> None:
        """The player with the most scouts begins; ties: fewest points, then left of dealer."""
        self.phase = WAR
        order = [(self.dealer + 1 + k) % self.players for k in range(self.players)]
        scouts = [sum(self.hands[s][RACE_TYPES[r][SCOUT]] for r in range(len(C.races)))
                  for s in range(self.players)]
        first = min(order, key=lambda s: (-scouts[s], self.scores[self.team(s)],
                                          order.index(s)))
        # Why: what broke the tie, if anything (who else had as many scouts, as few points).
        tied = [s for s in order if scouts[s] == scouts[first]]
        low = self.scores[self.team(first)]
        if len(tied) == 1:
            reason = "most_scouts"
        elif sum(1 for s in tied if self.scores[self.team(s)] == low) == 1:
            reason = "fewest_points"
        else:
            reason = "left_of_dealer"
        # Who holds the most scouts is news about hands nobody has seen.
        self.event("war_begins", (first, reason), R_WAR, reveals=True)
        self.tracker = CENTRE
        self._give_tracker(first)

    def _moves_from(self) -> tuple[int, ...]:
        return C.centre_adjacent if self.tracker == CENTRE else C.adjacent[self.tracker]

    def _legal_moves(self, seat: int) -> list[Action]:
        team, control = self.team(seat), self.control
        return [MOVES[r] for r in self._moves_from() if control[r] != team]

    def _give_tracker(self, seat: int) -> None:
        """The seat moves the tracker; with no legal move, control passes to the left."""
        for k in range(self.players):
            s = (seat + k) % self.players
            if self._legal_moves(s):
                self.turn, self.need_move = s, True
                return
            self.event("tracker_passes", (s, (s + 1) % self.players), R_MOVES)
        raise AssertionError("no seat can move the battle tracker")  # two sides always can

    def _move(self, region: int) -> None:
        seat = self.turn
        self.tracker = region
        self.need_move = False
        coins = self.silver[region] * SILVER + self.copper[region] * COPPER
        self.event("move", (seat, C.regions[region], REGION_NATIVES[region], coins), R_MOVES)
        self._begin_battle(seat)

    def _has_cards(self, seat: int) -> bool:
        return any(self.hands[seat])

    def _begin_battle(self, mover: int) -> None:
        players = self.players
        with_cards = [(mover + k) % players for k in range(players)
                      if self._has_cards((mover + k) % players)]
        self.plays, self.battle_cards, self.acted, self.may_pass = [], [], 0, 0
        if len({self.team(s) for s in with_cards}) == 1:
            # Ending the War: the only player (or team) with cards wins the last battle.
            winner = with_cards[0]
            self.event("walkover", (winner, self.team(winner)), R_ENDING)
            self._win_battle(winner)
            self._end_war()
            return
        self.turn = with_cards[0]

    def _allowed_races(self, seat: int) -> tuple[int, ...]:
        """Battles: a native card must be played if held; Radiant is always allowed."""
        hand = self.hands[seat]
        for r in NATIVES[self.tracker]:
            for t in RACE_TYPES[r]:
                if hand[t]:
                    return COUNTING[self.tracker][self.radiant]
        return ALL_RACES

    def _legal_plays(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        allowed = self._allowed_races(seat)
        out: list[Action] = [PLAYS[t] for r in allowed for t in RACE_TYPES[r] if hand[t]]
        for race in allowed:
            types = RACE_TYPES[race]
            if hand[types[KNIGHT]] and hand[types[MOUNT]]:
                out.append(MOUNTED[race])
        natives = NATIVES[self.tracker]
        for race in COUNTING[self.tracker][self.radiant]:
            if not hand[RACE_TYPES[race][ASSASSIN]]:
                continue
            by_target = ASSASSINATIONS[race]
            for target in self._targets(seat):
                for nat in natives:
                    out.extend(by_target[target][nat])
        if self.may_pass >> seat & 1:
            out.append(PASS)
        return out

    def _targets(self, seat: int) -> list[int]:
        """Opponents who have not played in this battle and still hold cards. A seat whose
        card was assassinated in this battle counts as having played it (the rulebook's
        example: "Ben does have a Stonedweller Phalanx, so he must play it"), so it is no
        target again (docs/rules/radiant-perim.md, rule 12)."""
        team = self.team(seat)
        gone = self.acted | self.may_pass
        return [s for s in range(self.players) if self.team(s) != team
                and not gone >> s & 1 and self._has_cards(s)]

    def _take_from_hand(self, seat: int, t: int) -> None:
        self.hands[seat][t] -= 1
        # Everyone saw one copy of t leave, not which copy: one fewer is known to remain.
        # (Capping at the true count instead would tell the table whether an unseen
        # second copy is still in the hand.)
        known = self.known[seat]
        if known[t]:
            known[t] -= 1

    def _play(self, action: Play) -> None:
        seat, t, second = self.turn, action.card, action.second
        race = t // N_RANKS
        natives = C.region_natives[self.tracker]
        if race not in natives and race != self.radiant:
            # Playing off-race shows the player holds nothing native here.
            self.absent[seat] |= _race_mask(natives)
        self._take_from_hand(seat, t)
        self.battle_cards.append(t)
        counts = race in natives or race == self.radiant
        if second >= 0:
            self._take_from_hand(seat, second)
            self.battle_cards.append(second)
            strength = MOUNTED_STRENGTH
            self.event("play", (seat, [SLUGS[t], SLUGS[second]], strength, counts),
                       R_MOUNTED, None, True)
        else:
            strength = t % N_RANKS
            self.event("play", (seat, [SLUGS[t]], strength, counts), R_BATTLES, None, True)
        self.plays.append((seat, t, second, strength, counts))
        self._next_in_battle(seat)

    def _assassinate(self, action: Assassinate) -> None:
        seat, target, t = self.turn, action.seat, action.target
        assassin = RACE_TYPES[action.assassin][ASSASSIN]
        self._take_from_hand(seat, assassin)
        self.battle_cards.append(assassin)
        if self.hands[target][t]:
            # The target is defeated and placed on the assassin, whose rank becomes its rank.
            self._take_from_hand(target, t)
            self.battle_cards.append(t)
            strength = t % N_RANKS
            self.may_pass |= 1 << target
            self.event("assassination", (seat, SLUGS[assassin], target, SLUGS[t], strength),
                        R_ASSASSIN, reveals=True)
        else:
            strength = ASSASSIN
            self.absent[target] |= 1 << t
            self.event("assassination_failed", (seat, SLUGS[assassin], target, SLUGS[t]),
                        R_ASSASSIN, reveals=True)
        self.plays.append((seat, assassin, -1, strength, True))
        self._next_in_battle(seat)

    def _pass(self) -> None:
        seat = self.turn
        self.event("pass", (seat,), R_ASSASSIN)
        self._next_in_battle(seat)

    def _next_in_battle(self, seat: int) -> None:
        self.acted |= 1 << seat
        players = self.players
        for k in range(1, players):
            s = (seat + k) % players
            if not self.acted >> s & 1 and self._has_cards(s):
                self.turn = s
                return
        self._resolve_battle()

    def battle_leader(self) -> int | None:
        """The seat whose card wins the battle so far (None before any play)."""
        plays = self.plays
        if not plays:
            return None
        contenders = [p for p in plays if p[4]] or plays  # native or Radiant beats off-race
        best = contenders[0]
        for p in contenders[1:]:
            if p[3] > best[3]:  # ties go to the first card played
                best = p
        return best[0]

    def _resolve_battle(self) -> None:
        winner = self.battle_leader()
        assert winner is not None
        self._win_battle(winner)
        if any(self._has_cards(s) for s in range(self.players)):
            self._give_tracker(winner)
        else:
            self._end_war()

    def _win_battle(self, winner: int) -> None:
        region, team = self.tracker, self.team(winner)
        pile = self.captured[winner] = self.captured[winner][:]  # (clones share the old)
        for t in self.battle_cards:
            pile[t] += 1
        coins = self.silver[region] * SILVER + self.copper[region] * COPPER
        self.taken[team] += coins
        self.silver[region] = self.copper[region] = 0
        previous = self.control[region]
        self.control[region] = team
        self.battle_no += 1
        self.last_win[team] = self.battle_no
        self.event(
            "battle_won", (winner, team, C.regions[region], [SLUGS[t] for t in self.battle_cards],
                           coins, None if previous == NO_ONE else previous, self.battle_no),
            R_BATTLES)
        self.plays, self.battle_cards, self.acted, self.may_pass = [], [], 0, 0

    def _end_war(self) -> None:
        """Leftover cards go to their owner's captured pile; then the age is scored."""
        for s in range(self.players):
            hand = self.hands[s]
            if any(hand):
                n = sum(hand)
                cards = card_list(hand)
                # New rows: clones share the old ones.
                self.captured[s] = [a + b for a, b in zip(self.captured[s], hand, strict=True)]
                self.leftover[s] = [a + b for a, b in zip(self.leftover[s], hand, strict=True)]
                self.hands[s] = [0] * N_TYPES
                self.known[s] = [0] * N_TYPES
                # Face down: the others see how many, the owner which.
                self.event("leftovers", (s, n, cards), R_ENDING)
        self._score_age()
        if self.age < 3:
            self._begin_age()
        else:
            self.phase = OVER
            self._game_over()

    def _game_over(self) -> None:
        winners = self.winning_teams()
        self.event("game_over", (list(self.scores),
                                  [s for s in range(self.players) if self.team(s) in winners],
                                  self._tie_broken(winners)), R_WINNING)

    def _concede(self, seat: int, reason: str) -> None:
        """A player leaves: the game ends where it stands (docs/rules/radiant-perim.md,
        "Concessions"). Two sides (two players, or two teams of four): the other side
        wins. Three players: the two who stay are ranked by their points, the tie broken
        as at the end of the game (Winning)."""
        self.event("concede", (seat, reason), R_WINNING)
        self._game_over()

    def _playing(self) -> list[int]:
        """The sides still in the game: none of their players conceded."""
        out = {self.team(s) for s in self.conceded}
        return [t for t in range(self.teams) if t not in out]

    def _tie_broken(self, winners: list[int]) -> bool:
        """Whether the tie-break decided: it left out some side tied on points."""
        playing = self._playing()
        best = max(self.scores[t] for t in playing)
        return sum(1 for t in playing if self.scores[t] == best) > len(winners)

    # --- End of an Age ---------------------------------------------------------------

    def realm_cubes(self) -> list[list[int]]:
        """Per realm (clockwise), the cubes of each side on its regions (a portal counts
        for the realm it lies in: End of an Age)."""
        cubes = [[0] * self.teams for _ in C.realms]
        for r, side in enumerate(self.control):
            if side != NO_ONE:
                cubes[C.region_realm[r]][side] += 1
        return cubes

    def realm_points(self, cubes: list[int]) -> list[int]:
        """Majority points per side in one realm: 6 to the most cubes, split among tied
        sides; 3 for a lone cube; nothing in an empty realm."""
        points = [0] * self.teams
        total, best = sum(cubes), max(cubes)
        if total:
            tied = [t for t in range(self.teams) if cubes[t] == best]
            award = LONE_CUBE if total == 1 else MAJORITY
            for t in tied:
                points[t] += award // len(tied)
        return points

    def majorities(self) -> list[int]:
        """Majority points per team for the board as it stands (End of an Age)."""
        points = [0] * self.teams
        for cubes in self.realm_cubes():
            for t, p in enumerate(self.realm_points(cubes)):
                points[t] += p
        return points

    def _score_age(self) -> None:
        """End of an Age: majorities realm by realm, coins, and in the third age the coins
        printed on captured cards; each step an event, then the board and the scores."""
        for realm, cubes in enumerate(self.realm_cubes()):
            points = self.realm_points(cubes)
            for team, pts in enumerate(points):
                self.scores[team] += pts
            self.event("realm_scored", (self.age, C.realms[realm], cubes, points), R_END_AGE)
        for team in range(self.teams):
            self.scores[team] += self.taken[team]
        self.event("coins_scored", (self.age, list(self.taken)), R_END_AGE)
        self.taken = [0] * self.teams
        if self.age == 3:
            printed = [sum(self.captured[s][t] for t in range(N_TYPES) if C.coin[t])
                       for s in range(self.players)]
            for s, n in enumerate(printed):
                self.scores[self.team(s)] += n
            # The leftover cards went to captured piles unseen: their printed coins show.
            self.event("card_coins_scored", (printed,), R_END_AGE, reveals=True)
        control = {C.regions[r]: None if side == NO_ONE else side
                   for r, side in enumerate(self.control)}
        self.event("age_ends", (self.age, control, list(self.scores)), R_END_AGE)

    def winning_teams(self) -> list[int]:
        """Most points; a tie goes to the tied side that most recently won a battle. A
        side with a player who conceded does not win."""
        playing = self._playing()
        best = max(self.scores[t] for t in playing)
        tied = [t for t in playing if self.scores[t] == best]
        latest = max(self.last_win[t] for t in tied)
        return [t for t in tied if self.last_win[t] == latest]

    def outcome(self) -> Outcome | None:
        """Scores per seat (a team's score for both partners) and the winning seats."""
        if self.to_act is not None:
            return None
        winners = self.winning_teams()
        reason = "most points after the third age"
        if self.conceded:
            reason = self.concession_words() + ("" if self.teams == 2 else
                                                "; the most points of the others")
        playing = self._playing()
        best = max(self.scores[t] for t in playing)
        tied = sum(1 for t in playing if self.scores[t] == best)
        if tied > len(winners):
            reason += "; tie broken by the most recent battle won"
        elif tied > 1:
            reason += "; the tied sides share the win (none of them won a battle)"
        return Outcome(
            scores=tuple(float(self.scores[self.team(s)]) for s in range(self.players)),
            winners=tuple(s for s in range(self.players) if self.team(s) in winners),
            reason=reason,
        )

    # --- illegal actions ---------------------------------------------------------------

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        from .legal import why_illegal

        return why_illegal(self, action)

    # --- copies ----------------------------------------------------------------------

    def _blank_args(self) -> tuple[Any, ...] | None:
        """A blank instance for pickling, as clone makes one."""
        return (self.players, self.seed, self.params, True)

    def clone(self) -> PerimState:
        """An independent copy (lists copied, immutable parts shared)."""
        new = PerimState(self.players, self.seed, self.params, True)
        self._copy_base(new)
        new.phase, new.age, new.dealer = self.phase, self.age, self.dealer
        new.radiant = self.radiant
        new.deck, new.pool = self.deck[:], self.pool[:]
        new.hands = [h[:] for h in self.hands]
        new.known = [h[:] for h in self.known]
        new.absent = self.absent[:]
        # Each seat's captured pile, its unseen part and the melds it set aside are rows
        # shared with the clone (replaced, never changed in place: few actions change
        # them); the hands and what is known of them, changed by most, are copied.
        new.captured = self.captured[:]
        new.leftover = self.leftover[:]
        new.scores, new.silver, new.copper = self.scores[:], self.silver[:], self.copper[:]
        new.taken, new.control, new.tracker = self.taken[:], self.control[:], self.tracker
        new.turn, new.need_move, new.picks_left = self.turn, self.need_move, self.picks_left
        new.pending = self.pending[:]
        new.revealed = self.revealed[:]
        new.plays, new.battle_cards = self.plays[:], self.battle_cards[:]
        new.acted, new.may_pass, new.battle_no = self.acted, self.may_pass, self.battle_no
        new.last_win, new.chance = self.last_win[:], self.chance.copy()
        return new

    def catalogue(self) -> Catalog:
        """The cards, melds and map (public, the same in every game): what its words read."""
        return C

    def resample(self, seat: int, rng: Random) -> PerimState:
        """Re-deal every card ``seat`` cannot see, keeping what it knows of other hands."""
        from .hidden import resample

        return resample(self, seat, rng)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator)."""
        from .views import view

        return view(self, seat)

    def to_data(self) -> dict[str, Any]:
        """The whole position as readable data (scenario files and the hash)."""
        from .positions import to_data

        return to_data(self)
