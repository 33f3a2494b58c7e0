"""Statistics of tournaments: Wilson score intervals and Bradley-Terry ratings.

- :func:`wilson` gives the 95% confidence interval of a win rate (Wilson 1927); it
  behaves well near 0 and 1, where the normal approximation does not.
- :func:`newcombe` gives the 95% interval of a difference of two win rates (Newcombe
  1998, "Interval estimation for the difference between independent proportions",
  method 10, the hybrid score interval): built from the two Wilson intervals, so it
  too stays within [-1, 1] and behaves near 0 and 1.
- :func:`bradley_terry` fits Bradley-Terry strengths ``g`` (``P(i beats j) = g_i /
  (g_i + g_j)``) by Hunter's MM iterations (Hunter 2004, "MM algorithms for generalized
  Bradley-Terry models") and reports them on the Elo scale: ``400 * log10(g)``, shifted
  so the ratings average 0. A difference of 400 means 10-to-1 odds, 191 means 3-to-1.
  A draw counts half a win to each side. ``prior`` adds that many virtual draws to
  every pair that met, so an agent that never won still gets a finite rating.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``n`` (``(0, 1)`` when n is 0).

    >>> [round(x, 4) for x in wilson(8, 10)]
    [0.4902, 0.9433]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def newcombe(s1: float, n1: int, s2: float, n2: int, z: float = Z95
             ) -> tuple[float, float]:
    """The interval of ``s1/n1 - s2/n2`` by Newcombe's hybrid score method (``(-1, 1)``
    when either count is 0).

    >>> [round(x, 4) for x in newcombe(56, 70, 48, 80)]  # Newcombe 1998, table II
    [0.0524, 0.3339]
    """
    if n1 <= 0 or n2 <= 0:
        return (-1.0, 1.0)
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1, z)
    l2, u2 = wilson(s2, n2, z)
    d = p1 - p2
    return (max(-1.0, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)),
            min(1.0, d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)))


def bradley_terry(
    names: Sequence[str],
    wins: Mapping[tuple[str, str], float],
    prior: float = 0.0,
    iterations: int = 10_000,
    tolerance: float = 1e-10,
) -> dict[str, float]:
    """Bradley-Terry ratings (Elo scale, mean 0) from ``wins[(i, j)]``: i's wins over j.

    Half-wins (draws) are allowed. An agent with no games keeps a neutral strength. Pairs that met
    get ``prior`` virtual draws (half a win each way per draw).

    >>> r = bradley_terry(["a", "b"], {("a", "b"): 3, ("b", "a"): 1})
    >>> round(r["a"] - r["b"], 2)  # 400 * log10(3)
    190.85
    """
    idx = {n: i for i, n in enumerate(names)}
    k = len(names)
    w = [[0.0] * k for _ in range(k)]
    for (a, b), x in wins.items():
        w[idx[a]][idx[b]] += x
    met = [[w[i][j] + w[j][i] > 0 for j in range(k)] for i in range(k)]
    for i in range(k):
        for j in range(k):
            if met[i][j]:
                w[i][j] += prior / 2
    games = [[w[i][j] + w[j][i] for j in range(k)] for i in range(k)]
    total = [sum(row) for row in w]
    gamma = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            denom = sum(games[i][j] / (gamma[i] + gamma[j]) for j in range(k)
                        if j != i and games[i][j] > 0)
            if denom == 0:
                new.append(gamma[i])  # never played: unchanged
            else:
                new.append(max(total[i], 1e-300) / denom)
        # Normalise to a geometric mean of 1 (the scale is free).
        logs = [math.log(g) for g in new]
        shift = sum(logs) / k
        new = [math.exp(x - shift) for x in logs]
        change = max(abs(a - b) for a, b in zip(new, gamma, strict=True))
        gamma = new
        if change < tolerance:
            break
    return {n: 400 * math.log10(gamma[idx[n]]) for n in names}
