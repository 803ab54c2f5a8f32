"""Accounts and their sessions (issue 51).

Revision ID: 0002_accounts
Revises: 0001_baseline
An account's name is kept as typed (the key other tables and seats name it by) beside its
lower-cased form, which is unique: names differ in more than case. A deleted account keeps its row
(``deleted`` set, no password): its name stays reserved. A session is stored only as the SHA-256
of its random token, so a copy of the database opens no session. ``fathom_account_seats``
indexes the seats accounts hold (kept by the store with each table's seats).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_accounts"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "fathom_accounts",
        sa.Column("name", sa.String(20), primary_key=True),
        sa.Column("name_key", sa.String(20), nullable=False, unique=True),
        sa.Column("password", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("deleted", sa.Float, nullable=True),
    )
    op.create_table(
        "fathom_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account", sa.String(20), nullable=False, index=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_table(  # which account holds which seat: "my games" without reading every table's seats
        "fathom_account_seats",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account", sa.String(20), nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("fathom_account_seats")
    op.drop_table("fathom_sessions")
    op.drop_table("fathom_accounts")
