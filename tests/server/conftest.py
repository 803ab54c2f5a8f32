"""Fixtures for the web server tests: an in-process app, a real uvicorn subprocess, a browser."""

from __future__ import annotations

import os
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

warnings.filterwarnings("ignore", message=".*httpx.*", category=DeprecationWarning)

from server_helpers import CHROMIUM, CHROMIUM_ARGS, LiveServer, PatientBrowser  # noqa: E402

# Playwright's wait_for_function evaluates in the page: the servers these tests start allow it
# (a production server never does; see fathom.server.guard.TEST_EVAL_ENV)
os.environ.setdefault("FATHOM_TEST_CSP_EVAL", "1")


@pytest.fixture()
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "fathom.db")


@pytest.fixture()
def client(db_path: str):
    from fastapi.testclient import TestClient

    from fathom.server.app import create_app

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with TestClient(create_app(db_path)) as c:
            yield c


@pytest.fixture()
def live_server(tmp_path: Path):
    server = LiveServer(str(tmp_path / "live.db"))
    server.start()
    yield server
    server.stop()


@pytest.fixture()
def hurried_server(tmp_path: Path):
    """A server whose all-bot tables move every 2 ms (``--bot-table-pace``) rather than every 50: for tests
    that watch a whole bot game to its end and look only at what it said."""
    server = LiveServer(str(tmp_path / "live.db"), "--bot-table-pace", "0.002")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        # CI installs it (.ci/run), so there a missing browser is a failure, never a quiet skip
        (pytest.fail if os.environ.get("CI") else pytest.skip)("no /usr/bin/chromium (apt-get install chromium)")
    from playwright import sync_api
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield PatientBrowser(b)
        b.close()


def pytest_configure(config: Any) -> None:
    config.addinivalue_line("filterwarnings", "ignore:Using `httpx`")


def _missing(what: str) -> None:
    # CI installs nginx and PostgreSQL (.ci/run): there a missing one is a failure, never a quiet skip
    (pytest.fail if os.environ.get("CI") else pytest.skip)(what)


@pytest.fixture(scope="session")
def postgres_url() -> str:
    """A PostgreSQL database for the tests (FATHOM_TEST_POSTGRES_URL; .ci/run sets it)."""
    url = os.environ.get("FATHOM_TEST_POSTGRES_URL")
    if not url:
        _missing("set FATHOM_TEST_POSTGRES_URL to a PostgreSQL database")
    try:
        import psycopg

        psycopg.connect(url, connect_timeout=5).close()
    except Exception as exc:  # noqa: BLE001
        _missing(f"PostgreSQL at FATHOM_TEST_POSTGRES_URL is not reachable ({exc})")
    return url


@pytest.fixture(scope="session")
def nginx_binary() -> str:
    from cluster import nginx_binary as find

    path = find()
    if path is None:
        _missing("no nginx (apt-get install nginx)")
    return path


@pytest.fixture()
def pair(postgres_url: str, nginx_binary: str):
    """Two server processes on one PostgreSQL (emptied first) behind nginx."""
    from cluster import fresh_cluster

    with fresh_cluster(postgres_url, 2, nginx_binary) as group:
        yield group
