"""HTTP API: every route, its errors, and that nothing changes on a refused request."""

from __future__ import annotations

import json

from server_helpers import bearer, make_table, play_out, wait_over

from fathom import load
from fathom.core.api import CHANCE
from fathom.core.registry import new_game
from fathom.server.i18n import ERRORS, UI


def test_pages_and_static_files(client):
    assert "fathom" in client.get("/").text
    assert 'id="main"' in client.get("/t/anything").text
    for path in ("/static/style.css", "/static/js/common.js", "/static/js/table.js",
                 "/static/games/deep-blue/renderer.js", "/static/games/into-the-blue/renderer.js", "/static/js/lobby.js"):
        assert client.get(path).status_code == 200, path
    assert client.get("/healthz").text == "ok"


def test_no_external_urls_in_web_assets():
    from fathom.server.app import WEB

    for path in WEB.rglob("*"):
        if path.is_file():
            text = path.read_text()
            assert "http://" not in text.replace("http://www.w3.org", "") and "https://" not in text, path


def test_games_list_offers_bots_and_options(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games) == {"deep-blue", "into-the-blue"}
    db = games["deep-blue"]
    assert (db["min_players"], db["max_players"]) == (2, 5)
    assert {b["id"] for b in db["bots"]} >= {"0", "1"}
    scenario = next(o for o in db["options"] if o["name"] == "scenario")
    assert "troubled-waters" in scenario["choices"] and len(scenario["choices"]) >= 7
    assert all(o["name"] != "data_file" for o in db["options"])


def test_rules_are_served_as_html_in_the_asked_language(client):
    fr = client.get("/api/games/deep-blue/rules?lang=fr").json()
    assert fr["lang"] == "fr" and fr["html"].startswith("<h1>Deep Blue") and "<strong>Plonger</strong>" in fr["html"]
    assert "<li>" in fr["html"] and "<script" not in fr["html"]
    english = client.get("/api/games/into-the-blue/rules?lang=xx").json()
    assert english["lang"] == "en" and "Perfect dive" in english["html"]
    missing = client.get("/api/games/chess/rules?lang=fr")
    assert missing.status_code == 404 and missing.json()["error"] == "no-game"
    assert missing.json()["message"] == "Il n'y a pas de jeu 'chess'\u202f; permis\u202f: deep-blue, into-the-blue."


def test_strings_have_the_same_keys_in_both_languages(client):
    assert set(UI["en"]) == set(UI["fr"])
    assert set(ERRORS["en"]) == set(ERRORS["fr"])
    fr = client.get("/api/i18n/fr").json()
    assert fr["_lang"] == "fr" and fr["t.your_turn"] == "À vous de jouer"
    assert client.get("/api/i18n/xx").json()["_lang"] == "en"


def test_create_table_returns_one_secret_link_per_person(client):
    links = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"}, {"kind": "human"}])
    people = [s for s in links["seats"] if s["kind"] == "human"]
    assert [s["seat"] for s in people] == [0, 2]
    assert all(s["url"] == f"/t/{links['id']}#token={s['token']}" for s in people)
    assert len({s["token"] for s in people}) == 2
    assert "token" not in links["seats"][1]
    listed = client.get("/api/tables").json()
    assert listed[0]["id"] == links["id"] and listed[0]["status"] == "playing"
    assert "token" not in json.dumps(listed)


