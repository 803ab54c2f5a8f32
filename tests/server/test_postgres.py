"""The same store on PostgreSQL (runs when FATHOM_TEST_POSTGRES_URL names a database, e.g.
``postgresql://fathom:fathom@127.0.0.1/fathom``; needs ``pip install 'psycopg[binary]'``)."""

from __future__ import annotations

import os

import pytest
from server_helpers import bearer, make_table

URL = os.environ.get("FATHOM_TEST_POSTGRES_URL")
# .ci/run starts a PostgreSQL server and sets the URL, so CI always runs this test.
# one PostgreSQL database for every test that uses it: they run on one xdist worker, one after another
pytestmark = [pytest.mark.skipif(not URL and not os.environ.get("CI"), reason="set FATHOM_TEST_POSTGRES_URL"),
              pytest.mark.xdist_group("postgres")]


def test_postgres_tables_survive_a_restart():
    assert URL, "FATHOM_TEST_POSTGRES_URL must name a PostgreSQL database (CI sets it in .ci/run)"
    from fastapi.testclient import TestClient

    from fathom.server.app import create_app
    from fathom.server.db import database_url

    assert database_url(URL).startswith("postgresql+psycopg://")
    with TestClient(create_app(URL)) as c:
        links = make_table(c, [{"kind": "human"}, {"kind": "bot", "bot": "1"}], seed=3)
        tid, token = links["id"], links["seats"][0]["token"]
        for _ in range(10):
            st = c.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
            c.post(f"/api/tables/{tid}/act", json={"action": st["legal"][0][1]}, headers=bearer(token))
        before = c.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
    with TestClient(create_app(URL)) as c:
        after = c.get(f"/api/tables/{tid}/state", headers=bearer(token)).json()
    assert after["view"] == before["view"] and after["move_number"] == before["move_number"]
