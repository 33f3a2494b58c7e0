"""Instructions per decision of seeded random playouts, counted by valgrind (callgrind).

Wall-clock figures on a shared machine move by 50% from run to run; instruction counts do
not (the same total for the same code, inputs and Python). This script runs the same
seeded random games twice under ``valgrind --tool=callgrind``: once only setting them up
(``new_game`` and the first legal actions, plus every import), once playing them to the
end with a clone every tenth decision; the difference divided by the decisions is the
cost of a decision (``legal_actions``, a choice, the checked ``apply``, a tenth of a clone).

Compare two versions of the code by pointing ``--src`` at another checkout's ``src``
(``git worktree add /tmp/old <commit>``)::

    python bench/instructions.py radiant-arena --games 20
    python bench/instructions.py radiant-arena --games 20 --src /tmp/old/src
    python bench/instructions.py radiant-arena --games 20 --param draft=true
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

PLAY = """
import json, random, sys
import tabletop.core as core
game, players, games, play = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
params = json.loads(sys.argv[5])
decisions = 0
for seed in range(games):
    s = core.new_game(game, players=players, seed=seed, **params)
    rng = random.Random(seed)
    s.legal_actions()
    while play == "1" and s.to_act is not None:
        s.apply(rng.choice(s.legal_actions()))
        decisions += 1
        if decisions % 10 == 0:
            s.clone()
print(decisions)
"""


def count(src: Path, game: str, players: int, games: int, play: bool,
          params: dict[str, object] | None = None) -> tuple[int, int]:
    """(instructions, decisions) of one run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "play.py"
        script.write_text(PLAY)
        out = Path(tmp) / "callgrind.out"
        env = {**os.environ, "PYTHONPATH": str(src)}
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
             str(script), game, str(players), str(games), "1" if play else "0",
             json.dumps(params or {})],
            capture_output=True, text=True, env=env, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no count:\n{run.stderr[-2000:]}")
    return int(found.group(1)), int(run.stdout.strip() or 0)


def main() -> int:
    """Print instructions per decision for one game."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--src", type=Path, default=Path(__file__).resolve().parents[1] / "src")
    ap.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                    help="a game parameter (a JSON value, else text), e.g. draft=true")
    args = ap.parse_args()
    params = {}
    for item in args.param:
        key, sep, raw = item.partition("=")
        if not sep:
            ap.error(f"--param {item!r}: expected KEY=VALUE")
        try:
            params[key] = json.loads(raw)
        except json.JSONDecodeError:
            params[key] = raw
    players = args.players or {"radiant-perim": 3}.get(args.game, 2)
    setup, _ = count(args.src, args.game, players, args.games, False, params)
    total, decisions = count(args.src, args.game, players, args.games, True, params)
    shown = "".join(f" {k}={v}" for k, v in params.items())
    print(f"{args.game}{shown} {players}p, {args.games} games, {decisions} decisions "
          f"(src {args.src}): {(total - setup) / decisions:,.0f} instructions/decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
