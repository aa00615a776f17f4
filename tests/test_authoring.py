"""Instructors' problems from the browser: upload, contained validation, preview, publish
to every replica, unpublish; and who may do what."""

from __future__ import annotations

import io
import re
import time
import zipfile
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.settings import Settings
from app.store.identity import create_account
from app.store.models import AuthoredProblem
from app.web import create_app
from tests.conftest import TEST_LIMITS
from tests.helpers import archive_of, log_in, settled, token_of, upload, wait_until_ready

PASSWORD = "correct horse battery"
RIGHT = "def {entry}(x):\n    return 2.0 * x\n"


def eventually(check, seconds: float = 20) -> None:  # noqa: ANN001
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.25)


def as_user(client: TestClient, username: str | None) -> TestClient:
    client.cookies.clear()
    if username is not None:
        assert log_in(client, username, PASSWORD).status_code == 303
    return client


@pytest.fixture(scope="module")
def replicas(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, TestClient]]:
    """Two replicas on one database: what one publishes, the other serves."""
    data = tmp_path_factory.mktemp("authoring")
    settings = Settings(workers=1, data_dir=data, **TEST_LIMITS)
    with TestClient(create_app(settings)) as one, TestClient(create_app(settings)) as two:
        store = one.app.state.store
        for name, role in (("teach", "instructor"), ("other", "instructor"), ("boss", "admin")):
            create_account(store, name, PASSWORD, role)
        create_account(store, "pupil", PASSWORD)
        for client in (one, two):
            wait_until_ready(client)
        yield one, two


def test_only_instructors_and_admins_author(replicas, tmp_path: Path) -> None:  # noqa: ANN001
    one, _ = replicas
    guest = as_user(one, None).get("/admin/problems", follow_redirects=False)
    assert guest.status_code == 303 and guest.headers["location"].startswith("/login")
    as_user(one, "pupil")
    assert one.get("/admin/problems").status_code == 403
    assert one.get("/api/authoring/problems").status_code == 403
    files = {"archive": ("a.zip", archive_of(tmp_path, "pupil-op"), "application/zip")}
    refused = upload(one, files)
    assert refused.status_code == 403 and "only an instructor" in refused.json()["detail"]
    as_user(one, "teach")
    page = one.get("/admin/problems?lang=en")
    assert page.status_code == 200 and 'href="/admin/problems">Authoring<' in page.text


def test_upload_validate_preview_publish_on_every_replica(replicas, tmp_path: Path) -> None:  # noqa: ANN001
    one, two = replicas
    as_user(one, "teach")
    token = token_of(one.get("/admin/problems").text)
    sent = one.post(
        "/admin/problems",
        data={"csrf_token": token},
        files={"archive": ("tiny.zip", archive_of(tmp_path, "tiny-op"), "application/zip")},
        follow_redirects=False,
    )
    assert sent.status_code == 303 and sent.headers["location"] == "/admin/problems/tiny-op"
    checking = one.get("/admin/problems/tiny-op?lang=en").text
    assert 'data-status="checking"' in checking and 'http-equiv="refresh"' in checking
    row = settled(one, "tiny-op")
    assert row["status"] == "valid" and row["report"]["ok"], row["report"]
    assert "ok   tiny-op" in row["report"]["output"]
    status_page = one.get("/admin/problems/tiny-op?lang=en").text
    assert 'data-status="valid"' in status_page and "Validation report" in status_page
    # The preview is the problem page candidates will get, marked as a preview.
    preview = one.get("/admin/problems/tiny-op/preview?lang=zh")
    assert preview.status_code == 200 and 'class="preview-banner"' in preview.text
    assert "TODO：tiny-op" in preview.text and 'class="editor' in preview.text
    # Not published yet: nobody can open or submit it.
    assert two.get("/api/problems/tiny-op").status_code == 404
    token = token_of(status_page)
    published = one.post(
        "/admin/problems/tiny-op/publish",
        data={"csrf_token": token, "published": "1"},
        follow_redirects=False,
    )
    assert published.status_code == 303
    assert one.get("/api/authoring/problems/tiny-op").json()["published"] is True
    # This replica serves it at once, the other within its next sync, with no restart.
    as_user(one, "pupil")
    assert one.get("/api/problems/tiny-op").status_code == 200
    eventually(lambda: two.get("/api/problems/tiny-op").status_code == 200)
    assert 'data-problem="tiny-op"' in two.get("/").text
    as_user(two, "pupil")
    solved = two.post(
        "/api/problems/tiny-op/submissions",
        json={"code": RIGHT.format(entry="tiny_op"), "mode": "submit"},
    )
    assert solved.status_code == 200 and solved.json()["verdict"] == "accepted"
    wrong = two.post(
        "/api/problems/tiny-op/submissions",
        json={"code": "def tiny_op(x):\n    return x\n", "mode": "submit"},
    )
    assert wrong.json()["verdict"] == "wrong_answer"
    # Unpublished: gone from both replicas.
    as_user(one, "teach")
    off = one.put("/api/authoring/problems/tiny-op/published", json={"published": False})
    assert off.status_code == 200 and off.json()["published"] is False
    eventually(lambda: two.get("/api/problems/tiny-op").status_code == 404)
    assert one.get("/api/problems/tiny-op").status_code == 404


