"""Whether a position read from a scenario could arise in play; if not, the rule it breaks.

A scenario may set up any position play can reach, and only those: each card in exactly
one place (the deal) or each deck's cards where they can be (the Constructed Deck
Variant), the line of waiting players, the phase's own shape (who is to act, which
window, the Heroes in play), and a modifier store in timestamp order. Each refusal is a
``ScenarioError`` naming the key, what is wrong and the rule (rulebook section, with a
note where the rule is reconstructed: docs/rules/hoshi-battle.md), made by
:func:`tabletop.core.reachable.refuse`; the last check is the core's
:func:`~tabletop.core.reachable.check_playable`. Keys, types and ranges are checked while
reading (:mod:`.positions`).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tabletop.core.reachable import check_playable, refuse

from .decks import check_params, deal_size
from .ids import (
    CHOOSE,
    KEEP,
    KEEP_CARDS,
    KEEP_HEROES,
    OVER,
    R_CHOOSE,
    R_CONSTRUCTED,
    R_DEFEAT,
    R_DUEL,
    R_DUEL_CARDS,
    R_GAME,
    R_LINE,
    R_PRIORITY,
    R_REVEAL,
    R_SETUP,
    STRIKE,
    WINDOW,
)

if TYPE_CHECKING:
    from .rules import HoshiState

# The look is a card word beyond the pool (reconstructed: docs/rules/hoshi-battle.md).
R_LOOK = "Duel Cards: Text (an effect: look at your opponent's face-down Duel cards)"
# The real-time strike is reconstructed (docs/rules/hoshi-battle.md, "The strike").
R_STRIKE = "Terminology: To hit (the real-time strike: parameter strike = live)"


def check_reachable(s: HoshiState) -> None:
    """Raise ``ScenarioError`` if play cannot reach ``s`` or it cannot be played on (see
    the module docstring)."""
    _check_line(s)
    for p in range(s.players):
        _check_heroes(s, p)
    if s.params["deck1"]:
        _check_decks(s)
    else:
        _check_deal(s)
    _check_phase(s)
    _check_seen(s)
    check_playable(s)  # the seat to act has a legal action (issue 30)


def _check_seen(s: HoshiState) -> None:
    """What a seat looked at (``seen``) is true: another player's face-down cards, no more
    copies than it holds (docs/rules/hoshi-battle.md, "Looking")."""
    for i, (v, o, card) in enumerate(s.seen):
        if v == o:
            raise refuse(f"seen[{i}]", "a player looks at another player's face-down "
                         "cards, not its own", R_LOOK)
        if s.seen.count((v, o, card)) > s.cards[o].count(card):
            raise refuse(f"seen[{i}]", f"{card!r} is not among player {o + 1}'s face-down "
                         "Duel cards (what a look saw stays known only while it is there)",
                         R_LOOK)


def _check_line(s: HoshiState) -> None:
    n = s.players
    if len(set(s.line)) != len(s.line) or set(s.line) & set(s.duelists):
        raise refuse("line", "waiting players, once each, none of them a duelist", R_LINE)
    if s.to_act is not None and set(s.line) | set(s.duelists) != {
            p for p in range(n) if s.phase == KEEP or (p not in s.conceded and (
                s.hands[p] or s.hero[p] or s.chosen[p]))} | set(s.duelists):
        raise refuse("line", "every player with Heroes who is not a duelist waits in line "
                     "(a player with none has left)", R_LINE)


def _check_heroes(s: HoshiState, p: int) -> None:
    """A player's Heroes: each in one place; those shown are its own, and every one that
    fought has been shown."""
    mine = [*s.hands[p], *s.exiled[p], *([s.hero[p]] if s.hero[p] else []),
            *([s.chosen[p]] if s.chosen[p] else [])]
    if len(set(mine)) != len(mine):
        raise refuse(f"seat {p}", "a Hero in two places", R_SETUP)
    if not set(s.shown[p]) <= set(mine) or len(set(s.shown[p])) != len(s.shown[p]):
        raise refuse(f"shown[{p}]", "only this player's Heroes, once each", R_CHOOSE)
    if not set(s.exiled[p]) <= set(s.shown[p]) or (s.hero[p] and s.hero[p] not in s.shown[p]):
        raise refuse(f"shown[{p}]", "a Hero that fought has been shown", R_CHOOSE)


def _check_deal(s: HoshiState) -> None:
    """The deal: every card in exactly one place, each player dealt and keeping its share."""
    n, cat = s.players, s.cat
    hero_places = [*s.hero_deck, *(h for p in range(n) for h in (
        *s.hands[p], *s.exiled[p], *(x for x in s.discards[p] if x in cat.heroes)))]
    hero_places += [h for h in (*s.hero, *s.chosen) if h]
    card_places = [*s.card_deck, *(c for p in range(n) for c in (
        *s.cards[p], *s.in_play[p], *s.used[p],
        *(x for x in s.discards[p] if x in cat.cards)))]
    if Counter(hero_places) != Counter(list(cat.heroes)):
        raise refuse("hero_deck, hands, discards, hero, chosen, exiled", "every Hero is in "
                     "exactly one place (deck, hand, discards, in play, exiled)", R_SETUP)
    if Counter(card_places) != Counter(list(cat.cards)):
        raise refuse("card_deck, cards, discards, in_play, used", "every Duel card is in "
                     "exactly one place (deck, face down, discards, in play, used)", R_SETUP)
    deal = deal_size(s.params, n)
    for p in range(n):
        dh = sum(1 for x in s.discards[p] if x in cat.heroes)
        dc = len(s.discards[p]) - dh
        held_h = len(s.hands[p]) + len(s.exiled[p]) + bool(s.hero[p]) + bool(s.chosen[p])
        held_c = len(s.cards[p]) + len(s.in_play[p]) + len(s.used[p]) - s.drawn[p]
        if held_h + dh != deal or held_c + dc != deal:
            raise refuse(f"seat {p}", f"{deal} Heroes and {deal} Duel cards were dealt",
                         R_SETUP)
        if s.phase != KEEP and p not in s.conceded and (dh != deal - KEEP_HEROES
                                                        or dc != deal - KEEP_CARDS):
            raise refuse(f"discards[{p}]", "after the setup every player has kept three of "
                         "each", R_SETUP)


def _check_decks(s: HoshiState) -> None:
    """The Constructed Deck Variant: two players, nothing dealt, each deck's cards held."""
    if s.players != 2:
        raise refuse("players", "the Constructed Deck Variant is for two players",
                     R_CONSTRUCTED)
    decks = check_params(s.params)
    assert decks is not None
    if s.hero_deck or s.card_deck or any(s.discards) or any(s.drawn):
        raise refuse("hero_deck, card_deck, discards", "the Constructed Deck Variant deals "
                     "nothing: no decks, no discards", R_CONSTRUCTED)
    for p in range(s.players):
        held_h = [*s.hands[p], *s.exiled[p], *(x for x in (s.hero[p], s.chosen[p]) if x)]
        held_c = [*s.cards[p], *s.in_play[p], *s.used[p]]
        if sorted(held_h) != sorted(decks[0][p]) or sorted(held_c) != sorted(decks[1][p]):
            raise refuse(f"seat {p}", f"the cards of deck{p + 1}, each in one place",
                         R_CONSTRUCTED)


