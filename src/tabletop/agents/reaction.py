"""How fast an AI reacts to a signal (hoshi-battle's real-time strike), by difficulty:
a simple visual reaction time drawn from an ex-Gaussian distribution, the usual model of
human reaction times (a normal part for the body of the distribution, plus an exponential
tail for the slow, less attentive presses). docs/agents.md, "Reaction times", gives the
parameters and where they come from."""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ExGaussian:
    """Normal(``mu``, ``sigma``) plus Exponential(mean ``tau``), in seconds, kept within
    ``[low, high]`` (no person reacts within 130 ms of a signal, and a press later than
    ``high`` is a person who did not notice)."""

    mu: float
    sigma: float
    tau: float
    low: float = 0.13
    high: float = 1.2

    def draw(self, rng: random.Random) -> float:
        t = rng.gauss(self.mu, self.sigma) + rng.expovariate(1 / self.tau)
        return min(self.high, max(self.low, t))

    @property
    def mean(self) -> float:
        """The mean before clamping (mu + tau)."""
        return self.mu + self.tau


# Simple visual reaction time of healthy adults: means near 0.22-0.28 s measured in
# browsers (the display's and the input's delay included), ex-Gaussian fits with sigma
# 20-45 ms and tau 35-110 ms. "normal" is a person of ordinary reflexes; "easy" a
# distracted one; "hard" a quick, attentive one.
REACTION = {
    "easy": ExGaussian(mu=0.270, sigma=0.045, tau=0.110),
    "normal": ExGaussian(mu=0.215, sigma=0.030, tau=0.060),
    "hard": ExGaussian(mu=0.180, sigma=0.020, tau=0.035),
}


def reaction_time(rng: random.Random, difficulty: str = "normal") -> float:
    """An AI's reaction to a signal, in seconds, at ``difficulty`` (easy, normal, hard;
    anything else reacts as ``normal``)."""
    return REACTION.get(difficulty, REACTION["normal"]).draw(rng)
