"""``fathom balance``: a designer's study of every table of a game, played by one bot in every seat.

For each player count and each scenario (Deep Blue; Into the Blue has none), ``games`` games of
identical bots: with the same bot in every seat, only the seat can make a difference, and every
game is a deal of its own. Each table gets its seat win rates (95% intervals over deals), the
Hotelling test of :mod:`fathom.sim.fairness`, and how long and how high-scoring its games are.
So many tables make some look uneven by luck alone: the p-values are adjusted over all of them
for the false discovery rate (Benjamini-Hochberg, scipy's ``false_discovery_control``), and only
an adjusted q below 0.05 is called a seat effect.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from scipy.stats import false_discovery_control

from fathom.core.errors import OptionError
from fathom.core.options import RANDOM, check_players
from fathom.core.registry import game_class
from fathom.sim.fairness import SIGNIFICANT, seat_rates, seat_tests
from fathom.core.tasks import GameTask
from fathom.sim.runner import make_tasks


NO_SCENARIO = "standard"  # the table label of a game without scenarios


@dataclass(frozen=True)
class Table:
    """One table of the study: a player count and a scenario."""

    players: int
    scenario: str
    options: dict[str, Any]


@dataclass
class TableResult:
    players: int
    scenario: str
    games: int
    seat_win: list[float]  # per seat: share of the games won (a shared win counts 1/k)
    seat_half: list[float]  # per seat: half-width of the 95% interval over deals
    p_value: float
    q_value: float  # p adjusted for the false discovery rate over every table of the study
    mean_turns: float
    mean_score: float
    winner_score: float
    ties: float  # share of games with more than one winner

    @property
    def uneven(self) -> bool:
        return bool(self.q_value < SIGNIFICANT)

    def verdict(self) -> str:
        """The seat that wins most and least, or that no seat differs beyond luck."""
        if np.isnan(self.q_value):
            return "too few games (or no spread) to test"
        if not self.uneven:
            return "even"
        best = int(np.argmax(self.seat_win))
        worst = int(np.argmin(self.seat_win))
        return f"seat {best} wins most, seat {worst} least"


def study_tables(game: str, players: Sequence[int] | None = None,
                 scenarios: Sequence[str] | None = None, options: dict[str, Any] | None = None) -> list[Table]:
    """Every (player count, scenario) table of ``game``, or the ones asked for."""
    cls = game_class(game)
    counts = list(players) if players else list(range(cls.min_players, cls.max_players + 1))
    for n in counts:
        check_players(game, n, cls.min_players, cls.max_players)
    choice = cls.OPTIONS.get("scenario")
    if choice is None:
        if scenarios:
            raise OptionError(f"--scenarios: {game} has no scenarios")
        names = [NO_SCENARIO]
    else:
        # by default every scenario once; ``random`` only when asked (it deals one of the others)
        names = [choice.check(name, game) for name in scenarios] if scenarios else [
            name for name in choice.choices if name != RANDOM]
    for flag, chosen in (("--players", counts), ("--scenarios", names)):
        if len(set(chosen)) != len(chosen):
            raise OptionError(f"{flag}: list each one once (a table played twice would count its games twice)")
    base = dict(options or {})
    return [Table(n, name, base if name == NO_SCENARIO else {**base, "scenario": name})
            for n in counts for name in names]


def study_tasks(game: str, bot: str, tables: Sequence[Table], games: int, seed: int = 0) -> list[GameTask]:
    """``games`` games per table, seats fixed (identical bots), every game on a deal of its own."""
    tasks: list[GameTask] = []
    for k, table in enumerate(tables):
        tasks += make_tasks(game, [bot], games, players=table.players, options=table.options, seed=seed,
                            rotate=False, first_index=len(tasks), first_deal=k * games)
    return tasks


def table_label(record: dict[str, Any]) -> str:
    return str(record.get("options", {}).get("scenario", NO_SCENARIO))


def results(records: Sequence[dict[str, Any]], tables: Sequence[Table]) -> list[TableResult]:
    """One result per table, its p-value adjusted over all of them."""
    by_table: dict[tuple[int, str], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        by_table[(r["players"], table_label(r))].append(r)
    rows = []
    for table in tables:
        mine = by_table.get((table.players, table.scenario))
        if not mine:
            continue
        rates = seat_rates(mine)
        test = seat_tests(mine)[0]
        winner_scores = [max(r["scores"]) for r in mine if r["winners"]]
        rows.append(TableResult(
            players=table.players, scenario=table.scenario, games=len(mine),
            seat_win=[float(w) for w, _ in rates], seat_half=[float(h) for _, h in rates], p_value=test.p_value,
            q_value=float("nan"), mean_turns=float(np.mean([r.get("turns", r["length"]) for r in mine])),
            mean_score=float(np.mean([s for r in mine for s in r["scores"]])),
            winner_score=float(np.mean(winner_scores)) if winner_scores else float("nan"),
            ties=float(np.mean([len(r["winners"]) > 1 for r in mine])),
        ))
    tested = [i for i, row in enumerate(rows) if not np.isnan(row.p_value)]
    if tested:
        qs = false_discovery_control([rows[i].p_value for i in tested])
        for i, q in zip(tested, qs):
            rows[i].q_value = float(q)
    return rows


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _p(x: float) -> str:
    return "–" if np.isnan(x) else f"{x:.3g}"


def study_markdown(game: str, rows: Sequence[TableResult], meta: dict[str, Any], image: str | None) -> str:
    """The study as a page: how it was made, one table per player count, what stands out."""
    lines = [
        f"# Seat balance: {game}",
        "",
        f"Generated by `{meta['command']}`; do not edit by hand.",
        "",
        f"Every table is {meta['games_per_table']} games with `{meta['bot']}` in every seat, each on a deal of "
        f"its own (seed {meta['seed']}). Seat 0 plays first. A win rate is the share of games the seat won (a shared win "
        "counts 1/k; ± the 95% interval); even is 1/players. p: the Hotelling test that the seats' win rates "
        "differ (`fathom.sim.fairness`); q: p adjusted for the false discovery rate over every table here "
        f"(Benjamini-Hochberg). A table is called uneven when q < {SIGNIFICANT}.",
        "",
        "These are bots' games: a seat effect here is what this bot's play makes of the rules, a lead "
        "for a designer to follow with people at the table, not a verdict on their games.",
        "",
    ]
    if image:
        lines += [f"![Seat win rate minus the even share, by table]({image})", ""]
    uneven = [row for row in rows if row.uneven]
    if uneven:
        lines.append(f"**What stands out:** {len(uneven)} of {len(rows)} tables are uneven.")
        lines += [""] + [f"- {row.players} players, {row.scenario}: {row.verdict()} "
                         f"({', '.join(_pct(w) for w in row.seat_win)}; q = {_p(row.q_value)})" for row in uneven]
    else:
        lines.append(f"**What stands out:** none of the {len(rows)} tables has a seat effect beyond luck.")
    lines.append("")
    for players in sorted({row.players for row in rows}):
        mine = [row for row in rows if row.players == players]
        seats = [f"seat {s}" for s in range(players)]
        lines += [f"## {players} players (even: {_pct(1 / players)})", "",
                  "| scenario | games | " + " | ".join(seats) + " | p | q | turns | mean VP | winner's VP | ties |",
                  "|---|---:|" + "---:|" * players + "---:|---:|---:|---:|---:|---:|"]
        for row in mine:
            cells = [f"{_pct(w)} ± {100 * h:.1f}" for w, h in zip(row.seat_win, row.seat_half)]
            flag = " **uneven**" if row.uneven else ""
            lines.append(f"| {row.scenario}{flag} | {row.games} | " + " | ".join(cells) +
                         f" | {_p(row.p_value)} | {_p(row.q_value)} | {row.mean_turns:.1f} | {row.mean_score:.1f} | "
                         f"{row.winner_score:.1f} | {_pct(row.ties)} |")
        lines.append("")
    return "\n".join(lines)


def study_json(game: str, rows: Sequence[TableResult], meta: dict[str, Any]) -> str:
    def clean(value: Any) -> Any:
        if isinstance(value, float):
            return None if np.isnan(value) else round(value, 4)
        if isinstance(value, list):
            return [clean(v) for v in value]
        return value

    body = {"game": game, "meta": meta,
            "tables": [{k: clean(v) for k, v in asdict(row).items()} | {"uneven": row.uneven} for row in rows]}
    return json.dumps(body, indent=2) + "\n"


def study_plot(rows: Sequence[TableResult], path: str) -> None:
    """A heat map: one row per table, one column per seat, the win rate minus the even share."""
    from fathom.sim.report import pyplot

    plt = pyplot()
    width = max(row.players for row in rows)
    grid = np.full((len(rows), width), np.nan)
    for i, row in enumerate(rows):
        grid[i, : row.players] = [100 * (w - 1 / row.players) for w in row.seat_win]
    limit = max(5.0, float(np.nanmax(np.abs(grid))))
    fig, ax = plt.subplots(figsize=(1.2 * width + 3.2, 0.32 * len(rows) + 1.4))
    image = ax.imshow(grid, cmap="RdBu", vmin=-limit, vmax=limit, aspect="auto")
    ax.grid(False)
    ax.set_xticks(range(width), [f"seat {s}" for s in range(width)])
    ax.set_yticks(range(len(rows)), [f"{row.players}p {row.scenario}" + (" *" if row.uneven else "") for row in rows])
    for i, row in enumerate(rows):
        for s in range(row.players):
            dark = abs(grid[i, s]) > 0.6 * limit
            ax.text(s, i, f"{grid[i, s]:+.1f}", ha="center", va="center", fontsize=7,
                    color="white" if dark else "black")
    fig.colorbar(image, ax=ax, label="win rate minus even share (points)")
    ax.set_title(f"Seat balance (* uneven: q < {SIGNIFICANT})")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
