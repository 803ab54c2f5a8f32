"""Deep Blue's level-3 playouts through the compiled engine (issue 42).

The claims, each of which could fail: a reference position loaded into a kernel row reads back as the
same fields and the same ``DeepBlueState`` (and differs from the row the kernel itself reaches only in
the spent part of its queues); a state rebuilt from a row, and a loaded determinization, play on
exactly as the original; a compiled playout plays the very moves of a Python ``DeepBlueSearch``
playout whose seats are the Python bots of the same kind drawing from the same generator, stops at
the same horizon and gets the same leaf value; and ``ismcts(compiled=true)`` plays legal,
reproducible games.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from fathom.games.deep_blue.bots.greedy import DeepBlueGreedyBot
from fathom.bots.ismcts import ISMCTSBot
from fathom.bots.ismcts_policies import policy_for_game
from fathom.games.deep_blue.bots.search import SAIL_PLAN, DeepBlueSearch
from fathom.bots.ismcts_policies.generic import GenericPolicy
from fathom.bots.random_bot import RandomBot
from fathom.core.api import CHANCE, TERMINAL
from fathom.core.errors import OptionError
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.games.deep_blue.kernels import kernel as K
from fathom.games.deep_blue.kernels import tables as D
from fathom.games.deep_blue.kernels import view as db_view
from fathom.games.deep_blue.kernels.batch import DeepBlueBatch
from fathom.games.deep_blue.bots.compiled.choose import PLAYOUT
from fathom.games.deep_blue.kernels.rollout import CompiledPlayouts, load, playout_kind
from fathom.games.deep_blue.game import MARKET_SLOTS
from fathom.games.deep_blue.scenarios import ALL_SCENARIOS, NO_SCENARIO, RANDOM_SCENARIO
from fathom.games.deep_blue.state import DeepBlueState

SCENARIOS = ALL_SCENARIOS + (NO_SCENARIO, RANDOM_SCENARIO)

QUEUE_STORAGE = {c for start, size in (
    (D.S_LANDING, 2), (D.S_SCATTER, D.MAX_NEIGH + 1), (D.S_STORM, D.MAX_STORM), (D.S_REFILL, MARKET_SLOTS),
    (D.S_RUSH, D.MAX_PLAYERS), (D.S_D_STEP, D.MAX_PER_DRAW), (D.S_D_HAZ, D.MAX_PER_DRAW), (D.S_D_Q, D.MAX_PLAYERS),
    (D.S_D_ORDER, D.MAX_DRAWN)) for c in range(start, start + size)} | {
    D.S_LANDING_H, D.S_LANDING_N, D.S_SCATTER_H, D.S_SCATTER_N, D.S_REFILL_H, D.S_REFILL_N, D.S_RUSH_H, D.S_RUSH_N,
    D.S_D_HAZ_H, D.S_D_HAZ_N, D.S_D_Q_H, D.S_D_Q_N}
"""The columns of the row's queues (heads, ends, items): where a loaded row may differ from the kernel's
own, whose popped items stay behind its head."""


def row_of(state: Any) -> np.ndarray:
    W = np.zeros((1, D.S_WIDTH), np.int64)
    load(W, 0, state)
    return W[0]


def bots_for(seed: int, players: int) -> list[Any]:
    """Greedy seats and random seats, so the games reach what each bot's play reaches."""
    return [DeepBlueGreedyBot(seed=seed + p) if (seed + p) % 2 else RandomBot(seed=seed + p) for p in range(players)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_loaded_row_reads_back_as_the_position_and_is_the_row_the_kernel_plays_to(players: int):
    """Both engines play the same games (every scenario, drawn or named); at every step the reference
    position, loaded, reads back as its fields and as an equal ``DeepBlueState``, loads again into the
    same row, and equals the kernel's own row outside the spent queue storage."""
    steps = 0
    for scenario in SCENARIOS[players - 2::4]:
        seeds = list(range(players * 10, players * 10 + 4))
        refs = [new_game("deep-blue", players=players, seed=s, record_events=False, scenario=scenario) for s in seeds]
        game = refs[0].game
        batch = DeepBlueBatch(game, len(refs))
        batch.reset(seeds)
        bots = [bots_for(s, players) for s in seeds]
        outside = np.array([c not in QUEUE_STORAGE for c in range(D.S_WIDTH)])
        while any(r.current_player != TERMINAL for r in refs):
            actions = np.full(len(refs), -1, np.int64)
            for g, r in enumerate(refs):
                row = row_of(r)
                where = f"{scenario} seed {seeds[g]} step {r.move_number()}"
                fields = db_view.fields(game, row)
                assert fields == r.fields() == db_view.fields(game, batch.S[g]), where
                rebuilt = DeepBlueState.from_fields(game, fields)
                assert rebuilt == r and rebuilt.legal_actions() == r.legal_actions(), where
                assert np.array_equal(row_of(rebuilt), row), where
                assert np.array_equal(row[outside], batch.S[g][outside]), where
                if r.current_player == TERMINAL:
                    continue
                actor = r.current_player
                actions[g] = r.sample_chance() if actor == CHANCE else bots[g][actor].choose(r)
                r.apply(int(actions[g]))
                steps += 1
            batch.apply(actions)
    assert steps > 1500


def play_both(state: Any, row: np.ndarray, seed: int, moves: int = 10_000) -> int:
    """Play ``state`` (reference) and ``row`` (kernel) on with the same random choices and each one's
    own chance draws (seed and history length); at every step the legal actions (or the chance outcome
    drawn), the fields and the scores must agree. Returns the steps played."""
    game = state.game
    T = D.build(game)
    S = row[None, :].copy()
    out = np.empty(K.MAX_ACTIONS, np.int64)
    bot = RandomBot(seed=seed)
    steps = 0
    while not state.is_terminal() and steps < moves:
        if state.current_player == CHANCE:
            action = state.sample_chance()
            assert K.sample_chance(S, T, 0) == action
        else:
            m = K.legal(S, T, 0, out)
            assert out[:m].tolist() == state.legal_actions()
            action = bot.choose(state)
        state.apply(action)
        K.apply(S, T, 0, action)
        assert db_view.fields(game, S[0]) == state.fields()
        steps += 1
    assert S[0, D.S_CUR] == state.current_player and S[0, D.S_VP:D.S_VP + game.num_players].tolist() == state.vp
    return steps


def mid_game_positions(players: int, seed: int, every: int, scenario: str = NO_SCENARIO) -> list[Any]:
    state = new_game("deep-blue", players=players, seed=seed, record_events=False, scenario=scenario)
    bots = bots_for(seed, players)
    out = []
    while not state.is_terminal():
        if state.move_number() % every == every - 1:
            out.append(state.clone())
        state.apply(state.sample_chance() if state.current_player == CHANCE else bots[state.current_player].choose(state))
    return out


@pytest.mark.parametrize("players", [2, 5])
def test_a_rebuilt_state_and_a_loaded_determinization_play_on_as_the_original(players: int):
    """From mid-game positions: the state rebuilt from its row plays on like the original (same legal
    actions, same chance draws, same scores to the end), and a search's determinization (hidden hands
    resampled, a fresh seed) loads and plays on in the kernel exactly as in the reference."""
    played = 0
    for i, state in enumerate(mid_game_positions(players, 7 + players, every=97, scenario=SCENARIOS[players])):
        rebuilt = DeepBlueState.from_fields(state.game, db_view.fields(state.game, row_of(state)))
        original = state.clone()
        bot_a, bot_b = RandomBot(seed=i), RandomBot(seed=i)
        while not original.is_terminal():
            assert rebuilt.legal_actions() == original.legal_actions()
            chance = original.current_player == CHANCE
            action = original.sample_chance() if chance else bot_a.choose(original)
            assert (rebuilt.sample_chance() if chance else bot_b.choose(rebuilt)) == action
            original.apply(action)
            rebuilt.apply(action)
        assert rebuilt.scores() == original.scores() and rebuilt.winners() == original.winners()
        seat = state.turn_seat
        det = state.determinize(seat, Rng(i))
        assert det.seed != state.seed
        played += play_both(det, row_of(det), seed=i)
    assert played > 500


class MirrorSearch(DeepBlueSearch):
    """The Python form of a compiled playout: ``DeepBlueSearch``'s rollout (its horizon and chance
    streams) with every seat played by the Python bot of ``kind`` drawing from the playout's generator
    (``heuristic``: the shipped playouts, level 2 with the playout weights, unchanged)."""

    kind = "random"

    def playout_action(self, state: Any, seat: int, rng: Rng) -> int:
        if self.kind == "heuristic":
            return DeepBlueSearch.playout_action(self, state, seat, rng)
        if self.kind == "random":
            return GenericPolicy.playout_action(self, state, seat, rng)
        bot = DeepBlueGreedyBot()
        bot.rng = rng
        return bot.choose(state)


def python_playout(policy: DeepBlueSearch, world: Any, candidate: int, seat: int, chance_seed: int) -> tuple[Any, list[int]]:
    """The Python playout as ``ISMCTSBot._halving`` plays it, and the moves played after the candidate."""
    det = world.clone()
    policy.apply_candidate(det, candidate, seat)
    start = det.move_number()
    det = policy.rollout(det, seat, policy.start_marker(det, seat), Rng(chance_seed))
    return det, det.history()[start:]


@pytest.mark.parametrize("players,kind,horizon", [(2, "random", None), (3, "greedy", None), (4, "random", 1),
                                                  (4, "greedy", None), (5, "greedy", 3), (4, "heuristic", None),
                                                  (2, "heuristic", 3)])
def test_a_compiled_playout_plays_the_python_playouts_moves_to_the_horizon(players: int, kind: str,
                                                                            horizon: int | None):
    """From determinizations of mid-game decisions, each root action: the compiled playout's moves are
    the Python playout's, move for move, its final row is the Python final position, and the leaf
    value of the rebuilt state is the Python ``evaluate``."""
    compared = 0
    for i, state in enumerate(mid_game_positions(players, 3 * players, every=11, scenario=SCENARIOS[players + 1])):
        if state.current_player < 0:
            continue
        policy = MirrorSearch(state.game, seed=i, horizon=horizon)
        policy.kind = kind
        compiled = CompiledPlayouts(state.game, [kind] * players, policy.turns)
        seat = state.current_player
        det = state.determinize(seat, Rng(1000 + i))
        roots = state.legal_actions()[:4]
        seeds = [Rng(77 * i + j).next64() for j in range(len(roots))]
        rows, trails, lengths = compiled.run(compiled.worlds([det]), [0] * len(roots), roots, seeds, trail=4000)
        for j, root in enumerate(roots):
            end, moves = python_playout(policy, det, root, seat, seeds[j])
            where = f"{players}p position {i} root {root}"
            assert trails[j, :lengths[j]].tolist() == moves, where
            fields = db_view.fields(state.game, rows[j])
            assert fields == end.fields(), where
            leaf = DeepBlueState.from_fields(state.game, fields)
            assert policy.evaluate(leaf, seat) == policy.evaluate(end, seat), where
            compared += 1
    assert compared > 40


def test_the_compiled_runner_values_plain_actions_and_sail_plans_as_the_python_playouts():
    """``ISMCTSBot``'s batches through :class:`CompiledRunner`: plain root actions applied in the kernel,
    sail plans (several steps the Python heuristic picks) applied in Python before loading; each value
    is the Python playout's ``evaluate`` of the same job."""
    planned = 0
    for i, state in enumerate(mid_game_positions(4, 11, every=13)):
        if state.step_kind != "turn" or state.game.A_SAIL not in state.legal_actions():
            continue
        seat = state.current_player
        policy = MirrorSearch(state.game, seed=i)
        policy.kind, policy.compiled = "heuristic", True  # playout_kind "best": the compiled heuristic
        policy.configure()
        candidates = policy.candidates(state, state.legal_actions(), policy.prior_action(state))
        worlds = [state.determinize(seat, Rng(500 + i + k)) for k in range(2)]
        jobs = [(k, a, Rng(9 * i + k).next64()) for a in candidates for k in range(2)]
        values = policy.playout_runner(seat).run(worlds, jobs)
        for (k, a, seed), value in zip(jobs, values):
            end, _ = python_playout(policy, worlds[k], a, seat, seed)
            assert value == policy.evaluate(end, seat)[seat], f"position {i} candidate {a}"
            planned += a >= SAIL_PLAN
        if planned >= 6:
            break
    assert planned >= 6


def play_level_3(seed: int, iterations: int) -> tuple[list[int], int]:
    """A 4-player game of ``ismcts(compiled=true)`` in every seat; its moves and how many were sail plans."""
    state = new_game("deep-blue", players=4, seed=seed, record_events=False)
    bots = [ISMCTSBot(seed=p, iterations=iterations, compiled=True) for p in range(4)]
    plans = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
            continue
        bot = bots[state.current_player]
        action = bot.choose(state)
        assert action in state.legal_actions()
        plans += bot.last_stats.get("best", 0) >= SAIL_PLAN
        state.apply(action)
    return state.history(), plans


def test_level_3_with_compiled_playouts_plays_whole_games_legally_and_reproducibly():
    moves, plans = play_level_3(seed=5, iterations=24)
    assert plans > 0  # a sail plan was chosen, committed and sailed (planned_action)
    assert play_level_3(seed=5, iterations=24)[0] == moves


def test_level_3_searches_alike_with_compiled_and_python_playouts():
    """The compiled heuristic plays the shipped playouts move for move, so at every searched decision
    of whole 4-player games level 3 picks the same move with the same value for every candidate;
    only faster."""
    searched = 0
    for seed in (3, 8):
        state = new_game("deep-blue", players=4, seed=seed, record_events=False)
        compiled, python = ISMCTSBot(seed=seed, iterations=16), ISMCTSBot(seed=seed, iterations=16, compiled=False)
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply(state.sample_chance())
                continue
            action = compiled.choose(state)
            assert python.choose(state) == action, f"seed {seed} move {state.move_number()}"
            if compiled.last_stats:
                assert compiled.last_stats["values"] == python.last_stats["values"]
                searched += 1
            state.apply(action)
    assert searched > 100


def test_the_compiled_settings():
    game = new_game("deep-blue", players=3, seed=0).game
    policy = policy_for_game(game)
    assert policy.compiled is True and policy.playout_runner(0) is not None  # numba is installed here
    assert policy_for_game(game, compiled=False).playout_runner(0) is None
    for other in ({"own_full": True}, {"rivals_full": True}, {"rival_lookahead": 5}, {"own_playout_cycle": 7.0}):
        assert policy_for_game(game, **other).playout_runner(0) is None, other  # not the compiled playouts
    assert policy_for_game(game, own_full=True, playout_kind="greedy").playout_runner(0) is not None  # asked for
    best = playout_kind("best")
    assert best == "heuristic" and playout_kind("random") == "random"  # the shipped playouts' bot
    assert policy_for_game(game, compiled=True).playout_runner(0).playouts.kinds[:3].tolist() == [PLAYOUT] * 3
    assert policy_for_game(game, compiled=True, playout_kind="random").playout_runner(0).playouts.kinds[0] == 0
    with pytest.raises(OptionError, match="'playout_kind' is one of best, greedy, heuristic, random, not 'expert'"):
        policy_for_game(game, compiled=True, playout_kind="expert")


def test_without_numba_asking_for_compiled_playouts_says_how_to_install(monkeypatch):
    from fathom.games.deep_blue.bots import search as deep_blue
    from fathom.fast import need

    game = new_game("deep-blue", players=3, seed=0).game
    monkeypatch.setattr(need, "have_numba", lambda: False)
    monkeypatch.setattr(deep_blue, "find_spec", lambda name: None)  # a machine without numba
    assert policy_for_game(game).playout_runner(0) is None  # Python playouts, no error
    with pytest.raises(need.FastUnavailable, match="pip install"):
        policy_for_game(game, compiled=True)
