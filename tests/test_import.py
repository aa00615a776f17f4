"""`shousi problems import`: an archive is checked, its problem validated in a process of
its own with limits, and written only if valid; a buggy problem cannot hang or sink the
command (or a server) that asked."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

import app.authoring.contained as contained
from app.authoring.scaffold import scaffold
from app.cli import cli


def zipped(folder: Path) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                archive.write(path, f"{folder.name}/{path.relative_to(folder)}")
    return buffer.getvalue()


def problem_archive(tmp_path: Path, problem_id: str, **changes: str) -> Path:
    folder = scaffold(tmp_path / "src", problem_id, "numpy", "function")
    for name, text in changes.items():
        (folder / name.replace("__", ".")).write_text(text)
    archive = tmp_path / f"{problem_id}.zip"
    archive.write_bytes(zipped(folder))
    return archive


def import_(archive: Path, target: Path, *more: str):
    return CliRunner().invoke(
        cli, ["problems", "import", str(archive), "--dir", str(target), *more]
    )


def test_a_valid_problem_is_written_and_a_second_import_needs_replace(tmp_path: Path) -> None:
    archive = problem_archive(tmp_path, "good-op")
    target = tmp_path / "bank"
    done = import_(archive, target)
    assert done.exit_code == 0, done.output
    assert "good-op: valid; written to" in done.output
    assert (target / "good-op" / "problem.toml").is_file()
    again = import_(archive, target)
    assert again.exit_code == 1 and "--replace" in again.output
    assert import_(archive, target, "--replace").exit_code == 0


def test_a_problem_that_does_not_validate_is_not_written(tmp_path: Path) -> None:
    # The starter is accepted: not a problem anyone can practise on.
    archive = problem_archive(
        tmp_path, "lazy-op", starter__py="def lazy_op(x):\n    return 2.0 * x\n"
    )
    target = tmp_path / "bank"
    result = import_(archive, target)
    assert result.exit_code == 1 and "FAIL lazy-op" in result.output
    assert "nothing was written" in result.output and not (target / "lazy-op").exists()


def test_a_hostile_archive_is_refused_before_validation(tmp_path: Path) -> None:
    evil = tmp_path / "evil.zip"
    with zipfile.ZipFile(evil, "w") as archive:
        archive.writestr("problem.toml", 'id = "evil"\n')
        archive.writestr("../../outside.py", "x = 1\n")
    result = import_(evil, tmp_path / "bank")
    assert result.exit_code == 1 and "refused:" in result.output and "'..'" in result.output
    assert not (tmp_path / "outside.py").exists() and not (tmp_path / "bank").exists()
    missing = import_(tmp_path / "nope.zip", tmp_path / "bank")
    assert missing.exit_code == 2 and "No such file" in missing.output


LOOPS = "def loops_op(x):\n    while True:\n        pass\n"
GREEDY_CASES = """
import numpy as np

from graders import Case


def build_cases(seed: int = 0):
    hoard = np.ones(50 * 2**30 // 8)  # 50 GB
    return [Case("x", {"x": hoard[:4].reshape(2, 2)})]
"""


@pytest.mark.parametrize(
    ("problem_id", "changes", "stopped"),
    [
        ("loops-op", {"reference__py": LOOPS, "solution__py": LOOPS}, "timeout"),
        ("greedy-op", {"cases__py": GREEDY_CASES}, "memory"),
    ],
)
def test_a_reference_that_loops_or_cases_that_hoard_are_stopped(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    problem_id: str,
    changes: dict[str, str],
    stopped: str,
) -> None:
    monkeypatch.setattr(contained, "WALL_SECONDS", 30.0)
    archive = problem_archive(tmp_path, problem_id, **changes)
    result = import_(archive, tmp_path / "bank")
    assert result.exit_code == 1, result.output
    assert f"{problem_id}: stopped:" in result.output and "nothing was written" in result.output
    assert not (tmp_path / "bank").exists()
    report = contained.validate_contained(tmp_path / "src" / problem_id)
    assert not report.ok and report.stopped == stopped, report
