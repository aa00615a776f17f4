"""Alembic environment: run migrations on the connection app.store hands over."""

from __future__ import annotations

from alembic import context

from app.store.models import Base

target_metadata = Base.metadata


def run_migrations_online() -> None:
    """Migrate on the connection given in the config's attributes (see app.store.upgrade)."""
    connection = context.config.attributes["connection"]
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,  # SQLite alters tables by copying them
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    raise SystemExit("offline (SQL script) migrations are not supported; use `shousi db upgrade`")
run_migrations_online()
