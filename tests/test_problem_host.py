"""A published upload's own code (reference, cases, mistakes) runs in a child process with a
time and memory limit, never in the server: a draw that hangs or allocates 50 GB, a custom
input the reference chokes on, are contained and named, and the server goes on."""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.authoring.published import unpack_and_load
from app.authoring.scaffold import scaffold
from app.authoring.validate import as_submission
from app.judge.custom import CustomInputError, parse_custom, run_custom
from app.judge.grade import grade_submission
from app.sandbox.isolation import slot_uid
from app.sandbox.pool import SandboxPool
from app.trusted import host
from app.trusted.runner import FRESH
from tests.helpers import archive_of

RIGHT = "def {entry}(x):\n    return 2.0 * x\n"
# The reference and the one known mistake say which process they run in: printed, as the
# runner's output is the only way out of it.
REFERENCE = """import os
import numpy as np


def {entry}(x):
    print("reference", os.getpid(), os.getuid(), os.getppid())
    return 2.0 * x
"""
MISTAKES = """import os


def forgot_the_factor(x):
    print("mistake", os.getpid(), os.getuid(), os.getppid())
    return x


MISTAKES = {{"forgot_the_factor": forgot_the_factor}}
MESSAGES = {{"forgot_the_factor": {{"en": "x was not doubled", "zh": "x 没有乘以 2"}}}}
"""


# A mistake that imports its own folder's reference: the folder loads as a package.
MISTAKES_IMPORTING = """from .reference import {entry}


def forgot_the_factor(x):
    return {entry}(x) / 2.0


MISTAKES = {{"forgot_the_factor": forgot_the_factor}}
MESSAGES = {{"forgot_the_factor": {{"en": "x was not doubled", "zh": "x 没有乘以 2"}}}}
"""


def _problem(tmp_path: Path, problem_id: str, kind: str = "function", **files: str):  # noqa: ANN202
    """The problem as a replica serves it once published: unpacked from its archive."""
    data = archive_of(tmp_path / "src", problem_id, kind=kind, **files)
    return unpack_and_load(tmp_path / "served", data, hashlib.sha256(data).hexdigest())


def _cases_that_first(tmp_path: Path, bug: str) -> str:
    """The scaffold's cases.py with `bug` run first in build_cases(seed)."""
    cases = (scaffold(tmp_path / "plain", "x", "numpy", "function") / "cases.py").read_text()
    start = "    rng = np.random.default_rng(101 + seed)\n"
    assert start in cases
    return cases.replace(start, bug + start)


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Short limits, and hosts of this test's own, stopped at its end."""
    monkeypatch.setitem(host.SECONDS, "draw", 8.0)
    monkeypatch.setitem(host.SECONDS, "custom", 8.0)
    for name in ("BACKGROUND", "INTERACTIVE"):
        monkeypatch.setattr(host, name, host.ProblemHost(name.lower()))
    yield
    for problem_id in ("hosted-op", "loop-op", "slow-op", "greedy-op", "hosted-block"):
        FRESH.forget(problem_id)  # no more background draws of this test's problems
    host.BACKGROUND.close()
    host.INTERACTIVE.close()


def _processes_of(uid: int) -> list[int]:
    """Pids of the processes that run as `uid` now."""
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            lines = status.read_text().splitlines()
        except OSError:
            continue  # ended meanwhile
        real = next((line.split()[1] for line in lines if line.startswith("Uid:")), None)
        if real == str(uid):
            found.append(int(status.parent.name))
    return found


def _ran_as() -> dict[str, set[tuple[int, int, int]]]:
    """Who printed (pid, uid, parent pid), from what the hosts relayed."""
    seen: dict[str, set[tuple[int, int, int]]] = {}
    for _, _, text in [*host.BACKGROUND.printed, *host.INTERACTIVE.printed]:
        for line in text.splitlines():
            who, *ids = line.split()
            seen.setdefault(who, set()).add(tuple(map(int, ids)))
    return seen


def test_an_upload_s_code_runs_only_outside_the_server(
    tmp_path: Path, pool: SandboxPool, quick: None
) -> None:
    problem = _problem(
        tmp_path,
        "hosted-op",
        **{
            "reference.py": REFERENCE.format(entry="hosted_op"),
            "mistakes.py": MISTAKES.format(),
        },
    )
    assert problem.hosted
    right = grade_submission(
        problem=problem, code=RIGHT.format(entry="hosted_op"), mode="submit", pool=pool
    )
    assert right.accepted, right.message
    assert any(case.hidden for case in right.cases)
    wrong = grade_submission(
        problem=problem, code="def hosted_op(x):\n    return x\n", mode="submit", pool=pool
    )
    assert wrong.verdict.value == "wrong_answer"
    assert wrong.diagnosis == ["forgot_the_factor"]
    assert wrong.diagnosis_texts["forgot_the_factor"]["zh"] == "x 没有乘以 2"
    custom = parse_custom(problem, {"inputs": {"x": [[1.0, -2.0]]}})
    ran = run_custom(
        problem=problem, code=RIGHT.format(entry="hosted_op"), case=custom, pool=pool, wait=30
    )
    assert ran.accepted, ran.message
    seen = _ran_as()
    # Fixed cases, a fresh draw, a diagnosis and a custom input: each ran the problem's
    # code, none of it in this process (the server), all of it in runners of the host.
    assert seen["reference"] and seen["mistake"]
    ran = seen["reference"] | seen["mistake"]
    assert os.getpid() not in {pid for pid, _, _ in ran}
    if os.geteuid() == 0:  # the runner's own uid, below a supervisor that is pid 1
        assert {(uid, parent) for _, uid, parent in ran} == {(slot_uid(host.PROBLEM_SLOT), 1)}
        assert {"uid", "pidns", "landlock", "seccomp"} <= set(host.BACKGROUND.layers)


