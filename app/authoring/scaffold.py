"""`shousi problems new`: a problem folder that loads and validates from the first minute.

Its reference is a placeholder marked TODO (it doubles its input, or applies one linear
layer), its starter a clean wrong answer, and every text a TODO in both languages: the
author replaces them one by one, running `shousi problems validate` as they go.
"""

from __future__ import annotations

import re
from pathlib import Path

ID_RULE = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
MAX_ID = 64
FRAMEWORKS = ("torch", "numpy")
KINDS = ("function", "module")


class ScaffoldError(ValueError):
    """The folder cannot be made (a bad id, a folder already there, numpy with a module)."""


def entry_name(problem_id: str, kind: str) -> str:
    """The entry point: `my_op` for a function, `MyOp` for a module."""
    words = problem_id.split("-")
    if kind == "module":
        return "".join(word.capitalize() for word in words)
    name = "_".join(words)
    return name if name.isidentifier() else f"op_{name}"


def scaffold(parent: Path, problem_id: str, framework: str, kind: str) -> Path:
    """Write the folder `parent/problem_id`; the folder. Refuses to touch an existing one."""
    if len(problem_id) > MAX_ID or not ID_RULE.fullmatch(problem_id):
        raise ScaffoldError(
            "an id is lowercase letters and digits in words joined by '-', "
            f"starting with a letter, at most {MAX_ID} characters (e.g. rms-norm)"
        )
    if framework not in FRAMEWORKS:
        raise ScaffoldError(f"--framework is one of {', '.join(FRAMEWORKS)}")
    if kind not in KINDS:
        raise ScaffoldError(f"--kind is one of {', '.join(KINDS)}")
    if kind == "module" and framework != "torch":
        raise ScaffoldError("a module problem is a torch.nn.Module: use --framework torch")
    folder = parent / problem_id
    if folder.exists():
        raise ScaffoldError(f"{folder} already exists; nothing was written")
    entry = entry_name(problem_id, kind)
    files = _files(problem_id, framework, kind, entry)
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text.lstrip("\n"), encoding="utf-8")
    return folder


def _files(problem_id: str, framework: str, kind: str, entry: str) -> dict[str, str]:
    torch = framework == "torch"
    array = "Tensor" if torch else "np.ndarray"
    if kind == "module":
        signature = (
            f"\nclass {entry}(nn.Module):\n"
            "    def __init__(self, d_model: int): ...\n"
            "    def forward(self, x: Tensor) -> Tensor: ..."
        )
    else:
        signature = f"def {entry}(x: {array}) -> {array}"
    files = {
        "problem.toml": _toml(problem_id, framework, kind, entry, signature),
        "cases.py": _cases(torch, kind),
        "reference.py": code_problem(torch, kind, entry, "reference"),
        "solution.py": code_problem(torch, kind, entry, "solution"),
        "starter.py": code_problem(torch, kind, entry, "starter"),
        "statement.zh.md": STATEMENT_ZH.format(entry=entry),
        "statement.en.md": STATEMENT_EN.format(entry=entry),
        "hints.zh.md": HINTS_ZH,
        "hints.en.md": HINTS_EN,
        "editorial.zh.md": EDITORIAL_ZH,
        "editorial.en.md": EDITORIAL_EN,
    }
    return files


def _toml(problem_id: str, framework: str, kind: str, entry: str, signature: str) -> str:
    module = "\n[module]\nload_state_dict = true\nbuffers = []\n" if kind == "module" else ""
    return f'''
# TODO: every field marked TODO. `shousi problems validate DIR` checks the folder.
id = "{problem_id}"
order = 900
# TODO: topic is masks, attention, positional, normalisation, layers, model, training,
# alignment, tokenisation, quantisation or decoding
topic = "layers"
difficulty = "easy"  # TODO: easy, medium or hard
framework = "{framework}"
tags = ["todo"]
kind = "{kind}"
entry = "{entry}"
signature = """{signature}"""
reference = "reference.py:{entry}"

[title]
en = "TODO: {problem_id}"
zh = "TODO：{problem_id}"

[[returns]]
name = "output"
type = "{"tensor" if framework == "torch" else "ndarray"}"
dtype = "float"
atol = 1e-05  # TODO: the tolerance the computation needs
rtol = 0.0001

[forbidden]
# Library calls that would do the whole job, e.g. "torch.nn.functional.layer_norm".
api = []
aten = []
{module}'''


