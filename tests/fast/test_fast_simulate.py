"""``fathom simulate/balance --fast``: the same games and the same records as the reference runs.

The same seeds and bots through :func:`fathom.sim.runner.run_tasks` (reference engine, Python bots)
and the same with ``fast=True`` (kernel, compiled bots) must give equal records, timing
fields aside: scores, winners, length, decisions and the event-log statistics of every game. The
commands print the same rows; what ``--fast`` cannot play is refused with a sentence naming what it
can, and without numba it says how to install it.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

pytest.importorskip("numba")

from fathom.cli.main import main
from fathom.sim.balance import study_tables, study_tasks
from fathom.sim.runner import make_tasks, run_tasks, without_timing


def _same(tasks: list) -> list[dict]:
    reference = run_tasks(tasks, workers=1)
    fast = run_tasks(tasks, workers=2, fast=True)
    assert [without_timing(r) for r in fast] == [without_timing(r) for r in reference]
    assert all(set(f) == set(r) for f, r in zip(fast, reference))
    return fast


def test_simulate_tasks_play_the_same_games_on_the_compiled_engine():
    tasks = make_tasks("into-the-blue", ["heuristic", "greedy", "random", "heuristic(rival_weight=0.2)"], 40, seed=3)
    records = _same(tasks)
    assert len({r["seed"] for r in records}) == 10 and len({tuple(r["scores"]) for r in records}) > 20


def test_balance_tasks_of_every_player_count_play_the_same_games():
    tables = study_tables("into-the-blue", [2, 3, 4, 5])
    _same(study_tasks("into-the-blue", "greedy", tables, 12, seed=11) + study_tasks("into-the-blue", "random", tables[:1], 30))


def test_a_drawn_first_player_and_a_data_file_play_the_same_games(tmp_path: Path):
    from fathom.games.into_the_blue.data import DATA_FILE

    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    raw["rolls_per_turn"]["value"] = 2
    raw["chests"]["values"] = [4, 9, 9, 9, 12, 3]
    path = tmp_path / "corrected.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    tasks = make_tasks("into-the-blue", ["heuristic", "greedy"], 16, options={"data_file": str(path)}, seed=1)
    tasks += make_tasks("into-the-blue", ["heuristic"], 9, players=3, options={"first_player": "random"},
                        first_index=16, first_deal=8)
    _same(tasks)


def _command(tmp_path: Path, name: str, *argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main([*argv, "--quiet", "--out", str(tmp_path / name / "run")], stdout=out)
    return code, out.getvalue().replace(str(tmp_path / name), "DIR")


def test_the_commands_print_the_same_rows_with_and_without_fast(tmp_path: Path):
    simulate = ["simulate", "into-the-blue", "--bots", "heuristic,greedy", "--games", "12", "--seed", "4",
                "--workers", "1"]
    balance = ["balance", "into-the-blue", "--bot", "greedy", "--players", "2,4", "--games", "6", "--workers", "1"]
    for argv in (simulate, balance):
        code, reference = _command(tmp_path, "ref", *argv)
        code_fast, fast = _command(tmp_path, "fast", *argv, "--fast")
        assert code == code_fast == 0, fast
        assert fast == reference
        rows = [json.loads(line) for line in (tmp_path / "fast" / "run.jsonl").read_text().splitlines()]
        assert [without_timing(r) for r in rows] == [
            without_timing(json.loads(line)) for line in (tmp_path / "ref" / "run.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("argv, says", [
    (["simulate", "into-the-blue", "--bots", "expert,greedy"], "the bot 'expert' has no compiled form; --fast plays random, greedy, heuristic"),
    (["simulate", "into-the-blue", "--bots", "ismcts,greedy"], "the bot 'ismcts' has no compiled form"),
    (["simulate", "deep-blue", "--bots", "random,heuristic(lookahead=2)"],  # level 2 with other weights
     "the bot 'heuristic(lookahead=2)' has no compiled form;"),
    (["tournament", "deep-blue", "--bots", "random,ismcts"], "the bot 'ismcts' has no compiled form; --fast plays random"),
    (["balance", "into-the-blue", "--bot", "greedy", "--ray", "local"], "--fast runs on this machine's cores"),
])
def test_what_fast_cannot_play_is_refused_before_any_game(tmp_path: Path, argv: list[str], says: str):
    code, text = _command(tmp_path, "x", *argv, "--fast")
    assert code == 2 and says in text.replace("\n", " ")
    assert not (tmp_path / "x").exists()


def test_a_game_without_compiled_bots_is_refused_naming_those_with(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Which games ``--fast`` simulates comes from the compiled games that name a simulation module."""
    import dataclasses

    from fathom.fast import compiled

    real = compiled.compiled_game

    def without_deep_blue_sims(name: str) -> compiled.CompiledGame:
        return dataclasses.replace(real(name), simulate=None) if name == "deep-blue" else real(name)

    monkeypatch.setattr(compiled, "compiled_game", without_deep_blue_sims)
    code, text = _command(tmp_path, "x", "simulate", "deep-blue", "--bots", "random,random", "--fast")
    assert code == 2
    assert "deep-blue has no compiled bots for simulations yet; --fast plays into-the-blue" in text.replace("\n", " ")
    assert not (tmp_path / "x").exists()


def test_without_numba_fast_says_how_to_install_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from fathom.fast import need

    monkeypatch.setattr(need, "have_numba", lambda: False)
    code, text = _command(tmp_path, "x", "simulate", "into-the-blue", "--bots", "greedy,greedy", "--fast")
    assert code == 2 and "needs numba" in text and "pip install" in text.replace("\n", " ")
