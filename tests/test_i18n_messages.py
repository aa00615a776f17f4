"""Check messages in the candidate's language: Chinese reads as Chinese, English is unchanged."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.bank import Bank
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool
from app.web.i18n import COOKIE
from graders.result import GradeResult
from graders.text import Msg, in_lang, join, msg
from tests.conftest import ROOT, form_token, solution
from tests.helpers import CHINESE, english_runs


def assert_chinese(result: GradeResult) -> None:
    """Every message of the result reads as Chinese in to_dict("zh")."""
    doc = result.to_dict("zh")
    texts = [doc["message"], *(case["message"] for case in doc["cases"])]
    assert any(texts), doc
    for text in texts:
        if text:
            assert CHINESE.search(text), text
            assert not english_runs(text), (english_runs(text), text)


def assert_english(result: GradeResult) -> None:
    """to_dict("en") is the default document, with the English messages as they were."""
    doc = result.to_dict("en")
    assert doc == result.to_dict()
    assert doc["message"] == str(result.message)
    for row, case in zip(doc["cases"], result.cases, strict=True):
        assert row["message"] == str(case.message) and not CHINESE.search(row["message"])


@pytest.fixture
def grade(bank: Bank, pool: SandboxPool):
    def run(problem_id: str, code: str, mode: str = "submit") -> GradeResult:
        return grade_submission(problem=bank.get(problem_id), code=code, mode=mode, pool=pool)

    return run


SUMS_OVER_EVERYTHING = """
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x - x.max())
    return e / e.sum()
"""

NAIVE_SOFTMAX = """
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x)
    return e / e.sum(axis=axis, keepdims=True)
"""

RETURNS_THE_SUM = """
import numpy as np


def softmax(x, axis=-1):
    return np.exp(x).sum(axis=axis)
"""

NO_TRANSPOSE = """
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    scores = q @ k / np.sqrt(q.shape[-1])
    return scores @ v
"""

IGNORES_THE_MASK = """
import math
import torch


def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    return torch.softmax(scores, dim=-1) @ v
"""

NO_MASK_PARAMETER = """
import math
import torch


def attention(q, k, v):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    return torch.softmax(scores, dim=-1) @ v
"""

RETURNS_THE_WEIGHTS_TOO = """
import math
import torch


def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ v, weights
"""

BUILTIN_ATTENTION = """
import torch.nn.functional as F


def attention(q, k, v, mask=None):
    return F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
"""

HIDDEN_BUILTIN = """
import importlib


def attention(q, k, v, mask=None):
    F = importlib.import_module("torch.nn." + "functional")
    return getattr(F, "scaled_dot_product_" + "attention")(q, k, v, mask)
"""

PE_AS_PARAMETER = """
import math
import torch
import torch.nn as nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_seq_len=5000):
        super().__init__()
        position = torch.arange(max_seq_len).unsqueeze(1)
        div = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
        pe = torch.zeros(max_seq_len, d_model)
        pe[:, 0::2] = torch.sin(position * div)
        pe[:, 1::2] = torch.cos(position * div)
        self.pe = nn.Parameter(pe)

    def forward(self, x):
        return x + self.pe[: x.size(1)]
