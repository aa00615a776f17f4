"""Diagnosis keeps what does not depend on the submission: the reference's reruns with knobs
turned, and each known mistake's outputs, computed once per case and only when asked."""

import functools

import numpy as np

from app.bank import load_bank
from app.bank.model import Problem
from app.settings import BUILTIN_DIR
from app.trusted import diagnosis, prepare


def _fresh(problem_id: str) -> Problem:
    """A problem loaded anew, so counting its calls touches no other test's copy."""
    (problem,) = load_bank([BUILTIN_DIR / problem_id]).problems.values()
    return problem


def _counted(function, calls: list[str], name: str):  # noqa: ANN001, ANN202
    @functools.wraps(function)
    def wrapper(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        calls.append(name)
        return function(*args, **kwargs)

    return wrapper


def _messages(problem: Problem, cases: list, outputs: list[list[np.ndarray]]) -> list[dict]:
    """What a child would send back for these outputs, one frame per case."""
    types = [r.type for r in problem.meta.returns]
    return [
        {"outputs": [{"array": a, "type": t} for a, t in zip(out, types, strict=True)]}
        for out in outputs
    ]


def _scaled_by(problem: Problem, cases: list, factor: float) -> list[list[np.ndarray]]:
    """The reference's outputs with the scores scaled by `factor` (a mistake no family names
    outright: the scale family fits it)."""
    trial = diagnosis.CaseTrial(problem, [(c, {}) for c in cases], passed_any=False)
    return [trial._run(i, {"scale": factor}) for i in range(len(cases))]


def test_a_second_wrong_submission_on_the_same_cases_reruns_little(monkeypatch) -> None:
    monkeypatch.setattr(diagnosis, "RERUNS", diagnosis.Reruns())
    problem = _fresh("scaled-dot-product-attention")
    calls: list[str] = []
    problem.reference = _counted(problem.reference, calls, "reference")
    cases = prepare.prepare(problem, list(problem.build_cases()))
    messages = _messages(problem, cases, _scaled_by(problem, cases, 0.37))
    calls.clear()
    first = diagnosis.diagnose(problem, cases, messages)
    first_calls = len(calls)
    calls.clear()
    second = diagnosis.diagnose(problem, cases, messages)
    assert [e.tag for e in first] == [e.tag for e in second] == ["wrong_scale"]
    assert "0.37" in first[0].text.en and second[0].text.en == first[0].text.en
    # Only the fit's own search depends on the submission; the members, the pairs and the
    # fit's grid were kept from the first time.
    assert len(calls) < first_calls / 2, (first_calls, len(calls))


def test_what_is_kept_stays_within_its_budget() -> None:
    reruns = diagnosis.Reruns(budget=2_000)
    computed: list[int] = []

    def value(i: int) -> list[np.ndarray]:
        computed.append(i)
        return [np.full(100, i, dtype=np.float32)]  # 400 bytes, and 64 + 64 of bookkeeping

    for i in range(10):
        assert reruns.get(("case", i), lambda i=i: value(i))[0][0] == i
    assert reruns.held <= 2_000
    computed.clear()
    reruns.get(("case", 9), lambda: value(9))  # the newest is still kept
    reruns.get(("case", 0), lambda: value(0))  # the oldest went first
    assert computed == [0]


def test_a_mistakes_outputs_are_computed_only_for_the_mistake_asked() -> None:
    problem = _fresh("scaled-dot-product-attention")
    calls: list[str] = []
    problem.mistakes = {
        tag: _counted(variant, calls, tag) for tag, variant in problem.mistakes.items()
    }
    (case, *_) = prepare.prepare(problem, list(problem.build_cases()))
    tag, *others = list(problem.mistakes)
    assert others and len(case.variants) == len(problem.mistakes)
    assert calls == []
    first = case.variants[tag]
    again = case.variants[tag]
    assert calls == [tag] and again is first
    assert case.variants.computed(tag) and not case.variants.computed(others[0])
