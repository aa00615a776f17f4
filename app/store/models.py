"""The tables: learners and their sessions, submissions, drafts, review cards, mock interviews.

Every table that holds a learner's data has a `learner_id`, and every query for it filters on
the learner asking: one learner never reads another's rows. Times are UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    TypeDecorator,
    false,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    """The current time, timezone-aware in UTC."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator):
    """A timestamp stored in UTC and read back timezone-aware, on SQLite as on PostgreSQL."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: object) -> datetime | None:
        if value is not None and value.tzinfo is None:
            raise ValueError("naive datetime: store times in UTC")
        return value.astimezone(UTC) if value is not None else None

    def process_result_value(self, value: datetime | None, dialect: object) -> datetime | None:
        if value is not None and value.tzinfo is None:  # SQLite keeps no zone
            value = value.replace(tzinfo=UTC)
        # PostgreSQL answers in the server's own zone: always hand back UTC.
        return value.astimezone(UTC) if value is not None else None


# An integer primary key that autoincrements on SQLite (INTEGER) and PostgreSQL (BIGINT).
Id = BigInteger().with_variant(Integer(), "sqlite")


class Base(DeclarativeBase):
    """Base of every table."""


class Learner(Base):
    """Someone practising: anonymous until they sign up (then username and password set)."""

    __tablename__ = "learners"

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    username: Mapped[str | None] = mapped_column(String(64), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(256))
    role: Mapped[str] = mapped_column(String(16), default="learner")

    # Shown as typed, unique whatever the case: Alice and alice are one account.
    __table_args__ = (Index("uq_learners_username_lower", func.lower(username), unique=True),)


class Session(Base):
    """A signed-in browser: the cookie carries a token whose hash is kept here (revocable)."""

    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    last_seen: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    revoked: Mapped[bool] = mapped_column(Boolean, default=False)

    __table_args__ = (Index("ix_sessions_learner", "learner_id"),)


class Submission(Base):
    """One Run or Submit: stored before grading (status "pending"), then its verdict.

    `claimed_by` names the server instance grading it; a pending submission whose instance
    stopped beating is graded again by another (or marked "interrupted" after two tries).
    """

    __tablename__ = "submissions"

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"))
    problem_id: Mapped[str] = mapped_column(String(128))
    mode: Mapped[str] = mapped_column(String(16))
    code: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    status: Mapped[str] = mapped_column(String(16), default="pending")
    verdict: Mapped[str | None] = mapped_column(String(32))
    result: Mapped[dict | None] = mapped_column(JSON)
    duration_ms: Mapped[int | None] = mapped_column(Integer)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    claimed_by: Mapped[str | None] = mapped_column(String(64))
    attempts: Mapped[int] = mapped_column(Integer, default=1)
    mock_id: Mapped[int | None] = mapped_column(ForeignKey("mock_sessions.id", ondelete="SET NULL"))
    # The request's Idempotency-Key: the same request sent again (a proxy's retry after a
    # replica died mid-request) finds this submission instead of making a second.
    request_key: Mapped[str | None] = mapped_column(String(64))
    # Brought in by an import: kept as the learner's history, never taken as solved here
    # (a file can claim any verdict).
    imported: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # The code's size in UTF-8, summed for the stored-code quota without reading the code.
    code_bytes: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    __table_args__ = (
        Index("ix_submissions_learner_problem", "learner_id", "problem_id", "id"),
        Index("ix_submissions_status", "status"),
        Index("uq_submissions_learner_request_key", "learner_id", "request_key", unique=True),
    )


class Draft(Base):
    """The code a learner last typed for a problem, saved as they type."""

    __tablename__ = "drafts"

    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )
    problem_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    code: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class ReviewCard(Base):
    """An item in a learner's spaced-review queue: a Q&A card or a solved problem.

    `item` is "qa:<card id>" or "problem:<problem id>"; `state` is the FSRS card as a dict.
    """

    __tablename__ = "review_cards"

    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )
    item: Mapped[str] = mapped_column(String(160), primary_key=True)
    state: Mapped[dict] = mapped_column(JSON)
    due: Mapped[datetime] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    __table_args__ = (Index("ix_review_cards_due", "learner_id", "due"),)


class ReviewLog(Base):
    """One rating given to a review item."""

    __tablename__ = "review_logs"

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"))
    item: Mapped[str] = mapped_column(String(160))
    rating: Mapped[int] = mapped_column(Integer)
    reviewed_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    __table_args__ = (Index("ix_review_logs_learner", "learner_id", "reviewed_at"),)


class MockSession(Base):
    """A timed mock interview: one problem and three questions, then a report."""

    __tablename__ = "mock_sessions"

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"))
    problem_id: Mapped[str] = mapped_column(String(128))
    questions: Mapped[list] = mapped_column(JSON)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    ends_at: Mapped[datetime] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    answers: Mapped[dict] = mapped_column(JSON, default=dict)
    report: Mapped[dict | None] = mapped_column(JSON)

    __table_args__ = (Index("ix_mock_sessions_learner", "learner_id", "id"),)


class Instance(Base):
    """A running server process, beating every few seconds while it is alive."""

    __tablename__ = "instances"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    last_seen: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class Setting(Base):
    """Values the replicas share, such as the key that signs cookies."""

    __tablename__ = "settings"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class AuthoredProblem(Base):
    """A problem an instructor uploaded: the archive as sent, its validation, and whether
    learners see it. Every replica loads the published ones from here."""

    __tablename__ = "authored_problems"

    problem_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("learners.id", ondelete="SET NULL"))
    archive: Mapped[bytes] = mapped_column(LargeBinary)
    sha256: Mapped[str] = mapped_column(String(64))
    # checking -> valid | invalid; a new upload starts again at checking.
    status: Mapped[str] = mapped_column(String(16), default="checking")
    published: Mapped[bool] = mapped_column(Boolean, default=False)
    report: Mapped[dict | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # Bumped on every change a replica must act on (a new archive, publishing).
    version: Mapped[int] = mapped_column(Integer, default=1)


class ProblemSet(Base):
    """An instructor's ordered set of problems and Q&A cards, shared by its link."""

    __tablename__ = "problem_sets"

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    slug: Mapped[str] = mapped_column(String(64), unique=True)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("learners.id", ondelete="SET NULL"))
    title: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    # Item names in order: "problem:<id>" or "qa:<card id>", as the review queue names them.
    items: Mapped[list] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class SetMember(Base):
    """A learner who opened a set's link: the instructor sees their progress on it."""

    __tablename__ = "set_members"

    set_id: Mapped[int] = mapped_column(
        ForeignKey("problem_sets.id", ondelete="CASCADE"), primary_key=True
    )
    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
