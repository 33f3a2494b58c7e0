"""ISMCTS: information-set Monte Carlo tree search by determinization, for every game.

The agent searches through the core contract alone: a :class:`~.base.Resampler` gives
determinizations (fresh full states consistent with what the seat knows, so none needs
cloning), which the search plays on with ``legal_actions``, ``apply_unchecked``,
``to_act``, ``outcome`` and ``team``, and ``view`` where a game heuristic evaluates a
position.

Design (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012):

- One tree per decision, seen from the deciding seat. A node stands for an information
  set of that seat: the sequence of ``(seat, action)`` pairs from the root (actions are
  values equal when their notation is equal). Keying edges by the acting seat as well
  keeps apart positions where who acts next depends on hidden cards.
- Each iteration draws a fresh determinization, descends the tree choosing among the
  children legal *in that determinization* by UCB1 with availability counts
  (``mean + c * sqrt(ln(available) / visits)``, ``available`` counting the iterations in
  which the child could have been chosen), and adds one child per iteration (a random
  untried action below the root).
- The root is narrowed by the game's heuristic when it ranks actions (an optional
  ``scores(view, legal)`` method, higher is better): only its ``width`` best actions
  (6 by default, ``width=all`` for every one) are searched, tried first in its order
  of preference. War positions have up to ~100 legal actions (assassinations name a card
  and a seat); a few hundred iterations spread over all of them leave each a handful of
  noisy evaluations, while over six they separate the good plays. Without a ranking
  every legal action is searched.
- Below the tree the game's heuristic evaluates the position reached (the chance of
  each seat to win, in [0, 1], from every seat's view of the determinization): rollouts
  are cut at ``depth`` decisions, 0 by default, so the new leaf itself is evaluated.
  With ``depth`` > 0 the rollout first plays that many decisions at random (or by the
  heuristic's policy, ``rollout=heuristic``), stopping earlier at a position the
  heuristic calls quiet (an optional ``quiet(view)``: in radiant-arena, once the action
  phase is over, so leaves are judged between turns; an optional ``quiet_state(state)``
  answers the same from the position's public phase without building a view, or None
  when it cannot tell). A game without a heuristic is
  played out at random to its end.
- Rewards are per seat in [0, 1]: at the end of a game, a win shared among ``k``
  winning sides is worth ``1/k`` to each of their seats (partners share their side's
  reward, ``State.team``); every node scores the reward of the seat that chose it.
- The move played is the root child with the most visits. A decision with one legal
  action is not searched.

Budgets: ``ismcts:500`` is 500 iterations a decision (reproducible under a seed),
``ismcts:0.1s`` is a tenth of a second a decision (depends on the machine's speed);
plain ``ismcts`` is 1000 iterations. The exploration constant ``c`` is 0.4. A game's
heuristic may bring its own settings (``ismcts_defaults``; radiant-arena's:
``rollout=heuristic:depth=40:width=3:c=0.2``), which explicit options override.
Further options follow after colons: ``ismcts:500:rollout=random:depth=0:c=0.7:width=6``.
``inner=K`` (0, off, by default) narrows the decisions below the root too, with the
heuristic's ``candidates(view, legal, K)`` when it has one (its K best, tried in order);
``others=K`` gives the other seats' decisions in the tree their own width (0: as
``inner``). ``eps=E`` plays that share of a heuristic rollout's decisions at random, and
``margin=M`` plays the heuristic's first root action unless the most visited one's mean
beats it by more than M (both 0, off, by default; tried for Lightseekers, docs/agents.md).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core import Action, Outcome, ParameterError, State

from .base import Resampler, register_agent
from .heuristic import GameHeuristic, heuristic_for

DEFAULT_ITERATIONS = 1000
DEFAULT_DEPTH = 0
DEFAULT_C = 0.4
DEFAULT_WIDTH = 6  # root actions searched: the heuristic's best few (0: all)


class _Node:
    """An information set of the searching seat, reached by the edge ``(seat, action)``."""

    __slots__ = ("seat", "children", "visits", "total", "avail")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat that chose the edge into this node
        self.children: dict[tuple[int, Action], _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


@dataclass(frozen=True, slots=True)
class ActionStats:
    """What the search found for one root action: visits and the mean reward (win chance)."""

    action: Action
    visits: int
    value: float | None  # the mean reward of the deciding seat, None when never tried


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A finished search: every root action's statistics, best first, and the effort."""

    stats: list[ActionStats]
    iterations: int
    seconds: float
    root: tuple[Action, ...] = ()  # the root actions searched, in the heuristic's order


