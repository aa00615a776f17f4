"""authored problems: archives instructors upload, their validation, published or not

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 16:10:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "authored_problems",
        sa.Column("problem_id", sa.String(length=64), nullable=False),
        sa.Column("owner_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("archive", sa.LargeBinary(), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("published", sa.Boolean(), nullable=False),
        sa.Column("report", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["owner_id"], ["learners.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("problem_id"),
    )


def downgrade() -> None:
    op.drop_table("authored_problems")
