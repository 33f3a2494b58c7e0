"""OpenSpiel registrations: every registered game as a ``pyspiel`` Python game.

Importing this module registers ``tabletop_<game>`` for every game (``-`` becomes
``_``), so that::

    import pyspiel
    import tabletop.interfaces.env.openspiel  # noqa: F401
    game = pyspiel.load_game("tabletop_radiant_perim", {"players": 3})

Parameters: ``players`` (the game's default), ``deals`` (0, the default: the deal is
drawn from the engine's whole seed range; ``k`` > 0: a fixed set of ``k`` deals, seeds
0..k-1), ``max_game_length`` (a bound OpenSpiel algorithms may rely on) and, as strings,
the game's own parameters (radiant-arena's ``deck_a``, ``deck_b``, ``cards``).

The game starts with the deal, its chance nodes: by default :data:`SEED_BYTES` nodes of
256 outcomes each, the bytes of the engine seed (uniform over ``0..MAX_SEED``); with
``deals=k`` one node of ``k`` outcomes, outcome ``i`` being seed ``i``. The seed decides
every hidden card of the game; after the deal the game is the engine's, with actions
numbered by the :class:`~.codec.Codec`. Every observation is built from one seat's view
(``State.view(seat)``), or the spectator's view for a public observer
(``private_info=NONE``):

- observation tensor: the codec's encoding of the view; information-state tensor: the
  same, then the seat's record of the events it was told, in order (recall.py: perfect
  recall);
- observation string: the view as sorted JSON;
- information-state string: a digest (:func:`recall_digest`) of what the seat knows:
  its own copy of every event so far (``State.events_for(seat)``: public events, its
  private ones, others' with their private fields hidden; its own cards included), and
  among them its own actions and each change of the seat to act (every view shows it),
  then the seat to act now, kept running with the state; in a re-dealt state, another
  seat's string also digests its view as re-dealt (:func:`resampled_engine`). Equal for
  states the seat cannot tell apart, different for states it can (so the seat to act
  has the same legal actions in every state of its string); compact
  (``p0 e57 <32 hex digits>``).

Returns are :func:`~.codec.returns_of` (+1 win, -1 loss); a game of two sides (two
players, or radiant-perim's two teams of four) is registered zero-sum.
``TabletopSpielState.resample_from_infostate`` re-deals the hidden cards through the
engine's ``State.resample``, so OpenSpiel's Python IS-MCTS runs with its defaults
(its C++ IS-MCTS cannot reach it: docs/research.md); :func:`make_resampler` gives the
Python bot a seeded one. OpenSpiel's C++ MCTS runs through :func:`cpp_bot_step`.
Games and states pickle and pass ``serialize_game_and_state``.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from operator import is_
from typing import Any

import numpy as np
import pyspiel

from tabletop.core import Action, State, games
from tabletop.core.spec import MAX_SEED

from .codec import Codec, EnvError, codec, returns_of
from .recall import Acts, Recall, acts_chain, acts_tuple, event_kinds, recall_of, recall_parts

DEALS = 0  # the default: deals drawn from the whole seed range
SEED_BYTES = 8  # chance nodes of the default deal: the seed's bytes (63 bits kept)
MAX_GAME_LENGTH = 100_000
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def short_name(game: str) -> str:
    """The OpenSpiel name of an engine game: ``tabletop_radiant_perim``."""
    return "tabletop_" + game.replace("-", "_")


class TabletopGame(pyspiel.Game):  # type: ignore[misc]
    """One engine game, for one seat count and parameters, as an OpenSpiel game."""

    def __init__(self, game_id: str, game_type: pyspiel.GameType,
                 params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", game_type.parameter_specification["players"]))
        own = {k: v for k, v in params.items()
               if k not in ("players", "deals", "max_game_length")}
        self.codec: Codec = codec(game_id, players, **own)
        self.deals = int(params.get("deals", DEALS))
        if self.deals < 0:
            raise EnvError(f"deals is 0 (the whole seed range) or a number of fixed deals, "
                           f"not {self.deals}")
        self._params = params
        # Zero-sum where the returns are: two sides (two seats, or two teams of partners)
        # get +1 and -1, or 0 each.
        sample = self.codec.new_state(0)
        sides = [sum(1 for s in range(players) if sample.team(s) == t)
                 for t in range(sample.teams)]
        zero_sum = len(sides) == 2 and sides[0] == sides[1]
        game_type = _game_type(game_id, zero_sum)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.n_actions,
            max_chance_outcomes=self.deals or 256,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=int(params.get("max_game_length", MAX_GAME_LENGTH)))
        super().__init__(game_type, info, params)
        self.blank = _Engine(self.codec, self.deals)  # every new state's, before the deal

    def new_initial_state(self) -> TabletopSpielState:
        """The state before the deal (a chance node)."""
        return TabletopSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """An observer of one seat's view (or the spectator's, for public information)."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return Observer(self.codec, iig_obs_type)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its name and parameters: loaded again by OpenSpiel.
        return (load_game, (self.codec.game, dict(self._params)))


