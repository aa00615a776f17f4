"""`shousi problems validate`: the whole bank is valid, and a broken folder is caught."""

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.authoring.validate import validate_problem
from app.bank import load_bank
from app.sandbox.build import build_pool
from app.sandbox.pool import SandboxPool
from app.settings import BUILTIN_DIR, Settings
from tests.conftest import ROOT, solution


@pytest.fixture(scope="module")
def served_limits_pool() -> Iterator[SandboxPool]:
    """Workers with the limits `shousi problems validate` and the server use (not the tests'
    short ones): a memory-capped case's wrong forms take more than 2 s of CPU."""
    sandbox = build_pool(Settings(), size=2)
    sandbox.start()
    yield sandbox
    sandbox.close()


def test_every_built_in_problem_validates(served_limits_pool: SandboxPool) -> None:
    pool = served_limits_pool
    bank = load_bank([BUILTIN_DIR])
    for problem in bank.ordered():
        report = validate_problem(problem, pool)
        assert report.ok, (problem.id, report.problems)
        assert any("reference accepted" in line for line in report.checks)


def test_a_folder_with_a_correct_starter_and_a_harmless_mistake_fails(
    tmp_path: Path, pool: SandboxPool
) -> None:
    folder = tmp_path / "softmax-copy"
    shutil.copytree(BUILTIN_DIR / "softmax", folder)
    toml = folder / "problem.toml"
    toml.write_text(toml.read_text().replace('id = "softmax"', 'id = "softmax-copy"'))
    (folder / "starter.py").write_text(solution("softmax"))
    (folder / "mistakes.py").write_text(
        "import numpy as np\n\n\ndef not_a_mistake(x, axis=-1):\n"
        "    e = np.exp(x - x.max(axis=axis, keepdims=True))\n"
        "    return e / e.sum(axis=axis, keepdims=True)\n\n\n"
        "MISTAKES = {'missing_scale': not_a_mistake}\n"
    )
    (problem,) = load_bank([tmp_path]).ordered()
    report = validate_problem(problem, pool)
    assert not report.ok
    assert any("starter should be a clean wrong answer" in p for p in report.problems)
    assert any("mistake missing_scale: accepted" in p for p in report.problems)


def test_validate_command_exit_status(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "app", "problems", "validate"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    count = len(load_bank([BUILTIN_DIR]).problems)
    assert count >= 26
    assert run.returncode == 0 and f"{count} valid, 0 failed" in run.stdout
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "problem.toml").write_text("id = 'broken'\n")
    bad = subprocess.run(
        [sys.executable, "-m", "app", "problems", "validate", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert bad.returncode == 1 and "FAIL" in bad.stdout and "missing" in bad.stdout


def test_a_case_an_all_zeros_answer_would_pass_is_caught(tmp_path: Path, pool: SandboxPool) -> None:
    folder = tmp_path / "feed-forward-tiny"
    shutil.copytree(BUILTIN_DIR / "feed-forward", folder)
    toml = folder / "problem.toml"
    toml.write_text(toml.read_text().replace('id = "feed-forward"', 'id = "feed-forward-tiny"'))
    cases = folder / "cases.py"
    # Outputs a million times smaller than atol: returning zeros would be "right".
    cases.write_text(
        cases.read_text()
        + "\n\n_original = build_cases\n\n\ndef build_cases():\n"
        + "    return [\n"
        + "        Case(c.name, {**c.inputs, 'w2': c.inputs['w2'] * 1e-9,"
        + " 'b2': c.inputs['b2'] * 1e-9}, hidden=c.hidden)\n"
        + "        for c in _original()\n"
        + "    ]\n"
    )
    (problem,) = load_bank([folder]).ordered()  # a single problem folder is accepted too
    report = validate_problem(problem, pool)
    assert any("an all-zeros `output` is within the tolerance" in p for p in report.problems)
