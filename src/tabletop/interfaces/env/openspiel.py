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

- observation tensor and information-state tensor: the codec's encoding of the view;
- observation string: the view as sorted JSON;
- information-state string: a digest (:func:`recall_digest`) of what the seat knows:
  its own copy of every event so far (``State.events_for(seat)``: public events, its
  private ones, others' with their private fields hidden) and its view now (its own
  cards included). Equal for states the seat cannot tell apart, different for states it
  can; compact (``p0 e57 <32 hex digits>``).

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
from typing import Any

import numpy as np
import pyspiel

from tabletop.core import Action, State, games
from tabletop.core.spec import MAX_SEED

from .codec import Codec, EnvError, codec, returns_of

DEALS = 0  # the default: deals drawn from the whole seed range
SEED_BYTES = 8  # chance nodes of the default deal: the seed's bytes (63 bits kept)
MAX_GAME_LENGTH = 100_000


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


class _Shared:
    """Shared by every copy of a state (OpenSpiel clones a Python state by deep copy)."""

    __slots__ = ("codec", "deals")

    def __init__(self, c: Codec, deals: int) -> None:
        self.codec, self.deals = c, deals

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Engine:
    """The engine's state, copied by its own cheap ``clone`` when OpenSpiel clones; with
    the codec's indices of its legal actions (cached beside the state's own cache of
    them) and each seat's running digest of the events it saw (:func:`recall_digest`)."""

    __slots__ = ("state", "legal", "by_index", "sorted", "recall")

    def __init__(self, state: State | None) -> None:
        self.state = state
        self.legal: tuple[Action, ...] | None = None  # the legal actions indexed below
        self.by_index: dict[int, Action] = {}
        self.sorted: list[int] = []  # its keys in order (OpenSpiel copies it)
        # seat -> (events read, of which it saw, the hasher of those it saw)
        self.recall: dict[int | None, tuple[int, int, Any]] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        # The state alone: the caches are rebuilt when asked for.
        return (_Engine, (self.state,))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        new = _Engine(None if self.state is None else self.state.clone())
        # replaced, never changed
        new.legal, new.by_index, new.sorted = self.legal, self.by_index, self.sorted
        new.recall = {seat: (n, k, h.copy()) for seat, (n, k, h) in self.recall.items()}
        return new

    def indexed(self, c: Codec) -> dict[int, Action]:
        """The legal actions now by their codec index."""
        assert self.state is not None
        legal = self.state.legal_actions()
        if legal is not self.legal:
            self.by_index = {c.index_of(a): a for a in legal}
            self.sorted = sorted(self.by_index)
            self.legal = legal
        return self.by_index

    def sorted_indices(self, c: Codec) -> list[int]:
        """The legal indices now, in order."""
        self.indexed(c)
        return self.sorted

    def digest(self, seat: int | None) -> str:
        """:func:`recall_digest` of ``seat``, its event digest kept up to date."""
        state = self.state
        assert state is not None
        n, seen_count, h = self.recall.get(seat, (0, 0, None))
        if h is None:
            h = hashlib.blake2b(digest_size=16)
        events = state.events
        for e in events[n:]:
            seen = e.seen_by(seat)
            if seen is not None:
                h.update(repr((seen.kind, seen.args)).encode())
                h.update(b"\n")
                seen_count += 1
        self.recall[seat] = (len(events), seen_count, h)
        final = h.copy()
        final.update(json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"),
                                default=str).encode())
        who = "spectator" if seat is None else f"p{seat}"
        return f"{who} e{seen_count} {final.hexdigest()}"


def recall_digest(state: State, seat: int | None) -> str:
    """What ``seat`` knows of ``state``, as a short string: a digest of its own copy of
    every event so far (``State.events_for(seat)``, in order: perfect recall of what it
    was shown) and of its view now (its own cards; in a re-dealt state, the cards the
    re-deal gave it, which its events may not show). Equal for two states the seat
    cannot tell apart, different (but for a hash collision) for two it can."""
    return _Engine(state).digest(seat)


class TabletopSpielState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the deal, then the engine's state (``engine``)."""

    def __init__(self, game: TabletopGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game.codec, game.deals)
        self._engine = _Engine(None)
        self._seed_bytes: tuple[int, ...] = ()  # the deal so far (the default deal)

    @property
    def codec(self) -> Codec:
        """The game's codec."""
        return self._shared.codec

    @property
    def deals(self) -> int:
        """How many fixed deals the game has (0: the whole seed range)."""
        return self._shared.deals

    @property
    def engine(self) -> State | None:
        """The engine's state (``None`` before the deal)."""
        return self._engine.state

    @engine.setter
    def engine(self, state: State | None) -> None:
        self._engine = _Engine(state)

    def current_player(self) -> int:
        if self.engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        to_act = self.engine.to_act
        return int(pyspiel.PlayerId.TERMINAL) if to_act is None else to_act

    def _legal_actions(self, player: int) -> list[int]:
        assert self.engine is not None and player == self.engine.to_act
        return self._engine.sorted_indices(self.codec)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self.deals or 256
        p = 1.0 / n
        return [(k, p) for k in range(n)]

    def _apply_action(self, action: int) -> None:
        if self.engine is None:
            if self.deals:
                self.engine = self.codec.new_state(int(action))
                return
            self._seed_bytes = (*self._seed_bytes, int(action))
            if len(self._seed_bytes) == SEED_BYTES:
                seed = int.from_bytes(bytes(self._seed_bytes), "big") & MAX_SEED
                self.engine = self.codec.new_state(seed)
            return
        engine = self.engine
        chosen = self._engine.indexed(self.codec).get(int(action))
        if chosen is None:  # not legal now: the codec says why
            chosen = self.codec.action(engine, int(action))
        engine.apply_unchecked(chosen)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}" if self.deals else f"seed byte {action}"
        return self.codec.actions[action]

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.to_act is None

    def returns(self) -> list[float]:
        outcome = None if self.engine is None else self.engine.outcome()
        if outcome is None:
            return [0.0] * self.codec.players
        return returns_of(outcome, self.codec.players)

    def __str__(self) -> str:
        if self.engine is None:
            return f"before the deal ({len(self._seed_bytes)} of {SEED_BYTES} seed bytes)" \
                if not self.deals else "before the deal"
        # The position's hash, so that two states print alike only if they are alike.
        return f"{self.engine!r} {self.engine.state_hash()[:16]}"

    def information_state_digest(self, seat: int | None) -> str:
        """The information-state string of ``seat`` (:func:`recall_digest`)."""
        if self.engine is None:
            return ""
        return self._engine.digest(seat)

    def resampled(self, player: int, rng: random.Random) -> TabletopSpielState:
        """A state consistent with what ``player`` knows (hidden cards re-dealt)."""
        new: TabletopSpielState = self.clone()  # pyspiel's clone (untyped): a deep copy
        if self.engine is not None:
            new.engine = self.engine.resample(player, rng)
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
    ``string_from``) over a seat's view."""

    def __init__(self, c: Codec, iig_obs_type: Any) -> None:
        self.codec = c
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        private = None if iig_obs_type is None else iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every player's private information is not "
                             "offered: it would reveal hidden cards")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.tensor = np.zeros(c.size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, size, _ in c.parts:
            self.dict[name] = self.tensor[at:at + size]
            at += size

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: TabletopSpielState, player: int) -> None:
        """Encode ``player``'s view (the spectator's for a public observer)."""
        self.tensor.fill(0)
        if state.engine is not None:
            self.codec.encode(state.engine.view(self._seat(player)), self.tensor)

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
