"""What a case or a problem may ask beyond equality: its own tolerance, its own memory cap,
inputs left unchanged, and nested returns."""

import pytest

from app.bank import Bank, Problem
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool
from app.trusted import runner
from app.web.present import checks
from tests.conftest import PROBLEMS, written_problem

TOML = """
id = "double-it"
topic = "layers"
difficulty = "easy"
framework = "numpy"
entry = "double"
signature = "def double(x) -> np.ndarray"
reference = "reference.py:double"

[title]
en = "Double it"
zh = "乘以二"

[[returns]]
name = "y"
type = "ndarray"
atol = 1e-6
rtol = 0.0
"""

CASES = """
import numpy as np
from graders import Case


def build_cases(seed: int = 0):
    x = np.linspace(1.0, 2.0, 5)
    return [
        Case("tight", {"x": x}),
        Case("loose", {"x": x + 1}, hidden=True, atol=1e-3),
    ]
"""


@pytest.fixture(scope="module")
def problem(tmp_path_factory: pytest.TempPathFactory) -> Problem:
    files = {
        "problem.toml": TOML,
        "cases.py": CASES,
        "reference.py": "def double(x):\n    return 2 * x\n",
        "starter.py": "def double(x):\n    return x\n",
        "statement.en.md": "Return `2 * x`.\n",
        "statement.zh.md": "返回 `2 * x`。\n",
    }
    return written_problem(tmp_path_factory.mktemp("bank"), "double-it", files)


def test_a_case_with_its_own_tolerance_allows_what_the_others_do_not(
    problem: Problem, pool: SandboxPool
) -> None:
    code = "def double(x):\n    return 2 * x + 1e-4\n"
    result = grade_submission(problem=problem, code=code, mode="submit", pool=pool)
    assert [(c.name, c.passed) for c in result.cases] == [("tight", False), ("loose", True)]


def test_the_contract_lists_the_case_tolerances(problem: Problem) -> None:
    own = checks(problem)["case_tolerances"]
    assert own == [{"case": "loose", "hidden": True, "atol": 1e-3, "rtol": None}]


MEMORY_TOML = """
id = "row-sums"
topic = "attention"
difficulty = "easy"
framework = "numpy"
entry = "row_sums"
signature = "def row_sums(q, k) -> np.ndarray"
reference = "reference.py:row_sums"

[title]
en = "Row sums of q kᵀ"
zh = "q kᵀ 的行和"

[[returns]]
name = "s"
type = "ndarray"
atol = 1e-6
rtol = 1e-6
"""

MEMORY_CASES = """
import numpy as np
from graders import Case, Note


def build_cases(seed: int = 0):
    rng = np.random.default_rng(seed)
    small = {"q": rng.normal(size=(8, 4)), "k": rng.normal(size=(8, 4))}
    big = {"q": rng.normal(size=(8192, 4)), "k": rng.normal(size=(8192, 4))}
    hint = Note("An 8192 × 8192 float64 matrix is 512 MiB: work block by block.",
                "8192 × 8192 的 float64 矩阵有 512 MiB：请分块计算。")
    return [
        Case("small", small),
        Case("8192 keys", big, hidden=True, memory_mb=128, memory_hint=hint),
        Case("small again", small, hidden=True),
    ]
"""

BLOCKWISE = """
import numpy as np


def row_sums(q, k):
    # q @ k.T summed over keys equals q @ (sum of keys): no Lq x Lk matrix at all.
    return q @ k.sum(axis=0)
"""

WHOLE_MATRIX = """
import numpy as np


def row_sums(q, k):
    return (q @ k.T).sum(axis=1)
"""


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Problem:
    files = {
        "problem.toml": MEMORY_TOML,
        "cases.py": MEMORY_CASES,
        "reference.py": BLOCKWISE,
        "starter.py": "import numpy as np\n\n\ndef row_sums(q, k):\n    return q[:, 0]\n",
        "statement.en.md": "Row sums of `q @ k.T`.\n",
        "statement.zh.md": "求 `q @ k.T` 的行和。\n",
    }
    return written_problem(tmp_path_factory.mktemp("bank"), "row-sums", files)


