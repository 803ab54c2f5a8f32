"""Simulation: seat rotation, records, reproducibility across worker counts and on Ray, files."""

from __future__ import annotations

import csv
import io
import json
import os

from fathom.cli.main import main
from fathom.sim import runner
from fathom.sim.fairness import seat_rates
from fathom.sim.runner import make_tasks, play_one, run_tasks, without_timing

FAST_DB = ["heuristic", "greedy", "random", "greedy"]


def test_tasks_rotate_seats_over_shared_deals() -> None:
    tasks = make_tasks("deep-blue", ["a", "b", "c", "d"], 8, seed=5)
    assert [t.seats for t in tasks[:4]] == [("a", "b", "c", "d"), ("d", "a", "b", "c"), ("c", "d", "a", "b"),
                                            ("b", "c", "d", "a")]
    assert len({t.seed for t in tasks[:4]}) == 1 and tasks[4].seed != tasks[0].seed
    assert [t.index for t in tasks] == list(range(8))
    fixed = make_tasks("deep-blue", ["a", "b"], 3, seed=5, rotate=False)
    assert all(t.seats == ("a", "b") for t in fixed) and len({t.seed for t in fixed}) == 3


def test_record_fields_and_replay_from_seed() -> None:
    task = make_tasks("deep-blue", FAST_DB, 1, options={"scenario": "storm"}, seed=3)[0]
    rec = play_one(task)
    for key in ("seed", "seats", "scores", "winners", "places", "length", "turns", "dives", "dives_stopped",
                "dives_leader_failed", "dives_bag_empty", "hazard_draws", "first_hazard_draws", "cards_bought",
                "options", "winner_bots"):
        assert key in rec
    assert rec["dives"] == rec["dives_stopped"] + rec["dives_leader_failed"] + rec["dives_bag_empty"]
    assert sorted(rec["places"])[0] == 1 and not rec["aborted"]
    assert without_timing(play_one(task)) == without_timing(rec)  # the seed and the bots say it all


def test_places_share_ties() -> None:
    assert runner.places([10, 20, 20, 5], [1, 2]) == [3.0, 1.5, 1.5, 4.0]
    assert runner.places([30, 20, 30], [0]) == [1.0, 3.0, 2.0]  # tie-break winner first


def test_win_shares_by_bot_and_by_seat() -> None:
    """A shared win counts 1/k for each winner; seats are counted over tables of any size."""
    records = [
        {"players": 2, "seats": ["a", "b"], "winners": [1], "scores": [3, 5], "places": [2, 1]},
        {"players": 3, "seats": ["b", "a", "c"], "winners": [0, 2], "scores": [4, 1, 4], "places": [1.5, 3, 1.5]},
    ]
    assert [runner.win_share(records[1], s) for s in range(3)] == [0.5, 0.0, 0.5]
    rates = seat_rates(records)  # without seeds, each game is a deal of its own
    assert [rate for rate, _ in rates] == [0.25, 0.5, 0.5] and rates[0][1] > 0 and rates[2][1] != rates[2][1]
    summary = runner.summarize(records)
    assert (summary["a"].wins, summary["b"].wins, summary["c"].wins) == (0.0, 1.5, 0.5)
    assert summary["b"].by_seat == {1: [1, 1.0], 0: [1, 0.5]}


def test_same_seeds_same_results_on_1_and_2_workers() -> None:
    tasks = make_tasks("deep-blue", FAST_DB, 8, options={"scenario": "bounty-wrecks"}, seed=11)
    one = [without_timing(r) for r in run_tasks(tasks, workers=1)]
    two = [without_timing(r) for r in run_tasks(tasks, workers=2)]
    assert one == two
    itb = make_tasks("into-the-blue", ["expert", "greedy", "random"], 6, seed=2)
    assert [without_timing(r) for r in run_tasks(itb, workers=1)] == [
        without_timing(r) for r in run_tasks(itb, workers=2)]


def test_into_the_blue_stats() -> None:
    rec = play_one(make_tasks("into-the-blue", ["expert", "greedy"], 1, seed=4)[0])
    assert rec["turns"] > 0 and rec["dives"] >= rec["dives_failed"] + rec["dives_perfect"]
    assert sum(rec["shells_placed"]) > 0


def test_ray_gives_identical_results() -> None:
    import ray  # in the sim extra: CI installs it, so this runs for real
    from fathom.sim.ray_backend import run_on_ray

    tasks = make_tasks("deep-blue", FAST_DB, 4, options={"scenario": "storm"}, seed=21)
    local = [without_timing(r) for r in run_tasks(tasks, workers=1)]
    try:
        seen = []
        remote = run_on_ray(tasks, "local", num_cpus=2, on_result=seen.append)
    finally:
        ray.shutdown()
    assert [without_timing(r) for r in remote] == local
    assert [r["index"] for r in seen] == [0, 1, 2, 3]


