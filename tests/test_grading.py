"""grade_submission end to end through the real sandbox: verdicts a candidate would see."""

import pytest

from app.bank import Bank
from app.codec import encode
from app.judge.grade import grade_submission
from app.sandbox.pool import RunReport, SandboxPool
from graders.result import Verdict
from tests.conftest import solution


@pytest.fixture
def grade(bank: Bank, pool: SandboxPool):
    def run(problem_id: str, code: str, mode: str = "submit"):
        return grade_submission(problem=bank.get(problem_id), code=code, mode=mode, pool=pool)

    return run


# Every problem's solution accepted and starter a wrong answer: whole-bank validation
# (app/authoring/validate.py, tests/test_validate.py) grades them all.


def test_submit_mode_grades_the_hidden_cases_and_run_mode_only_the_samples(grade) -> None:
    submitted = grade("softmax", solution("softmax"))
    assert submitted.accepted and any(case.hidden for case in submitted.cases)
    assert all(case.passed for case in submitted.cases)
    result = grade("softmax", solution("softmax"), mode="run")
    assert result.accepted and result.cases and not any(case.hidden for case in result.cases)


def test_runtime_error_points_at_the_candidates_own_line(grade) -> None:
    code = "import numpy as np\n\n\ndef softmax(x, axis=-1):\n    return x[100, 100]\n"
    result = grade("softmax", code)
    assert result.verdict is Verdict.RUNTIME_ERROR
    case = result.cases[0]
    assert "IndexError" in case.message
    assert case.details["line"] == 5 and "line 5, in softmax" in case.details["traceback"]
    assert "return x[100, 100]" in case.details["traceback"]
    assert "harness" not in case.details["traceback"]


def test_deep_recursion_shows_a_short_traceback(grade) -> None:
    code = "def f(n):\n    return f(n + 1)\n\n\ndef softmax(x, axis=-1):\n    return f(0)\n"
    result = grade("softmax", code)
    assert result.verdict is Verdict.RUNTIME_ERROR and "RecursionError" in result.message
    traceback = result.cases[0].details["traceback"]
    assert "earlier frames not shown" in traceback and traceback.count("line 2, in f") == 8


@pytest.mark.hostile
def test_infinite_loop_is_a_time_limit(grade) -> None:
    result = grade("softmax", "def softmax(x, axis=-1):\n    while True:\n        pass\n")
    assert result.verdict is Verdict.TIME_LIMIT
    assert result.cases[0].kind == "time_limit" and result.cases[1].kind == "not_run"


def test_sleeping_forever_at_import_is_a_time_limit(grade) -> None:
    result = grade("softmax", "import time\ntime.sleep(1000)\ndef softmax(x, axis=-1):\n    pass\n")
    assert result.verdict is Verdict.TIME_LIMIT and "wall" in result.message


@pytest.mark.hostile
@pytest.mark.parametrize(
    "bomb",
    ["bytearray(50 * 10**9)", "np.ones((1 << 40,))", "[np.ones(1 << 24) for _ in range(1000)]"],
)
def test_memory_bomb_is_a_memory_limit(grade, bomb: str) -> None:
    code = f"import numpy as np\n\ndef softmax(x, axis=-1):\n    keep = {bomb}\n    return x\n"
    result = grade("softmax", code)
    assert result.verdict is Verdict.MEMORY_LIMIT, result.to_dict()


@pytest.mark.hostile
def test_sandbox_keeps_grading_after_hostile_submissions(grade) -> None:
    grade("softmax", "def softmax(x, axis=-1):\n    while True:\n        pass\n")
    assert grade("softmax", solution("softmax")).accepted


