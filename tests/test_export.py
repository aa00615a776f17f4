"""A learner's data exported as one JSON file and imported elsewhere: a round trip, the same
file twice without duplicates, newer drafts and cards winning, and bad files refused whole."""

from __future__ import annotations

import copy
import itertools
import json
import math
import re
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import fsrs
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from app.settings import Settings
from app.store import exchange, export_format
from app.store.models import Learner, MockSession, ReviewCard, ReviewLog, Submission, utcnow
from app.web import create_app
from app.web.identity import COOKIE
from tests.conftest import TEST_LIMITS, new_account, roomy_account_limits, solution
from tests.helpers import wait_until_ready

PROBLEM = "causal-mask"
WRONG = "import numpy as np\n\ndef causal_mask(n):\n    return np.zeros((n, n))\n"


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    data = tmp_path_factory.mktemp("export")
    # Bodies up to 4 MiB: the size test below sends more than the default 1 MiB.
    settings = Settings(workers=1, data_dir=data, max_body_kb=4096, **TEST_LIMITS)
    with TestClient(create_app(settings)) as client:
        roomy_account_limits(client)
        wait_until_ready(client)
        yield client


@pytest.fixture
def client(app_client: TestClient) -> Iterator[TestClient]:
    """A fresh browser: no cookie yet."""
    app_client.cookies.clear()
    yield app_client
    app_client.cookies.clear()


ACCOUNTS = itertools.count()


def account(client: TestClient) -> None:
    """Someone else, with an account (imports need one), in a fresh browser."""
    new_account(client, f"importer-{next(ACCOUNTS)}")


def learner_id(client: TestClient) -> int:
    sessions = client.app.state.sessions
    who = sessions.resolve(client.cookies.get(COOKIE))
    assert who is not None
    return who.learner_id


def count(client: TestClient, model: Any) -> int:
    with client.app.state.store.session() as session:
        query = select(func.count()).select_from(model)
        return session.scalar(query.where(model.learner_id == learner_id(client)))


def busy_learner(client: TestClient) -> dict[str, Any]:
    """A learner with two graded submissions (one in a mock interview), a draft, a review
    card with its log: the exported document."""
    wrong = client.post(f"/api/problems/{PROBLEM}/submissions", json={"code": WRONG}).json()
    right = client.post(
        f"/api/problems/{PROBLEM}/submissions", json={"code": solution(PROBLEM)}
    ).json()
    client.put(f"/api/problems/{PROBLEM}/draft", json={"code": "# trying again\n"})
    card, log = fsrs.Scheduler().review_card(fsrs.Card(), fsrs.Rating.Good)
    owner, now = learner_id(client), utcnow()
    with client.app.state.store.session() as session:
        mock = MockSession(
            learner_id=owner,
            problem_id=PROBLEM,
            questions=["qa:why-scale"],
            started_at=now - timedelta(minutes=30),
            ends_at=now,
            answers={"qa:why-scale": "good"},
        )
        session.add(mock)
        session.flush()
        session.get(Submission, right["submission_id"]).mock_id = mock.id
        session.add(
            ReviewCard(learner_id=owner, item="qa:why-scale", state=card.to_dict(), due=card.due)
        )
        session.add(
            ReviewLog(
                learner_id=owner, item="qa:why-scale", rating=3, reviewed_at=log.review_datetime
            )
        )
    assert {wrong["verdict"], right["verdict"]} == {"wrong_answer", "accepted"}
    response = client.get("/api/me/export")
    assert response.status_code == 200
    assert response.headers["content-disposition"].startswith('attachment; filename="shousi-')
    return response.json()


def without_ids(document: dict[str, Any]) -> dict[str, Any]:
    """What an import must carry over: everything but ids, the export time and the owner."""
    kept = {key: document[key] for key in exchange.SECTIONS}
    for row in kept["submissions"]:
        row.pop("id")
        row.pop("imported")
        row["mock_session"] = row["mock_session"] is not None
    for row in kept["mock_sessions"]:
        row.pop("id")
    for row in kept["review_cards"]:
        row.pop("created_at")
    return kept


def import_json(client: TestClient, document: Any) -> Any:
    body = document if isinstance(document, bytes) else json.dumps(document).encode()
    return client.post("/api/me/import", content=body, headers={"content-type": "application/json"})