def test_create_table_rejects_bad_specs(client):
    bad = [
        {"game": "chess", "seats": [{"kind": "human"}] * 2},
        {"game": "deep-blue", "seats": [{"kind": "human"}]},
        {"game": "deep-blue", "seats": [{"kind": "human"}] * 6},
        {"game": "deep-blue", "seats": [{"kind": "human"}, {"kind": "alien"}]},
        {"game": "deep-blue", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "no-such-bot"}]},
        {"game": "deep-blue", "seats": [{"kind": "human"}] * 2, "options": {"scenario": "nope"}},
        {"game": "deep-blue", "seats": [{"kind": "human"}] * 2, "options": {"data_file": "/etc/passwd"}},
        {"game": "deep-blue", "seats": [{"kind": "human"}] * 2, "seed": -1},
        {"game": "deep-blue", "seats": [{"kind": "human"}] * 2, "clock": -5},
        {"game": "deep-blue", "seats": [{"kind": "human", "name": "x" * 99}] * 2},
    ]
    for spec in bad:
        res = client.post("/api/tables", json=spec)
        assert res.status_code == 400, spec
        assert res.json()["error"] == "bad-table" and res.json()["message"]
    json_type = {"Content-Type": "application/json"}
    assert client.post("/api/tables", content=b"not json", headers=json_type).json()["error"] == "bad-json"
    assert client.post("/api/tables", content=b"not json").json()["error"] == "need-json"
    assert client.post("/api/tables", json=[1, 2]).json()["error"] == "bad-message"
    assert client.get("/api/tables").json() == []


def test_errors_are_translated(client):
    res = client.post("/api/tables?lang=fr", json={"game": "chess", "seats": []})
    assert res.json()["message"].startswith("Impossible de créer la table")


def test_state_is_redacted_per_seat(client):
    links = make_table(client)
    a, b = links["seats"][0]["token"], links["seats"][1]["token"]
    sa = client.get(f"/api/tables/{links['id']}/state", headers=bearer(a)).json()
    sb = client.get(f"/api/tables/{links['id']}/state", headers=bearer(b)).json()
    watch = client.get(f"/api/tables/{links['id']}/state").json()
    assert sa["you"] == 0 and sb["you"] == 1 and watch["you"] is None
    assert "hand" in sa["view"]["seats"][0] and "hand" not in sa["view"]["seats"][1]
    assert "hand" in sb["view"]["seats"][1] and "hand" not in sb["view"]["seats"][0]
    assert all("hand" not in s and "rest" not in s for s in watch["view"]["seats"])
    assert "seed" not in json.dumps(watch["view"])
    to_move = sa["to_move"]
    mover = sa if to_move == 0 else sb
    other = sb if to_move == 0 else sa
    assert mover["legal"] and not other["legal"] and not watch["legal"]
    assert sa["describe"]["nodes"] and sa["odds"]["bag_total"] > 0


def test_r_db_18_each_page_sees_only_its_own_total_unless_scores_are_shown(client):
    links = make_table(client, seed=5)  # hidden_scores by default (every total is shown at the end: engine tests)
    tid = links["id"]
    a = links["seats"][0]["token"]
    sa = client.get(f"/api/tables/{tid}/state", headers=bearer(a)).json()
    watch = client.get(f"/api/tables/{tid}/state").json()
    assert sa["table"]["options"]["hidden_scores"] is True
    assert sa["scores"] == [0, None] and [s["vp"] for s in sa["view"]["seats"]] == [0, None]
    assert watch["scores"] == [None, None] and [s["vp"] for s in watch["view"]["seats"]] == [None, None]
    shown = make_table(client, seed=5, options={"hidden_scores": False})
    sb = client.get(f"/api/tables/{shown['id']}/state", headers=bearer(shown["seats"][1]["token"])).json()
    assert sb["scores"] == [0, 0] and [s["vp"] for s in sb["view"]["seats"]] == [0, 0]


def test_bad_tokens_are_refused(client):
    links = make_table(client)
    other = make_table(client)
    tid = links["id"]
    for token in ("nonsense", "0.deadbeef", other["seats"][0]["token"], "h." + "0" * 32):
        res = client.get(f"/api/tables/{tid}/state", headers=bearer(token))
        assert res.status_code == 403 and res.json()["error"] == "bad-token"
    assert client.get("/api/tables/nope/state").status_code == 404


def _mover(client, links):
    tid = links["id"]
    st = client.get(f"/api/tables/{tid}/state").json()
    seat = st["to_move"]
    token = links["seats"][seat]["token"]
    return seat, token, client.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()


