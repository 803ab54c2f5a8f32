"""Does a seat win more often than the others? A designer's question, answered with a test.

With seats rotated, every bot sits in every seat equally often, so without a seat effect each
seat of an ``n``-player table expects ``1/n`` of the wins. The unit of the test is the *deal*,
not the game: the rotations of one deal share its layout and draws (with identical bots they
are the very same game), so counting them as independent games would find seat effects in pure
luck. Per deal, each seat's share of the wins (a shared win counts ``1/k``) forms a vector; a
one-sample Hotelling T² test (its F form, p-value from scipy) asks whether the mean vector
differs from the even share. Tables of different sizes are tested separately.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.stats import f as f_distribution

from fathom.sim.runner import win_share

SIGNIFICANT = 0.05


@dataclass(frozen=True)
class SeatTest:
    players: int
    games: int
    deals: int
    wins: tuple[float, ...]  # per seat, over all games
    f_stat: float  # nan when there are too few deals, or no spread, to test
    df: tuple[int, int]
    p_value: float

    def sentence(self) -> str:
        """One line for people: the rates, the test, and what it means."""
        rates = ", ".join(f"seat {s} {100 * w / self.games:.1f}%" for s, w in enumerate(self.wins))
        head = f"{self.players}-player games ({self.games} on {self.deals} deals): {rates}"
        if np.isnan(self.p_value):
            return f"{head}; too few deals (or no spread between them) to test a seat effect"
        verdict = (f"the seats differ by more than luck would (p < {SIGNIFICANT})" if self.p_value < SIGNIFICANT
                   else "no seat wins measurably more often")
        return f"{head}; Hotelling F = {self.f_stat:.2f} on {self.df} df over deals, p = {self.p_value:.3g}: {verdict}"


def deals(records: Sequence[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The games grouped by deal: same table size and seed (a record without a seed is a deal alone)."""
    by_deal: dict[Any, list[dict[str, Any]]] = defaultdict(list)
    for index, rec in enumerate(records):
        if rec["winners"]:
            by_deal[(rec["players"], rec.get("seed", ("game", index)))].append(rec)
    return list(by_deal.values())


def seat_rates(records: Sequence[dict[str, Any]]) -> list[tuple[float, float]]:
    """Per seat number (tables of any size): win rate and the half-width of its 95% interval over deals."""
    groups = deals(records)
    n = max((rec["players"] for rec in records), default=0)
    out = []
    for seat in range(n):
        per_deal = [[win_share(rec, seat) for rec in games] for games in groups if games[0]["players"] > seat]
        flat = [w for shares in per_deal for w in shares]
        means = [float(np.mean(shares)) for shares in per_deal]
        half = 1.96 * float(np.std(means, ddof=1)) / np.sqrt(len(means)) if len(means) > 1 else float("nan")
        out.append((float(np.mean(flat)) if flat else 0.0, half))
    return out


def seat_tests(records: Sequence[dict[str, Any]]) -> list[SeatTest]:
    """One test per table size."""
    out = []
    groups = deals(records)
    for players in sorted({games[0]["players"] for games in groups}):
        sized = [games for games in groups if games[0]["players"] == players]
        shares = np.array([[np.mean([win_share(rec, seat) for rec in games]) for seat in range(players)]
                           for games in sized])
        counts = np.array([len(games) for games in sized])
        wins = tuple(float(w) for w in counts @ shares)  # a deal's mean share times its games
        f_stat, df, p_value = _hotelling(shares[:, :-1], 1.0 / players)  # the shares sum to 1: drop one seat
        out.append(SeatTest(players, int(counts.sum()), len(sized), wins, f_stat, df, p_value))
    return out


def _hotelling(x: np.ndarray, even: float) -> tuple[float, tuple[int, int], float]:
    """One-sample Hotelling T² of the rows of ``x`` against a mean of ``even`` everywhere, as F."""
    m, p = x.shape
    if m <= p:
        return float("nan"), (p, 0), float("nan")
    diff = x.mean(axis=0) - even
    cov = np.cov(x, rowvar=False).reshape(p, p)
    if np.linalg.matrix_rank(cov) < p:
        return float("nan"), (p, m - p), float("nan")
    t2 = m * float(diff @ np.linalg.solve(cov, diff))
    f_stat = t2 * (m - p) / (p * (m - 1))
    return f_stat, (p, m - p), float(f_distribution.sf(f_stat, p, m - p))