def load_game(game_id: str, params: dict[str, Any]) -> pyspiel.Game:
    """The OpenSpiel game of engine game ``game_id`` with ``params`` (unpickling)."""
    return pyspiel.load_game(short_name(game_id), params)


class _Engine:
    """Everything a state holds, as one object (OpenSpiel's C++ ``Clone`` of a Python
    state deep-copies each attribute: one is the cheapest): the setup (shared by every
    copy), the deal so far, the engine's state (copied by its own cheap ``clone``), the
    seat to act and the codec's indices of the legal actions (cached for the position
    they were read at), the log of the actions taken (``acts``) and each seat's running
    digest of the events it saw and the actions among them (:func:`recall_digest`)."""

    __slots__ = ("codec", "ids", "deals", "seed_bytes", "state", "redeal", "anchors", "at",
                 "to_act", "legal", "indices", "sorted", "recall", "acts")

    def __init__(self, c: Codec, deals: int, state: State | None = None,
                 seed_bytes: tuple[int, ...] = (),
                 redeal: tuple[int, State] | None = None,
                 anchors: dict[int | None, bytes] | None = None,
                 acts: tuple[tuple[int, int, int], ...] = ()) -> None:
        self.codec, self.deals = c, deals
        self.ids = _action_ids(c)  # the codec's indices by action identity (shared)
        self.seed_bytes = seed_bytes  # the default deal's bytes so far
        self.state = state
        # A re-dealt state's seat and the state as the re-deal left it; and seat -> the
        # digest of its view there (its anchor, read when first asked: a function of that
        # state, so the copies share the table). None and no anchors in a dealt game,
        # whose events tell every seat all it sees (resampled_engine).
        self.redeal = redeal
        self.anchors: dict[int | None, bytes] = {} if anchors is None else anchors
        # The position the caches below were read at: the length of the state's history
        # (every apply and concession adds to it, so a state changed from outside, as
        # through ``engine``, is read again); -1: not read yet.
        self.at = -1
        self.to_act: int | None = None  # the seat to act there (None: the game is over)
        self.legal: tuple[Action, ...] | None = None  # its legal actions (None: not read)
        self.indices: list[int] = []  # their codec indices, in the same order
        self.sorted: list[int] = []  # the same, ascending (copied for every caller)
        # seat -> its running record of the events it saw (recall.py)
        self.recall: dict[int | None, Recall] = {}
        # The actions taken since the deal (recall.Acts; in a re-dealt state, the re-dealt
        # seat's log before the re-deal, then the new ones): the records read them.
        self.acts: Acts = acts_chain(acts) if acts else None

    def __reduce__(self) -> tuple[Any, ...]:
        # The setup, the deal, the state and the actions: the caches are rebuilt when
        # asked for.
        return (_Engine, (self.codec, self.deals, self.state, self.seed_bytes, self.redeal,
                          self.anchors, acts_tuple(self.acts)))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        new = _Engine.__new__(_Engine)
        new.codec, new.deals, new.seed_bytes = self.codec, self.deals, self.seed_bytes
        new.ids, new.redeal, new.anchors = self.ids, self.redeal, self.anchors
        new.acts = self.acts  # a chain never changed: shared
        state = self.state
        new.state = None if state is None else state.clone()
        # replaced, never changed
        new.at, new.to_act = self.at, self.to_act
        new.legal, new.indices, new.sorted = self.legal, self.indices, self.sorted
        new.recall = {seat: r.copy() for seat, r in self.recall.items()} \
            if self.recall else {}
        return new

    def seat(self) -> int | None:
        """The seat to act (``None``: over), read once per position (the games compute
        ``to_act``: OpenSpiel asks for it four times a decision)."""
        state = self.state
        assert state is not None
        if len(state.history) != self.at:
            self.at = len(state.history)
            self.to_act = state.to_act
            self.legal = None
        return self.to_act

    def index(self) -> tuple[Action, ...]:
        """The legal actions now, their codec indices (``indices``, ``sorted``) up to date."""
        state = self.state
        assert state is not None
        if len(state.history) != self.at:
            self.seat()
        legal = self.legal
        if legal is None:
            legal = state.legal_actions()
            self.indices, self.sorted = self.ids.of(legal)
            self.legal = legal
        return legal

    def digest(self, seat: int | None) -> str:
        """The information-state string of ``seat``: its running record's digest, the
        anchors of a re-dealt state (:func:`resampled_engine`) and the seat to act."""
        return _digest(self.history(seat), self.anchor(seat), seat, self.seat())

    def anchor(self, seat: int | None) -> bytes:
        """``seat``'s anchor: its view where it was re-dealt (empty: none)."""
        got = self.anchors.get(seat)
        if got is None:
            got = b""
            if self.redeal is not None and seat != self.redeal[0]:
                got = self.anchors[seat] = _view_digest(self.redeal[1], seat)
        return got

    def history(self, seat: int | None) -> Recall:
        """``seat``'s record of the events it saw, extended to now."""
        assert self.state is not None
        r = self.recall.get(seat)
        if r is None:
            r = self.recall[seat] = Recall(len(event_kinds(self.codec.game)))
        return r.update(self.state, seat, self.acts)