def test_a_case_memory_cap_stops_the_whole_matrix_and_says_why(
    capped: Problem, pool: SandboxPool
) -> None:
    result = grade_submission(problem=capped, code=WHOLE_MATRIX, mode="submit", pool=pool)
    rows = {c.name: c for c in result.cases}
    assert rows["small"].passed and rows["small again"].passed  # the run goes on after it
    big = rows["8192 keys"]
    assert not big.passed and big.kind == "memory_limit"
    assert "this case allows 128 MiB" in big.message
    assert "512 MiB: work block by block" in big.message
    assert "分块计算" in result.to_dict("zh")["cases"][1]["message"]
    ok = grade_submission(problem=capped, code=BLOCKWISE, mode="submit", pool=pool)
    assert ok.accepted, [c.message for c in ok.cases]


CACHE_TOML = """
id = "grow-cache"
topic = "decoding"
difficulty = "easy"
framework = "torch"
entry = "grow"
signature = "def grow(cache, x) -> tuple"
reference = "reference.py:grow"
unchanged = ["cache"]

[title]
en = "Grow a cache"
zh = "扩展缓存"

[[returns]]
name = "total"
type = "tensor"
atol = 1e-6
rtol = 1e-6

[[returns]]
name = "k"
type = "tensor"
atol = 1e-6
rtol = 1e-6

[[returns]]
name = "v"
type = "tensor"
atol = 1e-6
rtol = 1e-6
"""

CACHE_CASES = """
import torch
from graders import Case


def build_cases(seed: int = 0):
    g = torch.Generator().manual_seed(3 + seed)
    cache = (torch.randn(2, 3, generator=g), torch.randn(2, 3, generator=g))
    return [
        Case("one", {"cache": cache, "x": torch.randn(2, 3, generator=g)}),
        Case("two", {"cache": cache, "x": torch.randn(2, 3, generator=g)}, hidden=True),
    ]
"""

GROW = """
import torch


def grow(cache, x):
    k, v = cache
    k, v = torch.cat([k, x]), torch.cat([v, 2 * x])
    return k.sum() + v.sum(), (k, v)
"""

GROW_IN_PLACE = """
import torch


def grow(cache, x):
    k, v = cache
    k.mul_(1.0).add_(0.0)  # harmless
    v += 0.5  # changes the caller's cache
    k2, v2 = torch.cat([k, x]), torch.cat([v - 0.5, 2 * x])
    return k2.sum() + v2.sum(), (k2, v2)
"""


@pytest.fixture(scope="module")
def cache_problem(tmp_path_factory: pytest.TempPathFactory) -> Problem:
    files = {
        "problem.toml": CACHE_TOML,
        "cases.py": CACHE_CASES,
        "reference.py": GROW,
        "starter.py": "def grow(cache, x):\n    return x.sum(), cache\n",
        "statement.en.md": "Append `x` to the cache.\n",
        "statement.zh.md": "把 `x` 接到缓存后面。\n",
    }
    return written_problem(tmp_path_factory.mktemp("bank"), "grow-cache", files)


def test_a_nested_return_counts_as_its_values_and_a_changed_input_is_named(
    cache_problem: Problem, pool: SandboxPool
) -> None:
    ok = grade_submission(problem=cache_problem, code=GROW, mode="submit", pool=pool)
    assert ok.accepted, [c.message for c in ok.cases]
    bad = grade_submission(problem=cache_problem, code=GROW_IN_PLACE, mode="submit", pool=pool)
    assert [c.kind for c in bad.cases] == ["mutated", "mutated"]
    assert "changed `cache` in place" in bad.cases[0].message
    assert "原地修改了 `cache`" in bad.to_dict("zh")["cases"][0]["message"]


def test_a_chunked_case_feeds_the_returned_cache_back_one_token_at_a_time(
    bank: Bank, pool: SandboxPool
) -> None:
    problem = bank.get("kv-cache")
    name = "one token at a time: 6 tokens fed 1 by 1"
    case = next(c.case for c in runner.fixed(problem) if c.case.name == name)
    assert case.chunked is not None and case.chunked.sizes == (1,) * 6
    solved = grade_submission(problem=problem, code=problem.solution, mode="submit", pool=pool)
    assert solved.accepted and name in [c.name for c in solved.cases]
    # New tokens treated as positions 0..T_new-1 break only once a cache is fed back.
    form = (PROBLEMS / "kv-cache" / "forms").glob("kv_cache_wrong_positions.*.py")
    wrong = grade_submission(problem=problem, code=next(form).read_text(), mode="submit", pool=pool)
    row = next(c for c in wrong.cases if c.name == name)
    assert not row.passed and row.kind == "values"


