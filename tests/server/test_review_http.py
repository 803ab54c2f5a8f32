"""GET /api/tables/ID/review: a seat's push-your-luck calls, once the game is over, for that seat alone."""

from __future__ import annotations

from server_helpers import bearer, make_table, play_out

from fathom.core.registry import load
from fathom.review import review_json

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "bot", "bot": "1"}]


def test_a_review_is_for_the_seats_own_calls_once_the_game_is_over(client):
    links = make_table(client, SEATS, game="into-the-blue", seed=5, options={})
    tid, ann, bob = links["id"], links["seats"][0]["token"], links["seats"][1]["token"]
    early = client.get(f"/api/tables/{tid}/review", headers=bearer(ann))
    assert early.status_code == 409 and early.json()["error"] == "not-over"
    play_out(client, links)
    watcher = client.get(f"/api/tables/{tid}/review")
    assert watcher.status_code == 403 and watcher.json()["error"] == "spectator"
    mine = client.get(f"/api/tables/{tid}/review", headers=bearer(ann)).json()
    assert mine["kind"] == "dice-choices" and mine["seat"] == 0 and mine["rows"]
    assert set(mine["rows"][0]) >= {"move", "dice", "played", "best", "played_value", "best_value", "given_up"}
    saved = load(client.get(f"/api/tables/{tid}/save").text)
    assert mine == review_json(saved, 0)  # the same numbers as `fathom review` on the download
    assert client.get(f"/api/tables/{tid}/review", headers=bearer(bob)).json() == review_json(saved, 1)
