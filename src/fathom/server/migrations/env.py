"""Alembic's environment for fathom: migrations run on the connection the store hands over
(:func:`fathom.server.migrate.upgrade`), never on one of their own."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through fathom.server.migrate (python -m fathom.server.migrate upgrade DB)")
# batch mode: SQLite alters a table by copying it, so revisions may alter columns on both databases
context.configure(connection=connection, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
