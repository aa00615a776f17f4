"""Importing a learner's file is guarded: an account, a few per hour, one at a time per
replica, the file measured before it is parsed (a huge or deep one is refused at once
while the server keeps answering), unknown problems refused, and what comes in is marked
imported."""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

import app.web.routes.export as imports
from app.settings import Settings
from app.store.models import Draft, Learner, Submission
from app.web import create_app
from tests.conftest import TEST_LIMITS, new_account, roomy_account_limits
from tests.helpers import wait_until_ready

PROBLEM = "causal-mask"
ACCOUNTS = itertools.count()


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    settings = Settings(workers=1, data_dir=tmp_path_factory.mktemp("imports"), **TEST_LIMITS)
    with TestClient(create_app(settings)) as client:
        roomy_account_limits(client)
        wait_until_ready(client)
        yield client


@pytest.fixture
def client(app_client: TestClient) -> Iterator[TestClient]:
    app_client.cookies.clear()
    yield app_client
    app_client.cookies.clear()


def account(client: TestClient) -> None:
    new_account(client, f"limits-{next(ACCOUNTS)}")


def browser(client: TestClient) -> TestClient:
    """Another browser on the same replica, signed up (a TestClient is one thread's)."""
    other = TestClient(client.app)
    account(other)
    return other


def document(*submissions: dict[str, Any], drafts: list[dict[str, Any]] | None = None) -> dict:
    return {
        "format": "shousi-learner-export",
        "version": 1,
        "submissions": list(submissions),
        "drafts": drafts or [],
    }


def accepted(problem: str = PROBLEM) -> dict[str, Any]:
    return {
        "problem": problem,
        "mode": "submit",
        "code": "def causal_mask(n): ...",
        "created_at": "2026-01-02T03:04:05Z",
        "status": "done",
        "verdict": "accepted",
    }


def post(client: TestClient, body: bytes | dict, lang: str = "en") -> Any:
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    return client.post(
        "/api/me/import",
        content=content,
        headers={"content-type": "application/json", "accept-language": lang},
    )


def rows(client: TestClient, model: Any) -> int:
    with client.app.state.store.session() as session:
        return session.scalar(select(func.count()).select_from(model))


def test_a_guest_cannot_import_and_is_told_why_in_their_language(client: TestClient) -> None:
    before = rows(client, Learner), rows(client, Submission)
    cookieless = post(client, document(accepted()))
    assert cookieless.status_code == 403
    assert cookieless.json()["detail"] == "Importing needs an account: sign up or log in first."
    assert "set-cookie" not in cookieless.headers, "no guest is made for it"
    client.put(f"/api/problems/{PROBLEM}/draft", json={"code": "# a guest"})
    guest = post(client, document(accepted()), lang="zh-CN")
    assert guest.status_code == 403 and guest.json()["detail"] == "导入需要账号：请先注册或登录。"
    page = client.get("/account").text
    token = page.split('name="csrf_token" value="')[1].split('"')[0]
    files = {"file": ("x.json", json.dumps(document(accepted())).encode(), "application/json")}
    form = client.post("/me/import?lang=en", data={"csrf_token": token}, files=files)
    assert form.status_code == 403 and "Importing needs an account" in form.text
    assert rows(client, Submission) == before[1]
    assert rows(client, Learner) == before[0] + 1  # the guest who saved a draft, nothing more


def test_imports_are_limited_per_account_per_hour(client: TestClient) -> None:
    account(client)
    limit = client.app.state.settings.imports_per_hour
    for _ in range(limit):
        assert post(client, document()).status_code == 200
    over = post(client, document())
    assert over.status_code == 429 and int(over.headers["retry-after"]) > 0
    assert "SHOUSI_IMPORTS_PER_HOUR" in over.json()["detail"]
    account(client)  # another account is counted on its own
    assert post(client, document()).status_code == 200


