"""``fathom balance``: every table of a game, one bot in every seat, seat effects tested over all tables."""

from __future__ import annotations

import io
import json
import math

import pytest

from fathom.cli.main import main
from fathom.core.errors import OptionError
from fathom.sim.balance import NO_SCENARIO, Table, results, study_tables, study_tasks
from fathom.sim.runner import make_tasks


def _table_games(players: int, scenario: str, winners: list[int], first_seed: int) -> list[dict]:
    """Records of games on deals of their own, as the study plays them."""
    return [{"players": players, "seed": first_seed + g, "options": {"scenario": scenario}, "winners": [w],
             "scores": [10.0 if s == w else 5.0 for s in range(players)], "turns": 30, "length": 300}
            for g, w in enumerate(winners)]


def test_every_player_count_and_scenario_by_default_or_the_ones_asked_for() -> None:
    tables = study_tables("deep-blue")
    assert len(tables) == 4 * 8 and tables[0] == Table(2, "troubled-waters", {"scenario": "troubled-waters"})
    assert {t.scenario for t in tables} >= {"storm", "none"}
    assert study_tables("deep-blue", [3], ["storm"], {"hidden_scores": True}) == [
        Table(3, "storm", {"hidden_scores": True, "scenario": "storm"})]
    assert [(t.players, t.scenario) for t in study_tables("into-the-blue")] == [(n, NO_SCENARIO) for n in range(2, 6)]


@pytest.mark.parametrize("game, players, scenarios, says", [
    ("deep-blue", [6], None, "players=6 is not allowed; allowed: 2 to 5"),
    ("deep-blue", None, ["tempest"], "option scenario='tempest' is not allowed"),
    ("into-the-blue", None, ["storm"], "into-the-blue has no scenarios"),
    ("deep-blue", [3, 3], None, "--players: list each one once"),
    ("deep-blue", None, ["storm", "none", "storm"], "--scenarios: list each one once"),
])
def test_a_table_the_game_does_not_have_is_refused(game, players, scenarios, says) -> None:
    with pytest.raises(OptionError, match=says):
        study_tables(game, players, scenarios)


def test_tasks_keep_seats_and_give_every_game_a_deal_of_its_own() -> None:
    tasks = study_tasks("deep-blue", "greedy", study_tables("deep-blue", [2, 3], ["storm", "none"]), 3)
    assert len(tasks) == 12 and [t.index for t in tasks] == list(range(12))
    assert len({t.seed for t in tasks}) == 12 and all(t.rotation == 0 for t in tasks)
    assert [t.players for t in tasks] == [2] * 6 + [3] * 6
    assert all(set(t.seats) == {"greedy"} for t in tasks) and tasks[3].options == {"scenario": "none", "first_player": 0}


def test_a_seat_effect_is_called_only_when_it_survives_the_adjustment_over_all_tables() -> None:
    """Two 4-player tables of 400 games: in one seat 0 wins a third of them (p ≈ 0.007 alone), the
    other is even. Two tables double the smaller p (Benjamini-Hochberg), and it stays below 0.05."""
    lopsided = [0] * 133 + [1] * 89 + [2] * 89 + [3] * 89
    even = [g % 4 for g in range(400)]
    records = _table_games(4, "storm", lopsided, 0) + _table_games(4, "none", even, 1000)
    tables = [Table(4, "storm", {}), Table(4, "none", {})]
    storm, none = results(records, tables)
    assert storm.games == 400 and storm.seat_win[0] == pytest.approx(133 / 400)
    assert storm.p_value < 0.01 and storm.q_value == pytest.approx(2 * storm.p_value) and storm.uneven
    assert storm.verdict() == "seat 0 wins most, seat 1 least"
    assert none.q_value == pytest.approx(1.0) and none.verdict() == "even"
    assert storm.mean_turns == 30 and storm.winner_score == 10 and storm.mean_score == pytest.approx(6.25)


def test_a_weak_effect_among_many_tables_is_not_called() -> None:
    """A table whose seats test at p ≈ 0.03 alone, beside nine even ones: after the adjustment it is luck."""
    weak = [0] * 128 + [1] * 90 + [2] * 90 + [3] * 92
    records = _table_games(4, "weak", weak, 0)
    tables = [Table(4, "weak", {})]
    for k in range(9):
        records += _table_games(4, f"even{k}", [g % 4 for g in range(400)], 1000 * (k + 1))
        tables.append(Table(4, f"even{k}", {}))
    rows = results(records, tables)
    assert 0.01 < rows[0].p_value < 0.05 and rows[0].q_value > 0.05 and not rows[0].uneven


def test_too_few_games_to_test_are_said_so() -> None:
    (row,) = results(_table_games(3, "storm", [0, 0], 0), [Table(3, "storm", {})])
    assert math.isnan(row.q_value) and row.verdict().startswith("too few games")


def test_balance_command_writes_the_study(tmp_path) -> None:
    out = io.StringIO()
    study = str(tmp_path / "docs" / "balance")
    code = main(["balance", "deep-blue", "--bot", "greedy", "--players", "2,3", "--scenarios", "storm,none",
                 "--games", "3", "--workers", "1", "--quiet", "--out", str(tmp_path / "r"), "--study", study],
                stdout=out)
    assert code == 0, out.getvalue()
    assert len((tmp_path / "r.jsonl").read_text().splitlines()) == 12
    body = json.loads((tmp_path / "docs" / "balance.json").read_text())
    assert [(t["players"], t["scenario"], t["games"]) for t in body["tables"]] == [
        (2, "storm", 3), (2, "none", 3), (3, "storm", 3), (3, "none", 3)]
    page = (tmp_path / "docs" / "balance.md").read_text()
    assert ("Generated by `fathom balance deep-blue --bot greedy --players 2,3 --scenarios storm,none --games 3 "
            f"--study {study}`") in page
    assert "## 3 players (even: 33.3%)" in page and "![" in page and "(balance.png)" in page
    assert (tmp_path / "docs" / "balance.png").read_bytes()[:4] == b"\x89PNG"
    assert "Seat balance, deep-blue" in out.getvalue()


@pytest.mark.parametrize("args, says", [
    (["--players", "2,x"], "--players: give whole numbers separated by commas"),
    (["--games", "1"], "--games: a table needs at least 2 games"),
    (["--players", "7"], "players=7 is not allowed"),
])
def test_balance_command_refuses_bad_input(tmp_path, args, says) -> None:
    out = io.StringIO()
    assert main(["balance", "deep-blue", "--out", str(tmp_path / "r"), "--quiet", *args], stdout=out) == 2
    assert says in out.getvalue().replace("\n", " ")
    assert not (tmp_path / "r.jsonl").exists()


def test_r_db_1_simulated_seats_are_places_in_turn_order_unless_an_option_says_otherwise() -> None:
    """The first player is drawn by default (R-DB-1, R-IB-1); a seat's win rate would then mix every
    place in turn order, so simulations name seat 0 first unless the options choose."""
    for game in ("deep-blue", "into-the-blue"):
        assert {t.options["first_player"] for t in make_tasks(game, ["random"] * 2, 4)} == {0}
    drawn = make_tasks("deep-blue", ["random"] * 2, 2, options={"first_player": "random"})
    assert {t.options["first_player"] for t in drawn} == {"random"}
