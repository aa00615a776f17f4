"""A problem's written forms: whole files, or small edits of a style.

A form is a wrong submission as a candidate writes it, named `forms/TAG.FORM.py` (or
`TAG1+TAG2.FORM.py` for two mistakes). A long form that changes a few lines of a correct
style is kept as `forms/TAG.FORM.toml`, a search-and-replace edit:

    base = "styles/d2l-valid-lens.py"     # or "solution.py": a file in the problem folder
    why  = "cross-attention gets no source padding mask"
    [[replace]]
    old = "self.cross_attn(Y, enc_outputs, enc_outputs, enc_valid_lens)"
    new = "self.cross_attn(Y, enc_outputs, enc_outputs, None)"

The edited text is the base without its module docstring (a style's docstring says where
the style comes from; a form is only code). The replacements apply to it in order, each
`old` occurring exactly once in the text it edits. A `why` becomes the form's first line,
`# Wrong: WHY`, as a whole-file form states its mistake.
`code` turns either kind into the whole file, so validation grades it like any submission.
`draft` writes the edit from a changed copy of a base (`shousi problems form-from`).
"""

from __future__ import annotations

import ast
import difflib
import json
import tomllib
from dataclasses import dataclass
from pathlib import Path

SUFFIXES = (".py", ".toml")


class FormError(ValueError):
    """A form that cannot be turned into code; the message names the form."""


@dataclass(frozen=True)
class Form:
    """One written form: its file, the tags it must be diagnosed with, and its whole code."""

    path: Path
    tags: list[str]
    code: str

    @property
    def name(self) -> str:
        return self.path.name


def form_paths(folder: Path) -> list[Path]:
    """The forms of a problem folder, `forms/*.py` and `forms/*.toml`, sorted by name."""
    forms = folder / "forms"
    return sorted(p for p in forms.glob("*") if p.suffix in SUFFIXES and p.is_file())


def load_form(path: Path, folder: Path) -> Form:
    """A form file read, an edit applied to its base; FormError naming the form if it fails."""
    tags = path.name.split(".")[0].split("+")
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return Form(path, tags, text)
    return Form(path, tags, expand(text, folder=folder, name=f"forms/{path.name}"))


def load_forms(folder: Path) -> list[Form]:
    """Every form of a problem folder (FormError at the first that fails)."""
    return [load_form(path, folder) for path in form_paths(folder)]


def expand(text: str, *, folder: Path, name: str) -> str:
    """The whole file an edit (the TOML text of a form) stands for."""
    try:
        edit = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FormError(f"{name}: not valid TOML: {exc}") from None
    unknown = set(edit) - {"base", "why", "replace"}
    if unknown:
        raise FormError(f"{name}: unknown keys {sorted(unknown)} (base, why, replace)")
    base = edit.get("base")
    if not isinstance(base, str) or not base:
        raise FormError(f'{name}: needs base = "styles/NAME.py" (or "solution.py")')
    why = edit.get("why", "")
    if not isinstance(why, str) or "\n" in why:
        raise FormError(f"{name}: why must be a one-line string")
    root = folder.resolve()
    path = (folder / base).resolve()
    if base.startswith("/") or not path.is_relative_to(root) or path == root:
        raise FormError(f"{name}: base {base!r} is outside the problem folder")
    if not path.is_file():
        raise FormError(f"{name}: base {base!r} does not exist in the problem folder")
    replacements = edit.get("replace", [])
    if not isinstance(replacements, list) or not all(isinstance(r, dict) for r in replacements):
        raise FormError(f"{name}: replace must be [[replace]] tables with old and new")
    code = without_docstring(path.read_text(encoding="utf-8"))
    for number, block in enumerate(replacements, 1):
        old, new = block.get("old"), block.get("new")
        if not isinstance(old, str) or not isinstance(new, str) or set(block) - {"old", "new"}:
            raise FormError(f"{name}: replace {number} needs exactly old and new, as strings")
        found = occurrences(code, old)
        if found != 1:
            where = "does not occur" if not found else f"occurs {found} times"
            raise FormError(
                f"{name}: replace {number}: old {_excerpt(old)} {where} in the text it edits "
                f"({base} after the replacements before it); it must occur exactly once"
            )
        code = code.replace(old, new, 1)
    return f"# Wrong: {why}\n{code}" if why else code


