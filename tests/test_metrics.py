"""`/metrics` for Prometheus, request ids on every answer, and JSON log lines."""

from __future__ import annotations

import json
import os
import re
import threading
import time
import urllib.request
from pathlib import Path

from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from app.settings import Settings
from app.web import create_app
from tests.conftest import TEST_LIMITS, solution
from tests.helpers import free_port, start_server, stop_server, wait_until_ready

SLOW = "import time\n\n\ndef softmax(x, axis=-1):\n    time.sleep(1.5)\n    return x\n"
WRONG = "def softmax(x, axis=-1):\n    return x\n"


def scrape(client: TestClient) -> dict[tuple[str, tuple], float]:
    """Every sample of /metrics, parsed by Prometheus's own parser: {(name, labels): value}."""
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain; version=")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def value(samples: dict, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def wait_for(predicate, seconds: float = 20.0) -> None:  # noqa: ANN001
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_gradings_workers_layers_and_overload_answers_are_counted(tmp_path: Path) -> None:
    settings = Settings(workers=1, queue_limit=0, client_limit=8, data_dir=tmp_path, **TEST_LIMITS)
    with TestClient(create_app(settings)) as client:
        wait_until_ready(client)
        wait_for(lambda: client.get("/healthz").json()["workers_ready"] == 1)
        before = scrape(client)
        assert value(before, "shousi_workers") == 1
        assert value(before, "shousi_workers_ready") == 1
        assert value(before, "shousi_workers_busy") == 0
        layers = client.get("/healthz").json()["sandbox"]
        for name, state in layers.items():
            expected = 1.0 if state["active"] else 0.0
            assert value(before, "shousi_sandbox_layer_active", layer=name) == expected, name

        url = "/api/problems/softmax/submissions"
        assert client.post(url, json={"code": solution("softmax")}).json()["verdict"] == "accepted"
        assert client.post(url, json={"code": WRONG}).json()["verdict"] == "wrong_answer"
        after = scrape(client)
        for verdict in ("accepted", "wrong_answer"):
            labels = {"problem": "softmax", "verdict": verdict}
            assert value(after, "shousi_grading_seconds_count", **labels) == 1, verdict
            assert 0 < value(after, "shousi_grading_seconds_sum", **labels) < 10
            # Cumulative buckets: everything is within the last one.
            assert value(after, "shousi_grading_seconds_bucket", le="+Inf", **labels) == 1

        # One slow grading holds the only worker; the next is turned away with a 429.
        slow = threading.Thread(target=lambda: client.post(url, json={"code": SLOW}))
        slow.start()
        wait_for(lambda: value(scrape(client), "shousi_workers_busy") == 1)
        turned_away = client.post(url, json={"code": solution("softmax")})
        assert turned_away.status_code == 429
        slow.join()
        final = scrape(client)
        assert value(final, "shousi_http_responses_total", status="429") == 1
        assert value(final, "shousi_workers_busy") == 0
        assert value(final, "shousi_grading_queue_depth") == 0
        assert value(final, "shousi_http_responses_total", status="200") >= 3
        assert client.get("/api/problems/nope").status_code == 404
        assert value(scrape(client), "shousi_http_responses_total", status="404") == 1


def test_every_answer_carries_a_request_id(client: TestClient) -> None:
    mine = client.get("/healthz", headers={"x-request-id": "proxy-1234.abc"})
    assert mine.headers["x-request-id"] == "proxy-1234.abc"
    for bad in ("", "has space", "x" * 65, "semi;colon"):
        made = client.get("/healthz", headers={"x-request-id": bad}).headers["x-request-id"]
        assert re.fullmatch(r"[0-9a-f]{32}", made), (bad, made)
    one, two = (client.get("/").headers["x-request-id"] for _ in range(2))
    assert one != two
    # Answers made before the app's routes (a body too large) carry one too.
    big = client.post("/api/problems/softmax/submissions", content=b"x" * (2 << 20))
    assert big.status_code == 413 and big.headers["x-request-id"]


def test_json_logs_name_the_request(tmp_path: Path) -> None:
    port = free_port()
    env = {
        **os.environ,
        "SHOUSI_WORKERS": "1",
        "SHOUSI_LOG_FORMAT": "json",
        "SHOUSI_DATA_DIR": str(tmp_path / "data"),
    }
    log_path = tmp_path / "server.log"
    process = start_server(port, env, log_path)
    try:
        url = f"http://127.0.0.1:{port}"
        request = urllib.request.Request(f"{url}/api/problems", headers={"X-Request-ID": "r-77"})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.headers["x-request-id"] == "r-77"
    finally:
        stop_server(process)
    lines = [line for line in log_path.read_text().splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]  # every line is JSON, uvicorn's too
    access = [r for r in records if r["logger"] == "shousi.access" and r["request_id"] == "r-77"]
    assert len(access) == 1
    assert access[0]["message"].startswith("GET /api/problems 200") and access[0]["status"] == 200
    assert {"time", "level", "logger", "message", "request_id"} <= set(records[0])
    assert any(r["logger"].startswith("uvicorn") for r in records), "uvicorn's lines are JSON too"
