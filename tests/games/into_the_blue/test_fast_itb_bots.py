"""The compiled Into the Blue bots against the Python bots: the same action at every decision.

Games of 2-5 players with greedy, heuristic (level 2) and random bots seated together, on the
packaged data, a corrected data file and tuned heuristic weights: at every decision the Python bot
of the deciding seat chooses, the compiled policy chooses on the same state (the kernel's copy of
the game, kept in step), and the two must be equal. Both games then take the Python bot's action.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE, TERMINAL
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.games.into_the_blue.bots import compiled as itb_bots
from fathom.games.into_the_blue.kernels.batch import IntoTheBlueBatch
from fathom.fast.timing import bench_bots
from fathom.games.into_the_blue.kernels.tables import MAX_PLAYERS
from fathom.games.into_the_blue.data import DATA_FILE


def play_and_compare(players: int, specs: list[str], seeds: range, options: dict[str, Any] | None = None
                     ) -> dict[str, int]:
    """Play ``seeds`` with ``specs`` (seat ``s`` of game ``k`` gets ``specs[(s + k) % len]``); return
    the decisions compared per spec. Fails on the first differing choice."""
    options = options or {}
    refs = [new_game("into-the-blue", players=players, seed=s, record_events=False, **options) for s in seeds]
    game = refs[0].game
    batch = IntoTheBlueBatch(game, len(refs))
    batch.reset(seeds)
    seats = [[specs[(s + k) % len(specs)] for s in range(players)] for k in range(len(refs))]
    bots = [[build_bot(spec, "into-the-blue", 1000 * k + s) for s, spec in enumerate(row)] for k, row in enumerate(seats)]
    kinds = np.zeros((len(refs), MAX_PLAYERS), np.int64)
    params = np.zeros((len(refs), MAX_PLAYERS, itb_bots.NPARAMS), np.float64)
    states = np.zeros((len(refs), MAX_PLAYERS), np.uint64)
    for k, row in enumerate(bots):
        for s, bot in enumerate(row):
            policy = itb_bots.seat_policy(bot)
            assert policy is not None, seats[k][s]
            kinds[k, s], params[k, s] = policy
            states[k, s] = Rng(1000 * k + s).state
    BI, BF = itb_bots.tables(game.rerolls)
    compiled = np.zeros(len(refs), np.int64)
    actions = np.zeros(len(refs), np.int64)
    compared = {spec: 0 for spec in specs}
    while any(r.current_player != TERMINAL for r in refs):
        itb_bots.decide_batch(batch.S, batch.T, BI, BF, game.rerolls, kinds, params, states, compiled)
        for k, r in enumerate(refs):
            seat = r.current_player
            if seat == TERMINAL:
                actions[k] = -1
                continue
            if seat == CHANCE:
                actions[k] = r.sample_chance()
            else:
                actions[k] = bots[k][seat].choose(r)
                assert compiled[k] == actions[k], (
                    f"{seats[k][seat]} in seat {seat} of seed {seeds[k]}: Python chose "
                    f"{r.action_to_string(int(actions[k]))}, compiled {r.action_to_string(int(compiled[k]))}")
                compared[seats[k][seat]] += 1
            r.apply(int(actions[k]))
        batch.apply(actions)
    final = batch.scores()
    for k, r in enumerate(refs):
        assert final[k].tolist() == [int(x) for x in r.scores()]
    return compared


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_compiled_greedy_and_heuristic_choose_what_the_python_bots_choose(players: int):
    compared = play_and_compare(players, ["heuristic", "greedy", "random", "heuristic", "greedy"],
                                range(players * 1000, players * 1000 + 40))
    assert compared["heuristic"] > 500 and compared["greedy"] > 500 and compared["random"] > 200


def test_tuned_heuristic_weights_and_expert_with_the_target_rule_are_compiled_too():
    compared = play_and_compare(4, ["heuristic(rival_weight=0.3,end_swing=2,depth_bonus=0)",
                                    "expert(dice_play=target)", "heuristic(extra_turn=8)", "greedy"], range(30))
    assert min(compared.values()) > 200


def test_the_compiled_bots_read_a_corrected_data_file(tmp_path):
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    raw["shells_per_player"]["value"] = 4
    raw["rolls_per_turn"]["value"] = 2  # one reroll: the heuristic's odds tables differ
    raw["chests"]["values"] = [4, 9, 9, 9, 12, 3]
    path = tmp_path / "corrected.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    compared = play_and_compare(3, ["heuristic", "greedy", "heuristic"], range(40), {"data_file": str(path)})
    assert compared["heuristic"] > 300


def test_bots_without_a_compiled_form_say_so():
    assert itb_bots.seat_policy(build_bot("expert", "into-the-blue", 0)) is None  # the exact expectimax
    assert itb_bots.seat_policy(build_bot("ismcts", "into-the-blue", 0)) is None


@pytest.mark.parametrize("kind", ["greedy", "heuristic"])
def test_the_bench_loop_plays_the_games_of_the_python_bots_seeded_as_fathom_bench_seeds_them(kind: str):
    """One core, seeds 0, 1, 2… and seat ``p``'s bot seeded ``p + 1``, kept from game to game."""
    from fathom.games.into_the_blue.kernels import bench as itb_bench
    from fathom.games.into_the_blue.kernels.kernel import new_batch
    from fathom.games.into_the_blue.kernels.tables import build

    game = new_game("into-the-blue", players=3, seed=0).game
    T, _ = build(game)
    BI, BF = itb_bots.tables(game.rerolls)
    kinds = np.full(MAX_PLAYERS, itb_bots.KINDS[kind], np.int64)
    params = np.tile(itb_bots.params_row(), (MAX_PLAYERS, 1))
    counts = np.zeros(1, np.int64)
    itb_bench.play_rows(new_batch(1), T, BI, BF, game.rerolls, kinds, params, bench_bots(1, False, MAX_PLAYERS), 0, 12,
                        counts, 0, 1)
    bots = [build_bot(kind, "into-the-blue", p + 1) for p in range(3)]
    transitions = 0
    for seed in range(12):
        state = new_game("into-the-blue", players=3, seed=seed, record_events=False)
        while state.current_player != TERMINAL:
            p = state.current_player
            state.apply(state.sample_chance() if p == CHANCE else bots[p].choose(state))
            transitions += 1
    assert counts[0] == transitions