def test_a_draw_that_never_ends_is_stopped_and_named(
    tmp_path: Path, pool: SandboxPool, quick: None
) -> None:
    looping = _cases_that_first(
        tmp_path, "    while seed:  # a bug: only the fixed build (seed 0) ends\n        pass\n"
    )
    problem = _problem(tmp_path, "loop-op", **{"cases.py": looping})
    # The fixed cases (seed 0) are fine: the samples run as usual.
    run = grade_submission(
        problem=problem, code=RIGHT.format(entry="loop_op"), mode="run", pool=pool
    )
    assert run.accepted, run.message
    with pytest.raises(host.HostError, match=r"took longer than 8 s \(draw\)"):
        grade_submission(
            problem=problem, code=RIGHT.format(entry="loop_op"), mode="submit", pool=pool
        )
    # The runner was killed; the supervisor stays for the next request.
    if os.geteuid() == 0:
        assert not _processes_of(slot_uid(host.PROBLEM_SLOT))
    # For a minute, the next submissions fail at once instead of waiting as long again.
    started = time.monotonic()
    with pytest.raises(host.HostError, match=r"took longer than 8 s \(draw\), a moment ago"):
        grade_submission(
            problem=problem, code=RIGHT.format(entry="loop_op"), mode="submit", pool=pool
        )
    assert time.monotonic() - started < 4
    again = grade_submission(
        problem=problem, code=RIGHT.format(entry="loop_op"), mode="run", pool=pool
    )
    assert again.accepted


def test_a_custom_input_the_reference_chokes_on_is_a_clear_error(
    tmp_path: Path, pool: SandboxPool, quick: None
) -> None:
    reference = (
        "import numpy as np\n\n\ndef slow_op(x):\n"
        "    while x.shape[-1] == 7:  # a bug on one width\n        pass\n"
        "    return 2.0 * x\n"
    )
    problem = _problem(tmp_path, "slow-op", **{"reference.py": reference})
    custom = parse_custom(problem, {"inputs": {"x": [[1.0] * 7]}})
    with pytest.raises(CustomInputError, match=r"took longer than 8 s \(custom\)"):
        run_custom(
            problem=problem, code=RIGHT.format(entry="slow_op"), case=custom, pool=pool, wait=30
        )
    fine = parse_custom(problem, {"inputs": {"x": [[1.0] * 3]}})
    ran = run_custom(
        problem=problem, code=RIGHT.format(entry="slow_op"), case=fine, pool=pool, wait=30
    )
    assert ran.accepted


@pytest.mark.hostile
def test_a_draw_that_allocates_50_gb_is_contained_and_the_server_answers(
    tmp_path: Path, client: TestClient, quick: None
) -> None:
    greedy = _cases_that_first(
        tmp_path,
        "    if seed:  # a bug: fresh draws build a 50 GB table\n"
        "        np.ones(50 * 10**9 // 8).sum()\n",
    )
    problem = _problem(tmp_path, "greedy-op", **{"cases.py": greedy})
    bank = client.app.state.bank
    bank.add(problem)
    try:
        sent = client.post(
            "/api/problems/greedy-op/submissions",
            json={"code": RIGHT.format(entry="greedy_op"), "mode": "submit"},
        )
        assert sent.status_code == 503 and sent.headers["retry-after"]
        detail = sent.json()["detail"]
        assert "could not prepare its hidden cases" in detail and "out of memory" in detail
        # The server is unharmed: it grades, this problem's samples and other problems alike.
        runs = client.post(
            "/api/problems/greedy-op/submissions",
            json={"code": RIGHT.format(entry="greedy_op"), "mode": "run"},
        )
        assert runs.status_code == 200, runs.text
        assert runs.json()["verdict"] == "accepted"
        assert client.get("/healthz").json()["status"] == "ok"
    finally:
        bank.remove("greedy-op")


def test_a_torch_module_upload_is_graded_through_its_host(
    tmp_path: Path, pool: SandboxPool, quick: None
) -> None:
    module = _problem(tmp_path, "hosted-block", kind="module")
    assert module.hosted and module.meta.kind == "module"
    reference = (module.path / "reference.py").read_text()
    right = grade_submission(problem=module, code=reference, mode="submit", pool=pool)
    assert right.accepted, right.message
    assert any(case.hidden for case in right.cases)
    starter = grade_submission(
        problem=module, code=(module.path / "starter.py").read_text(), mode="submit", pool=pool
    )
    assert not starter.accepted


def test_a_hosted_mistake_importing_its_reference_diagnoses_and_grades_bundled(
    tmp_path: Path, pool: SandboxPool, quick: None
) -> None:
    problem = _problem(
        tmp_path,
        "hosted-op",
        **{
            "reference.py": REFERENCE.format(entry="hosted_op"),
            "mistakes.py": MISTAKES_IMPORTING.format(entry="hosted_op"),
        },
    )
    assert problem.hosted
    wrong = grade_submission(
        problem=problem, code="def hosted_op(x):\n    return x\n", mode="submit", pool=pool
    )
    assert wrong.diagnosis == ["forgot_the_factor"]
    # Validation grades the mistake as one file, its reference inlined.
    code = as_submission(problem.mistakes["forgot_the_factor"], "hosted_op")
    assert "from .reference" not in code
    bundled = grade_submission(problem=problem, code=code, mode="submit", pool=pool)
    assert bundled.verdict.value == "wrong_answer", bundled.message
    assert bundled.diagnosis == ["forgot_the_factor"]
