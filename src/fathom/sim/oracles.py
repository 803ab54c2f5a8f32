"""What a secret is worth: level 3 told a game's secrets, measured on shared deals (research only).

A game's plugin may name an ``oracle`` part: the shipped ``ismcts`` except that every world it
searches holds what the game keeps secret (the rivals' hands, say), the future still sampled from
a fresh seed. It reads what no seat may read, so no front end offers it and it is registered only
while this tool runs. Played on the same deals and seats as the fair ``ismcts``, the difference in
win rate bounds what inferring those secrets could ever bring:

    python -m fathom.sim.oracles --game NAME --games 240 --seed 3

(docs/bots.md: 37.9% against 42.9% for the fair search, 240 paired games: knowing the
hands is worth nothing measurable, so the 89% of a search that also sees the future
draws comes from the draws.)
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from typing import Any

from fathom.bots.registry import register_bot
from fathom.bots.specs import build_bot
from fathom.core.errors import OptionError
from fathom.core.plugins import known
from fathom.sim import runner

ORACLE = "oracle"
"""The bot name the oracle is registered under while it is measured."""


def seat_results(records: Sequence[dict[str, Any]], spec: str) -> dict[tuple[int, int], float]:
    """Win share of the seat played by ``spec`` in each game, keyed by (deal, rotation)."""
    return {(rec["deal"], rec["rotation"]): runner.win_share(rec, list(rec["seats"]).index(spec)) for rec in records}


def paired(a: dict[tuple[int, int], float], b: dict[tuple[int, int], float]) -> tuple[float, float, float, float]:
    """Win rates of A and B over the games both played, their difference and its 95% half-width."""
    keys = sorted(set(a) & set(b))
    n = len(keys)
    if not n:
        raise ValueError("no game was played by both bots on the same deal and seat")
    diffs = [a[k] - b[k] for k in keys]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    return sum(a[k] for k in keys) / n, sum(b[k] for k in keys) / n, mean, 1.96 * sd / math.sqrt(n)


def measure(game: str, games: int, seed: int, opponent: str, iterations: int | None,
            workers: int | None, out: str | None = None) -> dict[str, Any]:
    """Play the game's oracle, then the fair search, in one seat of four rotated over the same deals; compare.
    An :class:`OptionError` when the game's plugin names no ``oracle``."""
    register_bot(ORACLE, game, known(game).target("oracle"))
    budget = f"(iterations={iterations})" if iterations else ""
    specs = {"oracle": ORACLE + budget, "fair": "ismcts" + budget}
    results = {}
    for label, spec in specs.items():
        tasks = runner.make_tasks(game, [spec, opponent, opponent, opponent], games, seed=seed)
        writer = runner.ResultWriter(f"{out}-{label}.jsonl" if out else None, None)
        records = runner.run_tasks(tasks, workers=workers, on_result=writer.write)
        writer.close()
        results[label] = seat_results(records, spec)
    oracle, fair, diff, half = paired(results["oracle"], results["fair"])
    return {"games": games, "oracle": oracle, "fair": fair, "difference": diff, "half_width": half}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=240, help="games each (4 seat rotations a deal)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponent", default="heuristic", help="bot spec of the three other seats")
    parser.add_argument("--iterations", type=int, default=None, help="search budget (default: level 3's)")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--out", default=None, help="write OUT-oracle.jsonl and OUT-fair.jsonl")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    try:
        known(args.game).target("oracle")
    except OptionError as exc:
        parser.error(f"--game: {exc}")
    try:
        build_bot(args.opponent, args.game, 0)
    except OptionError as exc:
        parser.error(f"--opponent: {exc}")
    r = measure(args.game, args.games, args.seed, args.opponent, args.iterations, args.workers, args.out)
    print(f"{r['games']} paired games vs 3 {args.opponent}: knowing the secrets {100 * r['oracle']:.1f}%, "
          f"fair ismcts {100 * r['fair']:.1f}%, difference {100 * r['difference']:+.1f} "
          f"± {100 * r['half_width']:.1f} points")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