def test_act_over_http_and_every_refusal_changes_nothing(client):
    links = make_table(client)
    tid = links["id"]
    seat, token, st = _mover(client, links)
    other = links["seats"][1 - seat]["token"]
    move = st["move_number"]
    url = f"/api/tables/{tid}/act"
    refusals = [
        (bearer(other), {"action": st["legal"][0][1]}, 409, "not-your-turn"),
        ({}, {"action": st["legal"][0][1]}, 403, "spectator"),
        (bearer(token), {"action": "dive nowhere"}, 422, "illegal"),
        (bearer(token), {"action": 99999}, 422, "illegal"),
        (bearer(token), {"action": "pay harpooner"}, 422, "illegal"),
        (bearer(token), {"action": st["legal"][0][1], "expect": move - 1}, 409, "stale"),
        (bearer(token), {"action": None}, 400, "bad-message"),
        (bearer(token), {"action": True}, 400, "bad-message"),
        (bearer(token), {"action": "x", "expect": "soon"}, 400, "bad-message"),
    ]
    for headers, body, status, code in refusals:
        res = client.post(url, json=body, headers=headers)
        assert (res.status_code, res.json()["error"]) == (status, code), body
    assert client.get(f"/api/tables/{tid}/state").json()["move_number"] == move
    res = client.post(url, json={"action": st["legal"][0][1], "expect": move}, headers=bearer(token))
    assert res.status_code == 200 and res.json()["move_number"] == move + 1
    by_id = client.post(url, json={"action": client.get(f"/api/tables/{tid}/state", headers=bearer(token))
                                   .json()["legal"][0][0]}, headers=bearer(token))
    assert by_id.status_code == 200


def test_undo_only_own_move_in_own_turn_and_never_a_reveal(client):
    links = make_table(client)
    tid = links["id"]
    seat, token, st = _mover(client, links)
    assert not st["can_undo"]
    res = client.post(f"/api/tables/{tid}/undo", json={}, headers=bearer(token))
    assert res.status_code == 409 and res.json()["error"] == "no-undo"
    before = st["view"]
    move = st["move_number"]
    recruit = next(text for _, text in st["legal"] if text.startswith("recruit"))
    client.post(f"/api/tables/{tid}/act", json={"action": recruit}, headers=bearer(token))
    after = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
    assert after["can_undo"] and after["view"]["phase"] == "pay"
    other = links["seats"][1 - seat]["token"]
    assert client.post(f"/api/tables/{tid}/undo", json={}, headers=bearer(other)).json()["error"] == "no-undo"
    assert client.post(f"/api/tables/{tid}/undo", json={}).json()["error"] == "spectator"
    res = client.post(f"/api/tables/{tid}/undo", json={"expect": move + 1}, headers=bearer(token))
    assert res.status_code == 200 and res.json()["move_number"] == move
    again = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
    assert again["view"] == before
    # paying shows a card from the hand to everyone: that can no longer be taken back
    client.post(f"/api/tables/{tid}/act", json={"action": recruit}, headers=bearer(token))
    st = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
    pay = next(text for _, text in st["legal"] if text.startswith("pay ") and text != "pay token")
    client.post(f"/api/tables/{tid}/act", json={"action": pay}, headers=bearer(token))
    st = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
    if st["to_move"] == seat:
        assert not st["can_undo"]


def test_back_and_links_for_the_host(client):
    links = make_table(client)
    tid = links["id"]
    assert client.post(f"/api/tables/{tid}/back", headers=bearer(links["seats"][0]["token"])).json() == {"ok": True}
    assert client.post(f"/api/tables/{tid}/back").status_code == 403
    assert client.get(f"/api/tables/{tid}/links").status_code == 403
    again = client.get(f"/api/tables/{tid}/links", headers=bearer(links["host_token"])).json()
    assert again["seats"] == links["seats"]
    meta = client.get(f"/api/tables/{tid}").json()
    assert meta["id"] == tid and meta["status"] == "playing" and len(meta["seats"]) == 2


