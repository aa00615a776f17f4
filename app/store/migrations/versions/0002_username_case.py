"""usernames are unique whatever their case (Alice and alice are one account)

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 14:20:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(
        "uq_learners_username_lower",
        "learners",
        [sa.text("lower(username)")],
        unique=True,
    )


def downgrade() -> None:
    op.drop_index("uq_learners_username_lower", table_name="learners")
