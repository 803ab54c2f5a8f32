"""Throughput of the RL bindings against the raw engine, for both games.

    python examples/bench_rl.py                  # ~2 s per measurement
    python examples/bench_rl.py --seconds 5 --players 2 4

Measured, all with uniformly random legal actions and seeded games:

* ``engine``: raw ``state.apply`` transitions/s (decisions and chance events), no views.
* ``encode``: observations/s of ``encoder.encode(state.view(seat), seat)`` alone.
* ``pettingzoo``: AEC env steps/s (``last()`` with observation + mask, then ``step``);
  every agent step is one decision, chance is resolved inside.
* ``gymnasium``: env steps/s of the learner (``FathomEnv``, opponents random);
  each step also plays the opponents' moves and chance.
* ``openspiel``: ``apply_action`` /s through the pyspiel Python game, with an
  ``observation_tensor`` at each decision.

Prints a Markdown table (pasted into ``docs/rl.md``) and, with ``--json``, the raw numbers.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from fathom.core.registry import make_game, new_game
from fathom.core.rng import Rng
from fathom.rl.encoding import encoder_for


def bench_engine(game: str, players: int, seconds: float) -> dict:
    rng = Rng(1)
    steps = decisions = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        state = new_game(game, players=players, seed=seed)
        seed += 1
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance())
            else:
                state.apply(rng.choice(state.legal_actions()))
                decisions += 1
            steps += 1
    el = time.perf_counter() - start
    return {"transitions_per_s": steps / el, "decisions_per_s": decisions / el, "decision_share": decisions / steps}


def bench_encode(game: str, players: int, seconds: float) -> dict:
    enc = encoder_for(make_game(game, players))
    rng = Rng(2)
    states = []
    state = new_game(game, players=players, seed=99)
    while not state.is_terminal() and len(states) < 400:
        if state.is_chance_node():
            state.apply(state.sample_chance())
        else:
            states.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for s in states:
            seat = s.current_player
            enc.encode(s.view(seat), seat)
        count += len(states)
    return {"observations_per_s": count / (time.perf_counter() - start), "size": enc.size}


def bench_pettingzoo(game: str, players: int, seconds: float) -> dict:
    from fathom.rl.pettingzoo import raw_env

    env = raw_env(game, players=players)
    rng = np.random.default_rng(3)
    steps = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return {"steps_per_s": steps / (time.perf_counter() - start)}


def bench_gymnasium(game: str, players: int, seconds: float) -> dict:
    from fathom.rl.gymnasium import FathomEnv

    env = FathomEnv(game, players=players, opponents="random")
    rng = np.random.default_rng(4)
    steps = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, _ = env.reset(seed=seed)
        seed += 1
        done = False
        while not done:
            obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done = term or trunc
            steps += 1
    return {"steps_per_s": steps / (time.perf_counter() - start)}


def bench_openspiel(game: str, players: int, seconds: float) -> dict:
    from fathom.rl.openspiel import load_game

    g = load_game(game, players=players)
    rng = np.random.default_rng(5)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = g.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                actions, probs = zip(*s.chance_outcomes())
                s.apply_action(int(rng.choice(actions, p=probs)))
            else:
                s.observation_tensor(s.current_player())
                s.apply_action(int(rng.choice(s.legal_actions())))
            steps += 1
    return {"transitions_per_s": steps / (time.perf_counter() - start)}


def main(argv: list[str] | None = None) -> list[dict]:
    ap = argparse.ArgumentParser(description="RL binding throughput vs the raw engine")
    ap.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--games", nargs="+", default=["into-the-blue", "deep-blue"])
    ap.add_argument("--no-openspiel", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows = []
    for game in args.games:
        for n in args.players:
            row = {"game": game, "players": n}
            row["engine"] = bench_engine(game, n, args.seconds)
            row["encode"] = bench_encode(game, n, args.seconds)
            row["pettingzoo"] = bench_pettingzoo(game, n, args.seconds)
            row["gymnasium"] = bench_gymnasium(game, n, args.seconds)
            if not args.no_openspiel:
                row["openspiel"] = bench_openspiel(game, n, args.seconds)
            rows.append(row)
    print("| game | players | engine transitions/s | engine decisions/s | obs size | encode obs/s "
          "| PettingZoo steps/s | Gymnasium steps/s | OpenSpiel transitions/s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        osp = f"{r['openspiel']['transitions_per_s']:,.0f}" if "openspiel" in r else "-"
        print(f"| {r['game']} | {r['players']} | {r['engine']['transitions_per_s']:,.0f} "
              f"| {r['engine']['decisions_per_s']:,.0f} | {r['encode']['size']} "
              f"| {r['encode']['observations_per_s']:,.0f} | {r['pettingzoo']['steps_per_s']:,.0f} "
              f"| {r['gymnasium']['steps_per_s']:,.0f} | {osp} |")
    if args.json:
        print(json.dumps(rows, indent=1))
    return rows


if __name__ == "__main__":
    main()
