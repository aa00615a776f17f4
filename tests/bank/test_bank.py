"""Every built-in problem validates: one test per problem, all validated at once on every core.

The checks are `shousi problems validate`'s (app.authoring.validate.validate_problem), with the
limits the server and the command use, run through the same BankValidation as the command.
No cache: each session validates every selected problem for real, so neither a cache left by
an earlier run nor one from another machine can pass a problem that would fail now.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from app.authoring.validate_many import BankValidation
from app.bank import load_bank
from app.settings import BUILTIN_DIR, Settings

FOLDERS = sorted(
    folder.name
    for folder in BUILTIN_DIR.iterdir()
    if folder.is_dir() and not folder.name.startswith((".", "_"))  # as load_bank reads them
)
# Sandbox uids of their own: the session `pool` has slots 0-1, other tests 100 and up.
FIRST_SLOT = 40


@pytest.fixture(scope="module")  # its processes stop when the module is done
def bank_validation(
    request: pytest.FixtureRequest,
) -> Iterator[tuple[BankValidation, dict[str, str]]]:
    """Validations of the problems this run selected, started together (the longest
    first), and why any folder could not be loaded."""
    selected = sorted(
        {
            item.callspec.params["folder"]
            for item in request.session.items
            if getattr(item, "originalname", "") == "test_problem_validates"
        }
    )
    bank = load_bank([BUILTIN_DIR / name for name in selected])
    errors = {folder.name: reason for folder, reason in bank.errors}
    with BankValidation(
        bank.ordered(), settings=Settings(), jobs=os.cpu_count() or 1, first_slot=FIRST_SLOT
    ) as validation:
        yield validation, errors


@pytest.mark.parametrize("folder", FOLDERS)
def test_problem_validates(
    folder: str, bank_validation: tuple[BankValidation, dict[str, str]]
) -> None:
    validation, errors = bank_validation
    assert folder not in errors, f"problems/{folder} cannot be loaded: {errors[folder]}"
    report = validation.result(folder)
    findings = "\n".join(f"  {line}" for line in report.problems)
    assert report.ok, f"problems/{folder} is not valid:\n{findings}"
    assert any("reference accepted" in line for line in report.checks), report.checks
