"""`shousi db`: migrate, inspect, back up and restore the database the settings name."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from app.settings import Settings

if TYPE_CHECKING:
    from app.store import Store

db_cli = typer.Typer(help="Migrate, back up and restore the database.", no_args_is_help=True)


def _reason(exc: BaseException) -> str:
    """One line saying what went wrong, without SQL or a traceback."""
    cause = getattr(exc, "orig", None) or exc  # SQLAlchemy wraps the driver's error
    lines = [line.strip() for line in str(cause).splitlines() if line.strip()]
    return lines[0] if lines else type(cause).__name__


@contextmanager
def _opened() -> Iterator[Store]:
    """The settings' store; any failure ends the command with one line and exit code 1."""
    from sqlalchemy.exc import SQLAlchemyError

    from app.store import Store, StoreError

    where = "SHOUSI_DATABASE_URL"
    store = None
    try:
        settings = Settings()
        if not settings.database_url:
            where = f"SQLite in {settings.data_dir}"
        store = Store.open(settings.data_dir, settings.database_url)
        where = store.describe()
        yield store
    except StoreError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    except ImportError as exc:  # e.g. mysql://: only SQLite and PostgreSQL have drivers here
        typer.echo(f"error: {where}: no driver for this database ({_reason(exc)})", err=True)
        raise typer.Exit(1) from None
    except (SQLAlchemyError, OSError, ValueError) as exc:
        typer.echo(f"error: {where}: {_reason(exc)}", err=True)
        raise typer.Exit(1) from None
    finally:
        if store is not None:
            store.close()


@contextmanager
def opened_store(*, migrate: bool = False) -> Iterator[Store]:
    """The settings' store for another command (migrated first if `migrate`); failures end
    the command with one line and exit code 1."""
    with _opened() as store:
        if migrate:
            store.upgrade()
        yield store


@db_cli.command("upgrade")
def upgrade() -> None:
    """Apply every migration not yet applied (the server also does it when it starts)."""
    with _opened() as store:
        before, head = store.revision()
        store.upgrade()
        after, _ = store.revision()
        typer.echo(f"database: {store.describe()}")
        if before == after:
            typer.echo(f"revision: {after} (already up to date)")
        else:
            typer.echo(f"revision: {before or 'empty'} -> {after}")


@db_cli.command("status")
def status() -> None:
    """Print the database, its schema's revision and the newest one."""
    with _opened() as store:
        current, head = store.revision()
        typer.echo(f"database: {store.describe()}")
        typer.echo(f"current:  {current or 'empty (run `shousi db upgrade`)'}")
        typer.echo(f"head:     {head}")
        if current and current != head:
            typer.echo("behind: run `shousi db upgrade`")


@db_cli.command("backup")
def backup(
    file: Annotated[Path, typer.Argument(help="Where to write the backup.")],
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE if it exists.")] = False,
) -> None:
    """Write a consistent copy of the database to FILE while the server keeps running
    (SQLite's online backup; pg_dump's custom format for PostgreSQL)."""
    if file.exists() and not force:
        typer.echo(f"error: {file} already exists; pass --force to overwrite it", err=True)
        raise typer.Exit(1)
    with _opened() as store:
        store.backup(file)
        typer.echo(f"backed up {store.describe()} to {file} ({file.stat().st_size} bytes)")


@db_cli.command("restore")
def restore(
    file: Annotated[Path, typer.Argument(help="A backup written by `shousi db backup`.")],
    force: Annotated[
        bool, typer.Option("--force", help="Restore even while servers are running on it.")
    ] = False,
) -> None:
    """Replace the database's contents with FILE. Stop the servers first: a restore under a
    running server pulls its rows away."""
    if not file.is_file():
        typer.echo(f"error: {file}: no such backup file", err=True)
        raise typer.Exit(1)
    with _opened() as store:
        live = store.live_instances()
        if live and not force:
            typer.echo(
                f"error: refusing to restore: {len(live)} server(s) running on this database "
                f"({', '.join(live)}); stop them first, or pass --force",
                err=True,
            )
            raise typer.Exit(1)
        store.restore(file)
        current, head = store.revision()
        typer.echo(f"restored {store.describe()} from {file} (revision {current})")
        if current != head:
            typer.echo("its schema is older than this version: run `shousi db upgrade`")
