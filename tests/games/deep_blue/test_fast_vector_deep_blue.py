"""The compiled Deep Blue vector environment against ``FathomEnv`` (the reference engine's Gymnasium env).

Same seeds, same learner actions: at every learner decision the kernel's observation must equal the
reference encoder's ``encode(state.view(seat))`` and its mask the reference's legal actions; every
reward, termination and truncation must be equal, through episode ends, next-step autoresets and
illegal actions, in every scenario and with the options that change what a seat sees.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from fathom.core.errors import IllegalActionError, OptionError
from fathom.core.rng import Rng
from fathom.games.deep_blue.vector_env import FastDeepBlueVectorEnv
from fathom.rl.gymnasium import FathomEnv


def _differences(envs: FastDeepBlueVectorEnv, got: np.ndarray, want: np.ndarray) -> list[str]:
    """The encoder fields where two observations differ (for a readable failure)."""
    bad = np.flatnonzero(got != want)
    return [f"{f.name}[{j - f.offset}]: fast {got[j]}, reference {want[j]}"
            for j in bad[:5] for f in envs.encoder.fields if f.offset <= j < f.stop]


def _compare(players: int, seat: int, steps: int, num_envs: int = 3, reward: str = "win", illegal_every: int = 0,
             illegal_action: str = "terminate", max_steps: int | None = None, **options: Any) -> tuple[int, int]:
    """Step both environments side by side; returns (episodes ended, learner decisions compared)."""
    envs = FastDeepBlueVectorEnv(num_envs=num_envs, players=players, learner_seat=seat, reward=reward,
                                 illegal_action=illegal_action, max_steps=max_steps, threads=1, **options)
    refs = [FathomEnv("deep-blue", players=players, learner_seat=seat, opponents="random", reward=reward,
                      max_steps=max_steps, **options) for _ in range(num_envs)]
    first = 1000 * players + seat
    obs, _ = envs.reset(seed=first)
    seeds = [first + i for i in range(num_envs)]
    ref_obs = [ref.reset(seed=seeds[i])[0] for i, ref in enumerate(refs)]
    # the generator the kernel draws a replacement for an illegal action from (illegal_action="random")
    stand_in = [Rng(8 * s + seat) for s in seeds]
    done = [False] * num_envs
    pick = Rng(players * 10 + seat)
    episodes = decisions = 0
    for step in range(steps):
        for i in range(num_envs):
            got, want = obs["observation"][i], ref_obs[i]["observation"]
            assert np.array_equal(got, want), (step, i, _differences(envs, got, want))
            assert np.array_equal(obs["action_mask"][i], ref_obs[i]["action_mask"]), (step, i)
            decisions += not done[i]
        actions = np.zeros(num_envs, np.int64)
        for i in range(num_envs):
            legal = np.flatnonzero(ref_obs[i]["action_mask"]).tolist()
            if illegal_every and step % illegal_every == illegal_every - 1 and not done[i]:
                actions[i] = next(a for a in (0, 1, 2, envs.num_actions) if a not in legal)
            else:
                actions[i] = pick.choice(legal) if legal else 0
        obs, rewards, terminated, truncated, info = envs.step(actions)
        flagged = info.get("illegal_action", np.zeros(num_envs, bool))
        for i, ref in enumerate(refs):
            if done[i]:  # next-step autoreset: the reference starts the next game now
                seeds[i] += num_envs
                ref_obs[i] = ref.reset(seed=seeds[i])[0]
                stand_in[i] = Rng(8 * seeds[i] + seat)
                done[i] = False
                assert rewards[i] == 0.0 and not terminated[i] and not truncated[i]
                continue
            act = int(actions[i])
            legal = np.flatnonzero(ref_obs[i]["action_mask"]).tolist()
            if illegal_action == "random" and act not in legal:
                act = stand_in[i].choice(legal)
            ref_obs[i], r, term, trunc, ref_info = ref.step(act)
            assert (rewards[i], bool(terminated[i]), bool(truncated[i])) == (r, term, trunc), (step, i)
            assert bool(flagged[i]) == (int(actions[i]) not in legal)
            if illegal_action == "terminate":
                assert bool(flagged[i]) == ref_info.get("illegal_action", False)
            done[i] = term or trunc
            episodes += term or trunc
    return episodes, decisions


# Every scenario (and none, and one drawn at setup), 2-5 players, every learner seat kind, the options
# that change a view (open totals, named first player) or a rule (one count card a dive).
CASES = [
    (2, 1, "win", {}),
    (3, 0, "score", {"scenario": "storm", "hidden_scores": False}),
    (4, 2, "win", {"scenario": "scattered-wealth", "one_count_card_per_dive": True}),
    (5, 4, "score", {"scenario": "random"}),
    (4, 3, "win", {"scenario": "bounty-wrecks", "first_player": 3}),
    (3, 1, "win", {"scenario": "best-of-the-best"}),
    (2, 0, "score", {"scenario": "dangerous-reefs", "hidden_scores": False}),
    (5, 0, "win", {"scenario": "ruins-of-plenty", "first_player": 2}),
    (3, 2, "score", {"scenario": "none"}),
]


@pytest.mark.parametrize(("players", "seat", "reward", "options"), CASES)
def test_observations_masks_and_rewards_are_fathom_envs(players: int, seat: int, reward: str,
                                                         options: dict[str, Any]):
    episodes, decisions = _compare(players, seat, steps=700, reward=reward, **options)
    assert episodes >= 2 and decisions > 1500


def test_illegal_actions_end_the_episode_as_fathom_env_does():
    episodes, _ = _compare(3, 0, steps=80, illegal_every=9)
    assert episodes >= 3


def test_illegal_actions_replaced_by_the_learner_seats_generator():
    episodes, decisions = _compare(4, 1, steps=500, illegal_every=5, illegal_action="random")
    assert episodes >= 1 and decisions > 1000


def test_max_steps_truncates_as_fathom_env_does():
    episodes, _ = _compare(2, 0, steps=90, max_steps=40)
    assert episodes >= 6


def test_an_illegal_action_raises_and_moves_no_environment():
    envs = FastDeepBlueVectorEnv(num_envs=4, players=3, illegal_action="raise", threads=1)
    obs, _ = envs.reset(seed=5)
    masks = obs["action_mask"].copy()
    first = masks.argmax(axis=1)
    bad = first.copy()
    bad[2] = next(a for a in range(envs.num_actions) if not masks[2, a])
    before = envs._S.copy()
    with pytest.raises(IllegalActionError, match="environment 2"):
        envs.step(bad)
    assert np.array_equal(envs._S, before)
    obs, rewards, *_ = envs.step(first)
    assert not rewards.any()


def test_threads_play_the_same_games_as_one_thread():
    runs = []
    for threads in (1, 2):
        envs = FastDeepBlueVectorEnv(num_envs=64, players=4, threads=threads)
        obs, _ = envs.reset(seed=9)
        total = np.zeros(64)
        for _ in range(300):
            obs, rewards, *_ = envs.step(obs["action_mask"].argmax(axis=1))
            total += rewards
        runs.append((obs["observation"].copy(), total))
        envs.close()
    assert np.array_equal(runs[0][0], runs[1][0]) and np.array_equal(runs[0][1], runs[1][1])


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"num_envs": 0}, "num_envs"), ({"learner_seat": 4}, "learner_seat"), ({"reward": "vp"}, "reward"),
    ({"illegal_action": "ignore"}, "illegal_action"), ({"max_steps": 0}, "max_steps"),
    ({"scenario": "tsunami"}, "scenario"),
])
def test_bad_arguments_are_refused_by_name(kwargs: dict[str, Any], message: str):
    with pytest.raises(OptionError, match=message):
        FastDeepBlueVectorEnv(**{"players": 4, **kwargs})


# Whole games through both engines, every seat's observation at every step (chance steps included):
# storm 4p seed 17 reaches a storm order; the others cover 2, 3 and 5 players and the view options.
OBSERVED_GAMES = [
    (4, [17], {"scenario": "storm"}, True),
    (2, [3, 4], {"scenario": "troubled-waters", "hidden_scores": False}, True),
    (3, [5], {"scenario": "random", "one_count_card_per_dive": True}, False),
    (5, [6], {"scenario": "scattered-wealth", "first_player": 4}, True),
]


@pytest.mark.parametrize(("players", "seeds", "options", "keen"), OBSERVED_GAMES)
def test_every_seats_observation_at_every_step_is_the_encoders(players: int, seeds: list[int],
                                                               options: dict[str, Any], keen: bool):
    from fathom.games.deep_blue.kernels.verify import verify_deep_blue

    result = verify_deep_blue(players, seeds, options, view_every=1, keen=keen)
    assert result.view_checks == (players + 1) * result.steps > 1000 * len(seeds)


def test_the_spaces_hold_what_a_step_returns():
    envs = FastDeepBlueVectorEnv(num_envs=8, players=5, threads=1, hidden_scores=False)
    obs, _ = envs.reset(seed=2)
    for _ in range(50):
        assert envs.observation_space.contains(obs)
        obs, *_ = envs.step(obs["action_mask"].argmax(axis=1))
    assert envs.metadata["autoreset_mode"].name == "NEXT_STEP" and envs.metadata["name"] == "fathom_deep_blue_v0"


def test_the_compiled_random_learner_picks_legal_actions_uniformly():
    from fathom.games.deep_blue.kernels.env import random_legal

    masks = np.zeros((3000, 10), np.int8)
    masks[:, [2, 5, 7]] = 1
    masks[0] = 0
    state, picks = np.array([7], np.uint64), np.full(3000, -1, np.int64)
    random_legal(masks, state, picks)
    assert picks[0] == 0 and set(picks[1:].tolist()) == {2, 5, 7}
    assert all(900 < (picks == a).sum() < 1100 for a in (2, 5, 7))
