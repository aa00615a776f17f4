"""The shousi command as a user runs it: exit codes and the JSON result document."""

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from app.bank import load_bank
from app.settings import BUILTIN_DIR
from tests.conftest import PROBLEMS, ROOT
from tests.helpers import CORE


def shousi(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "app", *args], capture_output=True, text=True, timeout=120, cwd=ROOT
    )


def test_grade_exit_codes_for_every_core_problem() -> None:
    jobs = [(pid, PROBLEMS / pid / "solution.py", 0) for pid in CORE]
    jobs += [(pid, ROOT / "problems" / pid / "starter.py", 1) for pid in CORE]
    with ThreadPoolExecutor(max_workers=2) as executor:
        runs = list(executor.map(lambda job: shousi("grade", job[0], str(job[1])), jobs))
    for (pid, path, want), run in zip(jobs, runs, strict=True):
        assert run.returncode == want, (pid, path.name, run.stdout, run.stderr)
    assert "accepted" in runs[0].stdout and "wrong_answer" in runs[len(CORE)].stdout


def test_grade_json_is_the_result_document() -> None:
    run = shousi("grade", "causal-mask", str(PROBLEMS / "causal-mask" / "solution.py"), "--json")
    doc = json.loads(run.stdout)
    assert run.returncode == 0
    assert {"problem", "verdict", "cases", "diagnosis", "duration_ms"} <= doc.keys()
    assert doc["problem"] == "causal-mask" and doc["verdict"] == "accepted"
    assert all({"name", "passed", "kind", "message"} <= case.keys() for case in doc["cases"])


def test_unknown_problem_and_missing_file_are_usage_errors(tmp_path: Path) -> None:
    unknown = shousi("grade", "no-such-problem", str(PROBLEMS / "softmax" / "solution.py"))
    assert unknown.returncode == 2 and "unknown problem" in unknown.stderr
    missing = shousi("grade", "softmax", str(tmp_path / "nope.py"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    binary = tmp_path / "bin.py"
    binary.write_bytes(b"\xff\xfe\x00")
    assert shousi("grade", "softmax", str(binary)).returncode == 2
    assert shousi("grade").returncode == 2


def test_problems_list_shows_every_problem() -> None:
    run = shousi("problems", "list", "--json")
    listed = [row["id"] for row in json.loads(run.stdout)]
    assert listed == [problem.id for problem in load_bank([BUILTIN_DIR]).ordered()]
    assert set(CORE) <= set(listed)


@pytest.mark.parametrize("command", [["serve", "--help"], ["grade", "--help"]])
def test_help_is_available(command: list[str]) -> None:
    run = shousi(*command)
    assert run.returncode == 0 and "Usage" in run.stdout


def test_grade_text_names_the_failed_check_and_the_diagnosis(tmp_path: Path) -> None:
    code = (ROOT / "problems" / "attention" / "mistakes.py").read_text()
    submission = tmp_path / "attention.py"
    submission.write_text(code + "\nattention = mask_not_applied\n")
    run = shousi("grade", "attention", str(submission))
    assert run.returncode == 1
    assert "FAIL [causality] causal, keys 3-4 changed (hidden): the future leaks" in run.stdout
    assert "diagnosis: mask_not_applied: " in run.stdout


def test_qa_validate_passes_on_the_bank_and_fails_on_a_broken_card(tmp_path: Path) -> None:
    run = shousi("qa", "validate")
    assert run.returncode == 0, run.stdout + run.stderr
    assert " valid, 0 failed" in run.stdout
    broken = tmp_path / "attention" / "broken.toml"
    broken.parent.mkdir()
    broken.write_text('id = "broken"\ntopic = "attention"\n')
    run = shousi("qa", "validate", str(tmp_path))
    assert run.returncode == 1
    assert f"FAIL {broken}" in run.stdout and "zh" in run.stdout


def test_qa_list_filters_by_tag() -> None:
    run = shousi("qa", "list", "--json", "--tag", "softmax")
    cards = json.loads(run.stdout)
    assert cards and all("softmax" in card["tags"] for card in cards)
    assert {"id", "question", "tags", "difficulty", "problems"} <= cards[0].keys()
