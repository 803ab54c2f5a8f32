"""Many seeded games, seats rotated, on local processes or a Ray cluster, one record per game.

Reproducibility: game ``i`` of a run is fully described by its :class:`GameTask`
(game, players, options, seed, bot per seat) and is played by the pure function
:func:`play_one`: chance comes from the state's own seed, each bot gets a seed
derived from the game seed and its seat, and bots have iteration (not time)
budgets. Results are collected in task order, so the same run gives the same
records on 1 worker, 8 workers or a Ray cluster.

Seats are rotated over *deals*: with ``n`` seats, games ``n*k .. n*k+n-1`` share the
seed of deal ``k`` and the bot list is rotated by one seat each time, so every bot
plays every seat of the same deal (fewer games for the same precision).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE, TERMINAL
from fathom.core.errors import OptionError
from fathom.core.registry import game_class, new_game
from fathom.core.tasks import TIMING_KEYS, GameTask, bot_seed, deal_seed
from fathom.sim import stats as game_stats

MAX_STEPS = 200_000


def make_tasks(
    game: str,
    bots: Sequence[str],
    games: int,
    *,
    players: int | None = None,
    options: dict[str, Any] | Sequence[dict[str, Any]] | None = None,
    seed: int = 0,
    rotate: bool = True,
    first_index: int = 0,
    first_deal: int = 0,
) -> list[GameTask]:
    """Tasks for ``games`` games of ``bots`` (one per seat), seats rotated over shared deals.

    ``options`` may be a list of option sets: deal ``k`` then uses set ``k mod len``
    (e.g. every scenario in turn). Unless an option set names one, seat 0 plays first
    (R-DB-1, R-IB-1 would draw it), so a seat's numbers are those of a place in turn order.
    """
    if options is None or isinstance(options, Mapping):
        option_sets = [dict(options or {})]
    else:
        option_sets = [dict(o) for o in options]
    cls = game_class(game)
    n = players if players is not None else len(bots)
    if not cls.min_players <= n <= cls.max_players:
        raise OptionError(f"{game} plays {cls.min_players}-{cls.max_players} seats, not {n}")
    if len(bots) == 1:
        bots = list(bots) * n
    if len(bots) != n:
        raise OptionError(f"--bots: give one bot per seat ({n}) or one for all; got {len(bots)}")
    tasks = []
    for i in range(games):
        deal, rot = (i // n, i % n) if rotate else (i, 0)
        seats = tuple(bots[(s - rot) % n] for s in range(n))
        opts = dict(option_sets[(first_deal + deal) % len(option_sets)])
        if "first_player" in cls.OPTIONS:  # seat s is the s-th to play, so seat rates measure turn order
            opts.setdefault("first_player", 0)
        tasks.append(GameTask(first_index + i, game, n, opts, deal_seed(seed, first_deal + deal),
                              first_deal + deal, rot, seats))
    return tasks


def play_one(task: GameTask) -> dict[str, Any]:
    """Play one game to the end; the record (see :mod:`fathom.sim.stats`) of what happened."""
    started = time.perf_counter()
    state = new_game(task.game, players=task.players, seed=task.seed, **task.options)
    bots = [build_bot(spec, task.game, bot_seed(task.seed, s)) for s, spec in enumerate(task.seats)]
    n = task.players
    think = [0.0] * n
    decisions = [0] * n
    steps = 0
    aborted = False
    while True:
        player = state.current_player
        if player == TERMINAL:
            break
        if steps >= MAX_STEPS:
            aborted = True
            break
        if player == CHANCE:
            action = state.sample_chance()
        else:
            t0 = time.perf_counter()
            action = bots[player].choose(state)
            think[player] += time.perf_counter() - t0
            decisions[player] += 1
        state.apply(action)
        steps += 1
    record = game_record(task, state.scores(), state.winners(), steps, decisions, aborted)
    record.update(game_stats.extract(task.game, state))
    record["think_s"] = [round(t, 4) for t in think]
    record["wall_s"] = round(time.perf_counter() - started, 4)
    return record


def game_record(task: GameTask, scores: Sequence[float], winners: list[int], length: int, decisions: list[int],
                aborted: bool) -> dict[str, Any]:
    """The fields of a game's record that do not come from its event log, in one place for every
    engine that plays tasks (``fathom.fast`` writes the same records)."""
    return {
        "index": task.index,
        "game": task.game,
        "players": task.players,
        "options": task.options,
        "seed": task.seed,
        "deal": task.deal,
        "rotation": task.rotation,
        "seats": list(task.seats),
        "scores": [float(s) for s in scores],
        "winners": winners,
        "length": length,
        "decisions": decisions,
        "aborted": aborted,
        "winner_bots": sorted({task.seats[w] for w in winners}),
        "places": places([float(s) for s in scores], winners),
    }


def places(scores: Sequence[float], winners: Sequence[int]) -> list[float]:
    """Finishing place per seat (1 = best; ties share the average place; winners first)."""
    n = len(scores)
    # winners are first even when the tie-break (not the score) decided; others by score
    key = [(0 if s in winners else 1, -scores[s]) for s in range(n)]
    out = [0.0] * n
    order = sorted(range(n), key=lambda s: key[s])
    i = 0
    while i < n:
        j = i
        while j + 1 < n and key[order[j + 1]] == key[order[i]]:
            j += 1
        place = (i + j) / 2 + 1
        for k in range(i, j + 1):
            out[order[k]] = place
        i = j + 1
    return out


def without_timing(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in TIMING_KEYS}


# ---- backends ---------------------------------------------------------------------------------
def run_tasks(
    tasks: Sequence[GameTask],
    *,
    workers: int | None = None,
    ray_address: str | None = None,
    on_result: Callable[[dict[str, Any]], None] | None = None,
    fast: bool = False,
) -> list[dict[str, Any]]:
    """Play every task; records come back in task order whatever the backend. ``fast``: on the
    compiled engine (:mod:`fathom.fast.sim_tasks`, ``workers`` threads), the same games and records."""
    if ray_address:
        from fathom.sim.ray_backend import run_on_ray

        results = run_on_ray(tasks, ray_address, on_result=on_result)
        return results
    if fast:
        from fathom.fast.sim_tasks import iter_records

        records = iter_records(tasks, workers)
    else:
        records = iter_local(tasks, workers)
    results = []
    for record in records:
        results.append(record)
        if on_result is not None:
            on_result(record)
    return results


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def iter_local(tasks: Sequence[GameTask], workers: int | None = None) -> Iterator[dict[str, Any]]:
    """Records in task order, from ``workers`` processes (default: every core; 1 = this process)."""
    workers = default_workers() if workers is None else workers
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield play_one(task)
        return
    import multiprocessing as mp

    ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
    with ctx.Pool(min(workers, len(tasks))) as pool:
        yield from pool.imap(play_one, tasks, chunksize=1)


# ---- files ------------------------------------------------------------------------------------
CSV_COLUMNS = (
    "index", "game", "players", "options", "seed", "deal", "rotation", "seats", "scores", "winners",
    "winner_bots", "places", "length", "turns", "dives", "dives_stopped", "dives_leader_failed",
    "dives_bag_empty", "hazards", "first_hazard_draws", "cards_bought", "decisions", "aborted", "think_s", "wall_s",
)


class ResultWriter:
    """JSON lines (one game per line, every field) and CSV (one row per game, lists as JSON)."""

    def __init__(self, jsonl: str | None, csv_path: str | None) -> None:
        self.jsonl = open(jsonl, "w", encoding="utf-8") if jsonl else None  # noqa: SIM115
        self.csv = None
        if csv_path:
            import csv

            self._csv_file = open(csv_path, "w", encoding="utf-8", newline="")  # noqa: SIM115
            self.csv = csv.writer(self._csv_file)
            self.csv.writerow(CSV_COLUMNS)

    def write(self, record: dict[str, Any]) -> None:
        if self.jsonl:
            self.jsonl.write(json.dumps(record, sort_keys=True) + "\n")
            self.jsonl.flush()
        if self.csv:
            row = []
            for col in CSV_COLUMNS:
                value = record.get(col, "")
                row.append(json.dumps(value) if isinstance(value, (list, dict, tuple)) else value)
            self.csv.writerow(row)

    def close(self) -> None:
        if self.jsonl:
            self.jsonl.close()
        if self.csv:
            self._csv_file.close()


def read_records(paths: Iterable[str]) -> list[dict[str, Any]]:
    """Records from JSON lines files (``fathom simulate --out``)."""
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if line:
                    out.append(json.loads(line))
    return out


@dataclass
class BotSummary:
    bot: str
    games: int = 0
    wins: float = 0.0
    score_sum: float = 0.0
    place_sum: float = 0.0
    by_seat: dict[int, list[float]] = field(default_factory=dict)  # seat -> [games, wins]

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["win_rate"] = self.win_rate
        return d


def win_share(record: dict[str, Any], seat: int) -> float:
    """The seat's share of the game's win: 1/k when it is one of k winners, else 0."""
    winners = record["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def summarize(records: Sequence[dict[str, Any]]) -> dict[str, BotSummary]:
    """Per bot: games, wins (a shared win counts 1/k), mean score, mean place, per seat."""
    out: dict[str, BotSummary] = {}
    for rec in records:
        counted: set[str] = set()
        for seat, bot in enumerate(rec["seats"]):
            s = out.setdefault(bot, BotSummary(bot))
            s.games += 1
            win = win_share(rec, seat)
            s.wins += win
            s.score_sum += rec["scores"][seat]
            s.place_sum += rec["places"][seat]
            row = s.by_seat.setdefault(seat, [0, 0.0])
            row[0] += 1
            row[1] += win
            counted.add(bot)
    return out
