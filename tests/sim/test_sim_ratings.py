"""Wilson intervals and Bradley-Terry ratings, checked against values computed by hand."""

from __future__ import annotations

import math

import pytest

from tabletop.sim import bradley_terry, wilson


def test_wilson_by_hand() -> None:
    # 8 of 10, z = 1.96: centre (0.8 + z²/20) / (1 + z²/10) = 0.71674,
    # half width z / (1 + z²/10) * sqrt(0.016 + z²/400) = 0.22658.
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.49016, abs=1e-4) and high == pytest.approx(0.94332, abs=1e-4)
    # 0 of 5: centre = half width = (z²/10) / (1 + z²/5) = 0.21724.
    low, high = wilson(0, 5)
    assert low == 0.0 and high == pytest.approx(0.43448, abs=1e-4)
    low, high = wilson(5, 5)
    assert high == 1.0 and low == pytest.approx(1 - 0.43448, abs=1e-4)
    # Symmetric around one half, and a draw counts as half a success.
    low, high = wilson(50, 100)
    assert low == pytest.approx(1 - high) and low == pytest.approx(0.40383, abs=1e-4)
    low, high = wilson(2.5, 5)
    assert low == pytest.approx(1 - high)
    assert wilson(0, 0) == (0.0, 1.0)


def test_bradley_terry_two_agents() -> None:
    """3 wins to 1: strengths 3:1, so a leads by 400 log10 3 = 190.85 around mean 0."""
    r = bradley_terry(["a", "b"], {("a", "b"): 3, ("b", "a"): 1})
    assert r["a"] == pytest.approx(95.42, abs=0.01) and r["b"] == pytest.approx(-95.42, abs=0.01)


def test_bradley_terry_chain() -> None:
    """a beats b 3:1 and b beats c 3:1, a and c never meet: b sits in the middle."""
    r = bradley_terry(["a", "b", "c"], {("a", "b"): 3, ("b", "a"): 1,
                                         ("b", "c"): 3, ("c", "b"): 1})
    step = 400 * math.log10(3)
    assert r["a"] == pytest.approx(step, abs=0.01)
    assert r["b"] == pytest.approx(0.0, abs=0.01)
    assert r["c"] == pytest.approx(-step, abs=0.01)


def test_bradley_terry_prior_and_fixed_point() -> None:
    # 4:0 with one virtual draw is 4.5:0.5, odds 9: 400 log10 9 = 381.70 apart.
    r = bradley_terry(["a", "b"], {("a", "b"): 4}, prior=1.0)
    assert r["a"] - r["b"] == pytest.approx(400 * math.log10(9), abs=0.01)
    # Three agents, every pair met: the MLE condition holds for each agent
    # (its wins equal the sum of its expected wins).
    wins = {("a", "b"): 7, ("b", "a"): 3, ("a", "c"): 9, ("c", "a"): 1,
            ("b", "c"): 6, ("c", "b"): 4}
    r = bradley_terry(["a", "b", "c"], wins)
    g = {k: 10 ** (v / 400) for k, v in r.items()}
    for i in "abc":
        expected = sum((wins[(i, j)] + wins[(j, i)]) * g[i] / (g[i] + g[j])
                       for j in "abc" if j != i)
        assert expected == pytest.approx(sum(wins[(i, j)] for j in "abc" if j != i))
    assert sum(r.values()) == pytest.approx(0.0, abs=1e-6)
    assert r["a"] > r["b"] > r["c"]
