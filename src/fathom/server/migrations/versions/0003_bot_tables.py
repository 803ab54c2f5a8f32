"""Who made each all-bot table (issue 48): one client address holds at most its share of them in play,
counted on every process.

Revision ID: 0003_bot_tables
Revises: 0002_accounts
A row is written in the transaction that creates an all-bot table for a client address; the count
joins it to ``fathom_tables`` (those still ``playing``). Tables made before this revision have no
row: they do not count against anyone.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_bot_tables"
down_revision = "0002_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "fathom_bot_tables",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("creator", sa.String(64), nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("fathom_bot_tables")
