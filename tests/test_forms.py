"""Written forms as .toml edits: an edit gives the whole file, a broken one is refused with
a message naming it, and `shousi problems form-from` drafts an edit that rebuilds its copy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.authoring.forms import FormError, draft, expand, load_forms
from app.cli import cli

BASE = """\
import torch


def attention(q, k, v):
    scores = q @ k.transpose(-2, -1)
    scores = scores / q.shape[-1] ** 0.5
    return torch.softmax(scores, dim=-1) @ v
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    problem = tmp_path / "tiny-attention"
    (problem / "styles").mkdir(parents=True)
    (problem / "forms").mkdir()
    (problem / "problem.toml").write_text('id = "tiny-attention"\n')
    (problem / "styles" / "plain.py").write_text(BASE)
    (problem / "solution.py").write_text(BASE.replace("q @ k", "torch.matmul(q, k"))
    return problem


def edit(*replacements: tuple[str, str], base: str = "styles/plain.py") -> str:
    blocks = "".join(
        f"[[replace]]\nold = {json.dumps(old)}\nnew = {json.dumps(new)}\n"
        for old, new in replacements
    )
    return f'base = "{base}"\nwhy = "no scale"\n{blocks}'


def test_an_edit_gives_the_base_with_each_replacement_applied_in_order(folder: Path) -> None:
    text = edit(
        ("    scores = scores / q.shape[-1] ** 0.5\n", ""),
        ("dim=-1", "dim=-2"),
    )
    assert expand(text, folder=folder, name="forms/x.toml") == "# Wrong: no scale\n" + BASE.replace(
        "    scores = scores / q.shape[-1] ** 0.5\n", ""
    ).replace("dim=-1", "dim=-2")
    # Applied in order: the second edits what the first wrote.
    chained = edit(("** 0.5", "** 0.25"), ("0.25", "0.125"))
    assert "q.shape[-1] ** 0.125" in expand(chained, folder=folder, name="forms/x.toml")
    # A why is the form's first line, as whole-file forms state their mistake.
    assert expand(edit(("dim=-1", "dim=0")), folder=folder, name="f").startswith(
        "# Wrong: no scale\nimport torch\n"
    )
    on_solution = edit(("torch.matmul(q, k", "torch.matmul(k, q"), base="solution.py")
    assert "torch.matmul(k, q.transpose" in expand(on_solution, folder=folder, name="f")


def test_the_base_is_edited_without_its_docstring(folder: Path) -> None:
    (folder / "styles" / "documented.py").write_text('"""From nanoGPT,\nchanged."""\n\n' + BASE)
    text = 'base = "styles/documented.py"\n[[replace]]\nold = "dim=-1"\nnew = "dim=0"\n'
    assert expand(text, folder=folder, name="f") == BASE.replace("dim=-1", "dim=0")
    drafted = draft((folder / "styles" / "documented.py").read_text(), BASE, base_name="b")
    assert drafted == 'base = "b"\nwhy = ""\n\n'  # nothing to replace


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('base = "styles/gone.py"\n', r"forms/bad\.toml: base 'styles/gone.py' does not exist"),
        ('base = "../../etc/passwd"\n', r"forms/bad\.toml: base .* is outside the problem"),
        ('base = "/etc/passwd"\n', r"forms/bad\.toml: base .* is outside the problem"),
        ('why = "x"\n', r'forms/bad\.toml: needs base = "styles/NAME.py"'),
        ("base = 'styles/plain.py\n", r"forms/bad\.toml: not valid TOML"),
        ('base = "styles/plain.py"\nnotes = 1\n', r"forms/bad\.toml: unknown keys \['notes'\]"),
        (edit(("softmax(q", "x")), r"replace 1: old 'softmax\(q' does not occur"),
        (edit(("scores", "s")), r"replace 1: old 'scores' occurs 4 times"),
        (edit(("** 0.5", "** 1"), ("** 0.5", "")), r"replace 2: old '\*\* 0.5' does not occur"),
        ('base = "styles/plain.py"\n[[replace]]\nold = "v"\n', r"replace 1 needs exactly old"),
        ('base = "styles/plain.py"\nwhy = """a\nb"""\n', r"why must be a one-line string"),
    ],
)
def test_a_broken_edit_is_refused_naming_the_form(folder: Path, text: str, message: str) -> None:
    with pytest.raises(FormError, match=message):
        expand(text, folder=folder, name="forms/bad.toml")


