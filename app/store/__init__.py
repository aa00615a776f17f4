"""Storage: SQLAlchemy over SQLite (the default, a file in the data directory) or PostgreSQL.

`Store.open(settings)` picks the database (SHOUSI_DATABASE_URL, else data/shousi.db),
`upgrade()` brings its schema to the newest Alembic revision, and `session()` is a
transaction. SQLite runs in WAL mode, and every transaction takes the write lock when it
begins (BEGIN IMMEDIATE), so concurrent requests wait for each other (up to a busy
timeout) instead of failing half-way.

Rule: store holds SQL and rows only, taking ids and plain values; it knows no bank, no deck,
no grader (a policy such as which problem a mock interview gets lives in app.practice). A new
column touches models.py, a migration, and the module that reads it (history.py, exchange.py):
the SQLAlchemy-plus-Alembic norm.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, event, select, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import Session, sessionmaker

from app.store.models import Instance, utcnow

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
MIGRATION_LOCK = 0x5E0051  # an arbitrary key, the same in every replica
BUSY_TIMEOUT_MS = 15_000
# A server that has not beaten for this long is taken for dead (see app.store.recovery).
INSTANCE_TIMEOUT = timedelta(seconds=20)


class StoreError(RuntimeError):
    """A database operation that cannot be done, with a message for the operator."""


def database_url(data_dir: Path, url: str | None) -> str:
    """The SQLAlchemy URL: SHOUSI_DATABASE_URL (PostgreSQL via psycopg 3), else SQLite."""
    if not url:
        return f"sqlite:///{(data_dir / 'shousi.db').resolve()}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):  # psycopg 3 is the driver installed
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _sqlite_pragmas(engine: Engine, database: Path | None) -> None:
    @event.listens_for(engine, "connect")
    def connect(dbapi_connection: Any, _record: Any) -> None:
        if database is not None:
            _private(database)  # the first connection has just created the file
        # The driver's own transaction handling is switched off: BEGIN is ours (below).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def begin(connection: Any) -> None:
        # A deferred transaction that reads, then writes, can fail at once with "database is
        # locked" when another writer got in between; taking the lock first makes it wait.
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def _private(path: Path) -> None:
    """Keep the database readable by this user only: its folder, if new, and the file.

    It holds every learner's code and sessions; a sandboxed submission must not read it
    even where the per-slot uid is the only layer. SQLite gives its -wal and -shm files the
    database file's permissions.
    """
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    with contextlib.suppress(FileNotFoundError):
        if path.stat().st_mode & 0o077:
            os.chmod(path, 0o600)


class Store:
    """One database: its engine, its sessions, and its maintenance (upgrade, backup, restore)."""

    def __init__(self, url: str) -> None:
        self.url = make_url(url)
        if self.is_sqlite:
            database = self.url.database or ""
            if database and database != ":memory:":
                _private(Path(database))
            self.engine = create_engine(url, connect_args={"check_same_thread": False})
            on_disk = database and database != ":memory:"
            _sqlite_pragmas(self.engine, Path(database) if on_disk else None)
        else:
            self.engine = create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._write_lock = threading.RLock() if self.is_sqlite else None

    @classmethod
    def open(cls, data_dir: Path, url: str | None = None) -> Store:
        """The store named by the settings (not yet migrated)."""
        return cls(database_url(data_dir, url))

    @property
    def is_sqlite(self) -> bool:
        """Whether this is the embedded SQLite database."""
        return self.url.get_backend_name() == "sqlite"

    def describe(self) -> str:
        """The database, for logs and the CLI, without its password."""
        return self.url.render_as_string(hide_password=True)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A transaction: committed when the block ends, rolled back if it raises."""
        if self._write_lock is None:
            with self._sessions.begin() as session:
                yield session
            return
        # SQLite lets one writer in at a time, and every transaction here is a writer
        # (BEGIN IMMEDIATE). Threads of this process queue on a mutex instead of on
        # SQLite's busy handler, which sleeps and polls (1, 2, 5, 10 ms ...) and turned
        # eight concurrent submissions into a convoy.
        with self._write_lock, self._sessions.begin() as session:
            yield session

    def _alembic(self, connection: Any) -> Config:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = connection
        return config

    def upgrade(self) -> None:
        """Apply every migration not yet applied (a no-op when the schema is current).

        Replicas started together all migrate on start: on PostgreSQL they take turns on an
        advisory lock held for the transaction, so the second finds the schema current
        instead of creating the same tables again (and failing).
        """
        with self.engine.begin() as connection:
            if not self.is_sqlite:
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK}
                )
            command.upgrade(self._alembic(connection), "head")

    def revision(self) -> tuple[str | None, str]:
        """(the schema's current revision, the newest revision there is)."""
        with self.engine.connect() as connection:
            current = MigrationContext.configure(connection).get_current_revision()
            head = ScriptDirectory.from_config(self._alembic(connection)).get_current_head()
        return current, head or ""

    def live_instances(self) -> list[str]:
        """Servers that beat recently: a restore under them would pull the floor away."""
        since = utcnow() - INSTANCE_TIMEOUT
        try:
            with self.session() as session:
                rows = session.scalars(select(Instance.id).where(Instance.last_seen > since))
                return list(rows)
        except Exception:  # noqa: BLE001 - no schema yet: nobody is running on it
            return []

    def backup(self, target: Path) -> None:
        """Write a consistent copy of the database to `target`, while it stays in use.

        The copy is written beside `target` and moved over it once complete, so a failed or
        interrupted backup never leaves a truncated file under the backup's name.
        """
        target = Path(target)
        if not target.parent.is_dir():
            raise StoreError(f"{target.parent}: no such directory for the backup")
        partial = target.with_name(f".{target.name}.partial")
        partial.unlink(missing_ok=True)
        # A backup holds what the database holds: readable by this user only, like it.
        os.close(os.open(partial, os.O_CREAT | os.O_WRONLY, 0o600))
        try:
            if self.is_sqlite:
                self._sqlite_backup(partial)
            else:
                self._pg_tool(["pg_dump", "--format=custom", "--no-owner", f"--file={partial}"])
            os.replace(partial, target)
        finally:
            partial.unlink(missing_ok=True)

    def _sqlite_backup(self, target: Path) -> None:
        database = Path(self.url.database or "")
        if not database.is_file():  # connecting would create an empty one and back that up
            raise StoreError(f"{database}: no database to back up yet")
        try:
            source = sqlite3.connect(database)
            try:
                copy = sqlite3.connect(target)
                with copy:
                    source.backup(copy)  # SQLite's online backup: a consistent snapshot
                # One self-contained file: no -wal and -shm beside it when it is read.
                copy.execute("PRAGMA journal_mode=DELETE")
                copy.close()
            finally:
                source.close()
        except sqlite3.Error as exc:
            raise StoreError(f"backup of {database} failed: {exc}") from exc

    def restore(self, source: Path) -> None:
        """Replace the database's contents with a backup made by `backup`."""
        source = Path(source)
        if not source.is_file():
            raise StoreError(f"{source}: no such backup file")
        if self.is_sqlite:
            # As a URI, so that read-only holds; as_uri() escapes a path's "?" and "#".
            backup = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
            try:
                backup.execute("SELECT count(*) FROM alembic_version").fetchone()
            except sqlite3.DatabaseError as exc:
                backup.close()
                raise StoreError(f"{source} is not a Shousi SQLite backup: {exc}") from exc
            self.engine.dispose()
            live = sqlite3.connect(self.url.database or "")
            try:
                with live:
                    backup.backup(live)
            finally:
                live.close()
                backup.close()
            return
        try:
            self._pg_tool(
                ["pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction"]
                + [str(source)]
            )
        except StoreError as exc:
            raise StoreError(f"{source} was not restored: {exc}") from exc

    def _pg_tool(self, argv: list[str]) -> None:
        tool = argv[0]
        if shutil.which(tool) is None:
            raise StoreError(f"{tool} is not installed (Debian: apt-get install postgresql-client)")
        # The password goes in the environment: a command line is visible to every user.
        plain = self.url.set(drivername="postgresql", password=None)
        libpq = plain.render_as_string(hide_password=False)
        env = {**os.environ}
        if self.url.password:
            env["PGPASSWORD"] = str(self.url.password)
        done = subprocess.run(
            [*argv, f"--dbname={libpq}"], capture_output=True, text=True, check=False, env=env
        )
        if done.returncode != 0:
            # The first error line says it ("pg_dump: error: connection to server ... failed");
            # the others are context ("while PROCESSING TOC"), hints and statements run.
            lines = [line.strip() for line in done.stderr.splitlines() if line.strip()]
            lines = [line for line in lines if "error:" in line] or lines
            reason = lines[0].removeprefix(f"{tool}: ").removeprefix("error: ") if lines else ""
            raise StoreError(f"{tool} failed: {reason or f'exit status {done.returncode}'}")

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()
