"""a submission knows whether it was imported, and its code's size in bytes

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02 10:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN with a default: SQLite needs no copy of the table for it.
    op.add_column(
        "submissions",
        sa.Column("imported", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column(
        "submissions", sa.Column("code_bytes", sa.Integer(), nullable=False, server_default="0")
    )
    # Rows kept before this revision: their size in bytes, not characters.
    if op.get_bind().dialect.name == "postgresql":
        op.execute("UPDATE submissions SET code_bytes = octet_length(code)")
    else:
        op.execute("UPDATE submissions SET code_bytes = length(CAST(code AS BLOB))")


def downgrade() -> None:
    with op.batch_alter_table("submissions") as table:
        table.drop_column("code_bytes")
        table.drop_column("imported")
