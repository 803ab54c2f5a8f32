"""``fathom simulate``, ``fathom tournament`` and ``fathom report``.

Kept apart from :mod:`fathom.cli.main` (which only wires them in) and light to
import: numpy, scipy, matplotlib and ray load only when a command needs them.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import shlex
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from fathom.core.errors import OptionError
from fathom.core.registry import game_names

DEFAULT_OUT = os.path.join("results", "simulate")
DEFAULT_DEALS = 25
DEFAULT_BOOTSTRAP = 300
DEFAULT_BALANCE_GAMES = 200


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=game_names(), help="which game")
    parser.add_argument("--players", type=int, default=None, help="seats per game (default: one per bot)")
    parser.add_argument("--scenario", default=None,
                        help="scenario id of a game with scenarios (e.g. storm), or 'all': every scenario in turn, deal by deal")
    _run_options(parser)


def _run_options(parser: argparse.ArgumentParser) -> None:
    """What every command that plays games takes besides its tables: options, seed, where to run."""
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="game option, value parsed as JSON if it can be; repeatable")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0): same seed, same games")
    parser.add_argument("--workers", type=int, default=None, help="local processes (default: every core)")
    parser.add_argument("--ray", default=None, metavar="auto|ADDRESS|local",
                        help="run on a Ray cluster instead (auto: the running cluster; local: start one here)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--fast", action="store_true",
                        help="play on the compiled engine (fathom.fast, needs numba: pip install -e '.[fast]'): the "
                             "same games and records, for the games and bots with a compiled form; any other is "
                             "refused before a game, naming those")


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    _common(parser)
    parser.add_argument("--bots", required=True,
                        help="one bot per seat, comma-separated (name, level number, or name(key=value,...))")
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--no-rotate", action="store_true", help="keep each bot in its seat (default: rotate)")
    parser.add_argument("--out", default=DEFAULT_OUT, metavar="PREFIX",
                        help=f"write PREFIX.jsonl and PREFIX.csv (default {DEFAULT_OUT}; a .jsonl or .csv ending is dropped)")


def add_tournament_arguments(parser: argparse.ArgumentParser) -> None:
    _common(parser)
    parser.add_argument("--bots", default=None,
                        help="bots to rank, comma-separated (default: the shipped levels random,greedy,heuristic,ismcts)")
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS,
                        help=f"deals per table; each is played once per seat rotation (default {DEFAULT_DEALS})")
    parser.add_argument("--bootstrap", type=int, default=DEFAULT_BOOTSTRAP,
                        help="bootstrap resamples for the intervals")
    parser.add_argument("--steps", action="store_true",
                        help="also seat each bot alone against copies of the bot listed before it (does each "
                             "level beat the one below?)")
    parser.add_argument("--out", default=os.path.join("results", "tournament"), metavar="PREFIX",
                        help="write PREFIX.jsonl and PREFIX.csv of every game (a .jsonl or .csv ending is dropped)")
    parser.add_argument("--ladder", default=None, metavar="PREFIX",
                        help="also write the ladder as PREFIX.md and PREFIX.json (the shipped ones: docs/ladder*)")


def add_report_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("results", nargs="+", help="JSON lines files from simulate or tournament")
    parser.add_argument("--out", default=None, help="HTML file (default: next to the first results file)")
    parser.add_argument("--title", default=None, help="page title")
    parser.add_argument("--png-dir", default=None, help="also save each plot as PNG in this folder")


def add_balance_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=game_names(), help="which game")
    parser.add_argument("--bot", default="heuristic", help="the bot in every seat (default heuristic)")
    parser.add_argument("--players", default=None, metavar="N,N,...",
                        help="player counts to study, comma-separated (default: every count the game allows)")
    parser.add_argument("--scenarios", default=None, metavar="ID,ID,...",
                        help="scenarios to study (games with scenarios), comma-separated (default: every one, 'none' included)")
    _run_options(parser)
    parser.add_argument("--games", type=int, default=DEFAULT_BALANCE_GAMES,
                        help=f"games per table (default {DEFAULT_BALANCE_GAMES})")
    parser.add_argument("--out", default=os.path.join("results", "balance"), metavar="PREFIX",
                        help="write PREFIX.jsonl and PREFIX.csv of every game (a .jsonl or .csv ending is dropped)")
    parser.add_argument("--study", default=None, metavar="PREFIX",
                        help="also write the study as PREFIX.md, PREFIX.json and PREFIX.png (shipped: docs/balance)")


# ---- helpers -------------------------------------------------------------------------------------
def _options(args: argparse.Namespace) -> dict[str, Any] | list[dict[str, Any]]:
    """The game options, or one option set per scenario with ``--scenario all``."""
    from fathom.core.options import parse_options
    from fathom.core.registry import game_class

    if args.scenario == "all":
        choices = game_class(args.game).OPTIONS.get("scenario")
        if choices is None:
            raise OptionError(f"--scenario all: {args.game} has no scenarios")
        return [parse_options(args.option, sc, args.game) for sc in choices.choices if sc != "none"]
    return parse_options(args.option, args.scenario, args.game)


def _results_prefix(out: str) -> str:
    """The prefix of the two result files: `--out run.jsonl` or `run.csv` means `run`, not `run.jsonl.jsonl`."""
    stem, ext = os.path.splitext(out)
    return stem if ext.lower() in (".jsonl", ".csv") else out


def _ensure_dir(prefix: str) -> None:
    folder = os.path.dirname(prefix)
    if folder:
        os.makedirs(folder, exist_ok=True)


def _write_shipped(prefix: str, figures: str, page: str) -> None:
    """A shipped file's figures (PREFIX.json) and its page (PREFIX.md), as docs/ keeps the ladders
    and the balance studies."""
    _ensure_dir(prefix)
    for ending, text in ((".json", figures), (".md", page)):
        with open(prefix + ending, "w", encoding="utf-8") as fh:
            fh.write(text)


def _backend(args: argparse.Namespace, tasks: Sequence[Any]) -> Any:
    """``run_tasks(tasks, workers=, ray_address=, on_result=)``: the reference engine's, or with
    ``--fast`` the compiled engine's (checked before any file is written)."""
    from fathom.sim.runner import run_tasks

    if not getattr(args, "fast", False):
        return run_tasks
    if args.ray:
        raise OptionError("--fast runs on this machine's cores; it does not take --ray")
    from fathom.fast.need import need_numba

    need_numba(f"fathom {getattr(args, 'command', 'simulate')} --fast")
    from fathom.fast import sim_tasks

    sim_tasks.supported(tasks)
    return functools.partial(run_tasks, fast=True)


