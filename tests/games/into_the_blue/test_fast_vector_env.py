"""The compiled vector environment against ``FathomEnv`` (the reference engine's Gymnasium env).

Same seeds, same learner actions: every observation, action mask, reward and termination must be
equal, through episode ends, next-step autoresets and illegal actions.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from fathom.core.rng import Rng
from fathom.games.into_the_blue.vector_env import FastIntoTheBlueVectorEnv
from fathom.rl.gymnasium import FathomEnv


def _compare(players: int, seat: int, reward: str, num_envs: int, steps: int, illegal_every: int = 0) -> int:
    envs = FastIntoTheBlueVectorEnv(num_envs=num_envs, players=players, learner_seat=seat, reward=reward)
    refs = [FathomEnv("into-the-blue", players=players, learner_seat=seat, opponents="random", reward=reward)
            for _ in range(num_envs)]
    obs, _ = envs.reset(seed=100)
    next_seed = [100 + i for i in range(num_envs)]
    ref_obs = [ref.reset(seed=next_seed[i])[0] for i, ref in enumerate(refs)]
    done = [False] * num_envs
    pick = Rng(players * 10 + seat)
    episodes = 0
    for step in range(steps):
        for i in range(num_envs):
            assert np.array_equal(obs["observation"][i], ref_obs[i]["observation"]), (step, i)
            assert np.array_equal(obs["action_mask"][i], ref_obs[i]["action_mask"]), (step, i)
        actions = np.zeros(num_envs, np.int64)
        for i in range(num_envs):
            legal = np.flatnonzero(ref_obs[i]["action_mask"]).tolist()
            if illegal_every and step % illegal_every == illegal_every - 1 and not done[i]:
                actions[i] = 0 if 0 not in legal else 7  # stop when it is not allowed, or an absent reroll
                if actions[i] in legal:
                    actions[i] = pick.choice(legal)
            else:
                actions[i] = pick.choice(legal) if legal else 0
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert not truncated.any()
        for i, ref in enumerate(refs):
            if done[i]:  # next-step autoreset: the reference starts the next game now
                next_seed[i] += num_envs
                ref_obs[i] = ref.reset(seed=next_seed[i])[0]
                done[i] = False
                assert rewards[i] == 0.0 and not terminated[i]
                continue
            ref_obs[i], r, term, _trunc, ref_info = ref.step(int(actions[i]))
            assert (rewards[i], bool(terminated[i])) == (r, term), (step, i)
            assert bool(info.get("illegal_action", np.zeros(num_envs, bool))[i]) == ref_info.get("illegal_action", False)
            done[i] = term
            episodes += term
    return episodes


@pytest.mark.parametrize(("players", "seat", "reward"), [(2, 1, "win"), (4, 0, "score"), (5, 3, "win")])
def test_the_vector_env_steps_as_fathom_env_does(players: int, seat: int, reward: str):
    assert _compare(players, seat, reward, num_envs=6, steps=120) > 6


def test_illegal_actions_end_the_episode_as_fathom_env_does():
    assert _compare(3, 0, "win", num_envs=4, steps=60, illegal_every=7) >= 4