def _cases(torch: bool, kind: str) -> str:
    if kind == "module":
        return '''
"""Cases: TODO. Each case builds the module with `init`, loads the reference's weights
(drawn with `seed`) and calls it on the inputs."""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample cases (shown) and hidden ones (drawn afresh for each submission)."""
    g = torch.Generator().manual_seed(303 + seed)
    return [
        Case(
            "B=2, L=3, d_model 4",
            {"x": torch.randn(2, 3, 4, generator=g)},
            init={"d_model": 4},
            seed=1,
            grad=True,
            note=Note("TODO: what this case shows", "TODO：这个用例说明什么"),
        ),
        Case("wider", {"x": torch.randn(3, 5, 8, generator=g)}, init={"d_model": 8}, seed=2,
             hidden=True),
        Case("L=1", {"x": torch.randn(4, 1, 6, generator=g)}, init={"d_model": 6}, seed=3,
             hidden=True),
    ]
'''
    if torch:
        return '''
"""Cases: TODO."""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample cases (shown) and hidden ones (drawn afresh for each submission)."""
    g = torch.Generator().manual_seed(303 + seed)
    return [
        Case(
            "2x3",
            {"x": torch.randn(2, 3, generator=g)},
            note=Note("TODO: what this case shows", "TODO：这个用例说明什么"),
        ),
        Case("3-D", {"x": torch.randn(2, 4, 5, generator=g)}, hidden=True),
        Case("large values", {"x": 100.0 * torch.randn(3, 6, generator=g)}, hidden=True),
    ]
'''
    return '''
"""Cases: TODO."""

import numpy as np

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample cases (shown) and hidden ones (drawn afresh for each submission)."""
    rng = np.random.default_rng(101 + seed)
    return [
        Case(
            "2x3",
            {"x": rng.normal(size=(2, 3))},
            note=Note("TODO: what this case shows", "TODO：这个用例说明什么"),
        ),
        Case("3-D", {"x": rng.normal(size=(2, 4, 5))}, hidden=True),
        Case("large values", {"x": 100.0 * rng.normal(size=(3, 6))}, hidden=True),
    ]
'''


def code_problem(torch: bool, kind: str, entry: str, which: str) -> str:
    if kind == "module":
        body = {
            "reference": "return self.proj(x)  # TODO: the real computation",
            "solution": "return self.proj(x)  # TODO: the solution shown once solved",
            "starter": "# TODO: candidates write this\n        return x",
        }[which]
        return f'''
import torch
from torch import nn


class {entry}(nn.Module):
    """TODO: what the module computes. A placeholder: one linear layer."""

    def __init__(self, d_model: int) -> None:
        super().__init__()
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        {body}
'''
    header = "import torch\n" if torch else "import numpy as np\n"
    zeros = "torch.zeros_like(x)" if torch else "np.zeros_like(x)"
    body = {
        "reference": "return 2.0 * x  # TODO: the real computation (a placeholder: doubles x)",
        "solution": "return 2.0 * x  # TODO: the solution shown once solved",
        "starter": f"# TODO: candidates write this\n    return {zeros}",
    }[which]
    return f'''
{header}

def {entry}(x):
    """TODO: what it computes, with shapes."""
    {body}
'''


STATEMENT_ZH = """
TODO：用自己的话写题目，说清楚要实现 `{entry}` 做什么、输入输出的形状。

## 公式

TODO：公式用 KaTeX，例如 $y = 2x$，或者单独一行：

$$
y_i = 2 x_i
$$

## 输入与输出

- `x`：TODO
- 返回：TODO
"""

STATEMENT_EN = """
TODO: the statement, in your own words: what `{entry}` computes, and the shapes.

## Formula

TODO: formulas in KaTeX, e.g. $y = 2x$, or on a line of their own:

$$
y_i = 2 x_i
$$

## Input and output

- `x`: TODO
- returns: TODO
"""

HINTS_ZH = """
TODO：第一个提示，点一下方向。

---

TODO：第二个提示，讲出关键想法。

---

TODO：第三个提示，几乎给出完整步骤。
"""

HINTS_EN = """
TODO: the first hint, a nudge.

---

TODO: the second hint, the key idea.

---

TODO: the third hint, the near-complete plan.
"""

EDITORIAL_ZH = """
## 思路

TODO

## 逐步形状

TODO

## 复杂度

TODO

## 常见错误

TODO

## 面试追问

TODO
"""

EDITORIAL_EN = """
## Idea

TODO

## Shapes step by step

TODO

## Complexity

TODO

## Classic mistakes

TODO

## Follow-up questions

TODO
"""
