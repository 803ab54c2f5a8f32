"""The end screen's numbers over HTTP: none while the game runs (chest values and hidden VP totals stay
secret), then the engine's own (``GamePlugin.end_summary``), the same for every seat and spectator."""

from __future__ import annotations

import random
import warnings

import pytest
from server_helpers import bearer, make_table

import fathom
from fathom.core.plugins import plugin_for


@pytest.fixture()
def fast_client(db_path):
    """A client whose moves are not rate limited: a whole game of random moves, quickly."""
    from fastapi.testclient import TestClient

    from fathom.server.app import create_app
    from fathom.server.settings import Limits

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with TestClient(create_app(db_path, limits=Limits(http_rate=10_000, http_burst=10_000))) as c:
            yield c


@pytest.mark.parametrize("game", ["deep-blue", "into-the-blue"])
def test_the_end_summary_is_sent_only_at_the_end_and_is_the_engines(fast_client, game):
    client = fast_client
    links = make_table(client, game=game, seed=5)
    tid = links["id"]
    tokens = [s["token"] for s in links["seats"]]
    rng = random.Random(5)
    for move in range(5000):
        first = client.get(f"/api/tables/{tid}/state", headers=bearer(tokens[0])).json()
        if first["to_move"] == "over":
            break
        seat = first["to_move"]
        mine = first if seat == 0 else client.get(f"/api/tables/{tid}/state", headers=bearer(tokens[seat])).json()
        # not even for the seat to move: totals and chests are not all public yet
        assert first["end"] is None and mine["end"] is None
        if move % 10 == 0:  # nor for a spectator (asked every tenth move: the seats are asked at every one)
            assert client.get(f"/api/tables/{tid}/state").json()["end"] is None
        res = client.post(f"/api/tables/{tid}/act", json={"action": rng.choice(mine["legal"])[1]},
                          headers=bearer(tokens[seat]))
        assert res.status_code == 200, res.text
    engine = fathom.load(client.get(f"/api/tables/{tid}/save").text)
    assert engine.is_terminal()
    want = plugin_for(game).end_summary(engine)
    seen = [client.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()["end"] for token in [None, *tokens]]
    assert all(end == want for end in seen)
    assert [row["total"] for row in want["seats"]] == engine.scores()
    assert {row["seat"] for row in want["seats"] if row["rank"] == 1} == set(engine.winners())
