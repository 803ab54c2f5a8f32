"""GET /api/tables/ID/analysis (made in the bot workers, kept with the table) and
POST /api/tables/ID/play-on (a new table from a replay's position), issue 50."""

from __future__ import annotations

import time

from server_helpers import bearer, make_table

import fathom
from fathom.analysis import decision_points
from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE
from fathom.server.analysis import Analyst

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"}]


def finished_game(seed: int = 4) -> fathom.State:
    """A short Into the Blue game between two expert bots, finished."""
    state = fathom.new_game("into-the-blue", players=2, seed=seed)
    bots = [build_bot("expert", "into-the-blue", seed + s) for s in range(2)]
    while not state.is_terminal():
        p = state.current_player
        state.apply(state.sample_chance() if p == CHANCE else bots[p].choose(state))
    return state


def finished_table(client) -> tuple[dict, fathom.State]:
    state = finished_game()
    links = make_table(client, SEATS, game="into-the-blue", save=state.to_dict())
    return links, state


def test_analysis_is_made_in_the_workers_and_kept(client) -> None:
    ref = client.app.state.referee
    client.app.state.analyst = Analyst(ref.store, ref.thinker, playouts=6)
    playing = make_table(client, SEATS, game="into-the-blue", seed=3, options={})
    early = client.get(f"/api/tables/{playing['id']}/analysis")
    assert early.status_code == 409 and early.json()["error"] == "not-over"
    links, state = finished_table(client)
    tid = links["id"]
    first = client.get(f"/api/tables/{tid}/analysis").json()
    assert first["status"] == "running"
    deadline = time.time() + 600
    while time.time() < deadline:
        got = client.get(f"/api/tables/{tid}/analysis").json()
        if got["status"] == "done":
            break
        assert got["status"] == "running" and (got["total"] is None or 0 <= got["done"] <= got["total"])
        time.sleep(0.5)
    assert got["status"] == "done", "the analysis did not finish"
    rows = got["decisions"]
    assert [(r["step"], r["seat"], state.game.action_id(r["played"])) for r in rows] == decision_points(state)
    assert all(abs(sum(r["win_chance"]) - 1) <= 0.05 and r["loss"] >= 0 for r in rows)
    assert got["seats"][1]["bot"] == "1"
    assert ref.store.analysis(tid)["decisions"] == rows  # kept with the table: asked again, it is not redone
    assert tid not in client.app.state.analyst.running


def test_play_on_from_a_replay_position(client) -> None:
    links, state = finished_table(client)
    tid, ann = links["id"], links["seats"][0]["token"]
    history = state.history()
    # a position where Ann (seat 0) is to move, some way into the game
    position = fathom.new_game("into-the-blue", players=2, seed=state.seed)
    step = None
    for k, action in enumerate(history):
        if k > len(history) // 2 and position.current_player == 0 and len(position.legal_actions()) > 1:
            step = k
            break
        position.apply(action)
    assert step is not None
    res = client.post(f"/api/tables/{tid}/play-on", json={"step": step}, headers=bearer(ann))
    assert res.status_code == 200, res.text
    made = res.json()
    assert made["seat"] == 0 and made["step"] == step and "#token=" in made["url"]
    new = client.app.state.referee.get(made["id"])
    assert new.state == position  # the same position, hidden state and all
    assert new.state.history() == history[:step]
    assert [s["kind"] for s in new.rec.seats] == ["human", "bot"]
    token = made["url"].split("#token=")[1]
    mine = client.get(f"/api/tables/{made['id']}/state", headers=bearer(token)).json()
    assert mine["to_move"] == 0 and mine["legal"]  # Ann plays on from there
    replay = client.get(f"/api/tables/{tid}/replay?step={step}", headers=bearer(ann)).json()
    assert replay["view"] == new.state.view(0)
    for bad in ({"step": len(history)}, {"step": -1}, {"step": "3"}, {"step": 3, "seat": 5}):
        refused = client.post(f"/api/tables/{tid}/play-on", json=bad, headers=bearer(ann))
        assert refused.status_code == 400, bad
    early = make_table(client, SEATS, game="into-the-blue", seed=3, options={})
    assert client.post(f"/api/tables/{early['id']}/play-on", json={"step": 1}).status_code == 409


def test_an_analysis_job_stops_at_its_cpu_budget_so_live_bots_do_not_wait_behind_it(monkeypatch) -> None:
    """Issue 52: eight Deep Blue decisions a job held a worker 4-6 s of CPU, and a live table's bots
    waited behind each job (25-40 s on a loaded machine). Now a job returns once past its budget,
    with at least one decision, and the next job goes on from there: the rows are the same."""
    import fathom.server.analysis as an

    state = finished_game(5)
    save = state.to_json()
    points = decision_points(state)[:6]
    monkeypatch.setattr(an, "JOB_SECONDS", 1e9)  # a budget never reached: every point in one job
    whole = an.analyse_points(save, points, 4)
    assert len(whole) == len(points)
    monkeypatch.setattr(an, "JOB_SECONDS", 0.0)  # past the budget after each decision
    an._WALKER = None
    rows: list[dict] = []
    jobs = 0
    while len(rows) < len(points):
        got = an.analyse_points(save, points[len(rows):len(rows) + an.CHUNK], 4)
        assert len(got) == 1  # one decision, then the job is over its budget
        rows += got
        jobs += 1
    assert jobs == len(points) and [r["step"] for r in rows] == [r["step"] for r in whole]
