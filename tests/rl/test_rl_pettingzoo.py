"""PettingZoo AEC env: PettingZoo's own api_test and seed_test, rewards, truncation, illegal moves."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from rl_helpers import DEEP_BLUE_OPTIONS

from fathom.core.errors import IllegalActionError, OptionError
from fathom.core.registry import new_game
from fathom.rl import pettingzoo as fz


def _play(env, rng: np.random.Generator) -> dict[str, float]:
    """Masked random play to the end; returns each agent's total reward."""
    totals: dict[str, float] = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_api_and_seed_tests_into_the_blue(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's advice about Dict observations
        api_test(fz.env("into-the-blue", players=players, seed=players), num_cycles=400)
        seed_test(lambda: fz.env("into-the-blue", players=players), num_cycles=300)


@pytest.mark.parametrize("players,options", list(zip((2, 3, 4, 5), DEEP_BLUE_OPTIONS)))
def test_api_and_seed_tests_deep_blue(players: int, options: dict) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(fz.env("deep-blue", players=players, seed=players, max_cycles=60, **options), num_cycles=100)
        seed_test(lambda: fz.env("deep-blue", players=players, max_cycles=40, **options), num_cycles=60)


def test_metadata_spaces_and_agents() -> None:
    env = fz.raw_env("deep-blue", players=3)
    assert env.metadata["name"] == "fathom_deep_blue_v0"
    assert fz.raw_env("into-the-blue", players=2).metadata["name"] == "fathom_into_the_blue_v0"
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    space = env.observation_space("player_1")
    assert space["action_mask"].shape == (env.game.num_distinct_actions,)
    assert space["observation"].shape == (env.encoder.size,)
    assert env.action_space("player_0").n == env.game.num_distinct_actions


@pytest.mark.parametrize("players", [2, 4])
def test_full_game_win_rewards_and_same_game_as_the_engine(players: int) -> None:
    env = fz.raw_env("into-the-blue", players=players)
    env.reset(seed=123)
    totals = _play(env, np.random.default_rng(0))
    state = env.state
    assert state.is_terminal() and state.seed == 123
    winners = set(state.winners())
    assert totals == {f"player_{p}": (1.0 if p in winners else -1.0) for p in range(players)}
    # the env played the fathom game with seed 123: replaying its log on a fresh game agrees
    fresh = new_game("into-the-blue", players=players, seed=123)
    for a in state.history():
        if fresh.is_chance_node():
            assert a == fresh.sample_chance()  # chance came from the game's own seeded sampling
        fresh.apply(a)
    assert fresh.scores() == state.scores()


def test_score_reward_is_zero_sum() -> None:
    env = fz.raw_env("into-the-blue", players=3, reward="score")
    env.reset(seed=5)
    totals = _play(env, np.random.default_rng(1))
    scores = env.state.scores()
    assert abs(sum(totals.values())) < 1e-9
    assert totals["player_0"] == pytest.approx(scores[0] - (scores[1] + scores[2]) / 2)


def test_deep_blue_plays_to_the_end() -> None:
    env = fz.raw_env("deep-blue", players=2, scenario="none")
    env.reset(seed=2)
    totals = _play(env, np.random.default_rng(2))
    assert env.state.is_terminal()
    assert sorted(totals.values()) in ([-1.0, 1.0], [1.0, 1.0])


def test_max_cycles_truncates_without_reward() -> None:
    env = fz.raw_env("deep-blue", players=3, max_cycles=5)
    env.reset(seed=9)
    rng = np.random.default_rng(3)
    decisions = 0
    truncated_seen = False
    for _agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            truncated_seen |= trunc
            assert reward == 0.0
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += 1
    assert truncated_seen and decisions == 15


def test_constructor_seed_and_reset_sequence_are_reproducible() -> None:
    a, b = fz.raw_env("into-the-blue", players=2, seed=77), fz.raw_env("into-the-blue", players=2, seed=77)
    a.reset()
    b.reset()
    assert a.game_seed == b.game_seed == 77
    a.reset()
    b.reset()
    assert a.game_seed == b.game_seed != 77


def test_illegal_action_terminates_or_raises() -> None:
    env = fz.raw_env("into-the-blue", players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env._cumulative_rewards[agent] == -1.0
    assert env.infos[agent]["illegal_action"] is True
    strict = fz.raw_env("into-the-blue", players=2, illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


def test_bad_arguments() -> None:
    with pytest.raises(OptionError):
        fz.raw_env("chess")
    with pytest.raises(OptionError):
        fz.raw_env("deep-blue", players=6)
    with pytest.raises(OptionError):
        fz.raw_env("deep-blue", reward="elo")
    with pytest.raises(OptionError):
        fz.raw_env("deep-blue", max_cycles=0)
    with pytest.raises(OptionError):
        fz.raw_env("deep-blue", scenario="kraken")
