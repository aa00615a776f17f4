"""Correct styles live in each problem's `styles/` folder, and validation grades them.

Each `problems/<id>/styles/<style>.py` is a correct solution written differently from the
reference and from solution.py: public implementations (the Annotated Transformer, nanoGPT,
minGPT, d2l, picoGPT, fairseq, ...) changed only where the contract differs, and the usual
variations (einsum, @, bmm with reshapes, masked_fill or where, additive masks, float64
intermediates, a manual softmax, loops, helpers). Its docstring says where it comes from.
`shousi problems validate` grades every one (tests/test_validate.py runs it on the bank);
here: the built-in bank keeps at least six per problem, and an uploaded folder may carry
styles and .toml forms, or neither, as before.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from app.authoring.archive import check
from app.authoring.scaffold import scaffold
from app.authoring.validate import validate_problem
from app.bank import Bank, load_bank
from app.sandbox.pool import SandboxPool
from app.settings import BUILTIN_DIR

STYLES_PER_PROBLEM = 6


def test_every_built_in_problem_has_at_least_six_styles(bank: Bank) -> None:
    counts = {p.id: len(list((BUILTIN_DIR / p.id / "styles").glob("*.py"))) for p in bank.ordered()}
    assert {pid: n >= STYLES_PER_PROBLEM for pid, n in counts.items()} == dict.fromkeys(
        counts, True
    ), counts


def zipped(folder: Path) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(folder).as_posix())
    return buffer.getvalue()


def uploaded(tmp: Path, folder: Path) -> Path:
    """The folder as an upload: zipped, checked whole, written by us."""
    (tmp / "bank").mkdir()
    return check(zipped(folder)).write(tmp / "bank")


def test_an_archive_in_the_old_format_still_unpacks_and_validates(
    tmp_path: Path, pool: SandboxPool
) -> None:
    folder = scaffold(tmp_path, "plain-op", "numpy", "function")
    written = uploaded(tmp_path, folder)
    assert not (written / "styles").exists() and not (written / "forms").exists()
    (problem,) = load_bank([written.parent]).ordered()
    report = validate_problem(problem, pool)
    assert report.ok, report.problems


def test_an_archive_with_styles_and_toml_forms_is_graded_file_by_file(
    tmp_path: Path, pool: SandboxPool
) -> None:
    folder = scaffold(tmp_path, "styled-op", "numpy", "function")
    (folder / "styles").mkdir()
    (folder / "styles" / "sum.py").write_text("def styled_op(x):\n    return x + x\n")
    (folder / "styles" / "triple.py").write_text("def styled_op(x):\n    return 3 * x\n")
    (folder / "forms").mkdir()
    (folder / "forms" / "missing_scale.no-base.toml").write_text('base = "styles/gone.py"\n')
    (folder / "forms" / "missing_scale.edit.toml").write_text(
        'base = "styles/sum.py"\nwhy = "x once"\n[[replace]]\nold = "x + x"\nnew = "x"\n'
    )
    written = uploaded(tmp_path, folder)
    assert {"styles/sum.py", "styles/triple.py", "forms/missing_scale.edit.toml"} <= {
        p.relative_to(written).as_posix() for p in written.rglob("*")
    }
    (problem,) = load_bank([written.parent]).ordered()
    report = validate_problem(problem, pool)
    found = [line for line in report.problems if "style" in line or "form" in line]
    assert len(found) == 3, report.problems
    assert found[0].startswith("style styles/triple.py: wrong_answer")
    assert found[1].startswith("form missing_scale.edit.toml: wrong_answer, diagnosed as []")
    assert found[2] == (
        "form forms/missing_scale.no-base.toml: base 'styles/gone.py' does not exist in the "
        "problem folder"
    )
    assert not any("styles/sum.py" in line for line in report.problems)