def _run(tasks: Sequence[Any], args: argparse.Namespace, console: Console, prefix: str) -> list[dict[str, Any]]:
    from fathom.sim.runner import ResultWriter

    run_tasks = _backend(args, tasks)
    prefix = _results_prefix(prefix)
    _ensure_dir(prefix)
    writer = ResultWriter(prefix + ".jsonl", prefix + ".csv")
    address = None
    if args.ray:
        address = "auto" if args.ray == "auto" else args.ray
    try:
        if args.quiet or not tasks:
            records = run_tasks(tasks, workers=args.workers, ray_address=address, on_result=writer.write)
        else:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                          TimeRemainingColumn(), console=console, transient=False) as progress:
                bar = progress.add_task(f"{tasks[0].game}", total=len(tasks))

                def on_result(record: dict[str, Any]) -> None:
                    writer.write(record)
                    progress.advance(bar)

                records = run_tasks(tasks, workers=args.workers, ray_address=address, on_result=on_result)
    finally:
        writer.close()
    console.print(Text(f"Wrote {prefix}.jsonl and {prefix}.csv ({len(records)} games)."))
    return records


def print_summary(console: Console, records: Sequence[dict[str, Any]]) -> None:
    from fathom.sim.elo import wilson
    from fathom.sim.fairness import seat_tests
    from fathom.sim.runner import summarize

    summary = summarize(records)
    table = Table(title="Results by bot (a shared win counts 1/k; 95% Wilson interval)", title_justify="left")
    for col in ("bot", "games", "win rate", "95% CI", "mean score", "mean place"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for bot, s in sorted(summary.items(), key=lambda kv: -kv[1].win_rate):
        lo, hi = wilson(s.wins, s.games)
        table.add_row(bot, str(s.games), f"{100 * s.win_rate:.1f}%", f"{100 * lo:.1f}-{100 * hi:.1f}%",
                      f"{s.score_sum / s.games:.1f}", f"{s.place_sum / s.games:.2f}")
    console.print(table)
    for test in seat_tests(records):
        console.print(Text("Win rate by seat, " + test.sentence()))


# ---- commands ------------------------------------------------------------------------------------
def run_simulate(args: argparse.Namespace, console: Console) -> int:
    from fathom.bots.specs import split_bots
    from fathom.sim.runner import make_tasks

    bots = split_bots(args.bots)
    if args.games < 1:
        raise OptionError("--games must be at least 1")
    tasks = make_tasks(args.game, bots, args.games, players=args.players, options=_options(args), seed=args.seed,
                       rotate=not args.no_rotate)
    records = _run(tasks, args, console, args.out)
    print_summary(console, records)
    return 0


def _command_line(words: Sequence[str], flags: Sequence[tuple[str, Any, Any]], args: argparse.Namespace,
                  tail: Sequence[str]) -> str:
    """The command that regenerates a shipped file: only the arguments that change its games and
    figures (not --workers, --ray, --out or --quiet, which the results do not depend on)."""
    parts = list(words)
    for flag, value, default in flags:
        if value != default:
            parts += [flag, shlex.quote(str(value))]
    parts += [item for opt in args.option for item in ("--option", shlex.quote(opt))]
    return " ".join(parts + list(tail))


def _ladder_command(args: argparse.Namespace) -> str:
    flags = [("--bots", args.bots, None), ("--players", args.players, None), ("--scenario", args.scenario, None),
             ("--seed", args.seed, 0), ("--deals", args.deals, DEFAULT_DEALS),
             ("--bootstrap", args.bootstrap, DEFAULT_BOOTSTRAP)]
    tail = ["--steps"] if args.steps else []
    return _command_line(["fathom", "tournament", args.game], flags, args, tail + ["--ladder", shlex.quote(args.ladder)])


def run_tournament(args: argparse.Namespace, console: Console) -> int:
    from fathom.bots.specs import split_bots
    from fathom.sim import elo
    from fathom.sim.tournament import (SHIPPED_BOTS, ladder_json, ladder_markdown, step_results, timing,
                                       tournament_tasks)

    bots = split_bots(args.bots) if args.bots else list(SHIPPED_BOTS)
    if len(bots) < 2:
        raise OptionError("--bots: a tournament needs at least two bots")
    players = args.players or min(4, max(2, len(bots)))
    options = _options(args)
    tasks = tournament_tasks(args.game, bots, players=players, deals=args.deals, options=options, seed=args.seed,
                             steps=args.steps)
    records = _run(tasks, args, console, args.out)
    ratings = elo.ladder(records, bootstrap=args.bootstrap, seed=args.seed)
    table = Table(title=f"Elo ladder, {args.game} ({len(records)} games, {players} players, seats rotated)",
                  title_justify="left")
    for col in ("rank", "bot", "Elo", "95% CI", "games", "win rate", "95% CI", "mean place"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for i, r in enumerate(ratings, 1):
        table.add_row(str(i), r.bot, f"{r.elo:.0f}", f"{r.low:.0f}-{r.high:.0f}", str(r.games),
                      f"{100 * r.win_rate:.1f}%", f"{100 * r.win_low:.1f}-{100 * r.win_high:.1f}%",
                      f"{r.mean_place:.2f}")
    console.print(table)
    steps = step_results(records, bots, players) if args.steps else []
    for st in steps:
        lo, hi = 100 * st.win_low, 100 * st.win_high
        console.print(Text(f"{st.bot} alone against {players - 1} x {st.below}: won {100 * st.win_rate:.1f}% of "
                           f"{st.games} games (95% CI {lo:.1f}-{hi:.1f}%; parity {100 * st.parity:.0f}%)"))
    if args.ladder:
        meta = {
            "command": _ladder_command(args),
            "players": players,
            "options": options,
            "seed": args.seed,
            "deals_per_table": args.deals,
            "bootstrap": args.bootstrap,
            "bots": bots,
            "timing": timing(records),
        }
        figures = json.dumps(ladder_json(args.game, records, ratings, meta, steps), indent=2) + "\n"
        _write_shipped(args.ladder, figures, ladder_markdown(args.game, records, ratings, meta, steps))
        console.print(Text(f"Wrote {args.ladder}.md and {args.ladder}.json."))
    return 0


def run_report(args: argparse.Namespace, console: Console) -> int:
    from fathom.sim.report import write_report
    from fathom.sim.runner import read_records

    for path in args.results:
        if not os.path.exists(path):
            raise OptionError(f"report: no such results file {path!r}")
    records = read_records(args.results)
    if not records:
        raise OptionError("report: the results files hold no games")
    out = args.out or os.path.splitext(args.results[0])[0] + ".html"
    _ensure_dir(out)
    write_report(records, out, title=args.title, png_dir=args.png_dir)
    console.print(Text(f"Wrote {out} ({len(records)} games)."))
    return 0


def _int_list(text: str | None, flag: str) -> list[int] | None:
    if text is None:
        return None
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise OptionError(f"{flag}: give whole numbers separated by commas, e.g. 2,3,4; got {text!r}") from None


def run_balance(args: argparse.Namespace, console: Console) -> int:
    from fathom.core.options import parse_options
    from fathom.sim.balance import results, study_json, study_markdown, study_plot, study_tables, study_tasks

    if args.games < 2:
        raise OptionError("--games: a table needs at least 2 games to test its seats")
    scenarios = [name.strip() for name in args.scenarios.split(",")] if args.scenarios else None
    tables = study_tables(args.game, _int_list(args.players, "--players"), scenarios,
                          parse_options(args.option, None, args.game))
    tasks = study_tasks(args.game, args.bot, tables, args.games, seed=args.seed)
    rows = results(_run(tasks, args, console, args.out), tables)
    table = Table(title=f"Seat balance, {args.game}: {args.games} games a table, {args.bot} in every seat",
                  title_justify="left")
    for col in ("players", "scenario", "seat win rates", "q", "verdict"):
        table.add_column(col, justify="left" if col in ("scenario", "seat win rates", "verdict") else "right",
                         no_wrap=col != "verdict")
    for row in rows:
        table.add_row(str(row.players), row.scenario, " ".join(f"{100 * w:.0f}%" for w in row.seat_win),
                      f"{row.q_value:.2g}", row.verdict())
    console.print(table)
    if args.study:
        flags = [("--bot", args.bot, "heuristic"), ("--players", args.players, None),
                 ("--scenarios", args.scenarios, None), ("--seed", args.seed, 0),
                 ("--games", args.games, DEFAULT_BALANCE_GAMES)]
        meta = {"command": _command_line(["fathom", "balance", args.game], flags, args,
                                         ["--study", shlex.quote(args.study)]),
                "bot": args.bot, "seed": args.seed, "games_per_table": args.games}
        _write_shipped(args.study, study_json(args.game, rows, meta),
                       study_markdown(args.game, rows, meta, os.path.basename(args.study) + ".png"))
        study_plot(rows, args.study + ".png")
        console.print(Text(f"Wrote {args.study}.md, {args.study}.json and {args.study}.png."))
    return 0
