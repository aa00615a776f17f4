"""Named-mistake diagnosis: every listed mistake, submitted as code, is caught and named."""

from app.authoring.validate import as_submission
from app.bank import Bank
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool
from graders.diagnosis import DIAGNOSES
from graders.result import Verdict
from graders.variants import tag_of
from tests.conftest import solution

WITH_MISTAKES = [
    "softmax",
    "scaled-dot-product-attention",
    "attention",
    "causal-mask",
    "padding-mask",
    "multi-head-attention-numpy",
    "multi-head-attention",
    "positional-encoding",
    "layer-norm",
    "feed-forward",
    "encoder-layer",
]


def _mistakes(bank: Bank) -> list[tuple[str, str]]:
    return [(pid, tag) for pid in WITH_MISTAKES for tag in bank.get(pid).mistakes]


def test_every_problem_with_mistakes_lists_some(bank: Bank) -> None:
    for problem_id in WITH_MISTAKES:
        assert bank.get(problem_id).mistakes, problem_id


def test_every_tag_has_a_message_in_both_languages(bank: Bank) -> None:
    for problem in bank.ordered():
        # A tag written several ways has keys "tag", "tag~2": one message (graders.variants).
        for tag in dict.fromkeys(map(tag_of, problem.mistakes)):
            text = problem.describe(tag)
            assert text["en"] != tag and text["zh"] != tag, (problem.id, tag)
            if tag not in problem.mistake_messages:
                assert text["en"] == DIAGNOSES[tag]["en"]


# Whole-bank validation (app/authoring/validate.py) also checks, for every problem, that no
# two mistakes are indistinguishable and that the solution is accepted (an accepted result
# is never diagnosed). It checks each mistake's verdict and tag too, not its texts: those
# are what this test adds.
def test_each_mistake_is_rejected_and_diagnosed_with_its_own_tag(
    bank: Bank, pool: SandboxPool
) -> None:
    for problem_id, tag in _mistakes(bank):
        problem = bank.get(problem_id)
        code = as_submission(problem.mistakes[tag], problem.meta.entry)
        result = grade_submission(problem=bank.get(problem_id), code=code, mode="submit", pool=pool)
        assert result.verdict is Verdict.WRONG_ANSWER, (problem_id, tag, result.to_dict())
        assert result.diagnosis == [tag], (problem_id, tag, result.diagnosis)
        details = result.to_dict()["diagnosis_details"]
        assert details[0]["tag"] == tag and details[0]["zh"] and details[0]["en"]


def test_an_unrelated_wrong_answer_gets_no_diagnosis(bank: Bank, pool: SandboxPool) -> None:
    result = grade_submission(
        problem=bank.get("attention"), code=bank.get("attention").starter, mode="submit", pool=pool
    )
    assert result.verdict is Verdict.WRONG_ANSWER and result.diagnosis == []


def _grade(bank: Bank, pool: SandboxPool, problem_id: str, code: str):
    return grade_submission(problem=bank.get(problem_id), code=code, mode="submit", pool=pool)


SDPA_SCALED_BY = """
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2) * FACTOR
    if mask is not None:
        scores = np.where(mask == 1, -1e9, scores)
    w = np.exp(scores - scores.max(axis=-1, keepdims=True))
    w = w / w.sum(axis=-1, keepdims=True)
    return w @ v, w
"""


def test_a_wrong_scale_is_fitted_and_named_with_its_value(bank: Bank, pool: SandboxPool) -> None:
    by_d_k = _grade(
        bank,
        pool,
        "scaled-dot-product-attention",
        SDPA_SCALED_BY.replace("FACTOR", "(1.0 / q.shape[-1])"),
    )
    assert by_d_k.diagnosis == ["wrong_scale"]
    text = by_d_k.to_dict()["diagnosis_details"][0]
    assert "by d_k = 4; divide by √d_k = 2" in text["en"] and "d_k = 4" in text["zh"]
    constant = _grade(
        bank, pool, "scaled-dot-product-attention", SDPA_SCALED_BY.replace("FACTOR", "0.37")
    )
    assert constant.diagnosis == ["wrong_scale"]
    assert "multiplied by 0.37" in constant.to_dict()["diagnosis_details"][0]["en"]
    unscaled = _grade(
        bank, pool, "scaled-dot-product-attention", SDPA_SCALED_BY.replace("FACTOR", "1")
    )
    assert unscaled.diagnosis == ["missing_scale"]


def test_two_mistakes_at_once_are_both_named(bank: Bank, pool: SandboxPool) -> None:
    code = (
        "import numpy as np\n\n\ndef layer_norm(x, gamma, beta, eps=1e-5):\n"
        "    mu = x.mean(-1, keepdims=True)\n"
        "    sd = x.std(-1, ddof=1, keepdims=True)\n"
        "    return gamma * (x - mu) / (sd + eps) + beta\n"
    )
    result = _grade(bank, pool, "layer-norm", code)
    assert sorted(result.diagnosis) == ["eps_outside_sqrt", "unbiased_variance"]


def test_a_mistake_inside_a_composite_is_named(bank: Bank, pool: SandboxPool) -> None:
    code = solution("encoder-layer").replace("math.sqrt(", "(1.0 + 0 * ")
    assert code != solution("encoder-layer")
    result = _grade(bank, pool, "encoder-layer", code)
    assert result.verdict is Verdict.WRONG_ANSWER
    assert result.diagnosis == ["missing_scale"]


def test_only_the_wrong_cases_are_explained(bank: Bank, pool: SandboxPool) -> None:
    # Right wherever a case passes `axis`; wrong where it relies on the default.
    code = (
        "import numpy as np\n\n\ndef softmax(x, axis=0):\n"
        "    e = np.exp(x - x.max(axis=axis, keepdims=True))\n"
        "    return e / e.sum(axis=axis, keepdims=True)\n"
    )
    result = _grade(bank, pool, "softmax", code)
    assert any(case.passed for case in result.cases)
    assert result.diagnosis == ["softmax_wrong_axis"]
    assert "axis 0" in result.to_dict()["diagnosis_details"][0]["en"]


def test_a_wrong_answer_that_fits_no_family_gets_no_tag(bank: Bank, pool: SandboxPool) -> None:
    code = solution("attention").replace("@ v", "@ (v * 1.5)")
    assert code != solution("attention")
    result = _grade(bank, pool, "attention", code)
    assert result.verdict is Verdict.WRONG_ANSWER and result.diagnosis == []
