"""A submission sent again with the same Idempotency-Key (a proxy resending it after the
replica that had it died) is the same submission: its result once graded, never a second."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient

from app.store import Store
from app.store import history as stored
from app.store.models import Submission
from tests.conftest import solution
from tests.helpers import new_learner

PROBLEM = "softmax"


def _count(store: Store, learner: int) -> int:
    with store.session() as session:
        return session.query(Submission).filter_by(learner_id=learner).count()


def test_the_same_key_finds_the_same_submission_on_both_databases(store: Store) -> None:
    learner, other = new_learner(store), new_learner(store)
    args = (PROBLEM, "submit", "code", "replica-1")
    first, earlier = stored.pending_for_key(store, learner, *args, request_key="k1")
    assert earlier is None
    # Resent before it was graded (its replica died): taken over by the replica it reached.
    again, earlier = stored.pending_for_key(
        store, learner, PROBLEM, "submit", "code", "replica-2", request_key="k1"
    )
    assert (again, earlier) == (first, None)
    with store.session() as session:
        row = session.get(Submission, first)
        assert (row.status, row.claimed_by, row.attempts) == ("pending", "replica-2", 2)
    stored.finish(store, first, {"verdict": "accepted", "duration_ms": 5})
    # Resent after it was graded: its result, and nothing new is stored.
    third, earlier = stored.pending_for_key(store, learner, *args, request_key="k1")
    assert third == first and earlier["verdict"] == "accepted"
    assert _count(store, learner) == 1
    # Keys are each learner's own, and another key is another submission.
    theirs, _ = stored.pending_for_key(store, other, *args, request_key="k1")
    mine, _ = stored.pending_for_key(store, learner, *args, request_key="k2")
    assert len({first, theirs, mine}) == 3
    with pytest.raises(stored.KeyReused):
        stored.pending_for_key(store, learner, PROBLEM, "run", "code", "r", request_key="k1")


def test_the_same_request_twice_at_once_is_kept_once(store: Store) -> None:
    learner = new_learner(store)

    def send(_: int) -> int:
        found, _ = stored.pending_for_key(
            store, learner, PROBLEM, "run", "x", "replica-1", request_key="twice"
        )
        return found

    with ThreadPoolExecutor(4) as threads:
        ids = set(threads.map(send, range(8)))
    assert len(ids) == 1 and _count(store, learner) == 1


def _post(client: TestClient, code: str, key: str | None, mode: str = "submit"):  # noqa: ANN202
    headers = {"Idempotency-Key": key} if key is not None else {}
    return client.post(
        f"/api/problems/{PROBLEM}/submissions",
        json={"code": code, "mode": mode},
        headers=headers,
    )


def test_the_api_answers_a_resent_submission_with_the_first_result(client: TestClient) -> None:
    client.cookies.clear()
    right = solution(PROBLEM)
    first = _post(client, right, "resend-1")
    assert first.status_code == 200 and first.json()["verdict"] == "accepted"
    again = _post(client, right, "resend-1")
    assert again.status_code == 200
    assert again.json()["submission_id"] == first.json()["submission_id"]
    assert again.json()["cases"] == first.json()["cases"]
    listed = client.get(f"/api/submissions?problem={PROBLEM}").json()
    assert [row["id"] for row in listed].count(first.json()["submission_id"]) == 1
    assert len(listed) == 1, "one submission kept, not two"
    # Without a key, or with a new one, each request is a submission of its own.
    assert _post(client, right, None).json()["submission_id"] != first.json()["submission_id"]
    assert _post(client, right, "resend-2").json()["submission_id"] != first.json()["submission_id"]
    assert len(client.get(f"/api/submissions?problem={PROBLEM}").json()) == 3


def test_a_submission_left_pending_by_a_dead_replica_is_graded_when_resent(
    client: TestClient,
) -> None:
    client.cookies.clear()
    right = solution(PROBLEM)
    made = _post(client, "def softmax(x, axis=-1):\n    return x\n", "made-for-me")
    store = client.app.state.store
    # The same learner's request reached a replica that stored it and died before grading.
    with store.session() as session:
        learner_id = session.get(Submission, made.json()["submission_id"]).learner_id
    pending, _ = stored.pending_for_key(
        store, learner_id, PROBLEM, "submit", right, "dead-replica", request_key="dead-1"
    )
    resent = _post(client, right, "dead-1")
    assert resent.status_code == 200 and resent.json()["verdict"] == "accepted"
    assert resent.json()["submission_id"] == pending
    with store.session() as session:
        row = session.get(Submission, pending)
        assert row.status == "done" and row.claimed_by is None and row.attempts == 2


@pytest.mark.parametrize(
    ("key", "code", "needle"),
    [
        ("", "x", "Idempotency-Key must be 1-64"),
        ("k" * 65, "x", "Idempotency-Key must be 1-64"),
        ("bad key!", "x", "Idempotency-Key must be 1-64"),
        ("reused", "other code", "sent with another submission"),
    ],
)
def test_bad_or_reused_keys_are_refused(
    client: TestClient, key: str, code: str, needle: str
) -> None:
    client.cookies.clear()
    assert _post(client, "code", "reused", mode="run").status_code == 200
    refused = _post(client, code, key, mode="run")
    assert refused.status_code == 422 and needle in refused.json()["detail"]
