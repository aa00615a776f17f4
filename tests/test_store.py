"""The store on SQLite and on PostgreSQL: migrations, rows, concurrency, time zones, backups."""

from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlalchemy import delete, func, inspect, select, update

import app.store
from app.store import Store, StoreError
from app.store.models import Draft, Learner, MockSession, Submission
from tests.helpers import new_learner

TABLES = {
    "learners",
    "sessions",
    "submissions",
    "drafts",
    "review_cards",
    "review_logs",
    "mock_sessions",
    "authored_problems",
    "problem_sets",
    "set_members",
    "instances",
    "settings",
    "alembic_version",
}


def count(store: Store, model: type) -> int:
    with store.session() as session:
        return session.scalar(select(func.count()).select_from(model)) or 0


def test_migrations_build_an_empty_database_and_run_twice_harmlessly(database_url: str) -> None:
    store = Store(database_url)
    try:
        assert store.revision()[0] is None  # nothing applied yet
        store.upgrade()
        first = store.revision()
        learner = new_learner(store, "ada")
        store.upgrade()  # a second start must neither fail nor touch the rows
        assert store.revision() == first
        assert set(inspect(store.engine).get_table_names()) == TABLES
        with store.session() as session:
            assert session.get(Learner, learner).username == "ada"
    finally:
        store.close()


def test_replicas_starting_together_all_migrate_without_failing(database_url: str) -> None:
    # `docker compose up --scale app=3` starts three servers on one empty database at once.
    stores = [Store(database_url) for _ in range(4)]
    errors: list[BaseException] = []

    def start(store: Store) -> None:
        try:
            store.upgrade()
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=start, args=(store,)) for store in stores]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert errors == []
        assert all(store.revision()[0] == newest_migration() for store in stores)
        assert set(inspect(stores[0].engine).get_table_names()) == TABLES
    finally:
        for store in stores:
            store.close()


def newest_migration() -> str:
    """The revision no other migration file builds on, read from the files themselves."""
    revisions, parents = set(), set()
    for path in (Path(app.store.__file__).parent / "migrations" / "versions").glob("*.py"):
        text = path.read_text()
        revisions |= set(re.findall(r'^revision = "(\w+)"', text, re.M))
        parents |= set(re.findall(r'^down_revision = "(\w+)"', text, re.M))
    (head,) = revisions - parents
    return head


def test_revision_is_the_newest_migration(store: Store) -> None:
    assert store.revision() == (newest_migration(), newest_migration())


def test_learner_submission_and_draft_round_trip(store: Store) -> None:
    learner = new_learner(store, "grace")
    code = "def attention(q, k, v):\n    return '注意'  # 非 ASCII\n"
    result = {"verdict": "accepted", "cases": [{"name": "small", "passed": True}], "ms": 1.5}
    with store.session() as session:
        submission = Submission(
            learner_id=learner, problem_id="attention", mode="submit", code=code
        )
        session.add(submission)
        session.add(Draft(learner_id=learner, problem_id="attention", code="# draft"))
        session.flush()
        submission_id = submission.id
    with store.session() as session:  # the verdict arrives in a later transaction
        stored = session.get(Submission, submission_id)
        assert stored.status == "pending" and stored.verdict is None
        stored.status, stored.verdict, stored.result = "done", "accepted", result
    with store.session() as session:
        stored = session.get(Submission, submission_id)
        draft = session.get(Draft, (learner, "attention"))
        assert (stored.code, stored.verdict, stored.result) == (code, "accepted", result)
        assert stored.attempts == 1 and stored.learner_id == learner
        assert draft.code == "# draft"


def test_concurrent_writers_all_land(store: Store) -> None:
    learner = new_learner(store)
    threads, each = 8, 50

    def insert(worker: int) -> None:
        for n in range(each):
            with store.session() as session:
                session.add(
                    Submission(learner_id=learner, problem_id=f"p{worker}", mode="run", code=str(n))
                )

    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(insert, range(threads)))  # re-raises a "database is locked" error
    assert count(store, Submission) == threads * each


