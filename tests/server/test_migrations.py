"""Schema migrations (Alembic): a database of the release before migrations upgrades in place, on SQLite
and PostgreSQL, and the code's tables agree with the newest revision."""

from __future__ import annotations

import shutil
import warnings
from pathlib import Path
from typing import Any

import pytest
from server_helpers import bearer

from fathom.server import account_store, migrate
from fathom.server.db import Store, database_url, metadata

# Made with main's code before migrations existed (tests/server/data/pre_alembic.db): an Into the Blue
# table in play (a person and a level-1 bot, some moves) and a table with a seat open to the lobby.
FIXTURE = Path(__file__).parent / "data" / "pre_alembic.db"
PLAYING, OPEN_TABLE = "zUuudxzP", "4pSo1aga"
SEAT0_LINK = "0.563395a0de586781ca62d57d14f5bf2e"  # its person's seat link, signed with the file's secret
FIXTURE_LOG = 14
OLD_TABLES = {"fathom_meta", "fathom_tables", "fathom_actions", "fathom_analyses", "fathom_leases"}


def schema_diff(store: Store) -> list[Any]:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    with store.engine.connect() as conn:
        return list(compare_metadata(MigrationContext.configure(conn), metadata))


def check_upgraded(url: str) -> None:
    """The database at ``url`` (today's pre-migration format) opens, upgraded, with its tables intact."""
    from fastapi.testclient import TestClient

    from fathom.server.app import create_app

    store = Store(url)
    try:
        with store.engine.connect() as conn:
            assert migrate.current(conn) == migrate.heads()
        assert schema_diff(store) == []
        assert len(store.log(PLAYING)) == FIXTURE_LOG
        assert store.table(OPEN_TABLE).seats[1]["open"] is True
    finally:
        store.close()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with TestClient(create_app(url)) as c:
            st = c.get(f"/api/tables/{PLAYING}/state", headers=bearer(SEAT0_LINK)).json()
            assert st["you"] == 0  # the old secret survived: the old links still open their seats
            assert st["move_number"] >= 1
            res = c.post("/api/accounts", json={"name": "upgraded", "password": "long enough pw"})
            assert res.status_code == 201
            claim = c.post(f"/api/tables/{OPEN_TABLE}/claim", json={"seat": 1})
            assert claim.status_code == 200 and claim.json()["account"] == "upgraded"
            assert [t["id"] for t in c.get("/api/me").json()["tables"]] == [OPEN_TABLE]


def test_the_fixture_is_in_the_format_before_migrations():
    import sqlite3

    conn = sqlite3.connect(f"file:{FIXTURE}?mode=ro&immutable=1", uri=True)
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    conn.close()
    assert names == OLD_TABLES  # no alembic_version, no accounts


def test_a_database_of_the_release_before_migrations_upgrades_in_place_on_sqlite(tmp_path):
    path = tmp_path / "old.db"
    shutil.copy(FIXTURE, path)
    check_upgraded(database_url(str(path)))
    # upgraded in place: the same file, now at the head revision, opens again without change
    store = Store(database_url(str(path)))
    with store.engine.connect() as conn:
        assert migrate.current(conn) == migrate.heads()
    store.close()


def test_a_new_database_is_made_by_the_revisions_and_matches_the_code(tmp_path):
    store = Store(database_url(str(tmp_path / "new.db")))
    assert schema_diff(store) == []
    with store.engine.connect() as conn:
        assert migrate.current(conn) == migrate.heads()
    account_store.create(store, "Someone", "$argon2id$x")
    assert account_store.find(store, "someone").name == "Someone"
    store.close()


def test_the_baseline_is_the_schema_before_migrations(tmp_path):
    """Upgraded only to the baseline, a new database has exactly the fixture's tables and columns."""
    from alembic import command
    from sqlalchemy import create_engine, inspect

    engine = create_engine(database_url(str(tmp_path / "base.db")))
    with engine.begin() as conn:
        command.upgrade(migrate.config(conn), migrate.BASELINE)
    old = create_engine(f"sqlite:///file:{FIXTURE}?mode=ro&immutable=1&uri=true")

    def columns(e: Any) -> dict[str, list[tuple[str, str, bool]]]:
        seen = inspect(e)
        return {t: [(c["name"], str(c["type"]), c["nullable"]) for c in seen.get_columns(t)]
                for t in seen.get_table_names() if t != "alembic_version"}

    assert columns(engine) == columns(old)
    assert set(columns(engine)) == OLD_TABLES
    engine.dispose()
    old.dispose()


