"""A whole saved game analysed: its unforced decisions found, weighed on every core, gathered.

Why processes: a decision's playouts keep one core busy and the decisions do not depend on one
another, so a pool of worker processes (one per core by default) shares them out; each worker
rebuilds the game from its save and walks forward to the positions it is handed.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from fathom.analysis.decision import Decision, Settings, analyse_decision, search_policy
from fathom.analysis.marks import mark_of
from fathom.analysis.parts import parts_for
from fathom.core.api import State
from fathom.core.registry import load

Progress = Callable[[int, int], None]
"""Told (decisions done, decisions in all) as each one is weighed."""


@dataclass
class GameAnalysis:
    """Every unforced decision of a game, weighed, in the order played."""

    game: str
    seats: list[dict[str, Any]]
    decisions: list[Decision]
    settings: Settings

    def to_json(self) -> dict[str, Any]:
        """``{game, seats, decisions: [{step, seat, played, best, loss, win_chance, ...}], settings}``."""
        return {"game": self.game, "seats": self.seats, "decisions": [decision_row(d) for d in self.decisions],
                "settings": asdict(self.settings)}

    def mean_loss(self, seat: int) -> float:
        losses = [d.loss for d in self.decisions if d.seat == seat]
        return sum(losses) / len(losses) if losses else 0.0


def decision_row(decision: Decision) -> dict[str, Any]:
    """One decision as JSON, with its mark (``inaccuracy``, ``mistake``, ``blunder`` or None)."""
    row = asdict(decision)
    row["mark"] = mark_of(decision.loss)
    return row


def decision_points(state: State) -> list[tuple[int, int, int]]:
    """``(step, seat, action played)`` of every decision with more than one legal move."""
    return [(position.move_number(), position.current_player, action) for position, action in state.walk()
            if position.current_player >= 0 and len(position.legal_actions()) > 1]


class Walker:
    """A worker's game: positions handed out by step, walking forward when it can (steps mostly
    come in order), from the start again when asked for an earlier one."""

    def __init__(self, save: str, settings: Settings) -> None:
        self.game_state = load(save)
        self.history = self.game_state.history()
        self.settings = settings
        self.position = self.game_state.restarted(record_events=False)
        self.policy = search_policy(self.position.game, settings.seed)
        self.parts = parts_for(self.position.game)

    def at(self, step: int) -> State:
        if self.position.move_number() > step:
            self.position = self.game_state.restarted(record_events=False)
        while self.position.move_number() < step:
            self.position.apply(self.history[self.position.move_number()])
        return self.position

    def line(self, step: int, seat: int) -> list[int]:
        """The seat's own moves from ``step`` on while it stays to move (its whole choice)."""
        position = self.at(step).clone()
        out = []
        while position.current_player == seat and position.move_number() < len(self.history):
            action = self.history[position.move_number()]
            out.append(action)
            position.apply(action)
        return out

    def analyse(self, step: int, seat: int, played: int) -> Decision:
        line = self.line(step, seat)
        return analyse_decision(self.at(step).clone(), seat, played, self.settings,
                                policy=self.policy, parts=self.parts, line=line)


_WORKER: Walker | None = None


def _start_worker(save: str, settings: Settings) -> None:
    global _WORKER
    _WORKER = Walker(save, settings)


def _analyse_in_worker(point: tuple[int, int, int]) -> Decision:
    assert _WORKER is not None, "the pool's initializer builds the worker's game"
    return _WORKER.analyse(*point)


def default_workers() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def analyse_game(state: State, settings: Settings | None = None, *, seats: list[dict[str, Any]] | None = None,
                 workers: int | None = None, progress: Progress | None = None) -> GameAnalysis:
    """Every unforced decision of ``state``'s history weighed from its seat's view.

    ``workers``: processes (default: one per core; 1 runs here, in this process). ``seats``: who sat
    where (names, bots), kept in the result as given."""
    settings = settings or Settings()
    points = decision_points(state)
    save = state.to_json()
    workers = default_workers() if workers is None else workers
    done: list[Decision] = []

    def tick(decision: Decision) -> None:
        done.append(decision)
        if progress is not None:
            progress(len(done), len(points))

    if workers <= 1 or len(points) <= 1:
        walker = Walker(save, settings)
        for point in points:
            tick(walker.analyse(*point))
    else:
        with ProcessPoolExecutor(max_workers=workers, initializer=_start_worker, initargs=(save, settings)) as pool:
            for decision in pool.map(_analyse_in_worker, points, chunksize=1):
                tick(decision)
    n = state.game.num_players
    return GameAnalysis(game=state.game.name, seats=seats or [{"seat": s} for s in range(n)],
                        decisions=sorted(done, key=lambda d: d.step), settings=settings)
