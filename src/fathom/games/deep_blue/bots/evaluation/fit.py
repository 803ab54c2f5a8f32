"""Fit the Deep Blue value function that ISMCTS uses at its horizon, from self-play.

    python -m fathom.games.deep_blue.bots.evaluation.fit --games 450 --workers 2
    python -m fathom.games.deep_blue.bots.evaluation.fit --games 1000 --seed 100000 --players 4 --scenario troubled-waters \
        --mix "heuristic,heuristic,heuristic,heuristic(cycle=7)"

plays self-play games (by default a greedy bot in one seat of four heuristic seats for
variety; 2-5 players; every scenario), samples positions at the start of turns, and fits

* ``future VP`` of each seat (final VP minus VP now) by ridge regression on
  :func:`fathom.games.deep_blue.bots.evaluation.features` and those features times the share
  of the game left;
* the chance to win as a logistic curve of the lead over the best rival in
  estimated final VP, with a scale that grows with the turns left.

With ``--players`` and ``--scenario`` the games are all of that table and the fit is
kept as a set of its own, used for that table only: the general fit judged 4-player
Troubled Waters positions (the default game) with R^2 0.38 and a bias of 10 VP, a fit
of their own 0.51 (docs/bots.md). The second command's mix has one seat that values
cards over 7 turns, which dives more and hires less, as level 3 does (a mix of four
level-2 seats played as well, within the noise).

It rewrites the data file ``fathom/games/deep_blue/bots/value.json`` (plain numbers, read by
:mod:`fathom.games.deep_blue.bots.evaluation.learned`; no numpy at play time), keeping the sets it does
not refit. Reproducible: the games are seeded.
"""

from __future__ import annotations

import argparse
import json
import math
import os
from typing import Any

from fathom.games.deep_blue.bots.evaluation import GENERAL, WEIGHT_NAMES, table_key
from fathom.games.deep_blue.bots.evaluation.learned import VALUE_ABOUT, VALUE_FILE

SCENARIOS = ("troubled-waters", "storm", "best-of-the-best", "scattered-wealth", "bounty-wrecks", "dangerous-reefs",
             "ruins-of-plenty")
PLAYERS = (4, 4, 4, 3, 2, 5)
MIX = ("heuristic", "heuristic", "heuristic", "greedy")
OUT = os.path.join(os.path.dirname(__file__), "..", VALUE_FILE)


def collect(seed: int, players: int | None = None, scenario: str | None = None,
            mix: tuple[str, ...] = MIX) -> dict[str, Any]:
    from fathom.games.deep_blue.bots import evaluation as ev
    from fathom.bots.specs import build_bot
    from fathom.core.api import CHANCE
    from fathom.core.registry import new_game
    from fathom.core.rng import Rng

    scenario = scenario or SCENARIOS[seed % len(SCENARIOS)]
    players = players or PLAYERS[seed % len(PLAYERS)]
    state = new_game("deep-blue", players=players, seed=seed, scenario=scenario, record_events=False)
    T = ev.tables_for(state)
    bots = [build_bot(mix[(s + seed) % len(mix)], "deep-blue", seed * 10 + s) for s in range(players)]
    rng = Rng(seed)
    samples = []
    steps = 0
    while not state.is_terminal() and steps < 20000:
        p = state.current_player
        if p == CHANCE:
            state.apply(state.sample_chance())
            continue
        if state.step_kind == "turn" and rng.randbelow(2):
            samples.append((state.scores(), [ev.features(state, T, q) for q in range(players)],
                            ev.turns_left(state, T)))
        state.apply(bots[p].choose(state))
        steps += 1
    return {"seed": seed, "final": state.scores(), "winners": state.winners(), "samples": samples,
            "done": state.is_terminal()}


def expand(f: list[float], scale: float) -> list[float]:
    """Features and features times the share of the game left (``f[1]`` is my turns left)."""
    share = min(1.0, f[1] / scale)
    return list(f) + [x * share for x in f[2:]]


