"""`shousi db` as an operator runs it, on SQLite and on PostgreSQL: what it prints and exits."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import Result
from sqlalchemy import select
from typer.testing import CliRunner

from app.cli import cli
from app.store import Store
from app.store.models import Instance, Learner, utcnow
from tests.conftest import ROOT


def shousi_db(env: dict[str, str], *args: str) -> Result:
    return CliRunner().invoke(cli, ["db", *args], env={k: v or None for k, v in env.items()})


def opened(env: dict[str, str]) -> Store:
    return Store.open(Path(env["SHOUSI_DATA_DIR"]), env["SHOUSI_DATABASE_URL"] or None)


def usernames(env: dict[str, str]) -> list[str | None]:
    store = opened(env)
    try:
        with store.session() as session:
            return list(session.scalars(select(Learner.username).order_by(Learner.id)))
    finally:
        store.close()


def add_learner(env: dict[str, str], username: str) -> None:
    store = opened(env)
    try:
        with store.session() as session:
            session.add(Learner(username=username))
    finally:
        store.close()


def assert_one_line_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit)  # said, not raised
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0]


def test_upgrade_then_status(settings_env: dict[str, str]) -> None:
    status = shousi_db(settings_env, "status")
    assert status.exit_code == 0, status.output
    assert "current:  empty" in status.stdout

    first = shousi_db(settings_env, "upgrade")
    assert first.exit_code == 0, first.output
    store = opened(settings_env)
    current, head = store.revision()
    store.close()
    assert current == head
    assert f"revision: empty -> {head}" in first.stdout

    again = shousi_db(settings_env, "upgrade")
    assert again.exit_code == 0 and f"revision: {head} (already up to date)" in again.stdout

    status = shousi_db(settings_env, "status")
    assert status.exit_code == 0
    assert f"current:  {head}" in status.stdout and f"head:     {head}" in status.stdout
    assert "behind" not in status.stdout


def test_the_database_is_named_without_its_password(settings_env: dict[str, str]) -> None:
    result = shousi_db(settings_env, "status")
    url = settings_env["SHOUSI_DATABASE_URL"]
    if url:
        password = url.split("://", 1)[1].split("@", 1)[0].split(":", 1)[1]
        assert password not in result.output and ":***@" in result.stdout
    else:
        assert str(Path(settings_env["SHOUSI_DATA_DIR"]) / "shousi.db") in result.stdout


def test_backup_and_restore_round_trip(settings_env: dict[str, str], tmp_path: Path) -> None:
    assert shousi_db(settings_env, "upgrade").exit_code == 0
    add_learner(settings_env, "before-backup")
    backup = tmp_path / "shousi.backup"

    made = shousi_db(settings_env, "backup", str(backup))
    assert made.exit_code == 0, made.output
    assert backup.is_file() and f"to {backup}" in made.stdout

    add_learner(settings_env, "after-backup")
    restored = shousi_db(settings_env, "restore", str(backup))
    assert restored.exit_code == 0, restored.output
    assert usernames(settings_env) == ["before-backup"]
    assert "restored" in restored.stdout


def test_backup_never_overwrites_without_force(
    settings_env: dict[str, str], tmp_path: Path
) -> None:
    assert shousi_db(settings_env, "upgrade").exit_code == 0
    backup = tmp_path / "precious.backup"
    backup.write_bytes(b"an older backup")

    refused = shousi_db(settings_env, "backup", str(backup))
    assert_one_line_error(refused, "already exists", "--force")
    assert backup.read_bytes() == b"an older backup"

    forced = shousi_db(settings_env, "backup", "--force", str(backup))
    assert forced.exit_code == 0, forced.output
    assert backup.read_bytes() != b"an older backup"
    assert [p.name for p in tmp_path.iterdir() if "precious" in p.name] == ["precious.backup"]


def test_restore_refuses_under_a_running_server(
    settings_env: dict[str, str], tmp_path: Path
) -> None:
    assert shousi_db(settings_env, "upgrade").exit_code == 0
    add_learner(settings_env, "in-backup")
    backup = tmp_path / "shousi.backup"
    assert shousi_db(settings_env, "backup", str(backup)).exit_code == 0
    add_learner(settings_env, "live")
    store = opened(settings_env)
    with store.session() as session:
        session.add(Instance(id="web-1:8000", last_seen=utcnow()))
        session.add(Instance(id="dead:8000", last_seen=utcnow() - timedelta(minutes=5)))
    store.close()

    refused = shousi_db(settings_env, "restore", str(backup))
    assert_one_line_error(refused, "refusing to restore", "web-1:8000", "--force")
    assert "dead:8000" not in refused.stderr  # a server that stopped beating does not count
    assert usernames(settings_env) == ["in-backup", "live"]

    forced = shousi_db(settings_env, "restore", "--force", str(backup))
    assert forced.exit_code == 0, forced.output
    assert usernames(settings_env) == ["in-backup"]


def test_restore_of_a_missing_or_foreign_file_is_one_line(
    settings_env: dict[str, str], tmp_path: Path
) -> None:
    assert shousi_db(settings_env, "upgrade").exit_code == 0
    add_learner(settings_env, "untouched")
    missing = tmp_path / "missing.backup"
    assert_one_line_error(shousi_db(settings_env, "restore", str(missing)), str(missing))
    foreign = tmp_path / "notes.txt"
    foreign.write_text("not a backup\n")
    assert_one_line_error(shousi_db(settings_env, "restore", str(foreign)), str(foreign))
    assert usernames(settings_env) == ["untouched"]


def test_backup_of_no_database_yet_is_refused(tmp_path: Path) -> None:
    env = {"SHOUSI_DATA_DIR": str(tmp_path / "data"), "SHOUSI_DATABASE_URL": ""}
    backup = tmp_path / "empty.backup"
    assert_one_line_error(shousi_db(env, "backup", str(backup)), "no database to back up")
    assert not backup.exists()
    elsewhere = tmp_path / "no" / "such" / "dir.backup"
    assert shousi_db(env, "upgrade").exit_code == 0
    assert_one_line_error(shousi_db(env, "backup", str(elsewhere)), "no such directory")


@pytest.mark.parametrize(
    ("url", "fragment"),
    [
        ("postgresql://shousi:hunter2@/shousi?host=/nonexistent-socket-dir", "nonexistent"),
        ("not a url at all", "Could not parse"),
        ("mysql://shousi:hunter2@localhost/shousi", "no driver"),
    ],
)
def test_a_bad_database_url_is_one_clear_line(tmp_path: Path, url: str, fragment: str) -> None:
    env = {"SHOUSI_DATA_DIR": str(tmp_path), "SHOUSI_DATABASE_URL": url}
    for command in (["status"], ["upgrade"], ["backup", str(tmp_path / "b")]):
        result = shousi_db(env, *command)
        assert_one_line_error(result, fragment)
        assert "hunter2" not in result.output


def test_the_real_command_prints_no_traceback(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "SHOUSI_DATA_DIR": str(tmp_path),
        "SHOUSI_DATABASE_URL": "postgresql://shousi:hunter2@/shousi?host=/nonexistent-socket-dir",
    }
    run = subprocess.run(
        [sys.executable, "-m", "app", "db", "upgrade"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=env,
    )
    assert run.returncode == 1
    assert run.stdout == "" and len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert run.stderr.startswith("error: postgresql+psycopg://shousi:***@/shousi")
    assert "hunter2" not in run.stderr