def _digest(recall: Recall, anchor: bytes, seat: int | None, to_act: int | None) -> str:
    """The information-state string of ``seat`` from its record (up to date), its anchor
    (none but in a re-dealt state) and the seat to act now (``None``: the game is over;
    every view shows it, and the record tells only the seats that acted)."""
    h = recall.closed(to_act)
    if anchor:
        h.update(b"anchor " + anchor)
    who = "spectator" if seat is None else f"p{seat}"
    return f"{who} e{recall.seen} {h.hexdigest()}"


def _view_digest(state: State, seat: int | None) -> bytes:
    """A digest of ``seat``'s view of ``state`` (sorted JSON)."""
    blob = json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(blob.encode(), digest_size=16).digest()


def resampled_engine(e: _Engine, seat: int, new: State) -> _Engine:
    """The engine of ``new``, a re-deal of ``e``'s state for ``seat``. ``new`` keeps only
    ``seat``'s copies of the events (``State.resample``), and its log of actions is
    ``seat``'s record's (the same actions, placed among those copies): ``seat``'s record
    reads them alike and its anchor (if ``e`` had one) is kept, so its string is the same.
    Any other seat's record lacks its own private fields there, and the re-deal may have
    given it other cards, which no event tells: its view of ``new`` as dealt is its
    anchor, part of its string from then on (the events after the re-deal are the game's
    own again)."""
    anchor = e.anchor(seat)
    out = _Engine(e.codec, e.deals, new, e.seed_bytes, (seat, new.clone()),
                  {seat: anchor} if anchor else None)
    if e.state is not None:
        # ``seat``'s record so far, carried: ``new``'s events are exactly those it read,
        # and its trail the actions among them.
        record = e.history(seat).copy()
        record.read = len(new.events)
        out.acts = record.trail
        out.recall[seat] = record
    return out