"""


def _renamed_heads() -> str:
    """The multi-head solution with its own projection names: the weights cannot be loaded."""
    code = solution("multi-head-attention")
    for old, new in (("wq", "q_proj"), ("wk", "k_proj"), ("wv", "v_proj"), ("wo", "out_proj")):
        code = code.replace(f"self.{old}", f"self.{new}")
    return code


def _detached() -> str:
    return solution("attention").replace(
        "return torch.softmax(scores, dim=-1) @ v",
        ("return (torch.softmax(scores, dim=-1) @ v).detach()"),
    )


WRONG: dict[str, tuple[str, Any, str]] = {
    # name: (problem, code or a function making it, an English phrase the message keeps)
    "values": ("softmax", SUMS_OVER_EVERYTHING, "outside the tolerance"),
    "stability and warnings": ("softmax", NAIVE_SOFTMAX, "warned: RuntimeWarning"),
    "returned shape": ("softmax", RETURNS_THE_SUM, "has shape"),
    "shape error": ("scaled-dot-product-attention", NO_TRANSPOSE, "the same error"),
    "module parameters": ("multi-head-attention", _renamed_heads, "do not match the contract"),
    "buffer": ("positional-encoding-module", PE_AS_PARAMETER, "nn.Parameter"),
    "causal leak": ("attention", IGNORES_THE_MASK, "the future leaks"),
    "call signature": ("attention", NO_MASK_PARAMETER, "calls your code positionally"),
    "return count": ("attention", RETURNS_THE_WEIGHTS_TOO, "returned a tuple of 2 tensors"),
    "detached gradient": ("attention", _detached, "no gradient flows back"),
    "time limit": ("softmax", "def softmax(x, axis=-1):\n    while True:\n        pass\n", "time"),
    "forbidden api": ("attention", BUILTIN_ATTENTION, "is not allowed"),
    "forbidden at run time": ("attention", HIDDEN_BUILTIN, "is not allowed"),
    "syntax error": ("softmax", "def softmax(x, axis=-1:\n    return x\n", "SyntaxError"),
    "missing entry": ("softmax", "def soft_max(x, axis=-1):\n    return x\n", "not defined"),
}


@pytest.mark.parametrize("name", list(WRONG))
def test_every_message_is_chinese_on_a_chinese_page_and_unchanged_in_english(
    grade, name: str
) -> None:
    problem_id, code, phrase = WRONG[name]
    result = grade(problem_id, code() if callable(code) else code)
    assert not result.accepted
    english = result.to_dict("en")
    assert phrase in english["message"] + " ".join(c["message"] for c in english["cases"])
    assert_english(result)
    assert_chinese(result)


def test_a_causal_leak_reads_as_a_chinese_engineer_would_write_it(grade) -> None:
    result = grade("attention", IGNORES_THE_MASK)
    row = next(c for c in result.to_dict("zh")["cases"] if c["name"] == "causal, keys 3-4 changed")
    assert row["kind"] == "causality" and row["hidden"]
    # A hidden row names the property and how much is off, never where the case was changed.
    assert row["message"].startswith("因果性被破坏：后面的位置改变了前面的输出")
    assert "不一致" in row["message"] and "≥" not in row["message"]


def test_the_candidates_exception_text_stays_as_python_wrote_it(grade) -> None:
    result = grade("softmax", "def softmax(x, axis=-1):\n    return x[100, 100]\n", mode="run")
    english, chinese = result.to_dict("en"), result.to_dict("zh")
    assert english["cases"][0]["message"].startswith("IndexError: index 100 is out of bounds")
    assert chinese["cases"][0]["message"].startswith("IndexError: index 100 is out of bounds")
    assert "个用例出现同样的错误" in chinese["cases"][0]["message"]
    assert any(case["message"].startswith("与用例“") for case in chinese["cases"][1:])


def test_an_accepted_result_says_so_in_both_languages(grade) -> None:
    result = grade("attention", solution("attention"), mode="run")
    assert result.accepted
    assert_english(result)
    zh = [case["message"] for case in result.to_dict("zh")["cases"]]
    assert all("一致" in text for text in zh), zh


def test_msg_keeps_both_languages_through_concatenation_and_join() -> None:
    text = "TypeError: f() takes 1 positional argument" + msg(" (line 3)", "（第 3 行）")
    assert isinstance(text, Msg) and text == "TypeError: f() takes 1 positional argument (line 3)"
    assert text.zh == "TypeError: f() takes 1 positional argument（第 3 行）"
    joined = join("; ", [msg("a", "甲"), "b", msg("c", "丙")])
    assert (str(joined), joined.zh) == ("a; b; c", "甲；b；丙")
    assert join(", ", ["`x` (2,)", "`y` (3,)"]).zh == "`x` (2,)、`y` (3,)"
    assert in_lang(joined, "zh") == "甲；b；丙" and in_lang(joined, "en") == "a; b; c"
    assert in_lang("plain", "zh") == "plain" and type(in_lang(joined, "en")) is str


def test_english_runs_finds_sentences_but_not_code_or_python_text() -> None:
    assert english_runs("`output` 有 3/16 个值超出容差；期望 0.5，得到 0.7") == []
    assert (
        english_runs("ValueError: operands could not be broadcast；第 5 行用到了 `q` (2, 3)") == []
    )
    assert english_runs("本题不允许使用 torch.nn.functional.softmax（第 3 行）") == []
    assert english_runs("the future leaks：只改动") == ["the future leaks"]


# The HTTP API and the problem page: the language of the page, from its cookie or the browser.


@pytest.fixture
def http(client: TestClient) -> Iterator[TestClient]:
    """The shared client, with no language cookie before or after."""
    client.cookies.clear()
    yield client
    client.cookies.clear()


def _submit(client: TestClient, headers: dict[str, str] | None = None) -> dict:
    body = {"code": SUMS_OVER_EVERYTHING, "mode": "run"}
    response = client.post("/api/problems/softmax/submissions", json=body, headers=headers)
    assert response.status_code == 200
    return response.json()


def _failed_messages(doc: dict) -> list[str]:
    return [doc["message"], *(case["message"] for case in doc["cases"] if not case["passed"])]


def test_the_api_answers_in_the_language_cookie(http: TestClient) -> None:
    http.cookies.set(COOKIE, "zh")
    doc = _submit(http, {"Accept-Language": "en-US,en;q=0.9"})
    assert all("超出容差" in text for text in _failed_messages(doc)), doc
    assert all(not english_runs(text) for text in _failed_messages(doc))


def test_a_plain_lang_cookie_is_understood_too(http: TestClient) -> None:
    http.cookies.set("lang", "zh")
    doc = _submit(http, {"Accept-Language": "en-US,en;q=0.9"})
    assert all("超出容差" in text for text in _failed_messages(doc)), doc


def test_the_api_answers_in_the_browsers_language_without_a_cookie(http: TestClient) -> None:
    doc = _submit(http, {"Accept-Language": "zh-CN,zh;q=0.9"})
    assert all("超出容差" in text for text in _failed_messages(doc)), doc


def test_the_api_answers_in_english_by_default(http: TestClient) -> None:
    doc = _submit(http)
    assert all("outside the tolerance" in text for text in _failed_messages(doc)), doc
    assert not any(CHINESE.search(text) for text in _failed_messages(doc))


def test_a_custom_run_answers_in_the_language_cookie(http: TestClient) -> None:
    http.cookies.set(COOKIE, "zh")
    body = {"code": SUMS_OVER_EVERYTHING, "inputs": {"x": [[1.0, 2.0], [3.0, 5.0]]}}
    doc = http.post("/api/problems/softmax/custom", json=body).json()
    assert doc["verdict"] == "wrong_answer" and "超出容差" in doc["cases"][0]["message"], doc


def test_the_result_panel_follows_the_page_language(http: TestClient) -> None:
    token = form_token(http, "/problems/softmax")
    form = {"code": SUMS_OVER_EVERYTHING, "mode": "run", "csrf_token": token}
    page = http.post("/problems/softmax?partial=1&lang=zh", data=form).text
    assert "超出容差" in page and "outside the tolerance" not in page
    # The first post made this browser's session: its pages carry the session's token now.
    form["csrf_token"] = form_token(http, "/problems/softmax")
    page = http.post("/problems/softmax?partial=1&lang=en", data=form).text
    assert "outside the tolerance" in page and "超出容差" not in page


# The command line: `shousi grade --lang zh`.


def shousi(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "app", *args], capture_output=True, text=True, timeout=120, cwd=ROOT
    )


def test_the_cli_prints_chinese_with_lang_zh(tmp_path: Path) -> None:
    wrong = tmp_path / "softmax.py"
    wrong.write_text(SUMS_OVER_EVERYTHING)
    run = shousi("grade", "softmax", str(wrong), "--mode", "run", "--lang", "zh")
    assert run.returncode == 1, run.stderr
    assert "超出容差" in run.stdout and "通过" in run.stdout and "outside" not in run.stdout
    run = shousi("grade", "softmax", str(wrong), "--mode", "run", "--lang", "zh", "--json")
    doc = json.loads(run.stdout)
    assert all("超出容差" in text for text in _failed_messages(doc)), doc
    english = shousi("grade", "softmax", str(wrong), "--mode", "run")
    assert "outside the tolerance" in english.stdout and not CHINESE.search(english.stdout)
    assert shousi("grade", "softmax", str(wrong), "--lang", "fr").returncode == 2
