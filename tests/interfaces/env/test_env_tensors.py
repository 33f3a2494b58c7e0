"""The shared research encoding (issue 27, "Designed observation encodings ... named
fields"): every game's encoding is the core's ``Encoding``, its helpers cut and rotate as
they say, and the observation tensors of seeded random games are what they were recorded
to be (tensors_golden.json), so a change to the shared code that alters a tensor fails.

Regenerate the record after a deliberate change to an encoding (or a rules change, which
changes the games played) with ``python -m tests.interfaces.env.test_env_tensors``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import numpy as np
import pytest

from tabletop.core import games, get_spec
from tabletop.core.tensors import Blocks, Encoding, seat_from
from tabletop.interfaces.env.codec import codec

from .conftest import ENCODED

GOLDEN = Path(__file__).with_name("tensors_golden.json")
SEEDS = (1, 2)


def digest(game: str, players: int, seed: int, every: int = 3) -> str:
    """A digest of every seat's (and the spectator's) observation at every ``every``-th
    position of the random game ``seed`` and at its end."""
    c = codec(game, players)
    state = c.new_state(seed)
    rng = random.Random(seed)
    h = hashlib.sha256()
    k = 0
    while True:
        if k % every == 0 or state.to_act is None:
            for seat in (None, *range(players)):
                h.update(c.observe(state, seat).tobytes())
        if state.to_act is None:
            return h.hexdigest()[:16]
        state.apply_unchecked(rng.choice(state.legal_actions()))
        k += 1


def record() -> dict[str, object]:
    """The digests of every encoded game and seat count, with the rules versions."""
    return {
        "rules": {s.id: s.rules_version for s in games() if s.encoding},
        "digests": {f"{g}/{n}": [digest(g, n, s) for s in SEEDS] for g, n in ENCODED},
    }


@pytest.mark.parametrize("game,players", ENCODED)
def test_every_encoding_is_the_cores(game: str, players: int) -> None:
    module = __import__(get_spec(game).encoding, fromlist=["encoding"])
    enc = module.encoding(players, dict(codec(game, players).params))
    assert isinstance(enc, Encoding)
    assert enc.players == players
    assert enc.size == codec(game, players).size or not enc.observes


@pytest.mark.parametrize("game,players", ENCODED)
def test_the_tensors_of_seeded_games_are_as_recorded(game: str, players: int) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert golden["rules"].get(game) == get_spec(game).rules_version, (
        f"{game}'s rules changed since the tensors were recorded: regenerate with "
        "python -m tests.interfaces.env.test_env_tensors")
    assert [digest(game, players, s) for s in SEEDS] == golden["digests"][f"{game}/{players}"]


def test_blocks_cut_the_vector_in_order_and_check_it_is_filled() -> None:
    out = np.zeros(7, dtype=np.float32)
    blocks = Blocks(out)
    blocks.take(1)[0] = 1
    blocks.take(6, 2, 3)[1, 2] = 5
    blocks.close()
    assert out.tolist() == [1, 0, 0, 0, 0, 0, 5]
    short = Blocks(np.zeros(3, dtype=np.float32))
    short.take(2)
    with pytest.raises(AssertionError, match="cover 2 of 3"):
        short.close()


def test_seats_are_seen_from_the_observer() -> None:
    assert [seat_from(2, p, 4) for p in range(4)] == [2, 3, 0, 1]
    assert [seat_from(None, p, 4) for p in range(4)] == [0, 1, 2, 3]


def test_an_encoding_without_parts_gives_no_observation() -> None:
    enc = Encoding(2, ("pass",), ())
    assert not enc.observes and enc.size == 0
    with pytest.raises(NotImplementedError):
        enc.encode({}, np.zeros(0, dtype=np.float32))


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(record(), indent=1) + "\n", encoding="utf-8")
    sys.exit(0)
