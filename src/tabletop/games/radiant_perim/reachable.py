"""Whether a position read from a scenario could arise in play; if not, the rule it breaks.

A scenario may set up any position play can reach, and only those: coins where the
rules put them, cubes and captured cards only in the war, melds set aside only in the
meld phase, a battle consistent with its plays, and a seat to act that has a legal
action. Each refusal is a ``ScenarioError`` naming the key and the rule (rulebook
section). Card counts (a card in two places, more copies than exist) are checked while
reading (:mod:`.positions`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.reachable import check_playable, refuse

from .actions import CATALOG as C
from .ids import (
    ASSASSIN,
    CENTRE,
    COPPER_COINS,
    KNIGHT,
    MELD,
    MOUNT,
    MOUNTED_STRENGTH,
    N_RANKS,
    N_TYPES,
    NO_ONE,
    OVER,
    PHASE_NAMES,
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
    WAR,
)

if TYPE_CHECKING:
    from .rules import PerimState


def check_reachable(s: PerimState) -> None:
    """Raise ``ScenarioError`` if play cannot reach ``s`` (see the module docstring)."""
    _check_counters(s)
    _check_coins(s)
    _check_phase(s)
    if s.phase == WAR and not s.need_move:
        _check_battle(s)
    _check_to_act(s)


def _check_counters(s: PerimState) -> None:
    wins = [n for n in s.last_win if n]
    if len(set(wins)) != len(wins):
        raise refuse("last_win", "two sides cannot both have won the same battle", R_BATTLES)
    if wins and max(wins) > s.battle_no:
        raise refuse("last_win", f"battle {max(wins)} was won, but only {s.battle_no} have "
                    "been fought (battle_no)", R_WINNING)


def _check_coins(s: PerimState) -> None:
    if sum(s.copper) > COPPER_COINS:
        raise refuse("copper", f"{sum(s.copper)} copper coins on the board, but the box holds "
                    f"{COPPER_COINS}", "Components")
    for r, region in enumerate(C.regions):
        silver, copper = s.silver[r], s.copper[r]
        if silver and r not in C.temples:
            raise refuse(f"silver.{region}", "silver coins are placed on temples only", R_SETUP)
        if silver > s.age:
            raise refuse(f"silver.{region}", f"at most {s.age} silver coins can pile up on a "
                        f"temple by age {s.age} (one each age)", R_NEXT_AGE)
        if copper:
            if r in C.portals:
                raise refuse(f"copper.{region}", "no coin is ever placed on a portal",
                            R_NEXT_AGE)
            if r in C.temples:
                raise refuse(f"copper.{region}", "a temple gets a silver coin, not a copper "
                            "one", R_NEXT_AGE)
            if s.age == 1:
                raise refuse(f"copper.{region}", "no copper coin is placed in age 1", R_SETUP)
            if copper > s.age - 1:
                raise refuse(f"copper.{region}", f"at most {s.age - 1} copper coins can pile "
                            f"up by age {s.age} (one each age from age 2)", R_NEXT_AGE)
        if (silver or copper) and s.control[r] != NO_ONE:
            key = "silver" if silver else "copper"
            raise refuse(f"{key}.{region}", f"{region} has a cube on it, so its coins went to "
                        "the victor of its battle", R_WAR)


def _check_phase(s: PerimState) -> None:
    phase, name = s.phase, PHASE_NAMES[s.phase]
    pool_cards = sum(1 for t in s.pool if t >= 0)
    if phase == RECRUIT:
        if not s.picks_left:
            raise refuse("picks_left", "0 in the recruit phase, which ends when every seat "
                        "has drafted four cards", R_RECRUIT)
        if s.picks_left > pool_cards + len(s.deck):
            raise refuse("picks_left", f"{s.picks_left} picks are left but the pool and the "
                        f"deck hold {pool_cards + len(s.deck)} cards", R_RECRUIT)
        if s.deck and pool_cards < 9:
            raise refuse("pool", "a slot is empty while the deck still has cards to refill "
                        "it", R_RECRUIT)
    elif s.picks_left:
        raise refuse("picks_left", f"{s.picks_left} picks are left, but this is the {name} "
                    "phase", R_RECRUIT)
    if s.need_move and phase != WAR:
        raise refuse("need_move", f"the battle tracker is moved in the war, not the {name} "
                    "phase", R_MOVES)
    if phase in (RECRUIT, MELD):
        if s.tracker != CENTRE:
            raise refuse("tracker", "the battle tracker returns to the centre at the start "
                        "of each age", R_NEXT_AGE)
        if any(side != NO_ONE for side in s.control):
            raise refuse("control", "cubes are removed at the start of each age and placed "
                        "only in the war", R_NEXT_AGE)
    if phase != WAR and any(s.taken):
        raise refuse("coins_taken", "coins taken in battle are scored at the end of the age",
                    R_END_AGE)
    if phase == WAR and s.tracker == CENTRE and not s.need_move:
        raise refuse("need_move", "the battle tracker is on the centre, so the war has just "
                    "begun and it must be moved (need_move = true)", R_WAR)
    if (s.plays or s.battle_cards or s.acted or s.may_pass) and (phase != WAR or s.need_move):
        why = ("no battle is under way while the tracker waits to move" if phase == WAR
               else f"battles are fought in the war, not the {name} phase")
        raise refuse("battle", why, R_BATTLES)
    if phase == OVER and s.age != 3:
        raise refuse("phase", "the game ends after the third age", R_WINNING)
    for p in range(s.players):
        _check_seat(s, p)
    if phase == WAR and not any(any(h) for h in s.hands):
        raise refuse("seat", "no seat holds a card, so the war is over", R_ENDING)


def _check_seat(s: PerimState, p: int) -> None:
    where, phase = f"seat[{p}]", s.phase
    if s.pending[p] and phase != MELD:
        raise refuse(f"{where}.melds", "melds are set aside in secret only in the meld phase",
                    R_MELD)
    if s.revealed[p] and phase not in (WAR, OVER):
        raise refuse(f"{where}.revealed", "melds are revealed at the end of the meld phase",
                    R_MELD)
    if any(s.captured[p]) and phase not in (WAR, OVER):
        raise refuse(f"{where}.captured", "captured cards are shuffled into the deck at the "
                    "start of each age; new ones are won in the war", R_NEXT_AGE)
    if any(s.leftover[p]) and phase != OVER:
        raise refuse(f"{where}.unseen_captured", "cards left in hand go to the captured pile "
                    "when the war ends, just before the next age is dealt", R_ENDING)
    if s.absent[p] and phase not in (WAR, OVER):
        raise refuse(f"{where}.lacks", "a missing card is learnt in the war (a failed "
                    "assassination, a card played off-race)", R_ASSASSIN)
    if phase == OVER and any(s.hands[p]):
        raise refuse(f"{where}.hand", "the game is over, and the war ended with every hand "
                    "empty", R_ENDING)


def _check_battle(s: PerimState) -> None:
    """A battle under way: its plays, cards, passes and the seat to act agree."""
    region = s.tracker
    natives = C.region_natives[region]
    played = [seat for seat, *_ in s.plays]
    if len(set(played)) != len(played):
        raise refuse("battle.plays", "a seat plays once in a battle", R_BATTLES)
    needed = [0] * N_TYPES
    hits = 0
    for i, (seat, t, second, rank, counts) in enumerate(s.plays):
        where = f"battle.plays[{i}]"
        race = t // N_RANKS
        if second >= 0:
            if not (t % N_RANKS == KNIGHT and second % N_RANKS == MOUNT
                    and second // N_RANKS == race):
                raise refuse(f"{where}.cards", "a mounted knight is a knight and a mount of the "
                            "same race, knight first", R_MOUNTED)
            if rank != MOUNTED_STRENGTH:
                raise refuse(f"{where}.rank", f"a mounted knight ranks {MOUNTED_STRENGTH}",
                            R_MOUNTED)
            needed[second] += 1
        elif t % N_RANKS == ASSASSIN:
            if rank == MOUNTED_STRENGTH:
                raise refuse(f"{where}.rank", "an assassin takes the rank of a single card",
                            R_ASSASSIN)
            if rank != ASSASSIN:
                hits += 1
                if race not in natives and race != s.radiant:
                    raise refuse(f"{where}.rank", "only an assassin native to the region or "
                                "Radiant assassinates", R_ASSASSIN)
        elif rank != t % N_RANKS:
            raise refuse(f"{where}.rank", f"a {C.card_slug(t)} ranks {t % N_RANKS}", R_BATTLES)
        needed[t] += 1
        if counts != (race in natives or race == s.radiant):
            what = "counts" if not counts else "does not count"
            raise refuse(f"{where}.counts", f"{C.card_slug(t)} {what} in "
                        f"{C.regions[region]} (native or Radiant cards count)", R_BATTLES)
        if not counts and any(s.hands[seat][x] for r in natives for x in RACE_TYPES[r]):
            raise refuse(where, f"{s.label(seat)} played a card neither native nor Radiant "
                        "while holding a native card", R_BATTLES)
        if not s.acted >> seat & 1:
            raise refuse("battle.acted", f"{s.label(seat)} played, so it has acted", R_BATTLES)
    extra = [0] * N_TYPES
    for t in s.battle_cards:
        extra[t] += 1
    for t in range(N_TYPES):
        extra[t] -= needed[t]
        if extra[t] < 0:
            raise refuse("battle.cards", f"must hold the cards of the plays ({C.card_slug(t)} "
                        "is missing)", R_BATTLES)
    _check_assassinated(s, extra, hits)
    passed = [p for p in range(s.players) if s.acted >> p & 1 and p not in played]
    for p in passed:
        if not s.may_pass >> p & 1:
            raise refuse("battle.acted", f"{s.label(p)} acted without playing, which only a "
                        "seat whose card was assassinated may do (pass)", R_ASSASSIN)
    turn = s.turn
    if s.acted >> turn & 1:
        raise refuse("turn", f"{s.label(turn)} has already acted in this battle", R_BATTLES)
    if not any(s.hands[turn]):
        raise refuse("turn", f"{s.label(turn)} holds no card; a seat without cards is "
                    "skipped", R_ENDING)


def _check_assassinated(s: PerimState, extra: list[int], hits: int) -> None:
    """The battle's cards beyond the plays are the assassinated ones: native to the region,
    one for each assassin that took a rank (and maybe assassinated assassins)."""
    natives = C.region_natives[s.tracker]
    ranks = [rank for _, t, second, rank, _ in s.plays
             if second < 0 and t % N_RANKS == ASSASSIN]
    for rank in ranks:
        if rank == ASSASSIN:
            continue
        # A native card of that rank lies on the assassin.
        for r in sorted(natives):
            t = RACE_TYPES[r][rank]
            if extra[t]:
                extra[t] -= 1
                break
        else:
            raise refuse("battle.cards", f"an assassin ranks as a {C.ranks[rank]}, so the "
                        f"native {C.ranks[rank]} it assassinated lies on it", R_ASSASSIN)
    left = [t for t in range(N_TYPES) for _ in range(extra[t])]
    zero = sum(1 for rank in ranks if rank == ASSASSIN)
    if any(t % N_RANKS != ASSASSIN or t // N_RANKS not in natives for t in left) \
            or len(left) > zero:
        raise refuse("battle.cards", "holds cards that were neither played nor assassinated",
                    R_ASSASSIN)
    victims = bin(s.may_pass).count("1")
    if victims > hits + len(left):
        raise refuse("battle.may_pass", "only a seat whose card was assassinated may pass",
                    R_ASSASSIN)


def _check_to_act(s: PerimState) -> None:
    if s.to_act is None:  # over, after the third age or at a concession
        return
    # the game's own list (the core's legal_actions raises on an empty one: State._forced_actions)
    if s.phase == WAR and s.need_move and not s._legal_actions():
        raise refuse("turn", f"{s.label(s.turn)} must move the battle tracker but its side "
                     "controls every region it could move into; control passes to the left",
                     R_MOVES)
    check_playable(s)