def test_bots_and_chance_play_to_the_end_and_the_game_replays(client):
    client.app.state.referee.bot_table_pace = 0.001  # all-bot tables are paced; this one may hurry
    links = make_table(client, [{"kind": "bot", "bot": "1"}, {"kind": "bot", "bot": "0"}], seed=5)
    tid = links["id"]
    st = wait_over(client, tid)
    assert st["to_move"] == "over" and st["table"]["status"] == "over" and st["winners"]
    save = client.get(f"/api/tables/{tid}/save")
    assert save.status_code == 200
    state = load(save.text)
    assert state.is_terminal() and state.scores() == st["scores"]
    total = state.move_number()
    first = client.get(f"/api/tables/{tid}/replay?step=0").json()
    assert first["total"] == total and first["view"] == new_game("deep-blue", players=2, seed=5).view(None)
    mid = client.get(f"/api/tables/{tid}/replay?step=100").json()
    ref = new_game("deep-blue", players=2, seed=5)
    for action in state.history()[:100]:
        ref.apply(action)
    assert mid["view"] == ref.view(None) and mid["action"] == state.action_to_string(state.history()[99])
    assert all(e["step"] < 100 for e in mid["events"])
    last = client.get(f"/api/tables/{tid}/replay?step={total}").json()
    assert last["view"] == st["view"]
    assert client.get(f"/api/tables/{tid}/replay?step={total + 1}").json()["error"] == "bad-step"
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[tid]["status"] == "over"


def test_replay_and_save_wait_for_the_end(client):
    links = make_table(client)
    tid = links["id"]
    assert client.get(f"/api/tables/{tid}/replay?step=0").status_code == 409
    assert client.get(f"/api/tables/{tid}/save").json()["error"] == "not-over"


def test_http_flood_is_throttled(client):
    links = make_table(client)
    tid = links["id"]
    token = links["seats"][0]["token"]
    codes = [client.post(f"/api/tables/{tid}/act", json={"action": "no such move"}, headers=bearer(token)).status_code
             for _ in range(80)]
    assert 429 in codes and set(codes) <= {422, 409, 429}
    assert client.get("/healthz").status_code == 200


def test_into_the_blue_table(client):
    links = make_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "1"}, {"kind": "bot", "bot": "0"}],
                       game="into-the-blue", seed=3)
    tid = links["id"]
    token = links["seats"][0]["token"]
    for _ in range(200):
        st = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
        if st["to_move"] == "over":
            break
        assert st["to_move"] == 0 and st["legal"]
        if st["view"]["turn"]["phase"] == "choose":
            assert st["odds"]["targets"][0]["target"] == "perfect"
        action = "stop" if any(t == "stop" for _, t in st["legal"]) else st["legal"][0][1]
        assert client.post(f"/api/tables/{tid}/act", json={"action": action}, headers=bearer(token)).status_code == 200
    assert st["to_move"] == "over"


def test_a_saved_game_goes_on_at_a_new_table(client, db_path):
    from fastapi.testclient import TestClient

    import fathom
    from fathom.bots.registry import make_bot
    from fathom.server.app import create_app

    state = fathom.new_game("deep-blue", players=3, seed=4)
    bots = [make_bot("greedy", "deep-blue", seed=s) for s in range(3)]
    # saved when Ann is to move and has a choice (her only move would be played for her: issue 52)
    while state.move_number() < 200 or state.current_player != 0 or len(state.legal_actions()) < 2:
        mover = state.current_player
        state.apply(state.sample_chance() if mover == CHANCE else bots[mover].choose(state))
    save = json.loads(state.to_json())
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"}, {"kind": "human", "name": "Bob"}]
    links = make_table(client, seats, save=save, seed=None)
    tid = links["id"]
    ann = client.get(f"/api/tables/{tid}/state", headers=bearer(links["seats"][0]["token"])).json()
    assert ann["to_move"] == 0 and ann["legal"]  # the table waits for Ann, where the save stopped
    assert ann["move_number"] == state.move_number() and ann["view"] == state.view(0)
    assert client.get(f"/api/tables/{tid}").json()["options"] == {k: v for k, v in save["options"].items() if k != "data_file"}
    assert client.post(f"/api/tables/{tid}/undo", headers=bearer(links["seats"][0]["token"])).status_code == 409
    with TestClient(create_app(db_path)) as restarted:  # the imported log is the table's: a restart keeps it
        again = restarted.get(f"/api/tables/{tid}/state", headers=bearer(links["seats"][0]["token"])).json()
        assert again["view"] == ann["view"] and again["legal"] == ann["legal"]
    # refused with what was wrong: another game, another table size, a log that does not replay
    for bad, said in (({**save, "game": "into-the-blue"}, "the save is a game of 'into-the-blue', not deep-blue"),
                      ({**save, "players": 4}, "the save has 4 players: give it as many seats"),
                      ({**save, "actions": save["actions"][:5] + ["fly"]}, "action #5 'fly' cannot be replayed")):
        res = client.post("/api/tables", json={"game": "deep-blue", "seats": seats, "save": bad})
        assert res.status_code == 400 and said in res.json()["detail"], res.json()


