"""The source check rejects forbidden APIs it can see, and nothing that merely looks alike."""

import ast

from app.bank import Bank
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool
from app.settings import BUILTIN_DIR
from graders.result import Verdict
from graders.static_check import find_forbidden

SOFTMAX_API = [
    "torch.Tensor.softmax",
    "torch.softmax",
    "torch.nn.functional.softmax",
    "scipy.special.softmax",
]


def _found(code: str):
    return find_forbidden(ast.parse(code), SOFTMAX_API)


def test_the_path_named_is_the_one_written() -> None:
    assert _found("import torch.nn.functional as F\nF.softmax(x, -1)\n") == (
        "torch.nn.functional.softmax",
        2,
    )
    assert _found("import torch\ny = torch.softmax(x, 0)\n") == ("torch.softmax", 2)
    assert _found("from scipy.special import softmax\n") == ("scipy.special.softmax", 1)


def test_a_method_call_on_a_value_is_a_tensor_method() -> None:
    assert _found("def f(x):\n    return x.softmax(-1)\n") == ("torch.Tensor.softmax", 2)


def test_the_candidates_own_class_is_not_a_tensor() -> None:
    code = (
        "class Activations:\n    @staticmethod\n    def softmax(x):\n        return x\n\n"
        "def softmax(x, axis=-1):\n    return Activations.softmax(x)\n"
    )
    assert _found(code) is None


def test_a_main_guard_self_check_is_not_looked_at() -> None:
    code = (
        "import numpy as np\n\ndef softmax(x, axis=-1):\n    return x\n\n"
        'if __name__ == "__main__":\n    import torch\n    print(torch.softmax(x, 0))\n'
        "else:\n    y = torch.softmax(x, 0)\n"
    )
    assert _found(code) == ("torch.softmax", 10)


FLAGGED = (
    "import torch.nn.functional as F\n"
    "FLASH = {flag}\n"
    "def attend(x):\n"
    "    if FLASH:\n"
    "        return F.softmax(x, -1)\n"
    "    e = x.exp()\n"
    "    return e / e.sum(-1, keepdim=True)\n"
)


def test_a_branch_behind_a_false_module_flag_is_not_looked_at() -> None:
    assert _found(FLAGGED.format(flag=0)) is None  # llm.c's `if FLASH:` with FLASH = 0
    assert _found(FLAGGED.format(flag=1)) == ("torch.nn.functional.softmax", 5)


def test_a_flag_that_anything_rebinds_is_no_constant() -> None:
    rebound = FLAGGED.format(flag=0) + "def enable():\n    global FLASH\n    FLASH = 1\n"
    assert _found(rebound) == ("torch.nn.functional.softmax", 5)
    shadowed = FLAGGED.format(flag=0).replace("def attend(x):", "def attend(x, FLASH=True):")
    assert _found(shadowed) == ("torch.nn.functional.softmax", 5)
    computed = FLAGGED.format(flag=0).replace("FLASH = 0", "FLASH = int('1')")
    assert _found(computed) == ("torch.nn.functional.softmax", 5)


def test_literal_tests_and_code_after_a_return_are_not_looked_at() -> None:
    assert _found("import torch\nif False:\n    torch.softmax(x, 0)\n") is None
    assert _found("import torch\nif not True:\n    torch.softmax(x, 0)\n") is None
    assert _found("import torch\nif 1:\n    y = x\nelse:\n    torch.softmax(x, 0)\n") is None
    assert _found("import torch\nif 0:\n    y = x\nelse:\n    torch.softmax(x, 0)\n") == (
        "torch.softmax",
        5,
    )
    after = "def f(x):\n    return x\n    return x.softmax(-1)\n"
    assert _found(after) is None
    assert _found("def f(x):\n    if x:\n        return x\n    return x.softmax(-1)\n") == (
        "torch.Tensor.softmax",
        4,
    )


def test_a_flag_flipped_behind_the_scans_back_meets_the_runtime_trap(
    bank: Bank, pool: SandboxPool
) -> None:
    style = BUILTIN_DIR / "causal-self-attention" / "styles" / "llm-c-flash-flag.py"
    code = style.read_text().replace("FLASH = 0\n", "FLASH = 0\nglobals()['FLASH'] = 1\n")
    problem = bank.get("causal-self-attention")
    result = grade_submission(problem=problem, code=code, mode="submit", pool=pool)
    assert result.verdict is Verdict.REJECTED
    assert "scaled_dot_product_attention" in result.message
