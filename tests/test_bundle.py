"""Trusted code imports reference_impl and its own folder; graded as a submission, it is one
file with those imports inlined. A candidate's code can import neither."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from app.authoring.bundle import BundleError, bundle, import_findings
from app.authoring.validate import as_submission, tags_defined_twice
from app.bank import Bank
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool
from graders.diagnosis import DIAGNOSES
from graders.families import FAMILIES
from graders.result import Verdict
from graders.variants import VARIANTS, describe


def _grade(bank: Bank, pool: SandboxPool, problem_id: str, code: str):  # noqa: ANN202
    problem = bank.get(problem_id)
    return grade_submission(problem=problem, code=code, mode="submit", pool=pool, wait_seconds=120)


def test_a_reference_importing_reference_impl_is_one_file_without_it(bank: Bank) -> None:
    problem = bank.get("grouped-query-attention")
    code = as_submission(problem.reference, problem.meta.entry)
    assert "import reference_impl" not in code and "from reference_impl" not in code
    namespace: dict = {}
    exec(compile(code, "solution.py", "exec"), namespace)  # noqa: S102 - our own reference
    # torch_ops came along whole, and its knobs are stubs that give the default.
    assert namespace["torch_ops"].knob("scale", 7) == 7
    assert callable(namespace["grouped_query_attention"])


def test_a_reference_importing_reference_impl_grades_as_a_submission(
    bank: Bank, pool: SandboxPool
) -> None:
    problem = bank.get("grouped-query-attention")
    result = _grade(bank, pool, problem.id, as_submission(problem.reference, problem.meta.entry))
    assert result.accepted, result.message


def test_a_mistake_importing_its_own_reference_grades_and_is_diagnosed(
    bank: Bank, pool: SandboxPool
) -> None:
    problem = bank.get("transformer-classifier")
    mistakes = (problem.path / "mistakes.py").read_text()
    assert "from .reference import TransformerClassifier" in mistakes
    code = as_submission(problem.mistakes["first_token_pooling"], problem.meta.entry)
    result = _grade(bank, pool, problem.id, code)
    assert result.verdict is Verdict.WRONG_ANSWER, result.message
    assert result.diagnosis == ["first_token_pooling"]


@pytest.mark.parametrize(
    "line",
    [
        "import reference_impl.torch_ops as ops",
        "from reference_impl.torch_ops import attention as ops_attention",
        "from reference_impl import torch_ops",
    ],
)
def test_a_candidate_cannot_import_reference_impl(bank: Bank, pool: SandboxPool, line: str) -> None:
    code = f"{line}\n\n\ndef attention(q, k, v, mask=None):\n    return q\n"
    result = _grade(bank, pool, "attention", code)
    assert not result.accepted
    assert result.verdict is Verdict.RUNTIME_ERROR, result.to_dict()
    assert "reference_impl" in result.message or "No module" in result.message


def _folder(tmp_path: Path, files: dict[str, str]) -> Path:
    folder = tmp_path / "op"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def test_a_mistake_inlines_only_its_folder_and_reference_impl(tmp_path: Path) -> None:
    folder = _folder(
        tmp_path,
        {
            "reference.py": "from reference_impl.knobs import knob\n\n\n"
            "def op(x):\n    return x * knob('factor', 2.0)\n",
            "mistakes.py": "from .reference import op\n\n\ndef halved(x):\n    return op(x) / 2\n"
            "\n\nMISTAKES = {'halved': halved}\n",
        },
    )
    code = bundle(folder / "mistakes.py", "halved", "op")
    namespace: dict = {}
    exec(compile(code, "solution.py", "exec"), namespace)  # noqa: S102 - written above
    assert namespace["op"](3.0) == 3.0  # halved, with the knob at its default
    assert "MISTAKES" not in namespace


def test_an_import_the_bundler_cannot_resolve_is_named(tmp_path: Path) -> None:
    folder = _folder(tmp_path, {"mistakes.py": "from .missing import op\n"})
    with pytest.raises(BundleError, match=r"mistakes.py:1"):
        bundle(folder / "mistakes.py", "op", "op")


def test_validation_names_file_and_line_of_an_import_a_problem_may_not_make(
    tmp_path: Path,
) -> None:
    folder = _folder(
        tmp_path,
        {
            "cases.py": "import numpy as np\nimport requests\n",
            "reference.py": "import torch\nfrom graders import Case\nfrom ..other import x\n",
            "mistakes.py": "from .reference import op\nfrom reference_impl import torch_ops\n",
        },
    )
    findings = import_findings(folder)
    assert len(findings) == 2
    assert findings[0].startswith("cases.py:2: imports requests")
    assert findings[1].startswith("reference.py:3: a relative import")


def test_diagnoses_is_a_view_of_the_families_and_the_shared_table() -> None:
    assert set(DIAGNOSES) == set(FAMILIES) | set(VARIANTS)
    for tag, family in FAMILIES.items():
        assert DIAGNOSES[tag] == {"en": family.text.en, "zh": family.text.zh}
        assert describe(tag)["en"] == family.text.en
    assert DIAGNOSES["causal_transposed"]["en"] == VARIANTS["causal_transposed"].en


def test_validation_refuses_a_family_tag_redefined_in_messages(bank: Bank) -> None:
    problem = bank.get("layer-norm")
    assert tags_defined_twice(problem) == []
    redefined = dataclasses.replace(
        problem,
        mistake_messages={
            **problem.mistake_messages,
            "unbiased_variance": {"en": "N-1", "zh": "N-1"},
            "causal_transposed": {"en": "T", "zh": "T"},
        },
    )
    found = tags_defined_twice(redefined)
    assert len(found) == 2
    assert "unbiased_variance, the tag of a family" in found[0]
    assert "causal_transposed, a shared tag" in found[1]


def test_no_problem_of_the_bank_defines_a_tag_twice(bank: Bank) -> None:
    assert {p.id: tags_defined_twice(p) for p in bank.ordered() if tags_defined_twice(p)} == {}
