#!/usr/bin/env python3
"""Level 3's playouts per second, Python against compiled, from the same Into the Blue worlds.

Why a script of its own: ``fathom bench --bot ismcts`` times whole searched moves (determinizing,
candidates, the prior included); this times the playouts alone. Worlds: one determinization of a
placement decision past move 60 in each of ``--worlds`` heuristic games; every legal placement is
played out from each on ``--each`` chance seeds.
"""

from __future__ import annotations

import argparse
import time

from fathom.bots.into_the_blue_expert import IntoTheBlueHeuristicBot
from fathom.bots.ismcts_policies import policy_for_game
from fathom.core.api import CHANCE
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.fast.itb_rollout import CompiledPlayouts


def placements(players: int, count: int) -> list:
    out = []
    for seed in range(count):
        state = new_game("into-the-blue", players=players, seed=seed, record_events=False)
        bot = IntoTheBlueHeuristicBot(seed=seed)
        while not state.is_terminal() and (state.move_number() < 60 or state.step_kind != "place"):
            state.apply(state.sample_chance() if state.current_player == CHANCE else bot.choose(state))
        if not state.is_terminal():
            out.append(state.determinize(state.turn_seat, Rng(seed)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=20)
    parser.add_argument("--each", type=int, default=500, help="playouts per world, compiled (Python: 1 in 25)")
    args = parser.parse_args()
    worlds = placements(args.players, args.worlds)
    policy = policy_for_game(worlds[0].game, compiled=False)
    compiled = CompiledPlayouts(worlds[0].game, policy.fast_bot, policy.turns)
    jobs = [(k, w.legal_actions()[j % len(w.legal_actions())], 1000 * k + j)
            for k, w in enumerate(worlds) for j in range(args.each)]
    W = compiled.worlds(worlds)
    compiled.run(W, [0], [jobs[0][1]], [1])  # compile or load the kernels first
    wall, cpu = time.perf_counter(), time.process_time()
    compiled.run(W, [k for k, _, _ in jobs], [a for _, a, _ in jobs], [s for _, _, s in jobs])
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"compiled: {len(jobs)} playouts, {len(jobs) / wall:,.0f}/s wall, {len(jobs) / cpu:,.0f}/s CPU")
    sample = jobs[::25]
    wall, cpu = time.perf_counter(), time.process_time()
    for k, a, chance_seed in sample:
        world = worlds[k].clone()
        seat = world.current_player
        world.apply(a)
        world = policy.rollout(world, seat, policy.start_marker(world, seat), Rng(chance_seed))
        policy.evaluate(world, seat)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"python:   {len(sample)} playouts, {len(sample) / wall:,.0f}/s wall, {len(sample) / cpu:,.0f}/s CPU")


if __name__ == "__main__":
    main()
