"""Multiplayer ratings per game: openskill's Plackett-Luce model, learning from a finished table's places.

Why Plackett-Luce: it rates a whole ranking of 2 to 5 players at once (not pairs), with ties as shared
places, and keeps each player's uncertainty (sigma) beside their skill (mu). One number is shown: the
conservative *ordinal* mu - 3 sigma, which starts at 0 and rises as the model grows sure of a player.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""The model every rating uses (openskill's defaults: mu 25, sigma 25/3)."""


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The number shown: a conservative estimate of skill (mu - 3 sigma)."""
        return ordinal(self.mu, self.sigma)


def ordinal(mu: float, sigma: float) -> float:
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


NEW = Rating(MODEL.mu, MODEL.sigma)
"""A player's rating before their first rated game of a game."""


def update(before: list[Rating], ranks: list[int]) -> list[Rating]:
    """Everyone's rating after one game where seat i finished in place ``ranks[i]`` (1 = first; equal
    places are a tie), each player a team of one."""
    if len(before) != len(ranks) or len(before) < 2:
        raise ValueError("a rated game needs two or more players, each with a place")
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Rating(float(team[0].mu), float(team[0].sigma)) for team in after]
