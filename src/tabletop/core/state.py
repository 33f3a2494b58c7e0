"""The State contract every game honours.

Compiled with mypyc along with radiant-arena (``tabletop.native``): a native class, open to
interpreted subclasses (every other game's state), with ``ABCMeta`` as its metaclass rather
than ``ABC`` as a base (a Python base class would give compiled subclasses a weak-reference
slot that mypyc 2.4 mishandles)."""

from __future__ import annotations

import hashlib
import json
from abc import ABCMeta, abstractmethod
from collections.abc import Mapping
from random import Random
from typing import Any, ClassVar, Final, TypeVar

from mypy_extensions import mypyc_attr

from .action import CONCESSIONS, Action, Concession, Outcome, text_of
from .errors import (
    IllegalActionError,
    NoLegalAction,
    NotationError,
    ParameterError,
    ScenarioError,
    excerpt,
)
from .event import Event, EventBook
from .spec import GameSpec
from .words import ActionWords

# What every game implements: the abstract methods below. Kept by name too, because the
# compiled State (tabletop.native) does not keep ABCMeta, which refuses to make a state of
# a class that lacks one: __init__ does it then (_check_hooks).
HOOKS = ("to_act", "_legal_actions", "_apply", "_why_illegal", "parse_action", "view",
         "clone", "resample", "outcome", "to_data", "_concede")
R_CONCEDE = "the core contract — State.concede"
_COMPLETE: set[type] = set()  # the classes _check_hooks passed
# tuple.__new__ builds the Event NamedTuple without its Python-level __new__ (half the
# cost): events are made several times per decision on the hot path of playouts and
# search. Should Event stop being a tuple, its constructor is used. (Final: compiled, a
# module global is a dictionary lookup at every event; a Final one a C variable.)
_new: Final = tuple.__new__
_EVENT_IS_TUPLE: Final = issubclass(Event, tuple)
_EVENT: Final = Event
T = TypeVar("T")
# The book of a state whose game has not set its own: no kinds (rendering fails loudly).
NO_BOOK = EventBook("", ())


def without(row: list[T], item: T) -> list[T]:
    """A new list: ``row`` less its first ``item`` (which it holds). For the rows a game's
    clones share, replaced, never changed in place (``row.remove`` would change every
    clone's)."""
    out = row[:]
    out.remove(item)
    return out


def _check_hooks(cls: type) -> None:
    """Refuse a class of state that does not implement every hook, as ABCMeta does."""
    missing = [h for h in HOOKS if not any(h in vars(k) for k in cls.__mro__
                                           if k is not State and k is not object)]
    if missing:
        raise TypeError(f"Can't instantiate {cls.__name__}: it does not implement "
                        f"{', '.join(missing)} (the State hooks: docs/adding-a-game.md)")
    _COMPLETE.add(cls)