def test_a_finished_save_makes_a_table_to_replay_and_review(client):
    import fathom
    from fathom.bots.registry import make_bot
    from fathom.core.driver import play

    state = play(fathom.new_game("into-the-blue", players=2, seed=2),
                 [make_bot("1", "into-the-blue", seed=s) for s in range(2)])
    links = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                       game="into-the-blue", save=json.loads(state.to_json()))
    tid = links["id"]
    assert client.get(f"/api/tables/{tid}").json()["status"] == "over"
    assert client.get(f"/api/tables/{tid}/replay?step=3").status_code == 200
    review = client.get(f"/api/tables/{tid}/review", headers=bearer(links["seats"][1]["token"])).json()
    assert review["kind"] == "dice-choices" and review["rows"]


def test_an_open_seat_goes_to_the_first_person_in_the_lobby_who_takes_it(client):
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}, {"kind": "bot", "bot": "1"}]
    links = make_table(client, seats, game="into-the-blue", seed=3)
    tid = links["id"]
    listed = next(t for t in client.get("/api/tables").json() if t["id"] == tid)
    assert [s["open"] for s in listed["seats"]] == [False, True, False]
    taken = client.post(f"/api/tables/{tid}/claim", json={"seat": 1, "name": "Bob"}).json()
    assert taken["seat"] == 1 and taken["url"].endswith(f"/t/{tid}#token={taken['token']}")
    bob = client.get(f"/api/tables/{tid}/state", headers=bearer(taken["token"])).json()
    assert bob["you"] == 1 and bob["table"]["seats"][1]["name"] == "Bob" and not bob["table"]["seats"][1]["open"]
    # refused, with why, and nothing changes: taken, not open, not a seat, no name
    for body, status, said in (({"seat": 1, "name": "Cy"}, 409, "Seat 2 has just been taken."),
                               ({"seat": 0, "name": "Cy"}, 409, "Seat 1 is not open to the lobby"),
                               ({"seat": 2, "name": "Cy"}, 409, "Seat 3 is not open to the lobby"),
                               ({"seat": 7, "name": "Cy"}, 400, "seat must be a seat number 0 to 2"),
                               ({"seat": 1, "name": " "}, 400, "name must be text of 1 to 24 characters")):
        res = client.post(f"/api/tables/{tid}/claim", json=body)
        assert res.status_code == status and said in res.json()["message"] + (res.json()["detail"] or ""), res.json()
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["name"] == "Bob"
    play_out(client, {"id": tid, "seats": [{"seat": 0, "kind": "human", "token": links["seats"][0]["token"]},
                                           {"seat": 1, "kind": "human", "token": taken["token"]}]})
    following = client.post(f"/api/tables/{tid}/rematch", headers=bearer(taken["token"])).json()
    again = client.get(f"/api/tables/{following['id']}").json()["seats"]
    assert again[1]["name"] == "Bob" and not again[1]["open"]  # the rematch keeps Bob's seat his
    res = client.post("/api/tables", json={"game": "into-the-blue", "seats": [{"kind": "bot", "open": True},
                                                                            {"kind": "human"}]})
    assert res.status_code == 400 and "open (true or false) is for a person's seat" in res.json()["detail"]