def test_simulate_command_writes_jsonl_and_csv(tmp_path) -> None:
    out = io.StringIO()
    prefix = str(tmp_path / "run")
    code = main(["simulate", "deep-blue", "--bots", "greedy,random", "--games", "4", "--scenario", "storm",
                 "--workers", "1", "--out", prefix, "--seed", "9"], stdout=out)
    assert code == 0, out.getvalue()
    lines = open(prefix + ".jsonl").read().splitlines()
    assert len(lines) == 4
    rows = list(csv.DictReader(open(prefix + ".csv")))
    assert len(rows) == 4 and json.loads(rows[0]["seats"]) == ["greedy", "random"]
    assert json.loads(lines[1])["seats"] == ["random", "greedy"]
    assert "win rate" in out.getvalue() and "2-player games (4 on 2 deals): seat 0" in out.getvalue()


def test_simulate_out_named_with_its_extension_writes_the_same_two_files(tmp_path) -> None:
    out = io.StringIO()
    code = main(["simulate", "deep-blue", "--bots", "greedy,random", "--games", "2", "--workers", "1",
                 "--out", str(tmp_path / "run.jsonl"), "--quiet"], stdout=out)
    assert code == 0, out.getvalue()
    assert sorted(os.listdir(tmp_path)) == ["run.csv", "run.jsonl"]


def test_tournament_and_ladder_files(tmp_path) -> None:
    out = io.StringIO()
    ladder = str(tmp_path / "docs" / "ladder")
    code = main(["tournament", "deep-blue", "--bots", "random,greedy,heuristic", "--players", "2", "--deals", "2",
                 "--workers", "2", "--quiet", "--bootstrap", "30", "--out", str(tmp_path / "t"),
                 "--ladder", ladder], stdout=out)
    assert code == 0, out.getvalue()
    text = out.getvalue()
    assert "Elo ladder" in text
    data = json.load(open(ladder + ".json"))
    assert data["games"] == 3 * 2 * 2  # 3 pairs x 2 deals x 2 rotations
    names = [r["bot"] for r in data["ratings"]]
    assert set(names) == {"random", "greedy", "heuristic"}
    assert "| rank | bot | Elo |" in open(ladder + ".md").read()


def test_tournament_steps_seat_each_level_against_the_one_below(tmp_path) -> None:
    out = io.StringIO()
    ladder = str(tmp_path / "ladder")
    code = main(["tournament", "deep-blue", "--bots", "random,greedy,heuristic", "--players", "3", "--deals", "1",
                 "--steps", "--workers", "1", "--quiet", "--bootstrap", "10", "--out", str(tmp_path / "t"),
                 "--ladder", ladder], stdout=out)
    assert code == 0, out.getvalue()
    data = json.load(open(ladder + ".json"))
    # the round robin table (all three) plus greedy vs 2 random and heuristic vs 2 greedy, 3 rotations each
    assert data["games"] == 3 * 3
    steps = data["steps"]
    assert [(s["bot"], s["below"], s["games"]) for s in steps] == [("greedy", "random", 3), ("heuristic", "greedy", 3)]
    assert all(0.0 <= s["win_low"] <= s["win_rate"] <= s["win_high"] <= 1.0 and abs(s["parity"] - 1 / 3) < 1e-3 for s in steps)
    page = open(ladder + ".md").read()
    assert "Each level against the level below" in page and "| `heuristic` | `greedy` | 3 |" in page
    assert "greedy alone against 2 x random" in out.getvalue()
    # the command that regenerates it: what changes the games, not where or how fast they ran
    assert data["meta"]["command"] == (f"fathom tournament deep-blue --bots random,greedy,heuristic --players 3 "
                                       f"--deals 1 --bootstrap 10 --steps --ladder {ladder}")


def test_report_writes_html_with_plots(tmp_path) -> None:
    prefix = str(tmp_path / "r")
    main(["simulate", "deep-blue", "--bots", "heuristic,greedy,random", "--games", "6", "--workers", "1",
          "--out", prefix, "--quiet"], stdout=io.StringIO())
    main(["simulate", "deep-blue", "--bots", "heuristic,greedy,random", "--games", "3", "--workers", "1",
          "--scenario", "storm", "--out", prefix + "2", "--quiet", "--seed", "1"], stdout=io.StringIO())
    html_path = str(tmp_path / "report.html")
    out = io.StringIO()
    code = main(["report", prefix + ".jsonl", prefix + "2.jsonl", "--out", html_path, "--png-dir",
                 str(tmp_path / "png")], stdout=out)
    assert code == 0, out.getvalue()
    page = open(html_path).read()
    assert page.count("<img") >= 5 and "data:image/png;base64" in page
    assert "Seat effect (" in page and "3-player games (9 on 3 deals)" in page
    assert "Where the VP come from" in page and "<th>VP leading</th>" in page
    assert len(os.listdir(tmp_path / "png")) >= 5
    assert main(["report", str(tmp_path / "missing.jsonl")], stdout=io.StringIO()) == 2


def test_report_draws_a_bot_that_never_won(tmp_path) -> None:
    rec = play_one(make_tasks("deep-blue", ["heuristic", "random"], 1, seed=3)[0])
    assert rec["winners"] == [0]
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(rec) + "\n" for _ in range(11)))  # random: 0 wins in 11
    assert main(["report", str(path), "--out", str(tmp_path / "r.html")], stdout=io.StringIO()) == 0