def test_the_forms_of_a_folder_are_whole_files_and_edits(folder: Path) -> None:
    (folder / "forms" / "missing_scale.plain.toml").write_text(
        edit(("    scores = scores / q.shape[-1] ** 0.5\n", ""))
    )
    (folder / "forms" / "softmax_wrong_axis+missing_scale.whole.py").write_text("x = 1\n")
    (folder / "forms" / "notes.txt").write_text("not a form")
    forms = load_forms(folder)
    assert [(f.name, f.tags) for f in forms] == [
        ("missing_scale.plain.toml", ["missing_scale"]),
        ("softmax_wrong_axis+missing_scale.whole.py", ["softmax_wrong_axis", "missing_scale"]),
    ]
    assert forms[0].code == "# Wrong: no scale\n" + BASE.replace(
        "    scores = scores / q.shape[-1] ** 0.5\n", ""
    )
    assert forms[1].code == "x = 1\n"


@pytest.mark.parametrize(
    "changed",
    [
        BASE.replace("dim=-1", "dim=0"),  # one spot
        BASE.replace("    scores = scores / q.shape[-1] ** 0.5\n", ""),  # a line removed
        "# Wrong: no scale\n" + BASE.replace("** 0.5", "** 1"),  # two spots, one at the top
        BASE.replace("    return", "    scores = scores.float()\n    return"),  # a line added
        BASE + "\n\nx = '''quotes\\\"'''\n",  # text TOML must escape
        "def other():\n    pass\n",  # nothing in common
    ],
)
def test_a_draft_rebuilds_the_changed_copy_exactly(folder: Path, changed: str) -> None:
    text = draft(BASE, changed, base_name="styles/plain.py")
    assert expand(text, folder=folder, name="forms/x.toml") == changed


def test_a_draft_keeps_each_old_as_small_as_uniqueness_allows() -> None:
    one_spot = draft(BASE, BASE.replace("dim=-1", "dim=0"), base_name="styles/plain.py")
    assert 'old = "return torch.softmax(scores, dim=-1) @ v"' in one_spot
    assert one_spot.count("[[replace]]") == 1
    # A line that occurs twice is anchored by the line after it.
    twice = "a = 1\nb = 2\na = 1\nc = 3\n"
    grown = draft(
        twice, twice.replace("c = 3", "c = 4").replace("a = 1\nc", "a = 0\nc"), base_name="b"
    )
    assert "'''\na = 1\nc = 3'''" in grown


def test_form_from_prints_writes_and_refuses_a_base_outside_a_problem(folder: Path) -> None:
    changed = folder.parent / "changed.py"
    changed.write_text("# Wrong: the scale is forgotten\n" + BASE.replace("** 0.5", "** 0"))
    base = folder / "styles" / "plain.py"
    runner = CliRunner()
    printed = runner.invoke(cli, ["problems", "form-from", str(changed), "--base", str(base)])
    assert printed.exit_code == 0, printed.output
    assert printed.output == (
        'base = "styles/plain.py"\nwhy = "the scale is forgotten"\n\n'
        '[[replace]]\nold = "scores = scores / q.shape[-1] ** 0.5"\n'
        'new = "scores = scores / q.shape[-1] ** 0"\n'
    )
    assert expand(printed.output, folder=folder, name="forms/x.toml") == changed.read_text()
    target = folder / "forms" / "missing_scale.zero.toml"
    wrote = runner.invoke(
        cli, ["problems", "form-from", str(changed), "--base", str(base), "--write", str(target)]
    )
    assert wrote.exit_code == 0 and target.read_text() == printed.output
    (form,) = load_forms(folder)
    assert form.code == changed.read_text()
    outside = runner.invoke(cli, ["problems", "form-from", str(changed), "--base", str(changed)])
    assert outside.exit_code == 2 and "not inside a problem folder" in outside.output
