"""fathom.fast against the reference engine for Into the Blue (the differential test, CI size).

``fathom fast verify --games 100000`` runs the same comparison at scale; here a few thousand games
cover 2-5 players, the packaged data and a corrected data file, with each seat's view compared at
every step for some games and every 20th step for the rest.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("numba")

from fathom.core.api import CHANCE
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.fast import need
from fathom.games.into_the_blue.kernels import play as itb_play
from fathom.games.into_the_blue.kernels import tables as itb_tables
from fathom.fast import rng as fast_rng
from fathom.fast.verify import Mismatch
from fathom.games.into_the_blue.kernels.verify import verify_into_the_blue
from fathom.games.into_the_blue import scoring
from fathom.games.into_the_blue.data import DATA_FILE


@pytest.fixture(scope="module")
def corrected_data(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A user's corrected component file: other treasures, chests, shells and rolls."""
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    raw["shells_per_player"]["value"] = 4
    raw["rolls_per_turn"]["value"] = 2
    raw["chests"]["values"] = [4, 9, 9, 9, 12, 3]
    for level, entry in raw["treasures"]["by_level"].items():
        entry["main"] = 2 * int(level) + 5
        entry["secondary"] = [int(level), int(level) + 1]
    path = tmp_path_factory.mktemp("data") / "corrected.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return str(path)


def test_the_ported_generator_draws_what_fathom_core_rng_draws():
    from numba import njit

    @njit
    def draws(seed, counter, bounds):
        st = fast_rng.for_key(seed, counter)
        out = np.empty(len(bounds), np.int64)
        for i in range(len(bounds)):
            st, out[i] = fast_rng.randbelow(st, bounds[i])
        return out

    # bounds near 2**63 reject often: the rejection rule must be the reference's too
    bounds = np.array([1, 2, 3, 6, 7, 462, 1296, 46656, 10**18, 2**63 - 1, 2**62 + 1], np.int64)
    for seed in (0, 1, 12345, 2**63 - 1, 2**64 - 1, -1, -99, 10**30):
        for counter in (0, 1, 5, 1000, 2**40):
            got = draws(fast_rng.seed_word(seed), np.uint64(counter), bounds).tolist()
            reference = Rng.for_key(seed, counter)
            assert got == [reference.randbelow(int(b)) for b in bounds], (seed, counter)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_both_engines_play_the_same_games(players: int):
    every_step = verify_into_the_blue(players, range(1000 * players, 1000 * players + 15), view_every=1)
    assert every_step.view_checks >= every_step.steps * players > 0
    seeds = range(100_000 * players, 100_000 * players + 600, 2)
    sampled = verify_into_the_blue(players, seeds, chooser_seed=players, view_every=20)
    assert sampled.games == 300 and sampled.steps > 50 * sampled.games


@pytest.mark.parametrize("players", [2, 5])
def test_both_engines_read_a_corrected_data_file(players: int, corrected_data: str):
    result = verify_into_the_blue(players, range(300), {"data_file": corrected_data}, view_every=3)
    assert result.games == 300


def test_a_rule_changed_in_the_reference_only_fails_the_comparison(monkeypatch: pytest.MonkeyPatch):
    """R-IB-5's last tie-break (the earlier last turn ranks first) turned around in the reference."""
    original = scoring.rank_level

    def later_turn_first(level, board, unused, last_turn):
        return original(level, board, unused, [-t for t in last_turn])

    monkeypatch.setattr(scoring, "rank_level", later_turn_first)
    with pytest.raises(Mismatch, match="differs from the reference engine"):
        verify_into_the_blue(4, range(200), view_every=1)


def test_a_table_changed_in_the_kernel_only_fails_the_comparison(monkeypatch: pytest.MonkeyPatch):
    build = itb_tables.build

    def cheaper_deepest_main(game):
        t, p = build(game)
        t[itb_tables.T_TOKENS + 3 * 4] -= 1
        return t, p

    monkeypatch.setattr(itb_tables, "build", cheaper_deepest_main)
    with pytest.raises(Mismatch, match="view|scores"):
        verify_into_the_blue(3, range(20), view_every=1)