def test_an_export_imported_by_a_fresh_learner_round_trips(client: TestClient) -> None:
    exported = busy_learner(client)
    assert exported["format"] == "shousi-learner-export" and exported["version"] == 1
    assert [row["verdict"] for row in exported["submissions"]] == ["wrong_answer", "accepted"]
    assert exported["submissions"][0]["code"] == WRONG
    assert exported["submissions"][1]["result"]["cases"], "the whole result document"
    assert exported["submissions"][1]["mock_session"] == exported["mock_sessions"][0]["id"]

    account(client)  # someone else, on another server
    answer = import_json(client, exported)
    assert answer.status_code == 200, answer.text
    # The accepted submit queued the problem for review (app.store.review): a file's word
    # does not queue a problem here, so that card and its log stay out.
    problem_items = {f"problem:{PROBLEM}"}
    qa_only = {
        name: [row for row in exported[name] if row.get("item") not in problem_items]
        for name in exchange.SECTIONS
    }
    assert len(qa_only["review_cards"]) == len(exported["review_cards"]) - 1
    assert answer.json()["imported"] == {name: len(qa_only[name]) for name in exchange.SECTIONS}
    assert answer.json()["imported"]["submissions"] == 2
    rows = client.get("/api/submissions", params={"problem": PROBLEM}).json()
    assert [row["verdict"] for row in rows] == ["accepted", "wrong_answer"]
    whole = client.get(f"/api/submissions/{rows[1]['id']}", headers={"accept-language": "zh"})
    assert whole.json()["code"] == WRONG
    assert any("\u4e00" <= ch <= "\u9fff" for ch in whole.json()["result"]["message"])
    assert client.get(f"/api/problems/{PROBLEM}/draft").json()["code"] == "# trying again\n"
    # Imported history is the learner's to see, but not solved here (app.store.history).
    progress = client.get("/api/progress").json()
    assert PROBLEM in progress["attempted"] and PROBLEM not in progress["solved"]
    assert all(row["imported"] for row in rows)
    again = client.get("/api/me/export").json()
    assert all(row["imported"] for row in again["submissions"])
    assert without_ids(again) == without_ids(qa_only)


def test_importing_the_same_file_twice_adds_nothing_the_second_time(client: TestClient) -> None:
    exported = busy_learner(client)
    account(client)
    assert import_json(client, exported).status_code == 200
    second = import_json(client, exported).json()
    assert set(second["imported"].values()) == {0}
    assert second["skipped"]["submissions"] == 2 and second["skipped"]["mock_sessions"] == 1
    assert len(client.get("/api/submissions").json()) == 2
    qa_logs = [row for row in exported["review_logs"] if row["item"].startswith("qa:")]
    assert count(client, ReviewLog) == len(qa_logs)
    assert count(client, MockSession) == 1
    # Importing your own export into yourself is the same: nothing doubles.
    mine = client.get("/api/me/export").json()
    assert set(import_json(client, mine).json()["imported"].values()) == {0}


def test_the_newer_draft_and_the_more_recently_reviewed_card_win(client: TestClient) -> None:
    exported = busy_learner(client)
    account(client)
    client.put(f"/api/problems/{PROBLEM}/draft", json={"code": "# typed after the export\n"})
    card = fsrs.Card()  # never reviewed: loses to the exported one
    with client.app.state.store.session() as session:
        owner = learner_id(client)
        session.add(
            ReviewCard(learner_id=owner, item="qa:why-scale", state=card.to_dict(), due=card.due)
        )
    answer = import_json(client, exported).json()
    assert answer["skipped"]["drafts"] == 1
    assert (
        client.get(f"/api/problems/{PROBLEM}/draft").json()["code"] == "# typed after the export\n"
    )
    with client.app.state.store.session() as session:
        row = session.get(ReviewCard, (learner_id(client), "qa:why-scale"))
        assert row.state["last_review"] is not None, "the reviewed card replaced the new one"
        # Reviewed here again, later than the export: another import leaves it alone.
        again, _ = fsrs.Scheduler().review_card(
            fsrs.Card.from_dict(row.state),
            fsrs.Rating.Easy,
            review_datetime=utcnow() + timedelta(hours=1),
        )
        row.state, row.due = again.to_dict(), again.due
    import_json(client, exported)
    with client.app.state.store.session() as session:
        row = session.get(ReviewCard, (learner_id(client), "qa:why-scale"))
        assert row.state == again.to_dict()

    older = copy.deepcopy(exported)
    older["drafts"][0].update(code="# old", updated_at="2020-01-01T00:00:00Z")
    older["submissions"] = []
    assert import_json(client, older).json()["skipped"]["drafts"] == 1
    newer = copy.deepcopy(older)
    newer["drafts"][0].update(code="# from the future", updated_at="2100-01-01T00:00:00Z")
    assert import_json(client, newer).json()["imported"]["drafts"] == 1
    assert client.get(f"/api/problems/{PROBLEM}/draft").json()["code"] == "# from the future"