RATIO_TOML = """
id = "mean-ratio"
topic = "alignment"
difficulty = "easy"
framework = "torch"
entry = "mean_ratio"
signature = "def mean_ratio(logp, old_logp) -> Tensor"
reference = "reference.py:mean_ratio"

[title]
en = "Mean importance ratio"
zh = "平均重要性采样比率"

[[returns]]
name = "ratio"
type = "tensor"
atol = 1e-6
rtol = 1e-5
"""

RATIO_CASES = """
import torch
from graders import Case


def build_cases(seed: int = 0):
    g = torch.Generator().manual_seed(5 + seed)
    inputs = {"logp": torch.randn(3, 4, generator=g), "old_logp": torch.randn(3, 4, generator=g)}
    return [
        Case("policy only", inputs, grad=True, grad_inputs=("logp",)),
        Case("policy only, hidden", dict(inputs), grad=True, grad_inputs=("logp",), hidden=True),
    ]
"""

RATIO = "def mean_ratio(logp, old_logp):\n    return (logp - old_logp).exp().mean()\n"
# As RL code is written: the behaviour policy's log-probs carry no gradient.
RATIO_DETACHED = (
    "def mean_ratio(logp, old_logp):\n    return (logp - old_logp.detach()).exp().mean()\n"
)
RATIO_WRONG_END = (
    "def mean_ratio(logp, old_logp):\n    return (logp.detach() - old_logp).exp().mean()\n"
)


@pytest.fixture(scope="module")
def ratio_problem(tmp_path_factory: pytest.TempPathFactory) -> Problem:
    files = {
        "problem.toml": RATIO_TOML,
        "cases.py": RATIO_CASES,
        "reference.py": RATIO,
        "starter.py": "def mean_ratio(logp, old_logp):\n    return logp.sum()\n",
        "statement.en.md": "The mean of exp(logp - old_logp).\n",
        "statement.zh.md": "exp(logp - old_logp) 的均值。\n",
    }
    return written_problem(tmp_path_factory.mktemp("bank"), "mean-ratio", files)


def test_gradients_are_compared_only_for_the_inputs_a_case_names(
    ratio_problem: Problem, pool: SandboxPool
) -> None:
    for code in (RATIO, RATIO_DETACHED):
        result = grade_submission(problem=ratio_problem, code=code, mode="submit", pool=pool)
        assert result.accepted, [c.message for c in result.cases]
    wrong = grade_submission(problem=ratio_problem, code=RATIO_WRONG_END, mode="run", pool=pool)
    assert [c.kind for c in wrong.cases] == ["gradient"]
    assert "no gradient flows back from your output" in wrong.cases[0].message


SCALE_TOML = """
id = "scale-all"
topic = "training"
difficulty = "easy"
framework = "numpy"
entry = "scale_all"
signature = "def scale_all(grads, c) -> tuple"
reference = "reference.py:scale_all"
unchanged = ["grads"]

[title]
en = "Scale every array"
zh = "每个数组都乘以 c"

[[returns]]
name = "scaled"
type = "ndarray"
many = true
atol = 1e-9
rtol = 1e-9

[[returns]]
name = "total"
type = "ndarray"
atol = 1e-9
rtol = 1e-9
"""

SCALE_CASES = """
import numpy as np
from graders import Case


def build_cases(seed: int = 0):
    rng = np.random.default_rng(seed)
    grads = [rng.normal(size=(3, 4)), rng.normal(size=5), rng.normal(size=(2, 2, 2))]
    return [
        Case("three arrays", {"grads": grads, "c": 0.5}),
        Case("one array", {"grads": [rng.normal(size=6)], "c": 2.0}, hidden=True),
    ]
"""

