"""Every reasonable style is accepted: values are compared, not code.

Each file in tests/styles/ is a correct solution written differently from the reference
and from each problem's solution.py: public implementations (the Annotated Transformer, nanoGPT,
minGPT, d2l, picoGPT, fairseq, ...) changed only where the contract differs, and the usual
variations (einsum, @, matmul, bmm with reshapes, masked_fill in or out of place, where,
additive -inf/-1e9 masks, float64 intermediates, F.softmax / Tensor.softmax / a manual
stable softmax, loops, helpers, type hints, other parameter names). Its name is
`<problem id>.<style>.py`; its docstring says where it comes from.
"""

from collections import Counter
from pathlib import Path

import pytest

from app.bank import Bank
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool
from graders.result import Verdict

STYLES = sorted((Path(__file__).parent / "styles").glob("*.py"))


def test_every_problem_has_at_least_six_styles(bank: Bank) -> None:
    counts = Counter(path.name.split(".")[0] for path in STYLES)
    assert len(STYLES) >= 70
    assert {problem.id: counts[problem.id] >= 6 for problem in bank.ordered()} == {
        problem.id: True for problem in bank.ordered()
    }


@pytest.mark.parametrize("path", STYLES, ids=[p.stem for p in STYLES])
def test_a_correct_solution_in_another_style_is_accepted(
    bank: Bank, pool: SandboxPool, path: Path
) -> None:
    problem = bank.get(path.name.split(".")[0])
    result = grade_submission(problem=problem, code=path.read_text(), mode="submit", pool=pool)
    assert result.verdict is Verdict.ACCEPTED, (result.message, [c.message for c in result.cases])
    assert not result.diagnosis
