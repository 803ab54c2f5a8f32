"""The training example and the benchmark script run end to end (tiny budgets)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

from fathom.rl import train as T

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_policy_gradient_matches_finite_differences() -> None:
    rng = np.random.default_rng(0)
    pol = T.Policy(obs_size=7, feat_size=4, hidden=5, seed=1)
    for v in pol.params.values():
        v += rng.standard_normal(v.shape) * 0.3
    x, feats, i = rng.random(7), rng.random((6, 4)), 2
    probs, h, _ = pol.forward(x, feats)
    grad = pol.grad_logp(x, feats, probs.copy(), h, i)
    eps = 1e-6
    for name, value in pol.params.items():
        idx = tuple(0 for _ in value.shape)
        old = value[idx]
        value[idx] = old + eps
        up = np.log(pol.forward(x, feats)[0][i])
        value[idx] = old - eps
        down = np.log(pol.forward(x, feats)[0][i])
        value[idx] = old
        assert abs((up - down) / (2 * eps) - grad[name][idx]) < 1e-5


def test_untrained_policy_is_uniform_and_training_changes_it(tmp_path) -> None:
    result = T.train("into-the-blue", players=2, opponents="greedy", max_episodes=64, batch=16, log=None)
    assert result.episodes == 64 and len(result.history) == 4
    assert np.any(result.policy.params["W2"] != 0)
    env = T.make_env("into-the-blue", 2, "greedy")
    feat_fn, k = T.features_for(env.game)
    untrained = T.Policy(env.encoder.size, k)
    obs, _ = env.reset(seed=0)
    legal = np.flatnonzero(obs["action_mask"])
    probs, _, _ = untrained.forward(obs["observation"].astype(float), feat_fn(obs["observation"], legal))
    assert np.allclose(probs, 1.0 / len(legal))
    path = tmp_path / "p.npz"
    result.policy.save(str(path))
    again = T.Policy.load(str(path))
    assert all(np.array_equal(again.params[n], result.policy.params[n]) for n in result.policy.params)


def test_training_example_runs_end_to_end() -> None:
    example = _load("train_into_the_blue")
    summary = example.main(["--episodes", "96", "--eval-games", "20", "--batch", "16", "--quiet"])
    assert summary["episodes"] == 96
    for key in ("win_rate_before", "win_rate_after", "win_rate_after_sampled"):
        assert 0.0 <= summary[key] <= 1.0


def test_deep_blue_policy_plays_through_the_same_trainer() -> None:
    result = T.train("deep-blue", players=2, opponents="random", max_episodes=2, batch=2, log=None)
    assert result.episodes == 2


def test_bench_script_runs(capsys) -> None:
    bench = _load("bench_rl")
    rows = bench.main(["--seconds", "0.05", "--players", "2"])
    assert {r["game"] for r in rows} == {"into-the-blue", "deep-blue"}
    for r in rows:
        assert r["engine"]["transitions_per_s"] > 0 and r["pettingzoo"]["steps_per_s"] > 0
        assert r["gymnasium"]["steps_per_s"] > 0 and r["openspiel"]["transitions_per_s"] > 0
    assert "| game | players |" in capsys.readouterr().out