SCALE = """
import numpy as np


def scale_all(grads, c):
    return [g * c for g in grads], np.asarray(sum(float(np.sum(g)) for g in grads) * c)
"""
SCALE_AS_TUPLE = """
import numpy as np


def scale_all(grads, c):
    out = tuple(np.multiply(g, c) for g in grads)
    return out, np.asarray(c * np.sum([g.sum() for g in grads]))
"""
SCALE_ONE_WRONG = """
import numpy as np


def scale_all(grads, c):
    out = [g * c for g in grads]
    out[-1] = grads[-1]  # forgot the last one
    return out, np.asarray(sum(float(np.sum(g)) for g in grads) * c)
"""
SCALE_DROPS_ONE = """
import numpy as np


def scale_all(grads, c):
    return [g * c for g in grads[:-1]], np.asarray(sum(float(np.sum(g)) for g in grads) * c)
"""
SCALE_IN_PLACE = """
import numpy as np


def scale_all(grads, c):
    for g in grads:
        g *= c
    return list(grads), np.asarray(sum(float(np.sum(g)) for g in grads))
"""


@pytest.fixture(scope="module")
def scale_problem(tmp_path_factory: pytest.TempPathFactory) -> Problem:
    files = {
        "problem.toml": SCALE_TOML,
        "cases.py": SCALE_CASES,
        "reference.py": SCALE,
        "starter.py": "import numpy as np\n\n\ndef scale_all(grads, c):\n"
        "    return list(grads), np.asarray(0.0)\n",
        "statement.en.md": "Scale every array by `c`.\n",
        "statement.zh.md": "把每个数组都乘以 `c`。\n",
    }
    return written_problem(tmp_path_factory.mktemp("bank"), "scale-all", files)


def test_a_list_of_arrays_is_compared_array_by_array(
    scale_problem: Problem, pool: SandboxPool
) -> None:
    for code in (SCALE, SCALE_AS_TUPLE):
        result = grade_submission(problem=scale_problem, code=code, mode="submit", pool=pool)
        assert result.accepted, [c.message for c in result.cases]
    wrong = grade_submission(problem=scale_problem, code=SCALE_ONE_WRONG, mode="run", pool=pool)
    assert "`scaled[2]`" in wrong.cases[0].message
    short = grade_submission(problem=scale_problem, code=SCALE_DROPS_ONE, mode="run", pool=pool)
    assert "`scaled` holds 2 arrays, expected 3" in short.cases[0].message
    mutated = grade_submission(problem=scale_problem, code=SCALE_IN_PLACE, mode="run", pool=pool)
    assert mutated.cases[0].kind == "mutated"
    assert "changed `grads` in place" in mutated.cases[0].message


SCALE_FLOAT_TOTAL = """
import numpy as np


def scale_all(grads, c):
    return [g * c for g in grads], c * np.sum([np.sum(g) for g in grads])  # an np.float64
"""
SCALE_PY_FLOAT_TOTAL = """
def scale_all(grads, c):
    return [g * c for g in grads], float(sum(g.sum() for g in grads) * c)
"""


def test_a_numpy_scalar_or_a_float_is_a_0d_answer(
    scale_problem: Problem, pool: SandboxPool
) -> None:
    # np.sum and np.mean give NumPy scalars, not 0-d arrays: the value is what is graded.
    for code in (SCALE_FLOAT_TOTAL, SCALE_PY_FLOAT_TOTAL):
        result = grade_submission(problem=scale_problem, code=code, mode="submit", pool=pool)
        assert result.accepted, [c.message for c in result.cases]


OPTIONAL_IMPORT = """
import numpy as np

try:  # installed beside numpy here, but not something the sandbox lets code read
    import pytest  # noqa: F401
except ImportError:
    pytest = None


def scale_all(grads, c):
    return [g * c for g in grads], np.asarray(sum(float(np.sum(g)) for g in grads) * c)
"""


def test_a_package_the_sandbox_cannot_read_is_a_package_not_installed(
    scale_problem: Problem, pool: SandboxPool
) -> None:
    # Libraries import optional packages in try/except ImportError (torch._dynamo and
    # colorama): an unreadable one must not turn into a PermissionError.
    result = grade_submission(problem=scale_problem, code=OPTIONAL_IMPORT, mode="run", pool=pool)
    assert result.accepted, [c.message for c in result.cases]
