"""The players' API (issue 51): a profile and a game's leaderboard over HTTP, and the profile page."""

from __future__ import annotations

from test_ratings import GAME, first_game, log_of, record

from fathom.server import standings


def _count(client, table_id: str, names: list[str], rated: bool = True) -> None:
    st = first_game(want_tie=False)
    store = client.app.state.referee.store
    assert standings.record_finished(store, record(table_id, st, names, rated), st, log_of(st))


def test_player_api_answers_ratings_history_stats(client) -> None:
    _count(client, "h1", ["alice", "bob"])
    res = client.get("/api/players/alice")
    assert res.status_code == 200
    body = res.json()
    assert body["name"] == "alice"
    assert set(body["ratings"][GAME]) == {"mu", "sigma", "ordinal", "games"}
    assert body["ratings"][GAME]["games"] == 1
    assert [h["table"] for h in body["history"]] == ["h1"]
    assert body["stats"]["games"] == 1 and set(body["stats"]["by_game"]) == {GAME}
    assert body["recent"][0]["table"] == "h1"


def test_unknown_player_is_a_clear_404(client) -> None:
    res = client.get("/api/players/nobody")
    assert res.status_code == 404 and res.json()["error"] == "no-player"
    assert "nobody" in res.json()["message"]
    assert client.get("/api/players/" + "x" * 40).status_code == 404
    fr = client.get("/api/players/nobody?lang=fr").json()["message"]
    assert fr != res.json()["message"]


def test_leaderboard_lists_players_best_first_and_pages(client) -> None:
    _count(client, "l1", ["alice", "bob"])
    _count(client, "l2", ["carol", "dave"])
    rows = client.get(f"/api/leaderboard/{GAME}").json()
    assert {r["name"] for r in rows} == {"alice", "bob", "carol", "dave"}
    assert all(set(r) == {"name", "ordinal", "games"} for r in rows)
    assert [r["ordinal"] for r in rows] == sorted((r["ordinal"] for r in rows), reverse=True)
    first = client.get(f"/api/leaderboard/{GAME}?limit=3")
    assert len(first.json()) == 3 and first.headers["X-Next-Offset"] == "3"
    rest = client.get(f"/api/leaderboard/{GAME}?offset=3&limit=3")
    assert rest.json() == rows[3:] and "X-Next-Offset" not in rest.headers
    assert client.get(f"/api/leaderboard/{GAME}?limit=5000").status_code == 400


def test_unknown_game_leaderboard_is_a_404_naming_the_games(client) -> None:
    res = client.get("/api/leaderboard/chess")
    assert res.status_code == 404
    body = res.json()
    assert body["error"] == "no-game" and "deep-blue" in body["message"] and "into-the-blue" in body["message"]


def test_profile_page_is_served(client) -> None:
    res = client.get("/players/alice")
    assert res.status_code == 200 and "profile.js" in res.text


def test_an_account_without_games_has_an_empty_profile_in_any_case(client) -> None:
    assert client.post("/api/accounts", json={"name": "Zoe_7", "password": "a-long-password"}).status_code == 201
    _count(client, "z1", ["Zoe_7", "bob"])
    body = client.get("/api/players/zoe_7").json()
    assert body["name"] == "Zoe_7" and body["ratings"][GAME]["games"] == 1
    assert client.post("/api/accounts", json={"name": "newcomer", "password": "a-long-password"}).status_code == 201
    fresh = client.get("/api/players/NEWCOMER")
    assert fresh.status_code == 200
    assert fresh.json() == {"name": "newcomer", "ratings": {}, "history": [], "recent": [],
                            "stats": {"games": 0, "wins": 0, "average_vp": None, "by_game": {}}}
