"""Majorities per level and the cascading tie-breaks (ruling R-IB-5).

Why pure functions over plain sequences: the same code scores a finished game,
shows provisional standings in a view, lets bots try "what if I place here", and
lets tests score the rulebook's worked examples directly.

Ranking on level ``L`` among seats with at least one shell there, best first, by:
shells on ``L``; then shells on ``L-1``, ``L-2`` … level 1; then unused shells;
then whoever played their last turn earlier (smaller turn number).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Board = Sequence[Sequence[int]]
"""``board[i][seat]``: shells of ``seat`` on level ``i + 1``."""


@dataclass(frozen=True)
class Award:
    level: int
    kind: str  # "main" or "secondary"
    value: int
    seat: int


def level_tokens(main: int, secondary: Sequence[int], players: int) -> tuple[int, ...]:
    """Token values of one level in award order: main, then secondaries (one fewer at 2-3 players)."""
    kept = tuple(secondary) if players >= 4 else tuple(secondary[:1])
    return (main,) + kept


def rank_level(level: int, board: Board, unused: Sequence[int], last_turn: Sequence[int]) -> list[int]:
    """Seats with shells on ``level`` (1-5), best first under the tie-break cascade."""
    i = level - 1
    seats = [s for s in range(len(unused)) if board[i][s] > 0]

    def key(s: int) -> tuple[int, ...]:
        return tuple(board[j][s] for j in range(i, -1, -1)) + (unused[s], -last_turn[s], -s)

    seats.sort(key=key, reverse=True)
    return seats


def awards(
    board: Board,
    unused: Sequence[int],
    last_turn: Sequence[int],
    tokens: Sequence[Sequence[int]],
) -> list[Award]:
    """Every token won, deepest level first. ``tokens[i]``: values of level ``i + 1`` in award order."""
    out: list[Award] = []
    for level in range(len(tokens), 0, -1):
        ranking = rank_level(level, board, unused, last_turn)
        for place, (seat, value) in enumerate(zip(ranking, tokens[level - 1])):
            out.append(Award(level, "main" if place == 0 else "secondary", value, seat))
    return out


def treasure_points(
    board: Board, unused: Sequence[int], last_turn: Sequence[int], tokens: Sequence[Sequence[int]]
) -> list[int]:
    """Points from treasures per seat."""
    points = [0] * len(unused)
    for award in awards(board, unused, last_turn, tokens):
        points[award.seat] += award.value
    return points


def winners(totals: Sequence[float]) -> list[int]:
    """All seats with the best total (equal totals share the victory, R-IB-6)."""
    best = max(totals)
    return [s for s, t in enumerate(totals) if t == best]
