"""Checks beyond equality: properties that name how an answer is wrong, and gradients."""

import numpy as np
import pytest

from app.authoring.validate import as_submission
from app.bank import Bank
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool
from graders import Causality, Padding, Permutation, Stability
from graders.compare import ReturnSpec
from graders.properties import check_case, check_weights
from graders.result import GradeResult, Verdict
from tests.conftest import solution

SPEC = ReturnSpec("output", "ndarray", "float", atol=1e-6, rtol=1e-5)


def _grade(bank: Bank, pool: SandboxPool, problem_id: str, code: str) -> GradeResult:
    return grade_submission(problem=bank.get(problem_id), code=code, mode="submit", pool=pool)


def _row(result: GradeResult, name: str):
    return next(row for row in result.cases if row.name == name)


def _mistake(bank: Bank, problem_id: str, tag: str) -> str:
    problem = bank.get(problem_id)
    return as_submission(problem.mistakes[tag], problem.meta.entry)


# --- the checks themselves, on arrays ---------------------------------------------------


def test_causality_names_the_earlier_position_that_changed() -> None:
    base = np.zeros((1, 5, 2))
    this = base.copy()
    this[0, 1, 0] = 0.5
    finding = check_case(Causality("b", start=3), SPEC, this=this, base=base, expected=base)
    assert finding is not None and finding.kind == "causality"
    assert "the future leaks" in finding.message and "query position 1" in finding.message
    this[0, 1, 0] = 0.0
    this[0, 4, 0] = 9.0  # later positions may change: they can see the changed keys
    assert check_case(Causality("b", start=3), SPEC, this=this, base=base, expected=base) is None


def test_permutation_expects_rows_reordered_the_same_way() -> None:
    base = np.arange(6.0).reshape(1, 3, 2)
    order = (2, 0, 1)
    good = base[:, list(order), :]
    prop = Permutation("b", order)
    assert check_case(prop, SPEC, this=good, base=base, expected=good) is None
    finding = check_case(prop, SPEC, this=base, base=base, expected=good)
    assert finding is not None and "not permutation-equivariant" in finding.message


def test_padding_requires_identical_output() -> None:
    base = np.ones((2, 3, 4))
    this = base.copy()
    this[1, 2, 3] = 2.0
    finding = check_case(Padding("b"), SPEC, this=this, base=base, expected=base)
    assert finding is not None and "[1, 2, 3]" in finding.message


def test_stability_flags_only_non_finite_values_where_the_answer_is_finite() -> None:
    expected = np.ones((2, 2))
    this = expected.copy()
    this[1, 0] = np.nan
    finding = check_case(Stability(), SPEC, this=this, base=None, expected=expected)
    assert (
        finding is not None and finding.kind == "stability" and "row's maximum" in finding.message
    )


def test_weight_rows_must_sum_to_one_and_masked_keys_get_nothing() -> None:
    weights = np.array([[[0.5, 0.5, 0.0], [0.2, 0.3, 0.5]]])
    assert check_weights(weights, None, blocked_when="nonzero") is None
    mask = np.array([[0.0, 0.0, 1.0]])  # 1 = blocked
    finding = check_weights(weights, mask, blocked_when="nonzero")
    assert (
        finding is not None and finding.kind == "masked_weight" and "[0, 1, 2]" in finding.message
    )
    assert check_weights(weights, mask == 0, blocked_when="false") is not None
    finding = check_weights(weights * 0.5, None, blocked_when="nonzero")
    assert finding is not None and finding.kind == "weights_sum"


def test_a_key_padding_mask_per_batch_entry_lines_up_with_its_own_batch() -> None:
    # Cross-attention: weights [B=2, h=1, L_q=2, L_kv=3], a [B, L_kv] mask (True = real key).
    # Read from the last axes it would pair batch entries with query rows (B == L_q here).
    weights = np.zeros((2, 1, 2, 3))
    weights[0, :, :, :2] = 0.5  # batch 0: keys 0-1 real
    weights[1, :, :, :] = 1 / 3  # batch 1: every key real
    mask = np.array([[True, True, False], [True, True, True]])
    assert check_weights(weights, mask, blocked_when="false", layout="batch_keys") is None
    leaky = weights.copy()
    leaky[0, 0, 1] = [0.25, 0.25, 0.5]  # batch 0 gives weight to its padded key
    finding = check_weights(leaky, mask, blocked_when="false", layout="batch_keys")
    assert (
        finding is not None
        and finding.kind == "masked_weight"
        and "[0, 0, 1, 2]" in finding.message
    )


