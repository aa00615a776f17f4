"""a submission remembers the Idempotency-Key of the request that made it

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 19:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("submissions", sa.Column("request_key", sa.String(64), nullable=True))
    # NULLs are distinct: only requests that sent a key are matched.
    op.create_index(
        "uq_submissions_learner_request_key",
        "submissions",
        ["learner_id", "request_key"],
        unique=True,
    )


def downgrade() -> None:
    op.drop_index("uq_submissions_learner_request_key", table_name="submissions")
    op.drop_column("submissions", "request_key")
