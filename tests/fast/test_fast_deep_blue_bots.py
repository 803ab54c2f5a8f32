"""The compiled Deep Blue bots against the Python bots: the same action at every decision.

Seeded games of 2-5 players: at every decision the Python bot of the deciding seat chooses, the
compiled policy chooses on the same state (the kernel's copy of the game, kept in step), and the two
must be equal. Both games then take the Python bot's action.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE, TERMINAL
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.fast import db_bots
from fathom.fast.db_batch import DeepBlueBatch
from fathom.fast.db_tables import MAX_PLAYERS


def play_and_compare(players: int, specs: list[str], seeds: range, options: dict[str, Any] | None = None
                     ) -> dict[str, int]:
    """Play ``seeds`` with ``specs`` (seat ``s`` of game ``k`` gets ``specs[(s + k) % len]``); return
    the decisions compared per spec. Fails on the first differing choice."""
    options = options or {}
    refs = [new_game("deep-blue", players=players, seed=s, record_events=False, **options) for s in seeds]
    game = refs[0].game
    batch = DeepBlueBatch(game, len(refs))
    batch.reset(seeds)
    seats = [[specs[(s + k) % len(specs)] for s in range(players)] for k in range(len(refs))]
    bots = [[build_bot(spec, "deep-blue", 1000 * k + s) for s, spec in enumerate(row)] for k, row in enumerate(seats)]
    kinds = np.zeros((len(refs), MAX_PLAYERS), np.int64)
    states = np.zeros((len(refs), MAX_PLAYERS), np.uint64)
    for k, row in enumerate(bots):
        for s, bot in enumerate(row):
            kind = db_bots.seat_policy(bot)
            assert kind is not None, seats[k][s]
            kinds[k, s] = kind
            states[k, s] = Rng(1000 * k + s).state
    G = db_bots.policy_tables(game)
    compiled = np.zeros(len(refs), np.int64)
    actions = np.zeros(len(refs), np.int64)
    compared = {spec: 0 for spec in specs}
    while any(r.current_player != TERMINAL for r in refs):
        db_bots.decide_batch(batch.S, batch.T, G, kinds, states, compiled)
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


@pytest.mark.parametrize("players", [2, 5])
def test_compiled_random_bot_draws_what_the_python_random_bot_draws(players: int):
    compared = play_and_compare(players, ["random"], range(players * 100, players * 100 + 6))
    assert compared["random"] > 500


def test_bots_without_a_compiled_form_say_so():
    assert db_bots.seat_policy(build_bot("ismcts", "deep-blue", 0)) is None
