"""Loading problem folders: a broken folder is reported with its path and reason, not fatal."""

import shutil
from pathlib import Path

from fastapi.testclient import TestClient

from app.bank import load_bank
from app.settings import BUILTIN_DIR, Settings
from app.web import create_app
from tests.conftest import solution
from tests.helpers import wait_until_ready


def _copy_problem(root: Path, name: str) -> Path:
    target = root / name
    shutil.copytree(BUILTIN_DIR / "softmax", target)
    toml = target / "problem.toml"
    toml.write_text(toml.read_text().replace('id = "softmax"', f'id = "{name}"'))
    return target


def test_broken_folders_are_reported_and_the_rest_load(tmp_path: Path) -> None:
    _copy_problem(tmp_path, "good-one")
    (_copy_problem(tmp_path, "no-starter") / "starter.py").unlink()
    bad_toml = _copy_problem(tmp_path, "bad-toml")
    (bad_toml / "problem.toml").write_text("id = [")
    bad_meta = _copy_problem(tmp_path, "bad-meta")
    (bad_meta / "problem.toml").write_text(
        (bad_meta / "problem.toml").read_text().replace('difficulty = "easy"', 'difficulty = "x"')
    )
    broken_cases = _copy_problem(tmp_path, "broken-cases")
    (broken_cases / "cases.py").write_text("raise RuntimeError('oops')\n")
    bank = load_bank([tmp_path])
    assert list(bank.problems) == ["good-one"]
    reasons = {folder.name: reason for folder, reason in bank.errors}
    assert "starter.py" in reasons["no-starter"]
    assert "problem.toml" in reasons["bad-toml"]
    assert "difficulty" in reasons["bad-meta"]
    assert "oops" in reasons["broken-cases"]


def test_app_starts_with_a_broken_extra_directory(tmp_path: Path) -> None:
    (_copy_problem(tmp_path, "broken") / "cases.py").write_text("import nonexistent_module\n")
    (_copy_problem(tmp_path, "broken-later") / "cases.py").write_text(
        "def build_cases():\n    raise ValueError('no cases today')\n"
    )
    _copy_problem(tmp_path, "extra-softmax")
    settings = Settings(workers=1, problems_dirs=[tmp_path])
    with TestClient(create_app(settings)) as client:
        wait_until_ready(client)
        ids = [p["id"] for p in client.get("/api/problems").json()]
        health = client.get("/healthz").json()
        graded = client.post(
            "/api/problems/extra-softmax/submissions", json={"code": solution("softmax")}
        ).json()
    assert "extra-softmax" in ids and "attention" in ids
    assert "broken" not in ids and "broken-later" not in ids
    assert health["problem_errors"] == 2 and graded["verdict"] == "accepted"
