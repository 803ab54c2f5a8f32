#!/usr/bin/env python3
"""Two bots' ``fathom simulate`` runs on the same deals, one bot spec each: win rates with Wilson 95%
intervals and the paired difference over the games both played (same deal, same rotation).

Usage: ``python scripts/paired_runs.py A.jsonl[,A2.jsonl...]=SPEC_A B.jsonl[,B2.jsonl...]=SPEC_B``.
Several runs per side are pooled (say the deals of master seeds 13 and 14, or a ``fathom simulate``
run and ``scripts/sunken_race.py --first-deal`` records of later deals, which carry no thinking
time): a game is known by its game seed and seat rotation, so runs of different master seeds never
pair by mistake. Why paired: on
the same deals and seats most of the luck is shared, so the difference is far tighter than two
independent rates (``fathom.sim.oracles.paired``).
"""

from __future__ import annotations

import json
import statistics
import sys
from typing import Any

from fathom.sim.elo import wilson
from fathom.sim.oracles import paired
from fathom.sim.runner import win_share


def results(records: list[dict[str, Any]], spec: str) -> dict[tuple[int, int], float]:
    """Win share of the seat ``spec`` played in each game, keyed by (game seed, rotation)."""
    return {(rec["seed"], rec["rotation"]): win_share(rec, list(rec["seats"]).index(spec)) for rec in records}


def main(argv: list[str]) -> None:
    (paths_a, spec_a), (paths_b, spec_b) = (arg.split("=", 1) for arg in argv[:2])
    runs = []
    for paths, spec in ((paths_a, spec_a), (paths_b, spec_b)):
        records = []
        for path in paths.split(","):
            with open(path, encoding="utf-8") as f:
                records += [json.loads(line) for line in f]
        runs.append((spec, records))
    res = [results(records, spec) for spec, records in runs]
    both = set(res[0]) & set(res[1])
    keys = sorted(both)
    for (spec, records), r in zip(runs, res):
        wins = sum(r[k] for k in keys)
        lo, hi = wilson(wins, len(keys))
        mine = [rec for rec in records if (rec["seed"], rec["rotation"]) in both]
        score = statistics.mean(rec["scores"][list(rec["seats"]).index(spec)] for rec in mine)
        timed = [rec["think_s"][list(rec["seats"]).index(spec)] for rec in mine if "think_s" in rec]
        think = f"thinking {statistics.mean(timed):.2f} s a game" if timed else "thinking not timed"
        print(f"{spec}: {len(keys)} games, win share {wins / len(keys):.1%} [{lo:.1%}, {hi:.1%}], "
              f"mean score {score:.2f}, {think}")
    _, _, diff, half = paired(res[1], res[0])
    print(f"paired difference ({spec_b} - {spec_a}): {diff:+.1%} ± {half:.1%} "
          f"(95% interval {diff - half:+.1%} to {diff + half:+.1%})")


if __name__ == "__main__":
    main(sys.argv[1:])
