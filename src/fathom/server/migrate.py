"""Schema migrations with Alembic: every database is brought up to this release's schema as it opens.

The revisions live inside the package (``migrations/versions/``), so an installed server carries them.
:func:`upgrade` runs in :class:`fathom.server.db.Store`'s first transaction (on PostgreSQL under the
advisory lock that lets one starting process at a time change the schema). A database made before
Alembic (it has ``fathom_tables`` but no ``alembic_version``) is first stamped as the baseline
revision, which is exactly that schema, then upgraded like any other.

A new revision: ``python -m fathom.server.migrate revision "what it adds"`` writes a file whose
``down_revision`` is the current head (docs/web.md "Upgrading"). The store upgrades to every head, so
two revisions made in parallel on the same parent both apply; a merge revision
(``python -m fathom.server.migrate merge``) joins them into one head again.
"""

from __future__ import annotations

import argparse
import logging
from functools import lru_cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import create_engine, inspect
from sqlalchemy.engine import Connection

MIGRATIONS = Path(__file__).resolve().with_name("migrations")
BASELINE = "0001_baseline"
log = logging.getLogger("fathom.server")  # the schema of every release before migrations existed


def config(connection: Connection | None = None) -> Config:
    """Alembic's settings, without an ini file: the package's scripts, and the connection to work on."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("file_template", "%%(rev)s")  # the file is named by its revision id, which has the slug
    cfg.attributes["connection"] = connection
    return cfg


@lru_cache(maxsize=1)
def scripts() -> ScriptDirectory:
    """The revisions shipped with this release (read once per process)."""
    return ScriptDirectory.from_config(config())


def heads() -> set[str]:
    return set(scripts().get_heads())


def current(conn: Connection) -> set[str]:
    """The revisions the database is at (empty: new, or made before migrations)."""
    return set(MigrationContext.configure(conn).get_current_heads())


def known(revision: str) -> bool:
    try:
        return scripts().get_revision(revision) is not None
    except CommandError:
        return False


def upgrade(conn: Connection) -> None:
    """Bring the database on ``conn`` to this release's schema, in the caller's transaction."""
    now = current(conn)
    if now == heads():
        return
    unknown = [rev for rev in now if not known(rev)]
    if unknown:  # a newer release upgraded it (a rolling upgrade: this process is the older one)
        log.warning("the database is at revision %s, which this release does not know (a newer fathom upgraded "
                    "it): it is left as it is; revisions only add, so this release keeps working on it",
                    ", ".join(sorted(unknown)))
        return
    cfg = config(conn)
    if not now and inspect(conn).has_table("fathom_tables"):
        command.stamp(cfg, BASELINE)  # made before migrations: it is the baseline schema
    command.upgrade(cfg, "heads")


def main(argv: list[str] | None = None) -> None:
    """``python -m fathom.server.migrate``: make a revision, merge heads, or upgrade a database by hand."""
    parser = argparse.ArgumentParser(prog="python -m fathom.server.migrate", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    rev = sub.add_parser("revision", help="a new, empty revision on top of the current head")
    rev.add_argument("message")
    rev.add_argument("--id", help="its revision id (default: a number after the newest one's and the message)")
    sub.add_parser("merge", help="one revision joining the current heads")
    up = sub.add_parser("upgrade", help="upgrade a database (fathom serve does it as it starts)")
    up.add_argument("db", help="a SQLite path or a database URL, as fathom serve --db takes")
    sub.add_parser("heads", help="print this release's head revision(s)")
    args = parser.parse_args(argv)
    if args.what == "revision":
        number = len(list(scripts().walk_revisions())) + 1
        slug = "_".join(args.message.lower().split())[:40]
        command.revision(config(), args.message, rev_id=args.id or f"{number:04d}_{slug}")
    elif args.what == "merge":
        command.merge(config(), "heads", message="merge heads")
    elif args.what == "upgrade":
        from fathom.server.db import database_url

        engine = create_engine(database_url(args.db))
        with engine.begin() as conn:
            upgrade(conn)
        print("at", ", ".join(sorted(heads())))
    else:
        print(", ".join(sorted(heads())))


if __name__ == "__main__":
    main()
