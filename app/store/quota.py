"""What one learner may keep: submissions a day, code in submissions, drafts.

Counted in the database, so every replica sees the same totals, and checked in the
transaction that would store more. On SQLite writers queue, so the check is exact; on
PostgreSQL requests in flight at the same instant on several replicas may each pass it,
so a learner can go over by at most that many. What is already kept is never touched: over
a limit, only the new row is refused.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from app.limits import Quota
from app.store.models import Draft, Submission, utcnow

DAY = timedelta(days=1)


class QuotaExceeded(Exception):
    """A learner over one of their limits: which one, in English and Chinese (429)."""

    status = 429

    def __init__(self, limit: str, en: str, zh: str, retry_after: int | None = None) -> None:
        super().__init__(en)
        self.limit, self.zh, self.retry_after = limit, zh, retry_after

    def say(self, lang: str) -> str:
        """The reason in `lang`."""
        return self.zh if lang == "zh" else str(self)


def _mib(size: int) -> str:
    return f"{size / (1 << 20):.1f} MiB" if size >= 1 << 20 else f"{size // 1024} KiB"


def check_submission(session: Session, learner_id: int, code_bytes: int, quota: Quota) -> None:
    """Refuse one more submission of `code_bytes` if it takes the learner over a limit."""
    since = utcnow() - DAY
    # Imported rows carry the time they were made elsewhere: not today's work here.
    today = (Submission.created_at >= since) & Submission.imported.is_(False)
    count, kept, oldest = session.execute(
        select(
            func.coalesce(func.sum(case((today, 1), else_=0)), 0),
            func.coalesce(func.sum(Submission.code_bytes), 0),
            func.min(case((today, Submission.created_at))),
        ).where(Submission.learner_id == learner_id)
    ).one()
    if count >= quota.submissions_per_day:
        raise QuotaExceeded(
            "submissions_per_day",
            f"you have made {count} runs and submits in the last 24 hours, the most one "
            f"learner may (SHOUSI_QUOTA_SUBMISSIONS_PER_DAY = {quota.submissions_per_day}); "
            "everything already kept stays, try again later",
            f"你在过去 24 小时里已经运行和提交了 {count} 次，达到了每人的上限"
            f"（SHOUSI_QUOTA_SUBMISSIONS_PER_DAY = {quota.submissions_per_day}）；"
            "已保存的内容都还在，请稍后再试",
            retry_after=_seconds_until(oldest + DAY) if oldest is not None else None,
        )
    code_limit(kept + code_bytes, quota)


def code_limit(total: int, quota: Quota) -> None:
    """Refuse when `total` bytes of code in submissions would exceed the learner's limit."""
    if total > quota.code_bytes:
        limit = _mib(quota.code_bytes)
        raise QuotaExceeded(
            "code_bytes",
            f"this would keep more than {limit} of code in your submissions, the most one "
            f"learner may (SHOUSI_QUOTA_CODE_KB); everything already kept stays",
            f"这样你的提交里保存的代码会超过 {limit}，达到了每人的上限（SHOUSI_QUOTA_CODE_KB）；"
            "已保存的内容都还在",
        )


def kept_code_bytes(session: Session, learner_id: int) -> int:
    """Bytes of code in the learner's submissions."""
    return session.scalar(
        select(func.coalesce(func.sum(Submission.code_bytes), 0)).where(
            Submission.learner_id == learner_id
        )
    )


def drafts_limit(session: Session, learner_id: int, quota: Quota, more: int = 1) -> None:
    """Refuse `more` new drafts when they would take the learner over the drafts limit."""
    count = session.scalar(
        select(func.count()).select_from(Draft).where(Draft.learner_id == learner_id)
    )
    if count + more > quota.drafts:
        raise QuotaExceeded(
            "drafts",
            f"you keep {count} drafts, and one learner may keep {quota.drafts} "
            "(SHOUSI_QUOTA_DRAFTS); the drafts you have can still be saved",
            f"你已经保存了 {count} 份草稿，每人最多 {quota.drafts} 份（SHOUSI_QUOTA_DRAFTS）；"
            "已有的草稿仍可以继续保存",
        )


def _seconds_until(moment: datetime) -> int:
    if moment.tzinfo is None:  # SQLite's aggregate comes back as a naive UTC time
        moment = moment.replace(tzinfo=utcnow().tzinfo)
    return max(1, int((moment - utcnow()).total_seconds()) + 1)