# The games hand out the same action objects again and again (they build each once), so
# an action's index is looked up by the object's identity, not its value: hashing and
# comparing a dataclass costs far more. Each table keeps the actions it has seen, so no id
# in it can be taken by another object; it is emptied if a game makes new objects without
# end.
_IDS_LIMIT = 100_000


class _Ids:
    """The codec indices of actions by the identity of the action objects."""

    __slots__ = ("codec", "index", "keep", "lists")

    def __init__(self, c: Codec) -> None:
        self.codec = c
        self.index: dict[int, int] = {}  # id(action) -> its codec index
        self.keep: list[Action] = []  # the actions of those ids, kept alive
        # id(first action) -> the last list of legal actions met starting with it, with its
        # indices in order and sorted. A game's positions offer the same lists of action
        # objects again and again (a seat's hand, the same choices), and checking that two
        # lists hold the same objects costs a fraction of looking up each action's id.
        self.lists: dict[int, tuple[tuple[Action, ...], list[int], list[int]]] = {}

    def of(self, legal: tuple[Action, ...]) -> tuple[list[int], list[int]]:
        """The indices of ``legal``, in order and sorted (``Codec.index_of``, remembered);
        the lists are shared: never change them."""
        if not legal:  # the game is over
            return [], []
        key = id(legal[0])
        met = self.lists.get(key)
        if met is not None and len(met[0]) == len(legal) and all(map(is_, met[0], legal)):
            return met[1], met[2]
        index = self.index
        try:
            indices = [index[id(a)] for a in legal]
        except KeyError:
            indices = [self._add(a) for a in legal]
        ordered = sorted(indices)
        # The list is kept with them: its objects stay alive, so no id here is reused.
        self.lists[key] = (legal, indices, ordered)
        return indices, ordered

    def _add(self, action: Action) -> int:
        i = self.index.get(id(action))
        if i is not None:
            return i
        if len(self.keep) >= _IDS_LIMIT:
            self.index.clear()
            self.keep.clear()
            self.lists.clear()
        i = self.codec.index_of(action)
        self.index[id(action)] = i
        self.keep.append(action)
        return i


_IDS: dict[int, _Ids] = {}


def _action_ids(c: Codec) -> _Ids:
    """The identity table of codec ``c``'s actions."""
    ids = _IDS.get(id(c))
    if ids is None or ids.codec is not c:
        ids = _IDS[id(c)] = _Ids(c)
    return ids


def recall_digest(state: State, seat: int | None, acts: Acts = None) -> str:
    """What ``seat`` knows of ``state`` (a dealt game's, not a re-deal), as a short string:
    a digest of its own copy of every event so far (``State.events_for(seat)``, in order:
    perfect recall of what it was shown, its own cards included), with the actions of
    ``acts`` among them (the game's log, ``TabletopSpielState.acts``: which seat decided
    at each change of turn, and ``seat``'s own choices), then the seat to act. Each game
    tells a seat every change it can see as an event but for some answers that change
    only what comes next (declining an additional clash in radiant-arena), which the seat
    knows because it chose them, so the view is a function of these (tested:
    tests/interfaces/env/test_env_spiel_research.py); the string is equal for two states
    the seat cannot tell apart and different (but for a hash collision) for two it can.
    A re-dealt state adds what no event told (:func:`resampled_engine`)."""
    return _digest(recall_of(state, seat, acts), b"", seat, state.to_act)