def test_a_second_import_while_one_runs_is_told_to_wait(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    started, release = threading.Event(), threading.Event()
    real = imports.import_learner

    def slow(*args: Any, **kwargs: Any) -> Any:
        started.set()
        release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(imports, "import_learner", slow)
    other = browser(client)
    answers: list[Any] = []
    first = threading.Thread(target=lambda: answers.append(post(other, document(accepted()))))
    first.start()
    try:
        assert started.wait(30)
        account(client)
        second = post(client, document(accepted()))
        assert second.status_code == 429 and second.headers["retry-after"]
        assert second.json()["detail"] == (
            "An import is in progress on this server; try again in a few seconds."
        )
    finally:
        release.set()
        first.join(30)
    assert answers[0].status_code == 200, answers[0].text
    assert post(client, document(accepted())).status_code == 200, "free again afterwards"


def _while_polling_health(client: TestClient, work: Any) -> tuple[Any, float, float]:
    """Run `work` in a thread while /healthz is asked every few ms: (its answer, how long it
    took, the slowest /healthz meanwhile)."""
    answers: list[Any] = []
    started = time.perf_counter()
    thread = threading.Thread(target=lambda: answers.append(work()))
    thread.start()
    slowest = 0.0
    while thread.is_alive():
        asked = time.perf_counter()
        assert client.get("/healthz").status_code == 200
        slowest = max(slowest, time.perf_counter() - asked)
        time.sleep(0.005)
    thread.join()
    return answers[0], time.perf_counter() - started, slowest


def test_a_huge_file_of_empty_lists_is_refused_quickly_and_the_server_keeps_answering(
    client: TestClient,
) -> None:
    other = browser(client)
    # The finding's body: 20 MB of nested empty lists, as the start of an export.
    head = b'{"format":"shousi-learner-export","version":1,"submissions":['
    body = head + b"[[]]," * ((20 * 1024 * 1024 - len(head) - 4) // 5) + b"[]]}"
    assert len(body) <= 20 * 1024 * 1024

    def send() -> Any:
        return post(other, body)

    before = rows(client, Submission)
    answer, took, slowest = _while_polling_health(client, send)
    assert answer.status_code == 413, answer.text[:200]
    assert "more than 1,000,000 values (SHOUSI_IMPORT_MAX_VALUES)" in answer.json()["detail"]
    assert took < 5, f"refused after {took:.1f} s"
    assert slowest < 1.0, f"/healthz took {slowest:.2f} s meanwhile"
    assert rows(client, Submission) == before


def test_a_deeply_nested_file_is_refused_without_parsing_it(client: TestClient) -> None:
    other = browser(client)
    deep = b'{"format":"shousi-learner-export","version":1,"submissions":[' + b"[" * 200_000

    def send() -> Any:
        return post(other, deep, lang="zh")

    answer, took, slowest = _while_polling_health(client, send)
    assert answer.status_code == 422
    assert answer.json()["detail"] == (
        "文件的 JSON 嵌套超过 64 层（SHOUSI_IMPORT_MAX_DEPTH），没有读取"
    )
    assert took < 5 and slowest < 1.0
    # Brackets inside strings are text: code full of them still imports.
    code = "x = " + "[" * 500 + "]" * 500 + "  # {{{,,,\n"
    fine = post(other, document(accepted() | {"code": code}))
    assert fine.status_code == 200, fine.text


def test_unknown_problems_are_refused_by_name_and_nothing_is_stored(client: TestClient) -> None:
    account(client)
    made_up = document(
        accepted("no-such-problem"),
        accepted(),
        drafts=[{"problem": "nor-this", "code": "x", "updated_at": "2026-01-01T00:00:00Z"}],
    )
    before = rows(client, Submission), rows(client, Draft)
    answer = post(client, made_up)
    assert answer.status_code == 422
    assert answer.json()["detail"] == "this server has no problem no-such-problem, nor-this"
    assert (rows(client, Submission), rows(client, Draft)) == before


def test_imported_submissions_are_marked_and_not_solved(client: TestClient) -> None:
    account(client)
    assert post(client, document(accepted())).json()["imported"]["submissions"] == 1
    [row] = client.get("/api/submissions").json()
    assert row["imported"] is True and row["verdict"] == "accepted"
    progress = client.get("/api/progress").json()
    assert progress["attempted"] == [PROBLEM] and progress["solved"] == []
    assert progress["streak"] == 0 and progress["active_days"] == 0
    assert client.get("/api/me/export").json()["submissions"][0]["imported"] is True
    history = client.get(f"/problems/{PROBLEM}/history?lang=en").text
    assert "imported" in history