def test_a_problem_that_does_not_validate_cannot_be_published(replicas, tmp_path: Path) -> None:  # noqa: ANN001
    one, _ = replicas
    as_user(one, "teach")
    # Its starter is already right: no practice in that.
    lazy = archive_of(tmp_path, "lazy-op", **{"starter.py": RIGHT.format(entry="lazy_op")})
    files = {"archive": ("lazy.zip", lazy, "application/zip")}
    assert upload(one, files).json()["status"] == "checking"
    row = settled(one, "lazy-op")
    assert row["status"] == "invalid" and not row["report"]["ok"]
    assert "FAIL lazy-op" in row["report"]["output"]
    refused = one.put("/api/authoring/problems/lazy-op/published", json={"published": True})
    assert refused.status_code == 409 and "validates" in refused.json()["detail"]
    assert one.get("/admin/problems/lazy-op/preview").status_code == 409
    page = one.get("/admin/problems/lazy-op?lang=en").text
    assert 'data-status="invalid"' in page and "FAIL lazy-op" in page and "Publish<" not in page
    assert "Some checks failed" in page
    # Another instructor may not touch it; an admin may.
    as_user(one, "other")
    again = upload(one, files)
    assert again.status_code == 403 and "another instructor" in again.json()["detail"]
    as_user(one, "boss")
    assert (
        one.put("/api/authoring/problems/lazy-op/published", json={"published": False}).status_code
        == 200
    )


def test_bad_uploads_are_refused_with_the_reason(replicas, tmp_path: Path) -> None:  # noqa: ANN001
    one, _ = replicas
    as_user(one, "teach")
    evil = io.BytesIO()
    with zipfile.ZipFile(evil, "w") as archive:
        archive.writestr("problem.toml", 'id = "evil"\n')
        archive.writestr("../../escape.py", "x = 1\n")
    refused = upload(one, {"archive": ("e.zip", evil.getvalue(), "application/zip")})
    assert refused.status_code == 422 and "'..' is not allowed" in refused.json()["detail"]
    not_archive = upload(one, {"archive": ("e.zip", b"hello", "application/zip")})
    assert (
        not_archive.status_code == 422 and "not a .zip or .tar.gz" in not_archive.json()["detail"]
    )
    assert upload(one, data={"x": "y"}).status_code == 422
    builtin = archive_of(tmp_path, "softmax")
    clash = upload(one, {"archive": ("s.zip", builtin, "application/zip")})
    assert clash.status_code == 409 and "server's own" in clash.json()["detail"]
    # The page shows the reason where the form is, and keeps the list.
    token = token_of(one.get("/admin/problems").text)
    page = one.post(
        "/admin/problems",
        data={"csrf_token": token},
        files={"archive": ("e.zip", evil.getvalue(), "application/zip")},
    )
    assert page.status_code == 422 and re.search(r'role="alert">[^<]*is not allowed', page.text)
    forged = one.post(
        "/admin/problems",
        data={"csrf_token": "forged"},
        files={"archive": ("e.zip", evil.getvalue(), "application/zip")},
    )
    assert forged.status_code == 403
    assert one.get("/api/authoring/problems/nope").status_code == 404
    assert (
        one.put("/api/authoring/problems/nope/published", json={"published": 1}).status_code == 422
    )


def test_a_validation_its_replica_never_finished_is_run_again(replicas, tmp_path: Path) -> None:  # noqa: ANN001
    one, two = replicas
    as_user(one, "teach")
    assert (
        upload(one, {"archive": ("o.zip", archive_of(tmp_path, "orphan-op"), "x")}).status_code
        == 200
    )
    settled(one, "orphan-op")
    # As if the replica validating it had died: still "checking", last touched long ago.
    store = one.app.state.store
    with store.session() as session:
        row = session.get(AuthoredProblem, "orphan-op")
        row.status, row.report = "checking", None
        row.updated_at = row.updated_at - timedelta(hours=1)
    two.app.state.live.sync()  # any replica's next sync claims it and runs it again
    row = settled(one, "orphan-op")
    assert row["status"] == "valid" and row["report"]["ok"]
