"""Level 3's playouts through the compiled engine against the Python playouts (issue 42).

Three claims, each of which could fail: a kernel row loaded from a reference position is the row
the kernel itself reaches by playing the same game (so the loader reads every field right); a
compiled playout from a determinization ends in exactly the position and scores of the Python
``IntoTheBlueSearch.rollout`` from the same world, root action and chance seed; and the level-3 bot
with a fixed budget plays the same moves, with the same playout values, compiled and in Python.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from fathom.games.into_the_blue.bots.expert import IntoTheBlueHeuristicBot
from fathom.bots.ismcts import ISMCTSBot
from fathom.bots.ismcts_policies import policy_for_game
from fathom.games.into_the_blue.bots.search import IntoTheBlueSearch
from fathom.core.api import CHANCE, TERMINAL
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.games.into_the_blue.kernels.batch import IntoTheBlueBatch
from fathom.games.into_the_blue.kernels.kernel import S_WIDTH
from fathom.games.into_the_blue.kernels.rollout import CompiledPlayouts, load
from fathom.games.into_the_blue.data import DATA_FILE


def row_of(state: Any) -> np.ndarray:
    W = np.zeros((1, S_WIDTH), np.int64)
    load(W, 0, state.fields(), state.game.chest_values)
    return W[0]


@pytest.mark.parametrize("players", [2, 5])
def test_a_loaded_row_is_the_row_the_kernel_plays_to(players: int):
    """Reference and kernel play the same games; at every step the reference position, loaded, is
    the kernel's own row (first player drawn at setup, so the FIRST step is covered too)."""
    seeds = list(range(12))
    refs = [new_game("into-the-blue", players=players, seed=s, record_events=False) for s in seeds]
    batch = IntoTheBlueBatch(refs[0].game, len(refs))
    batch.reset(seeds)
    bots = [IntoTheBlueHeuristicBot(seed=s) for s in seeds]
    steps = 0
    while any(r.current_player != TERMINAL for r in refs):
        actions = np.full(len(refs), -1, np.int64)
        for g, r in enumerate(refs):
            assert np.array_equal(row_of(r), batch.S[g]), f"seed {seeds[g]} step {r.move_number()}"
            if r.current_player == TERMINAL:
                continue
            actions[g] = r.sample_chance() if r.current_player == CHANCE else bots[g].choose(r)
            r.apply(int(actions[g]))
            steps += 1
        batch.apply(actions)
    assert steps > 500


def positions(players: int, seed: int, options: dict[str, Any] | None = None, every: int = 3) -> list[Any]:
    """Every ``every``-th position (decisions and chance) of a game of heuristic bots."""
    state = new_game("into-the-blue", players=players, seed=seed, record_events=False, **(options or {}))
    bot = IntoTheBlueHeuristicBot(seed=seed)
    out = []
    while not state.is_terminal():
        if state.move_number() % every == 0:
            out.append(state.clone())
        state.apply(state.sample_chance() if state.current_player == CHANCE else bot.choose(state))
    return out


def compare_rollouts(players: int, seeds: range, options: dict[str, Any] | None = None, horizon: int | None = None
                     ) -> int:
    """From each position: a determinization for the turn's seat, each legal root action (none at
    chance), the Python rollout against the compiled one. Returns the playouts compared."""
    compared = 0
    for seed in seeds:
        states = positions(players, seed, options)
        policy = policy_for_game(states[0].game, seed=seed, horizon=horizon, compiled=False)
        compiled = CompiledPlayouts(states[0].game, policy.fast_bot, policy.turns)
        for i, state in enumerate(states):
            seat = state.turn_seat
            det = state.determinize(seat, Rng(seed * 7919 + i))
            roots = [-1] if state.current_player == CHANCE else state.legal_actions()[:6]
            chance_seeds = [Rng(seed * 104729 + i * 31 + j).next64() for j in range(len(roots))]
            W = compiled.worlds([det])
            rows, scores, ended = compiled.run(W, [0] * len(roots), roots, chance_seeds)
            for j, (root, chance_seed) in enumerate(zip(roots, chance_seeds)):
                world = det.clone()
                if root >= 0:
                    world.apply(root)
                world = policy.rollout(world, seat, policy.start_marker(world, seat), Rng(chance_seed))
                where = f"{players}p seed {seed} position {i} root {root}"
                assert np.array_equal(rows[j], row_of(world)), where
                assert scores[j].tolist() == [int(v) for v in world.scores()], where
                assert bool(ended[j]) == world.is_terminal(), where
                assert policy.score_rewards([float(v) for v in scores[j]], bool(ended[j])) == \
                    policy.evaluate(world, seat), where
                compared += 1
    return compared


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_compiled_playout_ends_where_the_python_playout_ends(players: int):
    assert compare_rollouts(players, range(100 * players, 100 * players + 5)) > 300


def test_compiled_playouts_follow_the_horizon_and_a_corrected_data_file(tmp_path):
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    raw["shells_per_player"]["value"] = 4
    raw["rolls_per_turn"]["value"] = 2
    raw["chests"]["values"] = [4, 9, 9, 9, 12, 3]
    path = tmp_path / "corrected.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert compare_rollouts(3, range(4), {"data_file": str(path)}, horizon=7) > 60
    assert compare_rollouts(4, range(2), horizon=1) > 60


@pytest.mark.parametrize("players", [2, 4, 5])
def test_level_3_plays_the_same_games_compiled_and_in_python(players: int):
    """Whole games, level 3 in every seat but one: each searched move is chosen by both forms of the
    bot on the same position, and the choice and every candidate's mean value must be equal."""
    for seed in range(2):
        state = new_game("into-the-blue", players=players, seed=50 + seed, record_events=False)
        fast = [ISMCTSBot(seed=s, iterations=24, compiled=True) for s in range(players)]
        slow = [ISMCTSBot(seed=s, iterations=24, compiled=False) for s in range(players)]
        rival = IntoTheBlueHeuristicBot(seed=seed)
        searched = 0
        while not state.is_terminal():
            seat = state.current_player
            if seat == CHANCE:
                state.apply(state.sample_chance())
                continue
            if seat == players - 1:
                state.apply(rival.choose(state))
                continue
            action = fast[seat].choose(state)
            assert slow[seat].choose(state) == action
            assert fast[seat].last_stats.get("values") == slow[seat].last_stats.get("values")
            searched += bool(fast[seat].last_stats)
            state.apply(action)
        assert searched > 5


def test_the_compiled_setting():
    game = new_game("into-the-blue", players=3, seed=0).game
    assert policy_for_game(game).compiled is True  # numba is installed here
    policy = policy_for_game(game, compiled=False)
    assert policy.playout_runner(0) is None
    assert isinstance(policy_for_game(game), IntoTheBlueSearch)
    assert policy_for_game(game).playout_runner(0) is not None


def test_without_numba_the_search_plays_in_python_and_asking_for_compiled_says_how_to_install(monkeypatch):
    from fathom.games.into_the_blue.bots import search as into_the_blue
    from fathom.fast import need

    game = new_game("into-the-blue", players=3, seed=0).game
    monkeypatch.setattr(into_the_blue, "find_spec", lambda name: None)
    policy = policy_for_game(game)
    assert policy.compiled is False and policy.playout_runner(0) is None
    monkeypatch.setattr(need, "have_numba", lambda: False)
    with pytest.raises(need.FastUnavailable, match="pip install"):
        policy_for_game(game, compiled=True)
