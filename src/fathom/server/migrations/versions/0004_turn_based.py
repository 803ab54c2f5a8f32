"""Turn-based tables' deadlines, open pages, notice channels and the notice outbox (issue 51).

Revision ID: 0004_turn_based
Revises: 0003_bot_tables
``fathom_turns``: each turn-based table's turn under way and its deadline (wall clock), so a deadline
of days outlives a restart. ``fathom_presence``: which process serves a page of which seat, until
when. ``fathom_notify_prefs``: an account's e-mail and webhook. ``fathom_outbox``: one row per notice,
unique on (account, table, move_number, kind, channel), so two processes never both send one
(:mod:`fathom.server.notice_db`).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_turn_based"
down_revision = "0003_bot_tables"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "fathom_turns",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("due", sa.Float, nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("owner", sa.String(32), nullable=False),
        sa.Column("claim_until", sa.Float, nullable=False),
    )
    op.create_index("ix_fathom_turns_due", "fathom_turns", ["due"])
    op.create_table(
        "fathom_presence",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("origin", sa.String(32), primary_key=True),
        sa.Column("until", sa.Float, nullable=False),
    )
    op.create_table(
        "fathom_notify_prefs",
        sa.Column("account", sa.String(32), primary_key=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("webhook", sa.String(500), nullable=True),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "fathom_outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("move_number", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("next_at", sa.Float, nullable=False),
        sa.Column("owner", sa.String(32), nullable=False),
        sa.Column("claim_until", sa.Float, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("done_at", sa.Float, nullable=True),
        sa.Column("last_error", sa.Text, nullable=True),
        sa.UniqueConstraint("account", "table_id", "move_number", "kind", "channel", name="fathom_outbox_once"),
    )
    op.create_index("ix_fathom_outbox_state", "fathom_outbox", ["state"])
    op.create_index("ix_fathom_outbox_next_at", "fathom_outbox", ["next_at"])


def downgrade() -> None:
    op.drop_table("fathom_outbox")
    op.drop_table("fathom_notify_prefs")
    op.drop_table("fathom_presence")
    op.drop_table("fathom_turns")
