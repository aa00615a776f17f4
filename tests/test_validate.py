"""`shousi problems validate`: a broken folder is caught, and the cache reruns what changed.

That the whole bank is valid is tests/bank/test_bank.py, one test per problem.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.authoring import validate_cache
from app.authoring.validate import Validation, validate_problem
from app.authoring.validate_cache import CODE_DIRS, ValidationCache
from app.authoring.validate_many import BankValidation
from app.bank import load_bank
from app.sandbox.pool import SandboxPool
from app.settings import BUILTIN_DIR, Settings
from tests.conftest import ROOT, TEST_LIMITS, solution


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


def _validate_command(*args: str, cache: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "app", "problems", "validate", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "XDG_CACHE_HOME": str(cache)},
        timeout=300,
    )


def test_validate_command_exit_status_and_cache(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    folder = str(BUILTIN_DIR / "softmax")
    run = _validate_command(folder, cache=cache)
    assert run.returncode == 0 and "1 valid, 0 failed\n" in run.stdout, run.stdout + run.stderr
    assert "(cached)" not in run.stdout
    (entry,) = (cache / "shousi" / "validate").glob("*.json")  # JSON, the findings only
    assert json.loads(entry.read_text())["problem_id"] == "softmax"
    again = _validate_command(folder, cache=cache)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "ok   softmax" in again.stdout and "(cached)" in again.stdout
    assert "1 valid, 0 failed (1 from the cache)" in again.stdout
    forced = _validate_command("--no-cache", folder, cache=cache)
    assert forced.returncode == 0 and "1 valid, 0 failed\n" in forced.stdout
    assert "(cached)" not in forced.stdout
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "problem.toml").write_text("id = 'broken'\n")
    bad = _validate_command(str(tmp_path), cache=cache)
    assert bad.returncode == 1 and "FAIL" in bad.stdout and "missing" in bad.stdout


def _copy(root: Path, name: str) -> Path:
    folder = root / name
    shutil.copytree(BUILTIN_DIR / "softmax", folder)
    toml = folder / "problem.toml"
    toml.write_text(toml.read_text().replace('id = "softmax"', f'id = "{name}"'))
    return folder


def test_the_cache_reruns_only_what_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bank_dir, cache = tmp_path / "bank", tmp_path / "cache"
    first, _ = _copy(bank_dir, "softmax-one"), _copy(bank_dir, "softmax-two")

    def cached(*, jobs: int = 1) -> dict[str, bool]:
        problems = load_bank([bank_dir]).ordered()
        settings = Settings(**TEST_LIMITS)
        with BankValidation(problems, settings=settings, jobs=jobs, cache_dir=cache) as run:
            reports = {p.id: run.result(p.id) for p in problems}
        assert all(report.ok for report in reports.values()), reports
        return {name: report.cached for name, report in reports.items()}

    assert cached(jobs=2) == {"softmax-one": False, "softmax-two": False}
    assert cached() == {"softmax-one": True, "softmax-two": True}
    statement = first / "statement.en.md"
    text = statement.read_bytes()
    at = text.index(b"a")
    statement.write_bytes(text[:at] + b"A" + text[at + 1 :])  # one byte of one problem
    assert cached() == {"softmax-one": False, "softmax-two": True}
    # The grader's code as another checkout holds it: the same bytes are the same code...
    checkout = tmp_path / "checkout"
    for name in CODE_DIRS:
        shutil.copytree(ROOT / name, checkout / name, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(validate_cache, "ROOT", checkout)
    assert cached() == {"softmax-one": True, "softmax-two": True}
    compare = checkout / "graders" / "compare.py"
    compare.write_text(compare.read_text() + "\n# one more line\n")
    # ...and one change to it reruns every problem.
    assert cached(jobs=2) == {"softmax-one": False, "softmax-two": False}


def test_a_failing_validation_is_not_cached(tmp_path: Path) -> None:
    cache = ValidationCache(tmp_path, {"code": "x"})
    folder = _copy(tmp_path / "bank", "softmax-one")
    key = cache.key(folder)
    cache.put(Validation("softmax-one", folder, problems=["starter is accepted"]), key)
    assert cache.get(folder, key) is None
    cache.put(Validation("softmax-one", folder, checks=["reference accepted"]), key)
    assert cache.get(folder, key) == Validation(
        "softmax-one", folder, checks=["reference accepted"], cached=True
    )
    assert ValidationCache(tmp_path, {"code": "y"}).key(folder) != key  # other code, other key


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


def test_a_mistake_written_two_ways_is_one_tag(tmp_path: Path, pool: SandboxPool) -> None:
    # A tag may list several implementations: each must be rejected and named with the tag.
    folder = tmp_path / "softmax-two-ways"
    shutil.copytree(BUILTIN_DIR / "softmax", folder)
    toml = folder / "problem.toml"
    toml.write_text(toml.read_text().replace('id = "softmax"', 'id = "softmax-two-ways"'))
    (folder / "mistakes.py").write_text(
        "import numpy as np\n\n\n"
        "def no_shift(x, axis=-1):\n"
        "    e = np.exp(x)\n"
        "    return e / e.sum(axis=axis, keepdims=True)\n\n\n"
        "def no_shift_exp2(x, axis=-1):\n"
        "    e = np.exp(x) * 1.0\n"
        "    return e / np.sum(e, axis=axis, keepdims=True)\n\n\n"
        "MISTAKES = {'softmax_unstable': [no_shift, no_shift_exp2]}\n"
    )
    (problem,) = load_bank([tmp_path]).ordered()
    assert list(problem.mistakes) == ["softmax_unstable", "softmax_unstable~2"]
    report = validate_problem(problem, pool)
    assert "mistake softmax_unstable~2 rejected and diagnosed" in report.checks
    assert not any("give the same outputs" in p for p in report.problems)
    (folder / "mistakes.py").write_text("MISTAKES = {'softmax_unstable': []}\n")
    assert "or a list of them" in load_bank([tmp_path]).errors[0][1]
