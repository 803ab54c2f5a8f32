"""Train a small NumPy policy for Into the Blue against the greedy bot, and measure it.

    python examples/train_into_the_blue.py                 # 4 minutes of training
    python examples/train_into_the_blue.py --minutes 0.2 --eval-games 100

What it does (CPU only, NumPy only):

1. Builds the Gymnasium env (``fathom.rl.gymnasium.FathomEnv``): 2 players, the
   learner in a random seat, the other seat the greedy bot; reward = final score
   difference (``reward="score"``) for a denser signal.
2. Evaluates the untrained policy (uniform over legal actions) on held-out game
   seeds 1,000,000.. (never used in training): win rate against greedy.
3. Trains with REINFORCE (``fathom.rl.train``) for ``--minutes``.
4. Evaluates again on the same held-out seeds, playing the most probable action.

The figures of a run are in ``docs/rl.md``.
"""

from __future__ import annotations

import argparse
import json
import time

from fathom.rl import train as T

EVAL_SEED0 = 1_000_000


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=4.0, help="training time (default 4)")
    ap.add_argument("--episodes", type=int, default=None, help="train this many episodes instead of a time budget")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--opponents", default="greedy", help="bot name or level for every other seat")
    ap.add_argument("--eval-games", type=int, default=400, help="held-out games per evaluation")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--lr", type=float, default=0.02)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--save", default=None, help="save the trained policy (.npz)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    log = (lambda s: None) if args.quiet else print

    env = T.make_env("into-the-blue", args.players, args.opponents)
    feat_fn, k = T.features_for(env.game)
    seeds = range(EVAL_SEED0, EVAL_SEED0 + args.eval_games)

    untrained = T.Policy(env.encoder.size, k, seed=args.seed)
    t0 = time.perf_counter()
    before = T.evaluate(env, untrained, feat_fn, seeds, greedy=False)
    log(f"before training: win rate {before:.3f} vs {args.opponents} over {args.eval_games} held-out games "
        f"({time.perf_counter() - t0:.1f} s)")

    result = T.train("into-the-blue", args.players, args.opponents, seconds=args.minutes * 60,
                     max_episodes=args.episodes, batch=args.batch, lr=args.lr, seed=args.seed, log=log)
    log(f"trained {result.episodes} episodes in {result.seconds / 60:.2f} min")

    after_greedy = T.evaluate(env, result.policy, feat_fn, seeds, greedy=True)
    after_sampled = T.evaluate(env, result.policy, feat_fn, seeds, greedy=False)
    log(f"after training: win rate {after_greedy:.3f} (most probable action), {after_sampled:.3f} (sampled) "
        f"vs {args.opponents} over the same {args.eval_games} held-out games")
    if args.save:
        result.policy.save(args.save)
    summary = {
        "players": args.players, "opponents": args.opponents, "episodes": result.episodes,
        "train_minutes": round(result.seconds / 60, 2), "eval_games": args.eval_games,
        "win_rate_before": before, "win_rate_after": after_greedy, "win_rate_after_sampled": after_sampled,
    }
    log(json.dumps(summary))
    return summary


if __name__ == "__main__":
    main()