def without_docstring(source: str) -> str:
    """The source without its module docstring and the blank lines after it."""
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return source
    first = body[0] if body else None
    if not (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        return source
    lines = source.splitlines(keepends=True)
    end = first.end_lineno
    while end < len(lines) and not lines[end].strip():
        end += 1
    return "".join(lines[: first.lineno - 1] + lines[end:])


def occurrences(text: str, part: str) -> int:
    """How many times `part` occurs in `text`, overlaps counted (an empty part: never)."""
    if not part:
        return 0
    count, start = 0, text.find(part)
    while start != -1:
        count += 1
        start = text.find(part, start + 1)
    return count


def _excerpt(text: str) -> str:
    first = text.strip().splitlines()[0] if text.strip() else text
    return repr(first if len(first) <= 60 else first[:57] + "...")


def draft(base: str, changed: str, *, base_name: str) -> str:
    """The TOML edit that turns `base` into `changed`, with replacements as small as they
    can be while each `old` occurs exactly once; checked to reproduce `changed` exactly.

    A first line `# Wrong: ...` of `changed` becomes the edit's `why`.
    """
    first, _, rest = changed.partition("\n")
    why = first.removeprefix("# Wrong: ") if first.startswith("# Wrong: ") and rest else ""
    body = rest if why else changed
    base = without_docstring(base)
    blocks = _replacements(base, body)
    lines = [f"base = {_toml_string(base_name)}", f"why = {_toml_string(why)}", ""]
    for old, new in blocks:
        lines += ["[[replace]]", f"old = {_toml_string(old)}", f"new = {_toml_string(new)}"]
    text = "\n".join(lines) + "\n"
    rebuilt = base
    for block in tomllib.loads(text).get("replace", []):
        if occurrences(rebuilt, block["old"]) != 1:
            raise FormError(f"the draft's old {_excerpt(block['old'])} is not unique")
        rebuilt = rebuilt.replace(block["old"], block["new"], 1)
    if (f"# Wrong: {why}\n{rebuilt}" if why else rebuilt) != changed:
        raise FormError("the drafted edit does not reproduce the changed file")
    return text


def _replacements(base: str, changed: str) -> list[tuple[str, str]]:
    """(old, new) pairs, in file order, each `old` unique in the text at its turn."""
    a = base.splitlines(keepends=True)
    b = changed.splitlines(keepends=True)
    current = list(a)
    offset = 0  # where base line i now sits: i + offset
    blocks: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        start, end = i1 + offset, i2 + offset
        text = "".join(current)
        for lo, hi in _widenings(start, end, len(current)):
            old_lines = current[lo:hi]
            new_lines = current[lo:start] + b[j1:j2] + current[end:hi]
            old, new = "".join(old_lines), "".join(new_lines)
            short_old, short_new = _trimmed(old, new)
            if occurrences(text, short_old) == 1:
                old, new = short_old, short_new
                break
            if occurrences(text, old) == 1 or (lo == 0 and hi == len(current)):
                break
        if not old:
            raise FormError("the base is empty: there is nothing to edit")
        blocks.append((old, new))
        current[lo:hi] = new_lines
        offset += (j2 - j1) - (i2 - i1)
    return blocks


def _widenings(start: int, end: int, size: int):  # noqa: ANN202 - a generator of (lo, hi)
    """Line ranges around [start, end): the hunk, then one more line before or after, ..."""
    for context in range(size + 1):
        for before in range(context + 1):
            lo, hi = start - before, end + context - before
            if lo >= 0 and hi <= size:
                yield lo, hi
    yield 0, size


def _trimmed(old: str, new: str) -> tuple[str, str]:
    """Both sides without the final newline they share, and a single line without the
    indentation they share."""
    indent = 0 if old.rstrip("\n").count("\n") else len(old) - len(old.lstrip(" \t"))
    while indent and not new.startswith(old[:indent]):
        indent -= 1
    old, new = old[indent:], new[indent:]
    if old.endswith("\n") and new.endswith("\n"):
        old, new = old[:-1], new[:-1]
    return old, new


def _toml_string(text: str) -> str:
    """A TOML string for `text`: one line when it has no newline, else a multi-line literal."""
    literal_ok = (
        "'''" not in text
        and not text.endswith("'")
        and all(ch in "\t\n" or (ch >= " " and ch != "\x7f") for ch in text)
    )
    if "\n" in text and literal_ok:
        return f"'''\n{text}'''"
    if "\n" not in text and "'" not in text and ("\\" in text or '"' in text) and literal_ok:
        return f"'{text}'"
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")
