"""The baseline: the schema every release made before migrations (tables, their logs, analyses, leases, the secret).

Revision ID: 0001_baseline
Revises: none
A database made before Alembic is stamped at this revision (it has exactly these tables) and
upgraded from here; a new database is created by it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "fathom_meta",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "fathom_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "fathom_actions",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("action", sa.Integer, nullable=False),
        sa.Column("name", sa.String(128), nullable=False),
        sa.Column("actor", sa.Integer, nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "fathom_analyses",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "fathom_leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(32), nullable=False),
        sa.Column("until", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for name in ("fathom_leases", "fathom_analyses", "fathom_actions", "fathom_tables", "fathom_meta"):
        op.drop_table(name)
