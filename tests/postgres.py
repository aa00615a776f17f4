"""A throwaway PostgreSQL cluster for the test session, from Debian's `postgresql` package.

`start_cluster()` runs initdb in a fresh temporary folder and starts the server listening on
a unix socket in that folder only (no TCP port), with fsync off; `PostgresCluster.stop()`
kills it and removes the folder (the next start does, for a run killed before its teardown).
Run as root, initdb and the server run as the `postgres` system user (initdb refuses root).
Nothing here installs anything: without the binaries, `start_cluster` returns the reason
instead of a cluster; `scripts/test` installs the package.
"""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import secrets
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
from psycopg import sql

DATABASE = "shousi"
ROLE = "shousi"
# Not UTC on purpose: a timestamp read back must be UTC whatever zone the server is in.
SERVER_TIMEZONE = "Asia/Tokyo"
START_SECONDS = 30


def find_bin_dir() -> Path | str:
    """The newest installed server's bin folder, or why there is none."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    if not found:
        return "no /usr/lib/postgresql/*/bin/initdb (Debian: apt-get install postgresql)"
    return Path(found[-1]).parent


@dataclass
class PostgresCluster:
    """A running server on a unix socket in `base`, with a role and database `shousi`."""

    base: Path
    bin_dir: Path
    password: str
    run_as: list[str]
    start_seconds: float
    _databases: int = field(default=0)

    @property
    def data(self) -> Path:
        return self.base / "data"

    def url(self, database: str = DATABASE) -> str:
        """A SQLAlchemy URL for `database` as the `shousi` role, over the socket."""
        return f"postgresql+psycopg://{ROLE}:{self.password}@/{database}?host={self.base}"

    def admin(self) -> psycopg.Connection:
        """An autocommit connection as the superuser, to create and drop databases."""
        return psycopg.connect(
            host=str(self.base),
            dbname="postgres",
            user="postgres",
            password=self.password,
            autocommit=True,
        )

    def create_database(self, *, template: str = "template1") -> str:
        """A new database owned by `shousi` (a copy of `template`); its name."""
        self._databases += 1
        name = f"test_{self._databases}"
        with self.admin() as conn:
            conn.execute(
                sql.SQL("CREATE DATABASE {} OWNER {} TEMPLATE {} STRATEGY FILE_COPY").format(
                    sql.Identifier(name), sql.Identifier(ROLE), sql.Identifier(template)
                )
            )
        return name

    def drop_database(self, name: str) -> None:
        """Drop `name`, closing any connection still open on it."""
        with self.admin() as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )

    def log_tail(self, lines: int = 20) -> str:
        log = self.base / "server.log"
        return (
            "\n".join(log.read_text(errors="replace").splitlines()[-lines:]) if log.exists() else ""
        )

    def stop(self) -> None:
        """Kill the server (no clean shutdown: the data is thrown away) and remove the folder."""
        if self.data.is_dir():
            subprocess.run(
                [*self.run_as, str(self.bin_dir / "pg_ctl"), "stop", "-D", str(self.data)]
                + ["-m", "immediate", "-w", "-t", "10"],
                capture_output=True,
                check=False,
                cwd=self.base,
            )
        shutil.rmtree(self.base, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def stop_orphans(bin_dir: Path, run_as: list[str]) -> None:
    """Stop and remove clusters left by test runs that were killed before their teardown."""
    for owner_file in Path("/tmp").glob("shousi-pg-*/owner.pid"):
        try:
            owner = int(owner_file.read_text())
        except (OSError, ValueError):
            continue
        if not _alive(owner):
            PostgresCluster(owner_file.parent, bin_dir, "", run_as, 0.0).stop()


def _run(argv: list[str], *, cwd: Path, what: str) -> None:
    done = subprocess.run(argv, capture_output=True, text=True, check=False, cwd=cwd, timeout=60)
    if done.returncode != 0:
        raise RuntimeError(f"{what} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")


def start_cluster() -> PostgresCluster | str:
    """A started cluster, or (binaries or the postgres user missing) the reason there is none.

    Raises RuntimeError, with the server's log, when the binaries are there but fail.
    """
    bin_dir = find_bin_dir()
    if isinstance(bin_dir, str):
        return bin_dir
    run_as: list[str] = []
    owner = None
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no `postgres` user to run the server as"
        run_as = ["runuser", "-u", "postgres", "--"]

    stop_orphans(bin_dir, run_as)
    began = time.monotonic()
    # Short and fixed: a unix socket path is limited to about 100 bytes.
    base = Path(tempfile.mkdtemp(prefix="shousi-pg-", dir="/tmp"))
    password = secrets.token_hex(12)
    cluster = PostgresCluster(base, bin_dir, password, run_as, start_seconds=0.0)
    atexit.register(cluster.stop)  # also when the session ends without its teardown
    try:
        (base / "owner.pid").write_text(str(os.getpid()))  # see stop_orphans
        pwfile = base / "pwfile"
        pwfile.write_text(password + "\n")
        if owner is not None:
            os.chown(base, owner.pw_uid, owner.pw_gid)
            os.chown(pwfile, owner.pw_uid, owner.pw_gid)
        _run(
            [*run_as, str(bin_dir / "initdb"), "-D", str(cluster.data), "-U", "postgres"]
            + [f"--pwfile={pwfile}", "--auth=scram-sha-256", "--no-sync", "--no-instructions"]
            + ["-E", "UTF8", "--locale=C"],
            cwd=base,
            what="initdb",
        )
        settings = {
            "listen_addresses": "''",
            "unix_socket_directories": f"'{base}'",
            "fsync": "off",
            "synchronous_commit": "off",
            "full_page_writes": "off",
            "timezone": f"'{SERVER_TIMEZONE}'",
            "max_connections": "100",
        }
        with (cluster.data / "postgresql.conf").open("a") as conf:
            conf.writelines(f"{name} = {value}\n" for name, value in settings.items())
        _run(
            [*run_as, str(bin_dir / "pg_ctl"), "start", "-D", str(cluster.data), "-w"]
            + ["-t", str(START_SECONDS), "-l", str(base / "server.log")],
            cwd=base,
            what="pg_ctl start",
        )
        with cluster.admin() as conn:
            conn.execute(
                sql.SQL("CREATE ROLE {} LOGIN PASSWORD {}").format(
                    sql.Identifier(ROLE), sql.Literal(password)
                )
            )
            conn.execute(
                sql.SQL("CREATE DATABASE {} OWNER {}").format(
                    sql.Identifier(DATABASE), sql.Identifier(ROLE)
                )
            )
    except BaseException as exc:
        log = cluster.log_tail()
        cluster.stop()
        atexit.unregister(cluster.stop)
        if isinstance(exc, RuntimeError | OSError | psycopg.Error):
            raise RuntimeError(f"PostgreSQL did not start: {exc}\n{log}".strip()) from exc
        raise
    cluster.start_seconds = time.monotonic() - began
    return cluster
