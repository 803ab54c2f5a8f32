#!/usr/bin/env python3
"""Level 3's playouts per second, Python against compiled, from the same worlds.

Why a script of its own: ``fathom bench --bot ismcts`` times whole searched moves (determinizing,
candidates, the prior included); this times the playouts alone. Into the Blue's worlds: one
determinization of a placement decision past move 60 in each of ``--worlds`` heuristic games; every
legal placement is played out from each on ``--each`` chance seeds. Deep Blue's (``--game
deep-blue``): one determinization of a turn choice past move 120 in each of ``--worlds`` games of
level-2 bots, every legal turn action played out to ``DeepBlueSearch``'s horizon; compiled with each
playout bot ``fathom.games.deep_blue.bots.compiled.choose`` has, the kernel alone and with the leaf value (the row rebuilt as a
``DeepBlueState`` and valued by the search's ``evaluate``), against Python playouts with the shipped
heuristic and with the Python greedy bot (the compiled greedy's own moves).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from fathom.games.into_the_blue.bots.expert import IntoTheBlueHeuristicBot
from fathom.bots.ismcts_policies import policy_for_game
from fathom.core.api import CHANCE
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.games.into_the_blue.kernels.rollout import CompiledPlayouts


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


def python(worlds: list, policy: Any, sample: list) -> None:
    """The Python playouts ``(world, root action, chance seed)`` as the search plays them, each valued."""
    for k, a, chance_seed in sample:
        world = worlds[k].clone()
        seat = world.current_player
        world.apply(a)
        world = policy.rollout(world, seat, policy.start_marker(world, seat), Rng(chance_seed))
        policy.evaluate(world, seat)


def timed(what: str, count: int, run: Callable[[], object]) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{what:<34} {count} playouts, {count / wall:,.0f}/s wall, {count / cpu:,.0f}/s CPU")


def deep_blue(args: argparse.Namespace) -> None:
    from fathom.games.deep_blue.bots.greedy import DeepBlueGreedyBot
    from fathom.games.deep_blue.bots.heuristic import DeepBlueHeuristicBot
    from fathom.games.deep_blue.bots.search import DeepBlueSearch
    from fathom.games.deep_blue.bots.search_compiled import CompiledRunner
    from fathom.games.deep_blue.bots.compiled.choose import KINDS
    from fathom.games.deep_blue.kernels.rollout import CompiledPlayouts as DeepBluePlayouts

    worlds = []
    for seed in range(args.worlds):
        state = new_game("deep-blue", players=args.players, seed=seed, record_events=False)
        bot = DeepBlueHeuristicBot(seed=seed)
        while not state.is_terminal() and (state.move_number() < 120 or state.step_kind != "turn"):
            state.apply(state.sample_chance() if state.current_player == CHANCE else bot.choose(state))
        if not state.is_terminal():
            worlds.append(state.determinize(state.turn_seat, Rng(seed)))
    jobs = [(k, w.legal_actions()[j % len(w.legal_actions())], 1000 * k + j)
            for k, w in enumerate(worlds) for j in range(args.each)]
    ks, firsts, seeds = [k for k, _, _ in jobs], [a for _, a, _ in jobs], [s for _, _, s in jobs]

    class GreedySearch(DeepBlueSearch):
        def playout_action(self, state: Any, seat: int, rng: Rng) -> int:
            bot = DeepBlueGreedyBot()
            bot.rng = rng
            return bot.choose(state)

    game = worlds[0].game
    for kind in KINDS:
        policy = DeepBlueSearch(game)
        compiled = DeepBluePlayouts(game, [kind] * args.players, policy.turns)
        W = compiled.worlds(worlds)
        compiled.run(W, [0], [firsts[0]], [1])  # compile or load the kernels first
        timed(f"compiled {kind}, kernel only:", len(jobs), partial(compiled.run, W, ks, firsts, seeds))
        by_seat: dict[int, list] = {}
        for job in jobs:
            by_seat.setdefault(worlds[job[0]].current_player, []).append(job)
        runners = [(CompiledRunner(compiled, policy, seat), part) for seat, part in by_seat.items()]
        timed(f"compiled {kind}, with the leaf value:", len(jobs),
              partial(lambda pairs: [runner.run(worlds, part) for runner, part in pairs], runners))
    sample = jobs[::args.each // 5 or 1]
    timed("python heuristic (shipped):", len(sample), lambda: python(worlds, DeepBlueSearch(game), sample))
    timed("python greedy:", len(sample), lambda: python(worlds, GreedySearch(game), sample))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("into-the-blue", "deep-blue"), default="into-the-blue")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=20)
    parser.add_argument("--each", type=int, default=500, help="playouts per world, compiled (Python: 1 in 25; "
                                                                "Deep Blue: 5 a world)")
    args = parser.parse_args()
    if args.game == "deep-blue":
        deep_blue(args)
        return
    worlds = placements(args.players, args.worlds)
    policy: Any = policy_for_game(worlds[0].game, compiled=False)
    compiled = CompiledPlayouts(worlds[0].game, policy.fast_bot, policy.turns)
    jobs = [(k, w.legal_actions()[j % len(w.legal_actions())], 1000 * k + j)
            for k, w in enumerate(worlds) for j in range(args.each)]
    W = compiled.worlds(worlds)
    compiled.run(W, [0], [jobs[0][1]], [1])  # compile or load the kernels first
    timed("compiled:", len(jobs),
          lambda: compiled.run(W, [k for k, _, _ in jobs], [a for _, a, _ in jobs], [s for _, _, s in jobs]))
    sample = jobs[::25]
    timed("python:", len(sample), lambda: python(worlds, policy, sample))


if __name__ == "__main__":
    main()
