"""Issue 48 M6 / issue 52 "no wait": creating a table answers at once, even when a slow bot opens.

The opening bots play on in the background (the usual autoplay path); the person's turn reaches
the page over the websocket, and an HTTP client that wants to wait asks ``GET .../state?wait=S``.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from server_helpers import bearer, hello, recv

from fathom.server import autoplay

SLOW = 1.5  # seconds the stub bot takes over each move: longer than creation may take


@pytest.fixture()
def slow_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every bot thinks at least ``SLOW`` seconds (a cold compile, a deep search) before its move."""
    real = autoplay.think

    async def slow_think(ref: Any, table: Any) -> Any:
        await asyncio.sleep(SLOW)
        return await real(ref, table)

    monkeypatch.setattr(autoplay, "think", slow_think)


def _bot_opens(client: Any) -> tuple[dict[str, Any], float]:
    body = {"game": "deep-blue", "seed": 3, "options": {"first_player": 1},
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"}]}
    start = time.perf_counter()
    res = client.post("/api/tables", json=body)
    took = time.perf_counter() - start
    assert res.status_code == 201, res.text
    return res.json(), took


def test_creation_answers_before_a_slow_opening_bot_and_the_turn_comes_over_the_websocket(client, slow_bots):
    links, took = _bot_opens(client)
    assert took < 1.0, took  # it used to wait for the bot (up to 30 s)
    tid, token = links["id"], links["seats"][0]["token"]
    assert links["seats"][0]["url"] and token  # the seats and keys are in the answer
    first = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
    assert first["to_move"] != 0 and first["legal"] == []  # the bot has not moved yet
    start = time.perf_counter()
    with client.websocket_connect(f"/ws/{tid}") as ws:
        _, state = hello(ws, token)
        while state["to_move"] != 0:
            assert time.perf_counter() - start < 30, state["to_move"]
            state = recv(ws, "state")
    assert state["legal"] and state["move_number"] > first["move_number"]
    assert time.perf_counter() - start > SLOW / 2  # it came later, from the background, not at once


def test_an_http_client_waits_for_its_turn_with_state_wait(client, slow_bots):
    links, took = _bot_opens(client)
    assert took < 1.0, took
    tid, token = links["id"], links["seats"][0]["token"]
    start = time.perf_counter()
    state = client.get(f"/api/tables/{tid}/state?wait=30", headers=bearer(token)).json()
    waited = time.perf_counter() - start
    assert state["to_move"] == 0 and state["legal"], state["to_move"]
    assert SLOW / 2 < waited < 30, waited


def test_state_wait_is_checked(client):
    links, _ = _bot_opens(client)
    for bad in ("31", "-1", "soon", "1.5"):
        res = client.get(f"/api/tables/{links['id']}/state?wait={bad}")
        assert res.status_code == 400, (bad, res.text)
        assert "wait must be a whole number of seconds from 0 to 30" in res.json()["detail"]