def win_shares(outcome: Outcome, state: State) -> list[float]:
    """Each seat's reward at the end of a game: ``1/k`` for the seats of ``k`` winning
    sides, 0 for the others."""
    sides = {state.team(s) for s in outcome.winners}
    share = 1.0 / len(sides) if sides else 0.0
    winners = set(outcome.winners)
    return [share if s in winners else 0.0 for s in range(state.players)]


class IsmctsAgent:
    """Single-observer ISMCTS with a budget in iterations or seconds (module docstring)."""

    def __init__(
        self,
        game_id: str,
        seed: int,
        iterations: int | None = None,
        seconds: float | None = None,
        heuristic: GameHeuristic | None = None,
        rollout: str = "random",
        depth: int | None = DEFAULT_DEPTH,
        c: float = DEFAULT_C,
        width: int = DEFAULT_WIDTH,
        inner: int = 0,
        eps: float = 0.0,
        margin: float = 0.0,
        others: int = 0,
        name: str = "ismcts",
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ParameterError(f"ismcts needs at least 1 iteration, not {iterations}")
        if seconds is not None and not seconds > 0:
            raise ParameterError(f"ismcts needs a positive time budget, not {seconds}")
        if rollout not in ("heuristic", "random"):
            raise ParameterError(f"ismcts rollout must be heuristic or random, not {rollout!r}")
        self.name = name
        self.game_id = game_id
        self.iterations = iterations
        self.seconds = seconds
        self.heuristic = heuristic
        # Without a heuristic there is nothing to cut a rollout short with.
        self.rollout = rollout if heuristic is not None else "random"
        self.depth = depth if heuristic is not None else None
        self.c = c
        if width < 0:
            raise ParameterError(f"ismcts width must be 0 (all) or more, not {width}")
        self.width = width
        if inner < 0:
            raise ParameterError(f"ismcts inner must be 0 (all) or more, not {inner}")
        # Below the root: the heuristic's ``candidates(view, legal, inner)`` (when it has
        # one) narrows every decision in the tree; 0 keeps every legal action.
        self.inner = inner
        if others < 0:
            raise ParameterError(f"ismcts others must be 0 (as inner) or more, not {others}")
        # The other seats' decisions in the tree: their ``others`` best (0: as ``inner``).
        self.others = others or inner
        self._candidates = getattr(heuristic, "candidates", None) if inner else None
        if not 0.0 <= eps <= 1.0:
            raise ParameterError(f"ismcts eps must be between 0 and 1, not {eps}")
        # The share of a heuristic rollout's decisions played at random instead.
        self.eps = eps
        if margin < 0:
            raise ParameterError(f"ismcts margin must be 0 or more, not {margin}")
        # The move played: the heuristic's first root action unless another one's mean
        # beats it by more than ``margin`` (0: the most visited action).
        self.margin = margin
        self.rng = random.Random(seed)

    def act(self, view: dict[str, Any], legal: Sequence[Action],
            resampler: Resampler | None = None) -> Action:
        """The most visited root action after the search (no search for a forced move)."""
        if len(legal) == 1:
            return legal[0]
        if resampler is None:
            raise ParameterError("ismcts needs a resampler to search (use agents.decide)")
        result = self.search(legal, resampler, view)
        return self.choice(result)

    def choice(self, result: SearchResult) -> Action:
        """The move to play after a search: the most visited root action; with a
        ``margin``, the heuristic's first choice unless the most visited one's mean beats
        its mean by more than the margin."""
        best = result.stats[0]
        if not self.margin:
            return best.action
        first = result.root[0] if result.root else best.action
        if first == best.action:
            return first
        for s in result.stats:
            if s.action == first:
                if s.value is None or best.value is None or \
                        best.value - s.value > self.margin:
                    return best.action
                return first
        return best.action

    def root_actions(self, legal: Sequence[Action], resampler: Resampler,
                     view: dict[str, Any] | None = None) -> list[Action]:
        """The root actions to search, in the order to try them: when the heuristic ranks
        actions (``scores``), its ``width`` best (all for 0), best first; else all."""
        scorer = getattr(self.heuristic, "scores", None)
        if scorer is None:
            return list(legal)
        if view is None:  # the seat's view is the same in every determinization
            view = resampler.sample(random.Random(0)).view(resampler.seat)
        scores = scorer(view, legal)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        return [legal[i] for i in order[:self.width or None]]

    def search(self, legal: Sequence[Action], resampler: Resampler,
               view: dict[str, Any] | None = None) -> SearchResult:
        """Search the decision of ``resampler.seat`` among ``legal`` within the budget
        (``view``, the seat's view, saves drawing one to rank the root actions)."""
        me = resampler.seat
        root = _Node(me)
        root_legal = self.root_actions(legal, resampler, view)
        rng = self.rng
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        limit = self.iterations
        done = 0
        while True:
            self._iterate(root, root_legal, resampler.sample(rng), rng)
            done += 1
            if limit is not None and done >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        stats = []
        for a in legal:
            child = root.children.get((me, a))
            if child is None or child.visits == 0:
                stats.append(ActionStats(a, 0, None))
            else:
                stats.append(ActionStats(a, child.visits, child.total / child.visits))
        stats.sort(key=lambda s: (-s.visits, -(s.value or 0.0)))
        return SearchResult(stats, done, time.perf_counter() - start, tuple(root_legal))

    # --- one iteration ----------------------------------------------------------------------

    def _iterate(self, root: _Node, root_legal: list[Action], state: State,
                 rng: random.Random) -> None:
        node = root
        path = []
        c = self.c
        legal: Sequence[Action]
        while True:
            seat = state.to_act
            if seat is None:
                break
            if node is root:
                legal = root_legal
            else:
                legal = state.legal_actions()
                if self._candidates is not None and len(legal) > 1:
                    legal = self._candidates(state.view(seat), legal,
                                             self.inner if seat == root.seat else self.others)
            ordered = node is root or self._candidates is not None
            children = node.children
            # Each child looked up once (an action's hash is Python code in most games).
            kids = [children.get((seat, a)) for a in legal]
            if None in kids:
                untried = [a for a, ch in zip(legal, kids, strict=True) if ch is None]
                if ordered or len(untried) == 1:  # the heuristic's order of preference
                    action = untried[0]
                else:
                    action = untried[rng.randrange(len(untried))]
                child = _Node(seat)
                children[(seat, action)] = child
                state.apply_unchecked(action)
                path.append(child)
                break
            best = None
            best_score = -math.inf
            for a, ch in zip(legal, kids, strict=True):
                assert ch is not None
                ch.avail += 1
                score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best, best_score = (a, ch), score
            assert best is not None
            state.apply_unchecked(best[0])
            node = best[1]
            path.append(node)
        rewards = self._rollout(state, root.seat, rng)
        root.visits += 1
        for n in path:
            n.visits += 1
            n.total += rewards[n.seat]

    def _rollout(self, state: State, me: int, rng: random.Random) -> Sequence[float]:
        heuristic = self.heuristic
        steps = 0
        depth = self.depth
        quiet = getattr(heuristic, "quiet", None) if depth else None
        # A heuristic may tell a quiet position from the state's public phase without a
        # view (issue 28: a view is among the dearest steps, and at a step with one legal
        # action nothing else reads it); None from it: ask the view.
        settled = getattr(heuristic, "quiet_state", None) if quiet is not None else None
        while True:
            seat = state.to_act
            if seat is None:
                outcome = state.outcome()
                assert outcome is not None
                return win_shares(outcome, state)
            if depth is not None and steps >= depth:
                assert heuristic is not None
                return heuristic.evaluate(_Views(state))
            view = None
            if quiet is not None:  # a position the heuristic judges well ends the rollout
                calm = None if settled is None else settled(state)
                if calm is None:
                    view = state.view(seat)
                    calm = quiet(view)
                if calm:
                    assert heuristic is not None
                    return heuristic.evaluate(_Views(state, seat, view))
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif self.rollout == "heuristic" and not (self.eps and rng.random() < self.eps):
                assert heuristic is not None
                action = heuristic.choose(view or state.view(seat), legal, rng)
            else:
                action = legal[rng.randrange(len(legal))]
            state.apply_unchecked(action)
            steps += 1


class _Views(Sequence[dict[str, Any]]):
    """Every seat's view of one position, each built when the evaluation first reads it.

    An evaluation may read only some seats' views (radiant-arena's reads the first
    seat's alone), and a view is one of the dearest things an iteration builds (issue 28:
    about a fifth of it in Lightseekers and radiant-perim).
    """

    __slots__ = ("_state", "_views")

    def __init__(self, state: State, seat: int | None = None,
                 view: dict[str, Any] | None = None) -> None:
        self._state = state
        self._views: list[dict[str, Any] | None] = [None] * state.players
        if seat is not None:
            self._views[seat] = view

    def __len__(self) -> int:
        return len(self._views)

    def __getitem__(self, seat: int) -> dict[str, Any]:  # type: ignore[override]
        view = self._views[seat]
        if view is None:
            view = self._views[seat] = self._state.view(seat % len(self._views))
        return view

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for seat in range(len(self._views)):
            yield self[seat]


def parse_budget(option: str | None) -> dict[str, Any]:
    """Read an ISMCTS option string: ``1s``, ``0.1s``, ``500`` and ``key=value`` extras.

    >>> parse_budget("0.5s")
    {'seconds': 0.5}
    >>> parse_budget("200:depth=0:rollout=random")
    {'iterations': 200, 'depth': 0, 'rollout': 'random'}
    """
    out: dict[str, Any] = {}
    if not option:
        return out
    for part in option.split(":"):
        part = part.strip()
        key, eq, value = part.partition("=")
        known = True
        try:
            if not eq:
                if part.endswith("ms"):
                    out["seconds"] = float(part[:-2]) / 1000
                elif part.endswith("s"):
                    out["seconds"] = float(part[:-1])
                else:
                    out["iterations"] = int(part)
            elif key == "depth":
                out["depth"] = None if value in ("none", "end") else int(value)
            elif key == "c":
                out["c"] = float(value)
            elif key == "rollout":
                out["rollout"] = value
            elif key == "width":
                out["width"] = 0 if value == "all" else int(value)
            elif key == "inner":
                out["inner"] = 0 if value == "all" else int(value)
            elif key == "eps":
                out["eps"] = float(value)
            elif key == "margin":
                out["margin"] = float(value)
            elif key == "others":
                out["others"] = int(value)
            else:
                known = False
        except ValueError:
            raise ParameterError(
                f"cannot read the ismcts budget {part!r}: use seconds like 1s or 0.1s, "
                "or a number of iterations like 500") from None
        if not known:
            raise ParameterError(
                f"unknown ismcts option {key!r} "
                "(known: depth, c, rollout, width, inner, eps, margin, others)")
    return out


def _ismcts(game_id: str, seed: int, option: str | None) -> IsmctsAgent:
    name = "ismcts" if option is None else f"ismcts:{option}"
    heuristic = heuristic_for(game_id)
    # a game's heuristic may bring the search settings that suit it best
    options = {**getattr(heuristic, "ismcts_defaults", {}), **parse_budget(option)}
    return IsmctsAgent(game_id, seed, heuristic=heuristic, name=name, **options)


register_agent("ismcts", _ismcts, options=True)