# --- through the sandbox, as a candidate meets them ---------------------------------------


def test_an_ignored_mask_is_shown_leaking_the_future_and_padding(
    bank: Bank, pool: SandboxPool
) -> None:
    result = _grade(bank, pool, "attention", _mistake(bank, "attention", "mask_not_applied"))
    assert result.verdict is Verdict.WRONG_ANSWER
    causal = _row(result, "causal, keys 3-4 changed")
    assert causal.kind == "causality" and "the future leaks" in causal.message
    assert _row(result, "padding, blocked keys changed").kind == "padding"
    assert _row(result, "causal mask [Lq,Lk]").kind == "masked_weight"


def test_softmax_over_the_wrong_axis_is_told_rows_do_not_sum_to_one(
    bank: Bank, pool: SandboxPool
) -> None:
    code = _mistake(bank, "scaled-dot-product-attention", "softmax_wrong_axis")
    result = _grade(bank, pool, "scaled-dot-product-attention", code)
    assert _row(result, "no mask").kind == "weights_sum"
    assert "must sum to 1" in result.message


def test_an_overflowing_softmax_is_called_unstable(bank: Bank, pool: SandboxPool) -> None:
    code = (
        "import numpy as np\n"
        "def softmax(x, axis=-1):\n"
        "    e = np.exp(x)\n"
        "    return e / e.sum(axis=axis, keepdims=True)\n"
    )
    result = _grade(bank, pool, "softmax", code)
    row = _row(result, "logits near ±1000")
    assert row.kind == "stability" and "numerically unstable" in row.message


def test_a_position_dependent_answer_is_not_permutation_equivariant(
    bank: Bank, pool: SandboxPool
) -> None:
    # A hidden positional bias: right on no unmasked case by accident is impossible, and the
    # reordered case says why.
    code = solution("scaled-dot-product-attention").replace(
        "def scaled_dot_product_attention(q, k, v, mask=None):",
        "def scaled_dot_product_attention(q, k, v, mask=None):\n"
        "    q = q + 0.01 * np.arange(q.shape[-2])[:, None]",
    )
    assert "0.01 * np.arange" in code
    result = _grade(bank, pool, "scaled-dot-product-attention", code)
    assert _row(result, "no mask, sequence reordered").kind == "permutation"


@pytest.mark.parametrize("problem_id", ["attention", "multi-head-attention", "encoder-layer"])
def test_correct_solutions_pass_every_property_and_gradient(
    bank: Bank, pool: SandboxPool, problem_id: str
) -> None:
    result = _grade(bank, pool, problem_id, solution(problem_id))
    assert result.verdict is Verdict.ACCEPTED, result.message
    assert any("gradients match" in row.message for row in result.cases)


def test_a_detached_output_fails_the_gradient_check(bank: Bank, pool: SandboxPool) -> None:
    code = solution("attention") + (
        "\n_forward = attention\n"
        "def attention(q, k, v, mask=None):\n"
        "    return _forward(q, k, v, mask).detach()\n"
    )
    result = _grade(bank, pool, "attention", code)
    assert result.verdict is Verdict.WRONG_ANSWER
    row = _row(result, "causal mask [Lq,Lk]")
    assert row.kind == "gradient" and "no gradient flows back" in row.message
    assert _row(result, "no mask").passed  # the forward values are still right


def test_a_wrong_gradient_is_compared_not_merely_present(bank: Bank, pool: SandboxPool) -> None:
    # Same forward values, but q's gradient is scaled by 1.5 and v gets none.
    code = solution("attention") + (
        "\n_forward = attention\n"
        "def attention(q, k, v, mask=None):\n"
        "    q = q + (0.5 * q - (0.5 * q).detach())\n"
        "    return _forward(q, k, v, mask)\n"
    )
    result = _grade(bank, pool, "attention", code)
    row = _row(result, "causal mask [Lq,Lk]")
    assert row.kind == "gradient" and "grad of input `q`" in row.message
    assert "outside the tolerance" in row.message


