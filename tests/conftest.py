"""Test-suite set-up shared by every folder: how pytest-xdist spreads the tests.

The Ray tests (tests/sim/test_sim_ray.py) share one local Ray, which takes seconds to
start and two cores to run: they must all run in the same worker. pytest-xdist's
``xdist_group`` marker does not work with pytest 9 (xdist 3.8 renames ``_nodeid``, which
pytest 9 no longer reads), so this scheduler does the grouping: every other test is its
own unit, spread like ``--dist load``.
"""

from __future__ import annotations

from typing import Any

RAY_TESTS = "tests/sim/test_sim_ray.py"


def pytest_xdist_make_scheduler(config: Any, log: Any) -> Any:
    """``--dist load`` (the default), with the Ray tests kept in one worker."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class RayTogether(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return RAY_TESTS if nodeid.startswith(RAY_TESTS) else nodeid

    return RayTogether(config, log)
