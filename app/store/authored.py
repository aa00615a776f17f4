"""Problems instructors upload: kept in the database so that every replica sees them.

An upload is stored as sent (the archive already checked by app.authoring.archive), marked
`checking` while a contained validation runs, then `valid` or `invalid` with its report.
Only a valid problem can be published; every replica's app.authoring.published loads what is
published and drops what is not, within seconds, without a restart.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, update

from app.store import Store
from app.store.models import AuthoredProblem, utcnow

STALE_CHECK = timedelta(minutes=15)  # a validation its replica never finished


class AuthoringError(ValueError):
    """An authoring request that cannot be done, with the HTTP status it answers."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat().replace("+00:00", "Z") if moment is not None else None


def view(row: AuthoredProblem) -> dict[str, Any]:
    """An authored problem as the API shows it (no archive)."""
    return {
        "problem": row.problem_id,
        "owner": row.owner_id,
        "status": row.status,
        "published": row.published,
        "report": row.report,
        "sha256": row.sha256,
        "version": row.version,
        "created_at": _iso(row.created_at),
        "updated_at": _iso(row.updated_at),
    }


def _may_change(row: AuthoredProblem, who_id: int, role: str) -> None:
    if role != "admin" and row.owner_id != who_id:
        raise AuthoringError(403, "this problem belongs to another instructor")


def upload(store: Store, who_id: int, role: str, problem_id: str, archive: bytes) -> dict:
    """Keep a new archive for `problem_id` (a new problem, or a new version of one of
    theirs), marked `checking` and unpublished until it validates again."""
    digest = hashlib.sha256(archive).hexdigest()
    now = utcnow()
    with store.session() as session:
        row = session.get(AuthoredProblem, problem_id, with_for_update=True)
        if row is None:
            row = AuthoredProblem(
                problem_id=problem_id, owner_id=who_id, archive=archive, sha256=digest,
                status="checking", published=False, report=None, created_at=now,
                updated_at=now, version=1,
            )  # fmt: skip
            session.add(row)
        else:
            _may_change(row, who_id, role)
            row.archive, row.sha256, row.status, row.report = archive, digest, "checking", None
            row.published, row.updated_at, row.version = False, now, row.version + 1
        session.flush()
        return view(row)


def record_check(store: Store, problem_id: str, sha256: str, ok: bool, report: dict) -> bool:
    """Keep a validation's outcome, if the archive it checked is still the current one."""
    with store.session() as session:
        done = session.execute(
            update(AuthoredProblem)
            .where(AuthoredProblem.problem_id == problem_id, AuthoredProblem.sha256 == sha256)
            .values(status="valid" if ok else "invalid", report=report, updated_at=utcnow())
        )
        return done.rowcount == 1


def publish(store: Store, who_id: int, role: str, problem_id: str, on: bool) -> dict:
    """Publish (or unpublish) a problem; only a valid one can be published."""
    with store.session() as session:
        row = session.get(AuthoredProblem, problem_id, with_for_update=True)
        if row is None:
            raise AuthoringError(404, f"no uploaded problem {problem_id!r}")
        _may_change(row, who_id, role)
        if on and row.status != "valid":
            raise AuthoringError(
                409, f"only a problem that validates can be published (this one is {row.status})"
            )
        if row.published != on:
            row.published, row.version, row.updated_at = on, row.version + 1, utcnow()
        return view(row)


def listing(store: Store) -> list[dict[str, Any]]:
    """Every uploaded problem, newest change first."""
    with store.session() as session:
        rows = session.scalars(
            select(AuthoredProblem).order_by(AuthoredProblem.updated_at.desc())
        ).all()
        return [view(row) for row in rows]


def one(store: Store, problem_id: str) -> dict[str, Any] | None:
    """One uploaded problem (no archive), or None."""
    with store.session() as session:
        row = session.get(AuthoredProblem, problem_id)
        return view(row) if row is not None else None


def archive_of(store: Store, problem_id: str) -> tuple[bytes, str] | None:
    """The current archive of a problem and its sha256, or None."""
    with store.session() as session:
        row = session.get(AuthoredProblem, problem_id)
        return (row.archive, row.sha256) if row is not None else None


def published(store: Store) -> dict[str, str]:
    """What every replica serves: {problem id: sha256 of its archive}."""
    with store.session() as session:
        rows = session.execute(
            select(AuthoredProblem.problem_id, AuthoredProblem.sha256).where(
                AuthoredProblem.published.is_(True)
            )
        ).all()
        return dict(rows)


def claim_stale_checks(store: Store, now: datetime | None = None) -> list[tuple[str, bytes, str]]:
    """Validations left `checking` too long (the replica running them stopped), claimed
    for this replica to run again: (id, archive, sha256)."""
    now = now or utcnow()
    with store.session() as session:
        rows = session.scalars(
            select(AuthoredProblem)
            .where(
                AuthoredProblem.status == "checking",
                AuthoredProblem.updated_at < now - STALE_CHECK,
            )
            .with_for_update(skip_locked=True)
        ).all()
        for row in rows:  # claimed: another replica looking now does not take it too
            row.updated_at = now
        return [(row.problem_id, row.archive, row.sha256) for row in rows]
