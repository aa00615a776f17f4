"""A server killed while it grades loses nothing: started again, it finishes the submission."""

import json
import os
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from app.web.identity import COOKIE
from tests.conftest import solution
from tests.helpers import free_port, start_server

PROBLEM = "causal-mask"
# Right, but slow enough (about 1.5 s of sleeping) to be caught mid-grading.
SLOW_RIGHT = (
    "import time\n"
    + solution(PROBLEM).replace("def causal_mask(", "def _mask(", 1)
    + "\n\ndef causal_mask(n):\n    time.sleep(0.3)\n    return _mask(n)\n"
)


def _start(port: int, data: Path, log_path: Path) -> subprocess.Popen:
    env = {
        **os.environ,
        "SHOUSI_WORKERS": "1",
        "SHOUSI_LOG_LEVEL": "info",
        "SHOUSI_DATA_DIR": str(data),
        "SHOUSI_INSTANCE_ID": "recovery-test",
    }
    # Its own process group: killed with its workers.
    return start_server(port, env, log_path, start_new_session=True)


def _call(port: int, path: str, cookie: str | None = None, body: dict | None = None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}")
    if cookie:
        request.add_header("Cookie", f"{COOKIE}={cookie}")
    if body is not None:
        request.data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.headers, json.load(response)


def test_a_submission_cut_off_by_a_killed_server_is_graded_after_the_restart(
    tmp_path: Path,
) -> None:
    port, log_path = free_port(), tmp_path / "server.log"
    server = _start(port, tmp_path / "data", log_path)
    try:
        # A learner and their cookie, from a first (quick) submission.
        headers, first = _call(
            port, f"/api/problems/{PROBLEM}/submissions", body={"code": solution(PROBLEM)}
        )
        cookie = headers["set-cookie"].split(";")[0].split("=", 1)[1]
        errors: list[Exception] = []

        def slow_submit() -> None:
            try:
                _call(
                    port,
                    f"/api/problems/{PROBLEM}/submissions",
                    cookie,
                    {"code": SLOW_RIGHT, "mode": "submit"},
                )
            except Exception as exc:  # noqa: BLE001 - the server is killed under it
                errors.append(exc)

        thread = threading.Thread(target=slow_submit)
        thread.start()
        deadline = time.monotonic() + 30
        while True:  # wait until the slow one is stored and being graded
            _, rows = _call(port, f"/api/submissions?problem={PROBLEM}", cookie)
            if len(rows) == 2 and rows[0]["status"] == "pending":
                break
            assert time.monotonic() < deadline, rows
            time.sleep(0.05)
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=30)
        thread.join(timeout=60)
        assert errors, "the client saw its connection cut"
        slow_id = rows[0]["id"]

        server = _start(port, tmp_path / "data", log_path)
        deadline = time.monotonic() + 60
        while True:
            _, row = _call(port, f"/api/submissions/{slow_id}", cookie)
            if row["status"] != "pending":
                break
            assert time.monotonic() < deadline, "still pending a minute after the restart"
            time.sleep(0.3)
        assert row["status"] == "done" and row["verdict"] == "accepted", row
        assert row["result"]["verdict"] == "accepted" and row["code"] == SLOW_RIGHT
        _, rows = _call(port, f"/api/submissions?problem={PROBLEM}", cookie)
        assert [r["id"] for r in rows] == [slow_id, first["submission_id"]]
    finally:
        try:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(server.pid, signal.SIGKILL)
        except urllib.error.URLError:
            pass