class TabletopSpielState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the deal, then the engine's state (``engine``).

    Everything it holds is one attribute (an :class:`_Engine`), so OpenSpiel's C++
    ``Clone`` deep-copies one object. ``legal_actions``, ``is_chance_node`` and the
    methods OpenSpiel asks a Python game for are answered in Python, without the round
    trip through C++ and back that pyspiel's own ``legal_actions`` makes (four calls of
    ``current_player`` and ``is_terminal`` per call); C++ callers get the same answers
    through ``_legal_actions``."""

    def __init__(self, game: TabletopGame) -> None:
        super().__init__(game)
        # The game's blank (no deal yet): the deal replaces it, never changes it.
        self._engine = game.blank

    @property
    def codec(self) -> Codec:
        """The game's codec."""
        return self._engine.codec

    @property
    def deals(self) -> int:
        """How many fixed deals the game has (0: the whole seed range)."""
        return self._engine.deals

    @property
    def engine(self) -> State | None:
        """The engine's state (``None`` before the deal)."""
        return self._engine.state

    @engine.setter
    def engine(self, state: State | None) -> None:
        # A state from outside: its log of actions starts here (the records read its
        # events from the start, and the actions applied from now on).
        e = self._engine
        self._engine = _Engine(e.codec, e.deals, state, e.seed_bytes)

    @property
    def acts(self) -> Acts:
        """The log of the actions taken since the deal (``recall.Acts``), which the
        information states read: a seat's own choices, and who decided."""
        return self._engine.acts

    def current_player(self) -> int:
        e = self._engine
        state = e.state
        if state is None:
            return _CHANCE
        if len(state.history) != e.at:
            e.seat()
        to_act = e.to_act
        return _TERMINAL if to_act is None else to_act

    def is_chance_node(self) -> bool:
        """True before the deal (pyspiel's, answered here)."""
        return self._engine.state is None

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (default: the one to act), as pyspiel's
        ``legal_actions`` gives them for a Python game: none once the game is over, the
        deal's outcomes before it, the codec's sorted indices for the seat to act, none
        for another seat."""
        e = self._engine
        state = e.state
        if state is None:
            return list(range(e.deals or 256))
        if len(state.history) != e.at:
            e.seat()
        to_act = e.to_act
        if to_act is None:
            return []
        if player is None or player == to_act:
            if e.legal is None:  # (e.index(), inlined: called every decision)
                legal = state.legal_actions()
                e.indices, e.sorted = e.ids.of(legal)
                e.legal = legal
            return e.sorted[:]
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        assert self._engine.state is not None and player == self._engine.seat()
        self._engine.index()
        return self._engine.sorted

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._engine.deals or 256
        p = 1.0 / n
        return [(k, p) for k in range(n)]

    def _apply_action(self, action: int) -> None:
        e = self._engine
        state = e.state
        if state is None:
            self._deal(int(action))
            return
        legal = e.legal
        if legal is None or len(state.history) != e.at:
            legal = e.index()
        try:
            chosen = legal[e.indices.index(action)]
        except ValueError:  # not legal now (or not an int): the codec says why
            chosen = e.codec.action(state, action)
        # The log the records read: who acted, what, and after how many events.
        acts = e.acts
        assert e.to_act is not None
        e.acts = (acts, 1 if acts is None else acts[1] + 1, e.to_act, int(action),
                  len(state.events))
        state.apply_unchecked(chosen)
        # The next position's seat, read now: OpenSpiel's ApplyAction asks for it.
        e.at, e.to_act, e.legal = len(state.history), state.to_act, None

    def _deal(self, outcome: int) -> None:
        e = self._engine
        if e.deals:
            self._engine = _Engine(e.codec, e.deals, e.codec.new_state(outcome))
            return
        seed_bytes = (*e.seed_bytes, outcome)
        if len(seed_bytes) < SEED_BYTES and e.seed_bytes:
            # Only the game's blank (no byte yet) is shared; an engine with bytes is this
            # state's own (copies get theirs: __deepcopy__), so the next byte is added in
            # place instead of building an engine per chance node.
            e.seed_bytes = seed_bytes
            return
        state = None
        if len(seed_bytes) == SEED_BYTES:
            state = e.codec.new_state(int.from_bytes(bytes(seed_bytes), "big") & MAX_SEED)
        self._engine = _Engine(e.codec, e.deals, state, seed_bytes)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}" if self.deals else f"seed byte {action}"
        return self.codec.actions[action]

    def is_terminal(self) -> bool:
        e = self._engine
        state = e.state
        if state is None:
            return False
        if len(state.history) != e.at:
            e.seat()
        return e.to_act is None

    def returns(self) -> list[float]:
        e = self._engine
        outcome = None if e.state is None else e.state.outcome()
        if outcome is None:
            return [0.0] * e.codec.players
        return returns_of(outcome, e.codec.players)

    def __str__(self) -> str:
        e = self._engine
        if e.state is None:
            return f"before the deal ({len(e.seed_bytes)} of {SEED_BYTES} seed bytes)" \
                if not e.deals else "before the deal"
        # The position's hash, so that two states print alike only if they are alike.
        return f"{e.state!r} {e.state.state_hash()[:16]}"

    def information_state_digest(self, seat: int | None) -> str:
        """The information-state string of ``seat`` (:func:`recall_digest`)."""
        if self.engine is None:
            return ""
        return self._engine.digest(seat)

    def recall(self, seat: int | None) -> Recall:
        """``seat``'s record of the events it was told (kept running with the state)."""
        return self._engine.history(seat)

    def resampled(self, player: int, rng: random.Random) -> TabletopSpielState:
        """A state consistent with what ``player`` knows (hidden cards re-dealt)."""
        new: TabletopSpielState = self.clone()  # pyspiel's clone (untyped): a deep copy
        e = self._engine
        if e.state is not None:
            new._engine = resampled_engine(e, player, e.state.resample(player, rng))
        return new

    def resample_from_infostate(self, player_id: int, probability_sampler: Any,
                                ) -> TabletopSpielState:
        """OpenSpiel's re-deal (its IS-MCTS calls it): a state ``player_id`` cannot tell
        from this one, the engine's ``State.resample`` with a generator seeded from
        ``probability_sampler`` (OpenSpiel's uniform sampler of [0, 1))."""
        seed = 0
        for _ in range(3):  # 3 x 21 bits: a sampler's double holds 53 random bits
            seed = (seed << 21) | int(float(probability_sampler()) * (1 << 21))
        return self.resampled(player_id, random.Random(seed))


