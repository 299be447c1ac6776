"""Clocks: each table's clock and start, each log entry's moment and the deadlines after it.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the clock columns (empty on tables made before: they have no clock)."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("started", sa.Float(), nullable=True))
    with op.batch_alter_table("log") as batch:
        batch.add_column(sa.Column("moment", sa.Float(), nullable=True))
        batch.add_column(sa.Column("deadlines", sa.JSON(), nullable=True))


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("log") as batch:
        batch.drop_column("deadlines")
        batch.drop_column("moment")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("started")
        batch.drop_column("clock")