@mypyc_attr(allow_interpreted_subclasses=True)
class State(metaclass=ABCMeta):
    """The whole truth of one game. It changes only inside :meth:`apply`.

    Subclasses keep their fields flat so that :meth:`clone` is cheap; they implement
    the underscored hooks and the base class adds the checked path, the legal-action
    cache, the event filter and the hash.
    """

    spec: ClassVar[GameSpec]

    def __init__(self, players: int, seed: int, params: dict[str, Any]) -> None:
        if type(self) not in _COMPLETE:
            _check_hooks(type(self))
        self.players = players
        self.seed = seed
        self.params = params
        self.history: list[Action] = []
        self.events: list[Event] = []
        # The position a game started from, when it started from a scenario.
        self.start: dict[str, Any] | None = None
        # The seats that conceded (State.concede), each with its reason.
        self.conceded: dict[int, str] = {}
        self._legal: tuple[Action, ...] | None = None
        # The game's event kinds and how their fields read (set by the game's __init__).
        self.book: EventBook = NO_BOOK
        # The last events_for(seat) a resample kept (_resampled): the seat, the event list
        # it was read from and its length then, and the copies.
        self._seen: tuple[int, list[Event], int, list[Event]] | None = None
        # Whether history and events are lists another state holds too (clone shares
        # them): the first apply on either side takes its own copies (_own_log).
        self._shared = False

    # --- the contract -------------------------------------------------------------

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat that decides now, ``None`` when the game is over."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Every legal action of ``to_act``, in a stable order (uncached)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action."""

    @abstractmethod
    def _why_illegal(self, action: Action) -> tuple[str, str]:
        """(reason, rule with section) for an action not among the legal ones.

        Called also once the game is over, when every action is illegal."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read the notation of an action; raises ``NotationError``."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (``None``: a spectator), JSON-ready."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    @abstractmethod
    def resample(self, seat: int, rng: Random) -> State:
        """A full state consistent with what ``seat`` knows: hidden cards re-dealt."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The outcome once the game is over, else ``None``."""

    @abstractmethod
    def to_data(self) -> dict[str, Any]:
        """The whole position as plain data (scenario files, hashing)."""

    @abstractmethod
    def _concede(self, seat: int, reason: str) -> None:
        """Carry out ``seat``'s concession by the game's rules (``seat`` is already in
        :attr:`conceded`; ``reason`` one of ``concede``, ``time``, ``abandon``): emit the
        game's event for it, then end the game (two sides: the other wins) or take the
        seat out of it (docs/adding-a-game.md, "Concede")."""

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> State:
        """The position ``data`` describes (``to_data``'s inverse, scenario files); raises
        ``ScenarioError`` naming the table and key at fault. A game's spec may name
        another reader instead (``GameSpec.from_data``)."""
        raise NotImplementedError(f"{cls.__name__} does not read positions")

    def catalogue(self) -> object:
        """The game's public card data that its words read (card names, texts): the same
        for every seat and fixed when the game starts, never where a hidden card lies.
        ``None`` (the default) for a game whose views name everything."""
        return None

    # --- provided -----------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to act, in a stable order (cached until the next
        apply; a tuple, so no caller can change what the state relies on).

        Never empty while the game is not over (issue 26): when the game's rules leave the
        seat to act nothing to choose, the list is the game's forced action
        (:meth:`_forced_actions`, its rulebook's decision, in docs/rules/<game>.md); a
        game that has none for that position broke the contract (:class:`NoLegalAction`).
        """
        legal = self._legal
        if legal is None:
            seat = self.to_act
            legal = tuple(self._legal_actions()) if seat is not None else ()
            if not legal and seat is not None:
                legal = tuple(self._forced_actions())
                if not legal:
                    raise NoLegalAction(f"{self.spec.id}: seat {seat} has no legal action "
                                        "while the game is not over (a bug of the game: "
                                        "State._forced_actions)")
            self._legal = legal
        return legal

    def _forced_actions(self) -> list[Action]:
        """What the seat to act may do when the game's own rules offer it nothing (a
        forced pass): the game's decision by its rulebook. Asked only then; the game's
        ``_apply`` carries it out. The default is none: a game whose rules always offer
        an action need not override it."""
        return []

    def describe(self, action: Action | str, seat: int | None) -> ActionWords:
        """``action`` (an Action or its notation; legal now, or just played from here) in
        words for ``seat`` (``None``: a spectator), by the game's hook ``spec.words``, from
        ``seat``'s view and the public catalogue only: the words tell that seat nothing its
        view does not. A concession reads the same in every game."""
        if isinstance(action, str):
            action = self._parse(action)
        if type(action) is Concession:
            return ActionWords("Concede", f"{action.words()}: the seat leaves the game.")
        return self.spec.words(action, self.view(seat), self.catalogue())

    def describe_legal(self, seat: int | None) -> list[ActionWords]:
        """The words of every legal action for ``seat``, aligned with
        :meth:`legal_actions` (one view built for all of them)."""
        words, view, cat = self.spec.words, self.view(seat), self.catalogue()
        return [words(a, view, cat) for a in self.legal_actions()]

    def label(self, seat: int) -> str:
        """The label people see for a seat (P1, or A in radiant-arena)."""
        return self.spec.seat_label(seat)

    def apply(self, action: object, seat: object = None) -> None:
        """Check and carry out ``action`` (an Action or its notation).

        With ``seat`` (a server applying what a player sent), an action from a seat that
        is not to act is refused. An illegal action, a foreign one (of another game, or
        not an action at all) or a wrong seat raises ``IllegalActionError``, and the state
        is unchanged. (Both are typed ``object``: whatever a caller passes is checked here
        and refused with that error, also where this class is compiled.)
        """
        if isinstance(action, str):
            action = self._parse(action)
        if type(action) is Concession:  # any seat, whoever is to act (not in legal_actions)
            assert isinstance(action, Concession)
            if seat is not None and seat != action.seat:
                raise IllegalActionError(action.to_text(), "a seat concedes only for itself",
                                         R_CONCEDE)
            self.concede(action.seat, action.reason)
            return
        if seat is not None and seat != self.to_act:
            text = text_of(action)
            if self.to_act is None:
                reason = "the game is over"
            else:
                asked = (self.label(seat) if isinstance(seat, int) and 0 <= seat < self.players
                         else seat)
                reason = f"it is {self.label(self.to_act)}'s turn to decide, not {asked}'s"
            raise IllegalActionError(text, reason, "the core contract — one seat decides "
                                     "at a time")
        for legal in self.legal_actions():
            if legal is action:  # the usual case, an action from the list: no __eq__ calls
                break
        else:
            legal = self._legal_equal(action)
        # apply_unchecked's body, one call layer fewer on the hot path of every playout
        self._legal = None
        if self._shared:
            self._own_log()
        self.history.append(legal)
        self._apply(legal)

    def _parse(self, text: str) -> Action:
        """An action's notation read back: the game's, or a concession's."""
        if text.startswith("concede"):
            return self.parse_concession(text)
        return self.parse_action(text)

    def parse_concession(self, text: str) -> Concession:
        """Read ``concede <seat>`` (plus `` time`` or `` abandon``); the seat by its label
        or its number counted from 1. Raises ``NotationError``."""
        words = text.split()
        if (not 2 <= len(words) <= 3 or words[0] != "concede"
                or words[2:] not in ([], ["time"], ["abandon"])):
            raise NotationError(f"not a concession: {excerpt(text)!r} (concede <seat>, "
                                "then time or abandon if its clock ran out or it left)")
        try:
            seat = self.spec.seat_of(words[1], self.players)
        except ParameterError as e:
            raise NotationError(str(e)) from None
        return Concession(seat, self.label(seat), words[2] if len(words) == 3 else "concede")

    def can_concede(self, seat: int) -> bool:
        """Whether ``seat`` may concede now: the game is not over and the seat is still in
        it (it has not conceded, nor left by the game's rules: :meth:`_in_game`)."""
        return (self.to_act is not None and 0 <= seat < self.players
                and seat not in self.conceded and self._in_game(seat))

    def _in_game(self, seat: int) -> bool:
        """Whether ``seat`` still plays (a hook: a game whose players are knocked out, as
        a defeated hero in Lightseekers, overrides it)."""
        return True

    def concede(self, seat: int, reason: str = "concede") -> None:
        """``seat`` leaves the game, whoever is to act: it gave up (``"concede"``), its
        clock ran out (``"time"``) or it was gone past the grace period (``"abandon"``).

        Recorded in :attr:`history` as a :class:`Concession` (notation ``concede B``,
        ``concede P2 time``), so records replay it; never among :meth:`legal_actions`.
        What it does is the game's rule (its ``_concede``: two sides, the other wins;
        more, the seat leaves). A seat that may not concede (:meth:`can_concede`) or an
        unknown reason raises ``IllegalActionError`` and changes nothing."""
        if reason not in CONCESSIONS:
            raise IllegalActionError(f"concede {excerpt(str(seat))}",
                                     f"no reason {excerpt(str(reason))!r} (reasons: "
                                     f"{', '.join(CONCESSIONS)})", R_CONCEDE)
        if not 0 <= seat < self.players:
            raise IllegalActionError(f"concede {seat}", f"no seat {seat} in a game of "
                                     f"{self.players}", R_CONCEDE)
        if not self.can_concede(seat):
            why = ("the game is over" if self.to_act is None else
                   "it has already conceded" if seat in self.conceded else
                   "it is no longer in the game")
            raise IllegalActionError(f"concede {self.label(seat)}",
                                     f"{self.label(seat)} cannot concede: {why}", R_CONCEDE)
        self._legal = None
        if self._shared:
            self._own_log()
        self.history.append(Concession(seat, self.label(seat), reason))
        self.conceded = {**self.conceded, seat: reason}
        self._concede(seat, reason)

    def concession_words(self) -> str:
        """The concessions so far, by seat, for an outcome's reason ("B conceded", "P2 ran
        out of time, P3 conceded"); empty if nobody conceded."""
        return ", ".join(Concession(s, self.label(s), self.conceded[s]).words()
                         for s in sorted(self.conceded))

    def conceded_data(self) -> list[str]:
        """:attr:`conceded` as position data: each seat's reason, ``""`` for a seat that
        did not concede (games write it only when someone did: older positions and their
        hashes stay as they were)."""
        return [self.conceded.get(s, "") for s in range(self.players)]

    def read_conceded(self, value: object) -> None:
        """Set :attr:`conceded` from position data (:meth:`conceded_data`'s form); raises
        ``ScenarioError`` naming the key."""
        if (not isinstance(value, list) or len(value) != self.players
                or not all(v == "" or v in CONCESSIONS for v in value)):
            raise ScenarioError(f"conceded: a reason for each of the {self.players} seats "
                                f"({', '.join(CONCESSIONS)}, or \"\" for none)")
        self.conceded = {s: str(v) for s, v in enumerate(value) if v}

    def _legal_equal(self, action: object) -> Action:
        """The legal action equal to ``action``, or ``IllegalActionError`` saying why none
        is."""
        for legal in self.legal_actions():
            if legal == action:
                return legal
        # Checked only here: isinstance against the Action ABC is slow on the hot path.
        if not isinstance(action, Action):
            raise IllegalActionError(repr(action), f"not an action of {self.spec.id}",
                                     "the core contract — State.apply")
        if not self._is_own(action):
            raise IllegalActionError(text_of(action), f"not an action of {self.spec.id}",
                                     "the core contract — State.apply")
        reason, rule = self._why_illegal(action)
        raise IllegalActionError(action.to_text(), reason, rule)

    def _is_own(self, action: Action) -> bool:
        """Whether ``action`` is an action of this game (its notation reads back to it)."""
        try:
            return bool(self.parse_action(action.to_text()) == action)
        except Exception:  # a foreign action's notation may not even be text of this game
            return False

    def apply_unchecked(self, action: Action) -> None:
        """Carry out an action known to be legal (for search: no check)."""
        self._legal = None
        if self._shared:
            self._own_log()
        self.history.append(action)
        self._apply(action)

    @property
    def teams(self) -> int:
        """How many sides score (one per seat unless the game plays in teams)."""
        return self.players

    def team(self, seat: int) -> int:
        """The side ``seat`` scores for (partners share one)."""
        return seat

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.to_act is None

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` (an Action or its notation) is legal now; text that does not
        parse is not legal. A concession, never among the legal actions, is legal when its
        seat may concede (:meth:`can_concede`). Nothing changes.

        >>> import tabletop
        >>> game = tabletop.new_game("radiant-perim", players=3, seed=1)
        >>> game.is_legal("pick b2"), game.is_legal("move clouds-1"), game.is_legal("fly")
        (True, False, False)
        """
        if isinstance(action, str):
            try:
                action = self._parse(action)
            except ValueError:
                return False
        if type(action) is Concession:
            assert isinstance(action, Concession)
            return self.can_concede(action.seat)
        return action in self.legal_actions()

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its class and every field, set again on a blank instance: mypyc's
        # own pickling of the compiled base would leave out a game's fields.
        return (_restore, (type(self), self._blank_args(), _fields(self)))

    def _blank_args(self) -> tuple[Any, ...] | None:
        """The arguments that make a blank instance of this class, for pickling (as the
        game's ``clone`` makes one); ``None``: ``cls.__new__(cls)``, right for a class in
        plain Python. A compiled game, whose ``__new__`` runs ``__init__``, overrides it."""
        return None

    def __repr__(self) -> str:
        where = "over" if self.to_act is None else f"{self.label(self.to_act)} to act"
        n = len(self.history)
        return (f"<{type(self).__name__} {self.spec.id}, {self.players} players, "
                f"{n} action{'' if n == 1 else 's'}, {where}>")

    def events_for(self, seat: int | None) -> list[Event]:
        """The events ``seat`` may see (``None``: a spectator), each as that seat's copy:
        an event it may not see is left out, a private field it may not see is absent."""
        out = []
        for e in self.events:
            seen = e.seen_by(seat)
            if seen is not None:
                out.append(seen)
        return out

    def state_hash(self) -> str:
        """A stable hash of the whole position (same on every machine)."""
        blob = json.dumps(self.to_data(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()

    def _resampled(self, new: State, seat: int, rng: Random) -> None:
        """The bookkeeping every ``resample`` needs, on ``new`` (a re-dealt copy): it keeps
        only ``seat``'s copies of the events, no history or start (a sample is not a
        game that was played), and fresh seed and chance from ``rng`` (the true seed
        decides hidden cards, so it must not carry over)."""
        # A search resamples the same position again and again: the seat's copies of its
        # events are read once (a pass over the whole log, an event at a time) and each
        # sample gets a copy of the list, so a resample does not cost more as the log grows
        # but by that copy. Events are only ever appended: the same list at the same length
        # holds the same events.
        events = self.events
        seen = getattr(self, "_seen", None)  # (a game's clone may not set it)
        if (seen is None or seen[0] != seat or seen[1] is not events
                or seen[2] != len(events)):
            seen = self._seen = (seat, events, len(events), self.events_for(seat))
        new.events = seen[3][:]
        new.history = []
        new._shared = False  # both lists are the sample's own
        new.start = None
        new._legal = None
        new.seed = rng.getrandbits(63)

    def event(self, kind: str, args: tuple[Any, ...], rule: str,
              seats: frozenset[int] | None = None, reveals: bool = False) -> None:
        """Record an event: a kind of the game's :attr:`book` with its field values in the
        kind's order, the rule applied (with its rulebook section), the seats that may see
        it (``None``: everyone) and whether it shows a card some seat had not seen
        (``reveals``). Every game records its events through this one method."""
        fields = (kind, args, rule, seats, reveals, self.book)
        if self._shared:  # (an event outside apply, on a fresh clone)
            self._own_log()
        self.events.append(_new(_EVENT, fields) if _EVENT_IS_TUPLE else _EVENT(*fields))

    def _copy_base(self, other: State) -> None:
        """Copy the base fields into a fresh ``other`` (for subclasses' clone).

        History and events are shared, not copied: both states hold the same two lists
        until either applies an action (or records an event), which first takes its own
        copies (:meth:`_own_log`). A clone that is only read, or re-dealt (``resample``
        replaces both), never copies a log that grows with the game; one that is played
        copies it once, as clone did."""
        other.players = self.players
        other.seed = self.seed
        other.params = self.params
        other.history = self.history
        other.events = self.events
        other._shared = self._shared = True
        other.start = self.start
        other.conceded = self.conceded  # shared: concede replaces it, never changes it
        other._legal = self._legal
        other.book = self.book
        other._seen = None

    def _own_log(self) -> None:
        """Take copies of history and events shared with a clone (``_copy_base``), before
        anything is appended to them: the other state's stay as they were."""
        self.history = self.history[:]
        self.events = self.events[:]
        self._shared = False


def _fields(state: State) -> dict[str, Any]:
    """Every field of ``state`` by name: the compiled classes' (``__mypyc_attrs__``), the
    slots of plain ones and any ``__dict__``; a slot never set is left out."""
    names: dict[str, None] = {}
    for cls in type(state).__mro__:
        slots = getattr(cls, "__slots__", ())
        for name in (*getattr(cls, "__mypyc_attrs__", ()),
                     *((slots,) if isinstance(slots, str) else slots)):
            if name not in ("__dict__", "__weakref__"):
                names[name] = None
    out: dict[str, Any] = {}
    for name in names:
        try:
            out[name] = getattr(state, name)
        except AttributeError:
            pass
    out.update(getattr(state, "__dict__", {}))
    return out


def _restore(cls: type[State], args: tuple[Any, ...] | None, fields: dict[str, Any]) -> State:
    """Unpickle a state: a blank instance of ``cls`` given every field (``__reduce__``)."""
    state = cls.__new__(cls) if args is None else cls(*args)
    for name, value in fields.items():
        setattr(state, name, value)
    return state