def test_concurrent_read_modify_write_loses_no_update(store: Store) -> None:
    # Each transaction reads a counter, then writes it back plus one: the pattern of claiming
    # a submission for grading. On SQLite BEGIN IMMEDIATE serialises them; on PostgreSQL the
    # row lock of FOR UPDATE does. Without either, increments are lost or raise "locked".
    learner = new_learner(store)
    with store.session() as session:
        submission = Submission(learner_id=learner, problem_id="p", mode="submit", code="")
        session.add(submission)
        session.flush()
        submission_id = submission.id
    threads, each = 8, 25

    def bump(_: int) -> None:
        for _ in range(each):
            with store.session() as session:
                attempts = session.scalar(
                    select(Submission.attempts)
                    .where(Submission.id == submission_id)
                    .with_for_update()
                )
                session.execute(
                    update(Submission)
                    .where(Submission.id == submission_id)
                    .values(attempts=attempts + 1)
                )

    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(bump, range(threads)))
    with store.session() as session:
        assert session.get(Submission, submission_id).attempts == 1 + threads * each


def test_timestamps_come_back_aware_in_utc(store: Store) -> None:
    tokyo = timezone(timedelta(hours=9))
    written = datetime(2026, 3, 1, 8, 30, 15, 123456, tzinfo=tokyo)
    with store.session() as session:
        learner = Learner(created_at=written)
        session.add(learner)
        session.flush()
        learner_id = learner.id
        default_learner = Learner()
        session.add(default_learner)
        session.flush()
        default_id = default_learner.id
    with store.session() as session:
        read = session.get(Learner, learner_id).created_at
        defaulted = session.get(Learner, default_id).created_at
    assert read == written  # the same instant...
    assert read.utcoffset() == timedelta(0) and read.hour == 23  # ...shown in UTC
    assert defaulted.utcoffset() == timedelta(0)
    assert abs(datetime.now(UTC) - defaulted) < timedelta(minutes=1)
    with pytest.raises(Exception, match="naive datetime"), store.session() as session:
        session.add(Learner(created_at=datetime(2026, 3, 1, 8, 30)))


def test_deleting_a_learner_deletes_their_rows_only(store: Store) -> None:
    gone, kept = new_learner(store, "gone"), new_learner(store, "kept")
    with store.session() as session:
        mock = MockSession(
            learner_id=kept,
            problem_id="attention",
            questions=["q1", "q2", "q3"],
            ends_at=datetime.now(UTC) + timedelta(minutes=30),
        )
        session.add(mock)
        session.flush()
        for learner in (gone, kept):
            session.add(Submission(learner_id=learner, problem_id="p", mode="run", code="x"))
            session.add(Draft(learner_id=learner, problem_id="p", code="x"))
        session.add(
            Submission(learner_id=kept, problem_id="p", mode="submit", code="y", mock_id=mock.id)
        )
        mock_id = mock.id
    with store.session() as session:  # in SQL, as an admin would: the database cascades
        session.execute(delete(Learner).where(Learner.id == gone))
    with store.session() as session:
        assert set(session.scalars(select(Submission.learner_id))) == {kept}
        assert set(session.scalars(select(Draft.learner_id))) == {kept}
        session.execute(delete(MockSession).where(MockSession.id == mock_id))
    with store.session() as session:  # a deleted mock interview leaves its submissions
        mock_ids = list(session.scalars(select(Submission.mock_id).order_by(Submission.id)))
        assert mock_ids == [None, None]


def test_backup_then_restore_brings_the_rows_back(store: Store, tmp_path: Path) -> None:
    kept = new_learner(store, "kept")
    with store.session() as session:
        for n in range(3):
            session.add(Submission(learner_id=kept, problem_id="p", mode="run", code=f"v{n}"))
    backup = tmp_path / "backup.dump"
    store.backup(backup)
    assert backup.stat().st_size > 0

    # After the backup: one learner deleted (with its submissions), another added.
    with store.session() as session:
        session.execute(delete(Learner).where(Learner.id == kept))
        session.add(Learner(username="later"))
    assert count(store, Submission) == 0

    store.restore(backup)
    with store.session() as session:
        assert list(session.scalars(select(Learner.username))) == ["kept"]
        codes = session.scalars(select(Submission.code).order_by(Submission.id))
        assert list(codes) == ["v0", "v1", "v2"]
    current, head = store.revision()
    assert current == head
    # The restored database takes new rows as before, with fresh ids.
    assert new_learner(store, "after") > kept


def test_restore_refuses_a_missing_or_foreign_file(store: Store, tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no such backup file"):
        store.restore(tmp_path / "missing.dump")
    junk = tmp_path / "junk.dump"
    junk.write_text("not a backup\n")
    learner = new_learner(store, "still-here")
    with pytest.raises(StoreError):
        store.restore(junk)
    with store.session() as session:  # a refused restore leaves the database as it was
        assert session.get(Learner, learner).username == "still-here"