def _check_phase(s: HoshiState) -> None:
    """The phase's own shape: the setup, choosing Heroes, a Duel's windows and strikes."""
    n, phase = s.players, s.phase
    fighting = [bool(h) for h in s.hero]
    if phase in (KEEP, CHOOSE, OVER):
        if any(fighting) or s.store or s.window or any(s.stones) or any(s.in_play[p] and
                                                                         phase == KEEP
                                                                         for p in range(n)):
            raise refuse("phase", f"{phase}: no Duel is being fought", R_DUEL)
    if phase == KEEP:
        if s.params["deck1"] or s.duel or any(s.chosen) or any(s.exiled) or any(s.used):
            raise refuse("phase", "keep: the setup comes before every Duel", R_SETUP)
        need = [p for p in range(n) if p not in s.conceded and (
            len(s.hands[p]) > KEEP_HEROES or len(s.cards[p]) > KEEP_CARDS)]
        if s.to_act is not None and (not need or s.turn != need[0]):
            raise refuse("turn", "in the setup the first player with cards to discard acts",
                         R_SETUP)
        return
    playing = [p for p in range(n) if p not in s.conceded]
    if any(len(s.hands[p]) + len(s.exiled[p]) + bool(s.hero[p]) + bool(s.chosen[p])
           != KEEP_HEROES for p in playing):
        raise refuse("hands", "every player keeps three Heroes", R_SETUP)
    if any(len(s.cards[p]) + len(s.in_play[p]) + len(s.used[p]) != KEEP_CARDS + s.drawn[p]
           for p in playing):
        raise refuse("cards", "every player keeps three Duel cards (and those effects drew)",
                     R_SETUP)
    if phase == OVER:
        if s.turn != -1 or sum(1 for p in playing if s.hands[p]) > 1 or any(s.chosen):
            raise refuse("phase", "over: nobody acts; at most one player has Heroes", R_GAME)
        return
    if s.to_act is None:  # left to one player by concessions: over where it stood
        return
    if s.turn < 0 or s.duel < 1:
        raise refuse("turn", f"in phase {phase} a seat acts in a Duel (duel >= 1)", R_DUEL)
    if phase == CHOOSE:
        _check_choose(s)
        return
    if any(fighting[p] != (p in s.duelists) for p in range(n)) or any(s.chosen):
        raise refuse("hero", f"in phase {phase} both duelists, and only they, have a Hero "
                     "in play", R_DUEL)
    _check_store(s)
    if phase == STRIKE:
        if s.params["strike"] != "live" or s.window or s.round < 1 or s.throw < 1:
            raise refuse("phase", "strike: a real-time strike in a round", R_STRIKE)
        return
    assert phase == WINDOW
    _check_window(s)


