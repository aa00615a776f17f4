"""Mock interviews over HTTP: a problem and three questions, attempts counted, a report."""

import time
from collections.abc import Iterator
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from app.settings import Settings
from app.store.models import MockSession, utcnow
from app.web import create_app
from tests.conftest import TEST_LIMITS, solution
from tests.helpers import wait_until_ready


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    settings = Settings(workers=1, data_dir=tmp_path_factory.mktemp("mock"), **TEST_LIMITS)
    with TestClient(create_app(settings)) as test_client:
        wait_until_ready(test_client)
        yield test_client


def start(client: TestClient, **body: object) -> dict:
    client.cookies.clear()
    response = client.post("/api/mock", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_mock_has_one_problem_of_the_topic_and_three_questions(client: TestClient) -> None:
    session = start(client, topic="masks")
    problems = {p["id"]: p for p in client.get("/api/problems").json()}
    assert problems[session["problem"]]["topic"] == "masks"
    assert len(session["questions"]) == 3 and len(set(session["questions"])) == 3
    for card in session["questions"]:
        assert client.get(f"/api/qa/{card}").status_code == 200
    minutes = (_seconds(session["ends_at"]) - _seconds(session["started_at"])) / 60
    assert minutes == pytest.approx(30)
    assert "report" not in session


def _seconds(stamp: str) -> float:
    from datetime import datetime

    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


def test_attempts_answers_and_the_report(client: TestClient) -> None:
    session = start(client, topic="masks", minutes=10)
    problem = session["problem"]
    url = f"/api/problems/{problem}/submissions"
    starter = client.get(f"/api/problems/{problem}").json()["starter_code"]
    wrong = client.post(url, json={"code": starter, "mode": "submit", "mock": session["id"]})
    right = client.post(
        url, json={"code": solution(problem), "mode": "submit", "mock": session["id"]}
    )
    assert wrong.status_code == right.status_code == 200
    assert right.json()["verdict"] == "accepted"
    listed = client.get("/api/submissions", params={"problem": problem}).json()
    assert {row["mock"] for row in listed} == {session["id"]}
    answered = client.put(
        f"/api/mock/{session['id']}/answers/1",
        json={"answer": "Scale by 1/sqrt(d_k)", "rating": "good", "seconds": 95},
    )
    assert answered.status_code == 200 and answered.json()["answers"]["1"]["rating"] == "good"
    report = client.post(f"/api/mock/{session['id']}/finish", json={}).json()["report"]
    assert report["problem"]["solved"] and report["problem"]["submits"] == 2
    assert report["problem"]["verdicts"][-1] == "accepted"
    assert [q["rating"] for q in report["questions"]] == ["good", None, None]
    assert report["questions"][0]["seconds"] == 95 and not report["ran_out_of_time"]
    # Over: no more answers, no more attempts counted for it.
    late = client.put(f"/api/mock/{session['id']}/answers/2", json={"answer": "x"})
    assert late.status_code == 422 and "ended" in late.json()["detail"]
    after = client.post(url, json={"code": solution(problem), "mock": session["id"]})
    assert after.status_code == 422 and "ended" in after.json()["detail"]
    assert client.get("/api/mock").json()[0]["id"] == session["id"]


def test_a_questions_first_self_rating_reviews_its_card(client: TestClient) -> None:
    session = start(client, topic="attention")
    first, second = session["questions"][:2]
    assert client.get(f"/api/review/qa:{first}").json()["queued"] is False
    answers = f"/api/mock/{session['id']}/answers"
    # Typed but not rated yet: the queue is untouched.
    client.put(f"{answers}/1", json={"answer": "draft"})
    assert client.get(f"/api/review/qa:{first}").json()["queued"] is False
    client.put(f"{answers}/1", json={"answer": "softmax over keys", "rating": "easy"})
    rated = client.get(f"/api/review/qa:{first}").json()
    assert rated["queued"] and rated["state"] == "review"
    # Editing the rating afterwards does not review the card a second time.
    client.put(f"{answers}/1", json={"answer": "softmax over keys", "rating": "again"})
    assert client.get(f"/api/review/qa:{first}").json()["due"] == rated["due"]
    # "again" on another question brings that card back soon (within a day).
    client.put(f"{answers}/2", json={"answer": "?", "rating": "again"})
    again = client.get(f"/api/review/qa:{second}").json()
    assert again["queued"] and _seconds(again["due"]) - time.time() < 24 * 3600
    assert _seconds(again["due"]) < _seconds(rated["due"])


def test_a_session_past_its_time_ends_by_itself(client: TestClient) -> None:
    session = start(client, minutes=5)
    store = client.app.state.store
    with store.session() as db:
        db.execute(
            update(MockSession)
            .where(MockSession.id == session["id"])
            .values(ends_at=utcnow() - timedelta(seconds=1))
        )
    view = client.get(f"/api/mock/{session['id']}").json()
    assert view["finished_at"] is not None and view["report"]["ran_out_of_time"]


def test_bad_requests_are_clear_and_sessions_are_private(client: TestClient) -> None:
    client.cookies.clear()
    assert client.post("/api/mock", json={"topic": "cooking"}).status_code == 422
    assert client.post("/api/mock", json={"minutes": 1}).status_code == 422
    assert client.post("/api/mock", json={"minutes": "ten"}).status_code == 422
    assert (
        client.post(
            "/api/mock", content=b"[1]", headers={"content-type": "application/json"}
        ).status_code
        == 422
    )
    mine = start(client)
    assert client.put(f"/api/mock/{mine['id']}/answers/4", json={"answer": ""}).status_code == 422
    bad = client.put(f"/api/mock/{mine['id']}/answers/1", json={"rating": "great"})
    assert bad.status_code == 422
    other_problem = "softmax" if mine["problem"] != "softmax" else "layer-norm"
    wrong_problem = client.post(
        f"/api/problems/{other_problem}/submissions",
        json={"code": solution(other_problem), "mock": mine["id"]},
    )
    assert wrong_problem.status_code == 422
    client.cookies.clear()  # someone else
    assert client.get(f"/api/mock/{mine['id']}").status_code == 404
    assert client.post(f"/api/mock/{mine['id']}/finish", json={}).status_code == 404
    assert client.put(f"/api/mock/{mine['id']}/answers/1", json={"answer": "x"}).status_code == 404
    foreign = client.post(
        f"/api/problems/{mine['problem']}/submissions",
        json={"code": solution(mine["problem"]), "mock": mine["id"]},
    )
    assert foreign.status_code == 422
