"""Goofspiel: the rules engine of tabletop's template game (rulebook: goofspiel.txt).

Each round a prize card is turned up; every player bids a card of their open hand in
secret; the highest bid wins the prize, a tie discards it. Implements every section of
goofspiel.txt: Setup, A Round, Ties, End of the Game, Leaving the Game.

Simultaneous bids are hidden commitments in seat order (the core contract: one seat
decides at a time): P1 bids face down, then P2, ..., and the bids are revealed together
when the last one is in.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from tabletop.core import Action, Chance, Outcome, State
from tabletop.core.hidden import shuffled

from .actions import BIDS, Bid, parse
from .events import BOOK

R_SETUP = "Setup"
R_ROUND = "A Round"
R_TIES = "Ties"
R_END = "End of the Game"
R_LEAVE = "Leaving the Game"


class GoofState(State):
    """A game of Goofspiel. Fields are flat lists so that clone is cheap."""

    __slots__ = ("cards", "deck", "prize", "hands", "bids", "scores", "turn", "round",
                 "chance")

    def __init__(self, players: int, seed: int, params: dict[str, Any]) -> None:
        super().__init__(players, seed, params)
        self.book = BOOK
        self.cards = params["cards"]
        self.chance = Chance(seed)
        self.deck = list(range(1, self.cards + 1))
        self.chance.shuffle(self.deck)  # face down: the top card is the last one
        self.hands = [list(range(1, self.cards + 1)) for _ in range(players)]
        self.bids = [0] * players  # 0: not bid yet this round
        self.scores = [0] * players
        self.turn = 0
        self.round = 0
        self.prize = 0
        self._next_round()

    def _next_round(self) -> None:
        """Turn the top prize card face up, or end the game when the deck is empty."""
        if not self.deck:
            self.prize = self.turn = 0
            self._over(R_END)
            return
        self.round += 1
        self.prize = self.deck.pop()
        self.turn = self._bidder(0)
        self.event("round", (self.round, self.prize, len(self.deck)), R_ROUND, reveals=True)

    def _over(self, rule: str) -> None:
        self.event("game_over", (list(self.scores), list(self._winners())), rule)

    def _bidder(self, start: int) -> int:
        """The first seat from ``start`` on still in the game (``players``: none)."""
        return next((s for s in range(start, self.players) if s not in self.conceded),
                    self.players)

    def _winners(self) -> tuple[int, ...]:
        """The most points among the players still in the game (Leaving the Game)."""
        playing = [s for s in range(self.players) if s not in self.conceded]
        best = max(self.scores[s] for s in playing)
        return tuple(s for s in playing if self.scores[s] == best)

    # --- the contract ------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to bid next, ``None`` once the prize deck is empty or one player is
        left."""
        return (None if self.prize == 0 or len(self.conceded) == self.players - 1
                else self.turn)

    def _legal_actions(self) -> list[Action]:
        return [BIDS[c] for c in self.hands[self.turn]]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Bid)
        seat = self.turn
        self.hands[seat].remove(action.card)
        self.bids[seat] = action.card
        self.event("bid", (seat, action.card), R_ROUND)
        self._next_bid(seat)

    def _next_bid(self, seat: int) -> None:
        """After ``seat``: the next seat bids, or the bids are revealed."""
        self.turn = self._bidder(seat + 1)
        if self.turn < self.players:
            return
        # A Round: every player has bid; the bids are revealed together.
        best = max(self.bids)
        tied = [s for s in range(self.players) if self.bids[s] == best]
        winner = tied[0] if len(tied) == 1 else None
        if winner is not None:
            self.scores[winner] += self.prize
        self.event("reveal", (list(self.bids), winner, self.prize, list(self.scores)),
                    R_ROUND if winner is not None else R_TIES, reveals=True)
        self.bids = [0] * self.players
        self._next_round()

    def _concede(self, seat: int, reason: str) -> None:
        """Leaving the Game: the seat bids no more (a face-down bid is taken back unseen);
        with one player left the game ends."""
        self.event("concede", (seat, reason), R_LEAVE)
        bid, self.bids[seat] = self.bids[seat], 0
        if bid:  # back in the open hand, which every view showed holding it
            self.hands[seat] = sorted([*self.hands[seat], bid])
        if self.players - len(self.conceded) == 1:
            self._over(R_LEAVE)  # the prize stays face up, unwon
        elif seat == self.turn:
            self._next_bid(seat)

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        if self.to_act is None:
            return "the game is over", R_END
        assert isinstance(action, Bid)
        return (f"{self.label(self.turn)} has no {action.card} left to bid (a bid is a card "
                "of your hand)", R_ROUND)

    def parse_action(self, text: str) -> Action:
        """Read ``bid <n>``."""
        return parse(text)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: hands are open, but a card bid face down still counts as
        held until the reveal (else the hand would give the bid away); the prize deck is
        a count; a seat sees its own bid."""
        out: dict[str, Any] = {
            "game": "goofspiel", "seat": seat, "to_act": self.to_act, "round": self.round,
            "prize": self.prize or None, "deck": len(self.deck),
            "hands": [sorted([*h, b] if b else h) for h, b in zip(self.hands, self.bids,
                                                                   strict=True)],
            "bid": [bool(b) for b in self.bids],
            "scores": list(self.scores),
            "note": "Goofspiel is tabletop's template game (examples/goofspiel).",
        }
        if seat is not None:
            out["my_bid"] = self.bids[seat] or None
        if self.conceded:
            out["conceded"] = self.conceded_data()
        outcome = self.outcome()
        if outcome is not None:
            out["outcome"] = outcome.to_json()
        return out

    def clone(self) -> GoofState:
        """An independent copy."""
        new = GoofState.__new__(GoofState)
        self._copy_base(new)
        new.cards, new.prize, new.turn, new.round = self.cards, self.prize, self.turn, self.round
        new.deck, new.bids, new.scores = self.deck[:], self.bids[:], self.scores[:]
        new.hands = [h[:] for h in self.hands]
        new.chance = self.chance.copy()
        return new

    def resample(self, seat: int, rng: Random) -> GoofState:
        """Re-deal what ``seat`` cannot see: the order of the prize deck, and the bids the
        others have placed face down this round (any card of what they held)."""
        new = self.clone()
        # From a canonical order (the core's shuffled): shuffling the true order would let
        # an agent, which owns rng, undo the shuffle and read the prize deck.
        new.deck = shuffled(self.deck, rng)
        for s in range(self.players):
            if s != seat and self.bids[s]:
                held = sorted([*self.hands[s], self.bids[s]])
                new.bids[s] = held[rng.randrange(len(held))]
                new.hands[s] = [c for c in held if c != new.bids[s]]
        self._resampled(new, seat, rng)
        new.chance = Chance(rng.getrandbits(64))
        return new

    def outcome(self) -> Outcome | None:
        """Most points wins; a tie for the most is a shared win. A player who left cannot
        win, and the last player left wins (Leaving the Game)."""
        if self.to_act is not None:
            return None
        winners = self._winners()
        reason = "most points" if len(winners) == 1 else "most points, shared"
        if self.conceded:
            left = self.players - len(self.conceded) == 1
            reason = (self.concession_words() if left
                      else f"{reason} ({self.concession_words()})")
        return Outcome(tuple(float(x) for x in self.scores), winners, reason)

    def to_data(self) -> dict[str, Any]:
        """The whole position (TOML-ready)."""
        return {"players": self.players, "seed": self.seed, "params": dict(self.params),
                "round": self.round, "prize": self.prize, "turn": self.turn,
                "deck": list(self.deck), "hands": [list(h) for h in self.hands],
                "bids": list(self.bids), "scores": list(self.scores),
                "chance": f"{self.chance.s:016x}",
                **({"conceded": self.conceded_data()} if self.conceded else {})}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> GoofState:
        """A position from scenario data (see :mod:`.positions`)."""
        from .positions import from_data

        return from_data(data, cls)
