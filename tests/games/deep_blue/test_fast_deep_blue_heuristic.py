"""The compiled Deep Blue heuristic against the Python level-2 bot: the same action at every decision.

Seeded games with the Python ``DeepBlueHeuristicBot`` in every seat, with ISMCTS's playout weights
(``DeepBlueSearch.fast(DEFAULT)``: dive look-ahead 3, one-step continue/stop) and with the full
level-2 weights. At every decision the compiled :func:`fathom.games.deep_blue.bots.compiled.heuristic.heuristic_choose`
chooses on the kernel's copy of the game (kept in step with the reference) and must choose exactly
what the Python bot chose: every decision kind (turn, pay, take, sail-pay, sail-move, scout,
storm-order, rush, defend, play, continue) is held to exact equality, none to a lower bound.

Hidden information: at every decision the compiled choice is made again on a copy of the row where
every other seat's hand and rest pile are scrambled; it must not change.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from fathom.games.deep_blue.bots.evaluation import DEFAULT, Params
from fathom.games.deep_blue.bots.heuristic import DeepBlueHeuristicBot
from fathom.games.deep_blue.bots.search import DeepBlueSearch
from fathom.core.api import CHANCE, TERMINAL
from fathom.core.registry import new_game
from fathom.games.deep_blue.kernels.batch import DeepBlueBatch
from fathom.games.deep_blue.bots.compiled.heur_tables import heuristic_tables, scratch
from fathom.games.deep_blue.bots.compiled.heuristic import heuristic_choose
from fathom.games.deep_blue.kernels.kernel import MAX_ACTIONS
from fathom.games.deep_blue.kernels.tables import MAX_CARDS, S_HAND, S_KNOWN_HAND, S_KNOWN_REST, S_REST

FAST = DeepBlueSearch.fast(DEFAULT)


def _scrambled(S: np.ndarray, seat: int, players: int, rng: np.random.Generator) -> np.ndarray:
    """A copy of the row with every other seat's cards (hand, rest pile, what is known of them) redrawn."""
    spy = S.copy()
    for o in range(players):
        if o != seat:
            for col in (S_HAND, S_REST, S_KNOWN_HAND, S_KNOWN_REST):
                spy[0, col + o * MAX_CARDS:col + (o + 1) * MAX_CARDS] = rng.integers(0, 3, MAX_CARDS)
    return spy


def play_and_compare(players: int, seed: int, params: Params, options: dict[str, Any] | None = None) -> Counter:
    """One seeded game, every seat the Python heuristic; returns the decisions compared per kind.
    Fails on the first choice that differs (or that a rival's hidden cards change)."""
    ref = new_game("deep-blue", players=players, seed=seed, record_events=False, **(options or {}))
    batch = DeepBlueBatch(ref.game, 1)
    batch.reset([seed])
    H = heuristic_tables(ref.game, params)
    W, F = scratch()
    out = np.zeros(MAX_ACTIONS, np.int64)
    bots = [DeepBlueHeuristicBot(seed=s, params=params) for s in range(players)]
    rng = np.random.default_rng(seed)
    compared: Counter = Counter()
    while ref.current_player != TERMINAL:
        seat = ref.current_player
        if seat == CHANCE:
            action = ref.sample_chance()
        else:
            action = bots[seat].choose(ref)
            compiled = heuristic_choose(batch.S, batch.T, H, 0, seat, out, W, F)
            assert compiled == action, (
                f"{ref.step_kind} of seat {seat}, seed {seed}, {players} players {options}: Python chose "
                f"{ref.action_to_string(action)}, compiled {ref.action_to_string(int(compiled))}")
            spied = heuristic_choose(_scrambled(batch.S, seat, players, rng), batch.T, H, 0, seat, out, W, F)
            assert spied == compiled, f"{ref.step_kind} of seat {seat}: the choice read a rival's cards"
            compared[ref.step_kind] += 1
        ref.apply(int(action))
        batch.apply(np.array([action], np.int64))
    assert batch.scores()[0].tolist() == [int(v) for v in ref.scores()]
    return compared


def test_fast_weights_choose_what_the_python_bot_chooses_at_every_decision():
    compared = play_and_compare(3, 11, FAST)
    compared += play_and_compare(2, 11, FAST, {"scenario": "storm"})  # a storm-order call in this one
    for kind in ("turn", "pay", "take", "sail-pay", "sail-move", "scout", "storm-order", "rush", "defend", "play",
                 "continue"):
        assert compared[kind] > 0, (kind, compared)
    assert sum(compared.values()) > 300


@pytest.mark.parametrize("scenario", ["troubled-waters", "ruins-of-plenty"])
def test_fast_weights_agree_under_scenarios_that_change_the_dive(scenario: str):
    compared = play_and_compare(2, 21, FAST, {"scenario": scenario})
    assert compared["continue"] > 0 and compared["turn"] > 0


def test_full_level_two_weights_agree_too():
    compared = play_and_compare(2, 31, replace(DEFAULT))
    assert compared["continue"] > 0 and compared["turn"] > 0
