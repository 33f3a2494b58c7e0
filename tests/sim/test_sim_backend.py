"""Choosing a backend: bad choices are refused before any game is played, on the API
and on the command line (issue 16, "Ray backend" and "Bad input"). The Ray runs
themselves are in test_sim_ray.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop.core import ParameterError
from tabletop.interfaces.cli.app import app
from tabletop.sim import simulate, tournament
from tabletop.sim.backend import BackendError, run_on


def _one_error(args: list[str]) -> str:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(ParameterError, match=r"unknown backend 'spark' \(backends: local, ray\)"):
        simulate("radiant-perim", 2, ["random", "random"], 2, backend="spark")
    with pytest.raises(ParameterError, match="unknown backend"):
        tournament("radiant-perim", ["random", "greedy"], 2, backend="dask")


def test_an_address_needs_the_ray_backend() -> None:
    with pytest.raises(ParameterError, match="use it with --backend ray"):
        simulate("radiant-perim", 2, ["random", "random"], 2, address="127.0.0.1:6379")


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_the_commands_say_so_in_one_line(command: str, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path / "data"))
    out = tmp_path / "out.jsonl"
    line = _one_error([command, "radiant-perim", "--games", "2", "--backend", "spark",
                       "--out", str(out)])
    assert "unknown backend 'spark'" in line
    line = _one_error([command, "radiant-perim", "--games", "2", "--address", "10.0.0.1:1",
                       "--out", str(out)])
    assert "--address names a Ray cluster" in line
    assert not out.exists()


def test_without_ray_installed_the_ray_backend_says_how_to_get_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(BackendError, match=r"pip install 'tabletop\[research\]'"):
        run_on("ray", [(0, "radiant-perim", 2, ("random", "random"), 1, {})], 1)


def test_the_local_backend_plays_in_job_order() -> None:
    jobs = [(i, "radiant-perim", 2, ("random", "random"), 30 + i, {}) for i in range(4)]
    assert [r.index for r in run_on("local", jobs, 2)] == [0, 1, 2, 3]
