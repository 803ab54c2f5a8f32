"""Level 3's leaf value compiled (issue 50: "compile the search's leaf value where the profile says
it pays"): :mod:`fathom.games.deep_blue.bots.compiled.learned` gives the very numbers of the Python
learned estimate and win scale, on every scenario and table size, in finished games too; a searched
decision's playouts get the same rewards through it as through the policy's ``evaluate``; and the
analysis's win chances are unchanged."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from fathom.bots.ismcts_policies import policy_for_game
from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE, TERMINAL
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.games.deep_blue.analysis import DeepBlueAnalysis, win_chances
from fathom.games.deep_blue.bots import evaluation as ev
from fathom.games.deep_blue.bots.compiled.learned import LearnedLeaf
from fathom.games.deep_blue.bots.search_compiled import CompiledRunner
from fathom.games.deep_blue.kernels.rollout import game_tables, load
from fathom.games.deep_blue.kernels.tables import S_WIDTH
from fathom.games.deep_blue.scenarios import ALL_SCENARIOS, NO_SCENARIO


def positions(players: int, seed: int, scenario: str | None, every: int = 9) -> list[Any]:
    """Every ``every``-th position of a level-2 game (dives under way included), and its end."""
    options = {"scenario": scenario} if scenario else {}
    state = new_game("deep-blue", players=players, seed=seed, **options)
    bots = [build_bot("heuristic", "deep-blue", seed * 10 + s) for s in range(players)]
    out, k = [], 0
    while state.current_player != TERMINAL:
        p = state.current_player
        state.apply(state.sample_chance() if p == CHANCE else bots[p].choose(state))
        k += 1
        if k % every == 0:
            out.append(state.clone())
    out.append(state.clone())
    return out


@pytest.mark.parametrize("players,scenario", [(4, None), (4, NO_SCENARIO)] + [
    (2 + k % 4, scenario) for k, scenario in enumerate(ALL_SCENARIOS)])
def test_compiled_learned_estimate_equals_python(players: int, scenario: str | None) -> None:
    states = positions(players, 11 + players, scenario)
    game = states[0].game
    T, _ = game_tables(game)
    rows = np.zeros((len(states), S_WIDTH), np.int64)
    for i, state in enumerate(states):
        load(rows, i, state)
    fast = policy_for_game(game, seed=0).fast_params
    estimates, scales = LearnedLeaf(game, T, fast, ev.tables_for(states[0]))(rows)
    want = [[ev.learned_estimate(s, ev.tables_for(s), p, fast) for p in range(players)] for s in states]
    assert estimates.tolist() == want  # exactly: same features, same sums in the same order
    assert scales.tolist() == [ev.win_scale(s, ev.tables_for(s)) for s in states]
    assert states[-1].is_terminal() and estimates[-1].tolist() == [float(v) for v in states[-1].scores()]
    assert len({round(e, 6) for row in estimates for e in row}) > len(states)  # the features vary


def test_searched_playouts_get_the_same_rewards_with_the_compiled_leaf() -> None:
    state = positions(4, 5, None, every=40)[2]
    while state.step_kind != "turn":  # a turn decision, as level 3 searches
        state.apply(state.sample_chance() if state.current_player == CHANCE else state.legal_actions()[0])
    policy = policy_for_game(state.game, seed=3)
    seat = state.current_player
    runner = policy.playout_runner(seat)
    assert isinstance(runner, CompiledRunner) and runner.compiled_leaf()
    worlds = [state.determinize(seat, Rng(k)) for k in range(12)]
    legal = state.legal_actions()
    jobs = [(k, legal[k % len(legal)], 1000 + k) for k in range(12)]
    compiled = runner.run(worlds, jobs)
    python = [policy.evaluate(s, seat)[seat] for s in runner.final_states(worlds, jobs)]
    assert compiled == python
    chances = DeepBlueAnalysis().runner(policy, seat)
    assert chances is not None
    assert chances.run(worlds, jobs) == [win_chances(s) for s in runner.final_states(worlds, jobs)]


def test_another_value_setting_is_valued_in_python() -> None:
    policy = policy_for_game(new_game("deep-blue", players=3, seed=1).game, seed=0)
    policy.value = "estimate"
    runner = policy.playout_runner(0)
    assert runner is not None and not runner.compiled_leaf()
