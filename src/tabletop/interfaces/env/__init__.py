"""Research adapters: every registered game as a PettingZoo AEC environment, a Gymnasium
single-agent environment and an OpenSpiel game, through the core contract only.

Needs the ``research`` extra (``pip install -e '.[research]'``). Observations are built
from a seat's view (``State.view(seat)``) and nothing else; actions are indices into a
fixed space per game with a stable mapping to the notation (:class:`Codec`). See
``docs/research.md``.

- :func:`pettingzoo_env` (and :func:`pettingzoo_parallel_env`)
- :func:`gymnasium_env`, also ``gymnasium.make("tabletop/<game>-v0", ...)`` once this
  package is imported
- ``import tabletop.interfaces.env.openspiel`` registers ``tabletop_<game>`` games with
  ``pyspiel``.
"""

from __future__ import annotations

from typing import Any

from .codec import Codec, EnvError, codec, returns_of
from .single import register_gymnasium

__all__ = ["Codec", "EnvError", "codec", "gymnasium_env", "pettingzoo_env",
           "pettingzoo_parallel_env", "register_gymnasium", "returns_of"]


def pettingzoo_env(game: str, players: int | None = None, **kwargs: Any) -> Any:
    """A PettingZoo AEC environment of ``game`` (see :mod:`.aec`)."""
    from .aec import pettingzoo_env as make

    return make(game, players, **kwargs)


def pettingzoo_parallel_env(game: str, players: int | None = None, **kwargs: Any) -> Any:
    """The parallel form of :func:`pettingzoo_env` (see :mod:`.aec`)."""
    from .aec import pettingzoo_parallel_env as make

    return make(game, players, **kwargs)


def gymnasium_env(game: str, players: int | None = None, **kwargs: Any) -> Any:
    """A Gymnasium single-agent environment of ``game`` (see :mod:`.single`)."""
    from .single import gymnasium_env as make

    return make(game, players, **kwargs)
