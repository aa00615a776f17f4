"""Hostile submissions against the real sandbox, each with its verdict and a host check.

scripts/test runs this module inside scripts/contained (a pid and mount namespace under a
memory and process cap), so a sandbox bug cannot take the machine down with it. The corpus
lives in app/sandbox/hostile.py, shared with `shousi sandbox check`.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.bank import Bank
from app.judge.grade import grade_submission
from app.sandbox.build import build_pool
from app.sandbox.hostile import check_one, corpus, host_problem, secrecy_attacks
from app.sandbox.pool import SandboxPool
from app.settings import Settings
from tests.conftest import ROOT, TEST_LIMITS, solution

pytestmark = pytest.mark.hostile
SECRET = "hostile-suite-secret-3f9a"


@pytest.fixture(scope="module")
def listener() -> Iterator[socket.socket]:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.2)
    yield server
    server.close()


HOSTILE = corpus(root=ROOT, secret=SECRET, port=0)


@pytest.fixture(scope="module")
def workdir_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("sandbox-tmp")


@pytest.fixture(scope="module")
def hostile_pool(workdir_root: Path) -> Iterator[SandboxPool]:
    saved = {key: os.environ.get(key) for key in ("TMPDIR", "SHOUSI_TEST_SECRET")}
    os.environ["TMPDIR"] = str(workdir_root)
    os.environ["SHOUSI_TEST_SECRET"] = SECRET  # the server's environment, never the child's
    # Slots (uids) of its own: the other fixtures' pools may be alive at the same time.
    pool = build_pool(Settings(**TEST_LIMITS), size=2, first_slot=100)
    pool.start()
    # What the workers themselves left while importing torch is not the children's doing.
    pool.baseline = {p for p in workdir_root.iterdir() if not p.name.startswith("shousi-")}
    yield pool
    pool.close()
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


def _grader(bank: Bank, pool: SandboxPool, mode: str = "submit"):
    def grade(code: str, problem_id: str = "softmax"):  # noqa: ANN202
        return grade_submission(problem=bank.get(problem_id), code=code, mode=mode, pool=pool)

    return grade


def test_there_are_at_least_34_hostile_submissions() -> None:
    assert len(HOSTILE) >= 34  # the minimum; the CLI's report is compared with HOSTILE


@pytest.mark.parametrize("hostile", HOSTILE, ids=[h.name for h in HOSTILE])
def test_hostile_submission_is_contained(
    hostile, bank: Bank, hostile_pool: SandboxPool, workdir_root: Path, listener: socket.socket
) -> None:
    if hostile.name.startswith("TCP connection"):
        port = listener.getsockname()[1]
        hostile = corpus(root=ROOT, secret=SECRET, port=port)[-1]
    row = check_one(
        hostile,
        grade=_grader(bank, hostile_pool),
        pool=hostile_pool,
        workdir_root=workdir_root,
        baseline=hostile_pool.baseline,
        wall_limit=TEST_LIMITS["wall_seconds"],
    )
    assert row.ok, (row.got, row.problem)
    with pytest.raises(TimeoutError):
        listener.accept()  # nothing from any child ever reaches the host's loopback
    after = grade_submission(
        problem=bank.get("softmax"), code=solution("softmax"), mode="run", pool=hostile_pool
    )
    assert after.accepted


FAST_HOSTILE = [
    h
    for h in HOSTILE
    if "time_limit" not in h.verdict
    and h.name not in ("memory bomb, gradually", "search the disk for references")
    and h.name not in {s.name for s in secrecy_attacks()}  # their verdicts need hidden cases
]


def test_a_thousand_hostile_jobs_leave_the_pool_healthy(
    bank: Bank, hostile_pool: SandboxPool, workdir_root: Path
) -> None:
    grade = _grader(bank, hostile_pool, mode="run")
    fds_before = len(os.listdir("/proc/self/fd"))
    started = time.monotonic()
    for index in range(1000):
        hostile = FAST_HOSTILE[index % len(FAST_HOSTILE)]
        verdict = grade(hostile.code, hostile.problem).verdict.value
        assert verdict in hostile.verdict.split("|"), (index, hostile.name, verdict)
    elapsed = time.monotonic() - started
    assert host_problem(hostile_pool, workdir_root, hostile_pool.baseline) is None
    assert hostile_pool.ready_workers == hostile_pool.size
    assert len(os.listdir("/proc/self/fd")) <= fds_before + 2
    assert grade(solution("softmax")).accepted
    print(f"1000 hostile jobs in {elapsed:.1f} s")


def test_sandbox_check_command_reports_layers_and_passes() -> None:
    env = {
        **os.environ,
        "SHOUSI_CPU_SECONDS": "2",
        "SHOUSI_WALL_SECONDS": "3",
        "SHOUSI_MEMORY_MB": "256",
    }
    run = subprocess.run(
        [sys.executable, "-m", "app", "sandbox", "check", "--json", "--repeat", "100"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=600,
    )
    report = json.loads(run.stdout)
    assert run.returncode == 0, [r for r in report["results"] if not r["ok"]]
    # One row per submission of the corpus (a failed check may add one more).
    assert len(report["results"]) == len(HOSTILE) and all(r["ok"] for r in report["results"])
    assert report["layers"]["seccomp"]["active"] and report["repeat"]["problem"] is None