def test_compiled_random_play_is_fathom_bench_random_play(bench_game_lengths):
    """Seeds 0, 1, 2… with RandomBot(seed=seat + 1) in each seat: the same games, so the same lengths."""
    game = new_game("into-the-blue", players=4, seed=0).game
    T, _ = itb_tables.build(game)
    _, lengths = itb_play.one_core(T, 0, 30)
    assert lengths.tolist() == bench_game_lengths("into-the-blue", 4, 30)


def test_without_numba_the_fast_paths_say_how_to_install_it(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(need, "have_numba", lambda: False)
    with pytest.raises(need.FastUnavailable, match=r"pip install -e '\.\[fast\]'"):
        need.need_numba("fathom bench --fast")


def test_fathom_fast_verify_and_bench_fast_from_the_command_line():
    import io

    from fathom.cli.main import main

    out = io.StringIO()
    assert main(["fast", "verify", "--game", "into-the-blue", "--games", "8", "--batch", "4", "--players", "2,5"], stdout=out) == 0
    text = out.getvalue()
    assert "8 games" in text and "agrees with the reference engine" in text
    out = io.StringIO()
    assert main(["bench", "--fast", "--game", "into-the-blue", "--seconds", "0.2"], stdout=out) == 0
    text = out.getvalue()
    assert "transitions/s" in text and "games/s" in text and "loop on one core (fathom.fast)" in text
    assert "4 players, greedy bots" in text and "4 players, heuristic bots" in text and "steps/s" in text


def test_fathom_fast_verify_reports_a_difference(monkeypatch: pytest.MonkeyPatch):
    import io

    from fathom.cli.main import main

    original = scoring.rank_level
    monkeypatch.setattr(scoring, "rank_level", lambda lv, b, u, t: original(lv, b, u, [-x for x in t]))
    out = io.StringIO()
    assert main(["fast", "verify", "--game", "into-the-blue", "--games", "100", "--players", "4", "--view-every", "1"], stdout=out) == 1
    assert "differs from the reference engine" in out.getvalue()


def test_every_fast_command_says_how_to_install_numba_when_it_is_missing(monkeypatch: pytest.MonkeyPatch):
    import io

    from fathom.cli.main import main

    monkeypatch.setattr(need, "have_numba", lambda: False)
    for argv in (["bench", "--fast", "--game", "into-the-blue"], ["fast", "verify", "--game", "into-the-blue", "--games", "1"]):
        out = io.StringIO()
        assert main(argv, stdout=out) == 2
        assert "pip install -e '.[fast]'" in out.getvalue(), argv
    from fathom.games.into_the_blue.vector_env import FastIntoTheBlueVectorEnv

    with pytest.raises(need.FastUnavailable, match="pip install"):
        FastIntoTheBlueVectorEnv(num_envs=2)


@pytest.mark.parametrize("first_player", ["random", 0, 2])
def test_both_engines_start_with_the_same_first_player_R_IB_1(first_player):
    """R-IB-1: who plays first is setup's chance outcome unless the option names a seat."""
    from fathom.games.into_the_blue.kernels.batch import IntoTheBlueBatch

    result = verify_into_the_blue(3, range(200), {"first_player": first_player}, view_every=5)
    assert result.games == 200
    state = new_game("into-the-blue", players=3, seed=5, first_player=first_player)
    batch = IntoTheBlueBatch(state.game, 1)
    batch.reset([5])
    assert batch.current_player().tolist() == [state.current_player]
    if first_player == "random":
        assert state.current_player == CHANCE
        assert batch.chance_outcomes() == [[(state.game.FIRST0 + seat, 1 / 3) for seat in range(3)]]
    else:  # the named seat's first roll
        assert state.view(None)["turn"]["seat"] == first_player and state.legal_actions() == batch.legal_actions()[0]
