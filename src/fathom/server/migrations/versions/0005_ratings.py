"""Results, ratings and rating history of finished tables with accounts seated (issue 51).

Revision ID: 0005_ratings
Revises: 0004_turn_based
A finished table is counted once: its row in ``fathom_finished`` (keyed by the table id) is
written first in the one transaction that writes its results and ratings (:mod:`fathom.server.standings`).
Ratings are openskill's Plackett-Luce mu and sigma per (account, game), with the ordinal shown.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_ratings"
down_revision = "0004_turn_based"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "fathom_finished",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rated", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "fathom_results",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account", sa.String(64), nullable=False, index=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("left", sa.Integer, nullable=False),
        sa.Column("rated", sa.Integer, nullable=False),
        sa.Column("stats", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "fathom_ratings",
        sa.Column("account", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False, index=True),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "fathom_rating_history",
        sa.Column("account", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("fathom_rating_history")
    op.drop_table("fathom_ratings")
    op.drop_table("fathom_results")
    op.drop_table("fathom_finished")
