"""``fathom simulate/balance/tournament deep-blue --fast``: the reference runs' games and records.

The same tasks through :func:`fathom.sim.runner.run_tasks` (reference engine, Python bots) and with
``fast=True`` (kernel, compiled bots) must give equal records, timing aside: scores, winners,
places, length, turns, decisions and every statistic ``fathom.games.deep_blue.stats.statistics`` reads from the
event log (dives with their leaders, gems, outcomes and hazards, hires, resurfacings, VP led and
joined, best dives). The kernel's tally must follow every game itself: a game it hands back to
``play_one`` (its way out for a game it cannot follow) would make the comparison empty, so here
that way out fails the test. Every bot with a compiled form plays (``db_bots.KINDS``).
"""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from fathom.cli.main import main
from fathom.games.deep_blue.bots.compiled import choose as db_bots
from fathom.games.deep_blue.kernels import sim as db_sim
from fathom.games.deep_blue.kernels import tally as Y
from fathom.games.deep_blue.data import DEFAULT_DATA_FILE, check_data_file
from fathom.sim import runner
from fathom.sim.balance import study_tables, study_tasks
from fathom.sim.cli import _options
from fathom.sim.runner import make_tasks, play_one, run_tasks, without_timing

COMPILED = list(db_bots.KINDS)  # random, and each bot as it is ported


