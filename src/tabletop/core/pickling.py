"""Pickling the engine's frozen dataclasses alike in plain Python and compiled.

mypyc compiles a frozen dataclass whose unpickling sets its fields one by one, which its
frozenness refuses (``FrozenInstanceError``); so the frozen dataclasses of a compiled
module pickle as their class and the values of their constructor's fields, and
unpickling calls the constructor (``__post_init__`` derives the rest again). A module
holding such classes calls :func:`pickle_frozen_by_fields` once at its end.
"""

from __future__ import annotations

import copyreg
import dataclasses
import sys
from typing import Any


def _by_fields(obj: Any) -> tuple[Any, ...]:
    """The class and its constructor's field values (a copyreg reducer)."""
    values = tuple(getattr(obj, f.name) for f in dataclasses.fields(obj) if f.init)
    return (type(obj), values)


def pickle_frozen_by_fields(module: str) -> None:
    """Register every frozen dataclass defined in ``module`` (its ``__name__``) to pickle
    by its constructor's fields."""
    for value in list(vars(sys.modules[module]).values()):
        params = getattr(value, "__dataclass_params__", None)
        if (isinstance(value, type) and params is not None and params.frozen
                and value.__module__ == module):
            copyreg.pickle(value, _by_fields)
