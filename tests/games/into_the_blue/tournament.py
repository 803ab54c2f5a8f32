#!/usr/bin/env python3
"""Bot strength for Into the Blue: seeded 4-player games with seats rotated.

Not a test (pytest does not collect it): it prints the win rates reported in
docs/into_the_blue.md. A shared win counts 1/k for each of the k winners.

    python3 tests/into_the_blue/tournament.py --games 2000
"""

from __future__ import annotations

import argparse
import itertools
import time

import fathom
from fathom.bots.specs import build_bot

LINEUPS = {
    "expert vs 3 greedy": ["expert", "greedy", "greedy", "greedy"],
    "greedy vs 3 random": ["greedy", "random", "random", "random"],
    "expert vs 3 random": ["expert", "random", "random", "random"],
    "expert+greedy+2 random": ["expert", "greedy", "random", "random"],
    "expert vs 3 target-play": ["expert", "expert(dice_play=target)", "expert(dice_play=target)",
                                "expert(dice_play=target)"],
}


def run(lineup: list[str], games: int, seed0: int = 0) -> tuple[dict[str, float], float]:
    """Win share per bot name over ``games``, cycling every seat permutation of the lineup."""
    perms = sorted(set(itertools.permutations(lineup)))
    wins = dict.fromkeys(lineup, 0.0)
    start = time.perf_counter()
    for g in range(games):
        seats = perms[g % len(perms)]
        bots = [build_bot(name, "into-the-blue", seed0 + g * 8 + i) for i, name in enumerate(seats)]
        state = fathom.new_game("into-the-blue", players=len(seats), seed=seed0 + g)
        fathom.play(state, bots)
        winners = state.winners()
        for w in winners:
            wins[seats[w]] += 1 / len(winners)
    per_seat = {name: wins[name] / games / lineup.count(name) for name in wins}
    return per_seat, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for title, lineup in LINEUPS.items():
        rates, seconds = run(lineup, args.games, args.seed)
        shown = ", ".join(f"{name} {rate:.1%}" for name, rate in rates.items())
        print(f"{title:26s} {args.games} games: win rate per seat: {shown}  ({seconds:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
