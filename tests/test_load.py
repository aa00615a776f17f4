"""Under load: a bounded queue with 429/503 and Retry-After, and workers that heal."""

import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient

from app.bank import Bank
from app.judge.grade import grade_submission
from app.sandbox.build import build_pool
from app.sandbox.pool import SandboxFailure
from app.settings import Settings
from app.web import create_app
from tests.conftest import TEST_LIMITS, solution
from tests.helpers import wait_until_ready

SLOW = "import time\n\n\ndef softmax(x, axis=-1):\n    time.sleep(0.6)\n    return x\n"


def test_full_queue_answers_429_and_a_long_wait_503_never_a_hang() -> None:
    # One test client plays every user here: lift the per-client share to reach the queue's.
    settings = Settings(workers=1, queue_limit=1, queue_seconds=1.0, client_limit=8, **TEST_LIMITS)
    with TestClient(create_app(settings)) as client:
        wait_until_ready(client)
        # A first request makes this user's learner (and cookie) for the whole burst.
        client.put("/api/problems/softmax/draft", json={"code": SLOW})

        def post(_: int):
            started = time.monotonic()
            response = client.post(
                "/api/problems/softmax/submissions", json={"code": SLOW, "mode": "run"}
            )
            return response, time.monotonic() - started

        with ThreadPoolExecutor(max_workers=5) as executor:
            results = list(executor.map(post, range(5)))
        statuses = sorted(response.status_code for response, _ in results)
        assert statuses.count(200) >= 1 and 429 in statuses and 503 in statuses, statuses
        for response, elapsed in results:
            if response.status_code in (429, 503):
                assert response.headers["retry-after"] and response.json()["detail"]
            assert elapsed < 6
        # Turned away or not, every submission is kept: the refused ones marked not graded,
        # with the reason the candidate was given.
        kept = client.get("/api/submissions", params={"problem": "softmax"}).json()
        assert sorted(row["status"] for row in kept) == sorted(
            "done" if response.status_code == 200 else "not_graded" for response, _ in results
        )
        for row in kept:
            whole = client.get(f"/api/submissions/{row['id']}").json()
            assert whole["code"] == SLOW
            if row["status"] == "not_graded":
                assert whole["result"]["message"] in {
                    r.json()["detail"] for r, _ in results if r.status_code != 200
                }
        assert (
            client.post(
                "/api/problems/softmax/submissions", json={"code": solution("softmax")}
            ).json()["verdict"]
            == "accepted"
        )


def test_one_client_cannot_hold_every_worker() -> None:
    settings = Settings(workers=2, queue_limit=8, **TEST_LIMITS)  # share: 1 grading at once
    hog = "import time\n\n\ndef softmax(x, axis=-1):\n    time.sleep(3)\n    return x\n"
    app = create_app(settings)
    # A second address on the same running app (entered once: one lifespan, one pool).
    other = TestClient(app, client=("203.0.113.9", 5000))
    with TestClient(app) as client:
        wait_until_ready(client)
        while client.get("/healthz").json()["workers_ready"] < 2:
            time.sleep(0.1)

        def hog_post(_: int):
            return client.post("/api/problems/softmax/submissions", json={"code": hog})

        with ThreadPoolExecutor(max_workers=4) as executor:
            hogs = [executor.submit(hog_post, i) for i in range(4)]
            time.sleep(0.5)  # the first hog is running; the rest were turned away
            started = time.monotonic()
            response = other.post(
                "/api/problems/softmax/submissions", json={"code": solution("softmax")}
            )
            waited = time.monotonic() - started
            statuses = sorted(f.result().status_code for f in hogs)
        # Another user is graded at once, on the worker the first client could not take.
        assert response.json()["verdict"] == "accepted" and waited < 2.5
        assert statuses == [200, 429, 429, 429], statuses
        turned_away = next(f.result() for f in hogs if f.result().status_code == 429)
        assert "already have 1 grading" in turned_away.json()["detail"]
        assert turned_away.headers["retry-after"]


def test_grading_never_blocks_the_event_loop() -> None:
    settings = Settings(workers=1, **TEST_LIMITS)
    with TestClient(create_app(settings)) as client:
        wait_until_ready(client)
        with ThreadPoolExecutor(max_workers=1) as executor:
            slow = executor.submit(
                client.post, "/api/problems/softmax/submissions", json={"code": SLOW, "mode": "run"}
            )
            time.sleep(0.3)
            started = time.monotonic()
            assert client.get("/healthz").status_code == 200
            assert time.monotonic() - started < 0.5
            assert slow.result().status_code == 200


def test_a_dead_worker_is_replaced(bank: Bank) -> None:
    pool = build_pool(Settings(**TEST_LIMITS), size=1)
    pool.start()
    try:
        (victim,) = pool.worker_pids()
        os.kill(victim, signal.SIGKILL)
        time.sleep(0.2)
        result = grade_submission(
            problem=bank.get("softmax"),
            code=solution("softmax"),
            mode="run",
            pool=pool,
            wait_seconds=60,
        )
        assert result.accepted and pool.worker_pids() != [victim]
    finally:
        pool.close()


def test_a_stuck_worker_is_replaced(bank: Bank) -> None:
    pool = build_pool(Settings(**TEST_LIMITS), size=1)
    pool.stuck_margin = 0.5
    pool.start()
    try:
        (victim,) = pool.worker_pids()
        os.kill(victim, signal.SIGSTOP)
        problem = bank.get("softmax")
        with pytest.raises(SandboxFailure):
            grade_submission(problem=problem, code=solution("softmax"), mode="run", pool=pool)
        result = grade_submission(
            problem=problem, code=solution("softmax"), mode="run", pool=pool, wait_seconds=60
        )
        assert result.accepted and victim not in pool.worker_pids()
    finally:
        pool.close()
