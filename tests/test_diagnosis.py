"""Named-mistake diagnosis: every listed mistake, submitted as code, is caught and named."""

import pytest

from app.grading import grade_submission
from app.problems import Bank
from app.problems.validate import as_submission, indistinguishable_mistakes
from app.sandbox.pool import SandboxPool
from graders.diagnosis import DIAGNOSES
from graders.result import Verdict
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
    for _, tag in _mistakes(bank):
        assert DIAGNOSES[tag]["en"] and DIAGNOSES[tag]["zh"]


@pytest.mark.parametrize("problem_id", WITH_MISTAKES)
def test_no_two_mistakes_are_indistinguishable(bank: Bank, problem_id: str) -> None:
    assert indistinguishable_mistakes(bank.get(problem_id)) == []


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


def test_a_correct_solution_gets_no_diagnosis(bank: Bank, pool: SandboxPool) -> None:
    for problem_id in WITH_MISTAKES:
        result = grade_submission(
            problem=bank.get(problem_id), code=solution(problem_id), mode="submit", pool=pool
        )
        assert result.accepted and result.diagnosis == []


def test_an_unrelated_wrong_answer_gets_no_diagnosis(bank: Bank, pool: SandboxPool) -> None:
    result = grade_submission(
        problem=bank.get("attention"), code=bank.get("attention").starter, mode="submit", pool=pool
    )
    assert result.verdict is Verdict.WRONG_ANSWER and result.diagnosis == []
