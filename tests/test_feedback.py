"""Feedback that is true and says where to look, tried as a new user would."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.bank import Bank
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool
from graders.result import Verdict


@pytest.fixture
def grade(bank: Bank, pool: SandboxPool):
    def run(problem_id: str, code: str, mode: str = "submit"):
        return grade_submission(problem=bank.get(problem_id), code=code, mode=mode, pool=pool)

    return run


NAIVE_SOFTMAX = """
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x)
    return e / e.sum(axis=axis, keepdims=True)
"""


def test_a_softmax_that_ignores_axis_is_told_to_use_axis(grade) -> None:
    code = (
        "import numpy as np\n\n\ndef softmax(x, axis=-1):\n"
        "    e = np.exp(x - x.max(-1, keepdims=True))\n"
        "    return e / e.sum(-1, keepdims=True)\n"
    )
    result = grade("softmax", code)
    assert result.verdict is Verdict.WRONG_ANSWER
    assert result.diagnosis == ["softmax_wrong_axis"]
    text = result.to_dict()["diagnosis_details"][0]
    assert "ignores its `axis` argument" in text["en"] and "`axis`" in text["zh"]
    assert "key axis" not in text["en"] and "query" not in text["en"]


def test_nan_results_get_honest_statistics_and_the_overflow_warning(grade) -> None:
    result = grade("softmax", NAIVE_SOFTMAX)
    assert result.diagnosis == ["softmax_unstable"]
    row = next(c for c in result.cases if c.name == "logits near ±1000")
    assert "NaN or infinite" in row.message
    assert "max abs error 0" not in row.message
    assert "the finite values are all within the tolerance" in row.message
    assert "RuntimeWarning: overflow encountered in exp (line 6)" in row.message


def test_a_warning_a_hidden_case_raises_is_shown_only_if_it_is_numeric(grade) -> None:
    code = NAIVE_SOFTMAX.replace(
        "    e = np.exp(x)",
        "    import warnings\n    warnings.warn(repr(x.tolist()))\n    e = np.exp(x)",
    )
    result = grade("softmax", code)
    hidden = next(c for c in result.cases if c.name == "mixed scale rows")
    assert hidden.hidden and not hidden.passed
    assert "overflow encountered in exp" in hidden.message
    assert "UserWarning" not in hidden.message  # it carries the hidden inputs
    visible = next(c for c in result.cases if c.name == "logits near ±1000")
    assert "UserWarning: [[1000.0" in visible.message


def test_a_half_precision_result_is_named_as_a_dtype_problem(grade) -> None:
    code = (
        "import math\nimport torch\n\n\ndef attention(q, k, v, mask=None):\n"
        "    s = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))\n"
        "    if mask is not None:\n        s = s.masked_fill(~mask, -1e4)\n"
        "    return (s.softmax(-1) @ v).half()\n"
    )
    result = grade("attention", code)
    assert result.verdict is Verdict.WRONG_ANSWER
    wrong = [c for c in result.cases if not c.passed]
    assert wrong and all(c.kind == "dtype" for c in wrong)
    assert "torch.float16" in wrong[0].message and "3 significant digits" in wrong[0].message
    assert result.diagnosis == ["low_precision"]


def test_an_unpacking_error_names_the_shapes(grade) -> None:
    code = (
        "import numpy as np\n\n\ndef scaled_dot_product_attention(q, k, v, mask=None):\n"
        "    batch, length, width, extra = q.shape\n"
        "    return q, q\n"
    )
    result = grade("scaled-dot-product-attention", code)
    message = result.cases[0].message
    assert "not enough values to unpack" in message
    assert "on line 5, `q` (1, 3, 4)" in message


def test_a_non_persistent_pe_buffer_breaks_the_contract(grade) -> None:
    code = (
        "import math\nimport torch\nfrom torch import nn\n\n\n"
        "class PositionalEncoding(nn.Module):\n"
        "    def __init__(self, d_model, max_seq_len=5000):\n"
        "        super().__init__()\n"
        "        pos = torch.arange(max_seq_len).unsqueeze(1)\n"
        "        div = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))\n"
        "        pe = torch.zeros(1, max_seq_len, d_model)\n"
        "        pe[0, :, 0::2] = torch.sin(pos * div)\n"
        "        pe[0, :, 1::2] = torch.cos(pos * div)\n"
        "        self.register_buffer('pe', pe, persistent=False)\n\n"
        "    def forward(self, x):\n"
        "        return x + self.pe[:, : x.size(1)]\n"
    )
    result = grade("positional-encoding-module", code)
    assert result.verdict is Verdict.WRONG_ANSWER
    assert result.cases[0].kind == "module"
    assert "persistent=False" in result.cases[0].message
    assert grade("positional-encoding-module", code.replace(", persistent=False", "")).accepted


def test_scaling_by_root_d_model_in_multi_head_attention_is_named(grade) -> None:
    code = """
import math
import torch
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.h, self.d = num_heads, d_model
        self.wq, self.wk, self.wv, self.wo = (nn.Linear(d_model, d_model) for _ in range(4))

    def forward(self, q, k, v, mask=None):
        b = q.size(0)
        split = lambda t: t.view(b, -1, self.h, self.d // self.h).transpose(1, 2)
        s = split(self.wq(q)) @ split(self.wk(k)).transpose(-2, -1) / math.sqrt(self.d)
        if mask is not None:
            s = s.masked_fill(mask == 0, -1e9)
        out = (s.softmax(-1) @ split(self.wv(v))).transpose(1, 2).reshape(b, -1, self.d)
        return self.wo(out)
"""
    result = grade("multi-head-attention", code)
    assert result.diagnosis == ["wrong_scale"]
    text = result.to_dict()["diagnosis_details"][0]
    assert "√d_model" in text["en"] and "√d_model" in text["zh"]


def test_a_causal_mask_with_true_meaning_blocked_is_named(grade) -> None:
    code = (
        "import torch\n\n\ndef causal_mask(size):\n"
        "    return torch.triu(torch.ones(size, size, dtype=torch.bool), diagonal=1)\n"
    )
    result = grade("causal-mask", code)
    assert result.diagnosis == ["mask_inverted"]
    assert "attn_mask" in result.to_dict()["diagnosis_details"][0]["en"]


def test_torch_problem_pages_show_expected_outputs_as_tensors(client: TestClient) -> None:
    page = client.get("/problems/attention").text
    assert "output = torch.tensor(" in page
    assert "output = np.array(" not in page
