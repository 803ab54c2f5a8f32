"""Does a seat win more often than the others? A designer's question, answered with a test.

With seats rotated over shared deals every bot sits in every seat equally often, so without a
seat effect each seat of an ``n``-player table expects ``1/n`` of the wins. A chi-square
goodness-of-fit test of the wins by seat against that even share (scipy) says whether the
differences the win-rate plot shows are larger than luck. Shared wins count ``1/k``, as
everywhere in the reports. Tables of different sizes are tested separately.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scipy.stats import chisquare

from fathom.sim.runner import win_share

SIGNIFICANT = 0.05


@dataclass(frozen=True)
class SeatTest:
    players: int
    games: int
    wins: tuple[float, ...]  # per seat
    chi2: float
    p_value: float

    def sentence(self) -> str:
        """One line for people: the rates, the test, and what it means."""
        rates = ", ".join(f"seat {s} {100 * w / self.games:.1f}%" for s, w in enumerate(self.wins))
        verdict = (f"the seats differ by more than luck would (p < {SIGNIFICANT})" if self.p_value < SIGNIFICANT
                   else "no seat wins measurably more often")
        return (f"{self.players}-player games ({self.games}): {rates}; chi-square {self.chi2:.2f} on "
                f"{self.players - 1} df, p = {self.p_value:.3g}: {verdict}")


def seat_tests(records: Sequence[dict[str, Any]]) -> list[SeatTest]:
    """One test per table size that has at least one win to share out."""
    out = []
    for players in sorted({rec["players"] for rec in records}):
        games = [rec for rec in records if rec["players"] == players and rec["winners"]]
        wins = [sum(win_share(rec, seat) for rec in games) for seat in range(players)]
        if not games or players < 2:
            continue
        result = chisquare(wins, [len(games) / players] * players)
        out.append(SeatTest(players, len(games), tuple(wins), float(result.statistic), float(result.pvalue)))
    return out
