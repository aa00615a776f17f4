"""A worker arms its next child with the last job's traps: a job forbidding something else
must find exactly its own traps, and one forbidding the same must still be caught."""

from collections.abc import Iterator

import pytest

from app.bank import Bank
from app.judge.grade import grade_submission
from app.sandbox.build import build_pool
from app.sandbox.pool import SandboxPool
from app.settings import Settings
from graders.result import Verdict
from tests.conftest import TEST_LIMITS, solution

# Reaches torch.softmax without naming it, so only the runtime traps can stop it.
SOFTMAX_BY_TORCH = (
    "def softmax(x, axis=-1):\n    t = __import__('to' + 'rch')\n"
    "    f = getattr(t, 'soft' + 'max')\n    return f(t.from_numpy(x), axis).numpy()\n"
)
# scaled-dot-product-attention's forbidden kernel, reached through the dispatcher by name.
SDPA_BY_OP = (
    "import torch\ndef scaled_dot_product_attention(q, k, v, mask=None):\n"
    "    op = getattr(torch.ops.aten, 'scaled_dot_product_' + 'attention')\n"
    "    q, k, v = (torch.from_numpy(a) for a in (q, k, v))\n"
    "    if mask is not None:\n        mask = torch.from_numpy(mask) == 0\n"
    "    return op(q, k, v, mask).numpy(), None\n"
)

# A right answer that uses torch.softmax, which this problem allows.
SDPA_WITH_TORCH_SOFTMAX = (
    "import math\nimport torch\n\n\ndef scaled_dot_product_attention(q, k, v, mask=None):\n"
    "    q, k, v = (torch.from_numpy(a) for a in (q, k, v))\n"
    "    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])\n"
    "    if mask is not None:\n"
    "        scores = scores.masked_fill(torch.from_numpy(mask) != 0, -1e9)\n"
    "    weights = torch.softmax(scores, dim=-1)\n"
    "    return (weights @ v).numpy(), weights.numpy()\n"
)


@pytest.fixture(scope="module")
def one_worker() -> Iterator[SandboxPool]:
    """One worker, so that every job here lands on the child armed after the one before."""
    sandbox = build_pool(Settings(**TEST_LIMITS), size=1)
    sandbox.start()
    yield sandbox
    sandbox.close()


def test_each_job_meets_its_own_traps_whatever_came_before(
    bank: Bank, one_worker: SandboxPool
) -> None:
    def grade(problem_id: str, code: str) -> Verdict:
        problem = bank.get(problem_id)
        return grade_submission(problem=problem, code=code, mode="submit", pool=one_worker).verdict

    # The same trap set twice in a row: the second child had them ready, still caught.
    assert grade("softmax", SOFTMAX_BY_TORCH) is Verdict.REJECTED
    assert grade("softmax", SOFTMAX_BY_TORCH) is Verdict.REJECTED
    # torch.softmax is allowed here: the softmax traps readied for this child are taken back.
    assert grade("scaled-dot-product-attention", SDPA_WITH_TORCH_SOFTMAX) is Verdict.ACCEPTED
    assert grade("scaled-dot-product-attention", SDPA_BY_OP) is Verdict.REJECTED
    # And back: the attention traps readied are replaced by the softmax ones.
    assert grade("softmax", SOFTMAX_BY_TORCH) is Verdict.REJECTED
    assert grade("softmax", solution("softmax")) is Verdict.ACCEPTED