@pytest.fixture(autouse=True)
def no_way_out(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(task: runner.GameTask) -> dict[str, Any]:
        raise AssertionError(f"the tally could not follow game {task.index} (seed {task.seed}, {task.options})")

    monkeypatch.setattr(db_sim, "play_one", refuse)


def _same(tasks: list[runner.GameTask]) -> list[dict[str, Any]]:
    reference = [play_one(task) for task in tasks]
    fast = run_tasks(tasks, workers=2, fast=True)
    for f, r in zip(fast, reference):
        assert without_timing(f) == without_timing(r), f"game {r['index']}, seed {r['seed']}, {r['options']}"
        assert set(f) == set(r)
    return fast


def _bots(players: int) -> list[str]:
    return [COMPILED[s % len(COMPILED)] for s in range(players)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_scenario_plays_the_same_games_and_records(players: int):
    """``--scenario all`` (one scenario a deal, in turn) with open scores, as the command builds it."""
    every = _options(argparse.Namespace(game="deep-blue", scenario="all", option=["hidden_scores=false"]))
    assert len(every) == 8 and all(o["hidden_scores"] is False for o in every)
    # two deals a scenario, seats not rotated; the step-by-step twin test (test_fast_deep_blue.py) sweeps more
    records = _same(make_tasks("deep-blue", _bots(players), 2 * len(every), options=every, seed=players, rotate=False))
    assert {r["options"]["scenario"] for r in records} == {o["scenario"] for o in every}
    assert sum(r["dives"] for r in records) > 6 * players
    assert all(len(r["dive_gems"]) == r["dives"] for r in records)


def test_hidden_scores_a_drawn_first_player_and_one_count_card_per_dive():
    tasks = make_tasks("deep-blue", _bots(4), 12, seed=7)  # hidden scores: the box's rule
    tasks += make_tasks("deep-blue", _bots(3), 6, options={"first_player": "random", "scenario": "random"},
                        first_index=12, first_deal=3)
    tasks += make_tasks("deep-blue", _bots(2), 6, options={"one_count_card_per_dive": True}, first_index=18)
    records = _same(tasks)
    assert {r["players"] for r in records} == {2, 3, 4}
    hazards = [k for r in records for k in r["hazard_draws"]]
    outcomes = {o for r in records for o in r["dive_outcomes"]}
    assert hazards and outcomes >= {"stopped", "leader_failed"}
    assert any(r["cards_bought"][s] for r in records for s in range(r["players"]))


def test_games_cut_at_max_steps_count_what_their_log_holds(monkeypatch: pytest.MonkeyPatch):
    """Cut mid-dive or mid-payment, a game's dives led, resurfacings, hires and turns are those
    its log holds so far; the unfinished dive is in no list."""
    records = []
    for k, cut in enumerate(range(60, 380, 16)):
        monkeypatch.setattr(runner, "MAX_STEPS", cut)
        monkeypatch.setattr(db_sim, "MAX_STEPS", cut)
        records += _same(make_tasks("deep-blue", _bots(3), 2, options={"scenario": "storm"}, seed=cut, rotate=False,
                                    first_index=2 * k))
    assert all(r["aborted"] for r in records)
    assert any(sum(r["dives_led"]) > r["dives"] for r in records)  # a dive under way when cut


def test_a_corrected_data_file_plays_the_same_games(tmp_path: Path):
    raw = json.loads(DEFAULT_DATA_FILE.read_text(encoding="utf-8"))
    raw["gems"]["vp"] = {"silver": 2, "gold": 3, "red": 5}
    raw["market"]["slot_prices"] = [2, 2, 3, 3]
    for card in raw["crew_deck"]:
        if card.get("vp"):
            card["vp"] += 3
    path = tmp_path / "corrected.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert check_data_file(path) == []
    _same(make_tasks("deep-blue", _bots(3), 12, options={"data_file": str(path)}, seed=5))


def test_balance_tasks_play_the_same_games():
    tables = study_tables("deep-blue", [2, 5], ["storm", "bounty-wrecks"])
    _same(study_tasks("deep-blue", "random", tables, 4, seed=3))


def test_a_game_the_tally_cannot_follow_gets_the_reference_record(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.undo()  # this test takes the way out on purpose
    task = make_tasks("deep-blue", ["random"], 1, players=2, seed=9)[0]
    row = np.zeros(Y.C_WIDTH, np.int64)
    row[Y.C_FALLBACK] = 1
    record = db_sim._record(task, row, ())
    assert without_timing(record) == without_timing(play_one(task)) and record["length"] > 0


def _command(tmp_path: Path, name: str, *argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main([*argv, "--quiet", "--out", str(tmp_path / name / "run")], stdout=out)
    return code, out.getvalue().replace(str(tmp_path / name), "DIR")


def _rows(path: Path) -> list[dict[str, Any]]:
    return [without_timing(json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines()]


def _csv(path: Path) -> list[list[str]]:
    import csv

    with path.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(fh))
    timing = [rows[0].index(k) for k in runner.TIMING_KEYS]
    return [[v for i, v in enumerate(row) if i not in timing] for row in rows]


@pytest.mark.parametrize("argv", [
    ["simulate", "deep-blue", "--bots", "random,random,random", "--games", "15", "--seed", "2", "--scenario", "all"],
    ["balance", "deep-blue", "--bot", "random", "--players", "2,5", "--scenarios", "storm,none", "--games", "4"],
    ["tournament", "deep-blue", "--bots", ",".join(_bots(3)), "--players", "3", "--deals", "2"],
])
def test_the_commands_write_the_same_rows_with_and_without_fast(tmp_path: Path, argv: list[str]):
    code, reference = _command(tmp_path, "ref", *argv, "--workers", "1")
    code_fast, fast = _command(tmp_path, "fast", *argv, "--workers", "1", "--fast")
    assert code == code_fast == 0, fast
    assert fast == reference
    rows = _rows(tmp_path / "fast" / "run.jsonl")
    assert rows == _rows(tmp_path / "ref" / "run.jsonl") and len(rows) >= 6
    assert _csv(tmp_path / "fast" / "run.csv") == _csv(tmp_path / "ref" / "run.csv")


@pytest.mark.parametrize("bot", [b for b in ("heuristic", "ismcts", "greedy") if b not in db_bots.KINDS])
def test_a_bot_without_a_compiled_form_is_refused_naming_those_with(tmp_path: Path, bot: str):
    code, text = _command(tmp_path, "x", "simulate", "deep-blue", "--bots", f"random,{bot}", "--fast")
    text = " ".join(text.split())
    assert code == 2
    assert f"the bot '{bot}' has no compiled form; --fast plays {', '.join(db_bots.KINDS)};" in text
    assert "drop --fast" in text and not (tmp_path / "x").exists()
