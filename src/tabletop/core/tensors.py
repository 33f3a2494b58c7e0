"""The shared shape of a game's research encoding: the object a game's encoding module
(``GameSpec.encoding``, docs/research.md) returns, and the two helpers every ``encode``
uses (cutting the observation vector into its parts, and seeing seats from the observer).

The environment adapters (``tabletop.interfaces.env``) read an encoding through
:class:`Encoding` only: its action texts, the layout of its observation (``parts``) and
``encode``. numpy is needed to *call* ``encode`` (the adapters' extra), not to import
this module: the core does not depend on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Vector = NDArray[np.float32]

Part = tuple[str, int, str]  # (name, size, meaning): one field of the observation


@dataclass(frozen=True, slots=True)
class Encoding:
    """The research encoding of one game setup of ``players`` seats.

    ``actions`` is every action text the setup can ever offer, in a fixed order (index
    ``i`` is ``actions[i]``); ``parts`` is the layout of the observation vector, field by
    field. A game that gives only an action space leaves ``parts`` empty and the adapters
    fall back on their generic observation; one that gives an observation overrides
    :meth:`encode`.
    """

    players: int
    actions: tuple[str, ...]
    parts: tuple[Part, ...]

    @property
    def size(self) -> int:
        """The length of an observation vector (the sum of the parts' sizes)."""
        return sum(size for _, size, _ in self.parts)

    @property
    def observes(self) -> bool:
        """True when this encoding gives an observation of its own (``parts``)."""
        return bool(self.parts)

    def encode(self, view: Mapping[str, Any], out: Vector) -> None:
        """Write one seat's view (``State.view(seat)``) into ``out`` (zeros, float32, of
        :attr:`size`). Only an encoding with ``parts`` offers it."""
        raise NotImplementedError(f"{type(self).__name__} gives no observation (no parts)")


class Blocks:
    """Cuts an observation vector into consecutive blocks, one per part, in order: each
    :meth:`take` is a view of ``out`` (writing into it writes the observation)."""

    __slots__ = ("at", "out")

    def __init__(self, out: Vector) -> None:
        self.out = out
        self.at = 0

    def take(self, size: int, *shape: int) -> Vector:
        """The next ``size`` entries, reshaped to ``shape`` when one is given."""
        block = self.out[self.at:self.at + size]
        self.at += size
        return block.reshape(shape) if shape else block

    def close(self) -> None:
        """Check that the parts filled the vector exactly (a layout out of step with
        ``parts`` is a bug of the encoding, caught on its first use)."""
        if self.at != len(self.out):
            raise AssertionError(f"the parts cover {self.at} of {len(self.out)} entries")


def seat_from(me: int | None, seat: int, players: int) -> int:
    """``seat`` as seen from ``me``: 0 is me, then the next seats in order. A spectator
    (``me`` None) sees seats as they are."""
    return seat if me is None else (seat - me) % players
