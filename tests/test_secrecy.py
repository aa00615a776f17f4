"""Hidden cases stay secret: fresh for each submission, seen one at a time, never echoed."""

from __future__ import annotations

import json
import time

import numpy as np
import pytest

from app.bank import Bank
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool
from app.trusted import runner
from app.trusted.prepare import fresh_copy, fresh_hidden_cases
from app.trusted.runner import FRESH, cases_for
from graders.result import Verdict
from tests.conftest import solution

# Prints and warns with the inputs of every case, raises with them on the 1-D case, and
# returns a value of a class named after them on 3-D and larger inputs. None of it may come
# back for a hidden case. Each trigger is the shape, never a drawn value, so every fresh
# draw of the hidden cases meets all three.
LEAKER = """
import warnings
import numpy as np

class Carrier:
    pass

def softmax(x, axis=-1):
    digits = "_".join(f"{v:.6f}" for v in np.ravel(x)[:4]).replace("-", "m").replace(".", "p")
    print("LEAK-PRINT", digits)
    warnings.warn("LEAK-WARN " + digits, RuntimeWarning)
    if x.ndim == 1:
        raise ValueError("LEAK-RAISE " + digits)
    if x.ndim >= 3:
        return type("LEAK_TYPE_" + digits, (Carrier,), {})()
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)
"""


def _everything_said(result) -> str:  # noqa: ANN001
    return json.dumps([result.to_dict("en"), result.to_dict("zh")], ensure_ascii=False)


def test_nothing_a_hidden_case_emits_comes_back(bank: Bank, pool: SandboxPool) -> None:
    problem = bank.get("softmax")
    result = grade_submission(problem=problem, code=LEAKER, mode="submit", pool=pool)
    hidden = [case for case in result.cases if case.hidden]
    assert hidden and any(not case.passed for case in hidden)
    said = _everything_said(result)
    samples = [c for c in runner.fixed(problem) if not c.case.hidden]
    # What the samples printed is shown (their inputs are public) ...
    assert result.stdout.count("LEAK-PRINT") == len(samples)
    assert "more bytes printed during hidden cases are not shown" in result.stdout
    # ... and nothing of the hidden cases: no print, warning text, error text or type name.
    for marker in ("LEAK-WARN", "LEAK-RAISE", "LEAK_TYPE"):
        assert marker not in said, marker
    hidden_text = json.dumps([c.to_dict("en") for c in hidden], ensure_ascii=False)
    assert "LEAK-PRINT" not in hidden_text
    # What went wrong is still said: the kind of error and where.
    assert any("ValueError raised in a hidden case on line" in c.message for c in hidden)


# Counts, inside each case, the case inputs reachable in the child (anything still holding
# another case, preloaded data of other problems) and whether the job pipe can be read
# ahead; prints it where it is visible: on the sample cases.
PEEKER = """
import fcntl, gc, os, stat, struct, sys, termios
import numpy as np

def softmax(x, axis=-1):
    mine = id(x)
    others = sum(
        1 for o in gc.get_objects()
        if isinstance(o, dict) and "inputs" in o and "call" in o
    )
    harness = sys.modules.get("app.sandbox.harness")
    preloaded = len(getattr(harness, "PRELOADED", {}) or {})
    ahead = []
    for fd in range(3, 64):
        try:
            if not stat.S_ISFIFO(os.fstat(fd).st_mode):
                continue
            waiting = fcntl.ioctl(fd, termios.FIONREAD, b"\\0\\0\\0\\0")
            if struct.unpack("i", waiting)[0] > 0:
                ahead.append(fd)
        except OSError:
            pass
    print(f"case-dicts={others} preloaded={preloaded} bytes-ahead-in={ahead}")
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)
"""


def test_the_code_sees_only_the_case_it_runs(bank: Bank, pool: SandboxPool) -> None:
    result = grade_submission(problem=bank.get("softmax"), code=PEEKER, mode="run", pool=pool)
    assert result.accepted, result.message
    lines = [line for line in result.stdout.splitlines() if line.startswith("case-dicts")]
    assert len(lines) == len(result.cases) >= 3
    # At most the case being run; no other problem's data; nothing to read ahead in a pipe.
    assert all(line == "case-dicts=1 preloaded=0 bytes-ahead-in=[]" for line in lines), lines