def test_module_parameter_gradients_are_checked(bank: Bank, pool: SandboxPool) -> None:
    code = solution("multi-head-attention").replace(
        "self.wo(", "self.wo.weight.detach() and self.wo(", 0
    )
    # Detach the output projection's weight: values stay right, its gradient vanishes.
    code = solution("multi-head-attention") + (
        "\n_Base = MultiHeadAttention\n"
        "class MultiHeadAttention(_Base):\n"
        "    def forward(self, q, k, v, mask=None):\n"
        "        weight = self.wo.weight\n"
        "        self.wo.weight = torch.nn.Parameter(weight.detach(), requires_grad=False)\n"
        "        try:\n"
        "            return super().forward(q, k, v, mask)\n"
        "        finally:\n"
        "            self.wo.weight = weight\n"
    )
    result = _grade(bank, pool, "multi-head-attention", code)
    row = _row(result, "padding mask [B,1,1,Lk]")
    assert row.kind == "gradient" and "parameter `wo.weight`" in row.message


def test_attention_view_shows_captured_weights_beside_the_reference(
    bank: Bank, pool: SandboxPool
) -> None:
    result = _grade(bank, pool, "multi-head-attention", solution("multi-head-attention"))
    view = result.to_dict()["attention"]
    assert view["source"] == "captured" and view["captured"]
    first = view["matrices"][0]
    assert np.allclose(np.array(first["yours"]), np.array(first["reference"]), atol=1e-5)
    assert np.allclose(np.array(first["reference"]).sum(axis=-1), 1.0, atol=1e-4)


def test_attention_view_says_when_no_softmax_was_seen(bank: Bank, pool: SandboxPool) -> None:
    code = (
        "import math\nimport torch\n"
        "def attention(q, k, v, mask=None):\n"
        "    s = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))\n"
        "    if mask is not None:\n"
        "        s = s.masked_fill(~mask.bool(), -1e9)\n"
        "    e = (s - s.amax(-1, keepdim=True)).exp()\n"
        "    return (e / e.sum(-1, keepdim=True)) @ v\n"
    )
    result = _grade(bank, pool, "attention", code)
    assert result.verdict is Verdict.ACCEPTED, result.message
    assert result.to_dict()["attention"]["captured"] is False


def test_dropout_left_on_in_eval_mode_is_named(bank: Bank, pool: SandboxPool) -> None:
    code = solution("encoder-layer").replace(
        "self.dropout(self.ffn(x))", "nn.functional.dropout(self.ffn(x), 0.1)"
    )
    assert "functional.dropout" in code
    result = _grade(bank, pool, "encoder-layer", code)
    first = result.cases[0]
    assert first.kind == "determinism" and "not deterministic in eval mode" in first.message
    assert _grade(bank, pool, "encoder-layer", solution("encoder-layer")).accepted


def test_every_check_a_problem_page_lists_has_its_words_in_both_languages(bank: Bank) -> None:
    from app.trusted import runner
    from graders.properties import LABELS, PROPERTIES

    kinds = {"weights_sum", "masked_weight", "determinism"}
    checks = set()
    for problem in bank.ordered():
        checks |= {case.check.kind for case in runner.cases(problem) if case.check is not None}
    assert checks <= set(PROPERTIES)  # every case check in the bank is a registered property
    assert kinds | checks <= set(LABELS)
    assert all(LABELS[kind].en and LABELS[kind].zh for kind in kinds | checks)


def test_a_property_module_dropped_into_the_package_is_found(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    import importlib
    import shutil

    import graders.properties as properties

    package = tmp_path / "graders_copy"
    shutil.copytree(properties.__path__[0], package / "properties")
    (package / "__init__.py").write_text("")
    (package / "properties" / "echo.py").write_text(
        "from dataclasses import dataclass, field\nfrom typing import ClassVar\n"
        "from graders.families import Text\n\n\n@dataclass(frozen=True)\nclass Echo:\n"
        '    kind: str = field(default="echo", init=False)\n'
        '    label: ClassVar[Text] = Text("echoes", "回声")\n\n'
        "    def check(self, spec, *, this, base, expected):\n        return None\n\n\n"
        "PROPERTIES = (Echo,)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    copy = importlib.import_module("graders_copy.properties")
    assert "echo" in copy.PROPERTIES and copy.LABELS["echo"].zh == "回声"
    assert set(properties.PROPERTIES) < set(copy.PROPERTIES)
