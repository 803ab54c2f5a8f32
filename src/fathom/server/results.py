"""How each seat did at a finished table: its place and total as the game's engine gives them (its end
screen, :meth:`fathom.core.plugins.GamePlugin.end_summary`), whether it left, and the game's own profile
counts (its plugin's ``profile`` part). Nothing here knows a game's rules.

A seat *left* when a stand-in played it to the end: its last move of its own in the log was played
by the stand-in (source ``clock``: the turn clock ran out and the person never came back). The log is
the durable record of it (the referee's ``away`` set lives only in one process's memory). A seat whose
account was deleted mid-game (marked ``left`` in the table's seats) left too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fathom.core.api import State
from fathom.core.plugins import plugin_for
from fathom.core.ranking import competition_ranks
from fathom.server.db import LoggedAction, TableRecord

STAND_IN = "clock"
"""The log source of a move the stand-in played for a person out of time (:mod:`.autoplay`)."""
OWN = ("human", STAND_IN)
"""The log sources of a seat's own turns (forced moves and a save's imported moves say nothing of who stayed)."""


@dataclass(frozen=True)
class SeatResult:
    seat: int
    account: str | None  # the account that held the seat, if any
    bot: str | None  # the bot seated, if any
    rank: int  # the engine's place (1 = won; shared places share it)
    total: int  # the engine's final score
    left: bool  # a stand-in played this seat to the end
    counts: dict[str, int] = field(default_factory=dict)  # the game's profile counts (dives led...)

    @property
    def key(self) -> str | None:
        """Whose rating this seat moves: the account's, a bot's own (``bot:<id>``), or nobody's."""
        if self.account:
            return self.account
        return f"bot:{self.bot}" if self.bot is not None else None


def leavers(log: list[LoggedAction]) -> set[int]:
    """The seats whose last own move was played by the stand-in: they left and did not come back."""
    last: dict[int, str] = {}
    for entry in log:
        if entry.actor >= 0 and entry.source in OWN:
            last[entry.actor] = entry.source
    return {seat for seat, source in last.items() if source == STAND_IN}


def places(state: State) -> tuple[list[int], list[int]]:
    """Each seat's place and total from the game's end screen (the engine's tie-breaks; shared victories
    share first place); a game without one: places by score, equal scores sharing."""
    plugin = plugin_for(state.game.name)
    summary = plugin.end_summary(state)
    if summary is not None:
        seats = sorted(summary["seats"], key=lambda s: s["seat"])
        return [int(s["rank"]) for s in seats], [int(s["total"]) for s in seats]
    scores = [float(v) for v in state.scores()]
    return competition_ranks([(v,) for v in scores]), [int(v) for v in scores]


def table_results(rec: TableRecord, state: State, log: list[LoggedAction]) -> list[SeatResult]:
    """Every seat's result at the finished table ``rec`` (``state``: its final position, events kept)."""
    if not state.is_terminal():
        raise ValueError(f"table {rec.id} is not finished")
    ranks, totals = places(state)
    gone = leavers(log)
    plugin = plugin_for(rec.game)
    out = []
    for seat, info in enumerate(rec.seats):
        account = info.get("account") if info.get("kind") == "human" else None
        counts = plugin.profile_counts(state, seat) if account else {}
        out.append(SeatResult(seat=seat, account=account, bot=info.get("bot") if info.get("kind") == "bot" else None,
                              rank=ranks[seat], total=totals[seat], left=seat in gone or bool(info.get("left")),
                              counts=counts))
    return out


def rated_ranks(results: list[SeatResult]) -> list[int]:
    """The places a rating learns from: the engine's order among the seats that stayed (ties kept), then
    every seat that left, sharing last place."""
    stayed = [r.rank for r in results if not r.left]
    last = 1 + len(stayed)
    return [last if r.left else 1 + sum(1 for other in stayed if other < r.rank) for r in results]


def to_json(result: SeatResult) -> dict[str, Any]:
    return {"seat": result.seat, "account": result.account, "rank": result.rank, "total": result.total,
            "left": result.left, "counts": result.counts}
