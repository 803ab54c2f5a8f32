#!/usr/bin/env python3
"""Random play speed of fathom beside OpenSpiel and PettingZoo games, measured in one run.

Every loop plays whole games with uniformly random legal actions (chance by each library's own
sampling) for ``--seconds`` of wall time on one core and counts transitions (actions applied, chance
included) and complete games. Also the Gymnasium environments: steps per second of a learner that
picks a random legal action. Prints a markdown table (the one in docs/performance.md). Needs
open_spiel, pettingzoo (classic games need pygame) and numba for the fathom.fast rows.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np


def timed(run_game: Callable[[int], int], seconds: float) -> tuple[float, float, float]:
    """``(transitions/s, games/s, transitions per CPU second)`` of back-to-back games."""
    transitions = games = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        transitions += run_game(games)
        games += 1
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return transitions / wall, games / wall, transitions / max(cpu, 1e-9)


def openspiel_game(name: str) -> Callable[[int], int]:
    import open_spiel.python.games  # noqa: F401  (registers the python_* games)
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(0)

    def run(_: int) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return run


def pettingzoo_game(module: str) -> Callable[[int], int]:
    import importlib

    env = importlib.import_module(f"pettingzoo.classic.{module}").env()
    rng = random.Random(0)

    def run(seed: int) -> int:
        env.reset(seed=seed)
        steps = 0
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                action = None
            else:
                action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
                steps += 1
            env.step(action)
        return steps

    return run


def fathom_reference(name: str, players: int) -> Callable[[int], int]:
    """The reference engine playing ``fathom bench``'s games (its seeds and bots)."""
    from fathom.cli.bench import play_whole_game, reference_bots

    bots = reference_bots(players)
    return lambda seed: play_whole_game(name, players, seed, bots)


def env_steps(make: Callable[[], object], vector: bool, seconds: float) -> tuple[float, float]:
    """``(steps/s, steps per CPU second)`` of a learner picking random legal actions."""
    env = make()
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    if vector:  # compile (or load) the kernels before the clock starts
        obs, *_ = env.step(obs["action_mask"].argmax(axis=1))
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        if vector:
            mask = obs["action_mask"]
            # a random legal action per environment: the largest of random keys over the legal ones
            actions = (rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)
            obs, *_ = env.step(actions)
            steps += len(actions)
        else:
            action = rng.choice(np.flatnonzero(obs["action_mask"]))
            obs, _, terminated, truncated, _ = env.step(action)
            steps += 1
            if terminated or truncated:
                obs, _ = env.reset()
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return steps / wall, steps / max(cpu, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--num-envs", type=int, default=4096)
    args = parser.parse_args()
    rows: list[tuple[str, str, float, float, float]] = []

    def add(library: str, name: str, run: Callable[[int], int]) -> None:
        rate, games, cpu = timed(run, args.seconds)
        rows.append((library, name, rate, games, cpu))
        print(f"{library:28} {name:34} {rate:14,.0f} {games:12,.1f} {cpu:14,.0f}", flush=True)

    print(f"{'library':28} {'game':34} {'transitions/s':>14} {'games/s':>12} {'per CPU s':>14}")
    add("fathom (reference)", "into-the-blue, 4 players", fathom_reference("into-the-blue", 4))
    add("fathom (reference)", "deep-blue, 4 players", fathom_reference("deep-blue", 4))
    for name in ("into-the-blue", "deep-blue"):
        add_fast(rows, name, args.seconds)
    for name in ("python_tic_tac_toe", "python_kuhn_poker", "python_liars_poker", "python_block_dominoes"):
        add("OpenSpiel, Python game", name, openspiel_game(name))
    for name in ("tic_tac_toe", "kuhn_poker", "leduc_poker", "backgammon"):
        add("OpenSpiel, C++ game (pyspiel)", name, openspiel_game(name))
    for module in ("tictactoe_v3", "connect_four_v3"):
        add("PettingZoo classic", module, pettingzoo_game(module))

    print("\nGymnasium environments, a learner picking random legal actions (one learner seat of 4):")
    from fathom.rl.gymnasium import FathomEnv

    from fathom.games.into_the_blue.vector_env import FastIntoTheBlueVectorEnv
    from fathom.games.deep_blue.vector_env import FastDeepBlueVectorEnv

    envs: list[tuple[str, Callable[[], Any], bool]] = [
        ("FathomEnv into-the-blue (reference)", lambda: FathomEnv("into-the-blue", players=4, opponents="random"), False),
        (f"FastIntoTheBlueVectorEnv ({args.num_envs} envs)",
         lambda: FastIntoTheBlueVectorEnv(num_envs=args.num_envs, players=4), True),
        ("FathomEnv deep-blue (reference)", lambda: FathomEnv("deep-blue", players=4, opponents="random"), False),
        (f"FastDeepBlueVectorEnv ({args.num_envs} envs)", lambda: FastDeepBlueVectorEnv(num_envs=args.num_envs, players=4), True),
    ]
    for label, make, vector in envs:
        rate, cpu_rate = env_steps(make, vector, args.seconds)
        print(f"{label:44} {rate:14,.0f} steps/s {cpu_rate:14,.0f} per CPU s", flush=True)


def add_fast(rows: list[tuple[str, str, float, float, float]], name: str, seconds: float) -> None:
    """fathom.fast's random play on one core: the reference bench's games inside one compiled loop
    (``fathom bench --fast``; the kernels are compiled or loaded before the clock starts)."""
    from fathom.core.registry import new_game
    from fathom.fast.compiled import compiled_game

    table, play = compiled_game(name).kernels(new_game(name, players=4, seed=0).game)
    play.one_core(table, 0, 1)
    loop = play.play_for(table, seconds, workers=0)
    row = ("fathom.fast (compiled)", f"{name}, 4 players", loop.transitions / loop.seconds,
           loop.games / loop.seconds, loop.transitions / max(loop.cpu_seconds, 1e-9))
    rows.append(row)
    print(f"{row[0]:28} {row[1]:34} {row[2]:14,.0f} {row[3]:12,.1f} {row[4]:14,.0f}", flush=True)


if __name__ == "__main__":
    main()
