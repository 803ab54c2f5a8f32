#!/usr/bin/env python3
"""Two ``fathom simulate`` runs on the same master seed, one bot spec each: win rates with Wilson 95%
intervals and the paired difference over the games both played (same deal, same rotation).

Usage: ``python scripts/paired_runs.py A.jsonl=SPEC_A B.jsonl=SPEC_B``. Why paired: on the same
deals and seats most of the luck is shared, so the difference is far tighter than two independent
rates (``fathom.sim.oracles.paired``).
"""

from __future__ import annotations

import json
import statistics
import sys

from fathom.sim.elo import wilson
from fathom.sim.oracles import paired, seat_results


def main(argv: list[str]) -> None:
    (path_a, spec_a), (path_b, spec_b) = (arg.split("=", 1) for arg in argv[:2])
    runs = []
    for path, spec in ((path_a, spec_a), (path_b, spec_b)):
        with open(path, encoding="utf-8") as f:
            runs.append((spec, [json.loads(line) for line in f]))
    results = [seat_results(records, spec) for spec, records in runs]
    both = set(results[0]) & set(results[1])
    keys = sorted(both)
    for (spec, records), res in zip(runs, results):
        wins = sum(res[k] for k in keys)
        lo, hi = wilson(wins, len(keys))
        mine = [rec for rec in records if (rec["deal"], rec["rotation"]) in both]
        score = statistics.mean(rec["scores"][list(rec["seats"]).index(spec)] for rec in mine)
        think = statistics.mean(rec["think_s"][list(rec["seats"]).index(spec)] for rec in mine)
        print(f"{spec}: {len(keys)} games, win share {wins / len(keys):.1%} [{lo:.1%}, {hi:.1%}], "
              f"mean score {score:.2f}, thinking {think:.2f} s a game")
    _, _, diff, half = paired(results[1], results[0])
    print(f"paired difference ({spec_b} - {spec_a}): {diff:+.1%} ± {half:.1%}")


if __name__ == "__main__":
    main(sys.argv[1:])
