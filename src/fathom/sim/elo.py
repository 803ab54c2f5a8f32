"""Elo ratings from finishing places, with bootstrap confidence intervals.

Every game of ``n`` seats is read as ``n(n-1)/2`` pairwise results between the bots
in those seats (the better place wins, an equal place is a draw); pairs of seats
held by the same bot say nothing and are skipped. Ratings are the maximum-likelihood
Bradley-Terry strengths of all pairwise results at once (so the order of games does
not matter, unlike running Elo updates), on the Elo scale (400 points = 10:1 odds),
centred so the bots' mean rating is 1500. A weak prior (one draw against a 1500
opponent per bot) keeps ratings finite for a bot that never loses or never wins.

Confidence intervals: the games are resampled with replacement and the ratings
refitted; the interval is the 2.5th-97.5th percentile of the refits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fathom.core.rng import Rng

ELO_SCALE = 400.0 / math.log(10.0)
PRIOR_GAMES = 1.0


@dataclass
class Rating:
    bot: str
    elo: float
    low: float
    high: float
    games: int
    win_rate: float
    win_low: float
    win_high: float
    mean_place: float
    mean_score: float

    def to_dict(self) -> dict[str, Any]:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in self.__dict__.items()}


def pair_results(records: Sequence[dict[str, Any]]) -> list[tuple[str, str, float]]:
    """(bot a, bot b, score of a) for every pair of seats with different bots."""
    out = []
    for rec in records:
        seats, places = rec["seats"], rec["places"]
        for i in range(len(seats)):
            for j in range(i + 1, len(seats)):
                a, b = seats[i], seats[j]
                if a == b:
                    continue
                s = 1.0 if places[i] < places[j] else 0.0 if places[i] > places[j] else 0.5
                out.append((a, b, s))
    return out


def fit(results: Sequence[tuple[str, str, float]], bots: Sequence[str], iterations: int = 500) -> dict[str, float]:
    """Bradley-Terry by minorization-maximization (Hunter 2004); Elo scale, mean 1500."""
    index = {b: i for i, b in enumerate(bots)}
    m = len(bots)
    wins = [PRIOR_GAMES * 0.5] * m  # the prior: half a win ...
    games: list[dict[int, float]] = [dict() for _ in range(m)]
    for a, b, s in results:
        ia, ib = index[a], index[b]
        wins[ia] += s
        wins[ib] += 1.0 - s
        games[ia][ib] = games[ia].get(ib, 0.0) + 1.0
        games[ib][ia] = games[ib].get(ia, 0.0) + 1.0
    gamma = [1.0] * m
    anchor = 1.0  # ... against a fixed opponent of strength 1 (rating 1500 before centring)
    for _ in range(iterations):
        new = []
        for i in range(m):
            denom = PRIOR_GAMES / (gamma[i] + anchor)
            for j, n in games[i].items():
                denom += n / (gamma[i] + gamma[j])
            new.append(wins[i] / denom if denom > 0 else gamma[i])
        delta = max(abs(math.log(x / y)) for x, y in zip(new, gamma))
        gamma = new
        if delta < 1e-10:
            break
    logs = [math.log(g) for g in gamma]
    mean = sum(logs) / m
    return {b: 1500.0 + ELO_SCALE * (logs[i] - mean) for b, i in index.items()}


def bots_in(records: Sequence[dict[str, Any]]) -> list[str]:
    seen: dict[str, None] = {}
    for rec in records:
        for b in rec["seats"]:
            seen.setdefault(b, None)
    return list(seen)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if wins <= 0 else max(0.0, centre - half)  # exact ends: rounding must not leave 0% or 100% outside
    high = 1.0 if wins >= n else min(1.0, centre + half)
    return low, high


def ladder(records: Sequence[dict[str, Any]], bootstrap: int = 200, seed: int = 0) -> list[Rating]:
    """Ratings, best first, with bootstrap intervals and win-rate intervals."""
    bots = bots_in(records)
    if not bots:
        return []
    point = fit(pair_results(records), bots)
    samples: dict[str, list[float]] = {b: [] for b in bots}
    rng = Rng(seed)
    n = len(records)
    for _ in range(bootstrap if n > 1 else 0):
        resample = [records[rng.randbelow(n)] for _ in range(n)]
        fitted = fit(pair_results(resample), bots, iterations=200)
        for b in bots:
            samples[b].append(fitted[b])
    out = []
    from fathom.sim.runner import summarize

    summary = summarize(records)
    for b in bots:
        s = sorted(samples[b])
        low = s[int(0.025 * (len(s) - 1))] if s else point[b]
        high = s[int(math.ceil(0.975 * (len(s) - 1)))] if s else point[b]
        sm = summary[b]
        wl, wh = wilson(sm.wins, sm.games)
        out.append(Rating(b, point[b], low, high, sm.games, sm.win_rate, wl, wh,
                          sm.place_sum / sm.games, sm.score_sum / sm.games))
    out.sort(key=lambda r: -r.elo)
    return out


def head_to_head(records: Sequence[dict[str, Any]]) -> dict[str, dict[str, tuple[float, int]]]:
    """Pairwise score (share of places won) and count, bot against bot."""
    table: dict[str, dict[str, list[float]]] = {}
    for a, b, s in pair_results(records):
        ra = table.setdefault(a, {}).setdefault(b, [0.0, 0])
        ra[0] += s
        ra[1] += 1
        rb = table.setdefault(b, {}).setdefault(a, [0.0, 0])
        rb[0] += 1.0 - s
        rb[1] += 1
    return {a: {b: (v[0] / v[1], int(v[1])) for b, v in row.items()} for a, row in table.items()}