@pytest.mark.parametrize(
    ("problem_id", "code"),
    [
        (
            "softmax",
            "import torch\ndef softmax(x, axis=-1):\n"
            "    return torch.softmax(torch.from_numpy(x), axis).numpy()\n",
        ),
        (
            "softmax",
            "def softmax(x, axis=-1):\n    t = __import__('to' + 'rch')\n"
            "    f = getattr(t, 'soft' + 'max')\n    return f(t.from_numpy(x), axis).numpy()\n",
        ),
        (
            "attention",
            "import importlib\ndef attention(q, k, v, mask=None):\n"
            "    F = importlib.import_module('torch.nn.' + 'functional')\n"
            "    return getattr(F, 'scaled_dot_product_' + 'attention')(q, k, v, mask)\n",
        ),
        (
            "attention",
            "import torch\ndef attention(q, k, v, mask=None):\n"
            "    op = getattr(torch.ops.aten, 'scaled_dot_product_' + 'attention')\n"
            "    return op(q, k, v, mask)\n",
        ),
        (
            "layer-norm",
            "import torch\ndef layer_norm(x, gamma, beta, eps=1e-5):\n"
            "    ln = getattr(torch.nn, 'Layer' + 'Norm')(x.shape[-1])\n"
            "    return ln(torch.from_numpy(x)).detach().numpy()\n",
        ),
    ],
)
def test_forbidden_api_is_rejected_however_it_is_reached(grade, problem_id: str, code: str) -> None:
    result = grade(problem_id, code)
    assert result.verdict is Verdict.REJECTED, result.to_dict()
    assert "not allowed" in result.message


def test_syntax_error_is_rejected_with_its_line(grade) -> None:
    result = grade("softmax", "def softmax(x, axis=-1):\n    return (x\n\n")
    assert result.verdict is Verdict.REJECTED and "SyntaxError" in result.message


def test_missing_entry_point_is_rejected(grade) -> None:
    result = grade("softmax", "def soft_max(x, axis=-1):\n    return x\n")
    assert result.verdict is Verdict.REJECTED and "`softmax`" in result.message


def test_mutating_inputs_changes_nothing(grade) -> None:
    code = (
        "import numpy as np\n\ndef softmax(x, axis=-1):\n"
        "    x -= x.max(axis=axis, keepdims=True)\n    np.exp(x, out=x)\n"
        "    x /= x.sum(axis=axis, keepdims=True)\n    return x\n"
    )
    assert grade("softmax", code).accepted
    assert grade("softmax", solution("softmax")).accepted


def test_float32_output_is_accepted_for_a_float64_problem(grade) -> None:
    code = solution("softmax").replace(
        "return z / z.sum(axis=axis, keepdims=True)",
        "return (z / z.sum(axis=axis, keepdims=True)).astype('f4')",
    )
    assert grade("softmax", code).accepted


def test_boolean_mask_must_be_torch_bool(grade) -> None:
    code = "import torch\ndef causal_mask(size):\n    return torch.tril(torch.ones(size, size))\n"
    result = grade("causal-mask", code)
    assert result.verdict is Verdict.WRONG_ANSWER
    assert result.cases[0].kind == "dtype" and "torch.bool" in result.cases[0].message


def test_wrong_shape_says_expected_and_got(grade) -> None:
    code = "import torch\ndef causal_mask(size):\n    return torch.ones(1, size, size).bool()\n"
    result = grade("causal-mask", code)
    assert result.cases[0].kind == "shape"
    assert "(1, 4, 4)" in result.cases[0].message and "expected (4, 4)" in result.cases[0].message


def test_numeric_mismatch_reports_errors_and_where(grade) -> None:
    code = solution("softmax").replace("return z /", "return 1.01 * z /")
    result = grade("softmax", code)
    message = result.cases[0].message
    assert result.verdict is Verdict.WRONG_ANSWER
    assert "worst at [" in message and "max abs error" in message
    details = result.cases[0].details["checks"]["output"]
    assert details["max_abs_error"] > 0 and details["mismatched"] > 0


def test_positional_encoding_table_as_parameter_is_explained(grade) -> None:
    code = solution("positional-encoding-module").replace(
        'self.register_buffer("pe", pe.unsqueeze(0))', "self.pe = nn.Parameter(pe.unsqueeze(0))"
    )
    result = grade("positional-encoding-module", code)
    assert result.verdict is Verdict.WRONG_ANSWER
    assert "register_buffer" in result.cases[0].message


def test_misnamed_submodule_fails_state_dict_loading_with_the_keys(grade) -> None:
    code = solution("multi-head-attention").replace("self.wo", "self.out_proj")
    result = grade("multi-head-attention", code)
    assert result.verdict is Verdict.RUNTIME_ERROR
    assert "wo.weight" in result.message and "out_proj.weight" in result.message


