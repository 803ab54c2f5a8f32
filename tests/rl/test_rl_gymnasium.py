"""Gymnasium single-agent env: check_env, registered ids, bots in the other seats, rewards."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import fathom.rl.gymnasium as fg
from fathom.core.errors import IllegalActionError, OptionError


def _episode(env, seed: int, rng: np.random.Generator):
    obs, info = env.reset(seed=seed)
    steps = 0
    while True:
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        assert obs["action_mask"] is not info["action_mask"]
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        if term or trunc:
            return reward, term, trunc, info, steps


@pytest.mark.parametrize("env_id,players,kwargs", [
    ("fathom/IntoTheBlue-v0", 2, {}),
    ("fathom/IntoTheBlue-v0", 5, {"opponents": ["greedy", "random", "1", "0"]}),
    ("fathom/DeepBlue-v0", 2, {"max_steps": 200}),  # default opponents: the greedy bot
    ("fathom/DeepBlue-v0", 4, {"opponents": "random", "scenario": "storm", "hidden_scores": True, "max_steps": 200}),
])
def test_check_env(env_id: str, players: int, kwargs: dict) -> None:
    env = gymnasium.make(env_id, players=players, **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped, skip_render_check=True)


def test_registered_ids_and_module_prefix() -> None:
    assert set(fg.ENV_IDS.values()) <= set(gymnasium.registry)
    env = gymnasium.make("fathom.rl.gymnasium:fathom/IntoTheBlue-v0", players=3)
    assert env.unwrapped.game.num_players == 3
    assert env.unwrapped.metadata["name"] == "fathom_into_the_blue_v0"


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_learner_seat_and_win_reward(seat: int) -> None:
    env = fg.FathomEnv("into-the-blue", players=3, learner_seat=seat, opponents="greedy")
    reward, term, trunc, info, _ = _episode(env, seed=seat, rng=np.random.default_rng(seat))
    assert term and not trunc
    assert info["seat"] == seat and env.state.is_terminal()
    assert reward == (1.0 if seat in info["winners"] else -1.0)
    assert info["win"] == (reward == 1.0)


def test_random_learner_seat_is_seeded() -> None:
    env = fg.FathomEnv("into-the-blue", players=4, learner_seat="random")
    seats = []
    for s in range(12):
        _, info = env.reset(seed=s)
        seats.append(info["seat"])
        _, again = env.reset(seed=s)
        assert again["seat"] == info["seat"]
    assert len(set(seats)) > 1


def test_score_reward_and_reproducible_episodes() -> None:
    env = fg.FathomEnv("into-the-blue", players=2, reward="score")
    r1 = _episode(env, seed=4, rng=np.random.default_rng(0))
    scores = env.state.scores()
    seat = r1[3]["seat"]
    assert r1[0] == pytest.approx(scores[seat] - scores[1 - seat])
    r2 = _episode(env, seed=4, rng=np.random.default_rng(0))
    assert r1[0] == r2[0] and r1[4] == r2[4]


@pytest.mark.parametrize("opponents", ["random", "greedy"])
def test_deep_blue_full_game_against_bots(opponents: str) -> None:
    env = fg.FathomEnv("deep-blue", players=3, opponents=opponents, learner_seat=1)
    reward, term, trunc, info, steps = _episode(env, seed=8, rng=np.random.default_rng(8))
    assert term and not trunc and steps > 50
    assert reward in (1.0, -1.0)


def test_opponents_take_bot_specs_checked_before_the_first_reset() -> None:
    """``opponents="heuristic(cycle=7)"``: the specs of ``fathom simulate`` (a cheaper or tuned bot for
    training); a wrong setting fails at construction with what is allowed."""
    env = fg.FathomEnv("deep-blue", players=2, opponents="heuristic(cycle=7)")
    env.reset(seed=3)
    assert env.bots[1 - env.seat].params.cycle == 7
    with pytest.raises(OptionError, match="ismcts setting 'iterations' is a number"):
        fg.FathomEnv("deep-blue", players=2, opponents="ismcts(iterations=lots)")


def test_truncation_after_max_steps() -> None:
    env = fg.FathomEnv("deep-blue", players=2, opponents="random", max_steps=7)
    reward, term, trunc, _, steps = _episode(env, seed=1, rng=np.random.default_rng(1))
    assert trunc and not term and steps == 7 and reward == 0.0
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)


def test_illegal_action_modes() -> None:
    env = fg.FathomEnv("into-the-blue", players=2)
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, term, trunc, info = env.step(illegal)
    assert term and reward == -1.0 and info["illegal_action"]
    lenient = fg.FathomEnv("into-the-blue", players=2, illegal_action="random")
    lenient.reset(seed=0)
    _, _, _, _, info = lenient.step(illegal)
    assert info["illegal_action"] and lenient.state.move_number() > 1
    strict = fg.FathomEnv("into-the-blue", players=2, illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


def test_bad_arguments() -> None:
    with pytest.raises(OptionError):
        fg.FathomEnv("into-the-blue", players=2, learner_seat=2)
    with pytest.raises(OptionError):
        fg.FathomEnv("into-the-blue", players=3, opponents=["greedy"])
    with pytest.raises(OptionError):
        fg.FathomEnv("into-the-blue", players=2, opponents="grandmaster")
    with pytest.raises(OptionError):
        fg.FathomEnv("into-the-blue", illegal_action="ignore")
