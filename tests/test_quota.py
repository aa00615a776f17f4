"""Per-learner quotas, counted in the database: submissions a day (refused ones too), code
kept, drafts; over one, a 429 that names it and nothing kept is lost. Idle guests expire
with their data."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update

from app.settings import Settings
from app.store import Store
from app.store.expiry import expire_guests
from app.store.history import create_pending
from app.store.models import Draft, Learner, Session, Submission, utcnow
from app.store.quota import Quota, QuotaExceeded
from app.web import create_app
from app.web.identity import COOKIE
from tests.conftest import TEST_LIMITS, form_token, new_account, roomy_account_limits
from tests.helpers import wait_until_ready

PROBLEM, OTHER, THIRD = "causal-mask", "padding-mask", "softmax"
# Rejected before it runs: quick, and stored like any other submission.
BROKEN = "def causal_mask(n):\n    return (\n"
ACCOUNTS = itertools.count()


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    settings = Settings(
        workers=1,
        data_dir=tmp_path_factory.mktemp("quota"),
        quota_submissions_per_day=3,
        quota_code_kb=64,
        quota_drafts=2,
        **TEST_LIMITS,
    )
    with TestClient(create_app(settings)) as client:
        roomy_account_limits(client)
        wait_until_ready(client)
        yield client


@pytest.fixture
def client(app_client: TestClient) -> Iterator[TestClient]:
    app_client.cookies.clear()
    yield app_client
    app_client.cookies.clear()


def submit(client: TestClient, code: str = BROKEN, lang: str = "en") -> Any:
    return client.post(
        f"/api/problems/{PROBLEM}/submissions",
        json={"code": code, "mode": "submit"},
        headers={"accept-language": lang},
    )


def kept(client: TestClient) -> list[dict[str, Any]]:
    return client.get("/api/submissions").json()


def test_submissions_a_day_count_refused_ones_and_the_next_is_refused_by_name(
    client: TestClient,
) -> None:
    assert submit(client).status_code == 200
    assert submit(client).status_code == 200
    # A submission refused as busy keeps its code, so it counts like any other.
    state = client.app.state
    state.client_load["testclient"] = state.settings.client_share()
    try:
        busy = submit(client)
    finally:
        del state.client_load["testclient"]
    assert busy.status_code == 429 and "grading(s) running" in busy.json()["detail"]
    assert [row["status"] for row in kept(client)] == ["not_graded", "done", "done"]

    over = submit(client, code=BROKEN + "# the fourth\n")
    assert over.status_code == 429 and over.json()["limit"] == "submissions_per_day"
    assert over.json()["detail"].startswith(
        "you have made 3 runs and submits in the last 24 hours, the most one learner may "
        "(SHOUSI_QUOTA_SUBMISSIONS_PER_DAY = 3)"
    )
    assert 0 < int(over.headers["retry-after"]) <= 86400
    zh = submit(client, lang="zh-CN")
    assert (
        zh.status_code == 429 and "你在过去 24 小时里已经运行和提交了 3 次" in zh.json()["detail"]
    )
    assert len(kept(client)) == 3, "the refused code is not stored; what was kept stays"
    token = form_token(client, f"/problems/{PROBLEM}")
    form = {"code": BROKEN, "mode": "run", "csrf_token": token}
    page = client.post(f"/problems/{PROBLEM}?lang=en", data=form)
    assert page.status_code == 429 and "SHOUSI_QUOTA_SUBMISSIONS_PER_DAY" in page.text
    assert len(kept(client)) == 3


def test_code_kept_in_submissions_is_bounded(client: TestClient) -> None:
    big = BROKEN + "#" * (40 * 1024)
    assert submit(client, big).status_code == 200
    over = submit(client, big)
    assert over.status_code == 429 and over.json()["limit"] == "code_bytes"
    assert "more than 64 KiB of code" in over.json()["detail"]
    assert len(kept(client)) == 1
    assert submit(client).status_code == 200, "small code still fits"


def test_drafts_are_bounded_and_a_kept_one_can_still_be_saved(client: TestClient) -> None:
    for problem in (PROBLEM, OTHER):
        saved = client.put(f"/api/problems/{problem}/draft", json={"code": f"# {problem}"})
        assert saved.status_code == 200
    third = client.put(f"/api/problems/{THIRD}/draft", json={"code": "# third"})
    assert third.status_code == 429 and third.json()["limit"] == "drafts"
    assert "SHOUSI_QUOTA_DRAFTS" in third.json()["detail"]
    again = client.put(f"/api/problems/{PROBLEM}/draft", json={"code": "# changed"})
    assert again.status_code == 200
    assert client.get(f"/api/problems/{PROBLEM}/draft").json()["code"] == "# changed"
    assert client.get(f"/api/problems/{THIRD}/draft").status_code == 404


def test_an_import_over_the_quota_stores_nothing(client: TestClient) -> None:
    new_account(client, f"quota-{next(ACCOUNTS)}")
    client.put(f"/api/problems/{PROBLEM}/draft", json={"code": "# mine"})
    moment = "2026-01-01T00:00:00Z"
    document = {
        "format": "shousi-learner-export",
        "version": 1,
        "drafts": [
            {"problem": problem, "code": "# imported", "updated_at": moment}
            for problem in (OTHER, THIRD)
        ],
    }
    answer = client.post("/api/me/import", json=document)
    assert answer.status_code == 429 and "SHOUSI_QUOTA_DRAFTS" in answer.json()["detail"]
    assert client.get(f"/api/problems/{OTHER}/draft").status_code == 404
    code = "#" * (40 * 1024)
    document = {
        "format": "shousi-learner-export",
        "version": 1,
        "submissions": [
            {"problem": PROBLEM, "mode": "run", "code": code + str(i), "created_at": moment,
             "status": "done"}
            for i in range(2)
        ],
    }  # fmt: skip
    answer = client.post("/api/me/import", json=document)
    assert answer.status_code == 429 and "64 KiB" in answer.json()["detail"]
    assert kept(client) == []


def test_an_idle_guest_expires_with_their_data_and_others_stay(client: TestClient) -> None:
    store = client.app.state.store

    def guest_with_a_draft() -> str:
        client.cookies.clear()
        client.put(f"/api/problems/{PROBLEM}/draft", json={"code": "# guest"})
        return client.cookies[COOKIE]

    idle, recent = guest_with_a_draft(), guest_with_a_draft()
    new_account(client, f"quota-{next(ACCOUNTS)}")
    client.put(f"/api/problems/{PROBLEM}/draft", json={"code": "# account"})
    account_cookie = client.cookies[COOKIE]
    sessions = client.app.state.sessions
    ids = {name: sessions.resolve(c).learner_id for name, c in
           (("idle", idle), ("recent", recent), ("account", account_cookie))}  # fmt: skip
    long_ago = utcnow() - timedelta(days=31)
    with store.session() as session:
        for name in ("idle", "account"):
            session.execute(
                update(Learner).where(Learner.id == ids[name]).values(created_at=long_ago)
            )
            session.execute(
                update(Session).where(Session.learner_id == ids[name]).values(last_seen=long_ago)
            )
    assert client.app.state.guest_sweeper.sweep() >= 1
    with store.session() as session:
        left = set(session.scalars(select(Learner.id).where(Learner.id.in_(ids.values()))))
        drafts = session.scalar(
            select(func.count()).select_from(Draft).where(Draft.learner_id == ids["idle"])
        )
    assert left == {ids["recent"], ids["account"]} and drafts == 0
    sessions._resolved.clear()  # the 10 s cache of this replica, as after a restart
    client.cookies.clear()
    client.cookies[COOKIE] = idle
    assert client.get(f"/api/problems/{PROBLEM}/draft").status_code == 404
    client.cookies[COOKIE] = recent
    assert client.get(f"/api/problems/{PROBLEM}/draft").json()["code"] == "# guest"


def test_quota_counts_and_expiry_on_each_database(store: Store) -> None:
    with store.session() as session:
        guest, other = Learner(), Learner()
        session.add_all([guest, other])
        session.flush()
        guest_id, other_id = guest.id, other.id
    quota = Quota(submissions_per_day=2, code_bytes=1 << 20, drafts=1)
    for _ in range(2):
        create_pending(store, guest_id, PROBLEM, "run", "x = 1", "test", quota=quota)
    with pytest.raises(QuotaExceeded) as refused:
        create_pending(store, guest_id, PROBLEM, "run", "x = 1", "test", quota=quota)
    assert refused.value.limit == "submissions_per_day" and refused.value.retry_after > 80000
    create_pending(store, other_id, PROBLEM, "run", "手" * 10, "test", quota=quota)
    with store.session() as session:
        sizes = session.scalars(
            select(Submission.code_bytes).where(Submission.learner_id == other_id)
        ).all()
        session.execute(
            update(Learner)
            .where(Learner.id == guest_id)
            .values(created_at=utcnow() - timedelta(days=40))
        )
    assert sizes == [30], "bytes of UTF-8, not characters"
    assert expire_guests(store, timedelta(days=30)) == 1
    with store.session() as session:
        assert session.scalar(select(func.count()).select_from(Submission)) == 1
