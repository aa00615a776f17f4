"""`shousi problems new`: a folder that loads and validates at once, TODOs to fill in."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.authoring.validate import validate_problem
from app.bank import load_bank
from app.cli import cli
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool

COMBOS = [("numpy", "function"), ("torch", "function"), ("torch", "module")]


def new(tmp_path: Path, *args: str):
    return CliRunner().invoke(cli, ["problems", "new", *args, "--dir", str(tmp_path)])


def test_every_kind_of_scaffold_validates_with_a_wrong_starter(
    tmp_path: Path, pool: SandboxPool
) -> None:
    for n, (framework, kind) in enumerate(COMBOS):
        made = new(tmp_path, f"scaffold-{n}", "--framework", framework, "--kind", kind)
        assert made.exit_code == 0, made.output
        assert f"shousi problems validate {tmp_path / f'scaffold-{n}'}" in made.output
    bank = load_bank([tmp_path])
    assert bank.errors == [] and len(bank.problems) == 3
    for problem in bank.ordered():
        report = validate_problem(problem, pool)
        assert report.ok, (problem.id, report.problems)
        starter = grade_submission(problem=problem, code=problem.starter, mode="submit", pool=pool)
        assert starter.verdict.value == "wrong_answer"
        # What is left to do is marked, in both languages.
        for name in ("reference.py", "statement.zh.md", "statement.en.md", "problem.toml"):
            assert "TODO" in (problem.path / name).read_text(), name
    assert bank.get("scaffold-2").meta.entry == "Scaffold2"
    assert bank.get("scaffold-0").meta.entry == "scaffold_0"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Rms_Norm"], "lowercase letters and digits"),
        (["9-lives"], "lowercase letters and digits"),
        (["a" * 65], "at most 64 characters"),
        (["rms-norm", "--framework", "jax"], "--framework is one of torch, numpy"),
        (["rms-norm", "--kind", "class"], "--kind is one of function, module"),
        (["rms-norm", "--framework", "numpy", "--kind", "module"], "use --framework torch"),
    ],
)
def test_bad_requests_say_why_and_write_nothing(
    tmp_path: Path, args: list[str], message: str
) -> None:
    refused = new(tmp_path, *args)
    assert refused.exit_code == 2 and message in refused.output
    assert list(tmp_path.iterdir()) == []


def test_an_existing_folder_is_never_touched(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.md").write_text("my own work")
    refused = new(tmp_path, "mine")
    assert refused.exit_code == 2 and "already exists" in refused.output
    assert [p.name for p in (tmp_path / "mine").iterdir()] == ["notes.md"]
    assert (tmp_path / "mine" / "notes.md").read_text() == "my own work"