def test_a_refused_operation_says_what_the_sandbox_allows(grade) -> None:
    result = grade("softmax", "import os\n\n\ndef softmax(x, axis=-1):\n    os.fork()\n")
    assert result.verdict is Verdict.RUNTIME_ERROR
    assert "PermissionError" in result.message and "no new processes" in result.message


@pytest.mark.parametrize("exit_call", ["sys.exit(0)", "os._exit(0)"])
def test_exiting_mid_run_is_a_runtime_error(grade, exit_call: str) -> None:
    code = f"import os, sys\n\ndef softmax(x, axis=-1):\n    {exit_call}\n"
    assert grade("softmax", code).verdict is Verdict.RUNTIME_ERROR


def test_returning_a_list_says_what_was_expected(grade) -> None:
    code = "def softmax(x, axis=-1):\n    return x.tolist()\n"
    result = grade("softmax", code)
    assert result.verdict is Verdict.WRONG_ANSWER
    assert "numpy.ndarray" in result.cases[0].message and "list" in result.cases[0].message


def test_code_over_64_kib_is_rejected(grade) -> None:
    result = grade("softmax", "#" * (64 * 1024 + 1))
    assert result.verdict is Verdict.REJECTED and "bytes" in result.message


def test_headline_message_belongs_to_the_final_verdict(grade) -> None:
    # Right shape on the square sample cases, a crash on the cross-attention ones.
    code = solution("multi-head-attention").replace(
        "scores = q @ k.transpose(-1, -2)", "scores = q @ q.transpose(-1, -2) + k[:, :, :1, :1]"
    )
    result = grade("multi-head-attention", code)
    assert result.verdict is Verdict.RUNTIME_ERROR
    assert result.cases[0].kind == "values"
    assert "RuntimeError" in result.message


def test_a_broadcasting_error_says_which_shapes_met(bank: Bank, pool: SandboxPool) -> None:
    code = (
        "import math\nimport torch\n"
        "def attention(q, k, v, mask=None):\n"
        "    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))\n"
        "    bias = torch.zeros(scores.shape[-1], scores.shape[-2] + 1)\n"
        "    scores = scores + bias\n"
        "    return torch.softmax(scores, dim=-1) @ v\n"
    )
    result = grade_submission(problem=bank.get("attention"), code=code, mode="run", pool=pool)
    assert result.verdict is Verdict.RUNTIME_ERROR
    assert "on line 6, `scores` (1, 3, 3), `bias` (3, 4)" in result.message
    assert "also in scope: `q` (1, 3, 4)" in result.message


def test_a_numpy_matmul_mismatch_names_its_operands(bank: Bank, pool: SandboxPool) -> None:
    code = (
        "import numpy as np\n"
        "def scaled_dot_product_attention(q, k, v, mask=None):\n"
        "    scores = q @ k / np.sqrt(q.shape[-1])\n"
        "    return scores, scores\n"
    )
    problem = bank.get("scaled-dot-product-attention")
    result = grade_submission(problem=problem, code=code, mode="run", pool=pool)
    assert result.verdict is Verdict.RUNTIME_ERROR
    assert "on line 3, `q` (1, 3, 4), `k` (1, 3, 4)" in result.message
    assert result.cases[0].details["shapes"]["q"] == [1, 3, 4]


FLOAT32_WRAPPER = """

_float64_{e} = {e}
def {e}(*args, **kwargs):
    import numpy as _np
    def cast(a):
        return a.astype(_np.float32) if isinstance(a, _np.ndarray) and a.dtype.kind == "f" else a
    out = _float64_{e}(*[cast(a) for a in args], **{{k: cast(v) for k, v in kwargs.items()}})
    if isinstance(out, tuple):
        return tuple(_np.asarray(o, dtype=_np.float32) for o in out)
    return _np.asarray(out, dtype=_np.float32)
"""
NUMPY_PROBLEMS = [
    "softmax",
    "scaled-dot-product-attention",
    "multi-head-attention-numpy",
    "positional-encoding",
    "layer-norm",
    "feed-forward",
]


@pytest.mark.parametrize("problem_id", NUMPY_PROBLEMS)
def test_honest_float32_work_is_accepted(bank: Bank, pool: SandboxPool, problem_id: str) -> None:
    # The same correct solution, computing everything in float32 and returning float32.
    problem = bank.get(problem_id)
    code = solution(problem_id) + FLOAT32_WRAPPER.format(e=problem.meta.entry)
    result = grade_submission(problem=problem, code=code, mode="submit", pool=pool)
    assert result.verdict is Verdict.ACCEPTED, result.message


