"""Steps per second of :class:`~fathom.games.deep_blue.vector_env.FastDeepBlueVectorEnv`.

Why a module: ``docs/performance.md`` quotes these figures, and a reader should be able to run the
same loop (``python -m fathom.games.deep_blue.kernels.env_bench``). The learner's policy is part of the loop, as a
trainer's would be: ``"first"`` takes the first legal action (``argmax`` of the mask, in NumPy),
``"random"`` a uniform legal one (:func:`fathom.games.deep_blue.kernels.env.random_legal`, compiled; picking in NumPy
over 4096 masks costs more than the step).
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass

import numpy as np

from fathom.fast.timing import Timed

POLICIES = ("first", "random")


@dataclass
class EnvTiming(Timed):
    """A timed run of the vector env: ``transitions`` are learner steps, ``games`` the episodes
    ended; also the seconds spent inside ``step()`` and the threads it used."""

    step_seconds: float = 0.0
    threads: int = 1

    def line(self, label: str) -> str:
        steps = self.transitions
        return (f"{label}: {steps / self.seconds:,.0f} steps/s wall, {steps / self.cpu_seconds:,.0f} "
                f"per CPU second, {steps / self.step_seconds:,.0f} counting step() alone "
                f"({self.threads} threads, {self.games} episodes, load {os.getloadavg()[0]:.1f})")


def env_steps(players: int = 4, seconds: float = 10.0, num_envs: int = 4096, policy: str = "first",
              threads: int | None = None) -> EnvTiming:
    """Step ``num_envs`` environments for about ``seconds`` with the learner in seat 0."""
    from fathom.games.deep_blue.kernels.env import random_legal
    from fathom.games.deep_blue.vector_env import FastDeepBlueVectorEnv

    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {POLICIES}, got {policy!r}")
    envs = FastDeepBlueVectorEnv(num_envs=num_envs, players=players, threads=threads)
    picker = np.array([12345], np.uint64)
    chosen = np.zeros(num_envs, np.int64)

    def act(masks: np.ndarray) -> np.ndarray:
        if policy == "first":
            return masks.argmax(axis=1)
        random_legal(masks, picker, chosen)
        return chosen

    try:
        obs, _ = envs.reset(seed=0)
        obs, *_ = envs.step(act(obs["action_mask"]))  # compile or load before the clock starts
        out = EnvTiming(threads=envs.threads)
        start, cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds:
            actions = act(obs["action_mask"])
            before = time.perf_counter()
            obs, _rewards, terminated, truncated, _info = envs.step(actions)
            out.step_seconds += time.perf_counter() - before
            out.transitions += num_envs
            out.games += int(terminated.sum())
        out.seconds = time.perf_counter() - start
        out.cpu_seconds = time.process_time() - cpu
        return out
    finally:
        envs.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--envs", type=int, default=4096)
    parser.add_argument("--threads", type=int, default=None, help="default: every core this process may use")
    args = parser.parse_args(argv)
    for policy in POLICIES:
        timing = env_steps(args.players, args.seconds, args.envs, policy, args.threads)
        print(timing.line(f"FastDeepBlueVectorEnv {args.envs} envs, {args.players} players, learner {policy}"))


if __name__ == "__main__":
    main()