def fit(games: list[dict[str, Any]], ridge: float = 5.0, share_scale: float = 19.0) -> dict[str, Any]:
    import numpy as np

    rows: list[list[float]] = []
    ys: list[float] = []
    data: list[Any] = []
    for g in games:
        if not g["done"]:
            continue
        for vp, feats, left in g["samples"]:
            n = len(vp)
            xs = [expand(feats[p], share_scale) for p in range(n)]
            rows.extend(xs)
            ys.extend(g["final"][p] - vp[p] for p in range(n))
            data.append((xs, vp, g["winners"], left))
    X, y = np.array(rows), np.array(ys)
    w = np.linalg.solve(X.T @ X + ridge * np.eye(X.shape[1]), X.T @ y)
    pred = X @ w
    r2 = 1.0 - float(((y - pred) ** 2).mean() / y.var())

    def loglik(s0: float, s1: float, use_model: bool) -> float:
        total, count = 0.0, 0
        for xs, vp, winners, left in data:
            est = [vp[p] + (float(np.dot(xs[p], w)) if use_model else 0.0) for p in range(len(vp))]
            for p in range(len(vp)):
                margin = est[p] - max(e for o, e in enumerate(est) if o != p)
                q = 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, margin / (s0 + s1 * left)))))
                total += math.log(q + 1e-12) if p in winners else math.log(1.0 - q + 1e-12)
                count += 1
        return total / count

    grid = [(s0, s1) for s0 in (4.0, 6.0, 8.0, 10.0, 12.0, 15.0, 19.0) for s1 in (0.0, 0.05, 0.1, 0.2)]
    best = max(grid, key=lambda s: loglik(s[0], s[1], True))
    return {
        "weights": [round(float(x), 5) for x in w],
        "share_scale": share_scale,
        "scale0": best[0],
        "scale1": best[1],
        "r2": round(r2, 4),
        "loglik": round(loglik(best[0], best[1], True), 5),
        "loglik_vp_only": round(max(loglik(s[0], s[1], False) for s in grid), 5),
        "samples": len(y),
        "games": sum(1 for g in games if g["done"]),
    }


def fitted_set(result: dict[str, Any], about: str, command: str) -> dict[str, Any]:
    """One weight set as the value module stores it."""
    return {
        "about": f"{about}: {result['games']} self-play games, {result['samples']} seat-positions; "
                 f"future-VP R^2 {result['r2']}; win log-likelihood per seat {result['loglik']} "
                 f"(VP lead alone: {result['loglik_vp_only']})",
        "command": command,
        "weights": dict(zip(WEIGHT_NAMES, result["weights"])),
        "share_scale": result["share_scale"],
        "win_scale": [result["scale0"], result["scale1"]],
    }


def write_sets(sets: dict[str, dict[str, Any]], path: str = OUT) -> None:
    """The weight sets as the value data file (the general set first, then by table)."""
    ordered = {key: sets[key] for key in sorted(sets, key=lambda k: (k != GENERAL, k))}
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(json.dumps({"about": VALUE_ABOUT, "sets": ordered}, indent=1) + "\n")


def stored_sets(path: str = OUT) -> dict[str, dict[str, Any]]:
    """The sets already in the value file at ``path`` (none if it does not exist yet)."""
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as fh:
        return dict(json.load(fh)["sets"])


def main(argv: list[str] | None = None) -> int:
    import functools
    import shlex

    from fathom.bots.specs import split_bots
    from fathom.games.deep_blue.scenarios import ALL_SCENARIOS, NO_SCENARIO

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=450)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, choices=range(2, 6), default=None,
                        help="fit a set for this player count only (with --scenario)")
    parser.add_argument("--scenario", choices=ALL_SCENARIOS + (NO_SCENARIO,), default=None,
                        help="fit a set for this scenario only (with --players)")
    parser.add_argument("--mix", default=",".join(MIX), help="bot specs the seats cycle through")
    parser.add_argument("--data", default=None, help="read/write the sampled games here (JSON lines)")
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args(argv)
    if (args.players is None) != (args.scenario is None):
        parser.error("--players and --scenario go together: a set is fitted for one table, or for all")
    sets = stored_sets(args.out)
    if args.players is not None and GENERAL not in sets:
        parser.error(f"{args.out} has no general set yet: fit it first (without --players and --scenario)")
    games: list[dict[str, Any]] = []
    if args.data and os.path.exists(args.data):
        with open(args.data, encoding="utf-8") as fh:
            games = [json.loads(line) for line in fh if line.strip()]
    if not games:
        import multiprocessing as mp

        seeds = range(args.seed, args.seed + args.games)
        play = functools.partial(collect, players=args.players, scenario=args.scenario,
                                 mix=tuple(split_bots(args.mix)))
        with mp.get_context("fork").Pool(args.workers) as pool:
            games = list(pool.imap(play, seeds, chunksize=1))
        if args.data:
            with open(args.data, "w", encoding="utf-8") as fh:
                for g in games:
                    fh.write(json.dumps(g) + "\n")
    result = fit(games)
    command = f"python -m fathom.games.deep_blue.bots.evaluation.fit --games {args.games} --seed {args.seed}"
    if args.players is None:
        key, about = GENERAL, "every scenario, 2-5 players"
    else:
        key, about = table_key(args.players, args.scenario), f"{args.players} players, {args.scenario}"
        command += f" --players {args.players} --scenario {args.scenario}"
    if args.mix != ",".join(MIX):
        command += f" --mix {shlex.quote(args.mix)}"
    sets[key] = fitted_set(result, about, command)
    write_sets(sets, args.out)
    print(json.dumps({k: v for k, v in result.items() if k != "weights"}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
