"""OpenSpiel registrations: every registered game as a ``pyspiel`` Python game.

Importing this module registers ``tabletop_<game>`` for every game (``-`` becomes
``_``), so that::

    import pyspiel
    import tabletop.interfaces.env.openspiel  # noqa: F401
    game = pyspiel.load_game("tabletop_radiant_perim", {"players": 3})

Parameters: ``players`` (the game's default), ``deals`` (how many chance outcomes the
deal has, default 1000), ``max_game_length`` (a bound OpenSpiel algorithms may rely on)
and, as strings, the game's own parameters (radiant-arena's ``deck_a``, ``deck_b``,
``cards``).

The game starts with one chance node: outcome ``k`` (uniform over ``deals``) is the
engine seed ``k``, which decides every hidden card of the game; after it, the game is
the engine's, with actions numbered by the :class:`~.codec.Codec`. Every observation is
built from one seat's view (``State.view(seat)``), or the spectator's view for a public
observer (``private_info=NONE``):

- observation tensor and information-state tensor: the codec's encoding of the view (the
  view keeps what the rules let a seat remember: revealed melds, cards seen, cards known
  in hands; the tensor is the same for both, so it is not perfect-recall);
- observation string: the view as sorted JSON;
- information-state string: the seat's own copies of every event so far (kinds and
  fields, as ``State.events_for(seat)`` gives them) and the seat's own actions, which is
  perfect recall.

Returns are :func:`~.codec.returns_of` (+1 win, -1 loss; general sum).
:func:`make_resampler` gives OpenSpiel's IS-MCTS bot the engine's ``resample``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from tabletop.core import State, games

from .codec import Codec, EnvError, codec, returns_of

DEALS = 1000
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
        if self.deals < 1:
            raise EnvError(f"deals must be at least 1, not {self.deals}")
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.n_actions,
            max_chance_outcomes=self.deals,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
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


class _Shared:
    """Shared by every copy of a state (OpenSpiel clones a Python state by deep copy)."""

    __slots__ = ("codec", "deals")

    def __init__(self, c: Codec, deals: int) -> None:
        self.codec, self.deals = c, deals

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Engine:
    """The engine's state, copied by its own cheap ``clone`` when OpenSpiel clones."""

    __slots__ = ("state",)

    def __init__(self, state: State | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(None if self.state is None else self.state.clone())


class TabletopSpielState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the deal, then the engine's state (``engine``)."""

    def __init__(self, game: TabletopGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game.codec, game.deals)
        self._engine = _Engine(None)

    @property
    def codec(self) -> Codec:
        """The game's codec."""
        return self._shared.codec

    @property
    def deals(self) -> int:
        """How many chance outcomes the deal has."""
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
        return sorted(self.codec.legal_indices(self.engine))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.deals
        return [(k, p) for k in range(self.deals)]

    def _apply_action(self, action: int) -> None:
        if self.engine is None:
            self.engine = self.codec.new_state(int(action))
        else:
            self.engine.apply(self.codec.action(self.engine, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self.codec.actions[action]

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.to_act is None

    def returns(self) -> list[float]:
        outcome = None if self.engine is None else self.engine.outcome()
        if outcome is None:
            return [0.0] * self.codec.players
        return returns_of(outcome, self.codec.players)

    def __str__(self) -> str:
        return "before the deal" if self.engine is None else repr(self.engine)

    def resampled(self, player: int, rng: random.Random) -> TabletopSpielState:
        """A state consistent with what ``player`` knows (hidden cards re-dealt)."""
        new: TabletopSpielState = self.clone()  # pyspiel's clone (untyped): a deep copy
        assert self.engine is not None
        new.engine = self.engine.resample(player, rng)
        return new


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
        """The view as JSON, or (perfect recall) the seat's events and own actions."""
        if state.engine is None:
            return ""
        seat = self._seat(player)
        if not self.perfect_recall:
            return json.dumps(state.engine.view(seat), sort_keys=True)
        events = [[e.kind, e.fields] for e in state.engine.events_for(seat)]
        mine = [h.action for h in state.full_history()[1:] if h.player == player]
        return json.dumps({"events": events, "my_actions": mine}, sort_keys=True,
                          default=str)


def make_resampler(seed: int = 0) -> Callable[[TabletopSpielState, int], TabletopSpielState]:
    """For ``ISMCTSBot.set_resampler``: a function giving ``state`` with what ``player``
    cannot see re-dealt by the engine (``State.resample``); its re-deals follow one
    generator seeded ``seed``, so a bot's search is reproducible."""
    rng = random.Random(seed)

    def resample(state: TabletopSpielState, player: int) -> TabletopSpielState:
        return state.resampled(player, rng)

    return resample


resampler = make_resampler(0)


def _register(game_id: str) -> None:
    spec = next(s for s in games() if s.id == game_id)
    parameters: dict[str, Any] = {"players": spec.default_players, "deals": DEALS,
                                  "max_game_length": MAX_GAME_LENGTH}
    for name, p in spec.params.items():
        if p.type in (int, str, bool, float):
            parameters[name] = p.default
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

    # A class per game, as OpenSpiel's own Python games register themselves; its type
    # stays in a module global (a closure holding it aborts the interpreter at exit).
    _TYPES[game_id] = game_type
    cls = type(f"Tabletop_{game_id.replace('-', '_')}", (TabletopGame,), {
        "__init__": lambda self, params=None: TabletopGame.__init__(
            self, game_id, _TYPES[game_id], params),
        "__doc__": f"{spec.name} as an OpenSpiel game."})
    pyspiel.register_game(game_type, cls)


_TYPES: dict[str, Any] = {}


for _spec in games():
    _register(_spec.id)