def _check_choose(s: HoshiState) -> None:
    t = s.turn
    if t not in s.duelists or s.chosen[t] or not s.hands[t] or any(
            not s.chosen[p] for p in s.duelists if p < t) or any(
            s.chosen[p] and s.hands[p] for p in s.duelists if p > t):  # forced: one Hero
        raise refuse("turn", "in phase choose, Heroes are chosen in seat order", R_CHOOSE)
    if any(p not in s.duelists and s.chosen[p] for p in range(s.players)):
        raise refuse("chosen", "only the duelists choose Heroes", R_LINE)
    if any(not s.hands[p] and not s.chosen[p] for p in s.duelists):
        raise refuse("hands", "in phase choose, every duelist has a Hero to choose", R_CHOOSE)


def _check_store(s: HoshiState) -> None:
    """The modifier store: known durations, timestamps in order up to the clock (the last
    effect played has priority)."""
    if any(c.until not in ("round", "duel", "source", "static", "while") for c in s.store):
        raise refuse("store", "unknown duration", R_PRIORITY)
    if [m.ts for m in s.store] != sorted({m.ts for m in s.store}) or (
            s.store and s.store[-1].ts > s.clock):
        raise refuse("store", "timestamps increase, up to the clock", R_PRIORITY)


def _check_window(s: HoshiState) -> None:
    """A reveal window: open, its seat to act still deciding, and in its place in a Duel."""
    if not s.window or s.passed[s.turn]:
        raise refuse("window", "in phase window a window is open and the seat to act has "
                     "not passed", R_REVEAL)
    if any(not s.passed[p] and (not s.cards[p] or p not in s.duelists)
           for p in range(s.players)):
        raise refuse("passed", "a player without face-down cards has nothing to play",
                     R_REVEAL)
    if (s.window == "duel_start") != (s.round == 0):
        raise refuse("window", "the Duel's own window comes before round 1", R_DUEL_CARDS)
    if s.window != "round_end" and not all(s.stones[p] for p in s.duelists):
        raise refuse("stones", "a Hero without stones is exiled at the end of a round",
                     R_DEFEAT)


__all__ = ["check_reachable"]