class _ForgingPool:
    """A pool whose child 'answered' with frames hostile code could have written."""

    def __init__(self, frames: list[bytes], limits) -> None:  # noqa: ANN001
        self.frames, self.limits, self.preloaded = frames, limits, {}

    def run(self, job: dict, wait_seconds: float) -> RunReport:
        return RunReport("exited", 0, 0.01, 1.0, 0, self.frames, False, "")


FORGED = [
    {"case": 0, "outputs": [{"array": "not an array", "type": "ndarray"}]},
    {"case": 0, "outputs": {"array": 1}},
    {"case": 0, "outputs": [], "weights": [1, 2]},
    {"case": 0, "outputs": [], "gradients": {"inputs": ["q"]}},
    {"case": 0, "outputs": [], "gradients": {"error": "boom"}},
    {"case": 0, "error": {"message": ["x"], "shapes": {"shapes": {"q": "big"}}}},
    {"case": 0, "parameters": {"w": "3x3"}},
    {"case": 0, "forbidden": 7},
]


@pytest.mark.parametrize("forged", FORGED, ids=range(len(FORGED)))
def test_well_decoded_but_malformed_frames_are_a_verdict_not_a_crash(
    bank: Bank, pool: SandboxPool, forged: dict
) -> None:
    frames = [encode({"load": "ok"}), encode(forged)]
    fake = _ForgingPool(frames, pool.limits)
    for problem_id in ("attention", "multi-head-attention"):
        problem = bank.get(problem_id)
        result = grade_submission(problem=problem, code=solution(problem_id), mode="run", pool=fake)
        assert result.verdict is Verdict.RUNTIME_ERROR
        assert "could not be read" in result.message


def test_a_malformed_load_frame_is_a_verdict_not_a_crash(bank: Bank, pool: SandboxPool) -> None:
    fake = _ForgingPool([encode({"load": "error", "error": ["not", "a", "dict"]})], pool.limits)
    code = solution("attention")
    result = grade_submission(problem=bank.get("attention"), code=code, mode="run", pool=fake)
    assert result.verdict is Verdict.RUNTIME_ERROR and "could not be read" in result.message


def test_parameters_that_do_not_match_the_contract_are_listed(
    bank: Bank, pool: SandboxPool
) -> None:
    code = solution("multi-head-attention").replace("self.wo = nn.Linear", "self.out = nn.Linear")
    code = code.replace("self.wo(", "self.out(")
    code = code.replace(
        "self.wk = nn.Linear(d_model, d_model)", "self.wk = nn.Linear(d_model, d_model // 2)"
    )
    assert "self.out(" in code and "d_model // 2" in code
    problem = bank.get("multi-head-attention")
    result = grade_submission(problem=problem, code=code, mode="run", pool=pool)
    row = result.cases[0]
    assert result.verdict is Verdict.RUNTIME_ERROR and row.kind == "module"
    assert "missing `wo.weight` (8, 8), `wo.bias` (8,)" in row.message
    assert "unexpected `out.bias` (8,), `out.weight` (8, 8)" in row.message
    assert "`wk.weight` is (4, 8), expected (8, 8)" in row.message


def test_a_long_chinese_comment_is_graded(bank: Bank, pool: SandboxPool) -> None:
    # 21,000 Chinese characters are 63 KB of UTF-8, and six times that once JSON-escaped.
    comment = "# " + "注意力" * 7000 + "\n"
    code = comment + solution("softmax")
    assert len(code.encode("utf-8")) < 64 * 1024
    result = grade_submission(problem=bank.get("softmax"), code=code, mode="run", pool=pool)
    assert result.accepted, result.message


def test_an_unsigned_result_is_a_wrong_dtype_not_a_harness_failure(
    bank: Bank, pool: SandboxPool
) -> None:
    code = "import numpy as np\n\n\ndef softmax(x, axis=-1):\n    return x.astype(np.uint32)\n"
    result = grade_submission(problem=bank.get("softmax"), code=code, mode="run", pool=pool)
    assert result.verdict is Verdict.WRONG_ANSWER
    assert "uint32" in result.cases[0].message
