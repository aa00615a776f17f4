"""Every reasonable style is accepted: values are compared, not code.

Each file in tests/styles/ is a correct solution written differently from the reference
and from tests/solutions/ (loops, einsum, float32 or float64 intermediates, -inf instead of
-1e9, a negated mask, one head at a time, helpers and type hints). Its name is
`<problem id>.<style>.py`.
"""

from pathlib import Path

import pytest

from app.grading import grade_submission
from app.problems import Bank
from app.sandbox.pool import SandboxPool
from graders.result import Verdict

STYLES = sorted((Path(__file__).parent / "styles").glob("*.py"))


def test_there_are_styles_for_the_core_families() -> None:
    problems = {path.name.split(".")[0] for path in STYLES}
    assert {"scaled-dot-product-attention", "attention", "multi-head-attention"} <= problems


@pytest.mark.parametrize("path", STYLES, ids=[p.stem for p in STYLES])
def test_a_correct_solution_in_another_style_is_accepted(
    bank: Bank, pool: SandboxPool, path: Path
) -> None:
    problem = bank.get(path.name.split(".")[0])
    result = grade_submission(problem=problem, code=path.read_text(), mode="submit", pool=pool)
    assert result.verdict is Verdict.ACCEPTED, (result.message, [c.message for c in result.cases])
    assert not result.diagnosis
