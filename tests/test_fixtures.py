"""Cases that hand the candidate an object (graders.Fixture), built in both processes."""

import pytest

from app.bank import Problem
from app.judge.custom import CustomInputError, custom_template, parse_custom
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool
from app.web.present import sample_cases
from graders.result import Verdict
from tests.conftest import written_problem

TOML = """
id = "apply-model"
topic = "decoding"
difficulty = "easy"
framework = "torch"
entry = "apply_model"
signature = "def apply_model(model, x) -> torch.Tensor"
reference = "reference.py:apply_model"

[title]
en = "Apply a model"
zh = "调用模型"

[[returns]]
name = "y"
type = "tensor"
atol = 1e-6
rtol = 1e-5
"""

CASES = """
import torch
from graders import Case, Fixture


def build_cases(seed: int = 0):
    g = torch.Generator().manual_seed(7 + seed)
    model = Fixture("affine", {"w": torch.randn(3, 3, generator=g), "b": 2.5})
    x = torch.randn(2, 3, generator=g)
    return [
        Case("sample", {"model": model, "x": x}),
        Case("hidden", {"model": model, "x": x * 3}, hidden=True),
    ]
"""

FIXTURES = """
import torch


class Affine:
    def __init__(self, w, b):
        self.w, self.b = w, b
        self.calls = 0

    def __call__(self, x):
        self.calls += 1
        return x @ self.w + self.b


def affine(w, b):
    return Affine(w, b)
"""


@pytest.fixture(scope="module")
def problem(tmp_path_factory: pytest.TempPathFactory) -> Problem:
    files = {
        "problem.toml": TOML,
        "cases.py": CASES,
        "fixtures.py": FIXTURES,
        "reference.py": "def apply_model(model, x):\n    return model(x)\n",
        "starter.py": "def apply_model(model, x):\n    return x\n",
        "statement.en.md": "Call `model` on `x`.\n",
        "statement.zh.md": "用 `model` 处理 `x`。\n",
    }
    return written_problem(tmp_path_factory.mktemp("bank"), "apply-model", files)


def _grade(problem: Problem, pool: SandboxPool, code: str):
    return grade_submission(problem=problem, code=code, mode="submit", pool=pool)


def test_the_candidate_calls_the_object_the_case_hands_it(
    problem: Problem, pool: SandboxPool
) -> None:
    ok = _grade(problem, pool, "def apply_model(f, inputs):\n    return f(inputs)\n")
    assert ok.verdict is Verdict.ACCEPTED, [c.message for c in ok.cases]
    wrong = _grade(problem, pool, "def apply_model(model, x):\n    return model(x) + 1\n")
    assert wrong.verdict is Verdict.WRONG_ANSWER and wrong.cases[0].kind == "values"


def test_the_object_is_built_afresh_for_each_case(problem: Problem, pool: SandboxPool) -> None:
    # One call per case: a counter left by an earlier case would show here.
    code = (
        "def apply_model(model, x):\n"
        "    assert model.calls == 0, 'built afresh'\n"
        "    assert type(model).__name__ == 'Affine'\n"
        "    return model(x)\n"
    )
    assert _grade(problem, pool, code).verdict is Verdict.ACCEPTED


def test_custom_input_names_the_object_and_reuses_the_samples(problem: Problem) -> None:
    template = custom_template(problem)
    assert template["inputs"]["model"] == "affine"
    case = parse_custom(problem, template)
    assert case.inputs["model"].name == "affine"
    with pytest.raises(CustomInputError, match='write "affine"'):
        parse_custom(problem, {"inputs": {**template["inputs"], "model": [[1.0]]}})


def test_sample_page_describes_the_object(problem: Problem) -> None:
    (sample,) = sample_cases(problem)
    assert sample["inputs"]["model"] == {"type": "fixture", "name": "affine"}
    assert "affine(...)" in sample["inputs_text"]