def _table_submission(entry: str, table: dict[str, list]) -> str:
    """A 'solution' that looks its answers up by the bytes of the input, else returns zeros."""
    return f"""
import hashlib
import numpy as np

TABLE = {json.dumps(table)}

def {entry}(x, *args, **kwargs):
    key = hashlib.sha256(np.ascontiguousarray(x, dtype=np.float64).tobytes()).hexdigest()
    if key in TABLE:
        return np.array(TABLE[key]).reshape(np.shape(x))
    return np.zeros_like(x)
"""


def _key(x: np.ndarray) -> str:
    import hashlib

    return hashlib.sha256(np.ascontiguousarray(x, dtype=np.float64).tobytes()).hexdigest()


@pytest.mark.parametrize("problem_id", ["softmax", "layer-norm"])
def test_a_table_of_answers_is_not_accepted(bank: Bank, pool: SandboxPool, problem_id: str) -> None:
    problem = bank.get(problem_id)
    # The strongest table there can be: the inputs of every case there ever was to learn
    # (samples, the fixed hidden cases, three earlier draws), with the reference's answers
    # to six significant digits, as /custom would give them.
    known = list(runner.fixed(problem))
    from app.trusted.prepare import prepare as prepare_here

    for seed in (1, 2, 3):
        known += prepare_here(problem, fresh_hidden_cases(problem, seed))
    table = {
        _key(c.case.inputs["x"]): [float(f"{v:.6g}") for v in c.expected[0].ravel()] for c in known
    }
    code = _table_submission(problem.meta.entry, table)
    sample_run = grade_submission(problem=problem, code=code, mode="run", pool=pool)
    assert sample_run.accepted, sample_run.message  # the table does know the samples
    result = grade_submission(problem=problem, code=code, mode="submit", pool=pool)
    assert result.verdict is Verdict.WRONG_ANSWER
    assert all(not case.passed for case in result.cases if case.hidden)


def test_submissions_meet_fresh_hidden_cases_that_rotate(bank: Bank) -> None:
    problem = bank.get("layer-norm")
    fixed = {c.case.inputs["x"].tobytes() for c in runner.fixed(problem) if c.case.hidden}
    seen: dict[bytes, int] = {}
    for _ in range(60):
        hidden = [c for c in cases_for(problem, "submit") if c.case.hidden]
        key = b"".join(c.case.inputs["x"].tobytes() for c in hidden)
        seen[key] = seen.get(key, 0) + 1
        assert not fixed & {c.case.inputs["x"].tobytes() for c in hidden}
        # Same distribution: the fixed build's cases by name and shape, with answers.
        assert [c.case.name for c in hidden] == [
            c.case.name for c in runner.fixed(problem) if c.case.hidden
        ]
        for case in hidden:
            assert case.expected[0].shape == case.case.inputs["x"].shape
        time.sleep(0.01)
    # Draws are picked at random and retired after a few uses: many, none used often.
    assert len(seen) >= 4 and max(seen.values()) <= FRESH.uses


@pytest.mark.parametrize("problem_id", ["attention", "multi-head-attention", "encoder-layer"])
def test_correct_code_is_accepted_on_fresh_draws(
    bank: Bank, pool: SandboxPool, problem_id: str
) -> None:
    problem = bank.get(problem_id)
    for _ in range(3):
        result = grade_submission(
            problem=problem, code=solution(problem_id), mode="submit", pool=pool
        )
        assert result.accepted, result.message
    # A property case against a sample travels with a fresh copy of that sample.
    names = [c.name for c in result.cases]
    assert any(name.endswith("· hidden") for name in names)


def test_fresh_draws_keep_the_property_cases_consistent(bank: Bank) -> None:
    problem = bank.get("attention")
    drawn = fresh_hidden_cases(problem, 7)
    by_name = {case.name: case for case in drawn}
    causal = next(case for case in drawn if type(case.check).__name__ == "Causality")
    base = by_name[causal.check.base]
    start = causal.check.start
    # The changed case equals its base before `start`, and differs after it.
    for name in ("q",):
        assert np.array_equal(fresh_copy(causal.inputs[name]), fresh_copy(base.inputs[name]))
    assert np.array_equal(causal.inputs["k"][..., :start, :], base.inputs["k"][..., :start, :])
    assert not np.array_equal(causal.inputs["k"][..., start:, :], base.inputs["k"][..., start:, :])
