"""A rematch: the next game of a finished table, the same seats, options and settings, a new seed."""

from __future__ import annotations

import json

from server_helpers import bearer, hello, make_table, play_out, recv

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "bot", "bot": "1"}]


def test_a_rematch_waits_for_the_end_and_is_refused_to_spectators(client):
    links = make_table(client, SEATS, game="into-the-blue", seed=3, options={}, hints=False)
    tid = links["id"]
    early = client.post(f"/api/tables/{tid}/rematch", headers=bearer(links["seats"][0]["token"]))
    assert early.status_code == 409 and early.json()["error"] == "rematch-early"
    assert "once this game is over" in early.json()["message"]
    play_out(client, links)
    watcher = client.post(f"/api/tables/{tid}/rematch")
    assert watcher.status_code == 403 and watcher.json()["error"] == "spectator"
    assert "rematch" not in client.get(f"/api/tables/{tid}").json()["settings"]  # refusals changed nothing


def test_the_first_to_ask_makes_the_rematch_and_everyone_after_joins_it(client):
    links = make_table(client, SEATS, game="into-the-blue", seed=3, clock=90, bot_delay_ms=0, hints=False)
    tid = links["id"]
    play_out(client, links)
    ann, bob = links["seats"][0]["token"], links["seats"][1]["token"]
    first = client.post(f"/api/tables/{tid}/rematch", headers=bearer(ann)).json()
    again = client.post(f"/api/tables/{tid}/rematch", headers=bearer(bob)).json()
    assert first["id"] == again["id"] != tid
    old, new = (client.get(f"/api/tables/{t}").json() for t in (tid, first["id"]))
    assert old["settings"]["rematch"] == first["id"]
    assert [(s["kind"], s["name"], s["bot"]) for s in new["seats"]] == [(s["kind"], s["name"], s["bot"]) for s in old["seats"]]
    assert new["game"] == "into-the-blue" and new["options"] == old["options"] and new["status"] == "playing"
    assert {k: v for k, v in old["settings"].items() if k != "rematch"} == new["settings"]
    # each person's link opens their own seat of the new table, and no other
    ann_token, bob_token = first["url"].split("#token=")[1], again["url"].split("#token=")[1]
    assert ann_token != bob_token
    assert client.get(f"/api/tables/{first['id']}/state", headers=bearer(ann_token)).json()["you"] == 0
    assert client.get(f"/api/tables/{first['id']}/state", headers=bearer(bob_token)).json()["you"] == 1
    assert client.get(f"/api/tables/{first['id']}/state", headers=bearer(ann)).status_code == 403
    # a new seed: not the same deal again
    assert client.app.state.referee.get(first["id"]).rec.seed != client.app.state.referee.get(tid).rec.seed


def test_every_open_page_is_told_its_own_way_into_the_rematch(client):
    links = make_table(client, SEATS, game="into-the-blue", seed=4)
    tid = links["id"]
    play_out(client, links)
    ann, bob = links["seats"][0]["token"], links["seats"][1]["token"]
    with client.websocket_connect(f"/ws/{tid}") as ws_ann, client.websocket_connect(f"/ws/{tid}") as ws_bob, \
            client.websocket_connect(f"/ws/{tid}") as ws_watch:
        hello(ws_ann, ann), hello(ws_bob, bob), hello(ws_watch, None)
        ws_watch.send_text(json.dumps({"type": "rematch"}))
        assert recv(ws_watch, "error")["code"] == "spectator"
        ws_bob.send_text(json.dumps({"type": "rematch"}))
        to_bob, to_ann, to_watch = recv(ws_bob, "rematch"), recv(ws_ann, "rematch"), recv(ws_watch, "rematch")
        assert to_bob["table"] == to_ann["table"] == to_watch["table"] != tid
        assert to_bob["url"] == client.post(f"/api/tables/{tid}/rematch", headers=bearer(bob)).json()["url"]
        assert "#token=" in to_ann["url"] and to_ann["url"] != to_bob["url"]
        assert to_watch["url"] == f"/t/{to_bob['table']}"
        # asking again (here Ann, after the fact) answers that page alone, with the same table
        ws_ann.send_text(json.dumps({"type": "rematch"}))
        assert recv(ws_ann, "rematch") == to_ann
