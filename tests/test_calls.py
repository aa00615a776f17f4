"""The candidate's code is called as interviewers call it: positionally, in contract order."""

from __future__ import annotations

import pytest

from app.bank import Bank
from app.bank.signature import Signature, SignatureError
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool
from graders.result import Verdict


@pytest.fixture
def grade(bank: Bank, pool: SandboxPool):
    def run(problem_id: str, code: str, mode: str = "submit"):
        return grade_submission(problem=bank.get(problem_id), code=code, mode=mode, pool=pool)

    return run


ANNOTATED = """
import math
import torch


def attention(query, key, value, mask=None, dropout=None):
    d_k = query.size(-1)
    scores = torch.matmul(query, key.transpose(-2, -1)) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    p_attn = scores.softmax(dim=-1)
    if dropout is not None:
        p_attn = dropout(p_attn)
    return torch.matmul(p_attn, value)
"""

NO_MASK_PARAMETER = """
import math
import torch


def attention(Q, K, V):
    return torch.softmax(Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1]), -1) @ V
"""

RENAMED_MODULE = """
import math
import torch
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.h, self.dk = heads, dim // heads
        self.wq, self.wk, self.wv, self.wo = (nn.Linear(dim, dim) for _ in range(4))

    def forward(self, x_q, x_k, x_v, attn_mask=None):
        B = x_q.size(0)
        split = lambda t: t.view(B, -1, self.h, self.dk).transpose(1, 2)
        q, k, v = split(self.wq(x_q)), split(self.wk(x_k)), split(self.wv(x_v))
        s = q @ k.transpose(-2, -1) / math.sqrt(self.dk)
        if attn_mask is not None:
            s = s.masked_fill(~attn_mask.bool(), float("-inf"))
        out = (s.softmax(-1) @ v).transpose(1, 2).reshape(B, -1, self.h * self.dk)
        return self.wo(out)
"""


def test_the_annotated_transformer_attention_is_accepted_as_written(grade) -> None:
    result = grade("attention", ANNOTATED)
    assert result.verdict is Verdict.ACCEPTED, [c.message for c in result.cases]


def test_a_module_with_its_own_parameter_names_is_accepted(grade) -> None:
    result = grade("multi-head-attention", RENAMED_MODULE)
    assert result.verdict is Verdict.ACCEPTED, [c.message for c in result.cases]


DATACLASS_CONFIG = """
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Config:
    axis: int = -1


def softmax(x, axis=-1):
    cfg = Config(axis)
    e = np.exp(x - x.max(axis=cfg.axis, keepdims=True))
    return e / e.sum(axis=cfg.axis, keepdims=True)
"""


def test_code_that_defines_a_dataclass_loads_like_a_module(grade) -> None:
    # dataclasses looks the class's module up in sys.modules.
    result = grade("softmax", DATACLASS_CONFIG)
    assert result.verdict is Verdict.ACCEPTED, [c.message for c in result.cases]


def test_a_function_without_a_mask_passes_unmasked_cases_and_is_told_why(grade) -> None:
    result = grade("attention", NO_MASK_PARAMETER)
    assert result.verdict is Verdict.RUNTIME_ERROR
    by_name = {case.name: case for case in result.cases}
    assert by_name["no mask"].passed and by_name["4-D heads, Lq != Lk"].passed
    failed = [case for case in result.cases if not case.passed]
    first = failed[0]
    assert "takes 3 positional arguments but 4 were given" in first.message
    assert "`attention(q, k, v, mask=None)`" in first.message
    assert "yours is `attention(Q, K, V)`" in first.message
    assert result.message == first.message
    # A hidden case's error text could carry its inputs out: only its kind and line show.
    hidden = [case for case in failed if case.hidden]
    assert hidden and not any("positional arguments" in case.message for case in hidden)
    assert "TypeError raised in a hidden case" in hidden[0].message
    assert all(f"as in “{hidden[0].name}”" in case.message for case in hidden[1:])


def test_returning_the_weights_too_is_a_wrong_answer_that_says_so(grade) -> None:
    code = ANNOTATED.replace(
        "return torch.matmul(p_attn, value)", "return torch.matmul(p_attn, value), p_attn"
    )
    result = grade("attention", code)
    assert result.verdict is Verdict.WRONG_ANSWER
    case = result.cases[0]
    assert case.kind == "return"
    assert case.message == (
        "returned a tuple of 2 tensors; this problem returns only `output` — the weights are "
        "not returned here"
    )


def test_returning_only_the_output_where_a_pair_is_expected(grade) -> None:
    code = (
        "import numpy as np\n\n\ndef scaled_dot_product_attention(q, k, v, mask=None):\n"
        "    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])\n"
        "    if mask is not None:\n        s = s + mask * -1e9\n"
        "    w = np.exp(s - s.max(-1, keepdims=True))\n"
        "    return (w / w.sum(-1, keepdims=True)) @ v\n"
    )
    result = grade("scaled-dot-product-attention", code)
    assert result.verdict is Verdict.WRONG_ANSWER
    assert result.cases[0].message == (
        "returned a single array; this problem returns a tuple of 2: "
        "(`output`, `attention_weights`)"
    )


def test_a_list_of_the_two_values_counts_as_the_pair(grade) -> None:
    code = (
        "import numpy as np\n\n\ndef scaled_dot_product_attention(q, k, v, mask=None):\n"
        "    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])\n"
        "    if mask is not None:\n        s = s + mask * -1e9\n"
        "    w = np.exp(s - s.max(-1, keepdims=True))\n"
        "    w = w / w.sum(-1, keepdims=True)\n"
        "    return [w @ v, w]\n"
    )
    assert grade("scaled-dot-product-attention", code).verdict is Verdict.ACCEPTED


def test_layout_drops_trailing_unused_and_fills_gaps_with_defaults() -> None:
    signature = Signature.parse(
        "def f(x, mask=None, axis=-1, *, scale=None)", entry="f", kind="function"
    )
    assert signature.layout({"x": 1, "mask": None}).args == ("x",)
    layout = signature.layout({"x": 1, "axis": 0, "scale": 2})
    assert (layout.args, layout.kwargs) == (("x", "mask", "axis"), ("scale",))
    assert signature.fill({"x": 1, "axis": 0}, layout)["mask"] is None
    assert signature.text("f", kind="function") == "f(x, mask=None, axis=-1, *, scale=None)"
    with pytest.raises(SignatureError, match="not in the signature"):
        signature.layout({"x": 1, "y": 2})


def test_every_problem_signature_parses(bank: Bank) -> None:
    for problem in bank.ordered():
        text = problem.signature.text(problem.meta.entry, kind=problem.meta.kind)
        start = "__init__(self, " if problem.meta.kind == "module" else f"{problem.meta.entry}("
        assert text.startswith(start), text
