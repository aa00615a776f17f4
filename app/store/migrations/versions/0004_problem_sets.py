"""problem sets: instructors' ordered problems and cards, and the learners who opened them

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 16:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "problem_sets",
        sa.Column("id", ID, nullable=False),
        sa.Column("slug", sa.String(length=64), nullable=False),
        sa.Column("owner_id", ID, nullable=True),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("items", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["owner_id"], ["learners.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("slug"),
    )
    op.create_table(
        "set_members",
        sa.Column("set_id", ID, nullable=False),
        sa.Column("learner_id", ID, nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["set_id"], ["problem_sets.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("set_id", "learner_id"),
    )


def downgrade() -> None:
    op.drop_table("set_members")
    op.drop_table("problem_sets")
