"""Where Deep Blue's bots lose win chance (issue 50): analyse saved games, then sum the loss by bot
and decision kind, with bootstrap intervals over seat-games.

    # analyse every save of a folder (records from scripts/sunken_race.py name the bots per seat)
    PYTHONPATH=src nice python scripts/bot_study.py analyse --records D.jsonl --saves D --playouts 32 --out rows.jsonl
    # the table: per bot and kind, win-chance points lost per seat-game and per decision
    python scripts/bot_study.py report rows.jsonl [more.jsonl ...] [--by-table]

Why per seat-game: a kind that comes up often (draw-or-stop) can lose much in all while losing
little each time; the sum per seat-game says which kind costs a bot the most win chance, and the
bootstrap resamples whole seat-games, since decisions of one game are not independent.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections import defaultdict
from typing import Any

KINDS_ORDER = ("recruit", "refresh", "sail", "rest", "dive", "continue", "scout", "rush", "defend", "take")


def analyse(args: argparse.Namespace) -> None:
    from fathom.analysis.decision import Settings
    from fathom.analysis.game import analyse_game
    from fathom.core.registry import load

    done = set()
    if os.path.exists(args.out):
        with open(args.out) as f:
            done = {(r["deal"], r["rotation"], r["source"]) for r in map(json.loads, f)}
    records = [json.loads(line) for line in open(args.records)]
    settings = Settings(playouts=args.playouts, seed=args.seed)
    with open(args.out, "a") as out:
        for rec in records[: args.limit or None]:
            name = f"{rec['deal']}-{rec['rotation']}"
            if (rec["deal"], rec["rotation"], args.saves) in done:
                continue
            state = load(open(os.path.join(args.saves, name + ".json")).read())
            t0, c0 = time.perf_counter(), time.process_time()
            result = analyse_game(state, settings, workers=1)
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            for d in result.decisions:
                out.write(json.dumps({"source": args.saves, "deal": rec["deal"], "rotation": rec["rotation"],
                                      "seat": d.seat, "bot": rec["seats"][d.seat], "kind": d.kind, "step": d.step,
                                      "loss": d.loss, "loss_error": d.loss_error, "played": d.played,
                                      "best": d.best, "chance": d.win_chance[d.seat],
                                      "won": d.seat in rec["winners"]}) + "\n")
            out.flush()
            print(f"{name}: {len(result.decisions)} decisions, cpu {cpu:.1f} s, wall {wall:.1f} s, "
                  f"load {os.getloadavg()[0]:.1f}", flush=True)


def bootstrap(values: list[float], reps: int = 2000, seed: int = 1) -> tuple[float, float]:
    """95% percentile interval of the mean."""
    rng = random.Random(seed)
    n = len(values)
    means = sorted(sum(values[rng.randrange(n)] for _ in range(n)) / n for _ in range(reps))
    return means[int(0.025 * reps)], means[int(0.975 * reps) - 1]


def load_rows(paths: list[str]) -> list[dict[str, Any]]:
    """Every decision row once: a game analysed twice (a restarted run) counts once."""
    rows: dict[tuple[Any, ...], dict[str, Any]] = {}
    for p in paths:
        for line in open(p):
            r = json.loads(line)
            rows[(r["source"], r["deal"], r["rotation"], r["seat"], r["step"])] = r
    return list(rows.values())


def label_tables(rows: list[dict[str, Any]]) -> None:
    """Name each row's bot with its table, e.g. ``ismcts at 1 ismcts + 3 heuristic``: the same bot
    loses differently against other rivals."""
    seats: dict[tuple[Any, ...], dict[int, str]] = defaultdict(dict)
    for r in rows:
        seats[(r["source"], r["deal"], r["rotation"])][r["seat"]] = r["bot"]
    for r in rows:
        bots = list(seats[(r["source"], r["deal"], r["rotation"])].values())
        table = " + ".join(f"{bots.count(b)} {b}" for b in sorted(set(bots), key=lambda b: -bots.count(b)))
        r["bot"] = f"{r['bot']} at {table}"


def report(paths: list[str], by_table: bool = False) -> None:
    rows = load_rows(paths)
    if by_table:
        label_tables(rows)
    print(f"{len(rows)} decisions, {len({(r['source'], r['deal'], r['rotation']) for r in rows})} games")
    by_bot: dict[str, dict[tuple[Any, ...], dict[str, float]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(float)))
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in rows:
        key = (r["source"], r["deal"], r["rotation"], r["seat"])
        by_bot[r["bot"]][key][r["kind"]] += r["loss"] * 100
        by_bot[r["bot"]][key]["_all"] += r["loss"] * 100
        if r["loss"] > 2 * r["loss_error"]:  # beyond the analysis's own noise
            by_bot[r["bot"]][key]["clear:" + r["kind"]] += r["loss"] * 100
            counts[r["bot"]]["clear:" + r["kind"]] += 1
        counts[r["bot"]][r["kind"]] += 1
    for bot, games in sorted(by_bot.items()):
        kinds = sorted({k for g in games.values() for k in g if k != "_all" and not k.startswith("clear:")},
                       key=lambda k: KINDS_ORDER.index(k) if k in KINDS_ORDER else 99)
        total = [g["_all"] for g in games.values()]
        lo, hi = bootstrap(total)
        decisions = sum(n for k, n in counts[bot].items() if not k.startswith("clear:"))
        print(f"\n{bot}: {len(games)} seat-games, {decisions} decisions; "
              f"loss per seat-game {sum(total) / len(total):.1f} points [{lo:.1f}, {hi:.1f}]")
        print("| kind | decisions | points lost per seat-game [95%] | share | mean per decision | "
              "decisions losing beyond 2 s.e. | their points per seat-game [95%] |")
        print("|---|---:|---|---:|---:|---:|---|")
        for k in sorted(kinds, key=lambda k: -sum(g.get(k, 0.0) for g in games.values())):
            per = [g.get(k, 0.0) for g in games.values()]
            lo, hi = bootstrap(per)
            n = counts[bot][k]
            clear = [g.get("clear:" + k, 0.0) for g in games.values()]
            clo, chi = bootstrap(clear)
            print(f"| {k} | {n} | {sum(per) / len(per):.2f} [{lo:.2f}, {hi:.2f}] | "
                  f"{sum(per) / max(1e-9, sum(total)):.0%} | {sum(per) / n:.2f} | {counts[bot]['clear:' + k]} | "
                  f"{sum(clear) / len(clear):.2f} [{clo:.2f}, {chi:.2f}] |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("analyse")
    a.add_argument("--records", required=True)
    a.add_argument("--saves", required=True)
    a.add_argument("--playouts", type=int, default=32)
    a.add_argument("--seed", type=int, default=0)
    a.add_argument("--limit", type=int, default=0)
    a.add_argument("--out", required=True)
    r = sub.add_parser("report")
    r.add_argument("paths", nargs="+")
    r.add_argument("--by-table", action="store_true", help="each bot apart by its table's line-up")
    args = ap.parse_args()
    if args.cmd == "analyse":
        analyse(args)
    else:
        report(args.paths, args.by_table)


if __name__ == "__main__":
    main()