class Observer:
    """OpenSpiel's observer interface (``tensor``, ``dict``, ``set_from``,
    ``string_from``) over a seat's view: the codec's observation, and with
    ``perfect_recall`` (the information state) the seat's record of the events it was
    told after it (recall.py)."""

    def __init__(self, c: Codec, iig_obs_type: Any) -> None:
        self.codec = c
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        private = None if iig_obs_type is None else iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every player's private information is not "
                             "offered: it would reveal hidden cards")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.parts = (*c.parts, *(recall_parts(c.game) if self.perfect_recall else ()))
        self.tensor = np.zeros(sum(size for _, size, _ in self.parts), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, size, _ in self.parts:
            self.dict[name] = self.tensor[at:at + size]
            at += size

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: TabletopSpielState, player: int) -> None:
        """Encode ``player``'s view (the spectator's for a public observer), and with
        perfect recall its record of the events it was told."""
        self.tensor.fill(0)
        if state.engine is not None:
            seat = self._seat(player)
            self.codec.encode(state.engine.view(seat), self.tensor[:self.codec.size])
            if self.perfect_recall:
                state.recall(seat).encode(self.tensor[self.codec.size:],
                                          state.engine.to_act)

    def string_from(self, state: TabletopSpielState, player: int) -> str:
        """The view as JSON, or (perfect recall) the digest of what the seat knows
        (:func:`recall_digest`)."""
        if state.engine is None:
            return ""
        seat = self._seat(player)
        if not self.perfect_recall:
            return json.dumps(state.engine.view(seat), sort_keys=True)
        return state.information_state_digest(seat)


