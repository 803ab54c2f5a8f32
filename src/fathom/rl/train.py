"""A small NumPy policy and REINFORCE trainer (CPU, minutes), used by ``examples/train_into_the_blue.py``.

The policy scores each legal action ``a`` in state ``s`` as ``phi(s, a) . u(s)`` where
``u(s) = W2 tanh(W1 x + b1) + b2`` and ``x`` is the encoder's observation vector
(:mod:`fathom.rl.encoding`, the view only). ``phi(s, a)`` are action features:

* Into the Blue (:func:`itb_action_features`): the static features of
  :func:`fathom.games.into_the_blue.encoding.action_features` plus, for rerolls, which
  faces would stay on the table (at least one kept, count kept), and for placements,
  how many shells they would put down (both read from the observation's
  ``turn.dice`` and ``turn.placements`` fields);
* any game (:func:`static_action_features`): the static name features only.

Training is plain REINFORCE with a running-mean baseline and Adam, against fathom
bots through :class:`fathom.rl.gymnasium.FathomEnv`. It is a baseline to show the
plumbing works end to end, not a strong agent.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from fathom.core.plugins import plugin_for
from fathom.rl.encoding import action_features
from fathom.rl.gymnasium import FathomEnv

FeatureFn = Callable[[np.ndarray, np.ndarray], np.ndarray]
"""``(observation, legal action ids) -> (len(legal), K)`` features."""


def static_action_features(game: Any) -> tuple[FeatureFn, int]:
    table = action_features(game)

    def fn(obs: np.ndarray, legal: np.ndarray) -> np.ndarray:
        return table[legal]

    return fn, table.shape[1]




def features_for(game: Any) -> tuple[FeatureFn, int]:
    """The policy's per-action features: the game's own (named by its plugin), else the static ones."""
    plugin = plugin_for(game.name)
    return plugin.load("policy_features")(game) if plugin.has("policy_features") else static_action_features(game)


@dataclass
class Policy:
    """``logits = phi(s, a) . (W2 tanh(W1 x + b1) + b2)`` over the legal actions."""

    obs_size: int
    feat_size: int
    hidden: int = 32
    seed: int = 0
    params: dict[str, np.ndarray] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.params:
            rng = np.random.default_rng(self.seed)
            self.params = {
                "W1": (rng.standard_normal((self.hidden, self.obs_size)) / np.sqrt(self.obs_size)).astype(np.float64),
                "b1": np.zeros(self.hidden),
                "W2": np.zeros((self.feat_size, self.hidden)),  # zero: the untrained policy is uniform
                "b2": np.zeros(self.feat_size),
            }

    def forward(self, x: np.ndarray, feats: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        p = self.params
        h = np.tanh(p["W1"] @ x + p["b1"])
        u = p["W2"] @ h + p["b2"]
        z = feats @ u
        z = z - z.max()
        e = np.exp(z)
        return e / e.sum(), h, u

    def grad_logp(self, x: np.ndarray, feats: np.ndarray, probs: np.ndarray, h: np.ndarray, i: int) -> dict[str, np.ndarray]:
        """Gradient of ``log pi(a_i | s)`` w.r.t. every parameter."""
        p = self.params
        dz = -probs
        dz[i] += 1.0
        du = feats.T @ dz
        dh = p["W2"].T @ du
        dpre = dh * (1.0 - h * h)
        return {"W1": np.outer(dpre, x), "b1": dpre, "W2": np.outer(du, h), "b2": du}

    def act(self, x: np.ndarray, feats: np.ndarray, rng: np.random.Generator | None, greedy: bool = False) -> int:
        probs, _, _ = self.forward(x, feats)
        if greedy or rng is None:
            return int(np.argmax(probs))
        return int(rng.choice(len(probs), p=probs))

    def save(self, path: str) -> None:
        arrays: dict[str, Any] = {**self.params, "meta": np.array([self.obs_size, self.feat_size, self.hidden])}
        np.savez(path, **arrays)

    @classmethod
    def load(cls, path: str) -> Policy:
        data = np.load(path)
        obs_size, feat_size, hidden = (int(v) for v in data["meta"])
        return cls(obs_size, feat_size, hidden, params={k: data[k] for k in ("W1", "b1", "W2", "b2")})


class Adam:
    def __init__(self, params: dict[str, np.ndarray], lr: float = 0.01, b1: float = 0.9, b2: float = 0.999) -> None:
        self.lr, self.b1, self.b2 = lr, b1, b2
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = self.b1 * self.m[k] + (1 - self.b1) * g
            self.v[k] = self.b2 * self.v[k] + (1 - self.b2) * g * g
            mh = self.m[k] / (1 - self.b1 ** self.t)
            vh = self.v[k] / (1 - self.b2 ** self.t)
            params[k] += self.lr * mh / (np.sqrt(vh) + 1e-8)  # ascent


def make_env(game: str, players: int = 2, opponents: str | Sequence[str] = "greedy",
             **kwargs: Any) -> FathomEnv:
    return FathomEnv(game, players=players, learner_seat="random", opponents=opponents, reward="score", **kwargs)


def run_episode(env: FathomEnv, policy: Policy, feat_fn: FeatureFn, seed: int, rng: np.random.Generator | None,
                greedy: bool = False, record: bool = False) -> tuple[float, bool, list]:
    """One game; returns (score reward, won?, trajectory of (x, feats, probs, h, index) if recording)."""
    obs, info = env.reset(seed=seed)
    traj = []
    while True:
        x = obs["observation"].astype(np.float64)
        legal = np.flatnonzero(obs["action_mask"])
        feats = feat_fn(obs["observation"], legal).astype(np.float64)
        probs, h, _ = policy.forward(x, feats)
        if greedy or rng is None:
            i = int(np.argmax(probs))
        else:
            i = int(rng.choice(len(probs), p=probs))
        if record:
            traj.append((x, feats, probs, h, i))
        obs, reward, terminated, truncated, info = env.step(int(legal[i]))
        if terminated or truncated:
            return float(reward), bool(info.get("win", False)), traj


def evaluate(env: FathomEnv, policy: Policy, feat_fn: FeatureFn, seeds: Sequence[int], greedy: bool = True,
             rng_seed: int = 12345) -> float:
    """Win rate (shared wins count) over the given game seeds."""
    rng = np.random.default_rng(rng_seed)
    wins = sum(run_episode(env, policy, feat_fn, s, rng, greedy=greedy)[1] for s in seeds)
    return wins / max(1, len(seeds))


@dataclass
class TrainResult:
    policy: Policy
    episodes: int
    seconds: float
    history: list[tuple[int, float]]  # (episodes so far, mean training reward of the last batch)


def train(
    game: str,
    players: int = 2,
    opponents: str | Sequence[str] = "greedy",
    seconds: float = 60.0,
    max_episodes: int | None = None,
    batch: int = 32,
    lr: float = 0.02,
    hidden: int = 32,
    reward_scale: float = 10.0,
    seed: int = 0,
    log: Callable[[str], None] | None = print,
) -> TrainResult:
    """REINFORCE against fathom bots for ``seconds`` (or ``max_episodes``). Training seeds
    are ``seed * 10**7 + episode``, far from the evaluation seeds the example uses."""
    env = make_env(game, players, opponents)
    feat_fn, k = features_for(env.game)
    policy = Policy(env.encoder.size, k, hidden=hidden, seed=seed)
    opt = Adam(policy.params, lr=lr)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    history: list[tuple[int, float]] = []
    start = time.perf_counter()
    episodes = 0
    while True:
        if max_episodes is not None and episodes >= max_episodes:
            break
        if max_episodes is None and time.perf_counter() - start >= seconds:
            break
        grads = {name: np.zeros_like(v) for name, v in policy.params.items()}
        total = 0.0
        for _ in range(batch):
            r, _, traj = run_episode(env, policy, feat_fn, seed * 10**7 + episodes, rng, record=True)
            episodes += 1
            ret = r / reward_scale
            total += ret
            adv = ret - baseline
            baseline += 0.02 * (ret - baseline)
            for x, feats, probs, h, i in traj:
                if len(probs) == 1:
                    continue
                g = policy.grad_logp(x, feats, probs.copy(), h, i)
                for name in grads:
                    grads[name] += adv * g[name]
        for name in grads:
            grads[name] /= batch
        opt.step(policy.params, grads)
        history.append((episodes, total / batch))
        if log is not None and len(history) % 25 == 0:
            recent = [m for _, m in history[-25:]]
            log(f"  {episodes:6d} episodes, {time.perf_counter() - start:6.1f} s, mean reward (score diff / "
                f"{reward_scale:g}) {np.mean(recent):+.3f}")
    return TrainResult(policy, episodes, time.perf_counter() - start, history)