def test_the_revisions_form_one_chain_from_the_baseline():
    scripts = migrate.scripts()
    revisions = list(scripts.walk_revisions())
    assert revisions[-1].revision == migrate.BASELINE and revisions[-1].down_revision is None
    assert {"0002_accounts"} <= {r.revision for r in revisions}
    assert len(migrate.heads()) == 1, "two heads: add a merge revision (python -m fathom.server.migrate merge)"


def test_a_database_a_newer_release_upgraded_is_left_as_it_is_with_a_warning(tmp_path, caplog):
    """A rolling upgrade: an older process (re)starting on a database a newer one upgraded works on
    (revisions only add) and says so."""
    from sqlalchemy import text

    path = tmp_path / "newer.db"
    Store(database_url(str(path))).close()
    store = Store(database_url(str(path)))
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999_future'"))
    store.close()
    with caplog.at_level("WARNING", logger="fathom.server"):
        store = Store(database_url(str(path)))
    assert "9999_future" in caplog.text
    with store.engine.connect() as conn:
        assert migrate.current(conn) == {"9999_future"}
    assert store.tables() == []
    store.close()


@pytest.mark.xdist_group("postgres")
def test_a_database_of_the_release_before_migrations_upgrades_in_place_on_postgresql(postgres_url):
    """The fixture's rows copied into a fresh PostgreSQL schema made as the release before migrations
    made it, then opened: stamped as the baseline and upgraded."""
    import secrets

    from sqlalchemy import MetaData, create_engine, text

    schema = "fathom_mig_" + secrets.token_hex(4)
    admin = create_engine(database_url(postgres_url))
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    url = database_url(postgres_url) + ("&" if "?" in postgres_url else "?") + f"options=-csearch_path%3D{schema}"
    try:
        old = MetaData()
        sqlite = create_engine(f"sqlite:///file:{FIXTURE}?mode=ro&immutable=1&uri=true")
        old.reflect(sqlite)
        target = create_engine(url)
        with target.begin() as conn:
            old.create_all(conn)
            with sqlite.connect() as src:
                for table in old.sorted_tables:
                    rows = [dict(r._mapping) for r in src.execute(table.select())]
                    if rows:
                        conn.execute(table.insert(), rows)
            assert set(conn.execute(text(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = :s"), {"s": schema}
            ).scalars()) == OLD_TABLES
        target.dispose()
        sqlite.dispose()
        check_upgraded(url)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.mark.xdist_group("postgres")
def test_processes_starting_at_once_on_a_new_postgresql_database_upgrade_it_once(postgres_url):
    """Several server processes opening one new database at the same moment: the advisory lock lets one
    make the schema; the others wait, find it at the head, and start."""
    import secrets
    import threading

    from sqlalchemy import create_engine, text

    schema = "fathom_mig_" + secrets.token_hex(4)
    admin = create_engine(database_url(postgres_url))
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    url = database_url(postgres_url) + ("&" if "?" in postgres_url else "?") + f"options=-csearch_path%3D{schema}"
    failures: list[BaseException] = []
    stores: list[Store] = []

    def start() -> None:
        try:
            stores.append(Store(url))
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)

    try:
        threads = [threading.Thread(target=start) for _ in range(4)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(60)
        assert failures == [] and len(stores) == 4
        secrets_seen = {store.secret() for store in stores}
        assert len(secrets_seen) == 1
        with stores[0].engine.connect() as conn:
            assert migrate.current(conn) == migrate.heads()
            assert conn.execute(text("SELECT count(*) FROM alembic_version")).scalar_one() == 1
        assert schema_diff(stores[0]) == []
    finally:
        for store in stores:
            store.close()
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()
