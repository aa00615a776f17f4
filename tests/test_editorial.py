"""Hints one at a time, the editorial and solution once solved, and the list by topic."""

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.authoring.validate import validate_problem
from app.bank import Bank, load_bank
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool
from app.settings import BUILTIN_DIR
from tests.conftest import PROBLEMS


@pytest.fixture(autouse=True)
def _forget_the_language(client: TestClient) -> Iterator[None]:
    yield
    client.cookies.clear()  # ?lang= sets a cookie on the shared client


def test_every_problem_has_three_hints_an_editorial_and_a_solution(bank: Bank) -> None:
    for problem in bank.ordered():
        assert [len(problem.hints[lang]) for lang in ("en", "zh")] == [3, 3], problem.id
        for lang in ("en", "zh"):
            assert len(re.findall(r"^## ", problem.editorial[lang], re.M)) >= 5, problem.id
        assert problem.meta.entry in problem.solution, problem.id


def test_hints_are_counted_in_the_detail_and_served_one_at_a_time(client: TestClient) -> None:
    detail = client.get("/api/problems/attention").json()
    assert detail["hints"] == 3
    texts = (PROBLEMS / "attention" / "hints.zh.md").read_text(encoding="utf-8")
    first_zh = texts.split("\n---\n")[0].strip()
    hint = client.get("/api/problems/attention/hints/1").json()
    assert set(hint) >= {"n", "zh", "en"} and hint["n"] == 1
    assert hint["zh"] == first_zh and hint["en"] and hint["en"] != hint["zh"]
    third = client.get("/api/problems/attention/hints/3").json()
    assert third["n"] == 3 and third["en"] != hint["en"]


@pytest.mark.parametrize("path", ["attention/hints/0", "attention/hints/4", "nope/hints/1"])
def test_unknown_hints_and_problems_are_404(client: TestClient, path: str) -> None:
    response = client.get(f"/api/problems/{path}")
    assert response.status_code == 404 and response.json()["detail"]


def test_editorial_returns_both_languages_and_the_solution_file(client: TestClient) -> None:
    doc = client.get("/api/problems/multi-head-attention/editorial").json()
    assert set(doc["editorial"]) == {"zh", "en"}
    assert "## 思路" in doc["editorial"]["zh"] and "## Idea" in doc["editorial"]["en"]
    solution = (PROBLEMS / "multi-head-attention" / "solution.py").read_text(encoding="utf-8")
    assert doc["solution"] == solution
    assert "<h2>" in doc["html"]["en"]
    assert client.get("/api/problems/nope/editorial").status_code == 404


def test_the_solution_it_serves_is_accepted(client: TestClient) -> None:
    solution = client.get("/api/problems/causal-mask/editorial").json()["solution"]
    result = client.post(
        "/api/problems/causal-mask/submissions", json={"code": solution, "mode": "submit"}
    ).json()
    assert result["verdict"] == "accepted"


def test_problem_page_folds_hints_and_holds_no_editorial_until_unlocked(
    client: TestClient,
) -> None:
    page = client.get("/problems/softmax?lang=en").text
    assert page.count('<details class="hint"') == 3
    assert "Hint 1 of 3" in page
    assert 'data-url="/api/problems/softmax/editorial"' in page
    editorial = (PROBLEMS / "softmax" / "editorial.en.md").read_text(encoding="utf-8")
    first_line = next(line for line in editorial.splitlines() if line and line[0].isalpha())
    assert first_line not in page  # fetched only once solved or asked for


def test_problem_list_groups_by_topic_and_filters_by_difficulty(client: TestClient) -> None:
    page = client.get("/?lang=en").text
    topics = re.findall(r'<section class="problem-topic" id="(\w+)"', page)
    assert topics[:2] == ["masks", "attention"] and "positional" in topics
    assert page.index('data-problem="causal-mask"') < page.index('data-problem="softmax"')
    easy = client.get("/?lang=en&difficulty=easy").text
    shown = re.findall(r'<tr data-problem="([\w-]+)" data-difficulty="(\w+)"\s*>', easy)
    hidden = re.findall(r'<tr data-problem="([\w-]+)" data-difficulty="(\w+)"\s*hidden', easy)
    assert shown and all(d == "easy" for _, d in shown)
    assert hidden and all(d != "easy" for _, d in hidden)
    # An unknown difficulty filters nothing.
    assert "hidden>" not in client.get("/?difficulty=impossible").text.split("<table")[1]


def _copy(tmp_path: Path, problem_id: str) -> Path:
    folder = tmp_path / f"{problem_id}-copy"
    shutil.copytree(BUILTIN_DIR / problem_id, folder)
    toml = folder / "problem.toml"
    toml.write_text(toml.read_text().replace(f'id = "{problem_id}"', f'id = "{problem_id}-copy"'))
    return folder


def test_validate_fails_a_problem_without_hints_or_editorial_in_both_languages(
    tmp_path: Path, pool: SandboxPool
) -> None:
    folder = _copy(tmp_path, "causal-mask")
    (folder / "hints.en.md").unlink()
    (folder / "editorial.zh.md").write_text("只有一段，没有分节。\n", encoding="utf-8")
    (folder / "solution.py").write_text((folder / "starter.py").read_text())
    (problem,) = load_bank([tmp_path]).ordered()
    problems = validate_problem(problem, pool).problems
    assert any("hints.en.md has 0 hints" in p for p in problems)
    assert any("editorial.zh.md has 0 '## ' sections" in p for p in problems)
    assert any("solution.py not accepted" in p for p in problems)


def test_a_problems_own_mistake_messages_reach_the_result(
    tmp_path: Path, pool: SandboxPool
) -> None:
    folder = _copy(tmp_path, "causal-mask")
    toml = folder / "problem.toml"
    toml.write_text(toml.read_text().replace(', "causal_off_by_one"]', "]"))
    mistakes = folder / "mistakes.py"
    text = mistakes.read_text().replace('"causal_transposed": causal_transposed', "")
    mistakes.write_text(
        text
        + "\n\nMISTAKES['diagonal_blocked_here'] = MISTAKES.pop('causal_off_by_one')\n"
        + "MESSAGES = {'diagonal_blocked_here': {'en': 'Own words.', 'zh': '自己的话。'}}\n"
    )
    (problem,) = load_bank([tmp_path]).ordered()
    report = validate_problem(problem, pool)
    assert "mistake diagonal_blocked_here rejected and diagnosed" in report.checks
    wrong = "import torch\n\ndef causal_mask(n):\n    return torch.ones(n, n).tril(-1).bool()\n"
    result = grade_submission(problem=problem, code=wrong, mode="submit", pool=pool)
    details = result.to_dict("en")["diagnosis_details"]
    assert {"tag": "diagonal_blocked_here", "en": "Own words.", "zh": "自己的话。"} in details
