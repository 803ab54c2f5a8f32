"""Several real server processes on one PostgreSQL behind a real nginx (Debian's; .ci/run installs it)."""

from __future__ import annotations

import contextlib
import json
import urllib.request
from collections.abc import Iterator
from typing import Any

from server_helpers import LiveServer

from fathom.server.deploy import Nginx, nginx_binary, nginx_config  # noqa: F401 - the tests use them from here


def empty_database(url: str) -> None:
    """Start from an empty test database made by this tree's migrations: tables left in play by
    earlier runs would be restored (and their bots played) by every process of the cluster, and a
    schema another checkout migrated (other revisions) would not be this tree's."""
    from sqlalchemy import create_engine, text

    from fathom.server.db import Store, database_url

    engine = create_engine(database_url(url))
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()
    Store(database_url(url)).close()  # the schema made at this tree's newest revision


class Cluster:
    """``count`` server processes on the PostgreSQL database ``db`` behind one nginx."""

    def __init__(self, db: str, count: int, nginx: str, bot_workers: int = 1, *extra: str) -> None:
        """``extra``: more ``fathom serve`` options for every process."""
        self.servers = [LiveServer(db, "--bot-workers", str(bot_workers), *extra) for _ in range(count)]
        self.nginx = Nginx(nginx, [s.port for s in self.servers])

    def start(self) -> None:
        for server in self.servers:
            server.start()
        self.nginx.start()

    def nginx_post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        req = urllib.request.Request(self.nginx.url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.load(r)

    def stop(self) -> None:
        self.nginx.stop()
        for server in self.servers:
            server.stop()


@contextlib.contextmanager
def fresh_cluster(db: str, count: int, nginx: str, bot_workers: int = 1, *extra: str) -> Iterator[Cluster]:
    """A :class:`Cluster` started on an emptied database (:func:`empty_database`), stopped on leaving."""
    empty_database(db)
    group = Cluster(db, count, nginx, bot_workers, *extra)
    try:
        group.start()
        yield group
    finally:
        group.stop()