class Resampler:
    """For ``ISMCTSBot.set_resampler``: gives ``state`` with what ``player`` cannot see
    re-dealt by the engine (``State.resample``); its re-deals follow one generator seeded
    ``seed``, so a bot's search is reproducible. (The bot's default, without a resampler,
    is :meth:`TabletopSpielState.resample_from_infostate`.)"""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def __call__(self, state: TabletopSpielState, player: int) -> TabletopSpielState:
        return state.resampled(player, self.rng)


def make_resampler(seed: int = 0) -> Callable[[TabletopSpielState, int], TabletopSpielState]:
    """A :class:`Resampler` seeded ``seed``."""
    return Resampler(seed)


resampler = make_resampler(0)


def cpp_bot_step(bot: pyspiel.Bot, state: pyspiel.State) -> int:
    """The action OpenSpiel's C++ bot ``bot`` (``pyspiel.MCTSBot``) chooses in ``state``,
    through its ``step_with_policy``. Its ``step`` must not be called on a Python game:
    OpenSpiel binds ``MCTSBot.step`` and ``ISMCTSBot.step`` with the interpreter's lock
    released, and the C++ ``PyState::Clone`` of a Python state then runs Python
    (``copy.deepcopy``) without it, which crashes the process (docs/research.md).
    ``step_with_policy`` keeps the lock, and the search is the same."""
    return int(bot.step_with_policy(state)[1])


def _game_type(game_id: str, zero_sum: bool) -> pyspiel.GameType:
    """The OpenSpiel type of a game: as registered, zero-sum or general-sum."""
    t = _TYPES[game_id]
    utility = (pyspiel.GameType.Utility.ZERO_SUM if zero_sum
               else pyspiel.GameType.Utility.GENERAL_SUM)
    if t.utility == utility:
        return t
    return pyspiel.GameType(
        short_name=t.short_name, long_name=t.long_name, dynamics=t.dynamics,
        chance_mode=t.chance_mode, information=t.information, utility=utility,
        reward_model=t.reward_model, max_num_players=t.max_num_players,
        min_num_players=t.min_num_players,
        provides_information_state_string=t.provides_information_state_string,
        provides_information_state_tensor=t.provides_information_state_tensor,
        provides_observation_string=t.provides_observation_string,
        provides_observation_tensor=t.provides_observation_tensor,
        parameter_specification=t.parameter_specification)


class _Creator:
    """What OpenSpiel calls to load one engine game (a module-level class, not a class
    built per game, so that games pickle)."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        # OpenSpiel's registry lets go of its creators after the interpreter has shut
        # down; a creator freed then aborts the process. A reference to itself keeps it
        # alive to the end (as a class is, through its own cycles).
        self._self = self

    def __call__(self, params: dict[str, Any] | None = None) -> TabletopGame:
        return TabletopGame(self.game_id, _TYPES[self.game_id], params)


def _register(game_id: str) -> None:
    spec = next(s for s in games() if s.id == game_id)
    parameters: dict[str, Any] = {"players": spec.default_players, "deals": DEALS,
                                  "max_game_length": MAX_GAME_LENGTH}
    for name, p in spec.params.items():
        if p.type in (int, str, bool, float):
            parameters[name] = p.default
    # Registered general-sum: a game's type is chosen per seat count when it loads
    # (_game_type), zero-sum for two sides.
    game_type = pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"tabletop {spec.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(spec.player_counts),
        min_num_players=min(spec.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters)
    # The type stays in a module global (a closure holding it aborts the interpreter at
    # exit).
    _TYPES[game_id] = game_type
    pyspiel.register_game(game_type, _Creator(game_id))


_TYPES: dict[str, Any] = {}


for _spec in games():
    _register(_spec.id)