def broken(exported: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of `exported` with the field at `path` ("submissions.1.mode") set to `value`."""
    document = copy.deepcopy(exported)
    *parents, last = path.split(".")
    target: Any = document
    for part in parents:
        target = target[int(part)] if isinstance(target, list) else target[part]
    target[last] = value
    return document


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: b"not json {", "the file is not JSON"),
        (lambda d: b"\xff\xfe", "the file is not JSON"),
        (lambda d: json.dumps([d]).encode(), "not a Shousi export"),
        (lambda d: broken(d, "format", "anki"), "not a Shousi export"),
        (lambda d: broken(d, "version", 2), "export version 2 cannot be read here"),
        (lambda d: broken(d, "version", True), "export version True cannot be read here"),
        (lambda d: broken(d, "submissions", {}), "submissions: expected a list"),
        (lambda d: broken(d, "submissions.1.mode", "cheat"), "submissions[1].mode: 'cheat' is"),
        (lambda d: broken(d, "submissions.1.status", "?"), "submissions[1].status: '?' is not"),
        (lambda d: broken(d, "submissions.1.verdict", "great"), "submissions[1].verdict"),
        (lambda d: broken(d, "submissions.1.code", None), "submissions[1].code: missing"),
        (lambda d: broken(d, "submissions.1.mode", None), "submissions[1].mode: missing"),
        (lambda d: broken(d, "submissions.1.code", 7), "submissions[1].code: expected text"),
        (lambda d: broken(d, "submissions.1.code", "x" * 70_000), "longer than 65536 bytes"),
        (lambda d: broken(d, "submissions.1.code", "a\x00b"), "contains a NUL character"),
        (lambda d: broken(d, "submissions.1.result", {"m": "\ud800"}), "lone surrogate"),
        (lambda d: broken(d, "submissions.1.created_at", "yesterday"), "expected a time"),
        (lambda d: broken(d, "submissions.1.created_at", "0001-01-01T00:00+01:00"), "a time"),
        (lambda d: broken(d, "submissions.1.problem", "../etc"), "is not a valid id"),
        (lambda d: broken(d, "submissions.1.duration_ms", -5), "duration_ms: out of range"),
        (lambda d: broken(d, "submissions.1.mock_session", 999999), "no mock session with id"),
        (lambda d: broken(d, "drafts.0.updated_at", 5), "drafts[0].updated_at: expected a time"),
        (lambda d: broken(d, "review_cards.0.state", {"due": 1}), "not a review card's state"),
        (lambda d: broken(d, "review_cards.0.item", "deck:x"), "review_cards[0].item"),
        (lambda d: broken(d, "review_logs.0.rating", 5), "review_logs[0].rating: 5 is not"),
        (lambda d: broken(d, "mock_sessions.0.questions", "q"), "expected a list"),
    ],
)
def test_a_bad_file_is_refused_with_a_reason_and_nothing_is_imported(
    client: TestClient, change: Any, message: str
) -> None:
    exported = busy_learner(client)
    account(client)
    client.put(f"/api/problems/{PROBLEM}/draft", json={"code": "# mine"})
    answer = import_json(client, change(exported))
    assert answer.status_code == 422
    assert message in answer.json()["detail"]
    assert count(client, Submission) == 0 and count(client, MockSession) == 0
    assert count(client, ReviewCard) == 0 and count(client, ReviewLog) == 0
    assert client.get(f"/api/problems/{PROBLEM}/draft").json()["code"] == "# mine"


def test_the_reason_is_given_in_chinese_too(client: TestClient) -> None:
    account(client)
    answer = client.post(
        "/api/me/import",
        content=b'{"format": "shousi-learner-export", "version": 1, "drafts": [1]}',
        headers={"content-type": "application/json", "accept-language": "zh-CN"},
    )
    assert answer.status_code == 422 and answer.json()["detail"] == "drafts[0]：应为对象"


def test_infinities_come_in_written_as_the_graders_write_them(client: TestClient) -> None:
    account(client)
    document = {
        "format": "shousi-learner-export",
        "version": 1,
        "submissions": [
            {
                "problem": PROBLEM,
                "mode": "run",
                "code": "x = 1",
                "created_at": "2026-01-02T03:04:05Z",
                "status": "done",
                "result": {"max_abs": math.inf, "cases": [{"error": [math.nan, 1.5]}]},
            }
        ],
    }
    assert import_json(client, document).json()["imported"]["submissions"] == 1
    [row] = client.get("/api/submissions").json()
    result = client.get(f"/api/submissions/{row['id']}").json()["result"]
    assert result == {"max_abs": "Infinity", "cases": [{"error": ["NaN", 1.5]}]}


def test_a_pending_submission_comes_in_as_interrupted(client: TestClient) -> None:
    account(client)
    document = {
        "format": "shousi-learner-export",
        "version": 1,
        "submissions": [
            {
                "problem": PROBLEM,
                "mode": "submit",
                "code": "def causal_mask(n): ...",
                "created_at": "2026-01-02T03:04:05.123456Z",
                "status": "pending",
            }
        ],
    }
    assert import_json(client, document).json()["imported"]["submissions"] == 1
    [row] = client.get("/api/submissions").json()
    assert row["status"] == "interrupted" and row["created_at"] == "2026-01-02T03:04:05.123456Z"


def test_the_import_form_checks_its_token_and_says_what_it_did(client: TestClient) -> None:
    exported = json.dumps(busy_learner(client)).encode()
    account(client)
    page = client.get("/account?lang=en").text
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    files = {"file": ("export.json", exported, "application/json")}
    refused = client.post("/me/import", data={"csrf_token": "wrong"}, files=files)
    assert refused.status_code == 403 and "reload the page" in refused.text
    assert client.get("/api/submissions").json() == []

    done = client.post("/me/import", data={"csrf_token": token}, files=files)
    assert done.status_code == 200
    assert "Imported: submissions 2, drafts 1," in done.text
    assert "Kept here: submissions 2," in done.text
    assert len(client.get("/api/submissions").json()) == 2

    empty = client.post("/me/import", data={"csrf_token": token})
    assert empty.status_code == 400 and "Choose an exported file." in empty.text
    bad = client.post(
        "/me/import", data={"csrf_token": token}, files={"file": ("x.json", b"[]", "text/plain")}
    )
    assert bad.status_code == 422 and "Nothing was imported: not a Shousi export" in bad.text


def test_a_file_over_the_size_limit_is_refused(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(export_format, "IMPORT_MAX_BYTES", 2 * 1024 * 1024)
    big = b" " * (2 * 1024 * 1024 + 1)
    account(client)
    page = client.get("/account").text
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    files = {"file": ("big.json", big, "application/json")}
    answer = client.post("/me/import", data={"csrf_token": token}, files=files)
    assert answer.status_code == 413 and "larger than 2 MB" in answer.text


def test_exporting_without_a_session_makes_no_learner(client: TestClient) -> None:
    response = client.get("/api/me/export")
    assert response.status_code == 200 and "set-cookie" not in response.headers
    document = response.json()
    assert document["learner"] == {"username": None, "created_at": None}
    assert all(document[section] == [] for section in exchange.SECTIONS)


def test_export_and_import_on_each_database(store: Any) -> None:
    """The same round trip on SQLite and PostgreSQL, where times come back in other shapes:
    importing twice still finds every row already there."""
    with store.session() as session:
        owner, other = Learner(), Learner()
        session.add_all([owner, other])
        session.flush()
        owner_id, other_id = owner.id, other.id
        moment = utcnow().replace(microsecond=123456)
        session.add(
            Submission(
                learner_id=owner_id,
                problem_id=PROBLEM,
                mode="submit",
                code="x = '手撕'\n",
                created_at=moment,
                status="done",
                verdict="accepted",
                result={"verdict": "accepted", "cases": []},
            )
        )
        card, _ = fsrs.Scheduler().review_card(fsrs.Card(), fsrs.Rating.Again)
        session.add(
            ReviewCard(learner_id=owner_id, item="qa:x", state=card.to_dict(), due=card.due)
        )
        session.add(ReviewLog(learner_id=owner_id, item="qa:x", rating=1, reviewed_at=moment))
    document = json.loads(json.dumps(exchange.export_learner(store, owner_id)))
    first = exchange.import_learner(store, other_id, exchange.parse_document(document))
    assert first["imported"] == {
        "submissions": 1,
        "drafts": 0,
        "review_cards": 1,
        "review_logs": 1,
        "mock_sessions": 0,
    }
    second = exchange.import_learner(store, other_id, exchange.parse_document(document))
    assert set(second["imported"].values()) == {0}
    copied = exchange.export_learner(store, other_id)
    assert copied["submissions"][0]["code"] == "x = '手撕'\n"
    assert copied["submissions"][0]["created_at"] == document["submissions"][0]["created_at"]
    assert exchange.kept_counts(store, other_id) == {"submissions": 1, "drafts": 0, "cards": 1}


def test_a_cross_site_import_is_refused(client: TestClient) -> None:
    exported = json.dumps(busy_learner(client))
    account(client)
    # A page on another site can post text/plain with our cookie, but not JSON.
    forged = client.post("/api/me/import", content=exported, headers={"content-type": "text/plain"})
    assert forged.status_code == 403
    elsewhere = client.post(
        "/api/me/import",
        content=exported,
        headers={"content-type": "application/json", "origin": "https://evil.example"},
    )
    assert elsewhere.status_code == 403
    assert count(client, Submission) == 0
